//! Changes as values. A verb resolves its target, builds [`Op`]s and applies
//! them to a working copy of the plan; storage commits the copy as one change
//! (one `rev`), or nothing at all if any op fails.

use thiserror::Error;

use std::collections::HashMap;

use super::{Phase, Plan, Status, Task, TaskPos};
use crate::fnv::Fnv;

/// A phase an op refers to: one that exists, or one to create at the end.
#[derive(Clone, Debug, PartialEq)]
pub enum PhaseRef {
    Id(String),
    New(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Append a task at the end of a phase.
    AddTask {
        phase: PhaseRef,
        content: String,
    },
    /// Make a task the one in progress; any other goes back to pending.
    Start {
        task: String,
    },
    /// Set a task's status. `blocker` is kept only for `Blocked`; `Abandoned`
    /// records that a person dropped it.
    SetStatus {
        task: String,
        status: Status,
        blocker: Option<String>,
    },
    RemoveTask {
        task: String,
    },
    RemovePhase {
        phase: String,
    },
    Clear,
    RenameTask {
        task: String,
        content: String,
    },
    RenamePhase {
        phase: String,
        name: String,
    },
    /// Move a task to the end of another phase.
    MoveTask {
        task: String,
        to: PhaseRef,
    },
    Note {
        task: String,
        text: String,
    },
    /// Remove finished tasks, then empty phases.
    Prune,
    /// Replace all phases (import, edit, undo). Ids are the caller's; the
    /// counters only ever rise.
    Replace {
        phases: Vec<Phase>,
    },
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum OpError {
    #[error("no task with id {0}")]
    NoTask(String),
    #[error("no phase with id {0}")]
    NoPhase(String),
    #[error("Task \"{0}\" already exists")]
    Duplicate(String),
    /// Two phases of one name (ignoring case) would make every `-p NAME`
    /// ambiguous.
    #[error("Phase \"{0}\" already exists")]
    DuplicatePhase(String),
    #[error("Cannot block \"{content}\": it is {status}.")]
    BlockFinished { content: String, status: Status },
    #[error(
        "The plan's id counter {counter} is at its limit (18446744073709551615): no new id can be made. Nothing was changed."
    )]
    CounterSpent { counter: &'static str },
}

/// How a verb reports a failed op. Verbs resolve ids before they build
/// ops, so an id an op cannot find is a bug, not the user's doing.
impl From<OpError> for crate::error::Error {
    fn from(e: OpError) -> Self {
        use crate::error::Error;
        match e {
            OpError::NoTask(_) | OpError::NoPhase(_) => Error::Bug(e.to_string()),
            OpError::Duplicate(content) => Error::Duplicate { content },
            OpError::DuplicatePhase(name) => Error::PhaseNameTaken { name },
            OpError::BlockFinished { content, status } => Error::BlockFinished { content, status },
            OpError::CounterSpent { counter } => Error::CounterSpent {
                which: crate::merge::Overflow::Counter(counter),
                merging: None,
            },
        }
    }
}

/// What an op created, so a verb can report the new ids.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Applied {
    pub task: Option<String>,
    pub phase: Option<String>,
    /// Where the op's task is once it has been applied (for ops on one
    /// task), so a verb can report it without searching the plan again.
    /// Valid until a later op adds, moves or removes tasks.
    pub at: Option<TaskPos>,
}

/// Task id → position, for a run of ops, without a search per op. Each
/// lookup scans on from where the last one was found, so ids in plan order
/// (what a phase-wide verb makes) cost one pass in all, and one op costs one
/// scan, with nothing allocated. The first id found behind that point builds
/// a map that answers from then on. An op that adds, moves or removes tasks
/// resets both.
#[derive(Default)]
struct Index {
    /// Where the next scan starts: the task after the last one found.
    from: TaskPos,
    map: Option<HashMap<String, TaskPos, Fnv>>,
}

impl Index {
    fn find(&mut self, plan: &Plan, id: &str) -> Option<TaskPos> {
        if let Some(map) = &self.map {
            return map.get(id).copied();
        }
        let start = self.from;
        let found = plan
            .phases
            .iter()
            .enumerate()
            .skip(start.phase)
            .find_map(|(pi, phase)| {
                let skip = if pi == start.phase { start.task } else { 0 };
                let ti = phase.tasks.iter().skip(skip).position(|t| t.id == id)? + skip;
                Some(TaskPos {
                    phase: pi,
                    task: ti,
                })
            });
        if let Some(pos) = found {
            self.from = TaskPos {
                phase: pos.phase,
                task: pos.task + 1,
            };
            return Some(pos);
        }
        if start == TaskPos::default() {
            return None;
        }
        let mut map = HashMap::with_capacity_and_hasher(plan.task_count(), Fnv::default());
        for (pos, _, t) in plan.tasks() {
            // The first of two equal ids wins, as in a scan.
            map.entry(t.id.clone()).or_insert(pos);
        }
        let found = map.get(id).copied();
        self.map = Some(map);
        found
    }

    fn invalidate(&mut self) {
        *self = Index::default();
    }
}

impl Plan {
    /// Apply one op, then restore the one-task-in-progress rule.
    pub fn apply(&mut self, op: Op) -> Result<Applied, OpError> {
        let mut applied = self.apply_all([op])?;
        Ok(applied.pop().unwrap_or_default())
    }

    /// Apply ops in order as one step: tasks are found through one index,
    /// and the one-task-in-progress rule is restored once at the end, not
    /// after every op, so changing every task of a phase is linear. For
    /// status changes in plan order (what the phase-wide verbs make) this
    /// is exactly the plan that settling after each op gives; an op that
    /// adds a task, or tasks out of plan order, can settle differently, so
    /// such callers apply one op at a time. The first failing op stops the
    /// run (the caller then writes nothing).
    pub fn apply_all(
        &mut self,
        ops: impl IntoIterator<Item = Op>,
    ) -> Result<Vec<Applied>, OpError> {
        let mut index = Index::default();
        let mut out = Vec::new();
        let mut changed = false;
        for op in ops {
            let (applied, c) = self.apply_raw(op, &mut index)?;
            changed |= c;
            out.push(applied);
        }
        // With no op at all there is nothing to settle (as before: a verb
        // that found nothing to change leaves even an unsettled file alone).
        if (!out.is_empty() && self.settle()) || changed {
            self.changes += 1;
        }
        Ok(out)
    }

    fn task_mut(&mut self, index: &mut Index, id: &str) -> Result<(TaskPos, &mut Task), OpError> {
        let pos = index
            .find(self, id)
            .ok_or_else(|| OpError::NoTask(id.into()))?;
        Ok((pos, &mut self.phases[pos.phase].tasks[pos.task]))
    }

    fn check_unique(&self, content: &str, except: Option<&str>) -> Result<(), OpError> {
        let clash = self
            .tasks()
            .any(|(_, _, t)| t.content == content && Some(t.id.as_str()) != except);
        if clash {
            return Err(OpError::Duplicate(content.into()));
        }
        Ok(())
    }

    fn phase_index(&mut self, phase: PhaseRef, applied: &mut Applied) -> Result<usize, OpError> {
        match phase {
            PhaseRef::Id(id) => self.find_phase(&id).ok_or(OpError::NoPhase(id)),
            PhaseRef::New(name) => {
                let id = self.mint_phase_id()?;
                applied.phase = Some(id.clone());
                self.phases.push(Phase {
                    id,
                    name,
                    ..Phase::default()
                });
                Ok(self.phases.len() - 1)
            }
        }
    }

    /// Apply one op; also says whether it changed anything, so that a
    /// command that changes nothing writes nothing.
    fn apply_raw(&mut self, op: Op, index: &mut Index) -> Result<(Applied, bool), OpError> {
        let mut applied = Applied::default();
        let changed = match op {
            Op::AddTask { phase, content } => {
                self.check_unique(&content, None)?;
                let pi = self.phase_index(phase, &mut applied)?;
                let id = self.mint_task_id()?;
                applied.task = Some(id.clone());
                self.phases[pi].tasks.push(Task {
                    id,
                    content,
                    status: Status::Pending,
                    ..Task::default()
                });
                applied.at = Some(TaskPos {
                    phase: pi,
                    task: self.phases[pi].tasks.len() - 1,
                });
                index.invalidate();
                true
            }
            Op::Start { task } => {
                applied.at = Some(self.task_mut(index, &task)?.0);
                let mut changed = false;
                for phase in &mut self.phases {
                    for t in &mut phase.tasks {
                        if t.id == task {
                            changed |= t.status != Status::InProgress
                                || t.blocker.is_some()
                                || t.dropped_by.is_some();
                            t.status = Status::InProgress;
                            t.blocker = None;
                            t.dropped_by = None;
                        } else if t.status == Status::InProgress {
                            t.status = Status::Pending;
                            changed = true;
                        }
                    }
                }
                changed
            }
            Op::SetStatus {
                task,
                status,
                blocker,
            } => {
                let (pos, t) = self.task_mut(index, &task)?;
                applied.at = Some(pos);
                if status == Status::Blocked && !t.status.is_open() {
                    return Err(OpError::BlockFinished {
                        content: t.content.clone(),
                        status: t.status,
                    });
                }
                let blocker = if status == Status::Blocked {
                    blocker
                } else {
                    None
                };
                let dropped_by = (status == Status::Abandoned).then(|| "user".to_string());
                let changed =
                    t.status != status || t.blocker != blocker || t.dropped_by != dropped_by;
                t.status = status;
                t.blocker = blocker;
                t.dropped_by = dropped_by;
                changed
            }
            Op::RemoveTask { task } => {
                let pos = index.find(self, &task).ok_or(OpError::NoTask(task))?;
                self.phases[pos.phase].tasks.remove(pos.task);
                index.invalidate();
                true
            }
            Op::RemovePhase { phase } => {
                let i = self.find_phase(&phase).ok_or(OpError::NoPhase(phase))?;
                self.phases.remove(i);
                index.invalidate();
                true
            }
            Op::Clear => {
                let changed = !self.phases.is_empty();
                self.phases.clear();
                index.invalidate();
                changed
            }
            Op::RenameTask { task, content } => {
                self.check_unique(&content, Some(&task))?;
                let (pos, t) = self.task_mut(index, &task)?;
                applied.at = Some(pos);
                let changed = t.content != content;
                t.content = content;
                changed
            }
            Op::RenamePhase { phase, name } => {
                let i = self.find_phase(&phase).ok_or(OpError::NoPhase(phase))?;
                let lower = crate::matching::lower(&name);
                if let Some(other) = self
                    .phases
                    .iter()
                    .enumerate()
                    .find(|(j, p)| *j != i && crate::matching::lower(&p.name) == lower)
                {
                    return Err(OpError::DuplicatePhase(other.1.name.clone()));
                }
                let changed = self.phases[i].name != name;
                self.phases[i].name = name;
                changed
            }
            Op::MoveTask { task, to } => {
                let pos = index.find(self, &task).ok_or(OpError::NoTask(task))?;
                if let PhaseRef::Id(id) = &to
                    && self.find_phase(id).is_none()
                {
                    return Err(OpError::NoPhase(id.clone()));
                }
                let already_last = matches!(&to, PhaseRef::Id(id) if *id == self.phases[pos.phase].id)
                    && pos.task + 1 == self.phases[pos.phase].tasks.len();
                let moved = self.phases[pos.phase].tasks.remove(pos.task);
                let pi = self.phase_index(to, &mut applied)?;
                self.phases[pi].tasks.push(moved);
                applied.at = Some(TaskPos {
                    phase: pi,
                    task: self.phases[pi].tasks.len() - 1,
                });
                index.invalidate();
                !already_last
            }
            Op::Note { task, text } => {
                let (pos, t) = self.task_mut(index, &task)?;
                t.notes.push(text);
                applied.at = Some(pos);
                true
            }
            Op::Prune => {
                let before = (self.phases.len(), self.task_count());
                for phase in &mut self.phases {
                    phase.tasks.retain(|t| t.status.is_open());
                }
                self.phases.retain(|p| !p.tasks.is_empty());
                index.invalidate();
                before != (self.phases.len(), self.task_count())
            }
            Op::Replace { phases } => {
                let changed = self.phases != phases;
                self.phases = phases;
                index.invalidate();
                self.raise_counters() || changed
            }
        };
        Ok((applied, changed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_with(names: &[&str]) -> Plan {
        let mut plan = Plan::default();
        for (i, n) in names.iter().enumerate() {
            let phase = if i == 0 {
                PhaseRef::New("A".into())
            } else {
                PhaseRef::Id("p1".into())
            };
            plan.apply(Op::AddTask {
                phase,
                content: (*n).into(),
            })
            .unwrap();
        }
        plan
    }

    fn statuses(plan: &Plan) -> Vec<Status> {
        plan.tasks().map(|(_, _, t)| t.status).collect()
    }

    #[test]
    fn a_new_plan_starts_its_first_task() {
        let plan = plan_with(&["a1", "a2"]);
        assert_eq!(statuses(&plan), [Status::InProgress, Status::Pending]);
        assert_eq!(plan.next_task_id, 3);
        assert_eq!(plan.next_phase_id, 2);
    }

    #[test]
    fn done_moves_progress_to_the_next_pending_task() {
        let mut plan = plan_with(&["a1", "a2", "a3"]);
        plan.apply(Op::SetStatus {
            task: "t1".into(),
            status: Status::Completed,
            blocker: None,
        })
        .unwrap();
        assert_eq!(
            statuses(&plan),
            [Status::Completed, Status::InProgress, Status::Pending]
        );
    }

    #[test]
    fn start_sends_the_other_task_back_and_clears_drop_marks() {
        let mut plan = plan_with(&["a1", "a2"]);
        plan.apply(Op::SetStatus {
            task: "t2".into(),
            status: Status::Abandoned,
            blocker: None,
        })
        .unwrap();
        assert_eq!(plan.phases[0].tasks[1].dropped_by.as_deref(), Some("user"));
        plan.apply(Op::Start { task: "t2".into() }).unwrap();
        assert_eq!(statuses(&plan), [Status::Pending, Status::InProgress]);
        assert_eq!(plan.phases[0].tasks[1].dropped_by, None);
    }

    #[test]
    fn duplicates_and_blocking_finished_work_are_refused() {
        let mut plan = plan_with(&["a1"]);
        let dup = plan.apply(Op::AddTask {
            phase: PhaseRef::Id("p1".into()),
            content: "a1".into(),
        });
        assert_eq!(dup, Err(OpError::Duplicate("a1".into())));
        plan.apply(Op::SetStatus {
            task: "t1".into(),
            status: Status::Completed,
            blocker: None,
        })
        .unwrap();
        let err = plan
            .apply(Op::SetStatus {
                task: "t1".into(),
                status: Status::Blocked,
                blocker: None,
            })
            .unwrap_err();
        assert_eq!(err.to_string(), "Cannot block \"a1\": it is completed.");
    }

    #[test]
    fn ids_are_never_reused_after_removal_or_replace() {
        let mut plan = plan_with(&["a1", "a2"]);
        plan.apply(Op::RemoveTask { task: "t2".into() }).unwrap();
        let new = plan
            .apply(Op::AddTask {
                phase: PhaseRef::Id("p1".into()),
                content: "a3".into(),
            })
            .unwrap();
        assert_eq!(new.task.as_deref(), Some("t3"));
        plan.apply(Op::Replace { phases: vec![] }).unwrap();
        assert_eq!(plan.next_task_id, 4);
    }

    #[test]
    fn ops_that_change_nothing_are_not_counted() {
        let mut plan = plan_with(&["a1", "a2"]);
        let before = plan.changes;
        let same = [
            Op::Start { task: "t1".into() },
            Op::RenameTask {
                task: "t1".into(),
                content: "a1".into(),
            },
            Op::MoveTask {
                task: "t2".into(),
                to: PhaseRef::Id("p1".into()),
            },
            Op::Prune,
            Op::Replace {
                phases: plan.phases.clone(),
            },
        ];
        for op in same {
            plan.apply(op.clone()).unwrap();
            assert_eq!(plan.changes, before, "{op:?} counted as a change");
        }
        plan.apply(Op::SetStatus {
            task: "t2".into(),
            status: Status::Completed,
            blocker: None,
        })
        .unwrap();
        assert_eq!(plan.changes, before + 1);
        plan.apply(Op::SetStatus {
            task: "t2".into(),
            status: Status::Completed,
            blocker: None,
        })
        .unwrap();
        assert_eq!(plan.changes, before + 1);
    }

    #[test]
    fn the_index_finds_ids_in_any_order_and_misses_unknown_ones() {
        let mut plan = plan_with(&["a1", "a2", "a3"]);
        plan.apply(Op::AddTask {
            phase: PhaseRef::New("B".into()),
            content: "b1".into(),
        })
        .unwrap();
        let mut index = Index::default();
        let at = |phase, task| Some(TaskPos { phase, task });
        // In order: scans on from the last find.
        assert_eq!(index.find(&plan, "t2"), at(0, 1));
        assert_eq!(index.find(&plan, "t4"), at(1, 0));
        assert!(index.map.is_none(), "no map for ids in plan order");
        // Behind the last find: the map answers.
        assert_eq!(index.find(&plan, "t1"), at(0, 0));
        assert!(index.map.is_some());
        assert_eq!(index.find(&plan, "t3"), at(0, 2));
        assert_eq!(index.find(&plan, "t9"), None);
        assert_eq!(Index::default().find(&plan, "t9"), None);
    }

    #[test]
    fn a_run_of_status_changes_settles_as_one_op_at_a_time_would() {
        let base = plan_with(&["a1", "a2", "a3", "a4"]);
        let runs: [&[(&str, Status)]; 4] = [
            &[("t1", Status::Completed), ("t2", Status::Completed)],
            &[
                ("t1", Status::Blocked),
                ("t2", Status::Blocked),
                ("t3", Status::Blocked),
            ],
            &[("t2", Status::Abandoned), ("t4", Status::Completed)],
            &[
                ("t1", Status::Completed),
                ("t2", Status::Completed),
                ("t3", Status::Completed),
                ("t4", Status::Completed),
            ],
        ];
        for run in runs {
            let ops = || {
                run.iter().map(|(task, status)| Op::SetStatus {
                    task: (*task).into(),
                    status: *status,
                    blocker: None,
                })
            };
            let mut one_by_one = base.clone();
            for op in ops() {
                one_by_one.apply(op).unwrap();
            }
            let mut all = base.clone();
            let applied = all.apply_all(ops()).unwrap();
            assert_eq!(all, one_by_one, "{run:?}");
            assert_eq!(applied.len(), run.len());
            for (a, (task, _)) in applied.iter().zip(run) {
                assert_eq!(all.task(a.at.unwrap()).id, *task);
            }
        }
    }

    #[test]
    fn prune_keeps_open_tasks_and_drops_empty_phases() {
        let mut plan = plan_with(&["a1", "a2"]);
        plan.apply(Op::AddTask {
            phase: PhaseRef::New("B".into()),
            content: "b1".into(),
        })
        .unwrap();
        for t in ["t1", "t3"] {
            plan.apply(Op::SetStatus {
                task: t.into(),
                status: Status::Completed,
                blocker: None,
            })
            .unwrap();
        }
        plan.apply(Op::Prune).unwrap();
        assert_eq!(plan.phases.len(), 1);
        assert_eq!(plan.phases[0].tasks[0].content, "a2");
    }
}
