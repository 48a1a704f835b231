//! The plan model: phases of tasks with stable ids and a status each.
//! Everything here is pure data; changes go through [`ops::Op`] so that a
//! command is applied as one all-or-nothing batch.

mod adopt;
pub(crate) mod clock;
mod deps;
pub(crate) mod ids;
/// The plan file format (public for the fuzz targets in `fuzz/`).
pub mod import;
pub mod json;
pub(crate) mod ops;
mod query;
pub(crate) mod rules;
pub(crate) mod tx;

use std::collections::{HashMap, HashSet};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use strum::{EnumString, IntoStaticStr, VariantArray, VariantNames};

pub(crate) use deps::cycle_text;
pub(crate) use ops::Op;
pub(crate) use rules::By;
pub(crate) use tx::{Committed, Tx};

/// The status of a task. Its one spelling, in the plan file, `--json`,
/// Markdown and messages alike, is the variant's name in snake_case
/// (`in_progress`): [`Status::as_str`], [`Status::parse`], `Display` and
/// `Serialize`.
#[derive(EnumString, IntoStaticStr, VariantNames, VariantArray, strum::Display)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "&'static str", rename_all = "snake_case")]
pub enum Status {
    #[default]
    Pending,
    InProgress,
    Completed,
    Abandoned,
    Blocked,
}

impl Status {
    pub const ALL: &[Status] = <Status as VariantArray>::VARIANTS;

    /// The status as a person reads it in a sentence: `in progress`.
    pub fn words(self) -> &'static str {
        match self {
            Status::InProgress => "in progress",
            other => other.as_str(),
        }
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

/// Fields this version does not know, kept verbatim for newer versions.
/// Nearly always empty, so it costs one pointer until a field arrives
/// (a map costs 72 bytes, on each of 100,000 tasks).
#[derive(Clone, Default, Debug)]
pub struct Extra(Option<Box<Map<String, Value>>>);

impl std::ops::Deref for Extra {
    type Target = Map<String, Value>;
    fn deref(&self) -> &Map<String, Value> {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        self.0
            .as_deref()
            .unwrap_or_else(|| EMPTY.get_or_init(Map::new))
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

impl From<Map<String, Value>> for Extra {
    fn from(map: Map<String, Value>) -> Extra {
        Extra((!map.is_empty()).then(|| Box::new(map)))
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
    /// Who last set the status on purpose (docs/contract.md, "A plan a person and an agent share"), and when (RFC 3339).
    pub by: Option<Actor>,
    pub at: Option<String>,
    /// Who may check this task off (docs/contract.md, "A plan a person and an agent share").
    pub checks: Checks,
    /// A person lifted an agent-only `checks`: the agent may never set it again.
    pub unlocked: bool,
    /// The command that proves the task done, and the proof of its last
    /// run (`todo verify`); boxed, since most tasks have none.
    pub verify: Option<Box<TaskCheck>>,
    /// The tasks this one needs (their ids, in the order given): it is
    /// ready once each is completed (or no longer in the plan).
    pub needs: Vec<String>,
    /// Who claimed the task (`todo claim`): a person's name or an agent's
    /// session. With claims, the one-in-progress rule holds per owner.
    pub owner: Option<String>,
    /// Whether a person or an agent made the claim: an agent may not take
    /// over or release a person's.
    pub claimed_by: Option<Actor>,
    pub extra: Extra,
}

/// A task's check: the command `done` runs before the task counts as
/// done, its own timeout, and what its last run by `done` proved.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TaskCheck {
    pub command: String,
    /// Seconds; `None` takes the default.
    pub timeout: Option<u64>,
    /// Set when the task was completed; cleared when it reopens.
    pub proof: Option<Proof>,
}

/// What completing a task with a check recorded: the command as it ran,
/// its exit status, how long it took, when, and on which commit. `exit`
/// is `None` when a person completed it with `--no-verify`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Proof {
    pub command: String,
    pub exit: Option<i32>,
    pub ms: u64,
    pub at: String,
    pub commit: Option<String>,
}

impl Proof {
    pub fn passed(&self) -> bool {
        self.exit == Some(0)
    }
}

/// A check command as kept: trimmed, on one line (a checklist line holds
/// it), not empty. Inner spacing is the shell's business and stays.
pub(crate) fn clean_command(command: &str) -> Option<String> {
    let c = command.trim();
    (!c.is_empty() && !c.chars().any(char::is_control)).then(|| c.to_string())
}

impl Task {
    /// The task as messages name it: `id "text"`.
    pub(crate) fn name(&self) -> String {
        format!("{} \"{}\"", self.id, self.content)
    }

    pub fn check_command(&self) -> Option<&str> {
        self.verify.as_deref().map(|v| v.command.as_str())
    }

    /// The proof recorded when the task was completed: of its check as it
    /// is now (one of another command proves nothing about this one).
    pub fn proof(&self) -> Option<&Proof> {
        let v = self.verify.as_deref()?;
        v.proof.as_ref().filter(|p| p.command == v.command)
    }

    /// A check the plan file gives this task that cannot run as it is (a
    /// command on more than one line, with a control character, or not
    /// text), kept as written: the command as a person would read it.
    /// Such a task is not done until a person fixes or removes its check
    /// (docs/trust-and-proofs.md): never "no check".
    pub fn unreadable_check(&self) -> Option<String> {
        if self.verify.is_some() {
            return None;
        }
        let raw = self.extra.get("verify")?;
        let shown = raw.as_str().map_or_else(|| raw.to_string(), str::to_string);
        Some(crate::text::clipped(&shown, 200, |s| {
            crate::text::visible(s).into_owned()
        }))
    }

    /// Completed, and its check passed when it was: what `show --summary`
    /// counts and the checklist marks verified.
    pub fn verified(&self) -> bool {
        self.status == Status::Completed && self.proof().is_some_and(Proof::passed)
    }
}

/// Who makes a change (docs/contract.md, "A plan a person and an agent share").
#[derive(EnumString, IntoStaticStr, strum::Display, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Actor {
    #[default]
    Person,
    Agent,
}

/// Who may check a task off: `anyone` (the default, omitted in files),
/// only a `person`, or only the `agent` until a person unlocks it.
#[derive(EnumString, IntoStaticStr, strum::Display, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Checks {
    #[default]
    Anyone,
    Person,
    Agent,
}

/// `as_str` and `parse` of an enum whose one spelling is strum's: the
/// one used in the plan file and in `--json` output.
macro_rules! spelled {
    ($($t:ty),*) => {$(
        impl $t {
            pub fn as_str(self) -> &'static str {
                self.into()
            }

            pub fn parse(s: &str) -> Option<$t> {
                s.parse().ok()
            }
        }
    )*};
}
spelled!(Status, Actor, Checks, ObjectiveStatus);

#[derive(Clone, Debug, PartialEq, Default, Deserialize)]
pub struct Phase {
    #[serde(deserialize_with = "json::id")]
    pub id: String,
    pub name: String,
    #[serde(default, deserialize_with = "json::tasks")]
    pub tasks: Vec<Task>,
    #[serde(skip)]
    pub extra: Map<String, Value>,
}

/// The status of an objective (docs/contract.md, "Objectives and findings"): what the work is for is still
/// `open`, reached (`done`), or given up (`dropped`).
#[derive(EnumString, IntoStaticStr, strum::Display, strum::VariantNames, VariantArray)]
#[strum(serialize_all = "lowercase")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ObjectiveStatus {
    #[default]
    Open,
    Done,
    Dropped,
}

impl ObjectiveStatus {
    pub const ALL: &[ObjectiveStatus] = <ObjectiveStatus as VariantArray>::VARIANTS;
}

/// What the work is for (docs/contract.md, "Objectives and findings"): `o1`, `o2`…, never reused.
#[derive(Clone, Debug, PartialEq, Default, Deserialize)]
pub struct Objective {
    #[serde(deserialize_with = "json::id")]
    pub id: String,
    pub text: String,
    #[serde(deserialize_with = "json::objective_status")]
    pub status: ObjectiveStatus,
    /// Who last set the status on purpose, and when (as for tasks, §8).
    #[serde(default, deserialize_with = "json::actor")]
    pub by: Option<Actor>,
    pub at: Option<String>,
    #[serde(skip)]
    pub extra: Map<String, Value>,
}

/// What was learned on the way (docs/contract.md, "Objectives and findings"): `f1`, `f2`…, at most
/// [`FINDING_MAX`] characters.
#[derive(Clone, Debug, PartialEq, Default, Deserialize)]
pub struct Finding {
    #[serde(deserialize_with = "json::id")]
    pub id: String,
    pub text: String,
    /// Who recorded it (or last reworded it), and when: a person's
    /// finding is the person's (§8). Older files have neither.
    #[serde(default, deserialize_with = "json::actor")]
    pub by: Option<Actor>,
    pub at: Option<String>,
    #[serde(skip)]
    pub extra: Map<String, Value>,
}

// A finding is an objective's fields but its status: the checklist reader
// and the merge handle findings as objectives and give them back.
impl From<Objective> for Finding {
    fn from(o: Objective) -> Self {
        Finding {
            id: o.id,
            text: o.text,
            by: o.by,
            at: o.at,
            extra: o.extra,
        }
    }
}

impl From<&Finding> for Objective {
    fn from(f: &Finding) -> Self {
        Objective {
            id: f.id.clone(),
            text: f.text.clone(),
            by: f.by,
            at: f.at.clone(),
            extra: f.extra.clone(),
            ..Objective::default()
        }
    }
}

/// The longest finding, note or `plan_update` text, in characters.
pub(crate) const FINDING_MAX: usize = 300;

/// The longest owner's name a change may give a task, in characters: a
/// login, a session id or `worker-12`, printed back in every message about
/// the claim.
pub(crate) const OWNER_MAX: usize = 100;

/// The phase a task goes into when none is named: tasks written before
/// any heading, an agent's list without phases, `todo append` in an empty
/// plan.
pub(crate) const DEFAULT_PHASE: &str = "Todos";

/// The field of a task or phase that holds what another tool's format
/// said of it (`todo import --from`): `format`, the source's own `id`,
/// and what the plan has no place for. The plan file keeps it as it keeps
/// any field it does not know; [`Plan::adopt`] matches on `format` and
/// `id` first.
pub(crate) const EXTERNAL: &str = "external";

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Plan {
    /// The format version the file was read in (written: always the newest).
    #[serde(deserialize_with = "json::version")]
    pub version: u64,
    /// Changes this working copy has seen (docs/contract.md, "The plan file"): not in the file, whose
    /// every line must merge; kept beside the undo history (see `storage.rs`).
    #[serde(default)]
    pub rev: u64,
    #[serde(deserialize_with = "json::items")]
    pub phases: Vec<Phase>,
    #[serde(default, deserialize_with = "json::items")]
    pub objectives: Vec<Objective>,
    #[serde(default, deserialize_with = "json::items")]
    pub findings: Vec<Finding>,
    #[serde(skip)]
    pub extra: Map<String, Value>,
    /// What reading settled of what a line merge left ([`Plan::settle_merge`]).
    #[serde(skip)]
    pub settled: Settled,
}

/// Notes on what reading a plan settled (an id twice, tasks in progress
/// side by side): for `show` and `check` to report until the next change
/// writes the settled plan down. Not part of the plan's content, so equal
/// whatever they say.
#[derive(Clone, Debug, Default)]
pub struct Settled(pub Vec<String>);

impl PartialEq for Settled {
    fn eq(&self, _: &Settled) -> bool {
        true
    }
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            version: json::VERSION,
            rev: 0,
            phases: Vec::new(),
            objectives: Vec::new(),
            findings: Vec::new(),
            extra: Map::new(),
            settled: Settled::default(),
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

    /// The plan holds objectives or findings (docs/contract.md, "Objectives and findings").
    pub fn has_aims(&self) -> bool {
        !self.objectives.is_empty() || !self.findings.is_empty()
    }

    /// Nothing at all: no phases, objectives or findings (what `show`,
    /// `edit`, `export` and `copy` treat as an empty plan).
    pub fn is_blank(&self) -> bool {
        self.is_empty() && !self.has_aims()
    }

    pub fn task_count(&self) -> usize {
        self.phases.iter().map(|p| p.tasks.len()).sum()
    }

    pub fn tasks(&self) -> impl Iterator<Item = (TaskPos, &Phase, &Task)> {
        self.phases.iter().enumerate().flat_map(|(phase, p)| {
            let tasks = p.tasks.iter().enumerate();
            tasks.map(move |(task, t)| (TaskPos { phase, task }, p, t))
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

    pub(crate) fn task_mut(&mut self, pos: TaskPos) -> &mut Task {
        &mut self.phases[pos.phase].tasks[pos.task]
    }

    pub fn task_by_id(&self, id: &str) -> Option<(&Phase, &Task)> {
        self.find_task(id)
            .map(|pos| (&self.phases[pos.phase], self.task(pos)))
    }

    pub fn phase_by_id(&self, id: &str) -> Option<&Phase> {
        self.find_phase(id).map(|i| &self.phases[i])
    }

    /// Every id of the plan: each phase's and its tasks', then the
    /// objectives' and the findings'.
    pub(crate) fn ids(&self) -> impl Iterator<Item = &String> {
        self.phases
            .iter()
            .flat_map(|p| std::iter::once(&p.id).chain(p.tasks.iter().map(|t| &t.id)))
            .chain(self.objectives.iter().map(|o| &o.id))
            .chain(self.findings.iter().map(|f| &f.id))
    }

    pub(crate) fn has_id(&self, id: &str) -> bool {
        self.ids().any(|i| i == id)
    }

    /// A fresh id of `kind` (`t`ask, `p`hase, `o`bjective, `f`inding)
    /// that no item of the plan has (see [`ids`]).
    pub(crate) fn mint(&self, kind: char) -> String {
        ids::mint(kind, self.rev, |id| self.has_id(id))
    }

    pub fn objective(&self, id: &str) -> Option<&Objective> {
        self.objectives.iter().find(|o| o.id == id)
    }

    pub fn finding(&self, id: &str) -> Option<&Finding> {
        self.findings.iter().find(|f| f.id == id)
    }

    /// The task to work on now: the first in progress whose needs are met,
    /// else the first pending one whose needs are met (never a task that
    /// waits for another). With `owner`, their own claimed tasks count as
    /// theirs to work on; other owners' claimed tasks never do.
    pub fn next_for(&self, owner: Option<&str>) -> Option<(&Phase, &Task)> {
        let statuses = self.has_needs().then(|| self.statuses());
        let mine = |t: &Task| t.owner.is_none() || t.owner.as_deref() == owner;
        let find = |st: Status| {
            self.tasks()
                .find(|(_, _, t)| t.status == st && mine(t) && deps::met(statuses.as_ref(), t))
                .map(|(_, p, t)| (p, t))
        };
        find(Status::InProgress).or_else(|| find(Status::Pending))
    }

    /// Settle what git's line merge can leave and no verb makes
    /// (docs/contract.md, "Plans in git"), noting each in [`Plan::settled`]:
    /// an id twice, then several tasks in progress.
    pub(crate) fn settle_merge(&mut self) {
        self.settle_ids();
        let notes = self.keep_latest_start();
        self.settled.0.extend(notes);
    }

    /// The first half of [`Plan::settle_merge`]: an item whose id an
    /// earlier item has is, if the same task (same text), dropped there —
    /// the first in plan order stays; another item keeps its place under a
    /// new id. Nothing about tasks in progress, for one side rebuilt from
    /// conflict markers, where the lines git merged cleanly stand in every
    /// side, so a side can hold both branches' starts: which stays is the
    /// merge's to decide.
    pub(crate) fn settle_ids(&mut self) {
        // Each item that has an earlier item's id (`None`: the phase itself),
        // phases before tasks, so that a task under a phase's id is the one
        // renumbered; and whether an objective or finding does.
        let (twice, aims_twice) = {
            let mut seen = rustc_hash::FxHashSet::with_capacity_and_hasher(
                self.task_count() + self.phases.len(),
                rustc_hash::FxBuildHasher,
            );
            // The common case, every id once, costs one pass and no copies.
            if self.ids().all(|id| seen.insert(id.as_str())) {
                return;
            }
            seen.clear();
            let mut twice: Vec<(usize, Option<usize>)> = self
                .phases
                .iter()
                .enumerate()
                .filter(|(_, p)| !seen.insert(p.id.as_str()))
                .map(|(pi, _)| (pi, None))
                .collect();
            twice.extend(
                self.tasks()
                    .filter(|(_, _, t)| !seen.insert(t.id.as_str()))
                    .map(|(pos, _, _)| (pos.phase, Some(pos.task))),
            );
            let aims = self.objectives.iter().map(|o| &o.id);
            let aims_twice = aims
                .chain(self.findings.iter().map(|f| &f.id))
                .any(|id| !seen.insert(id.as_str()));
            (twice, aims_twice)
        };
        let mut notes = Vec::new();
        // Later items first, so that indexes stay right as copies go.
        for &(pi, ti) in twice.iter().rev() {
            let Some(ti) = ti else {
                let old = self.phases[pi].id.clone();
                let new = ids::derive('p', &old, &self.phases[pi].name, |id| self.has_id(id));
                notes.push(format!(
                    "Phase \"{}\" had the id {old} of an earlier phase; it is now {new}.",
                    self.phases[pi].name
                ));
                self.phases[pi].id = new;
                continue;
            };
            let task = &self.phases[pi].tasks[ti];
            let first = self
                .tasks()
                .find(|(pos, _, t)| t.id == task.id && (pos.phase, pos.task) != (pi, ti))
                .map(|(_, p, t)| (p.name.clone(), t.content == task.content));
            match first {
                Some((first_phase, true)) => {
                    notes.push(format!(
                        "{} \"{}\" was in two places ({first_phase}, {}); it stays in the first.",
                        task.id, task.content, self.phases[pi].name
                    ));
                    self.phases[pi].tasks.remove(ti);
                }
                _ => {
                    let old = task.id.clone();
                    let new = ids::derive('t', &old, &task.content, |id| self.has_id(id));
                    notes.push(format!(
                        "{old} named two tasks; \"{}\" is now {new}.",
                        task.content
                    ));
                    self.phases[pi].tasks[ti].id = new;
                }
            }
        }
        if aims_twice {
            self.settle_aims(&mut notes);
        }
        self.settled.0.extend(notes);
    }

    /// Several tasks in progress (each branch of a merge started its own):
    /// the one started last (the latest `at`) stays in progress, as
    /// running both branches' commands in turn would leave it; a task the
    /// one-in-progress rule started on its own (no `at`) gives way to one
    /// started on purpose, and equal times keep the first in plan order,
    /// as [`Plan::settle`] does. A note for each owner that had several,
    /// naming the task kept and those sent back.
    pub(crate) fn keep_latest_start(&mut self) -> Vec<String> {
        // Per owner (claims), and once more for the unclaimed tasks. The
        // common case, at most one task in progress in each, costs one pass
        // and no copies (this runs on every read).
        let mut lanes: Vec<(Option<&str>, Vec<TaskPos>)> = Vec::new();
        for (pos, _, t) in self.tasks() {
            if t.status != Status::InProgress {
                continue;
            }
            let lane = t.owner.as_deref();
            match lanes.iter_mut().find(|(l, _)| *l == lane) {
                Some((_, started)) => started.push(pos),
                None => lanes.push((lane, vec![pos])),
            }
        }
        let crowded: Vec<Vec<TaskPos>> = (lanes.into_iter().map(|(_, v)| v))
            .filter(|started| started.len() > 1)
            .collect();
        let mut out = Vec::new();
        for started in crowded {
            // The latest `at`; equal ones keep the first (`max_by_key`
            // keeps the last of equals, so it looks from the end).
            let latest = started.iter().rev().max_by_key(|&&pos| &self.task(pos).at);
            let Some(&keep) = latest else { continue };
            let mut back = Vec::new();
            for pos in started.into_iter().filter(|&pos| pos != keep) {
                let task = self.task_mut(pos);
                task.status = Status::Pending;
                back.push(task.name());
            }
            out.push(format!(
                "{} tasks were in progress; {} stays in progress (the one started last), {} back to pending.",
                back.len() + 1,
                self.task(keep).name(),
                back.join(", ")
            ));
        }
        out
    }

    /// Objectives and findings under an id an earlier one has: the same
    /// text twice is one item; other text gets a new id.
    fn settle_aims(&mut self, notes: &mut Vec<String>) {
        // Every id there is, so a new one meets none of them.
        let mut seen: HashSet<String> = self.ids().cloned().collect();
        let mut texts = HashMap::new();
        once_each(
            &mut self.objectives,
            ('o', "objective", "Objective"),
            (&mut seen, &mut texts),
            notes,
            |o| (&mut o.id, &o.text),
        );
        once_each(
            &mut self.findings,
            ('f', "finding", "Finding"),
            (&mut seen, &mut texts),
            notes,
            |f| (&mut f.id, &f.text),
        );
    }

    /// Enforce "one task in progress": keep the first `in_progress` task, send
    /// the others back to `pending`, and start the first pending task when
    /// nothing is in progress.
    /// Returns whether it changed anything.
    pub(crate) fn settle(&mut self) -> bool {
        self.settle_with(|_, _| {})
    }

    /// [`Plan::settle`], showing `touch` each task (and where it is)
    /// before it changes. With claims, the rule holds per owner: each
    /// owner keeps its first task in progress, and so do the unclaimed
    /// tasks; when no unclaimed task is in progress, the first pending,
    /// unclaimed one whose needs are met starts. A plan without claims or
    /// needs settles exactly as the one-task rule says.
    pub(crate) fn settle_with(&mut self, mut touch: impl FnMut(TaskPos, &Task)) -> bool {
        // The lanes with a task in progress: each owner's, and the unclaimed
        // tasks' (`None`).
        let mut lanes = rustc_hash::FxHashSet::default();
        let back: Vec<TaskPos> = self
            .tasks()
            .filter(|(_, _, t)| t.status == Status::InProgress && !lanes.insert(t.owner.as_deref()))
            .map(|(pos, _, _)| pos)
            .collect();
        // What starts does not depend on what goes back: those are claimed
        // tasks (never started by the rule), or the unclaimed lane is busy.
        let start = if lanes.contains(&None) {
            None
        } else {
            self.first_startable()
        };
        let pending = back.iter().map(|&pos| (pos, Status::Pending));
        for (pos, status) in pending.chain(start.map(|pos| (pos, Status::InProgress))) {
            let task = self.task_mut(pos);
            touch(pos, task);
            task.status = status;
        }
        !back.is_empty() || start.is_some()
    }
}

/// Objectives or findings with each id once: the same text under an id
/// already seen is one item, listed twice (the later goes); other text
/// keeps its place under a new id, derived so every read gives the same.
/// `seen` holds every id taken so far, `texts` the text of each.
fn once_each<T>(
    items: &mut Vec<T>,
    (kind, noun, capital): (char, &str, &str),
    (seen, texts): (&mut HashSet<String>, &mut HashMap<String, String>),
    notes: &mut Vec<String>,
    fields: impl Fn(&mut T) -> (&mut String, &String),
) {
    items.retain_mut(|item| {
        let (id, text) = fields(item);
        if let Some(first) = texts.get(id.as_str()) {
            if first == text {
                notes.push(format!("{capital} {id} was listed twice; kept once."));
                return false;
            }
            let old = std::mem::take(id);
            *id = ids::derive(kind, &old, text, |new| seen.contains(new));
            notes.push(format!("{old} named two {noun}s; \"{text}\" is now {id}."));
        }
        seen.insert(id.clone());
        texts.insert(id.clone(), text.clone());
        true
    });
}

/// The phases of `phases`, and their tasks, each by id.
pub(crate) fn by_id(phases: &[Phase]) -> (FxHashMap<&str, &Phase>, FxHashMap<&str, &Task>) {
    let tasks = phases.iter().flat_map(|p| &p.tasks);
    let tasks = tasks.map(|t| (t.id.as_str(), t)).collect();
    (phases.iter().map(|p| (p.id.as_str(), p)).collect(), tasks)
}

/// The number in an id such as `t12` (for prefix `t`).
pub(crate) fn id_number(id: &str, prefix: char) -> Option<u64> {
    // Digits only: `parse` would take a sign.
    let rest = id.strip_prefix(prefix)?;
    rest.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| rest.parse().ok())?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::ops::tests::plan;

    #[test]
    fn status_spellings_round_trip() {
        for &st in Status::ALL {
            assert_eq!(Status::parse(st.as_str()), Some(st));
        }
        assert_eq!(Status::InProgress.as_str(), "in_progress");
        assert_eq!(Status::parse("done"), None);
        assert_eq!(serde_json::json!(Status::InProgress), "in_progress");
        assert_eq!(Status::Abandoned.to_string(), "abandoned");
        let markers: String = Status::ALL.iter().map(|s| s.marker()).collect();
        assert_eq!(markers, " /x-!");
    }

    #[test]
    fn settle_keeps_first_in_progress_and_starts_first_pending() {
        let mut plan = plan(&[("A", &["x T1", "T2", "T3"])]);
        plan.phases[0].tasks[2].status = Status::InProgress;
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
        let plan = plan(&[("A", &["T1"])]);
        let t = plan.mint('t');
        assert!(ids::is_shaped(&t, 't') && !plan.has_id(&t), "{t}");
        assert!(plan.mint('p').starts_with('p'));
        assert_eq!(id_number("t07", 't'), Some(7));
        assert_eq!(id_number("t", 't'), None);
        assert_eq!(id_number("t-1", 't'), None);
    }
}
