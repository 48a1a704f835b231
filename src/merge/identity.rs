//! Which items of the three plans are one and the same: ids, with the
//! two exceptions of the module rules (made on both sides; renumbered by an
//! earlier merge), and fresh ids for theirs' items whose id ours took.

use std::collections::VecDeque;

use super::{HashMap, HashSet};

use super::{Merger, Overflow};
use crate::plan::{Phase, Plan, Task, id_number};

/// One side's plan with its ids looked up once.
pub(super) struct Side<'a> {
    pub(super) plan: &'a Plan,
    /// Task id → (phase index, task index).
    pub(super) tasks: HashMap<&'a str, (usize, usize)>,
    pub(super) phases: HashMap<&'a str, usize>,
}

impl<'a> Side<'a> {
    pub(super) fn new(plan: &'a Plan) -> Side<'a> {
        let mut tasks = HashMap::default();
        let mut phases = HashMap::default();
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
    pub(super) fn task(&self, id: &str) -> Option<(&'a Task, &'a str)> {
        let &(pi, ti) = self.tasks.get(id)?;
        let phase = &self.plan.phases[pi];
        Some((&phase.tasks[ti], phase.id.as_str()))
    }

    pub(super) fn phase(&self, id: &str) -> Option<&'a Phase> {
        self.phases.get(id).map(|&pi| &self.plan.phases[pi])
    }

    pub(super) fn ids(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.tasks.keys().chain(self.phases.keys()).copied()
    }
}

/// Fresh ids above every id and counter of the three plans.
pub(super) struct Minter {
    pub(super) next_task: u64,
    pub(super) next_phase: u64,
}

impl Minter {
    pub(super) fn new(plans: [&Plan; 3]) -> Minter {
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

    /// The next id of the kind that no item takes. A counter at u64::MAX
    /// is spent, as in the plan (`Plan::mint_task_id`): the merge stops
    /// there instead of minting an id it cannot count past (which looped
    /// forever when both sides had added the largest id).
    pub(super) fn mint(
        &mut self,
        prefix: char,
        taken: &HashSet<String>,
    ) -> Result<String, Overflow> {
        let (counter, name) = if prefix == 'p' {
            (&mut self.next_phase, "nextPhaseId")
        } else {
            (&mut self.next_task, "nextTaskId")
        };
        loop {
            let n = *counter;
            *counter = n.checked_add(1).ok_or(Overflow::Counter(name))?;
            let id = format!("{prefix}{n}");
            if !taken.contains(&id) {
                return Ok(id);
            }
        }
    }
}

/// Items of one kind as `(id, text)`: a task's content or a phase's name.
pub(super) type Items<'a> = Vec<(&'a str, &'a str)>;

/// Which items of the three plans are one and the same, as ids in the
/// result. Ours' ids are always result ids; base and theirs ids are mapped.
#[derive(Default)]
pub(super) struct Identity {
    pub(super) base: HashMap<String, String>,
    pub(super) theirs: HashMap<String, String>,
    pub(super) from_base: HashMap<String, String>,
    pub(super) from_theirs: HashMap<String, String>,
}

impl Identity {
    pub(super) fn link_base(&mut self, base_id: &str, id: &str) {
        self.base.insert(base_id.to_string(), id.to_string());
        self.from_base.insert(id.to_string(), base_id.to_string());
    }

    pub(super) fn link_theirs(&mut self, theirs_id: &str, id: &str) {
        self.theirs.insert(theirs_id.to_string(), id.to_string());
        self.from_theirs
            .insert(id.to_string(), theirs_id.to_string());
    }

    pub(super) fn of_base(&self, id: &str) -> String {
        self.base.get(id).cloned().unwrap_or_else(|| id.to_string())
    }

    pub(super) fn of_theirs(&self, id: &str) -> String {
        self.theirs
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }
}

/// Ids by text, in list order, each handed out once. "The first item with
/// this text not taken yet", asked for every item of another list, costs
/// one pass in all instead of a search per item.
struct ByText<'a> {
    ids: HashMap<&'a str, VecDeque<&'a str>>,
}

impl<'a> ByText<'a> {
    fn new<'b>(items: impl Iterator<Item = &'b (&'a str, &'a str)>) -> ByText<'a>
    where
        'a: 'b,
    {
        let mut ids: HashMap<&str, VecDeque<&str>> = HashMap::default();
        for (id, text) in items {
            ids.entry(text).or_default().push_back(id);
        }
        ByText { ids }
    }

    /// The first id with `text` not handed out before and not `taken`
    /// (ids found taken stay so: they are passed over for good).
    fn take(&mut self, text: &str, taken: impl Fn(&str) -> bool) -> Option<&'a str> {
        let queue = self.ids.get_mut(text)?;
        while let Some(id) = queue.pop_front() {
            if !taken(id) {
                return Some(id);
            }
        }
        None
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
    let mut text_count: HashMap<&str, usize> = HashMap::default();
    for (_, text) in base {
        *text_count.entry(text).or_default() += 1;
    }
    let side_text: HashMap<&str, &str> = side.iter().copied().collect();
    let mut keys = HashMap::default();
    let mut displaced: HashSet<&str> = HashSet::default();
    let mut new_by_text = ByText::new(side.iter().filter(|(sid, _)| !base_ids.contains(sid)));
    for (bid, btext) in base {
        let Some(stext) = side_text.get(bid) else {
            continue;
        };
        let renumbered =
            stext != btext && !text_count.contains_key(stext) && text_count.get(btext) == Some(&1);
        if !renumbered {
            continue;
        }
        if let Some(sid) = new_by_text.take(btext, |_| false) {
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

pub(super) fn task_items(plan: &Plan) -> Items<'_> {
    plan.tasks()
        .map(|(_, _, t)| (t.id.as_str(), t.content.as_str()))
        .collect()
}

pub(super) fn phase_items(plan: &Plan) -> Items<'_> {
    plan.phases
        .iter()
        .map(|p| (p.id.as_str(), p.name.as_str()))
        .collect()
}

impl Merger<'_> {
    /// Decide which items are the same (see the module rules) and give
    /// every base and theirs item its id in the result.
    pub(super) fn identify(
        &mut self,
        base: Items,
        ours: Items,
        theirs: Items,
        prefix: char,
    ) -> Result<Identity, Overflow> {
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
        let ours_pairs: HashSet<(&str, &str)> = ours_new.iter().copied().collect();
        let mut matched: HashSet<&str> = HashSet::default();
        for (tid, text) in &theirs_new {
            if ours_pairs.contains(&(tid, text)) {
                matched.insert(tid);
                ids.link_theirs(tid, tid);
            }
        }
        let mut ours_by_text = ByText::new(ours_new.iter());
        for (tid, text) in &theirs_new {
            if ids.theirs.contains_key(*tid) {
                continue;
            }
            if let Some(oid) = ours_by_text.take(text, |oid| matched.contains(oid)) {
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
        for (tid, id) in self.fresh_ids(rest, prefix)? {
            ids.link_theirs(&tid, &id);
        }
        self.taken.extend(ids.theirs.values().cloned());
        Ok(ids)
    }

    /// Ids for theirs' new items that match nothing on ours: kept while
    /// free; from the first one ours (or the base) uses on, that one and
    /// every later one gets a fresh id, so ids still follow creation order —
    /// ours' new items, then theirs'. Items are `(id, text, ours' text for
    /// that id)`.
    pub(super) fn fresh_ids(
        &mut self,
        mut items: Vec<(String, String, Option<String>)>,
        prefix: char,
    ) -> Result<Vec<(String, String)>, Overflow> {
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
            let fresh = self.minter.mint(prefix, &self.taken)?;
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
        Ok(out)
    }
}
