//! Changes as values. A verb resolves its target, builds [`Op`]s and applies
//! them to a working copy of the plan; storage commits the copy as one change
//! (one `rev`), or nothing at all if any op fails.

use thiserror::Error;

use super::{Phase, Plan, Status, Task};

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
}

/// What an op created, so a verb can report the new ids.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Applied {
    pub task: Option<String>,
    pub phase: Option<String>,
}

impl Plan {
    /// Apply one op, then restore the one-task-in-progress rule.
    pub fn apply(&mut self, op: Op) -> Result<Applied, OpError> {
        let (applied, changed) = self.apply_raw(op)?;
        if self.settle() || changed {
            self.changes += 1;
        }
        Ok(applied)
    }

    fn task_mut(&mut self, id: &str) -> Result<&mut Task, OpError> {
        let pos = self
            .find_task(id)
            .ok_or_else(|| OpError::NoTask(id.into()))?;
        Ok(&mut self.phases[pos.phase].tasks[pos.task])
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
                let id = self.mint_phase_id();
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
    fn apply_raw(&mut self, op: Op) -> Result<(Applied, bool), OpError> {
        let mut applied = Applied::default();
        let changed = match op {
            Op::AddTask { phase, content } => {
                self.check_unique(&content, None)?;
                let pi = self.phase_index(phase, &mut applied)?;
                let id = self.mint_task_id();
                applied.task = Some(id.clone());
                self.phases[pi].tasks.push(Task {
                    id,
                    content,
                    status: Status::Pending,
                    ..Task::default()
                });
                true
            }
            Op::Start { task } => {
                self.task_mut(&task)?;
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
                let t = self.task_mut(&task)?;
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
                let pos = self.find_task(&task).ok_or(OpError::NoTask(task))?;
                self.phases[pos.phase].tasks.remove(pos.task);
                true
            }
            Op::RemovePhase { phase } => {
                let i = self.find_phase(&phase).ok_or(OpError::NoPhase(phase))?;
                self.phases.remove(i);
                true
            }
            Op::Clear => {
                let changed = !self.phases.is_empty();
                self.phases.clear();
                changed
            }
            Op::RenameTask { task, content } => {
                self.check_unique(&content, Some(&task))?;
                let t = self.task_mut(&task)?;
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
                let pos = self.find_task(&task).ok_or(OpError::NoTask(task))?;
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
                !already_last
            }
            Op::Note { task, text } => {
                self.task_mut(&task)?.notes.push(text);
                true
            }
            Op::Prune => {
                let before = (self.phases.len(), self.task_count());
                for phase in &mut self.phases {
                    phase.tasks.retain(|t| t.status.is_open());
                }
                self.phases.retain(|p| !p.tasks.is_empty());
                before != (self.phases.len(), self.task_count())
            }
            Op::Replace { phases } => {
                let changed = self.phases != phases;
                self.phases = phases;
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
