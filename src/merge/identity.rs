//! Which items of the three plans are one and the same: ids, with the
//! two exceptions of the module rules (made on both sides; renumbered by an
//! earlier merge), and fresh ids for theirs' items whose id ours took.

use std::borrow::Cow;
use std::collections::VecDeque;

use super::{HashMap, HashSet, Merger};
use crate::plan::{Phase, Plan, Task, id_number, ids};

/// One side's plan with its ids looked up once.
pub(super) struct Side<'a> {
    pub(super) plan: &'a Plan,
    /// Task id → (phase index, task index).
    pub(super) tasks: HashMap<&'a str, (usize, usize)>,
    pub(super) phases: HashMap<&'a str, usize>,
}

impl<'a> Side<'a> {
    pub(super) fn new(plan: &'a Plan) -> Side<'a> {
        let mut tasks = HashMap::with_capacity_and_hasher(plan.task_count(), Default::default());
        let mut phases = HashMap::with_capacity_and_hasher(plan.phases.len(), Default::default());
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

/// Items of one kind as `(id, text)`: a task's content or a phase's name.
pub(super) type Items<'a> = Vec<(&'a str, &'a str)>;

/// An id in the result: borrowed from a plan, or minted here.
pub(super) type Id<'a> = Cow<'a, str>;

/// Which items of the three plans are one and the same, as ids in the
/// result. Ours' ids are always result ids; base and theirs ids are mapped.
/// Ids are borrowed from the plans (only minted ones are owned), so a
/// 100,000-task merge does not copy every id four times.
#[derive(Default)]
pub(super) struct Identity<'a> {
    pub(super) base: Links<'a>,
    pub(super) theirs: Links<'a>,
}

/// One side's ids mapped to result ids (`to`), and back (`from`).
#[derive(Default)]
pub(super) struct Links<'a> {
    pub(super) to: HashMap<&'a str, Id<'a>>,
    pub(super) from: HashMap<Id<'a>, &'a str>,
}

impl<'a> Links<'a> {
    fn with_capacity(n: usize) -> Links<'a> {
        Links {
            to: HashMap::with_capacity_and_hasher(n, Default::default()),
            from: HashMap::with_capacity_and_hasher(n, Default::default()),
        }
    }

    fn link(&mut self, side_id: &'a str, id: Id<'a>) {
        self.to.insert(side_id, id.clone());
        self.from.insert(id, side_id);
    }

    /// The result id of a side's id: itself unless mapped.
    pub(super) fn of(&self, id: &'a str) -> Id<'a> {
        self.to.get(id).cloned().unwrap_or(Cow::Borrowed(id))
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
        std::iter::from_fn(|| queue.pop_front()).find(|id| !taken(id))
    }
}

/// For one side, the base item each of its items is (side id → base id):
/// the same id, but for an item an earlier merge renumbered (a rebase's
/// later commits still use the id its first replay moved; merging the same
/// branches twice does the same), found by its base text when unique.
fn keys<'a>(base: &Base<'a>, side: &Items<'a>) -> Keys<'a> {
    let mut keys = Keys::default();
    // Only a base id whose text changed on this side can have been
    // renumbered; the base texts are counted once there is one.
    let mut text_count: Option<HashMap<&str, usize>> = None;
    let mut new_by_text: Option<ByText> = None;
    for (bid, stext) in side {
        let Some(btext) = base.get(bid).filter(|&btext| btext != stext) else {
            continue;
        };
        let text_count = text_count.get_or_insert_with(|| {
            let mut count: HashMap<&str, usize> = HashMap::default();
            for text in base.values() {
                *count.entry(text).or_default() += 1;
            }
            count
        });
        let renumbered = !text_count.contains_key(stext) && text_count.get(btext) == Some(&1);
        if !renumbered {
            continue;
        }
        let new_by_text = new_by_text.get_or_insert_with(|| {
            ByText::new(side.iter().filter(|(sid, _)| !base.contains_key(sid)))
        });
        // Each such base text is unique, so which base id asks first
        // cannot change which side item it gets.
        if let Some(sid) = new_by_text.take(btext, |_| false) {
            keys.displaced.insert(bid);
            keys.alias.insert(sid, bid);
        }
    }
    keys
}

/// The base's texts by id, shared by both sides' [`keys`].
type Base<'a> = HashMap<&'a str, &'a str>;

/// A side's answer to "which base item is this?": its own id when the base
/// has it, except for the few items an earlier merge renumbered. Only those
/// exceptions are stored, not an entry per item.
#[derive(Default)]
struct Keys<'a> {
    /// Side id → base id, for items renumbered by an earlier merge.
    alias: HashMap<&'a str, &'a str>,
    /// Base ids the side holds on other, new text (their item is an alias).
    displaced: HashSet<&'a str>,
}

impl<'a> Keys<'a> {
    /// The base id of a side item, `None` for an item new on the side.
    fn get(&self, base: &Base<'a>, sid: &'a str) -> Option<&'a str> {
        if let Some(bid) = self.alias.get(sid) {
            return Some(bid);
        }
        (base.contains_key(sid) && !self.displaced.contains(sid)).then_some(sid)
    }
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

impl<'a> Merger<'a> {
    /// A fresh id of the kind that no item takes, for items that would
    /// otherwise share one: random, as the plan's own (`crate::plan::ids`).
    pub(super) fn mint(&mut self, prefix: char) -> String {
        let id = ids::mint(prefix, 0, |id| self.taken.contains(id));
        self.taken.insert(Cow::Owned(id.clone()));
        id
    }

    /// Decide which items (`items` of each plan) are the same (see the
    /// module rules) and give every base and theirs item its id in the result.
    pub(super) fn identify(
        &mut self,
        items: fn(&'a Plan) -> Items<'a>,
        prefix: char,
    ) -> Identity<'a> {
        let [base, ours, theirs] = self.plans().map(items);
        let base_items: Base = base.iter().copied().collect();
        let ours_keys = keys(&base_items, &ours);
        let theirs_keys = keys(&base_items, &theirs);
        // Base id → ours' id, where ours renumbered it.
        let ours_by_key: HashMap<&str, &str> =
            ours_keys.alias.iter().map(|(o, b)| (*b, *o)).collect();
        let mut ids = Identity {
            base: Links::with_capacity(base.len()),
            theirs: Links::with_capacity(theirs.len()),
        };
        for (bid, _) in &base {
            let id = ours_by_key.get(bid).copied().unwrap_or(bid);
            ids.base.link(bid, Cow::Borrowed(id));
        }
        for (tid, _) in &theirs {
            if let Some(bid) = theirs_keys.get(&base_items, tid) {
                let id = ids.base.of(bid);
                ids.theirs.link(tid, id);
            }
        }
        let new_on = |items: &Items<'a>, keys: &Keys<'a>| -> Items<'a> {
            let is_new = |(id, _): &(&'a str, &str)| keys.get(&base_items, id).is_none();
            items.iter().copied().filter(is_new).collect()
        };
        let (ours_new, theirs_new) = (new_on(&ours, &ours_keys), new_on(&theirs, &theirs_keys));
        // The same item made on both sides: same id and text, then same text.
        let ours_pairs: HashSet<(&str, &str)> = ours_new.iter().copied().collect();
        let mut matched: HashSet<&str> = HashSet::default();
        for (tid, text) in &theirs_new {
            if ours_pairs.contains(&(tid, text)) {
                matched.insert(tid);
                ids.theirs.link(tid, Cow::Borrowed(tid));
            }
        }
        let mut ours_by_text = ByText::new(ours_new.iter());
        for (tid, text) in &theirs_new {
            if ids.theirs.to.contains_key(*tid) {
                continue;
            }
            if let Some(oid) = ours_by_text.take(text, |oid| matched.contains(oid)) {
                matched.insert(oid);
                ids.theirs.link(tid, Cow::Borrowed(oid));
            }
        }
        let ours_text: HashMap<&str, &str> = ours.iter().copied().collect();
        let rest: Vec<(&str, &str, Option<&str>)> = theirs_new
            .iter()
            .filter(|(tid, _)| !ids.theirs.to.contains_key(*tid))
            .map(|(tid, text)| (*tid, *text, ours_text.get(tid).copied()))
            .collect();
        for (tid, id) in self.fresh_ids(rest, prefix) {
            ids.theirs.link(tid, id);
        }
        self.taken.extend(ids.theirs.to.values().cloned());
        ids
    }

    /// Ids for theirs' new items that match nothing on ours: kept while
    /// free; from the first one ours (or the base) uses on, that one and
    /// every later one gets a fresh id, so ids still follow creation order —
    /// ours' new items, then theirs'. Items are `(id, text, ours' text for
    /// that id)`.
    fn fresh_ids(
        &mut self,
        mut items: Vec<(&'a str, &'a str, Option<&'a str>)>,
        prefix: char,
    ) -> Vec<(&'a str, Id<'a>)> {
        // Stable: ids that are not ours' shape keep their place at the end.
        items.sort_by_key(|(id, _, _)| id_number(id, prefix).unwrap_or(u64::MAX));
        let mut shifting = false;
        let mut out = Vec::new();
        for (id, text, clash) in items {
            shifting |= self.taken.contains(id);
            if !shifting {
                self.taken.insert(Cow::Borrowed(id));
                out.push((id, Cow::Borrowed(id)));
                continue;
            }
            let fresh = self.mint(prefix);
            let message = match clash {
                Some(ours) => {
                    format!("new on both sides as {id} (ours: \"{ours}\"); theirs' is now {fresh}")
                }
                None => format!("new on theirs as {id}; now {fresh}, after the ids ours added"),
            };
            self.notice(&fresh, text, message);
            out.push((id, Cow::Owned(fresh)));
        }
        out
    }
}
