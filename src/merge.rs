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
//! - **Fields.** Every field merges three-way: changed on one side → that
//!   side's value; changed the same way on both → once; changed differently
//!   on both → a conflict, settled by the rule below.
//! - **Status** merges together with `blocker` and `droppedBy` (its state).
//!   A move between `pending` and `in_progress` with the blocker and drop
//!   mark unchanged is *soft*: the one-task-in-progress rule makes such moves
//!   on its own, and `todo start` is indistinguishable from it, so both count
//!   as weak. A soft change is taken when the other side left the state
//!   alone, and silently gives way to any other (*hard*) change. Two hard
//!   changes that both leave the task pending or in progress are no
//!   conflict either (in progress is kept). Otherwise the status ranks
//!   completed, abandoned, blocked, in progress, pending, and the higher
//!   one's whole state is taken — a conflict. Finished beats open because
//!   finishing is a fact recorded on purpose; completed beats abandoned
//!   because the work was done anyway. The same status with a different
//!   blocker or drop mark keeps ours — a conflict. After every edit is
//!   merged, `settle()` restores one task in progress.
//! - **Text** (content, phase name) changed differently on both sides: ours
//!   wins and theirs' text is reported — a conflict.
//! - **Notes** merge as a list: ours' notes in order, minus notes theirs
//!   removed, then theirs' new notes not already there. Never a conflict.
//! - **Unknown fields** (plan, phase, task) merge key by key like any
//!   field; a clash keeps ours (theirs if ours removed the key) — a conflict.
//! - **Phase membership** (`todo mv`) is a field of the task: moved on one
//!   side → moved; moved to different phases on both → ours, a conflict.
//! - **Removal.** An item removed on one side and left alone (or changed
//!   only softly) on the other is removed. Removed on one side and changed
//!   on the other (text, hard status, notes, fields, phase): kept with the
//!   changes — a conflict, as git treats modify/delete. A phase removed on
//!   one side is kept when the other side renamed it or still has tasks in
//!   it — a conflict.
//! - **Order** follows ours. Items ours does not have are placed after the
//!   nearest item that precedes them on theirs, and after any items new on
//!   ours at that spot, so both sides' appends come out ours first, then
//!   theirs. When ours kept the base order and theirs reordered (by `todo
//!   edit` or an import), theirs' order leads and ours' new items are
//!   placed the same way.
//! - **Counters.** `rev` is one more than the larger of ours and theirs; the
//!   id counters are the largest of the three plans, above every id in any
//!   of them and every id minted here.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde_json::{Map, Value};

use crate::plan::{Phase, Plan, Status, Task, id_number};

/// The merged plan and what the merge had to decide.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    pub plan: Plan,
    pub findings: Vec<Finding>,
}

impl Merged {
    /// No edit on either side had to give way.
    pub fn is_clean(&self) -> bool {
        self.conflicts().next().is_none()
    }

    pub fn conflicts(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Conflict)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// An edit on one side gave way to the other by a rule: a person should look.
    Conflict,
    /// Something worth knowing that lost nothing (an id renumbered).
    Notice,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub severity: Severity,
    /// The id in the merged plan (`t7`, `p2`), or `plan` for top-level fields.
    pub id: String,
    /// The task's content or phase's name in the merged plan, for people.
    pub subject: String,
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.severity {
            Severity::Conflict => "conflict",
            Severity::Notice => "note",
        };
        write!(f, "{word} {}", self.id)?;
        if !self.subject.is_empty() {
            write!(f, " \"{}\"", self.subject)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Merge `ours` and `theirs`, both descended from `base`.
pub fn merge(base: &Plan, ours: &Plan, theirs: &Plan) -> Merged {
    Merger::new(base, ours, theirs).run()
}

/// One side's plan with its ids looked up once.
struct Side<'a> {
    plan: &'a Plan,
    /// Task id → (phase index, task index).
    tasks: HashMap<&'a str, (usize, usize)>,
    phases: HashMap<&'a str, usize>,
}

impl<'a> Side<'a> {
    fn new(plan: &'a Plan) -> Side<'a> {
        let mut tasks = HashMap::new();
        let mut phases = HashMap::new();
        for (pi, phase) in plan.phases.iter().enumerate() {
            phases.entry(phase.id.as_str()).or_insert(pi);
            for (ti, task) in phase.tasks.iter().enumerate() {
                tasks.entry(task.id.as_str()).or_insert((pi, ti));
            }
        }
        Side {
            plan,
            tasks,
            phases,
        }
    }

    /// The task and the id of its phase.
    fn task(&self, id: &str) -> Option<(&'a Task, &'a str)> {
        let &(pi, ti) = self.tasks.get(id)?;
        let phase = &self.plan.phases[pi];
        Some((&phase.tasks[ti], phase.id.as_str()))
    }

    fn phase(&self, id: &str) -> Option<&'a Phase> {
        self.phases.get(id).map(|&pi| &self.plan.phases[pi])
    }

    fn ids(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.tasks.keys().chain(self.phases.keys()).copied()
    }
}

/// Fresh ids above every id and counter of the three plans.
struct Minter {
    next_task: u64,
    next_phase: u64,
}

impl Minter {
    fn new(plans: [&Plan; 3]) -> Minter {
        // Count every id whatever its kind, so that a hand-edited `t3` phase
        // can never collide with a minted task id either.
        let mut highest_t = 0;
        let mut highest_p = 0;
        let mut next_task = 1;
        let mut next_phase = 1;
        for plan in plans {
            next_task = next_task.max(plan.next_task_id);
            next_phase = next_phase.max(plan.next_phase_id);
            let ids = plan
                .phases
                .iter()
                .map(|p| p.id.as_str())
                .chain(plan.tasks().map(|(_, _, t)| t.id.as_str()));
            for id in ids {
                highest_t = highest_t.max(id_number(id, 't').unwrap_or(0));
                highest_p = highest_p.max(id_number(id, 'p').unwrap_or(0));
            }
        }
        Minter {
            next_task: next_task.max(highest_t.saturating_add(1)),
            next_phase: next_phase.max(highest_p.saturating_add(1)),
        }
    }

    fn mint(&mut self, prefix: char, taken: &HashSet<String>) -> String {
        loop {
            let counter = if prefix == 'p' {
                &mut self.next_phase
            } else {
                &mut self.next_task
            };
            let id = format!("{prefix}{counter}");
            *counter = counter.saturating_add(1);
            if !taken.contains(&id) {
                return id;
            }
        }
    }
}

/// A task's status with the fields that only make sense together with it.
#[derive(Clone, Debug, PartialEq)]
struct State {
    status: Status,
    blocker: Option<String>,
    dropped_by: Option<String>,
}

impl State {
    fn of(task: &Task) -> State {
        State {
            status: task.status,
            blocker: task.blocker.clone(),
            dropped_by: task.dropped_by.clone(),
        }
    }

    /// A move the one-task-in-progress rule could have made on its own.
    fn is_soft_change_from(&self, base: &State) -> bool {
        self != base
            && self.status.is_active()
            && base.status.is_active()
            && self.blocker == base.blocker
            && self.dropped_by == base.dropped_by
    }

    fn is_hard_change_from(&self, base: &State) -> bool {
        self != base && !self.is_soft_change_from(base)
    }
}

/// The rank that settles a status clash (higher wins).
fn rank(status: Status) -> u8 {
    match status {
        Status::Completed => 4,
        Status::Abandoned => 3,
        Status::Blocked => 2,
        Status::InProgress => 1,
        Status::Pending => 0,
    }
}

/// Merge task states: the merged state, and the conflict text if the two
/// sides' changes clashed.
fn merge_state(b: &State, o: &State, t: &State) -> (State, Option<String>) {
    if t == b || o == t {
        return (o.clone(), None);
    }
    if o == b {
        return (t.clone(), None);
    }
    let (o_hard, t_hard) = (o.is_hard_change_from(b), t.is_hard_change_from(b));
    if !o_hard && t_hard {
        return (t.clone(), None);
    }
    if o_hard && !t_hard {
        return (o.clone(), None);
    }
    if o.status.is_active() && t.status.is_active() {
        // Both left it to be worked on; which one is in progress is for
        // settle() to decide.
        let pick = if t.status == Status::InProgress && o.status != Status::InProgress {
            t
        } else {
            o
        };
        return (pick.clone(), None);
    }
    if o.status == t.status {
        let what = if o.blocker != t.blocker {
            format!(
                "blocked on both sides for different reasons; kept ours ({}), theirs said {}",
                quoted_or_none(o.blocker.as_deref()),
                quoted_or_none(t.blocker.as_deref())
            )
        } else {
            format!(
                "{} on both sides with different drop marks; kept ours ({}), theirs had {}",
                o.status,
                quoted_or_none(o.dropped_by.as_deref()),
                quoted_or_none(t.dropped_by.as_deref())
            )
        };
        return (o.clone(), Some(what));
    }
    let (win, lose) = if rank(t.status) > rank(o.status) {
        (t, o)
    } else {
        (o, t)
    };
    let why = if !win.status.is_open() && lose.status.is_open() {
        "finished beats open"
    } else if win.status == Status::Completed {
        "completed beats abandoned"
    } else {
        "blocked beats pending and in progress"
    };
    let msg = format!(
        "status changed on both sides: {} on ours, {} on theirs; kept {} ({why})",
        o.status, t.status, win.status
    );
    (win.clone(), Some(msg))
}

fn quoted_or_none(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("\"{s}\""),
        None => "none".into(),
    }
}

/// Three-way merge of one value; `true` when both sides changed it differently
/// (ours is returned then).
fn merge3<T: PartialEq + Clone>(b: &T, o: &T, t: &T) -> (T, bool) {
    if t == b || o == t {
        (o.clone(), false)
    } else if o == b {
        (t.clone(), false)
    } else {
        (o.clone(), true)
    }
}

/// Notes: ours in order minus those theirs removed, then theirs' new ones.
fn merge_notes(b: &[String], o: &[String], t: &[String]) -> Vec<String> {
    let mut out: Vec<String> = o
        .iter()
        .filter(|n| !b.contains(n) || t.contains(n))
        .cloned()
        .collect();
    for n in t {
        if !b.contains(n) && !out.contains(n) {
            out.push(n.clone());
        }
    }
    out
}

/// Unknown fields key by key; returns the keys that clashed.
fn merge_map(
    b: &Map<String, Value>,
    o: &Map<String, Value>,
    t: &Map<String, Value>,
) -> (Map<String, Value>, Vec<String>) {
    let mut out = Map::new();
    let mut clashes = Vec::new();
    let keys = o.keys().chain(t.keys().filter(|k| !o.contains_key(*k)));
    for key in keys {
        let (bv, ov, tv) = (b.get(key), o.get(key), t.get(key));
        let (value, clash) = merge3(&bv, &ov, &tv);
        // A key removed on ours and changed on theirs is kept, as tasks are.
        let value = if clash && ov.is_none() { tv } else { value };
        if clash {
            clashes.push(key.clone());
        }
        if let Some(v) = value {
            out.insert(key.clone(), v.clone());
        }
    }
    (out, clashes)
}

/// What changed from `base` to a side, in words, for removal conflicts.
fn edits(b: &Task, b_phase: &str, s: &Task, s_phase: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    if s.content != b.content {
        out.push("text");
    }
    if State::of(s).is_hard_change_from(&State::of(b)) {
        out.push("status");
    }
    if s.notes != b.notes {
        out.push("notes");
    }
    if s.extra != b.extra {
        out.push("fields");
    }
    if s_phase != b_phase {
        out.push("phase");
    }
    out
}

/// Order merged items: ours' order (or theirs' when only theirs reordered),
/// the other side's items placed after their nearest predecessor there.
fn merge_order(
    base: &[String],
    ours: &[String],
    theirs: &[String],
    keep: impl Fn(&str) -> bool,
) -> Vec<String> {
    let in_all: HashSet<&String> = {
        let o: HashSet<&String> = ours.iter().collect();
        let t: HashSet<&String> = theirs.iter().collect();
        base.iter()
            .filter(|x| o.contains(x) && t.contains(x))
            .collect()
    };
    let common = |list: &[String]| -> Vec<String> {
        list.iter()
            .filter(|x| in_all.contains(x))
            .cloned()
            .collect()
    };
    let (b, o, t) = (common(base), common(ours), common(theirs));
    let theirs_leads = o == b && t != b;
    let (primary, secondary) = if theirs_leads {
        (theirs, ours)
    } else {
        (ours, theirs)
    };
    let base_set: HashSet<&String> = base.iter().collect();
    let secondary_set: HashSet<&String> = secondary.iter().collect();
    let mut out: Vec<String> = primary.iter().filter(|x| keep(x)).cloned().collect();
    for (i, item) in secondary.iter().enumerate() {
        if !keep(item) || out.contains(item) {
            continue;
        }
        let anchor = secondary[..i]
            .iter()
            .rev()
            .find_map(|prev| out.iter().position(|x| x == prev));
        let mut pos = anchor.map_or(0, |a| a + 1);
        if !theirs_leads {
            // Items new on ours at the same spot go first.
            while pos < out.len()
                && !base_set.contains(&out[pos])
                && !secondary_set.contains(&out[pos])
            {
                pos += 1;
            }
        }
        out.insert(pos, item.clone());
    }
    out
}

/// A task as merged, with the result id of its phase.
struct Resolved {
    task: Task,
    phase: String,
}

/// Items of one kind as `(id, text)`: a task's content or a phase's name.
type Items<'a> = Vec<(&'a str, &'a str)>;

/// Which items of the three plans are one and the same, as ids in the
/// result. Ours' ids are always result ids; base and theirs ids are mapped.
#[derive(Default)]
struct Identity {
    base: HashMap<String, String>,
    theirs: HashMap<String, String>,
    from_base: HashMap<String, String>,
    from_theirs: HashMap<String, String>,
}

impl Identity {
    fn link_base(&mut self, base_id: &str, id: &str) {
        self.base.insert(base_id.to_string(), id.to_string());
        self.from_base.insert(id.to_string(), base_id.to_string());
    }

    fn link_theirs(&mut self, theirs_id: &str, id: &str) {
        self.theirs.insert(theirs_id.to_string(), id.to_string());
        self.from_theirs
            .insert(id.to_string(), theirs_id.to_string());
    }

    fn of_base(&self, id: &str) -> String {
        self.base.get(id).cloned().unwrap_or_else(|| id.to_string())
    }

    fn of_theirs(&self, id: &str) -> String {
        self.theirs
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }
}

/// For one side, the base item each of its items is (side id → base id).
///
/// Normally the same id. But an earlier merge may have renumbered an item:
/// a rebase replays a branch commit by commit, and the branch's later
/// commits still use the id the item had before the first replay moved it;
/// merging the same branches twice does the same. Such a side holds the
/// base id on other, new text, and a new item with the base item's text:
/// that new item is the base item. Only when the base text is unique, so
/// the guess cannot pick between two.
fn keys(base: &Items, side: &Items) -> HashMap<String, String> {
    let base_ids: HashSet<&str> = base.iter().map(|(id, _)| *id).collect();
    let mut text_count: HashMap<&str, usize> = HashMap::new();
    for (_, text) in base {
        *text_count.entry(text).or_default() += 1;
    }
    let side_text: HashMap<&str, &str> = side.iter().copied().collect();
    let mut keys = HashMap::new();
    let mut displaced: HashSet<&str> = HashSet::new();
    let mut aliased: HashSet<&str> = HashSet::new();
    for (bid, btext) in base {
        let Some(stext) = side_text.get(bid) else {
            continue;
        };
        let renumbered =
            stext != btext && !text_count.contains_key(stext) && text_count.get(btext) == Some(&1);
        if !renumbered {
            continue;
        }
        let twin = side
            .iter()
            .find(|(sid, st)| st == btext && !base_ids.contains(sid) && !aliased.contains(sid));
        if let Some((sid, _)) = twin {
            aliased.insert(sid);
            displaced.insert(bid);
            keys.insert(sid.to_string(), bid.to_string());
        }
    }
    for (sid, _) in side {
        if base_ids.contains(sid) && !displaced.contains(sid) {
            keys.insert(sid.to_string(), sid.to_string());
        }
    }
    keys
}

fn task_items(plan: &Plan) -> Items<'_> {
    plan.tasks()
        .map(|(_, _, t)| (t.id.as_str(), t.content.as_str()))
        .collect()
}

fn phase_items(plan: &Plan) -> Items<'_> {
    plan.phases
        .iter()
        .map(|p| (p.id.as_str(), p.name.as_str()))
        .collect()
}

struct Merger<'a> {
    base: Side<'a>,
    ours: Side<'a>,
    theirs: Side<'a>,
    minter: Minter,
    /// Every id the result uses or must not reuse.
    taken: HashSet<String>,
    tasks: Identity,
    phases: Identity,
    findings: Vec<Finding>,
}

impl<'a> Merger<'a> {
    fn new(base: &'a Plan, ours: &'a Plan, theirs: &'a Plan) -> Merger<'a> {
        let base = Side::new(base);
        let ours = Side::new(ours);
        let taken = base.ids().chain(ours.ids()).map(str::to_string).collect();
        Merger {
            minter: Minter::new([base.plan, ours.plan, theirs]),
            base,
            ours,
            theirs: Side::new(theirs),
            taken,
            tasks: Identity::default(),
            phases: Identity::default(),
            findings: Vec::new(),
        }
    }

    fn run(mut self) -> Merged {
        let (base, ours, theirs) = (self.base.plan, self.ours.plan, self.theirs.plan);
        self.phases = self.identify(
            phase_items(base),
            phase_items(ours),
            phase_items(theirs),
            'p',
        );
        self.tasks = self.identify(task_items(base), task_items(ours), task_items(theirs), 't');
        let resolved = self.resolve_tasks();
        let phases = self.resolve_phases(resolved);
        let (extra, clashes) = merge_map(&base.extra, &ours.extra, &theirs.extra);
        for key in clashes {
            self.conflict(
                "plan",
                "",
                format!("field \"{key}\" changed on both sides; kept ours"),
            );
        }
        let mut plan = Plan {
            version: ours.version,
            rev: ours.rev.max(theirs.rev).saturating_add(1),
            next_phase_id: 0,
            next_task_id: 0,
            phases,
            extra,
            changes: 0,
        };
        self.make_ids_unique(&mut plan);
        plan.next_phase_id = self.minter.next_phase;
        plan.next_task_id = self.minter.next_task;
        plan.settle();
        self.note_duplicate_content(&plan);
        Merged {
            plan,
            findings: self.findings,
        }
    }

    fn conflict(&mut self, id: &str, subject: &str, message: String) {
        self.push(Severity::Conflict, id, subject, message);
    }

    fn notice(&mut self, id: &str, subject: &str, message: String) {
        self.push(Severity::Notice, id, subject, message);
    }

    fn push(&mut self, severity: Severity, id: &str, subject: &str, message: String) {
        self.findings.push(Finding {
            severity,
            id: id.to_string(),
            subject: subject.to_string(),
            message,
        });
    }

    /// Decide which items are the same (see the module rules) and give
    /// every base and theirs item its id in the result.
    fn identify(&mut self, base: Items, ours: Items, theirs: Items, prefix: char) -> Identity {
        let ours_keys = keys(&base, &ours);
        let theirs_keys = keys(&base, &theirs);
        let ours_by_key: HashMap<&str, &str> = ours_keys
            .iter()
            .map(|(o, b)| (b.as_str(), o.as_str()))
            .collect();
        let mut ids = Identity::default();
        for (bid, _) in &base {
            ids.link_base(bid, ours_by_key.get(bid).copied().unwrap_or(bid));
        }
        for (tid, _) in &theirs {
            if let Some(bid) = theirs_keys.get(*tid) {
                let id = ids.of_base(bid);
                ids.link_theirs(tid, &id);
            }
        }
        let ours_new: Items = ours
            .iter()
            .copied()
            .filter(|(id, _)| !ours_keys.contains_key(*id))
            .collect();
        let theirs_new: Items = theirs
            .iter()
            .copied()
            .filter(|(id, _)| !theirs_keys.contains_key(*id))
            .collect();
        // The same item made on both sides: same id and text, then same text.
        let mut matched: HashSet<&str> = HashSet::new();
        for (tid, text) in &theirs_new {
            if ours_new.contains(&(tid, text)) {
                matched.insert(tid);
                ids.link_theirs(tid, tid);
            }
        }
        for (tid, text) in &theirs_new {
            if ids.theirs.contains_key(*tid) {
                continue;
            }
            let twin = ours_new
                .iter()
                .find(|(oid, otext)| otext == text && !matched.contains(oid));
            if let Some((oid, _)) = twin {
                matched.insert(oid);
                ids.link_theirs(tid, oid);
            }
        }
        let ours_text: HashMap<&str, &str> = ours.iter().copied().collect();
        let rest: Vec<(String, String, Option<String>)> = theirs_new
            .iter()
            .filter(|(tid, _)| !ids.theirs.contains_key(*tid))
            .map(|(tid, text)| {
                let clash = ours_text.get(tid).map(|t| t.to_string());
                (tid.to_string(), text.to_string(), clash)
            })
            .collect();
        for (tid, id) in self.fresh_ids(rest, prefix) {
            ids.link_theirs(&tid, &id);
        }
        self.taken.extend(ids.theirs.values().cloned());
        ids
    }

    /// Ids for theirs' new items that match nothing on ours: kept while
    /// free; from the first one ours (or the base) uses on, that one and
    /// every later one gets a fresh id, so ids still follow creation order —
    /// ours' new items, then theirs'. Items are `(id, text, ours' text for
    /// that id)`.
    fn fresh_ids(
        &mut self,
        mut items: Vec<(String, String, Option<String>)>,
        prefix: char,
    ) -> Vec<(String, String)> {
        // Stable: ids that are not ours' shape keep their place at the end.
        items.sort_by_key(|(id, _, _)| id_number(id, prefix).unwrap_or(u64::MAX));
        let mut shifting = false;
        let mut out = Vec::new();
        for (id, text, clash) in items {
            shifting |= self.taken.contains(&id);
            if !shifting {
                self.taken.insert(id.clone());
                out.push((id.clone(), id));
                continue;
            }
            let fresh = self.minter.mint(prefix, &self.taken);
            self.taken.insert(fresh.clone());
            let message = match clash {
                Some(ours) => {
                    format!("new on both sides as {id} (ours: \"{ours}\"); theirs' is now {fresh}")
                }
                None => format!("new on theirs as {id}; now {fresh}, after the ids ours added"),
            };
            self.notice(&fresh, &text, message);
            out.push((id, fresh));
        }
        out
    }

    /// A side's version of a result task, with its phase as a result id.
    fn base_task(&self, id: &str) -> Option<(&'a Task, String)> {
        let (task, phase) = self.base.task(self.tasks.from_base.get(id)?)?;
        Some((task, self.phases.of_base(phase)))
    }

    fn ours_task(&self, id: &str) -> Option<(&'a Task, String)> {
        let (task, phase) = self.ours.task(id)?;
        Some((task, phase.to_string()))
    }

    fn theirs_task(&self, id: &str) -> Option<(&'a Task, String)> {
        let (task, phase) = self.theirs.task(self.tasks.from_theirs.get(id)?)?;
        Some((task, self.phases.of_theirs(phase)))
    }

    fn base_phase(&self, id: &str) -> Option<&'a Phase> {
        self.phases
            .from_base
            .get(id)
            .and_then(|b| self.base.phase(b))
    }

    fn theirs_phase(&self, id: &str) -> Option<&'a Phase> {
        self.phases
            .from_theirs
            .get(id)
            .and_then(|t| self.theirs.phase(t))
    }

    /// A base or theirs phase's task ids, as result ids.
    fn task_ids(phase: Option<&Phase>, map: impl Fn(&str) -> String) -> Vec<String> {
        phase
            .map(|p| p.tasks.iter().map(|t| map(&t.id)).collect())
            .unwrap_or_default()
    }

    /// Every task of the result, by result id.
    fn resolve_tasks(&mut self) -> HashMap<String, Resolved> {
        let mut ids: Vec<String> = self
            .ours
            .plan
            .tasks()
            .map(|(_, _, t)| t.id.clone())
            .collect();
        let mut seen: HashSet<String> = ids.iter().cloned().collect();
        for t in self.theirs.plan.tasks().map(|(_, _, t)| &t.id) {
            if let Some(id) = self.tasks.theirs.get(t)
                && seen.insert(id.clone())
            {
                ids.push(id.clone());
            }
        }
        let mut out = HashMap::new();
        for id in ids {
            if let Some(r) = self.resolve_task(&id) {
                out.insert(id, r);
            }
        }
        out
    }

    fn resolve_task(&mut self, id: &str) -> Option<Resolved> {
        let base = self.base_task(id);
        let ours = self.ours_task(id);
        let theirs = self.theirs_task(id);
        match (base, ours, theirs) {
            (Some((b, bp)), Some((o, op)), Some((t, tp))) => {
                Some(self.merge_task(b, &bp, o, &op, t, &tp))
            }
            (Some((b, bp)), Some((o, op)), None) => {
                let changed = edits(b, &bp, o, &op);
                if changed.is_empty() {
                    return None;
                }
                self.conflict(
                    id,
                    &o.content,
                    format!(
                        "removed on theirs but changed on ours ({}); kept",
                        changed.join(", ")
                    ),
                );
                Some(Resolved {
                    task: o.clone(),
                    phase: op,
                })
            }
            (Some((b, bp)), None, Some((t, tp))) => {
                let changed = edits(b, &bp, t, &tp);
                if changed.is_empty() {
                    return None;
                }
                self.conflict(
                    id,
                    &t.content,
                    format!(
                        "removed on ours but changed on theirs ({}); kept",
                        changed.join(", ")
                    ),
                );
                let mut task = t.clone();
                task.id = id.to_string();
                Some(Resolved { task, phase: tp })
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
            (None, Some((o, op)), None) => Some(Resolved {
                task: o.clone(),
                phase: op,
            }),
            (None, None, Some((t, tp))) => {
                let mut task = t.clone();
                task.id = id.to_string();
                Some(Resolved { task, phase: tp })
            }
            (_, None, None) => None,
        }
    }

    fn merge_task(
        &mut self,
        b: &Task,
        bp: &str,
        o: &Task,
        op: &str,
        t: &Task,
        tp: &str,
    ) -> Resolved {
        let id = o.id.clone();
        let (content, clash) = merge3(&b.content, &o.content, &t.content);
        if clash {
            self.conflict(
                &id,
                &content,
                format!(
                    "text changed on both sides; kept ours, theirs was \"{}\"",
                    t.content
                ),
            );
        }
        let (state, clash) = merge_state(&State::of(b), &State::of(o), &State::of(t));
        if let Some(msg) = clash {
            self.conflict(&id, &content, msg);
        }
        let (extra, clashes) = merge_map(&b.extra, &o.extra, &t.extra);
        for key in clashes {
            self.conflict(
                &id,
                &content,
                format!("field \"{key}\" changed on both sides; kept ours"),
            );
        }
        let (phase, clash) = merge3(&bp.to_string(), &op.to_string(), &tp.to_string());
        if clash {
            let name = |p: Option<&Phase>| p.map(|p| p.name.clone()).unwrap_or_default();
            let ours_name = name(self.ours.phase(op));
            let theirs_name = name(self.theirs_phase(tp));
            self.conflict(
                &id,
                &content,
                format!("moved to different phases; kept ours ({op} \"{ours_name}\"), theirs moved it to {tp} \"{theirs_name}\""),
            );
        }
        Resolved {
            task: Task {
                id,
                content,
                status: state.status,
                blocker: state.blocker,
                dropped_by: state.dropped_by,
                notes: merge_notes(&b.notes, &o.notes, &t.notes),
                extra: extra.into(),
            },
            phase,
        }
    }

    /// Every phase of the result, in order, holding its tasks in order.
    fn resolve_phases(&mut self, mut tasks: HashMap<String, Resolved>) -> Vec<Phase> {
        let mut members: HashMap<String, HashSet<String>> = HashMap::new();
        for (id, r) in &tasks {
            members
                .entry(r.phase.clone())
                .or_default()
                .insert(id.clone());
        }
        let base_ids: Vec<String> = (self.base.plan.phases.iter())
            .map(|p| self.phases.of_base(&p.id))
            .collect();
        let ours_ids: Vec<String> = self.ours.plan.phases.iter().map(|p| p.id.clone()).collect();
        let theirs_ids: Vec<String> = (self.theirs.plan.phases.iter())
            .map(|p| self.phases.of_theirs(&p.id))
            .collect();
        let mut candidates: Vec<String> = ours_ids.clone();
        for id in theirs_ids.iter().chain(&base_ids) {
            if !candidates.contains(id) {
                candidates.push(id.clone());
            }
        }
        let mut phases: HashMap<String, Phase> = HashMap::new();
        for id in &candidates {
            let has_tasks = members.contains_key(id);
            if let Some(mut phase) = self.resolve_phase(id, has_tasks) {
                let base_tasks = Self::task_ids(self.base_phase(id), |t| self.tasks.of_base(t));
                let ours_tasks = Self::task_ids(self.ours.phase(id), str::to_string);
                let theirs_tasks =
                    Self::task_ids(self.theirs_phase(id), |t| self.tasks.of_theirs(t));
                let mine = members.remove(id).unwrap_or_default();
                let mut order = merge_order(&base_tasks, &ours_tasks, &theirs_tasks, |t| {
                    mine.contains(t)
                });
                // Unreachable by construction; never drop a task if it happens.
                let mut rest: Vec<&String> = mine.iter().filter(|t| !order.contains(t)).collect();
                rest.sort();
                order.extend(rest.into_iter().cloned());
                phase.tasks = order
                    .iter()
                    .filter_map(|t| tasks.remove(t).map(|r| r.task))
                    .collect();
                phases.insert(id.clone(), phase);
            }
        }
        let order = merge_order(&base_ids, &ours_ids, &theirs_ids, |p| {
            phases.contains_key(p)
        });
        let mut out: Vec<Phase> = order.iter().filter_map(|p| phases.remove(p)).collect();
        // Tasks whose phase vanished (unreachable by construction) get a home.
        let mut orphans: Vec<Task> = tasks.into_values().map(|r| r.task).collect();
        if !orphans.is_empty() {
            orphans.sort_by(|a, b| a.id.cmp(&b.id));
            let id = self.minter.mint('p', &self.taken);
            self.taken.insert(id.clone());
            self.conflict(
                &id,
                "Merged",
                "tasks whose phase was lost were put here".into(),
            );
            out.push(Phase {
                id,
                name: "Merged".into(),
                tasks: orphans,
                extra: Map::new(),
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
                let (name, clash) = merge3(&b.name, &o.name, &t.name);
                if clash {
                    self.conflict(
                        id,
                        &name,
                        format!(
                            "renamed on both sides; kept ours, theirs named it \"{}\"",
                            t.name
                        ),
                    );
                }
                let (extra, clashes) = merge_map(&b.extra, &o.extra, &t.extra);
                for key in clashes {
                    self.conflict(
                        id,
                        &name,
                        format!("field \"{key}\" changed on both sides; kept ours"),
                    );
                }
                Some(Phase {
                    id: id.to_string(),
                    name,
                    tasks: Vec::new(),
                    extra,
                })
            }
            (Some(b), Some(s), None) | (Some(b), None, Some(s)) => {
                let (kept_on, removed_on) = if ours.is_some() {
                    ("ours", "theirs")
                } else {
                    ("theirs", "ours")
                };
                let renamed = s.name != b.name || s.extra != b.extra;
                if !renamed && !has_tasks {
                    return None;
                }
                let why = if renamed {
                    format!("changed on {kept_on}")
                } else {
                    format!("{kept_on} still has tasks in it")
                };
                self.conflict(
                    id,
                    &s.name,
                    format!("phase removed on {removed_on} but {why}; kept"),
                );
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
        let mut seen: HashSet<String> = HashSet::new();
        let mut renames = Vec::new();
        for phase in &mut plan.phases {
            if !seen.insert(phase.id.clone()) {
                let fresh = self.minter.mint('p', &self.taken);
                self.taken.insert(fresh.clone());
                renames.push((
                    fresh.clone(),
                    phase.name.clone(),
                    std::mem::replace(&mut phase.id, fresh),
                ));
            }
            for task in &mut phase.tasks {
                if !seen.insert(task.id.clone()) {
                    let fresh = self.minter.mint('t', &self.taken);
                    self.taken.insert(fresh.clone());
                    renames.push((
                        fresh.clone(),
                        task.content.clone(),
                        std::mem::replace(&mut task.id, fresh),
                    ));
                }
            }
        }
        for (fresh, subject, old) in renames {
            self.notice(
                &fresh,
                &subject,
                format!("id {old} was used twice; renumbered to {fresh}"),
            );
        }
    }

    /// Two tasks with the same text are legal in the file but refused by
    /// `append` and hard to name by text; say so.
    fn note_duplicate_content(&mut self, plan: &Plan) {
        let mut first: HashMap<&str, &str> = HashMap::new();
        let mut dups = Vec::new();
        for (_, _, t) in plan.tasks() {
            if let Some(other) = first.insert(t.content.as_str(), t.id.as_str()) {
                dups.push((t.id.clone(), t.content.clone(), other.to_string()));
                first.insert(t.content.as_str(), other);
            }
        }
        for (id, content, other) in dups {
            self.notice(
                &id,
                &content,
                format!("same text as {other}; name them by id"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::json;
    use crate::plan::ops::{Op, PhaseRef};

    /// A plan built through the real ops, so ids, counters and statuses are
    /// what `todo` itself would write: `[("A", &["a", "b"]), ("B", &["c"])]`.
    fn build(phases: &[(&str, &[&str])]) -> Plan {
        let mut plan = Plan::default();
        for (name, tasks) in phases {
            for (i, content) in tasks.iter().enumerate() {
                let phase = match plan.phases.last() {
                    Some(last) if i > 0 => PhaseRef::Id(last.id.clone()),
                    _ => PhaseRef::New((*name).into()),
                };
                plan.apply(Op::AddTask {
                    phase,
                    content: (*content).into(),
                })
                .unwrap();
            }
        }
        plan.rev = 5;
        plan
    }

    /// `plan` after `ops`, one rev each, as a branch's commits would leave it.
    fn edit(plan: &Plan, ops: Vec<Op>) -> Plan {
        let mut plan = plan.clone();
        for op in ops {
            plan.apply(op).unwrap();
            plan.rev += 1;
        }
        plan
    }

    fn set(task: &str, status: Status) -> Op {
        Op::SetStatus {
            task: task.into(),
            status,
            blocker: None,
        }
    }

    fn block(task: &str, reason: &str) -> Op {
        Op::SetStatus {
            task: task.into(),
            status: Status::Blocked,
            blocker: Some(reason.into()),
        }
    }

    fn add(phase: &str, content: &str) -> Op {
        let phase = if id_number(phase, 'p').is_some() {
            PhaseRef::Id(phase.into())
        } else {
            PhaseRef::New(phase.into())
        };
        Op::AddTask {
            phase,
            content: content.into(),
        }
    }

    fn note(task: &str, text: &str) -> Op {
        Op::Note {
            task: task.into(),
            text: text.into(),
        }
    }

    /// The plan in one line: `p1 A: t1[x] a, t2[/] b | p2 B: t3[ ] c`.
    fn summary(plan: &Plan) -> String {
        plan.phases
            .iter()
            .map(|p| {
                let tasks: Vec<String> = p
                    .tasks
                    .iter()
                    .map(|t| format!("{}[{}] {}", t.id, t.status.marker(), t.content))
                    .collect();
                format!("{} {}: {}", p.id, p.name, tasks.join(", "))
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn task<'a>(plan: &'a Plan, id: &str) -> &'a Task {
        plan.task_by_id(id).map(|(_, t)| t).unwrap()
    }

    /// The findings as their printed lines.
    fn lines(m: &Merged) -> Vec<String> {
        m.findings.iter().map(ToString::to_string).collect()
    }

    /// Every merge must leave a file `todo` reads back as the same plan.
    fn check_file(m: &Merged) {
        let text = json::render(&m.plan);
        assert_eq!(json::parse(&text).unwrap(), m.plan, "{text}");
    }

    fn base() -> Plan {
        build(&[("Auth", &["a", "b", "c"]), ("Billing", &["d", "e"])])
    }

    #[test]
    fn one_sided_edits_on_both_sides_are_all_taken() {
        let base = base();
        let ours = edit(
            &base,
            vec![
                set("t1", Status::Completed),
                add("p1", "f"),
                note("t3", "n1"),
                Op::RenamePhase {
                    phase: "p2".into(),
                    name: "Money".into(),
                },
            ],
        );
        let theirs = edit(
            &base,
            vec![
                set("t4", Status::Completed),
                add("p2", "g"),
                Op::RenameTask {
                    task: "t3".into(),
                    content: "c2".into(),
                },
                note("t1", "n2"),
            ],
        );
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[x] a, t2[/] b, t3[ ] c2, t6[ ] f | p2 Money: t4[x] d, t5[ ] e, t7[ ] g"
        );
        assert_eq!(task(&m.plan, "t3").notes, ["n1"]);
        assert_eq!(task(&m.plan, "t1").notes, ["n2"]);
        // Both minted t6; theirs' task is renumbered above every id.
        assert_eq!(
            lines(&m),
            ["note t7 \"g\": new on both sides as t6 (ours: \"f\"); theirs' is now t7"]
        );
        assert!(m.is_clean());
        assert_eq!(m.plan.rev, ours.rev.max(theirs.rev) + 1);
        assert_eq!((m.plan.next_task_id, m.plan.next_phase_id), (8, 3));
        check_file(&m);
    }

    #[test]
    fn the_same_change_on_both_sides_is_taken_once() {
        let base = base();
        let both = vec![
            set("t1", Status::Completed),
            add("p1", "f"),
            note("t2", "n"),
        ];
        let ours = edit(&base, both.clone());
        let mut theirs = edit(&base, both);
        theirs.rev += 3;
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[x] a, t2[/] b, t3[ ] c, t6[ ] f | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert_eq!(task(&m.plan, "t2").notes, ["n"]);
        assert!(m.findings.is_empty(), "{:?}", lines(&m));
        assert_eq!(m.plan.rev, theirs.rev + 1);
        assert_eq!(m.plan.next_task_id, 7);
    }

    #[test]
    fn the_same_task_added_under_different_ids_is_one_task() {
        let base = base();
        let ours = edit(&base, vec![add("p1", "x"), add("p1", "f")]);
        let theirs = edit(&base, vec![add("p1", "f")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, t6[ ] x, t7[ ] f | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert!(m.findings.is_empty(), "{:?}", lines(&m));
        assert_eq!(m.plan.next_task_id, 8);
    }

    #[test]
    fn an_auto_start_is_not_an_edit() {
        let base = base();
        // Completing t1 started t2 on ours; theirs removed t2.
        let ours = edit(&base, vec![set("t1", Status::Completed)]);
        assert_eq!(task(&ours, "t2").status, Status::InProgress);
        let theirs = edit(&base, vec![Op::RemoveTask { task: "t2".into() }]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[x] a, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert!(m.findings.is_empty(), "{:?}", lines(&m));

        // Theirs completed t2, which ours had only auto-started: no conflict.
        let theirs = edit(&base, vec![set("t2", Status::Completed)]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[x] a, t2[x] b, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert!(m.findings.is_empty(), "{:?}", lines(&m));
    }

    #[test]
    fn a_start_on_one_side_is_taken_and_the_result_settled() {
        let base = base();
        let ours = edit(&base, vec![Op::Start { task: "t5".into() }]);
        let theirs = edit(&base, vec![add("p2", "f")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[ ] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[/] e, t6[ ] f"
        );
        assert!(m.is_clean());

        // Both sides started a different task: one stays in progress.
        let theirs = edit(&base, vec![Op::Start { task: "t3".into() }]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[ ] a, t2[ ] b, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert!(m.findings.is_empty(), "{:?}", lines(&m));
    }

    #[test]
    fn status_clashes_follow_the_documented_rank() {
        let base = base();
        let done = edit(&base, vec![set("t2", Status::Completed)]);
        let dropped = edit(&base, vec![set("t2", Status::Abandoned)]);
        for (ours, theirs, line) in [
            (
                &done,
                &dropped,
                "conflict t2 \"b\": status changed on both sides: completed on ours, abandoned on theirs; kept completed (completed beats abandoned)",
            ),
            (
                &dropped,
                &done,
                "conflict t2 \"b\": status changed on both sides: abandoned on ours, completed on theirs; kept completed (completed beats abandoned)",
            ),
        ] {
            let m = merge(&base, ours, theirs);
            let t = task(&m.plan, "t2");
            assert_eq!(
                (t.status, t.dropped_by.as_deref()),
                (Status::Completed, None)
            );
            assert_eq!(lines(&m), [line]);
            assert!(!m.is_clean());
            check_file(&m);
        }

        // Finished beats open: reopened on ours, dropped on theirs.
        let base = done;
        let ours = edit(&base, vec![Op::Start { task: "t2".into() }]);
        let theirs = edit(&base, vec![set("t2", Status::Abandoned)]);
        let m = merge(&base, &ours, &theirs);
        let t = task(&m.plan, "t2");
        assert_eq!(
            (t.status, t.dropped_by.as_deref()),
            (Status::Abandoned, Some("user"))
        );
        assert_eq!(
            lines(&m),
            [
                "conflict t2 \"b\": status changed on both sides: in_progress on ours, abandoned on theirs; kept abandoned (finished beats open)"
            ]
        );
        assert_eq!(m.plan.next_task().map(|(_, t)| t.id.as_str()), Some("t1"));
    }

    #[test]
    fn blocked_tasks_merge_their_reasons() {
        let base = base();
        let ours = edit(&base, vec![block("t3", "vendor")]);
        let theirs = edit(&base, vec![note("t3", "asked again")]);
        let m = merge(&base, &ours, &theirs);
        let t = task(&m.plan, "t3");
        assert_eq!(
            (t.status, t.blocker.as_deref()),
            (Status::Blocked, Some("vendor"))
        );
        assert!(m.findings.is_empty());

        let theirs = edit(&base, vec![block("t3", "legal")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(task(&m.plan, "t3").blocker.as_deref(), Some("vendor"));
        assert_eq!(
            lines(&m),
            [
                "conflict t3 \"c\": blocked on both sides for different reasons; kept ours (\"vendor\"), theirs said \"legal\""
            ]
        );

        // Unblocked on ours, completed on theirs: finished beats open.
        let blocked = ours;
        let ours = edit(&blocked, vec![set("t3", Status::Pending)]);
        let theirs = edit(&blocked, vec![set("t3", Status::Completed)]);
        let m = merge(&blocked, &ours, &theirs);
        let t = task(&m.plan, "t3");
        assert_eq!((t.status, t.blocker.as_deref()), (Status::Completed, None));
        assert_eq!(m.conflicts().count(), 1);
    }

    #[test]
    fn text_clashes_keep_ours_and_report_theirs() {
        let base = base();
        let rename = |task: &str, to: &str| Op::RenameTask {
            task: task.into(),
            content: to.into(),
        };
        let rename_phase = |to: &str| Op::RenamePhase {
            phase: "p1".into(),
            name: to.into(),
        };
        let ours = edit(&base, vec![rename("t2", "b ours"), rename_phase("Login")]);
        let theirs = edit(
            &base,
            vec![rename("t2", "b theirs"), rename_phase("Sign-in")],
        );
        let m = merge(&base, &ours, &theirs);
        assert_eq!(task(&m.plan, "t2").content, "b ours");
        assert_eq!(m.plan.phases[0].name, "Login");
        assert_eq!(
            lines(&m),
            [
                "conflict t2 \"b ours\": text changed on both sides; kept ours, theirs was \"b theirs\"",
                "conflict p1 \"Login\": renamed on both sides; kept ours, theirs named it \"Sign-in\"",
            ]
        );
        check_file(&m);
    }

    #[test]
    fn removed_on_one_side_and_changed_on_the_other_is_kept() {
        let base = base();
        let removed = edit(&base, vec![Op::RemoveTask { task: "t3".into() }]);
        let noted = edit(
            &base,
            vec![note("t3", "keep me"), set("t3", Status::Completed)],
        );
        let m = merge(&base, &removed, &noted);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[x] c | p2 Billing: t4[ ] d, t5[ ] e"
        );
        assert_eq!(task(&m.plan, "t3").notes, ["keep me"]);
        assert_eq!(
            lines(&m),
            ["conflict t3 \"c\": removed on ours but changed on theirs (status, notes); kept"]
        );
        let m = merge(&base, &noted, &removed);
        assert_eq!(
            lines(&m),
            ["conflict t3 \"c\": removed on theirs but changed on ours (status, notes); kept"]
        );

        // Removed on one side, untouched on the other: gone, cleanly.
        let m = merge(&base, &removed, &edit(&base, vec![note("t1", "x")]));
        assert!(m.plan.find_task("t3").is_none());
        assert!(m.findings.is_empty());
    }

    #[test]
    fn a_removed_phase_survives_a_rename_or_new_work_on_the_other_side() {
        let base = base();
        let removed = edit(&base, vec![Op::RemovePhase { phase: "p2".into() }]);
        let renamed = edit(
            &base,
            vec![Op::RenamePhase {
                phase: "p2".into(),
                name: "Money".into(),
            }],
        );
        let m = merge(&base, &removed, &renamed);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Money: "
        );
        assert_eq!(
            lines(&m),
            ["conflict p2 \"Money\": phase removed on ours but changed on theirs; kept"]
        );

        let added = edit(&base, vec![add("p2", "f")]);
        let m = merge(&base, &added, &removed);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t6[ ] f"
        );
        assert_eq!(
            lines(&m),
            [
                "conflict p2 \"Billing\": phase removed on theirs but ours still has tasks in it; kept"
            ]
        );

        // Removed on one side, untouched on the other: gone with its tasks.
        let m = merge(&base, &removed, &edit(&base, vec![note("t1", "x")]));
        assert_eq!(summary(&m.plan), "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c");
        assert!(m.findings.is_empty());
    }

    #[test]
    fn new_phases_on_both_sides() {
        let base = base();
        // Different names under the same new id: theirs is renumbered, and
        // its tasks follow it.
        let ours = edit(&base, vec![add("Docs", "x")]);
        let theirs = edit(&base, vec![add("Ops", "y"), add("p3", "z")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x | p4 Ops: t8[ ] y, t9[ ] z"
        );
        assert_eq!(
            lines(&m),
            [
                "note p4 \"Ops\": new on both sides as p3 (ours: \"Docs\"); theirs' is now p4",
                "note t8 \"y\": new on both sides as t6 (ours: \"x\"); theirs' is now t8",
                "note t9 \"z\": new on theirs as t7; now t9, after the ids ours added",
            ]
        );
        // Fresh ids start above every id of the three plans (theirs used t7).
        assert_eq!((m.plan.next_phase_id, m.plan.next_task_id), (5, 10));

        // The same name: one phase holding both sides' tasks.
        let theirs = edit(&base, vec![add("Docs", "y")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x, t7[ ] y"
        );
        check_file(&m);
    }

    #[test]
    fn moves_between_phases() {
        let base = base();
        let mv = |task: &str, to: &str| Op::MoveTask {
            task: task.into(),
            to: PhaseRef::Id(to.into()),
        };
        let ours = edit(&base, vec![mv("t2", "p2")]);
        let theirs = edit(&base, vec![note("t2", "n"), add("p2", "f")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e, t2[ ] b, t6[ ] f"
        );
        assert!(m.findings.is_empty(), "{:?}", lines(&m));
        // Moved on theirs only: moved, placed after its predecessor there.
        let m = merge(&base, &theirs, &ours);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e, t6[ ] f, t2[ ] b"
        );

        let base = edit(&base, vec![add("Docs", "x")]);
        let ours = edit(&base, vec![mv("t2", "p2")]);
        let theirs = edit(&base, vec![mv("t2", "p3")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            m.plan.task_by_id("t2").map(|(p, _)| p.id.as_str()),
            Some("p2")
        );
        assert_eq!(
            lines(&m),
            [
                "conflict t2 \"b\": moved to different phases; kept ours (p2 \"Billing\"), theirs moved it to p3 \"Docs\""
            ]
        );
    }

    #[test]
    fn notes_merge_as_a_list() {
        let mut base = base();
        base.phases[0].tasks[0].notes = vec!["old".into(), "keep".into()];
        let ours = edit(&base, vec![note("t1", "o1"), note("t1", "both")]);
        let mut theirs = edit(&base, vec![note("t1", "both"), note("t1", "t1")]);
        theirs.phases[0].tasks[0].notes.retain(|n| n != "old");
        let m = merge(&base, &ours, &theirs);
        assert_eq!(task(&m.plan, "t1").notes, ["keep", "o1", "both", "t1"]);
        assert!(m.findings.is_empty());
    }

    #[test]
    fn unknown_fields_merge_key_by_key() {
        let base = base();
        let mut ours = base.clone();
        let mut theirs = base.clone();
        ours.extra.insert("owner".into(), "ann".into());
        theirs.extra.insert("team".into(), "web".into());
        ours.phases[0].tasks[0]
            .extra
            .insert("due".into(), "mon".into());
        theirs.phases[0].tasks[0]
            .extra
            .insert("due".into(), "tue".into());
        theirs.phases[0].tasks[0]
            .extra
            .insert("size".into(), 3.into());
        theirs.phases[1].extra.insert("color".into(), "red".into());
        let m = merge(&base, &ours, &theirs);
        let keys: Vec<&String> = m.plan.extra.keys().collect();
        assert_eq!(keys, ["owner", "team"]);
        let t = task(&m.plan, "t1");
        assert_eq!(t.extra.get("due"), Some(&Value::from("mon")));
        assert_eq!(t.extra.get("size"), Some(&Value::from(3)));
        assert_eq!(
            m.plan.phases[1].extra.get("color"),
            Some(&Value::from("red"))
        );
        assert_eq!(
            lines(&m),
            ["conflict t1 \"a\": field \"due\" changed on both sides; kept ours"]
        );
        check_file(&m);
    }

    #[test]
    fn order_follows_ours_and_places_theirs_after_its_predecessor() {
        let base = base();
        // Theirs put a new task after `a` (as `todo edit` could).
        let mut theirs = edit(&base, vec![add("p1", "x")]);
        let x = theirs.phases[0].tasks.remove(3);
        theirs.phases[0].tasks.insert(1, x);
        let ours = edit(&base, vec![add("p1", "y")]);
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t7[ ] x, t2[ ] b, t3[ ] c, t6[ ] y | p2 Billing: t4[ ] d, t5[ ] e"
        );

        // Theirs reordered, ours did not: theirs' order leads, and ours' new
        // task goes after its predecessor on ours (`c`).
        let mut theirs = base.clone();
        theirs.phases[0].tasks.reverse();
        theirs.phases.reverse();
        let m = merge(&base, &ours, &theirs);
        assert_eq!(
            summary(&m.plan),
            "p2 Billing: t4[ ] d, t5[ ] e | p1 Auth: t3[ ] c, t6[ ] y, t2[ ] b, t1[/] a"
        );
    }

    #[test]
    fn an_empty_base_merges_two_new_plans() {
        let ours = build(&[("Todos", &["a", "b"])]);
        let theirs = build(&[("Todos", &["a", "c"])]);
        let m = merge(&Plan::default(), &ours, &theirs);
        assert_eq!(summary(&m.plan), "p1 Todos: t1[/] a, t2[ ] b, t3[ ] c");
        assert_eq!(
            lines(&m),
            ["note t3 \"c\": new on both sides as t2 (ours: \"b\"); theirs' is now t3"]
        );
        check_file(&m);
    }

    #[test]
    fn counters_never_go_back() {
        let base = base();
        let mut ours = edit(&base, vec![Op::Clear]);
        ours.next_task_id = 40;
        let mut theirs = base.clone();
        theirs.phases[0].tasks[0].id = "t90".into();
        theirs.next_phase_id = 9;
        let m = merge(&base, &ours, &theirs);
        // t1 was removed on ours; t90 is new on theirs and kept.
        assert_eq!(summary(&m.plan), "p1 Auth: t90[/] a");
        assert_eq!((m.plan.next_task_id, m.plan.next_phase_id), (91, 9));
        assert_eq!(m.plan.rev, ours.rev + 1);
    }

    #[test]
    fn a_task_renumbered_by_an_earlier_merge_keeps_its_identity() {
        // A rebase replays theirs commit by commit: the first replay
        // renumbered theirs' new "sso" (t6) to t7 because ours has t6
        // "refunds"; the next commit of theirs still calls it t6.
        let base = base();
        let upstream = edit(&base, vec![add("p2", "refunds")]);
        let commit1 = edit(&base, vec![add("p1", "sso")]);
        let replayed1 = merge(&base, &upstream, &commit1).plan;
        assert_eq!(task(&replayed1, "t7").content, "sso");
        let commit2 = edit(
            &commit1,
            vec![set("t6", Status::Completed), note("t6", "n")],
        );
        let m = merge(&commit1, &replayed1, &commit2);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, t7[x] sso | p2 Billing: t4[ ] d, t5[ ] e, t6[ ] refunds"
        );
        assert_eq!(task(&m.plan, "t7").notes, ["n"]);
        assert!(m.findings.is_empty(), "{:?}", lines(&m));

        // The same when the renumbered side is theirs: main is merged into
        // the branch (main's "refunds" becomes t7 there), main goes on and
        // completes "refunds" (t6 on main), then the branch is merged back.
        let branch = merge(&base, &commit1, &upstream).plan;
        assert_eq!(task(&branch, "t7").content, "refunds");
        let main_later = edit(&upstream, vec![set("t6", Status::Completed)]);
        let m = merge(&upstream, &main_later, &branch);
        // "sso" is new to main and its branch id t6 is main's: a fresh id
        // above t7, which the branch used.
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, t8[ ] sso | p2 Billing: t4[ ] d, t5[ ] e, t6[x] refunds"
        );
        assert!(m.is_clean(), "{:?}", lines(&m));
    }

    #[test]
    fn a_renumbered_phase_keeps_its_identity() {
        let base = base();
        let upstream = edit(&base, vec![add("Docs", "x")]);
        let commit1 = edit(&base, vec![add("Ops", "y")]);
        let replayed1 = merge(&base, &upstream, &commit1).plan;
        assert_eq!(replayed1.phases[3].id, "p4");
        let commit2 = edit(&commit1, vec![add("p3", "z")]);
        let m = merge(&commit1, &replayed1, &commit2);
        assert_eq!(
            summary(&m.plan),
            "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x | p4 Ops: t7[ ] y, t8[ ] z"
        );
    }

    mod property {
        use super::*;
        use proptest::prelude::*;

        /// One edit a side makes; indexes are taken modulo what there is.
        #[derive(Clone, Debug)]
        enum Edit {
            Status(usize, u8),
            Rename(usize),
            Note(usize),
            Move(usize, usize),
            Remove(usize),
            Add(usize, bool),
            RenamePhase(usize),
            Field(usize),
        }

        fn edit_strategy() -> impl Strategy<Value = Edit> {
            let i = any::<usize>();
            prop_oneof![
                (i, 0u8..4).prop_map(|(i, s)| Edit::Status(i, s)),
                i.prop_map(Edit::Rename),
                i.prop_map(Edit::Note),
                (i, i).prop_map(|(a, b)| Edit::Move(a, b)),
                i.prop_map(Edit::Remove),
                (i, any::<bool>()).prop_map(|(a, b)| Edit::Add(a, b)),
                i.prop_map(Edit::RenamePhase),
                i.prop_map(Edit::Field),
            ]
        }

        /// A settled base plan: phases of tasks with any status.
        fn base_strategy() -> impl Strategy<Value = Plan> {
            let task = (0usize..5, any::<bool>());
            let phases = prop::collection::vec(prop::collection::vec(task, 0..5), 1..4);
            (phases, 0u64..20).prop_map(|(phases, rev)| {
                let mut plan = Plan {
                    rev,
                    ..Plan::default()
                };
                let mut n = 0;
                for (pi, tasks) in phases.into_iter().enumerate() {
                    let mut phase = Phase {
                        id: format!("p{}", pi + 1),
                        name: format!("Phase {}", pi + 1),
                        ..Phase::default()
                    };
                    for (status, noted) in tasks {
                        n += 1;
                        let status = Status::ALL[status];
                        phase.tasks.push(Task {
                            id: format!("t{n}"),
                            content: format!("task {n}"),
                            status,
                            blocker: (status == Status::Blocked).then(|| "waiting".into()),
                            dropped_by: (status == Status::Abandoned).then(|| "user".into()),
                            notes: if noted {
                                vec![format!("note {n}")]
                            } else {
                                vec![]
                            },
                            ..Task::default()
                        });
                    }
                    plan.phases.push(phase);
                }
                plan.next_task_id = n + 1;
                plan.next_phase_id = plan.phases.len() as u64 + 1;
                plan.settle();
                plan
            })
        }

        /// Apply `edits` to the base tasks and phases this side owns.
        fn apply(base: &Plan, edits: &[Edit], owns: &dyn Fn(&str) -> bool, side: &str) -> Plan {
            let mut plan = base.clone();
            for (k, e) in edits.iter().enumerate() {
                let mine: Vec<String> = plan
                    .tasks()
                    .map(|(_, _, t)| t.id.clone())
                    .filter(|id| base.find_task(id).is_some() && owns(id))
                    .collect();
                let phases: Vec<String> = plan.phases.iter().map(|p| p.id.clone()).collect();
                let pick = |i: usize| (!mine.is_empty()).then(|| mine[i % mine.len()].clone());
                let op = match e {
                    Edit::Status(i, s) => pick(*i).map(|task| Op::SetStatus {
                        task,
                        status: [
                            Status::Completed,
                            Status::Abandoned,
                            Status::Blocked,
                            Status::Pending,
                        ][*s as usize],
                        blocker: (*s == 2).then(|| format!("{side} reason {k}")),
                    }),
                    Edit::Rename(i) => pick(*i).map(|task| Op::RenameTask {
                        content: format!("{side} renamed {task} {k}"),
                        task,
                    }),
                    Edit::Note(i) => pick(*i).map(|task| Op::Note {
                        task,
                        text: format!("{side} note {k}"),
                    }),
                    Edit::Move(i, p) => pick(*i).map(|task| Op::MoveTask {
                        task,
                        to: PhaseRef::Id(phases[p % phases.len()].clone()),
                    }),
                    Edit::Remove(i) => pick(*i).map(|task| Op::RemoveTask { task }),
                    Edit::Add(p, new) => Some(Op::AddTask {
                        phase: if *new {
                            PhaseRef::New(format!("{side} phase {k}"))
                        } else {
                            PhaseRef::Id(phases[p % phases.len()].clone())
                        },
                        content: format!("{side} new {k}"),
                    }),
                    Edit::RenamePhase(p) => {
                        let id = &phases[p % phases.len()];
                        (base.find_phase(id).is_some() && owns(id)).then(|| Op::RenamePhase {
                            phase: id.clone(),
                            name: format!("{side} phase name {k}"),
                        })
                    }
                    Edit::Field(i) => {
                        if let Some(id) = pick(*i)
                            && let Some(pos) = plan.find_task(&id)
                        {
                            plan.phases[pos.phase].tasks[pos.task]
                                .extra
                                .insert(format!("{side}-field"), Value::from(k));
                        }
                        None
                    }
                };
                if let Some(op) = op {
                    // Refusals (blocking finished work) are edits not made.
                    let _ = plan.apply(op);
                }
                plan.rev += 1;
            }
            plan
        }

        /// A phase as the other side can know it: base id, or a new phase's name.
        fn phase_key(base: &Plan, phase: &Phase) -> String {
            if base.find_phase(&phase.id).is_some() {
                phase.id.clone()
            } else {
                phase.name.clone()
            }
        }

        /// Every edit `side` made (relative to `base`) is in `merged`.
        fn assert_edits_kept(base: &Plan, side: &Plan, merged: &Plan) {
            for (_, _, b) in base.tasks() {
                if side.find_task(&b.id).is_none() && merged.find_task(&b.id).is_some() {
                    // Removed here; the other side may not have removed it, but
                    // it only owned other tasks, so it cannot have changed it.
                    panic!("{} was removed but survived", b.id);
                }
            }
            for (_, s_phase, s) in side.tasks() {
                let found = if base.find_task(&s.id).is_some() {
                    merged.task_by_id(&s.id)
                } else {
                    merged
                        .tasks()
                        .find(|(_, _, t)| t.content == s.content)
                        .map(|(_, p, t)| (p, t))
                };
                let b = base.task_by_id(&s.id);
                let Some((m_phase, m)) = found else {
                    // Only a task this side left alone may be gone (the
                    // other side owned it and removed it).
                    let untouched = b.is_some_and(|(bp, bt)| {
                        bt.content == s.content
                            && bt.notes == s.notes
                            && bt.extra == s.extra
                            && !State::of(s).is_hard_change_from(&State::of(bt))
                            && phase_key(base, bp) == phase_key(base, s_phase)
                    });
                    assert!(untouched, "{} ({}) is missing", s.id, s.content);
                    continue;
                };
                // A new task is compared with a bare pending one.
                let bare = Task {
                    content: s.content.clone(),
                    ..Task::default()
                };
                let (b_phase, b_task) = match b {
                    Some((bp, bt)) => (Some(bp), bt),
                    None => (None, &bare),
                };
                if s.content != b_task.content {
                    assert_eq!(m.content, s.content);
                }
                if s.notes != b_task.notes {
                    assert_eq!(m.notes, s.notes, "{}", s.id);
                }
                if s.extra != b_task.extra {
                    assert_eq!(m.extra, s.extra, "{}", s.id);
                }
                let (ms, ss) = (State::of(m), State::of(s));
                if ss.is_hard_change_from(&State::of(b_task)) {
                    if ss.status.is_active() {
                        assert!(ms.status.is_active(), "{}: {ms:?} vs {ss:?}", s.id);
                    } else {
                        assert_eq!(ms, ss, "{}", s.id);
                    }
                }
                let moved =
                    b_phase.is_none_or(|bp| phase_key(base, bp) != phase_key(base, s_phase));
                if moved {
                    assert_eq!(
                        phase_key(base, m_phase),
                        phase_key(base, s_phase),
                        "{}",
                        s.id
                    );
                }
            }
            for p in &side.phases {
                if let Some(bp) = base.phase_by_id(&p.id)
                    && bp.name != p.name
                {
                    assert_eq!(
                        merged.phase_by_id(&p.id).map(|m| m.name.as_str()),
                        Some(p.name.as_str())
                    );
                }
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]

            #[test]
            fn independent_edits_all_survive_the_merge(
                base in base_strategy(),
                owner in prop::collection::vec(any::<bool>(), 32),
                ours_edits in prop::collection::vec(edit_strategy(), 0..8),
                theirs_edits in prop::collection::vec(edit_strategy(), 0..8),
            ) {
                let owned_by_ours = |id: &str| {
                    let n = id_number(id, 't').or_else(|| id_number(id, 'p')).unwrap_or(0);
                    owner[n as usize % owner.len()] ^ id.starts_with('p')
                };
                let ours = apply(&base, &ours_edits, &owned_by_ours, "o");
                let theirs = apply(&base, &theirs_edits, &|id| !owned_by_ours(id), "t");
                let m = merge(&base, &ours, &theirs);
                prop_assert!(m.is_clean(), "{:?}", lines(&m));
                assert_edits_kept(&base, &ours, &m.plan);
                assert_edits_kept(&base, &theirs, &m.plan);

                // Ids unique, the file reads back, one task in progress.
                let text = json::render(&m.plan);
                prop_assert_eq!(json::parse(&text).map_err(|e| e.to_string()), Ok(m.plan.clone()));
                let in_progress = m.plan.tasks().filter(|(_, _, t)| t.status == Status::InProgress).count();
                let pending = m.plan.tasks().any(|(_, _, t)| t.status == Status::Pending);
                prop_assert_eq!(in_progress, usize::from(pending || in_progress > 0));
                prop_assert!(in_progress <= 1);

                // Nothing else appeared or vanished.
                let new = |side: &Plan| side.tasks().filter(|(_, _, t)| base.find_task(&t.id).is_none()).count();
                let removed = |side: &Plan| base.tasks().filter(|(_, _, t)| side.find_task(&t.id).is_none()).count();
                prop_assert_eq!(
                    m.plan.task_count(),
                    base.task_count() + new(&ours) + new(&theirs) - removed(&ours) - removed(&theirs)
                );

                // rev and counters.
                prop_assert_eq!(m.plan.rev, ours.rev.max(theirs.rev) + 1);
                for p in [&base, &ours, &theirs] {
                    prop_assert!(m.plan.next_task_id >= p.next_task_id);
                    prop_assert!(m.plan.next_phase_id >= p.next_phase_id);
                }
                for (_, _, t) in m.plan.tasks() {
                    prop_assert!(id_number(&t.id, 't').is_some_and(|n| n < m.plan.next_task_id));
                }
                for p in &m.plan.phases {
                    prop_assert!(id_number(&p.id, 'p').is_some_and(|n| n < m.plan.next_phase_id));
                }
            }
        }
    }
}
