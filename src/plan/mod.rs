//! The plan model: phases of tasks with stable ids and a status each.
//! Everything here is pure data; changes go through [`ops::Op`] so that a
//! command is applied as one all-or-nothing batch.

mod adopt;
pub(crate) mod clock;
/// The plan file format (public for the fuzz targets in `fuzz/`).
pub mod import;
pub mod json;
pub(crate) mod ops;
pub(crate) mod rules;
pub(crate) mod tx;

use serde_json::{Map, Value};

pub(crate) use ops::Op;
pub(crate) use rules::By;
pub(crate) use tx::{Committed, Tx};

/// The status of a task, mapped to and from its file and Markdown spellings by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Status {
    #[default]
    Pending,
    InProgress,
    Completed,
    Abandoned,
    Blocked,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Pending,
        Status::InProgress,
        Status::Completed,
        Status::Abandoned,
        Status::Blocked,
    ];

    /// The spelling used in the plan file and in `--json` output.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::InProgress => "in_progress",
            Status::Completed => "completed",
            Status::Abandoned => "abandoned",
            Status::Blocked => "blocked",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The character between the brackets of a Markdown task item.
    pub fn marker(self) -> char {
        match self {
            Status::Pending => ' ',
            Status::InProgress => '/',
            Status::Completed => 'x',
            Status::Abandoned => '-',
            Status::Blocked => '!',
        }
    }

    /// Open tasks still need attention; finished ones never change unless named.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Pending | Status::InProgress | Status::Blocked)
    }

    /// Active tasks are the ones a person is about to work on.
    pub fn is_active(self) -> bool {
        matches!(self, Status::Pending | Status::InProgress)
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Fields this version does not know, kept verbatim for newer versions.
/// Nearly always empty, so it costs one pointer until a field arrives
/// (a map costs 72 bytes, on each of 100,000 tasks).
#[derive(Clone, Default)]
pub struct Extra(Option<Box<Map<String, Value>>>);

fn empty_map() -> &'static Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

impl std::ops::Deref for Extra {
    type Target = Map<String, Value>;
    fn deref(&self) -> &Map<String, Value> {
        self.0.as_deref().unwrap_or_else(|| empty_map())
    }
}

impl std::ops::DerefMut for Extra {
    fn deref_mut(&mut self) -> &mut Map<String, Value> {
        self.0.get_or_insert_with(Box::default)
    }
}

impl PartialEq for Extra {
    fn eq(&self, other: &Extra) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl From<Map<String, Value>> for Extra {
    fn from(map: Map<String, Value>) -> Extra {
        if map.is_empty() {
            Extra(None)
        } else {
            Extra(Some(Box::new(map)))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Task {
    pub id: String,
    pub content: String,
    pub status: Status,
    pub blocker: Option<String>,
    pub dropped_by: Option<String>,
    pub notes: Vec<String>,
    /// Who last set the status on purpose (SPEC §8), and when (RFC 3339).
    pub by: Option<Actor>,
    pub at: Option<String>,
    /// Who may check this task off (SPEC §8).
    pub checks: Checks,
    /// A person lifted an agent-only `checks`: the agent may never set it again.
    pub unlocked: bool,
    /// Fields this version does not know, kept verbatim for newer versions.
    pub extra: Extra,
}

/// Who makes a change (SPEC §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Actor {
    #[default]
    Person,
    Agent,
}

impl Actor {
    pub fn as_str(self) -> &'static str {
        match self {
            Actor::Person => "person",
            Actor::Agent => "agent",
        }
    }

    pub fn parse(s: &str) -> Option<Actor> {
        match s {
            "person" => Some(Actor::Person),
            "agent" => Some(Actor::Agent),
            _ => None,
        }
    }
}

/// Who may check a task off: `anyone` (the default, omitted in files),
/// only a `person`, or only the `agent` until a person unlocks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Checks {
    #[default]
    Anyone,
    Person,
    Agent,
}

impl Checks {
    pub fn as_str(self) -> &'static str {
        match self {
            Checks::Anyone => "anyone",
            Checks::Person => "person",
            Checks::Agent => "agent",
        }
    }

    pub fn parse(s: &str) -> Option<Checks> {
        match s {
            "anyone" => Some(Checks::Anyone),
            "person" => Some(Checks::Person),
            "agent" => Some(Checks::Agent),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Phase {
    pub id: String,
    pub name: String,
    pub tasks: Vec<Task>,
    pub extra: Map<String, Value>,
}

/// The status of an objective (SPEC §12): what the work is for is still
/// `open`, reached (`done`), or given up (`dropped`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ObjectiveStatus {
    #[default]
    Open,
    Done,
    Dropped,
}

impl ObjectiveStatus {
    pub const ALL: [ObjectiveStatus; 3] = [
        ObjectiveStatus::Open,
        ObjectiveStatus::Done,
        ObjectiveStatus::Dropped,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ObjectiveStatus::Open => "open",
            ObjectiveStatus::Done => "done",
            ObjectiveStatus::Dropped => "dropped",
        }
    }

    pub fn parse(s: &str) -> Option<ObjectiveStatus> {
        ObjectiveStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The character between the brackets of its Markdown item (as a task's).
    pub fn marker(self) -> char {
        match self {
            ObjectiveStatus::Open => ' ',
            ObjectiveStatus::Done => 'x',
            ObjectiveStatus::Dropped => '-',
        }
    }

    pub fn from_marker(c: char) -> Option<ObjectiveStatus> {
        ObjectiveStatus::ALL.into_iter().find(|st| st.marker() == c)
    }
}

impl std::fmt::Display for ObjectiveStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the work is for (SPEC §12): `o1`, `o2`…, never reused.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Objective {
    pub id: String,
    pub text: String,
    pub status: ObjectiveStatus,
    /// Who last set the status on purpose, and when (as for tasks, §8).
    pub by: Option<Actor>,
    pub at: Option<String>,
    pub extra: Map<String, Value>,
}

/// What was learned on the way (SPEC §12): `f1`, `f2`…, at most
/// [`FINDING_MAX`] characters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Finding {
    pub id: String,
    pub text: String,
    /// Who recorded it (or last reworded it), and when: a person's
    /// finding is the person's (§8). Older files have neither.
    pub by: Option<Actor>,
    pub at: Option<String>,
    pub extra: Map<String, Value>,
}

/// The longest finding, note or `plan_update` text (seed 000), in characters.
pub(crate) const FINDING_MAX: usize = 300;

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub version: u64,
    pub rev: u64,
    pub next_phase_id: u64,
    pub next_task_id: u64,
    /// Written only once used (not 1), so a plan without objectives or
    /// findings is the file it always was.
    pub next_objective_id: u64,
    pub next_finding_id: u64,
    pub phases: Vec<Phase>,
    pub objectives: Vec<Objective>,
    pub findings: Vec<Finding>,
    pub extra: Map<String, Value>,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            version: 1,
            rev: 0,
            next_phase_id: 1,
            next_task_id: 1,
            next_objective_id: 1,
            next_finding_id: 1,
            phases: Vec::new(),
            objectives: Vec::new(),
            findings: Vec::new(),
            extra: Map::new(),
        }
    }
}

/// Where a task sits in the plan: indexes into `phases` and its `tasks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TaskPos {
    pub phase: usize,
    pub task: usize,
}

impl Plan {
    /// No phases (objectives and findings aside: see [`Plan::has_aims`]).
    pub fn is_empty(&self) -> bool {
        self.phases.is_empty()
    }

    /// The plan holds objectives or findings (SPEC §12).
    pub fn has_aims(&self) -> bool {
        !self.objectives.is_empty() || !self.findings.is_empty()
    }

    pub fn task_count(&self) -> usize {
        self.phases.iter().map(|p| p.tasks.len()).sum()
    }

    pub fn tasks(&self) -> impl Iterator<Item = (TaskPos, &Phase, &Task)> {
        self.phases.iter().enumerate().flat_map(|(pi, phase)| {
            phase.tasks.iter().enumerate().map(move |(ti, task)| {
                (
                    TaskPos {
                        phase: pi,
                        task: ti,
                    },
                    phase,
                    task,
                )
            })
        })
    }

    pub fn find_task(&self, id: &str) -> Option<TaskPos> {
        self.tasks()
            .find(|(_, _, t)| t.id == id)
            .map(|(pos, _, _)| pos)
    }

    pub fn find_phase(&self, id: &str) -> Option<usize> {
        self.phases.iter().position(|p| p.id == id)
    }

    pub fn task(&self, pos: TaskPos) -> &Task {
        &self.phases[pos.phase].tasks[pos.task]
    }

    pub fn task_by_id(&self, id: &str) -> Option<(&Phase, &Task)> {
        self.find_task(id)
            .map(|pos| (&self.phases[pos.phase], self.task(pos)))
    }

    pub fn phase_by_id(&self, id: &str) -> Option<&Phase> {
        self.find_phase(id).map(|i| &self.phases[i])
    }

    /// Raise the id counters above every id in the plan, so that a
    /// hand-edited counter can never make two items share an id. Done once
    /// when a plan is read, and after phases are replaced; minting is then
    /// a plain increment. Returns whether a counter moved.
    pub(crate) fn raise_counters(&mut self) -> bool {
        let max_t = self
            .tasks()
            .filter_map(|(_, _, t)| id_number(&t.id, 't'))
            .max()
            .unwrap_or(0);
        let max_p = self
            .phases
            .iter()
            .filter_map(|p| id_number(&p.id, 'p'))
            .max()
            .unwrap_or(0);
        let max_o = self
            .objectives
            .iter()
            .filter_map(|o| id_number(&o.id, 'o'))
            .max()
            .unwrap_or(0);
        let max_f = self
            .findings
            .iter()
            .filter_map(|f| id_number(&f.id, 'f'))
            .max()
            .unwrap_or(0);
        let counters = |p: &Plan| {
            (
                p.next_phase_id,
                p.next_task_id,
                p.next_objective_id,
                p.next_finding_id,
            )
        };
        let before = counters(self);
        // Saturating: an id at u64::MAX leaves the counter at its limit,
        // where minting refuses (see `mint`).
        self.next_task_id = self.next_task_id.max(max_t.saturating_add(1)).max(1);
        self.next_phase_id = self.next_phase_id.max(max_p.saturating_add(1)).max(1);
        self.next_objective_id = self.next_objective_id.max(max_o.saturating_add(1)).max(1);
        self.next_finding_id = self.next_finding_id.max(max_f.saturating_add(1)).max(1);
        before != counters(self)
    }

    pub(crate) fn mint_objective_id(&mut self) -> Result<String, ops::OpError> {
        let n = mint(&mut self.next_objective_id, "nextObjectiveId")?;
        Ok(format!("o{n}"))
    }

    pub(crate) fn mint_finding_id(&mut self) -> Result<String, ops::OpError> {
        let n = mint(&mut self.next_finding_id, "nextFindingId")?;
        Ok(format!("f{n}"))
    }

    pub fn objective(&self, id: &str) -> Option<&Objective> {
        self.objectives.iter().find(|o| o.id == id)
    }

    pub fn finding(&self, id: &str) -> Option<&Finding> {
        self.findings.iter().find(|f| f.id == id)
    }

    /// The next free task id (counters are kept above every id present).
    pub(crate) fn mint_task_id(&mut self) -> Result<String, ops::OpError> {
        let n = mint(&mut self.next_task_id, "nextTaskId")?;
        Ok(format!("t{n}"))
    }

    pub(crate) fn mint_phase_id(&mut self) -> Result<String, ops::OpError> {
        let n = mint(&mut self.next_phase_id, "nextPhaseId")?;
        Ok(format!("p{n}"))
    }

    /// The task to work on now: the one in progress, else the first pending.
    pub fn next_task(&self) -> Option<(&Phase, &Task)> {
        let find = |st: Status| {
            self.tasks()
                .find(|(_, _, t)| t.status == st)
                .map(|(_, p, t)| (p, t))
        };
        find(Status::InProgress).or_else(|| find(Status::Pending))
    }

    /// Enforce "one task in progress": keep the first `in_progress` task, send
    /// the others back to `pending`, and start the first pending task when
    /// nothing is in progress.
    /// Returns whether it changed anything.
    pub(crate) fn settle(&mut self) -> bool {
        self.settle_with(|_, _| {})
    }

    /// [`Plan::settle`], showing `touch` each task (and where it is)
    /// before it changes.
    pub(crate) fn settle_with(&mut self, mut touch: impl FnMut(TaskPos, &Task)) -> bool {
        let mut seen = false;
        let mut changed = false;
        for (pi, phase) in self.phases.iter_mut().enumerate() {
            for (ti, task) in phase.tasks.iter_mut().enumerate() {
                if task.status == Status::InProgress {
                    if seen {
                        touch(
                            TaskPos {
                                phase: pi,
                                task: ti,
                            },
                            task,
                        );
                        task.status = Status::Pending;
                        changed = true;
                    }
                    seen = true;
                }
            }
        }
        if !seen {
            let first = self.phases.iter_mut().enumerate().find_map(|(pi, phase)| {
                let (ti, task) = phase
                    .tasks
                    .iter_mut()
                    .enumerate()
                    .find(|(_, t)| t.status == Status::Pending)?;
                Some((
                    TaskPos {
                        phase: pi,
                        task: ti,
                    },
                    task,
                ))
            });
            if let Some((pos, task)) = first {
                touch(pos, task);
                task.status = Status::InProgress;
                changed = true;
            }
        }
        changed
    }
}

/// Take the next number from an id counter. A counter at u64::MAX is
/// spent: the number it holds could be minted, but the counter could not
/// then be moved past it, and the next id would repeat one (or wrap to
/// `t0`). Refused instead, so the plan is never written with a duplicate.
fn mint(counter: &mut u64, name: &'static str) -> Result<u64, ops::OpError> {
    let n = (*counter).max(1);
    let next = n
        .checked_add(1)
        .ok_or(ops::OpError::CounterSpent { counter: name })?;
    *counter = next;
    Ok(n)
}

/// The number in an id such as `t12` (for prefix `t`).
pub(crate) fn id_number(id: &str, prefix: char) -> Option<u64> {
    let rest = id.strip_prefix(prefix)?;
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    rest.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: &str, status: Status) -> Task {
        Task {
            id: id.into(),
            content: id.to_uppercase(),
            status,
            ..Task::default()
        }
    }

    #[test]
    fn status_spellings_round_trip() {
        for st in Status::ALL {
            assert_eq!(Status::parse(st.as_str()), Some(st));
        }
        assert_eq!(Status::InProgress.as_str(), "in_progress");
        assert_eq!(Status::parse("done"), None);
        let markers: String = Status::ALL.iter().map(|s| s.marker()).collect();
        assert_eq!(markers, " /x-!");
    }

    #[test]
    fn settle_keeps_first_in_progress_and_starts_first_pending() {
        let mut plan = Plan::default();
        plan.phases.push(Phase {
            id: "p1".into(),
            name: "A".into(),
            tasks: vec![
                task("t1", Status::Completed),
                task("t2", Status::InProgress),
                task("t3", Status::InProgress),
            ],
            ..Phase::default()
        });
        plan.settle();
        let st: Vec<_> = plan.tasks().map(|(_, _, t)| t.status).collect();
        assert_eq!(st, [Status::Completed, Status::InProgress, Status::Pending]);

        plan.phases[0].tasks[1].status = Status::Blocked;
        plan.settle();
        let st: Vec<_> = plan.tasks().map(|(_, _, t)| t.status).collect();
        assert_eq!(st, [Status::Completed, Status::Blocked, Status::InProgress]);
    }

    #[test]
    fn minted_ids_skip_ids_already_used() {
        let mut plan = Plan::default();
        plan.phases.push(Phase {
            id: "p4".into(),
            tasks: vec![task("t9", Status::Pending)],
            ..Phase::default()
        });
        assert!(plan.raise_counters());
        assert_eq!(plan.mint_task_id().unwrap(), "t10");
        assert_eq!(plan.mint_task_id().unwrap(), "t11");
        assert_eq!(plan.mint_phase_id().unwrap(), "p5");
        assert_eq!(id_number("t07", 't'), Some(7));
        assert_eq!(id_number("t", 't'), None);
        assert_eq!(id_number("t-1", 't'), None);
    }
}
