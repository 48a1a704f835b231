//! Facts read off a plan that the verbs and the agent adapters both ask:
//! the open work, why nothing is ready, whether a task is already open.

use super::{Finding, Objective, Op, Phase, Plan, Status, Task};
use crate::text::count;

impl Plan {
    /// The phases with tasks pending or in progress, with those tasks
    /// (blocked work is parked, not open).
    pub(crate) fn open_work(&self) -> Vec<(&Phase, Vec<&Task>)> {
        let work = self.phases.iter().map(|p| {
            let open: Vec<&Task> = p.tasks.iter().filter(|t| t.status.is_active()).collect();
            (p, open)
        });
        work.filter(|(_, open)| !open.is_empty()).collect()
    }

    /// The ids of the open tasks (blocked ones too) of the phase `phase`.
    pub(crate) fn open_tasks(&self, phase: &str) -> Vec<String> {
        let open = self.phase_by_id(phase).into_iter().flat_map(Phase::open);
        open.map(|t| t.id.clone()).collect()
    }

    /// Why nothing is ready: the open tasks are claimed, wait for others,
    /// or are blocked; or nothing is open.
    pub(crate) fn why_none_ready(&self) -> String {
        let (mut claimed, mut waiting, mut blocked) = (0, 0, 0);
        let statuses = self.statuses();
        for (_, _, t) in self.tasks() {
            if !t.status.is_open() {
                continue;
            }
            if t.status == Status::Blocked {
                blocked += 1;
            } else if t.owner.is_some() {
                claimed += 1;
            } else if super::deps::unmet(&statuses, t).next().is_some() {
                waiting += 1;
            }
        }
        if claimed + waiting + blocked == 0 {
            return "Nothing ready: no task is open. `todo append <task>` adds one.".into();
        }
        let parts: Vec<String> = [
            (claimed, "claimed"),
            (waiting, "waiting for others"),
            (blocked, "blocked"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{} {what}", count(n, "task")))
        .collect();
        format!("Nothing ready: {}.", parts.join(", "))
    }

    /// The op that puts in objectives and findings read from a file: they
    /// keep the unknown fields of the ones of the same id in this plan
    /// (Markdown does not carry those).
    pub(crate) fn replace_aims(
        &self,
        mut objectives: Vec<Objective>,
        findings: Vec<Finding>,
    ) -> Op {
        for o in &mut objectives {
            if o.extra.is_empty()
                && let Some(old) = self.objective(&o.id)
            {
                o.extra = old.extra.clone();
            }
        }
        Op::ReplaceAims {
            objectives,
            findings,
        }
    }
}

impl Phase {
    /// Its open tasks: pending, in progress or blocked.
    pub(crate) fn open(&self) -> impl Iterator<Item = &Task> {
        self.tasks.iter().filter(|t| t.status.is_open())
    }
}

impl Task {
    /// Open, with no one's mark: back to pending would change nothing (the
    /// one-in-progress rule would only start it again).
    pub(crate) fn already_open(&self) -> bool {
        self.status.is_active() && self.by.is_none()
    }
}
