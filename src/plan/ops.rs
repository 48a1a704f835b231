//! Changes as values. A verb resolves its target, builds [`Op`]s and applies
//! them to a working copy of the plan; storage commits the copy as one change
//! (one `rev`), or nothing at all if any op fails.

use thiserror::Error;

use super::{Finding, Objective, ObjectiveStatus, Phase, Status, TaskPos};
use crate::text::Message;

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
    /// Add a note to a task (`todo note`).
    Note {
        task: String,
        text: String,
    },
    /// Make `text` the task's only note; `None` clears its notes (the
    /// plan operations' `note`, which writes a step's note).
    WriteNote {
        task: String,
        text: Option<String>,
    },
    /// Remove finished tasks, then empty phases.
    Prune,
    /// Say who checks a task (docs/contract.md, "A plan a person and an agent share"); `unlocked` records that a person
    /// lifted an agent-only check.
    SetChecks {
        task: String,
        checks: super::Checks,
        unlocked: bool,
    },
    /// Give a task a check, change it, or (`None`) remove it.
    SetVerify {
        task: String,
        verify: Option<Box<super::TaskCheck>>,
    },
    /// Replace all phases (import, edit, undo). Ids are the caller's; the
    /// counters only ever rise.
    Replace {
        phases: Vec<Phase>,
    },
    /// Add a task right after another, in that task's phase.
    AddTaskAfter {
        after: String,
        content: String,
    },
    /// Move a task to right after another (in that task's phase).
    MoveTaskAfter {
        task: String,
        after: String,
    },
    /// Add a phase with no tasks yet, at the end.
    AddPhase {
        name: String,
    },
    /// Add an objective (docs/contract.md, "Objectives and findings"), `open`.
    AddObjective {
        text: String,
    },
    /// Set an objective's status; who set it is recorded as for tasks.
    SetObjective {
        objective: String,
        status: ObjectiveStatus,
    },
    /// Record a finding (docs/contract.md, "Objectives and findings").
    AddFinding {
        text: String,
    },
    /// Make `task` need each of `needs` (task ids) as well as what it
    /// needs already; a need that would close a cycle is refused, naming it.
    Need {
        task: String,
        needs: Vec<String>,
    },
    /// Take each of `needs` off what `task` needs.
    Unneed {
        task: String,
        needs: Vec<String>,
    },
    /// Claim `task` for `owner` and start it; a task another owner holds
    /// is refused, naming the owner. With claims, each owner has one task
    /// in progress.
    Claim {
        task: String,
        owner: String,
    },
    /// Give up the claim on `task`: it goes back to pending if it was in
    /// progress.
    Release {
        task: String,
    },
    /// Replace all objectives and findings (import, edit, undo), as
    /// [`Op::Replace`] does phases.
    ReplaceAims {
        objectives: Vec<Objective>,
        findings: Vec<Finding>,
    },
}

#[cfg(test)]
impl Op {
    /// Set `task`'s status, with no blocker (the tests' usual op).
    pub(crate) fn set(task: &str, status: Status) -> Op {
        Op::SetStatus {
            task: task.into(),
            status,
            blocker: None,
        }
    }

    pub(crate) fn rename(task: &str, content: &str) -> Op {
        Op::RenameTask {
            task: task.into(),
            content: content.into(),
        }
    }

    pub(crate) fn claim(task: &str, owner: &str) -> Op {
        Op::Claim {
            task: task.into(),
            owner: owner.into(),
        }
    }

    /// Add a task of `content` at the end of the phase `phase` (an id).
    pub(crate) fn add(phase: &str, content: &str) -> Op {
        Op::AddTask {
            phase: PhaseRef::Id(phase.into()),
            content: content.into(),
        }
    }
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum OpError {
    #[error("no task with id {0}")]
    NoTask(String),
    #[error("no phase with id {0}")]
    NoPhase(String),
    #[error("no objective with id {0}")]
    NoObjective(String),
    #[error("Task \"{0}\" already exists")]
    Duplicate(String),
    /// Two phases of one name (ignoring case) would make every `-p NAME`
    /// ambiguous.
    #[error("Phase \"{0}\" already exists")]
    DuplicatePhase(String),
    #[error("Cannot block \"{content}\": it is {status}.")]
    BlockFinished { content: String, status: Status },
    /// `rev` cannot rise (the top error says so as the merge's overflow).
    #[error("rev spent")]
    RevSpent,
    /// A change an actor may not make (docs/contract.md, "A plan a person and an agent share"); the message names the
    /// item and what to do instead.
    #[error("Refused ({}): {message}", code.as_str())]
    Refused { code: Refusal, message: Message },
}

impl OpError {
    /// A refusal of one line: a newline in `message` is text.
    pub(crate) fn refused(code: Refusal, message: impl Into<String>) -> OpError {
        OpError::Refused {
            code,
            message: Message::from(message.into()),
        }
    }

    /// A refusal of several lines of ours (a listing of checks, a check's
    /// output), each line's text kept inside it.
    pub(crate) fn refused_lines(code: Refusal, message: Message) -> OpError {
        OpError::Refused { code, message }
    }
}

/// The refusal codes of docs/contract.md, "A plan a person and an agent share", each with its stable spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Refusal {
    OpNotAllowed,
    StepLocked,
    PersonOnly,
    SetByPerson,
    UnlockedByPerson,
    PlanMissingItem,
    PlanBadPosition,
    PlanTooLarge,
    PlanInvalid,
    /// A task's check failed (or timed out): it is not done.
    CheckFailed,
    /// A task's check is not trusted on this machine: it did not run.
    CheckUntrusted,
    /// A need would make tasks wait for each other in a circle.
    NeedsCycle,
    /// Another owner holds the task (or only open work can be claimed).
    Claimed,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        self.into()
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
    /// The objective or finding the op created.
    pub objective: Option<String>,
    pub finding: Option<String>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::plan::Plan;

    /// Build a plan from `(phase, [tasks])`; tasks prefixed `x ` are completed.
    /// Phases and tasks are numbered in order (`p1`, `t1`…) and settled, as
    /// appending them one by one once did, so that tests can name them.
    pub(crate) fn plan(spec: &[(&str, &[&str])]) -> Plan {
        let mut plan = Plan::default();
        let mut n = 0;
        for (pi, (phase, tasks)) in spec.iter().enumerate() {
            let tasks = tasks
                .iter()
                .map(|t| {
                    let (status, content) = match t.strip_prefix("x ") {
                        Some(rest) => (Status::Completed, rest),
                        None => (Status::Pending, *t),
                    };
                    n += 1;
                    crate::plan::Task {
                        id: format!("t{n}"),
                        content: content.to_string(),
                        status,
                        ..Default::default()
                    }
                })
                .collect();
            plan.phases.push(crate::plan::Phase {
                id: format!("p{}", pi + 1),
                name: (*phase).to_string(),
                tasks,
                ..Default::default()
            });
        }
        plan.settle();
        plan
    }

    /// Each task's status as a letter: pending, in progress, completed.
    fn lanes(plan: &Plan) -> String {
        let letter = |s| match s {
            Status::Pending => 'P',
            Status::InProgress => 'I',
            Status::Completed => 'C',
            _ => '?',
        };
        plan.tasks().map(|(_, _, t)| letter(t.status)).collect()
    }

    #[test]
    fn a_new_plan_starts_its_first_task_and_done_moves_on_to_the_next() {
        let mut plan = plan(&[("A", &["a1", "a2", "a3"])]);
        assert_eq!(lanes(&plan), "IPP");
        plan.apply(Op::set("t1", Status::Completed)).unwrap();
        assert_eq!(lanes(&plan), "CIP");
    }

    #[test]
    fn start_sends_the_other_task_back_and_clears_drop_marks() {
        let mut plan = plan(&[("A", &["a1", "a2"])]);
        plan.apply(Op::set("t2", Status::Abandoned)).unwrap();
        assert_eq!(plan.phases[0].tasks[1].dropped_by.as_deref(), Some("user"));
        plan.apply(Op::Start { task: "t2".into() }).unwrap();
        assert_eq!(lanes(&plan), "PI");
        assert_eq!(plan.phases[0].tasks[1].dropped_by, None);
    }

    #[test]
    fn duplicates_and_blocking_finished_work_are_refused() {
        let mut plan = plan(&[("A", &["a1"])]);
        let dup = plan.apply(Op::add("p1", "a1"));
        assert_eq!(dup, Err(OpError::Duplicate("a1".into())));
        plan.apply(Op::set("t1", Status::Completed)).unwrap();
        let err = plan.apply(Op::set("t1", Status::Blocked)).unwrap_err();
        assert_eq!(err.to_string(), "Cannot block \"a1\": it is completed.");
    }

    #[test]
    fn ids_are_never_reused_after_removal() {
        let mut plan = plan(&[("A", &["a1", "a2"])]);
        plan.apply(Op::RemoveTask { task: "t2".into() }).unwrap();
        let new = plan.apply(Op::add("p1", "a3")).unwrap();
        let minted = new.task.unwrap();
        assert!(!["t1", "t2"].contains(&minted.as_str()), "{minted}");
        assert!(crate::plan::ids::is_shaped(&minted, 't'), "{minted}");
    }

    #[test]
    fn prune_keeps_open_tasks_and_drops_empty_phases() {
        let mut plan = plan(&[("A", &["x a1", "a2"]), ("B", &["x b1"])]);
        plan.apply(Op::Prune).unwrap();
        assert_eq!(plan.phases.len(), 1);
        assert_eq!(plan.phases[0].tasks[0].content, "a2");
    }

    #[test]
    fn each_owner_holds_one_task_in_progress_and_starts_stop_no_one_else() {
        let mut plan = plan(&[("A", &["a1", "a2", "a3", "a4"])]);
        plan.apply(Op::claim("t1", "ann")).unwrap();
        plan.apply(Op::claim("t2", "bob")).unwrap();
        // Both claimed tasks in progress; the unclaimed lane starts t3.
        assert_eq!(lanes(&plan), "IIIP");
        // Ann's second claim sends back only Ann's first task (still hers).
        plan.apply(Op::claim("t4", "ann")).unwrap();
        assert_eq!(lanes(&plan), "PIII");
        assert_eq!(plan.phases[0].tasks[0].owner.as_deref(), Some("ann"));
        // Starting an unclaimed task stops no claimed one.
        plan.apply(Op::Start { task: "t3".into() }).unwrap();
        assert_eq!(lanes(&plan), "PIII");
        // Claiming again what one holds changes nothing.
        let before = plan.clone();
        plan.apply(Op::claim("t2", "bob")).unwrap();
        assert_eq!(plan, before);
    }

    #[test]
    fn a_second_claimer_is_refused_with_the_owner_named_and_release_frees_it() {
        let mut plan = plan(&[("A", &["a1", "a2"])]);
        plan.apply(Op::claim("t2", "ann")).unwrap();
        let err = plan.apply(Op::claim("t2", "bob")).unwrap_err();
        assert!(
            matches!(&err, OpError::Refused { code: Refusal::Claimed, message } if message.as_str().contains("claimed by ann")),
            "{err}"
        );
        plan.apply(Op::Release { task: "t2".into() }).unwrap();
        assert_eq!(plan.phases[0].tasks[1].owner, None);
        assert_eq!(lanes(&plan), "IP");
        plan.apply(Op::claim("t2", "bob")).unwrap();
        assert_eq!(plan.phases[0].tasks[1].owner.as_deref(), Some("bob"));
        plan.apply(Op::set("t1", Status::Completed)).unwrap();
        let err = plan.apply(Op::claim("t1", "bob")).unwrap_err();
        assert!(err.to_string().contains("only open work"), "{err}");
    }

    #[test]
    fn needs_refuse_cycles_and_keep_next_off_waiting_tasks() {
        let mut plan = plan(&[("A", &["a1", "a2", "a3"])]);
        let need = |task: &str, needs: &[&str]| Op::Need {
            task: task.into(),
            needs: needs.iter().map(|s| s.to_string()).collect(),
        };
        plan.apply(need("t1", &["t3"])).unwrap();
        plan.apply(need("t3", &["t2"])).unwrap();
        let err = plan.apply(need("t2", &["t1"])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Refused (needs-cycle): t2 cannot need t1: that would make a cycle (t2 → t1 → t3 → t2). Remove a need on the way (todo needs TASK --remove ID)."
        );
        assert_eq!(plan.phases[0].tasks[0].needs, ["t3"]);
        // t1 waits for t3, which waits for t2: the next task is t2.
        assert_eq!(plan.next_for(None).map(|(_, t)| t.id.as_str()), Some("t2"));
        plan.apply(Op::Unneed {
            task: "t1".into(),
            needs: vec!["t3".into()],
        })
        .unwrap();
        assert!(plan.phases[0].tasks[0].needs.is_empty());
        assert_eq!(plan.next_for(None).map(|(_, t)| t.id.as_str()), Some("t1"));
        // An unknown need is not taken.
        assert_eq!(
            plan.apply(need("t1", &["t9"])),
            Err(OpError::NoTask("t9".into()))
        );
    }

    #[test]
    fn an_agent_may_not_release_or_take_a_persons_claim() {
        use crate::plan::{Actor, By, Tx};
        let tx_by = |plan: &Plan, actor| {
            let mut tx = Tx::new(plan.clone());
            let now = "2026-01-01T00:00:00Z".into();
            tx.set_by(By { actor, now });
            tx
        };
        let mut tx = tx_by(&plan(&[("A", &["a1", "a2"])]), Actor::Person);
        tx.apply(Op::claim("t2", "ann")).unwrap();
        let plan = tx.commit().unwrap().plan;
        assert_eq!(plan.phases[0].tasks[1].claimed_by, Some(Actor::Person));
        let mut tx = tx_by(&plan, Actor::Agent);
        tx.apply(Op::Release { task: "t2".into() }).unwrap();
        let err = tx.commit().err().unwrap();
        let OpError::Refused { code, .. } = &err else {
            panic!("{err}")
        };
        assert_eq!(*code, Refusal::SetByPerson, "{err}");
        let mut tx = tx_by(&plan, Actor::Agent);
        assert!(tx.apply(Op::claim("t2", "agent")).is_err());
    }
}
