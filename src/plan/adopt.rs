//! Keeping ids through imports and edits: tasks read back from Markdown or
//! JSON take the ids and unknown fields of the tasks of the current plan
//! they match ([`Plan::adopt`]); everything else gets a fresh id.

use std::collections::HashMap;

use super::{Phase, Plan, Task};
use rustc_hash::{FxBuildHasher, FxHashSet};

const NONE: u32 = u32::MAX;

/// Old tasks grouped by a key, in plan order, as linked lists through
/// `next` (a map of queues cost as much memory as the plan on 100,000
/// tasks). Claiming takes the first occurrence not yet taken.
struct Queues<K> {
    first: HashMap<K, (u32, u32), FxBuildHasher>,
    next: Vec<u32>,
}

impl<K: std::hash::Hash + Eq> Queues<K> {
    fn new(n: usize) -> Queues<K> {
        Queues {
            first: HashMap::with_capacity_and_hasher(n, FxBuildHasher),
            next: vec![NONE; n],
        }
    }

    fn push(&mut self, key: K, i: u32) {
        // A new key's queue starts at `i`; an old one's gets `i` linked last.
        let (_, last) = self.first.entry(key).or_insert((i, i));
        if *last != i {
            self.next[*last as usize] = i;
            *last = i;
        }
    }

    fn claim(&mut self, key: &K, taken: &[bool]) -> Option<u32> {
        self.claim_if(key, taken, |_| true)
    }

    /// The first occurrence not yet taken that `fits`; the ones that do
    /// not stay in the queue for others.
    fn claim_if(&mut self, key: &K, taken: &[bool], fits: impl Fn(u32) -> bool) -> Option<u32> {
        let (head, _) = self.first.get_mut(key)?;
        // Taken ones at the front are dropped for good.
        while *head != NONE && taken[*head as usize] {
            *head = self.next[*head as usize];
        }
        let mut i = *head;
        while i != NONE {
            if !taken[i as usize] && fits(i) {
                if i == *head {
                    *head = self.next[i as usize];
                }
                return Some(i);
            }
            i = self.next[i as usize];
        }
        None
    }
}

impl Plan {
    /// Give `phases` (ids empty or foreign) ids from this plan where they can
    /// be matched, and fresh ones otherwise. With `keep_notes`, a matched
    /// task that arrives with no notes keeps its old ones (for formats that
    /// cannot carry notes).
    /// `alike` tells whether a task's text edited in place is still the
    /// same task (matching's `still_alike`).
    pub fn adopt(
        &mut self,
        mut phases: Vec<Phase>,
        keep_notes: bool,
        alike: fn(&str, &str) -> bool,
    ) -> Vec<Phase> {
        let old: Vec<(&str, &Task)> = self
            .phases
            .iter()
            .flat_map(|p| p.tasks.iter().map(move |t| (p.name.as_str(), t)))
            .collect();
        let mut by_both = Queues::new(old.len());
        let mut by_content = Queues::new(old.len());
        for (i, (phase, task)) in old.iter().enumerate() {
            by_both.push((*phase, task.content.as_str()), i as u32);
            by_content.push(task.content.as_str(), i as u32);
        }
        let mut old_taken = vec![false; old.len()];
        // The id another tool gave a task (`external`), with its format.
        let mut by_external = Queues::new(old.len());
        for (i, (_, task)) in old.iter().enumerate() {
            if let Some(key) = external_key(task) {
                by_external.push(key, i as u32);
            }
        }

        // Each old phase name's first span of tasks in `old`: (start, len).
        let mut first_of_phase: HashMap<&str, (usize, usize), FxBuildHasher> = HashMap::default();
        let mut start = 0;
        for phase in &self.phases {
            first_of_phase
                .entry(phase.name.as_str())
                .or_insert((start, phase.tasks.len()));
            start += phase.tasks.len();
        }
        // For each new task (in one flat list), the old task it takes: first
        // by the id another tool gave it, then by phase and content, occurrence by occurrence, then by content
        // alone (a task moved to another phase or under a renamed heading),
        // then — a task edited in place: same phase, same place among the
        // phase's tasks, still alike — by place. Each pass takes only what
        // the earlier left.
        let mut taken = vec![NONE; phases.iter().map(|p| p.tasks.len()).sum()];
        for pass in 0..4 {
            let new = phases.iter().flat_map(|p| {
                let span = first_of_phase.get(p.name.as_str()).copied();
                p.tasks
                    .iter()
                    .enumerate()
                    .map(move |(k, t)| (p, span, k, t))
            });
            for (slot, (phase, span, k, task)) in taken.iter_mut().zip(new) {
                if *slot != NONE {
                    continue;
                }
                let content = task.content.as_str();
                // A task another tool names is never one it names otherwise.
                let key = external_key(task);
                let fits = |i: u32| match (key, external_key(old[i as usize].1)) {
                    (Some((format, _)), Some((was, _))) => format != was,
                    _ => true,
                };
                let found = match pass {
                    0 => key.and_then(|k| by_external.claim(&k, &old_taken)),
                    1 => by_both.claim_if(&(phase.name.as_str(), content), &old_taken, fits),
                    2 => by_content.claim_if(&content, &old_taken, fits),
                    _ => span
                        .filter(|&(at, len)| {
                            k < len
                                && !old_taken[at + k]
                                && fits((at + k) as u32)
                                && alike(&old[at + k].1.content, content)
                        })
                        .map(|(at, _)| (at + k) as u32),
                };
                if let Some(i) = found {
                    old_taken[i as usize] = true;
                    *slot = i;
                }
            }
        }

        let mut old_phases: HashMap<&str, Vec<&Phase>, FxBuildHasher> = HashMap::default();
        for phase in self.phases.iter().rev() {
            old_phases
                .entry(phase.name.as_str())
                .or_default()
                .push(phase);
        }
        // Fresh ids avoid every id of the plan and every id handed out here.
        let mut used: FxHashSet<String> = self.ids().cloned().collect();
        let rev = self.rev;
        let mut fresh = |kind: char| {
            let id = super::ids::mint(kind, rev, |id| used.contains(id));
            used.insert(id.clone());
            id
        };
        let mut taken = taken.into_iter();
        for phase in &mut phases {
            match old_phases.get_mut(phase.name.as_str()).and_then(Vec::pop) {
                Some(old_phase) => {
                    phase.id = old_phase.id.clone();
                    if phase.extra.is_empty() {
                        phase.extra = old_phase.extra.clone();
                    }
                }
                None => phase.id = fresh('p'),
            }
            for task in &mut phase.tasks {
                match taken.next().and_then(|i| old.get(i as usize)) {
                    Some((_, old_task)) => {
                        task.id = old_task.id.clone();
                        // Fields the new task does not bring are kept.
                        for (k, v) in old_task.extra.iter() {
                            if !task.extra.contains_key(k) {
                                task.extra.insert(k.clone(), v.clone());
                            }
                        }
                        if keep_notes && task.notes.is_empty() {
                            task.notes = old_task.notes.clone();
                        }
                        // The same status with no mark (a plain checklist
                        // carries none) keeps who set it and when, as the
                        // change's review would: an unchanged import is
                        // then no change at all.
                        if task.status == old_task.status && task.by.is_none() && task.at.is_none()
                        {
                            task.by = old_task.by;
                            task.at.clone_from(&old_task.at);
                        }
                        // The same check of a task still completed, read
                        // from a format that carries no proof (a plain
                        // checklist says only `verified`): the proof the
                        // plan has stays.
                        if task.status == old_task.status
                            && let (Some(new), Some(old)) =
                                (task.verify.as_deref_mut(), old_task.verify.as_deref())
                            && new.command == old.command
                            && new.proof.is_none()
                        {
                            new.proof.clone_from(&old.proof);
                        }
                    }
                    None => task.id = fresh('t'),
                }
            }
        }
        phases
    }
}

/// A task's `external` format and id, as one key.
fn external_key(task: &Task) -> Option<(&str, &str)> {
    let ext = task.extra.get(super::EXTERNAL)?.as_object()?;
    Some((ext.get("format")?.as_str()?, ext.get("id")?.as_str()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alike as far as these tests need: a word of the old text is still
    /// there (matching's `still_alike` has its own tests).
    fn alike(old: &str, new: &str) -> bool {
        old.split(' ')
            .filter(|w| w.len() > 2)
            .any(|w| new.contains(w))
    }

    fn phase(name: &str, tasks: &[&str]) -> Phase {
        let task = |c: &&str| Task {
            content: (*c).into(),
            ..Task::default()
        };
        Phase {
            name: name.into(),
            tasks: tasks.iter().map(task).collect(),
            ..Phase::default()
        }
    }

    /// Each phase's id, then its tasks'.
    fn ids(phases: &[Phase]) -> Vec<String> {
        let plan = Plan {
            phases: phases.to_vec(),
            ..Plan::default()
        };
        plan.ids().cloned().collect()
    }

    /// Adopt `first` into an empty plan, then `again`: the ids `again` gets,
    /// each spelled by the place in `first` it was minted for (named as
    /// counters once numbered them: `p1`, `t1`…); any other id is `new`.
    /// Every id, of both adoptions, is shaped as one and appears once.
    fn readopt(first: Vec<Phase>, again: Vec<Phase>) -> Vec<String> {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(first, false, alike);
        let known = ids(&plan.phases);
        let again = ids(&plan.adopt(again, false, alike));
        for got in [&known, &again] {
            let mut seen = std::collections::HashSet::new();
            for id in got {
                let kind = id.chars().next().unwrap_or(' ');
                assert!(
                    "pt".contains(kind) && super::super::ids::is_shaped(id, kind),
                    "{id}"
                );
                assert!(seen.insert(id), "{id} twice in {got:?}");
            }
        }
        let mut counts = HashMap::new();
        let names: Vec<String> = (known.iter())
            .map(|id| {
                let kind = &id[..1];
                let n = counts.entry(kind).or_insert(0);
                *n += 1;
                format!("{kind}{n}")
            })
            .collect();
        let name = |id| {
            known
                .iter()
                .position(|k| k == id)
                .map(|i| names[i].as_str())
        };
        again
            .iter()
            .map(|id| name(id).unwrap_or("new").to_string())
            .collect()
    }

    #[test]
    fn ids_follow_phase_and_content_occurrence_by_occurrence() {
        // Reordered, one edited, one new, a duplicate content in another phase.
        let got = readopt(
            vec![phase("A", &["x", "y", "x"]), phase("B", &["x"])],
            vec![phase("B", &["x"]), phase("A", &["x", "y edited", "x", "z"])],
        );
        assert_eq!(got, ["p2", "t4", "p1", "t1", "new", "t3", "new"]);
    }

    #[test]
    fn a_task_edited_in_place_keeps_its_id_unless_it_became_another() {
        let got = readopt(
            vec![phase("A", &["rotate keys", "ship it", "old idea"])],
            vec![phase(
                "A",
                &["rotate signing keys", "ship it", "something unrelated"],
            )],
        );
        assert_eq!(got, ["p1", "t1", "t2", "new"]);
    }

    #[test]
    fn moved_tasks_and_renamed_phases_keep_task_ids() {
        let got = readopt(
            vec![phase("A", &["x", "y"])],
            vec![phase("Renamed", &["y", "x"])],
        );
        assert_eq!(got, ["new", "t2", "t1"]);
    }

    #[test]
    fn another_tools_id_is_matched_before_text_or_place() {
        let with = |name: &str, tasks: &[(&str, &str)]| {
            let mut p = phase(name, &[]);
            for (id, c) in tasks {
                let mut t = Task {
                    content: (*c).into(),
                    ..Task::default()
                };
                t.extra.insert(
                    super::super::EXTERNAL.into(),
                    serde_json::json!({"format": "speckit", "id": id}),
                );
                p.tasks.push(t);
            }
            p
        };
        // Reworded beyond recognition and moved; the old text now names
        // another task; the same id of another format is another task.
        let mut todotxt = phase("B", &[]);
        todotxt.tasks.push(Task {
            content: "old".into(),
            ..Task::default()
        });
        todotxt.tasks[0].extra.insert(
            super::super::EXTERNAL.into(),
            serde_json::json!({"format": "todotxt", "id": "T1"}),
        );
        let got = readopt(
            vec![with("A", &[("T1", "old"), ("T2", "two")])],
            vec![
                with("B", &[("T2", "entirely new words"), ("T9", "old")]),
                todotxt,
            ],
        );
        assert_eq!(got, ["new", "t2", "new", "new", "t1"]);
    }
}
