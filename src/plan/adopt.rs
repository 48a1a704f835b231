//! Keeping ids through imports and edits: tasks read back from Markdown or
//! JSON take the ids of the tasks they can be matched to in the current plan
//! — by phase name and content, occurrence by occurrence, then by content
//! alone (a task moved to another phase or under a renamed heading), then
//! by place (a task whose text was edited where it stands, if the old and
//! new text are still alike) — and keep those tasks' unknown fields.
//! Everything else gets a fresh id.

use std::collections::HashMap;

use super::{Phase, Plan, Task};
use crate::fnv::Fnv;

const NONE: u32 = u32::MAX;

/// Old tasks grouped by a key, in plan order, as linked lists through
/// `next` (a map of queues cost as much memory as the plan on 100,000
/// tasks). Claiming takes the first occurrence not yet taken.
struct Queues<K> {
    first: HashMap<K, (u32, u32), Fnv>,
    next: Vec<u32>,
}

impl<K: std::hash::Hash + Eq> Queues<K> {
    fn new(n: usize) -> Queues<K> {
        Queues {
            first: HashMap::with_capacity_and_hasher(n, Fnv::default()),
            next: vec![NONE; n],
        }
    }

    fn push(&mut self, key: K, i: u32) {
        match self.first.get_mut(&key) {
            Some((_, last)) => {
                self.next[*last as usize] = i;
                *last = i;
            }
            None => {
                self.first.insert(key, (i, i));
            }
        }
    }

    fn claim(&mut self, key: &K, taken: &[bool]) -> Option<u32> {
        let (head, _) = self.first.get_mut(key)?;
        while *head != NONE {
            let i = *head;
            *head = self.next[i as usize];
            if !taken[i as usize] {
                return Some(i);
            }
        }
        None
    }
}

impl Plan {
    /// Give `phases` (ids empty or foreign) ids from this plan where they can
    /// be matched, and fresh ones otherwise. With `keep_notes`, a matched
    /// task that arrives with no notes keeps its old ones (for formats that
    /// cannot carry notes).
    pub fn adopt(&mut self, mut phases: Vec<Phase>, keep_notes: bool) -> Vec<Phase> {
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

        // For each new task (in one flat list), the old task it takes: first
        // by phase and content, then by content alone.
        let mut taken = Vec::with_capacity(phases.iter().map(|p| p.tasks.len()).sum());
        for phase in &phases {
            for task in &phase.tasks {
                let i = by_both.claim(&(phase.name.as_str(), task.content.as_str()), &old_taken);
                if let Some(i) = i {
                    old_taken[i as usize] = true;
                }
                taken.push(i.unwrap_or(NONE));
            }
        }
        let mut flat = 0;
        for phase in &phases {
            for task in &phase.tasks {
                if taken[flat] == NONE
                    && let Some(i) = by_content.claim(&task.content.as_str(), &old_taken)
                {
                    old_taken[i as usize] = true;
                    taken[flat] = i;
                }
                flat += 1;
            }
        }

        // Third: a task edited in place — same phase, same place among the
        // phase's tasks, still alike — keeps its id.
        let mut first_of_phase: HashMap<&str, (usize, usize), Fnv> = HashMap::default();
        let mut start = 0;
        for phase in &self.phases {
            first_of_phase
                .entry(phase.name.as_str())
                .or_insert((start, phase.tasks.len()));
            start += phase.tasks.len();
        }
        let mut flat = 0;
        for phase in &phases {
            let old_span = first_of_phase.get(phase.name.as_str()).copied();
            for (k, task) in phase.tasks.iter().enumerate() {
                if taken[flat] == NONE
                    && let Some((at, len)) = old_span
                    && k < len
                    && !old_taken[at + k]
                    && strsim::normalized_levenshtein(&old[at + k].1.content, &task.content) >= 0.5
                {
                    old_taken[at + k] = true;
                    taken[flat] = (at + k) as u32;
                }
                flat += 1;
            }
        }

        let mut old_phases: HashMap<&str, Vec<&Phase>, Fnv> = HashMap::default();
        for phase in self.phases.iter().rev() {
            old_phases
                .entry(phase.name.as_str())
                .or_default()
                .push(phase);
        }
        let (mut next_phase, mut next_task) = (self.next_phase_id.max(1), self.next_task_id.max(1));
        let mut flat = 0;
        for phase in &mut phases {
            match old_phases.get_mut(phase.name.as_str()).and_then(Vec::pop) {
                Some(old_phase) => {
                    phase.id = old_phase.id.clone();
                    if phase.extra.is_empty() {
                        phase.extra = old_phase.extra.clone();
                    }
                }
                None => {
                    phase.id = format!("p{next_phase}");
                    next_phase += 1;
                }
            }
            for task in &mut phase.tasks {
                match old.get(taken[flat] as usize) {
                    Some((_, old_task)) => {
                        task.id = old_task.id.clone();
                        if task.extra.is_empty() {
                            task.extra = old_task.extra.clone();
                        }
                        if keep_notes && task.notes.is_empty() {
                            task.notes = old_task.notes.clone();
                        }
                    }
                    None => {
                        task.id = format!("t{next_task}");
                        next_task += 1;
                    }
                }
                flat += 1;
            }
        }
        self.next_phase_id = next_phase;
        self.next_task_id = next_task;
        phases
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Status;

    fn phase(name: &str, tasks: &[&str]) -> Phase {
        Phase {
            name: name.into(),
            tasks: tasks
                .iter()
                .map(|c| Task {
                    content: (*c).into(),
                    status: Status::Pending,
                    ..Task::default()
                })
                .collect(),
            ..Phase::default()
        }
    }

    fn ids(phases: &[Phase]) -> Vec<String> {
        phases
            .iter()
            .flat_map(|p| std::iter::once(p.id.clone()).chain(p.tasks.iter().map(|t| t.id.clone())))
            .collect()
    }

    #[test]
    fn ids_follow_phase_and_content_occurrence_by_occurrence() {
        let mut plan = Plan::default();
        let first = plan.adopt(
            vec![phase("A", &["x", "y", "x"]), phase("B", &["x"])],
            false,
        );
        assert_eq!(ids(&first), ["p1", "t1", "t2", "t3", "p2", "t4"]);
        plan.phases = first;
        // Reordered, one edited, one new, a duplicate content in another phase.
        let again = plan.adopt(
            vec![phase("B", &["x"]), phase("A", &["x", "y edited", "x", "z"])],
            false,
        );
        assert_eq!(ids(&again), ["p2", "t4", "p1", "t1", "t5", "t3", "t6"]);
    }

    #[test]
    fn a_task_edited_in_place_keeps_its_id_unless_it_became_another() {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(
            vec![phase("A", &["rotate keys", "ship it", "old idea"])],
            false,
        );
        let again = plan.adopt(
            vec![phase(
                "A",
                &["rotate signing keys", "ship it", "something unrelated"],
            )],
            false,
        );
        assert_eq!(ids(&again), ["p1", "t1", "t2", "t4"]);
    }

    #[test]
    fn moved_tasks_and_renamed_phases_keep_task_ids() {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(vec![phase("A", &["x", "y"])], false);
        let again = plan.adopt(vec![phase("Renamed", &["y", "x"])], false);
        assert_eq!(ids(&again), ["p2", "t2", "t1"]);
    }
}
