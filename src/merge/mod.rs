//! Three-way merge of plans by id: the engine of the git merge driver
//! (`todo merge-file`). Git's line merge fights over `rev`, the id counters
//! and ids minted on both branches; merging tasks and phases by id does not.
//! Pure: plans in, a plan and a list of findings out; no I/O.
//!
//! The rules, in the order they apply:
//!
//! - **Identity.** A task or phase is known by its id: ids in the base are
//!   the same item on every side. Two exceptions make ids survive merges:
//!   an item made on both sides with the same text (a task's content, a
//!   phase's name) is one item, "the same change made twice", and keeps
//!   ours' id; and a side that holds a base id on new text next to a new
//!   item with that base item's (unique) text has had it renumbered by an
//!   earlier merge (a rebase replays commits one by one), so that new item
//!   is the base item. Other items new on theirs keep their id unless ours
//!   or the base uses it; from the first such clash on, theirs' new items
//!   get fresh ids above every id in base, ours and theirs, in creation
//!   order (a note, not a conflict).
//! - **Fields.** Every field, text and phase membership (`todo mv`) too,
//!   merges three-way: changed on one side → that side's value; changed the
//!   same way on both → once; changed differently on both → theirs, a
//!   conflict. Theirs is the side merged in (the pull request on a forge,
//!   the commit being replayed in a rebase), so the result is what running
//!   ours' commands and then theirs' gives, one rule for every field.
//! - **Status** merges together with `blocker` and `droppedBy` (its state).
//!   A move between `pending` and `in_progress` with the blocker and drop
//!   mark unchanged is *soft*: the one-task-in-progress rule makes such moves
//!   on its own, and `todo start` is indistinguishable from it, so both count
//!   as weak. A soft change is taken when the other side left the state
//!   alone, and silently gives way to any other (*hard*) change. Two hard
//!   changes that both leave the task pending or in progress are no
//!   conflict either (in progress is kept). Otherwise theirs' whole state
//!   is taken — a conflict. Then one task is left in progress (the one
//!   started last), a task only moved aside by a start that did not
//!   survive resumes, and `settle()` runs.
//! - **Notes** merge as a list: ours' notes in order, minus notes theirs
//!   removed, then theirs' new notes not already there. Never a conflict.
//! - **Unknown fields** (plan, phase, task) merge key by key like any
//!   field; a clash keeps theirs (ours if theirs removed the key) — a conflict.
//! - **Removal.** An item removed on one side is removed, whatever the
//!   other side did to it (running both branches' commands gives that, in
//!   either order). When the other side changed it it is a conflict, listed
//!   with what that side did. A phase removed on one side is kept when the
//!   other side renamed it or still has tasks in it — a conflict.
//! - **Order** follows ours. Items ours does not have are placed after the
//!   nearest item that precedes them on theirs, and after any items new on
//!   ours at that spot, so both sides' appends come out ours first, then
//!   theirs. When ours kept the base order and theirs reordered (by `todo
//!   edit` or an import), theirs' order leads and ours' new items are
//!   placed the same way.
//! - **Counters.** `rev` is one more than the larger of ours and theirs; the
//!   id counters are the largest of the three plans, above every id in any
//!   of them and every id minted here.

mod aims;
mod fields;
mod identity;
mod order;
#[cfg(test)]
mod tests;
mod two_sided;

use std::borrow::Cow;
use std::fmt;

use crate::plan::tx::Marks;
use crate::plan::{Phase, Plan, Status, Task, TaskPos};
use fields::{edits, merge_needs, merge_notes, merge_state, merge3};
use identity::{Id, Identity, Links, Side, phase_items, task_items};
use order::merge_order;
use serde_json::{Map, Value};
pub(crate) use two_sided::merge_without_base;

/// Maps and sets keyed by ids and texts: one place to choose the hasher.
/// FxHash, as the plan reader uses: on version 2's random ids it is 2x
/// faster than std's SipHash on a 100,000-task merge (on version 1's
/// sequential ids it measured slower).
type HashMap<K, V> = rustc_hash::FxHashMap<K, V>;
type HashSet<K> = rustc_hash::FxHashSet<K>;

/// The merged plan and what the merge had to decide.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Merged {
    pub plan: Plan,
    pub findings: Vec<MergeNote>,
}

impl Merged {
    /// No edit on either side had to give way.
    #[cfg(test)]
    pub(crate) fn is_clean(&self) -> bool {
        self.conflicts().next().is_none()
    }

    pub(crate) fn conflicts(&self) -> impl Iterator<Item = &MergeNote> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Conflict)
    }
}

/// Printed and in JSON as `conflict` or `note`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, serde::Serialize)]
#[strum(serialize_all = "lowercase")]
#[serde(into = "&'static str")]
pub(crate) enum Severity {
    /// An edit on one side gave way to the other by a rule: a person should look.
    Conflict,
    /// Something worth knowing that lost nothing (an id renumbered).
    #[strum(serialize = "note")]
    Notice,
}

/// In JSON (`todo resolve`) with its fields in this order.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct MergeNote {
    /// The id in the merged plan (`t7`, `p2`), or `plan` for top-level fields.
    pub id: String,
    /// The task's content or phase's name in the merged plan, for people.
    pub subject: String,
    pub message: String,
    pub severity: Severity,
}

impl fmt::Display for MergeNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word: &str = self.severity.into();
        write!(f, "{word} {}", self.id)?;
        if !self.subject.is_empty() {
            write!(f, " \"{}\"", self.subject)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A merge that would need a number past u64::MAX: no merged plan is
/// made (a counter or `rev` that wrapped would repeat ids or revs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Overflow {
    #[error("The plan's rev is at its limit ({max}): no change can be recorded.", max = u64::MAX)]
    Rev,
}

/// Merge `ours` and `theirs`, both descended from `base`. Terminates on
/// any input: the only failure is a counter or `rev` that cannot rise.
pub(crate) fn merge(base: &Plan, ours: &Plan, theirs: &Plan) -> Result<Merged, Overflow> {
    Merger::new(base, ours, theirs).run()
}

/// `first`, then the ids of `rest` not in it yet, each once.
fn union<'a>(first: Vec<Id<'a>>, rest: impl IntoIterator<Item = Id<'a>>) -> Vec<Id<'a>> {
    let mut seen: HashSet<Id<'a>> = first.iter().cloned().collect();
    let mut out = first;
    out.extend(rest.into_iter().filter(|id| seen.insert(id.clone())));
    out
}

/// For an item one side removed: the side that kept it and the one that
/// removed it, by name.
fn kept_and_removed(ours_kept: bool) -> (&'static str, &'static str) {
    if ours_kept {
        ("ours", "theirs")
    } else {
        ("theirs", "ours")
    }
}

/// A task as merged, with the result id of its phase.
type Resolved<'a> = (Task, Id<'a>);

struct Merger<'a> {
    base: Side<'a>,
    ours: Side<'a>,
    theirs: Side<'a>,
    /// Every id the result uses or must not reuse.
    taken: HashSet<Id<'a>>,
    tasks: Identity<'a>,
    phases: Identity<'a>,
    findings: Vec<MergeNote>,
}

impl<'a> Merger<'a> {
    fn new(base: &'a Plan, ours: &'a Plan, theirs: &'a Plan) -> Merger<'a> {
        let base = Side::new(base);
        let ours = Side::new(ours);
        let taken = base.ids().chain(ours.ids()).map(Cow::Borrowed).collect();
        Merger {
            base,
            ours,
            theirs: Side::new(theirs),
            taken,
            tasks: Identity::default(),
            phases: Identity::default(),
            findings: Vec::new(),
        }
    }

    fn plans(&self) -> [&'a Plan; 3] {
        [self.base.plan, self.ours.plan, self.theirs.plan]
    }

    fn run(mut self) -> Result<Merged, Overflow> {
        let [base, ours, theirs] = self.plans();
        let last = ours.rev.max(theirs.rev);
        let rev = last.checked_add(1).ok_or(Overflow::Rev)?;
        self.phases = self.identify(phase_items, 'p');
        self.tasks = self.identify(task_items, 't');
        let resolved = self.resolve_tasks();
        let phases = self.resolve_phases(resolved);
        let extra = self.extra("plan", "", [&base.extra, &ours.extra, &theirs.extra]);
        let mut plan = Plan {
            version: ours.version,
            rev,
            phases,
            extra,
            ..Plan::default()
        };
        self.merge_aims(&mut plan);
        self.make_ids_unique(&mut plan);
        plan.keep_latest_start();
        self.resume_displaced(&mut plan);
        plan.settle();
        self.note_duplicate_content(&plan);
        Ok(Merged {
            plan,
            findings: self.findings,
        })
    }

    /// A task in progress in the base and on ours that is pending here only
    /// because a start on theirs moved it aside (a soft move) goes back in
    /// progress when nothing in its lane is: the start that displaced it
    /// did not survive the merge (ours removed the task it started). Ours'
    /// commands then theirs' give the same: the start finds nothing to
    /// start. The first such task of a lane, in plan order, resumes. (A
    /// start on ours that theirs undid is what `settle()` already gives.)
    fn resume_displaced(&self, plan: &mut Plan) {
        let displaced: Vec<(TaskPos, &Task)> = plan
            .tasks()
            .filter(|(_, _, task)| task.status == Status::Pending)
            .filter_map(|(pos, _, task)| {
                // Cheapest test first: this runs for every pending task.
                let (old, _) = self.base.task(&task.id)?;
                if old.status != Status::InProgress {
                    return None;
                }
                let (kept, _) = self.ours.task(&task.id)?;
                let soft = Marks::of(task).is_soft_change_from(&Marks::of(old));
                (kept.status == Status::InProgress && soft).then_some((pos, old))
            })
            .collect();
        for (pos, old) in displaced {
            let lane = plan.task(pos).owner.clone();
            let busy = plan
                .tasks()
                .any(|(_, _, t)| t.status == Status::InProgress && t.owner == lane);
            if !busy {
                // As the base had it: who started it, and when.
                let task = plan.task_mut(pos);
                task.status = Status::InProgress;
                task.by = old.by;
                task.at = old.at.clone();
            }
        }
    }

    fn conflict(&mut self, id: &str, subject: &str, message: String) {
        self.push(Severity::Conflict, id, subject, message);
    }

    fn notice(&mut self, id: &str, subject: &str, message: String) {
        self.push(Severity::Notice, id, subject, message);
    }

    /// One value merged ([`merge3`]); when both sides changed it
    /// differently, a conflict saying `why`.
    fn field<T: PartialEq + Clone>(
        &mut self,
        id: &str,
        subject: &str,
        [b, o, t]: [&T; 3],
        why: impl FnOnce() -> String,
    ) -> T {
        let (value, clash) = merge3(b, o, t);
        if clash {
            self.conflict(id, subject, why());
        }
        value.clone()
    }

    /// Unknown fields, key by key, as the module rules say.
    fn extra(
        &mut self,
        id: &str,
        subject: &str,
        [b, o, t]: [&Map<String, Value>; 3],
    ) -> Map<String, Value> {
        let mut out = Map::new();
        for key in o.keys().chain(t.keys().filter(|k| !o.contains_key(*k))) {
            let (ov, tv) = (o.get(key), t.get(key));
            let (value, clash) = merge3(b.get(key), ov, tv);
            if clash {
                let message = format!("field \"{key}\" changed on both sides; kept theirs");
                self.conflict(id, subject, message);
            }
            // A key removed on theirs and changed on ours is kept.
            if let Some(v) = if clash && tv.is_none() { ov } else { value } {
                out.insert(key.clone(), v.clone());
            }
        }
        out
    }

    fn push(&mut self, severity: Severity, id: &str, subject: &str, message: String) {
        self.findings.push(MergeNote {
            severity,
            id: id.to_string(),
            subject: subject.to_string(),
            message,
        });
    }

    /// Base's or theirs' version of a result task (`side` and its links),
    /// with its phase as a result id.
    fn mapped_task(
        side: &Side<'a>,
        tasks: &Links<'a>,
        phases: &Links<'a>,
        id: &str,
    ) -> Option<(&'a Task, Id<'a>)> {
        let (task, phase) = side.task(tasks.from.get(id)?)?;
        Some((task, phases.of(phase)))
    }

    fn base_phase(&self, id: &str) -> Option<&'a Phase> {
        self.base.phase(self.phases.base.from.get(id)?)
    }

    fn theirs_phase(&self, id: &str) -> Option<&'a Phase> {
        self.theirs.phase(self.phases.theirs.from.get(id)?)
    }

    /// A base or theirs phase's task ids, as result ids.
    fn task_ids(phase: Option<&'a Phase>, map: impl Fn(&'a str) -> Id<'a>) -> Vec<Id<'a>> {
        phase
            .map(|p| p.tasks.iter().map(|t| map(&t.id)).collect())
            .unwrap_or_default()
    }

    /// Every task of the result, by result id.
    fn resolve_tasks(&mut self) -> HashMap<Id<'a>, Resolved<'a>> {
        let ours = (self.ours.plan.tasks()).map(|(_, _, t)| Cow::Borrowed(t.id.as_str()));
        let theirs = (self.theirs.plan.tasks())
            .filter_map(|(_, _, t)| self.tasks.theirs.to.get(t.id.as_str()).cloned());
        let ids = union(ours.collect(), theirs);
        let mut out = HashMap::with_capacity_and_hasher(ids.len(), Default::default());
        out.extend(
            ids.into_iter()
                .filter_map(|id| self.resolve_task(&id).map(|r| (id, r))),
        );
        out
    }

    fn resolve_task(&mut self, id: &str) -> Option<Resolved<'a>> {
        let (tasks, phases) = (&self.tasks, &self.phases);
        let base = Self::mapped_task(&self.base, &tasks.base, &phases.base, id);
        let ours = (self.ours.task(id)).map(|(task, phase)| (task, Cow::Borrowed(phase)));
        let theirs = Self::mapped_task(&self.theirs, &tasks.theirs, &phases.theirs, id);
        match (base, ours.clone(), theirs) {
            (Some((b, bp)), Some((o, op)), Some((t, tp))) => {
                Some(self.merge_task(b, &bp, o, &op, t, &tp))
            }
            (Some((b, bp)), Some((s, sp)), None) | (Some((b, bp)), None, Some((s, sp))) => {
                let (kept_on, removed_on) = kept_and_removed(ours.is_some());
                let changed = edits(b, &bp, s, &sp);
                if !changed.is_empty() {
                    let changed = changed.join(", ");
                    let message = format!(
                        "removed on {removed_on} but changed on {kept_on} ({changed}); removed"
                    );
                    self.conflict(id, &s.content, message);
                }
                None
            }
            (None, Some((o, op)), Some((t, tp))) => {
                // Made on both sides: merge as if both started from a plain
                // pending task with ours' text in ours' phase.
                let b = Task {
                    id: id.to_string(),
                    content: o.content.clone(),
                    ..Task::default()
                };
                Some(self.merge_task(&b, &op, o, &op, t, &tp))
            }
            (None, Some((o, op)), None) => Some((o.clone(), op)),
            (None, None, Some((t, tp))) => {
                let mut task = t.clone();
                task.id = id.to_string();
                Some((task, tp))
            }
            (_, None, None) => None,
        }
    }

    fn merge_task(
        &mut self,
        b: &Task,
        bp: &Id<'a>,
        o: &Task,
        op: &Id<'a>,
        t: &Task,
        tp: &Id<'a>,
    ) -> Resolved<'a> {
        let id = o.id.clone();
        let texts = [&b.content, &o.content, &t.content];
        let content = self.field(&id, &t.content, texts, || {
            let ours = &o.content;
            format!("text changed on both sides; kept theirs, ours was \"{ours}\"")
        });
        let (state, clash) = merge_state(&Marks::of(b), &Marks::of(o), &Marks::of(t));
        if let Some(msg) = clash {
            self.conflict(&id, &content, msg);
        }
        let extra = self.extra(&id, &content, [&b.extra, &o.extra, &t.extra]);
        let pairs = [b, o, t].map(|t| (t.checks, t.unlocked));
        let (checks, unlocked) = self.field(&id, &content, pairs.each_ref(), || {
            "who checks it changed on both sides; kept theirs".into()
        });
        // The check and its proof go together: the proof says what ran.
        let verify = self.field(&id, &content, [&b.verify, &o.verify, &t.verify], || {
            "its check changed on both sides; kept theirs".into()
        });
        let claims = [b, o, t].map(|t| (&t.owner, t.claimed_by));
        let (owner, claimed_by) = self.field(&id, &content, claims.each_ref(), || {
            let who = |c: &Option<String>| c.clone().unwrap_or_else(|| "nobody".into());
            let (theirs, ours) = (who(&t.owner), who(&o.owner));
            format!("claimed on both sides; kept theirs ({theirs}), ours was {ours}")
        });
        let (phase, clash) = merge3(bp, op, tp);
        if clash {
            let name = |p: Option<&Phase>| p.map(|p| p.name.clone()).unwrap_or_default();
            let ours_name = name(self.ours.phase(op));
            let theirs_name = name(self.theirs_phase(tp));
            let message = format!(
                "moved to different phases; kept theirs ({tp} \"{theirs_name}\"), ours moved it to {op} \"{ours_name}\""
            );
            self.conflict(&id, &content, message);
        }
        let task = Task {
            id,
            content,
            status: state.status,
            blocker: state.blocker,
            dropped_by: state.dropped_by,
            by: state.by,
            at: state.at,
            checks,
            unlocked,
            verify,
            notes: merge_notes(&b.notes, &o.notes, &t.notes),
            needs: merge_needs(&b.needs, &o.needs, &t.needs),
            owner: owner.clone(),
            claimed_by,
            extra: extra.into(),
        };
        (task, phase.clone())
    }

    /// Every phase of the result, in order, holding its tasks in order.
    fn resolve_phases(&mut self, mut tasks: HashMap<Id<'a>, Resolved<'a>>) -> Vec<Phase> {
        let mut members: HashMap<Id<'a>, HashSet<Id<'a>>> = HashMap::default();
        for (id, (_, phase)) in &tasks {
            members.entry(phase.clone()).or_default().insert(id.clone());
        }
        let [base, ours, theirs] = self.plans();
        let ids = |plan: &'a Plan, map: &dyn Fn(&'a str) -> Id<'a>| -> Vec<Id<'a>> {
            plan.phases.iter().map(|p| map(&p.id)).collect()
        };
        let base_ids = ids(base, &|p| self.phases.base.of(p));
        let ours_ids = ids(ours, &Cow::Borrowed);
        let theirs_ids = ids(theirs, &|p| self.phases.theirs.of(p));
        let candidates = union(
            ours_ids.clone(),
            theirs_ids.iter().chain(&base_ids).cloned(),
        );
        let mut phases: HashMap<Id<'a>, Phase> = HashMap::default();
        for id in &candidates {
            let has_tasks = members.contains_key(id);
            if let Some(mut phase) = self.resolve_phase(id, has_tasks) {
                let base_tasks = Self::task_ids(self.base_phase(id), |t| self.tasks.base.of(t));
                let ours_tasks = Self::task_ids(self.ours.phase(id), Cow::Borrowed);
                let theirs_tasks =
                    Self::task_ids(self.theirs_phase(id), |t| self.tasks.theirs.of(t));
                let mine = members.remove(id).unwrap_or_default();
                let mut order = merge_order(&base_tasks, &ours_tasks, &theirs_tasks, |t| {
                    mine.contains(t)
                });
                // Unreachable by construction; never drop a task if it happens.
                let placed: HashSet<&Id<'a>> = order.iter().collect();
                let mut rest: Vec<&Id<'a>> = mine.iter().filter(|t| !placed.contains(t)).collect();
                rest.sort();
                order.extend(rest.into_iter().cloned());
                phase.tasks = order
                    .iter()
                    .filter_map(|t| tasks.remove(t).map(|(task, _)| task))
                    .collect();
                phases.insert(id.clone(), phase);
            }
        }
        let order = merge_order(&base_ids, &ours_ids, &theirs_ids, |p| {
            phases.contains_key(p)
        });
        let mut out: Vec<Phase> = order.iter().filter_map(|p| phases.remove(p)).collect();
        // Tasks whose phase vanished (unreachable by construction) get a home.
        let mut orphans: Vec<Task> = tasks.into_values().map(|(task, _)| task).collect();
        if !orphans.is_empty() {
            orphans.sort_by(|a, b| a.id.cmp(&b.id));
            let id = self.mint('p');
            let message = "tasks whose phase was lost were put here";
            self.conflict(&id, "Merged", message.into());
            out.push(Phase {
                id,
                name: "Merged".into(),
                tasks: orphans,
                ..Phase::default()
            });
        }
        out
    }

    /// One phase's name and fields, or `None` when it is removed.
    fn resolve_phase(&mut self, id: &str, has_tasks: bool) -> Option<Phase> {
        let base = self.base_phase(id);
        let ours = self.ours.phase(id);
        let theirs = self.theirs_phase(id);
        let bare = |p: &Phase| Phase {
            id: id.to_string(),
            name: p.name.clone(),
            tasks: Vec::new(),
            extra: p.extra.clone(),
        };
        match (base, ours, theirs) {
            (b, Some(o), Some(t)) => {
                // Made on both sides (matched by name): as if both started
                // from a bare phase of that name.
                let made = Phase {
                    name: o.name.clone(),
                    ..Phase::default()
                };
                let b = b.unwrap_or(&made);
                let name = self.field(id, &t.name, [&b.name, &o.name, &t.name], || {
                    let ours = &o.name;
                    format!("renamed on both sides; kept theirs, ours named it \"{ours}\"")
                });
                let extra = self.extra(id, &name, [&b.extra, &o.extra, &t.extra]);
                Some(Phase {
                    name,
                    extra,
                    ..bare(o)
                })
            }
            (Some(b), Some(s), None) | (Some(b), None, Some(s)) => {
                let (kept_on, removed_on) = kept_and_removed(ours.is_some());
                let renamed = s.name != b.name || s.extra != b.extra;
                if !renamed && !has_tasks {
                    return None;
                }
                let why = if renamed {
                    format!("changed on {kept_on}")
                } else {
                    format!("{kept_on} still has tasks in it")
                };
                let message = format!("phase removed on {removed_on} but {why}; kept");
                self.conflict(id, &s.name, message);
                Some(bare(s))
            }
            (None, Some(s), None) | (None, None, Some(s)) => Some(bare(s)),
            (Some(b), None, None) => has_tasks.then(|| bare(b)),
            (None, None, None) => None,
        }
    }

    /// A safety net: the rules above never give two items one id, but a
    /// hand-edited file might (a phase and a task sharing an id across
    /// sides). A duplicate id would make the file unreadable, so renumber.
    fn make_ids_unique(&mut self, plan: &mut Plan) {
        let mut seen: HashSet<String> = HashSet::default();
        let mut renumber = |kind, id: &mut String, subject: &str| {
            if !seen.insert(id.clone()) {
                let fresh = self.mint(kind);
                let old = std::mem::replace(id, fresh.clone());
                let message = format!("id {old} was used twice; renumbered to {fresh}");
                self.notice(&fresh, subject, message);
            }
        };
        for phase in &mut plan.phases {
            renumber('p', &mut phase.id, &phase.name);
            for task in &mut phase.tasks {
                renumber('t', &mut task.id, &task.content);
            }
        }
    }

    /// Two tasks with the same text are legal in the file but refused by
    /// `append` and hard to name by text; say so.
    fn note_duplicate_content(&mut self, plan: &Plan) {
        let mut first: HashMap<&str, &str> = HashMap::default();
        for (_, _, t) in plan.tasks() {
            if let Some(other) = first.insert(t.content.as_str(), t.id.as_str()) {
                first.insert(t.content.as_str(), other);
                let message = format!("same text as {other}; name them by id");
                self.notice(&t.id, &t.content, message);
            }
        }
    }
}
