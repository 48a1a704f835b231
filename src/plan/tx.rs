//! A change as a value. A [`Tx`] owns the plan while a verb applies ops to
//! it and keeps the state before of every phase and task an op changes
//! (taken on first touch, so history never needs a copy of the whole plan):
//! the one before-image that undo, history, provenance and the permission
//! check read. It commits once, handing back a [`Committed`] value.
//!
//! Ops see the plan as they leave it; anything that reads it through
//! [`Tx::plan`] (a verb resolving its next target, or building its report)
//! sees it settled. So a run of ops settles once, however long, and a batch
//! settles between its lines exactly as separate commands would.

use std::collections::HashMap;

use super::ops::{Applied, Op, OpError, PhaseRef, Refusal};
use super::rules::{self, By};
use super::{
    Actor, Checks, Finding, Objective, ObjectiveStatus, Phase, Plan, Status, Task, TaskPos,
};
use rustc_hash::FxBuildHasher;

type Map<V> = HashMap<String, V, FxBuildHasher>;

/// A plan being changed. Dropped without [`Tx::commit`], it changes nothing.
#[derive(Default)]
pub(crate) struct Tx {
    plan: Plan,
    index: Index,
    change: Change,
    /// An op ran since the plan was last settled.
    unsettled: bool,
    /// How many ops (and settlings) changed the plan.
    changes: u64,
    /// The first op that failed: such a transaction cannot commit.
    failed: Option<OpError>,
    /// How many times the plan was settled (for tests: once per run of ops).
    settles: usize,
    /// Who makes the change, and when (docs/contract.md, "A plan a person and an agent share"); `None` (a library
    /// caller that said nothing): no provenance, no permissions.
    by: Option<By>,
    /// Undo puts back what was: it records no new provenance.
    restoring: bool,
    /// [`sizes`] of the plan when the change began.
    start: [(&'static str, usize); 3],
    /// Runs the check of a task this change completes (`verify.rs`);
    /// `None`: such a task is completed without a proof.
    prover: Option<Box<dyn Prover>>,
    /// A person completes without running checks (`done --no-verify`):
    /// the proof says unverified. Never for an agent.
    unverified: bool,
    /// Who holds a claim an op makes without naming its owner (set by the
    /// edge: a person's login name, an agent's session, `TODO_OWNER`).
    owner: Option<String>,
}

/// What proves a task done: runs its check when a change completes it.
/// The plan only asks; running commands is `verify.rs`'s.
pub(crate) trait Prover {
    /// The proof that `task` is done, or the refusal that says why not.
    fn prove(&mut self, task: &Task) -> Result<super::Proof, OpError>;
}

enum Place<'a> {
    End(PhaseRef),
    After(&'a str),
}

/// A transaction that committed: the plan as it is now (its `rev` raised
/// by one when anything changed) and what changed.
pub(crate) struct Committed {
    pub plan: Plan,
    /// What the change touched, as it was; `None` when nothing changed
    /// (then nothing is to be written, nor recorded).
    pub change: Option<Change>,
}

/// The state before a transaction of every place it touched, each taken
/// the first time an op touched it. `None` values: created by the change.
#[derive(Debug, Default)]
pub(crate) struct Change {
    /// Phase ids in order, once the change added or removed a phase.
    pub order: Option<Vec<String>>,
    /// Phase heads (id, name, unknown fields; no tasks).
    pub heads: Map<Option<Phase>>,
    /// Task id lists, for phases whose list changed.
    pub lists: Map<Option<Vec<String>>>,
    /// Tasks by id: once an op took a task or phase out of its place (so
    /// that places moved), every task is kept here.
    pub tasks: Map<Before>,
    /// Tasks by place, while no task or phase has left its place (what
    /// every verb but `rm`, `mv`, `prune`, `edit` and `import` does): no
    /// id is hashed or copied, however many tasks change (measured, against
    /// keeping every task by id: 5 % fewer instructions for a 100,000-task
    /// phase-wide `done`, 2 % for a one-task `done` on that plan).
    pub at: Places,
    /// Tasks are kept in `tasks`, no longer in `at`.
    by_id: bool,
    /// The objectives and findings as they were, once an op touched them
    /// (a short list: kept whole).
    pub objectives: Option<Vec<Objective>>,
    pub findings: Option<Vec<Finding>>,
}

/// Tasks kept by place, in the order first touched: a slot per place
/// touched (so a phase-wide verb hashes nothing, however many tasks change).
#[derive(Debug, Default)]
pub(crate) struct Places {
    /// `slots[phase][task]`: where in `kept` the task there is, plus one
    /// (0: not kept).
    slots: Vec<Vec<usize>>,
    kept: Vec<(TaskPos, Before)>,
}

impl Places {
    /// What is kept of the task at `pos`; `new` if nothing was.
    fn entry(&mut self, pos: TaskPos, new: impl FnOnce() -> Before) -> &mut Before {
        if self.slots.len() <= pos.phase {
            self.slots.resize_with(pos.phase + 1, Vec::new);
        }
        let slots = &mut self.slots[pos.phase];
        if slots.len() <= pos.task {
            slots.resize(pos.task + 1, 0);
        }
        if slots[pos.task] == 0 {
            self.kept.push((pos, new()));
            slots[pos.task] = self.kept.len();
        }
        &mut self.kept[slots[pos.task] - 1].1
    }
}

/// A task as it was before a change.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Before {
    /// The change created it.
    New,
    /// Only its status fields changed: it was as it is now, with these.
    Status(Marks),
    /// As it was, whole.
    Task(Task),
}

/// A task's status fields, owned.
pub(crate) type Marks = super::json::StatusFields<String>;

impl Marks {
    /// Whether `t` carries these.
    fn on(&self, t: &Task) -> bool {
        super::json::StatusFields::of(t) == self.fields()
    }
}

impl Before {
    /// The task as it was (`None`: created by the change), given the task
    /// as it is now.
    pub(crate) fn before(&self, now: &Task) -> Option<Task> {
        match self {
            Before::New => None,
            Before::Status(m) => Some(Task {
                status: m.status,
                blocker: m.blocker.clone(),
                dropped_by: m.dropped_by.clone(),
                by: m.by,
                at: m.at.clone(),
                ..now.clone()
            }),
            Before::Task(task) => Some(task.clone()),
        }
    }

    /// Whether the task now (`None`: gone) is not as it was.
    pub(crate) fn differs(&self, now: Option<&Task>) -> bool {
        match (self, now) {
            (Before::New, _) => false,
            (Before::Status(m), Some(now)) => !m.on(now),
            (Before::Task(task), Some(now)) => task != now,
            (_, None) => true,
        }
    }

    /// Kept whole, from the task as it is now (about to change in more
    /// than its status, or to leave the plan).
    fn whole(&mut self, now: &Task) {
        if let Before::Status(_) = self
            && let Some(task) = self.before(now)
        {
            *self = Before::Task(task);
        }
    }
}

/// A phase's head: its id, name and unknown fields, without its tasks.
pub(crate) fn head(phase: &Phase) -> Phase {
    Phase {
        id: phase.id.clone(),
        name: phase.name.clone(),
        tasks: Vec::new(),
        extra: phase.extra.clone(),
    }
}

impl Change {
    fn order(&mut self, phases: &[Phase]) {
        (self.order).get_or_insert_with(|| phases.iter().map(|p| p.id.clone()).collect());
    }

    fn head(&mut self, phase: &Phase) {
        let kept = self.heads.entry(phase.id.clone());
        kept.or_insert_with(|| Some(head(phase)));
    }

    fn list(&mut self, phase: &Phase) {
        let kept = self.lists.entry(phase.id.clone());
        kept.or_insert_with(|| Some(phase.tasks.iter().map(|t| t.id.clone()).collect()));
    }

    /// What is kept of the task at `pos`; `new` if nothing was.
    fn entry(&mut self, pos: TaskPos, id: &str, new: impl FnOnce() -> Before) -> &mut Before {
        if self.by_id {
            self.tasks.entry(id.to_string()).or_insert_with(new)
        } else {
            self.at.entry(pos, new)
        }
    }

    /// The task at `pos` is about to change (in more than its status).
    fn task(&mut self, pos: TaskPos, task: &Task) {
        (self.entry(pos, &task.id, || Before::Task(task.clone()))).whole(task);
    }

    /// The status fields of the task at `pos` are about to change.
    fn status(&mut self, pos: TaskPos, task: &Task) {
        self.entry(pos, &task.id, || Before::Status(Marks::of(task)));
    }

    /// A task leaving the plan: kept as it was, without a copy. Places
    /// have moved by then ([`Change::moving`]).
    fn removed(&mut self, task: Task) {
        match self.tasks.get_mut(&task.id) {
            Some(kept) => kept.whole(&task),
            None => {
                self.tasks.insert(task.id.clone(), Before::Task(task));
            }
        }
    }

    /// Each task kept, with where it is in `plan` (`None`: gone), in the
    /// one order review and history read them: by place, as first touched;
    /// once places moved, by id in plan order, then those gone by id.
    pub(crate) fn walk(&self, plan: &Plan) -> Vec<(Option<TaskPos>, &Before)> {
        let mut out: Vec<_> = self.at.kept.iter().map(|(p, k)| (Some(*p), k)).collect();
        if self.tasks.is_empty() {
            return out;
        }
        for (pos, _, t) in plan.tasks() {
            if let Some(kept) = self.tasks.get(&t.id) {
                out.push((Some(pos), kept));
            }
        }
        if out.len() < self.tasks.len() {
            let present: rustc_hash::FxHashSet<&str> =
                plan.tasks().map(|(_, _, t)| t.id.as_str()).collect();
            let mut gone: Vec<_> = (self.tasks.iter())
                .filter(|(id, _)| !present.contains(id.as_str()))
                .collect();
            gone.sort_unstable_by_key(|(id, _)| *id);
            out.extend(gone.into_iter().map(|(_, kept)| (None, kept)));
        }
        out
    }

    /// The objectives and findings, kept whole on first touch.
    fn aims(&mut self, plan: &Plan) {
        (self.objectives).get_or_insert_with(|| plan.objectives.clone());
        (self.findings).get_or_insert_with(|| plan.findings.clone());
    }

    fn new_phase(&mut self, id: &str) {
        self.heads.entry(id.to_string()).or_insert(None);
        self.lists.entry(id.to_string()).or_insert(None);
    }

    fn new_task(&mut self, pos: TaskPos, id: &str) {
        self.entry(pos, id, || Before::New);
    }

    /// Tasks or phases of `phases` are about to leave their places: what
    /// is kept by place is kept by id from now on.
    fn moving(&mut self, phases: &[Phase]) {
        if self.by_id {
            return;
        }
        self.by_id = true;
        for (pos, kept) in std::mem::take(&mut self.at).kept {
            if let Some(task) = phases.get(pos.phase).and_then(|p| p.tasks.get(pos.task)) {
                self.tasks.insert(task.id.clone(), kept);
            }
        }
    }

    /// Every phase, `old`, was replaced by `new`: keep by id what of them
    /// differs in `new` (a long plan imported back as it was keeps
    /// nothing, and copies no task).
    fn replaced(&mut self, old: Vec<Phase>, new: &[Phase]) {
        self.moving(&old);
        self.order(&old);
        {
            let mut was = rustc_hash::FxHashSet::default();
            was.extend(old.iter().map(|p| p.id.as_str()));
            was.extend(old.iter().flat_map(|p| &p.tasks).map(|t| t.id.as_str()));
            for phase in new {
                if !was.contains(phase.id.as_str()) {
                    self.new_phase(&phase.id);
                }
                for t in phase.tasks.iter().filter(|t| !was.contains(t.id.as_str())) {
                    self.new_task(TaskPos::default(), &t.id);
                }
            }
        }
        let (phases, tasks) = super::by_id(new);
        for mut phase in old {
            let now = phases.get(phase.id.as_str());
            if now.is_none_or(|n| n.name != phase.name || n.extra != phase.extra) {
                self.head(&phase);
            }
            if now.is_none_or(|n| {
                !n.tasks
                    .iter()
                    .map(|t| &t.id)
                    .eq(phase.tasks.iter().map(|t| &t.id))
            }) {
                self.list(&phase);
            }
            for t in phase.tasks.drain(..) {
                if tasks.get(t.id.as_str()) != Some(&&t) {
                    self.removed(t);
                }
            }
        }
    }
}

impl Tx {
    pub(crate) fn new(plan: Plan) -> Tx {
        Tx {
            start: sizes(&plan),
            plan,
            ..Tx::default()
        }
    }

    /// Who makes this change and when: provenance and permissions follow.
    pub(crate) fn set_by(&mut self, by: By) {
        self.by = Some(by);
    }

    pub(crate) fn set_owner(&mut self, owner: String) {
        self.owner = Some(owner);
    }

    /// The owner of a claim that names none: as set, else `agent` for an
    /// agent and `person` for a person.
    pub(crate) fn default_owner(&self) -> String {
        self.owner
            .clone()
            .unwrap_or_else(|| self.actor().as_str().into())
    }

    pub(crate) fn set_prover(&mut self, prover: Box<dyn Prover>) {
        self.prover = Some(prover);
    }

    /// Complete without running checks (a person's `done --no-verify`);
    /// refused at commit when the actor is an agent.
    pub(crate) fn skip_checks(&mut self) {
        self.unverified = true;
    }

    /// This change puts back an earlier state (undo): provenance comes
    /// with it instead of being recorded anew; permissions still hold.
    pub(crate) fn set_restoring(&mut self) {
        self.restoring = true;
    }

    pub(crate) fn actor(&self) -> Actor {
        self.by.as_ref().map(|b| b.actor).unwrap_or_default()
    }

    /// The plan as the ops so far leave it, settled.
    pub(crate) fn plan(&mut self) -> &Plan {
        if self.unsettled {
            self.settle();
        }
        &self.plan
    }

    /// How many ops so far changed the plan (settling counts as one): a
    /// verb in a batch compares it before and after its ops.
    pub(crate) fn changes(&mut self) -> u64 {
        self.plan();
        self.changes
    }

    /// The plan as the ops leave it, settled, without committing.
    pub(crate) fn into_plan(mut self) -> Plan {
        self.plan();
        self.plan
    }

    /// Match the tasks of `phases` with the plan's, for import and edit
    /// (see `Plan::adopt`); may raise the id counters.
    pub(crate) fn adopt(
        &mut self,
        phases: Vec<Phase>,
        keep_notes: bool,
        alike: fn(&str, &str) -> bool,
    ) -> Vec<Phase> {
        self.plan();
        self.plan.adopt(phases, keep_notes, alike)
    }

    pub(crate) fn apply(&mut self, op: Op) -> Result<Applied, OpError> {
        match self.apply_op(op) {
            Ok((applied, changed)) => {
                self.changes += u64::from(changed);
                self.unsettled = true;
                Ok(applied)
            }
            Err(e) => {
                self.failed.get_or_insert_with(|| e.clone());
                Err(e)
            }
        }
    }

    /// Apply ops in order; they are settled together, once.
    pub(crate) fn apply_all(
        &mut self,
        ops: impl IntoIterator<Item = Op>,
    ) -> Result<Vec<Applied>, OpError> {
        ops.into_iter().map(|op| self.apply(op)).collect()
    }

    /// Let anyone set those of the tasks `ids` that only the agent checks
    /// (`todo unlock`, the `unlock` op; docs/contract.md, "A plan a person and an agent share"). Returns how many.
    pub(crate) fn unlock(&mut self, ids: Vec<String>) -> Result<usize, OpError> {
        let plan = self.plan();
        let locked = |id: &String| {
            plan.task_by_id(id)
                .is_some_and(|(_, t)| t.checks == Checks::Agent)
        };
        let unlock = |task| Op::SetChecks {
            task,
            checks: Checks::Anyone,
            unlocked: true,
        };
        let ops: Vec<Op> = ids.into_iter().filter(locked).map(unlock).collect();
        Ok(self.apply_all(ops)?.len())
    }

    /// Settle, and raise `rev` by one if anything changed. Fails, changing
    /// nothing, if an op failed or `rev` cannot rise.
    pub(crate) fn commit(mut self) -> Result<Committed, OpError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let changed = self.changes() > 0;
        if changed {
            self.review()?;
            // A rev that cannot rise would wrap to 0 and undo `--if-rev`.
            self.plan.rev = self.plan.rev.checked_add(1).ok_or(OpError::RevSpent)?;
            // What reading settled is written down now.
            self.plan.settled = super::Settled::default();
        }
        Ok(Committed {
            plan: self.plan,
            change: changed.then_some(self.change),
        })
    }

    /// The rules of docs/contract.md, "A plan a person and an agent share" on every task the change touched: stamp who
    /// set a status, then refuse what the actor may not do.
    fn review(&mut self) -> Result<(), OpError> {
        let Some(by) = &self.by else {
            return Ok(());
        };
        let stamp = !self.restoring;
        let plan = &mut self.plan;
        // Tasks this change completes that have a check: proven last, once
        // every rule has passed, so a refused change runs nothing.
        let mut proving: Vec<TaskPos> = Vec::new();
        // Tasks whose needs changed, as they were: checked once the plan
        // is whole (the tasks they need may have changed too).
        let mut unhooked: Vec<(TaskPos, Task)> = Vec::new();
        for (pos, kept) in self.change.walk(plan) {
            let Some(pos) = pos else {
                // Gone: kept whole.
                if let Before::Task(b) = kept {
                    rules::check(by, Some(b), None)?;
                }
                continue;
            };
            let t = plan.task_mut(pos);
            let b = kept.before(t);
            if stamp {
                rules::stamp(by, b.as_ref(), t);
            }
            rules::check(by, b.as_ref(), Some(&*t))?;
            rules::owner_fits(b.as_ref(), t)?;
            if let Some(b) = b.as_ref().filter(|b| b.needs != t.needs) {
                unhooked.push((pos, b.clone()));
            }
            if stamp && needs_proof(b.as_ref(), t) {
                proving.push(pos);
            }
        }
        for (pos, b) in &unhooked {
            let needed = |id: &str| plan.task_by_id(id).map(|(_, n)| n);
            rules::keeps_gates(by, b, plan.task(*pos), needed)?;
        }
        for b in self.change.objectives.iter().flatten() {
            rules::check(by, Some(b), plan.objective(&b.id))?;
        }
        for b in self.change.findings.iter().flatten() {
            rules::check(by, Some(b), plan.finding(&b.id))?;
        }
        let limit = plan
            .extra
            .get("agentTaskLimit")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(rules::AGENT_TASK_LIMIT);
        for ((what, count), (_, now)) in self.start.into_iter().zip(sizes(plan)) {
            rules::size(by, what, (count, now), limit)?;
        }
        let actor = by.actor;
        self.prove(actor, &proving)
    }

    /// Record the proof of each task at `tasks` (just completed, with a
    /// check): its check run by the prover, or, for a person who said
    /// `--no-verify`, a proof that says it was not run. An agent never
    /// skips: its `--no-verify` is refused.
    fn prove(&mut self, actor: Actor, tasks: &[TaskPos]) -> Result<(), OpError> {
        if tasks.is_empty() {
            return Ok(());
        }
        if self.unverified && actor == Actor::Agent {
            return Err(OpError::refused(
                Refusal::OpNotAllowed,
                "an agent may not complete a task without running its check \
                          (--no-verify is a person's); run the work's check and fix what fails.",
            ));
        }
        let now = self.by.as_ref().map(|b| b.now.clone()).unwrap_or_default();
        for &pos in tasks {
            let task = self.plan.task(pos);
            let Some(command) = task.check_command() else {
                // A check that cannot run is not passed (a person's
                // `--no-verify` has nothing to record on it).
                match task.unreadable_check() {
                    Some(shown) if !self.unverified => return Err(unreadable(task, &shown)),
                    _ => continue,
                }
            };
            let proof = if self.unverified {
                super::Proof {
                    command: command.to_string(),
                    at: now.clone(),
                    ..super::Proof::default()
                }
            } else {
                match self.prover.as_mut() {
                    Some(prover) => prover.prove(task)?,
                    None => continue,
                }
            };
            if let Some(v) = self.plan.task_mut(pos).verify.as_deref_mut() {
                v.proof = Some(proof);
            }
        }
        Ok(())
    }

    /// [`Plan::settle`], keeping each task as it was before it changes.
    fn settle(&mut self) {
        self.settles += 1;
        self.unsettled = false;
        let Tx { plan, change, .. } = self;
        let changed = plan.settle_with(|pos, t| change.status(pos, t));
        self.changes += u64::from(changed);
    }

    /// Who set each objective's status, in a list that replaces them all
    /// (import, edit), as [`Tx::mark_findings`] does for findings: a status
    /// as it was keeps its mark whatever the file says (a plain checklist
    /// carries none; an agent may not claim a person's), a changed one is
    /// set on purpose by the actor (open: no mark), a new objective comes as
    /// it is given. Undo puts back what was.
    fn mark_objectives(&self, mut objectives: Vec<Objective>) -> Vec<Objective> {
        let Some(by) = self.writer() else {
            return objectives;
        };
        for o in &mut objectives {
            let Some(was) = self.plan.objective(&o.id) else {
                // A new one comes as given, but an agent's is its own.
                if by.actor == Actor::Agent && o.by == Some(Actor::Person) {
                    (o.by, o.at) = by.mark(true);
                }
                if by.actor == Actor::Agent || rules::written_by(o).is_none() {
                    rules::set_written_by(o, Some(by.actor));
                }
                continue;
            };
            // Who wrote it is the plan's to say, not the file's.
            rules::set_written_by(o, rules::written_by(was));
            if was.status == o.status {
                o.by = was.by;
                o.at.clone_from(&was.at);
            } else {
                (o.by, o.at) = by.mark(o.status != ObjectiveStatus::Open);
            }
        }
        objectives
    }

    /// Who recorded each finding of a list that replaces them all
    /// (import, edit): not the file's to change. Words as they were keep
    /// their mark (a plain checklist carries none; an agent may not claim
    /// a person's); reworded ones are the actor's; new ones are too, unless
    /// they come marked (another plan's export) — but never, from an agent,
    /// marked as a person's. Undo puts back what was.
    fn mark_findings(&self, mut findings: Vec<Finding>) -> Vec<Finding> {
        let Some(by) = self.writer() else {
            return findings;
        };
        for f in &mut findings {
            match self.plan.finding(&f.id) {
                Some(was) if was.text == f.text => {
                    f.by = was.by;
                    f.at.clone_from(&was.at);
                }
                None if f.by.is_some()
                    && !(by.actor == Actor::Agent && f.by == Some(Actor::Person)) => {}
                _ => (f.by, f.at) = by.mark(true),
            }
        }
        findings
    }

    /// Where the task `id` is, reported as where the op's task is.
    fn target(&mut self, id: &str, a: &mut Applied) -> Result<TaskPos, OpError> {
        let pos = self.task_pos(id)?;
        a.at = Some(pos);
        Ok(pos)
    }

    fn task_pos(&mut self, id: &str) -> Result<TaskPos, OpError> {
        self.index
            .find(&self.plan, id)
            .ok_or_else(|| OpError::NoTask(id.into()))
    }

    fn phase_pos(&self, id: &str) -> Result<usize, OpError> {
        self.plan
            .find_phase(id)
            .ok_or_else(|| OpError::NoPhase(id.into()))
    }

    /// A task's text may be in the plan once. An agent's is compared as a
    /// person reads it ([`crate::text::as_read`]): a copy of a task in
    /// another case, with a look-alike letter or an invisible character,
    /// is the same task to the person, and refused as one.
    fn check_unique(&self, content: &str, except: Option<&str>) -> Result<(), OpError> {
        let read = (self.actor() == Actor::Agent).then(|| crate::text::as_read(content));
        if read.as_ref().is_some_and(String::is_empty) {
            return Err(OpError::refused(
                Refusal::PlanInvalid,
                format!(
                    "the task's text \"{}\" shows nothing a person can read (only invisible characters); give it words.",
                    crate::text::visible(content)
                ),
            ));
        }
        let clash = self.plan.tasks().find(|(_, _, t)| {
            Some(t.id.as_str()) != except
                && (t.content == content
                    || read
                        .as_ref()
                        .is_some_and(|r| crate::text::as_read(&t.content) == *r))
        });
        clash.map_or(Ok(()), |(_, _, t)| {
            Err(OpError::Duplicate(t.content.clone()))
        })
    }

    /// Whether [`Tx::phase_for`] will succeed, asked before anything changes.
    fn check_phase(&self, phase: &PhaseRef) -> Result<(), OpError> {
        match phase {
            PhaseRef::Id(id) => self.phase_pos(id).map(drop),
            PhaseRef::New(_) => Ok(()),
        }
    }

    /// The phase `phase` names, or a new one at the end: the one place a
    /// phase is matched or created (`append`, `mv`).
    fn phase_for(&mut self, phase: PhaseRef, applied: &mut Applied) -> Result<usize, OpError> {
        match phase {
            PhaseRef::Id(id) => self.phase_pos(&id),
            PhaseRef::New(name) => {
                let id = self.plan.mint('p');
                self.change.order(&self.plan.phases);
                self.change.new_phase(&id);
                applied.phase = Some(id.clone());
                self.plan.phases.push(Phase {
                    id,
                    name,
                    ..Phase::default()
                });
                Ok(self.plan.phases.len() - 1)
            }
        }
    }

    fn take(&mut self, pos: TaskPos) -> Task {
        self.change.moving(&self.plan.phases);
        self.change.list(&self.plan.phases[pos.phase]);
        let task = self.plan.phases[pos.phase].tasks.remove(pos.task);
        self.index.removed(&self.plan, pos, &task.id);
        task
    }

    fn put(&mut self, to: Place, task: Task, a: &mut Applied) -> Result<TaskPos, OpError> {
        let pos = match to {
            Place::End(phase) => {
                let phase = self.phase_for(phase, a)?;
                let task = self.plan.phases[phase].tasks.len();
                TaskPos { phase, task }
            }
            Place::After(after) => {
                let at = self.task_pos(after)?;
                TaskPos {
                    task: at.task + 1,
                    ..at
                }
            }
        };
        if pos.task < self.plan.phases[pos.phase].tasks.len() {
            // Tasks after it leave their places.
            self.change.moving(&self.plan.phases);
            self.index = Index::default();
        } else if let Some(map) = &mut self.index.map {
            map.insert(task.id.clone(), pos);
        }
        self.change.list(&self.plan.phases[pos.phase]);
        self.plan.phases[pos.phase].tasks.insert(pos.task, task);
        Ok(pos)
    }

    /// Apply one op; also says whether it changed anything, so that a
    /// command that changes nothing writes nothing. An op checks what can
    /// fail before it changes anything.
    fn apply_op(&mut self, op: Op) -> Result<(Applied, bool), OpError> {
        let mut a = Applied::default();
        let changed = match op {
            Op::AddTask { phase, content } => self.add_task(Place::End(phase), content, &mut a)?,
            Op::AddTaskAfter { after, content } => {
                self.add_task(Place::After(&after), content, &mut a)?
            }
            Op::Start { task } => self.start(&task, &mut a)?,
            Op::SetStatus {
                task,
                status,
                blocker,
            } => self.set_status(&task, status, blocker, &mut a)?,
            Op::RemoveTask { task } => {
                let pos = self.task_pos(&task)?;
                let task = self.take(pos);
                self.change.removed(task);
                true
            }
            Op::RemovePhase { phase } => self.remove_phase(&phase)?,
            Op::Clear => self.replace_phases(Vec::new())?,
            Op::Replace { phases } => self.replace_phases(phases)?,
            Op::RenameTask { task, content } => {
                self.check_unique(&content, Some(&task))?;
                self.edit_task(&task, &mut a, |t| t.content = content)?
            }
            Op::RenamePhase { phase, name } => {
                let i = self.phase_pos(&phase)?;
                self.phase_name_free(&name, Some(i))?;
                let changed = self.plan.phases[i].name != name;
                if changed {
                    self.change.head(&self.plan.phases[i]);
                    self.plan.phases[i].name = name;
                }
                changed
            }
            Op::AddPhase { name } => {
                self.phase_name_free(&name, None)?;
                self.phase_for(PhaseRef::New(name), &mut a)?;
                true
            }
            Op::MoveTask { task, to } => self.move_task(&task, Place::End(to), &mut a)?,
            Op::MoveTaskAfter { task, after } => {
                self.move_task(&task, Place::After(&after), &mut a)?
            }
            Op::Note { task, text } => self.edit_task(&task, &mut a, |t| t.notes.push(text))?,
            Op::WriteNote { task, text } => {
                self.edit_task(&task, &mut a, |t| t.notes = text.into_iter().collect())?
            }
            Op::SetChecks {
                task,
                checks,
                unlocked,
            } => self.edit_task(&task, &mut a, |t| {
                t.checks = checks;
                t.unlocked = unlocked;
            })?,
            Op::SetVerify { task, verify } => self.edit_task(&task, &mut a, |t| {
                t.verify = verify;
                // What the file held of a check this version could not read
                // goes with it: a proof kept so would be read as the new
                // check's.
                for field in ["verify", "verifyTimeout", "proof"] {
                    if t.extra.contains_key(field) {
                        t.extra.remove(field);
                    }
                }
            })?,
            Op::Prune => self.prune(),
            Op::Need { task, needs } => self.need(&task, needs, &mut a)?,
            Op::Unneed { task, needs } => {
                self.edit_task(&task, &mut a, |t| t.needs.retain(|n| !needs.contains(n)))?
            }
            Op::Claim { task, owner } => self.claim(&task, owner, &mut a)?,
            Op::Release { task } => self.edit_task(&task, &mut a, |t| {
                if t.owner.take().is_some() {
                    t.claimed_by = None;
                    if t.status == Status::InProgress {
                        t.status = Status::Pending;
                        t.by = None;
                        t.at = None;
                    }
                }
            })?,
            Op::AddObjective { text } => self.add_objective(text, &mut a),
            Op::SetObjective { objective, status } => self.set_objective(&objective, status)?,
            Op::AddFinding { text } => self.add_finding(text, &mut a),
            Op::ReplaceAims {
                objectives,
                findings,
            } => self.replace_aims(objectives, findings),
        };
        Ok((a, changed))
    }

    /// Change the task `id` with `edit`; whether that changed it.
    fn edit_task(
        &mut self,
        id: &str,
        a: &mut Applied,
        edit: impl FnOnce(&mut Task),
    ) -> Result<bool, OpError> {
        let pos = self.target(id, a)?;
        let t = self.plan.task_mut(pos);
        let before = t.clone();
        edit(t);
        let changed = *t != before;
        if changed {
            self.change.task(pos, &before);
        }
        Ok(changed)
    }

    /// A new pending task of `content` (refused if the plan has it) at
    /// `to`, its id minted and reported.
    fn add_task(&mut self, to: Place, content: String, a: &mut Applied) -> Result<bool, OpError> {
        if let Place::End(phase) = &to {
            self.check_phase(phase)?;
        }
        self.check_unique(&content, None)?;
        let id = self.plan.mint('t');
        a.task = Some(id.clone());
        let task = Task {
            id: id.clone(),
            content,
            ..Task::default()
        };
        let pos = self.put(to, task, a)?;
        self.change.new_task(pos, &id);
        a.at = Some(pos);
        Ok(true)
    }

    /// Put the task at `pos` in progress, in `lane` (its owner's tasks;
    /// `None`: the unclaimed ones), sending the lane's other task in
    /// progress back to pending; `begin` changes the task itself and says
    /// whether it did.
    fn take_lane(
        &mut self,
        pos: TaskPos,
        lane: Option<&str>,
        mut begin: impl FnMut(&mut Change, TaskPos, &mut Task) -> bool,
    ) -> bool {
        let Tx { plan, change, .. } = self;
        let mut changed = false;
        for (phase, p) in plan.phases.iter_mut().enumerate() {
            for (task, t) in p.tasks.iter_mut().enumerate() {
                let here = TaskPos { phase, task };
                if here == pos {
                    changed |= begin(change, here, t);
                } else if t.status == Status::InProgress && t.owner.as_deref() == lane {
                    change.status(here, t);
                    t.status = Status::Pending;
                    changed = true;
                }
            }
        }
        changed
    }

    /// Make a task the one in progress (of its owner's, if claimed).
    fn start(&mut self, id: &str, a: &mut Applied) -> Result<bool, OpError> {
        let pos = self.target(id, a)?;
        let lane = self.plan.task(pos).owner.clone();
        let by = self.by.clone();
        Ok(self.take_lane(pos, lane.as_deref(), |change, here, t| {
            let again = t.status == Status::InProgress && t.blocker.is_none();
            if again && t.dropped_by.is_none() && !decides(by.as_ref(), t) {
                return false;
            }
            change.status(here, t);
            begin(t, by.as_ref());
            true
        }))
    }

    fn claim(&mut self, id: &str, owner: String, a: &mut Applied) -> Result<bool, OpError> {
        let pos = self.target(id, a)?;
        let t = self.plan.task(pos);
        if !t.status.is_open() {
            return Err(OpError::refused(
                Refusal::Claimed,
                format!(
                    "{} is {}: only open work can be claimed.",
                    t.name(),
                    t.status.words()
                ),
            ));
        }
        if let Some(held) = t.owner.as_deref().filter(|o| *o != owner) {
            return Err(OpError::refused(
                Refusal::Claimed,
                format!(
                    "{} is claimed by {held}. Take another ready task (todo ready), or ask {held} to release it.",
                    t.name()
                ),
            ));
        }
        let by = self.by.clone();
        Ok(self.take_lane(pos, Some(&owner), |change, here, t| {
            if t.owner.as_deref() == Some(owner.as_str()) && t.status == Status::InProgress {
                return false;
            }
            change.task(here, t);
            if t.owner.is_none() {
                t.claimed_by = by.as_ref().map(|b| b.actor);
            }
            t.owner = Some(owner.clone());
            if t.status != Status::InProgress {
                begin(t, by.as_ref());
            }
            true
        }))
    }

    fn set_status(
        &mut self,
        id: &str,
        status: Status,
        blocker: Option<String>,
        a: &mut Applied,
    ) -> Result<bool, OpError> {
        let pos = self.target(id, a)?;
        let t = self.plan.task_mut(pos);
        if status == Status::Blocked {
            finished_block(t)?;
        }
        let blocker = blocker.filter(|_| status == Status::Blocked);
        // `droppedBy: "user"` says a person dropped it (oh-my-pi's mark).
        let by_person = self.by.as_ref().is_none_or(|b| b.actor == Actor::Person);
        let dropped_by = (status == Status::Abandoned
            && (by_person || t.dropped_by.is_some() && t.status == status))
            .then(|| "user".to_string());
        let decided = status != Status::Pending && decides(self.by.as_ref(), t);
        let changed = t.status != status || t.blocker != blocker || t.dropped_by != dropped_by;
        if changed || decided {
            self.change.status(pos, t);
            if (t.status != status || decided)
                && let Some(by) = &self.by
            {
                // Set on purpose: who and when; back to pending, no mark.
                (t.by, t.at) = by.mark(status != Status::Pending);
            }
            t.status = status;
            t.blocker = blocker;
            t.dropped_by = dropped_by;
        }
        Ok(changed || decided)
    }

    fn remove_phase(&mut self, id: &str) -> Result<bool, OpError> {
        let i = self.phase_pos(id)?;
        self.change.order(&self.plan.phases);
        self.change.moving(&self.plan.phases);
        let phase = self.plan.phases.remove(i);
        self.index = Index::default();
        self.change.head(&phase);
        self.change.list(&phase);
        for t in phase.tasks {
            self.change.removed(t);
        }
        Ok(true)
    }

    /// Replace every phase (import, edit, undo; `rm` of all).
    fn replace_phases(&mut self, phases: Vec<Phase>) -> Result<bool, OpError> {
        if self.plan.phases == phases {
            return Ok(false);
        }
        // An edit or import may not bring a cycle of needs (one a merge
        // left is read, and may stay).
        if let Some(cycle) = super::deps::any_cycle(&phases)
            && super::deps::any_cycle(&self.plan.phases).is_none()
        {
            return Err(OpError::refused(
                Refusal::NeedsCycle,
                format!(
                    "the tasks would need each other in a cycle ({}). Remove a need on the way.",
                    super::cycle_text(&cycle)
                ),
            ));
        }
        let old = std::mem::replace(&mut self.plan.phases, phases);
        self.index = Index::default();
        self.change.replaced(old, &self.plan.phases);
        Ok(true)
    }

    /// Two phases of one name (ignoring case) would make every `-p NAME`
    /// ambiguous.
    fn phase_name_free(&self, name: &str, except: Option<usize>) -> Result<(), OpError> {
        let lower = name.to_lowercase();
        let mut phases = self.plan.phases.iter().enumerate();
        let clash = phases.find(|(j, p)| Some(*j) != except && p.name.to_lowercase() == lower);
        clash.map_or(Ok(()), |(_, p)| {
            Err(OpError::DuplicatePhase(p.name.clone()))
        })
    }

    /// Move the task `id` to `to`; where it stands already, nothing changes.
    fn move_task(&mut self, id: &str, to: Place, a: &mut Applied) -> Result<bool, OpError> {
        let pos = self.task_pos(id)?;
        let stays = match &to {
            Place::End(phase) => {
                self.check_phase(phase)?;
                let p = &self.plan.phases[pos.phase];
                matches!(phase, PhaseRef::Id(i) if *i == p.id) && pos.task + 1 == p.tasks.len()
            }
            Place::After(after) => {
                let at = self.task_pos(after)?;
                if id == *after {
                    return Err(OpError::refused(
                        Refusal::PlanBadPosition,
                        format!("{id} cannot stand after itself."),
                    ));
                }
                at.phase == pos.phase && at.task + 1 == pos.task
            }
        };
        if stays {
            a.at = Some(pos);
            return Ok(false);
        }
        let moved = self.take(pos);
        a.at = Some(self.put(to, moved, a)?);
        Ok(true)
    }

    fn prune(&mut self) -> bool {
        let finished = |t: &Task| !t.status.is_open();
        let Tx { plan, change, .. } = self;
        if !plan
            .phases
            .iter()
            .any(|p| p.tasks.is_empty() || p.tasks.iter().any(finished))
        {
            return false;
        }
        change.order(&plan.phases);
        change.moving(&plan.phases);
        for phase in &mut plan.phases {
            if phase.tasks.iter().any(finished) {
                change.list(phase);
                let (gone, kept) = std::mem::take(&mut phase.tasks)
                    .into_iter()
                    .partition(finished);
                phase.tasks = kept;
                for t in gone {
                    change.removed(t);
                }
            }
            if phase.tasks.is_empty() {
                change.head(phase);
                change.list(phase);
            }
        }
        plan.phases.retain(|p| !p.tasks.is_empty());
        self.index = Index::default();
        true
    }

    fn need(&mut self, id: &str, needs: Vec<String>, a: &mut Applied) -> Result<bool, OpError> {
        let pos = self.target(id, a)?;
        for n in &needs {
            self.task_pos(n)?;
        }
        let t = self.plan.task(pos);
        let mut adding: Vec<String> = Vec::new();
        for n in needs {
            if !t.needs.contains(&n) && !adding.contains(&n) {
                adding.push(n);
            }
        }
        if adding.is_empty() {
            return Ok(false);
        }
        if let Some(cycle) = self.plan.cycle_with(id, &adding) {
            return Err(OpError::refused(
                Refusal::NeedsCycle,
                format!(
                    "{id} cannot need {}: that would make a cycle ({}). Remove a need on the way (todo needs TASK --remove ID).",
                    cycle.get(1).map_or("", String::as_str),
                    super::cycle_text(&cycle)
                ),
            ));
        }
        self.edit_task(id, a, |t| t.needs.extend(adding))
    }

    /// Who writes an objective or finding now: `None` when undo puts back
    /// what was, or nobody said.
    fn writer(&self) -> Option<&By> {
        self.by.as_ref().filter(|_| !self.restoring)
    }

    fn add_objective(&mut self, text: String, a: &mut Applied) -> bool {
        let id = self.plan.mint('o');
        self.change.aims(&self.plan);
        a.objective = Some(id.clone());
        let mut objective = Objective {
            id,
            text,
            ..Objective::default()
        };
        rules::set_written_by(&mut objective, self.writer().map(|by| by.actor));
        self.plan.objectives.push(objective);
        true
    }

    fn set_objective(&mut self, id: &str, status: ObjectiveStatus) -> Result<bool, OpError> {
        let i = self.plan.objectives.iter().position(|o| o.id == id);
        let i = i.ok_or_else(|| OpError::NoObjective(id.into()))?;
        if self.plan.objectives[i].status == status {
            return Ok(false);
        }
        self.change.aims(&self.plan);
        // Set on purpose: who and when; reopened, no mark.
        let mark = self
            .writer()
            .map(|by| by.mark(status != ObjectiveStatus::Open));
        let o = &mut self.plan.objectives[i];
        o.status = status;
        if let Some(mark) = mark {
            (o.by, o.at) = mark;
        }
        Ok(true)
    }

    fn add_finding(&mut self, text: String, a: &mut Applied) -> bool {
        let id = self.plan.mint('f');
        self.change.aims(&self.plan);
        a.finding = Some(id.clone());
        let (by, at) = self.writer().map_or((None, None), |by| by.mark(true));
        let finding = Finding {
            id,
            text,
            by,
            at,
            ..Finding::default()
        };
        self.plan.findings.push(finding);
        true
    }

    fn replace_aims(&mut self, objectives: Vec<Objective>, findings: Vec<Finding>) -> bool {
        let objectives = self.mark_objectives(objectives);
        let findings = self.mark_findings(findings);
        let changed = self.plan.objectives != objectives || self.plan.findings != findings;
        if changed {
            self.change.aims(&self.plan);
            self.plan.objectives = objectives;
            self.plan.findings = findings;
        }
        // Ids from a hand-edited file may repeat: later ones get new ids.
        let mut seen = std::collections::HashSet::new();
        for i in 0..self.plan.objectives.len() {
            if !seen.insert(self.plan.objectives[i].id.clone()) {
                self.plan.objectives[i].id = self.plan.mint('o');
            }
        }
        for i in 0..self.plan.findings.len() {
            if !seen.insert(self.plan.findings[i].id.clone()) {
                self.plan.findings[i].id = self.plan.mint('f');
            }
        }
        changed
    }
}

/// How many objectives, findings and tasks `plan` holds: what an agent may
/// not grow past its limit.
fn sizes(plan: &Plan) -> [(&'static str, usize); 3] {
    [
        ("objectives", plan.objectives.len()),
        ("findings", plan.findings.len()),
        ("tasks", plan.task_count()),
    ]
}

/// Put `t` in progress on purpose: no blocker, no drop mark; who and when.
fn begin(t: &mut Task, by: Option<&By>) {
    t.status = Status::InProgress;
    t.blocker = None;
    t.dropped_by = None;
    if let Some(by) = by {
        (t.by, t.at) = by.mark(true);
    }
}

/// Whether `by` setting the status `t` already has is a decision to
/// record: a status set on purpose is one even when it does not change
/// (the one the rule started, one a plain checklist completed). A person's
/// mark is not the agent's to take, nor renewed by the person's own.
fn decides(by: Option<&By>, t: &Task) -> bool {
    by.is_some_and(|by| t.by != Some(by.actor) && t.by != Some(Actor::Person))
}

/// Whether the change completes `t` (it was not completed before) and
/// `t` has a check to run; a task that leaves `completed` loses its proof.
fn needs_proof(before: Option<&Task>, t: &mut Task) -> bool {
    if t.status != Status::Completed {
        if let Some(v) = t.verify.as_deref_mut() {
            v.proof = None;
        }
        return false;
    }
    // A checklist people read carries no proof: a task completed before
    // and still completed, with the same check, keeps the one it had (as
    // it keeps who set its status).
    if let Some(b) = before
        && b.status == Status::Completed
        && let (Some(v), Some(was)) = (t.verify.as_deref_mut(), b.verify.as_deref())
        && v.proof.is_none()
        && v.command == was.command
    {
        v.proof.clone_from(&was.proof);
    }
    (t.verify.is_some() || t.extra.contains_key("verify"))
        && before.is_none_or(|b| b.status != Status::Completed)
}

/// The refusal to complete `task`, whose check cannot run as the plan
/// file holds it (`shown`, as a person reads it).
fn unreadable(task: &Task, shown: &str) -> OpError {
    let id = &task.id;
    OpError::refused(
        Refusal::CheckFailed,
        format!(
            "{} is not done: its check cannot run, since the plan file holds it as something else than one line of text:\n  {shown}\nA person fixes it (todo verify {id} \"<command>\") or removes it (todo verify {id} --remove), then runs `todo done {id}` again.",
            task.name()
        ),
    )
}

/// A finished task cannot be blocked: the one rule `block` checks before
/// it builds an op, and the op checks again.
pub(crate) fn finished_block(task: &Task) -> Result<(), OpError> {
    if task.status.is_open() {
        return Ok(());
    }
    Err(OpError::BlockFinished {
        content: task.content.clone(),
        status: task.status,
    })
}

/// Task id → position. Each lookup scans on from where the last one was
/// found (that one first: an op, then its report, ask for it twice), so
/// ids in plan order (what a phase-wide verb makes) cost one pass in all,
/// and one op costs one scan, with nothing allocated. The first id found
/// behind that point builds a map, which ops that add, move or remove
/// tasks then keep right.
#[derive(Default)]
struct Index {
    /// Where the next scan starts: the last task found.
    from: TaskPos,
    map: Option<Map<TaskPos>>,
}

impl Index {
    fn find(&mut self, plan: &Plan, id: &str) -> Option<TaskPos> {
        if let Some(map) = &self.map {
            return map.get(id).copied();
        }
        let start = self.from;
        let mut phases = plan.phases.iter().enumerate().skip(start.phase);
        let found = phases.find_map(|(phase, p)| {
            let skip = if phase == start.phase { start.task } else { 0 };
            let task = p.tasks.iter().skip(skip).position(|t| t.id == id)? + skip;
            Some(TaskPos { phase, task })
        });
        if let Some(pos) = found {
            self.from = pos;
            return Some(pos);
        }
        if start == TaskPos::default() {
            return None;
        }
        let mut map = Map::with_capacity_and_hasher(plan.task_count(), FxBuildHasher);
        for (pos, _, t) in plan.tasks() {
            map.entry(t.id.clone()).or_insert(pos);
        }
        let found = map.get(id).copied();
        self.map = Some(map);
        found
    }

    /// The task `id` was taken out of `pos`; `plan` is without it.
    fn removed(&mut self, plan: &Plan, pos: TaskPos, id: &str) {
        self.from = TaskPos::default();
        if let Some(map) = &mut self.map {
            map.remove(id);
            for (ti, t) in plan.phases[pos.phase]
                .tasks
                .iter()
                .enumerate()
                .skip(pos.task)
            {
                if let Some(at) = map.get_mut(&t.id) {
                    at.task = ti;
                }
            }
        }
    }
}

impl Plan {
    /// Apply one op as a transaction of its own, settled (`rev` stays):
    /// for tests and tools that change a plan outside a command.
    pub fn apply(&mut self, op: Op) -> Result<Applied, OpError> {
        let mut tx = Tx::new(std::mem::take(self));
        let result = tx.apply(op);
        *self = tx.into_plan();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::ops::tests::plan;

    /// Every task is where the index says, asked in any order.
    fn index_is_right(tx: &mut Tx) {
        let all: Vec<(String, TaskPos)> = tx
            .plan
            .tasks()
            .map(|(pos, _, t)| (t.id.clone(), pos))
            .collect();
        for (id, pos) in all.iter().rev().chain(&all) {
            assert_eq!(tx.index.find(&tx.plan, id), Some(*pos), "{id}");
        }
        assert_eq!(tx.index.find(&tx.plan, "t999"), None);
    }

    #[test]
    fn the_index_stays_right_across_insert_remove_and_move() {
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2", "T3"]), ("B", &["T4", "T5"])]));
        // Ask behind the cursor first, so the map is built and then kept.
        assert!(tx.index.find(&tx.plan, "t5").is_some());
        assert!(tx.index.find(&tx.plan, "t1").is_some());
        assert!(tx.index.map.is_some());
        let ops = [
            Op::RemoveTask { task: "t2".into() },
            Op::add("p1", "new"),
            Op::MoveTask {
                task: "t1".into(),
                to: PhaseRef::Id("p2".into()),
            },
            Op::MoveTask {
                task: "t4".into(),
                to: PhaseRef::New("P9".into()),
            },
            Op::RemovePhase { phase: "p1".into() },
        ];
        for op in ops {
            tx.apply(op.clone()).unwrap();
            index_is_right(&mut tx);
        }
        // And without a map: a fresh scan after each change.
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2"]), ("B", &["T3"])]));
        tx.apply(Op::RemoveTask { task: "t1".into() }).unwrap();
        assert_eq!(
            tx.index.find(&tx.plan, "t3"),
            Some(TaskPos { phase: 1, task: 0 })
        );
        assert_eq!(
            tx.index.find(&tx.plan, "t2"),
            Some(TaskPos { phase: 0, task: 0 })
        );
    }

    #[test]
    fn a_run_of_ops_settles_once() {
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2", "T3", "T4"])]));
        let ops = ["t1", "t2", "t3"].map(|t| Op::set(t, Status::Completed));
        tx.apply_all(ops).unwrap();
        assert_eq!(tx.settles, 0);
        let committed = tx.commit().unwrap();
        let st: Vec<_> = committed.plan.tasks().map(|(_, _, t)| t.status).collect();
        assert_eq!(st[3], Status::InProgress);
        assert_eq!(committed.plan.rev, 1);
        // Reading the plan settles it; the commit then has nothing to do.
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2"])]));
        tx.apply(Op::set("t1", Status::Completed)).unwrap();
        tx.plan();
        tx.plan();
        assert_eq!(tx.settles, 1);
    }

    #[test]
    fn an_op_that_fails_leaves_nothing_committed() {
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2"])]));
        tx.apply(Op::rename("t1", "x")).unwrap();
        let err = tx.apply(Op::add("p1", "T2")).unwrap_err();
        assert_eq!(err, OpError::Duplicate("T2".into()));
        assert_eq!(tx.commit().err(), Some(err));
    }

    #[test]
    fn a_tx_that_changes_nothing_commits_nothing() {
        let base = plan(&[("A", &["T1", "T2"])]);
        let mut tx = Tx::new(base.clone());
        tx.apply_all([
            Op::Start { task: "t1".into() },
            Op::rename("t2", "T2"),
            Op::MoveTask {
                task: "t2".into(),
                to: PhaseRef::Id("p1".into()),
            },
            Op::Prune,
            Op::Replace {
                phases: base.phases.clone(),
            },
        ])
        .unwrap();
        let committed = tx.commit().unwrap();
        assert!(committed.change.is_none());
        assert_eq!(committed.plan.rev, base.rev);
        assert_eq!(committed.plan, base);
        // With no op at all, even an unsettled plan is left alone.
        let mut unsettled = base.clone();
        unsettled.phases[0].tasks[1].status = Status::InProgress;
        let committed = Tx::new(unsettled.clone()).commit().unwrap();
        assert!(committed.change.is_none());
        assert_eq!(committed.plan, unsettled);
    }

    #[test]
    fn a_change_keeps_each_place_as_it_was_on_first_touch() {
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2"])]));
        let remove = Op::RemoveTask { task: "t1".into() };
        tx.apply_all([Op::rename("t2", "a"), Op::rename("t2", "b"), remove])
            .unwrap();
        let change = tx.commit().unwrap().change.unwrap();
        let kept = |id: &str| match &change.tasks[id] {
            Before::Task(t) => Some(t.content.clone()),
            _ => None,
        };
        assert_eq!(kept("t2").as_deref(), Some("T2"));
        assert_eq!(kept("t1").as_deref(), Some("T1"));
        assert_eq!(change.lists["p1"], Some(vec!["t1".into(), "t2".into()]));
        assert!(change.order.is_none());
        assert!(change.at.kept.is_empty());
    }

    #[test]
    fn tasks_that_keep_their_places_are_kept_by_place_and_only_their_status() {
        let mut tx = Tx::new(plan(&[("A", &["T1", "T2"]), ("B", &["T3", "T4"])]));
        let ops = ["t1", "t3"].map(|t| Op::set(t, Status::Completed));
        tx.apply_all(ops).unwrap();
        // Its status changed, then its text: kept whole, as it first was.
        tx.apply_all([Op::rename("t3", "x"), Op::add("p1", "new")])
            .unwrap();
        let change = tx.commit().unwrap().change.unwrap();
        assert!(change.tasks.is_empty());
        let at = |phase, task| {
            let pos = TaskPos { phase, task };
            change
                .at
                .kept
                .iter()
                .find(|(p, _)| *p == pos)
                .map(|(_, k)| k.clone())
        };
        let status = |status| {
            Before::Status(Marks {
                status,
                ..Marks::default()
            })
        };
        assert_eq!(at(0, 0), Some(status(Status::InProgress)));
        // Settling started t2.
        assert_eq!(at(0, 1), Some(status(Status::Pending)));
        assert_eq!(at(0, 2), Some(Before::New));
        let Some(Before::Task(t3)) = at(1, 0) else {
            panic!("t3 not kept whole");
        };
        assert_eq!((t3.content.as_str(), t3.status), ("T3", Status::Pending));
        assert_eq!(at(1, 1), None);
    }
}
