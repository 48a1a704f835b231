//! Keeping ids through imports and edits: tasks read back from Markdown or
//! JSON take the ids of the tasks they can be matched to in the current plan
//! — by phase name and content, occurrence by occurrence, then by content
//! alone (a task moved to another phase or under a renamed heading) — and
//! keep those tasks' unknown fields. Everything else gets a fresh id.

use std::collections::{HashMap, VecDeque};

use super::{Phase, Plan, Task};

/// What a task read back keeps of the task it was matched to.
struct Kept {
    id: String,
    extra: Option<serde_json::Map<String, serde_json::Value>>,
    notes: Option<Vec<String>>,
}

impl Plan {
    /// Give `phases` (ids empty or foreign) ids from this plan where they can
    /// be matched, and fresh ones otherwise. With `keep_notes`, a matched
    /// task that arrives with no notes keeps its old ones (for formats that
    /// cannot carry notes).
    pub fn adopt(&mut self, mut phases: Vec<Phase>, keep_notes: bool) -> Vec<Phase> {
        let mut old_tasks: Vec<Option<&Task>> = Vec::new();
        let mut by_both: HashMap<(&str, &str), VecDeque<usize>> = HashMap::new();
        let mut by_content: HashMap<&str, VecDeque<usize>> = HashMap::new();
        for phase in &self.phases {
            for task in &phase.tasks {
                let i = old_tasks.len();
                old_tasks.push(Some(task));
                by_both
                    .entry((phase.name.as_str(), task.content.as_str()))
                    .or_default()
                    .push_back(i);
                by_content
                    .entry(task.content.as_str())
                    .or_default()
                    .push_back(i);
            }
        }
        let mut old_phases: HashMap<&str, VecDeque<&Phase>> = HashMap::new();
        for phase in &self.phases {
            old_phases
                .entry(phase.name.as_str())
                .or_default()
                .push_back(phase);
        }

        // Two passes over the new tasks; `taken[i]` is the old task index.
        let mut taken: Vec<Vec<Option<usize>>> =
            phases.iter().map(|p| vec![None; p.tasks.len()]).collect();
        let claim = |queue: Option<&mut VecDeque<usize>>, used: &[Option<&Task>]| {
            let queue = queue?;
            while let Some(i) = queue.pop_front() {
                if used[i].is_some() {
                    return Some(i);
                }
            }
            None
        };
        let mut used = old_tasks.clone();
        for (pi, phase) in phases.iter().enumerate() {
            for (ti, task) in phase.tasks.iter().enumerate() {
                let key = (phase.name.as_str(), task.content.as_str());
                if let Some(i) = claim(by_both.get_mut(&key), &used) {
                    used[i] = None;
                    taken[pi][ti] = Some(i);
                }
            }
        }
        for (pi, phase) in phases.iter().enumerate() {
            for (ti, task) in phase.tasks.iter().enumerate() {
                if taken[pi][ti].is_none()
                    && let Some(i) = claim(by_content.get_mut(task.content.as_str()), &used)
                {
                    used[i] = None;
                    taken[pi][ti] = Some(i);
                }
            }
        }

        let mut phase_ids: Vec<Option<(String, serde_json::Map<String, serde_json::Value>)>> =
            Vec::new();
        for phase in &phases {
            let old = old_phases
                .get_mut(phase.name.as_str())
                .and_then(VecDeque::pop_front);
            phase_ids.push(old.map(|p| (p.id.clone(), p.extra.clone())));
        }
        // Only what a matched task keeps (id, unknown fields, maybe notes),
        // not whole copies: on a large plan those cost as much as the plan.
        let matched: Vec<Vec<Option<Kept>>> = taken
            .iter()
            .zip(&phases)
            .map(|(row, phase)| {
                row.iter()
                    .zip(&phase.tasks)
                    .map(|(i, new)| {
                        let old = old_tasks[(*i)?]?;
                        Some(Kept {
                            id: old.id.clone(),
                            extra: (new.extra.is_empty() && !old.extra.is_empty())
                                .then(|| old.extra.clone()),
                            notes: (keep_notes && new.notes.is_empty() && !old.notes.is_empty())
                                .then(|| old.notes.clone()),
                        })
                    })
                    .collect()
            })
            .collect();

        let mut matched = matched;
        for (pi, phase) in phases.iter_mut().enumerate() {
            match phase_ids[pi].take() {
                Some((id, extra)) => {
                    phase.id = id;
                    if phase.extra.is_empty() {
                        phase.extra = extra;
                    }
                }
                None => phase.id = self.mint_phase_id(),
            }
            for (ti, task) in phase.tasks.iter_mut().enumerate() {
                match matched[pi][ti].take() {
                    Some(kept) => {
                        task.id = kept.id;
                        if let Some(extra) = kept.extra {
                            task.extra = extra;
                        }
                        if let Some(notes) = kept.notes {
                            task.notes = notes;
                        }
                    }
                    None => task.id = self.mint_task_id(),
                }
            }
        }
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
    fn moved_tasks_and_renamed_phases_keep_task_ids() {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(vec![phase("A", &["x", "y"])], false);
        let again = plan.adopt(vec![phase("Renamed", &["y", "x"])], false);
        assert_eq!(ids(&again), ["p2", "t2", "t1"]);
    }
}
