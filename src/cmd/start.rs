//! `todo start <task...>`: make a task the one in progress.

use super::{at, query, task_ref};
use crate::error::Result;
use crate::output::{Kind, Report};
use crate::plan::{Op, Status, Tx};
use crate::text::Message;

/// Mark a task in progress (any other goes back to pending).
///
/// A blocked task loses its blocker, a finished one is reopened, and the
/// task in progress goes back to pending: the confirmation says which.
///
/// Example: `todo start oauth`
#[derive(Debug, Clone, clap::Args)]
pub struct Start {
    #[command(flatten)]
    pub target: super::TaskArgs,
}

impl super::Verb for Start {
    /// `Started: <content>`, then a line for each thing the start did besides:
    /// a blocker dropped, a finished task reopened, another task (named with
    /// its phase when that is another phase) sent back to pending.
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let query = query(&self.target.query)?;
        let id = super::one_task(tx.plan(), &query, "Only tasks can be started.")?;
        let plan = tx.plan();
        let (phase, task) = task_ref(plan, &id)?;
        let (was, blocker, phase_id) = (task.status, task.blocker.clone(), phase.id.clone());
        let others: Vec<(String, String, String, String)> = plan
            .tasks()
            .filter(|(_, _, t)| t.status == Status::InProgress && t.id != id)
            .map(|(_, p, t)| {
                (
                    t.id.clone(),
                    t.content.clone(),
                    p.id.clone(),
                    p.name.clone(),
                )
            })
            .collect();
        let applied = tx.apply(Op::Start { task: id })?;
        let plan = tx.plan();
        let (phase, task) = at(plan, applied.at)?;
        let mut message = Message::from(format!("Started: {}", task.content));
        match (was, blocker) {
            (Status::Blocked, Some(reason)) => {
                message.push(format!(
                    "It was blocked ({reason}); the blocker is cleared."
                ));
            }
            (Status::Blocked, None) => message.push("It was blocked; it no longer is."),
            (Status::Completed | Status::Abandoned, _) => {
                message.push(format!("It was {was}; it is open again."));
            }
            _ => {}
        }
        for (other, content, pid, pname) in others {
            if plan
                .task_by_id(&other)
                .is_some_and(|(_, t)| t.status == Status::Pending)
            {
                let place = if pid == phase_id {
                    String::new()
                } else {
                    format!(" (in {pname})")
                };
                message.push(format!("{content}{place} is back to pending."));
            }
        }
        Ok(Report::new("start", Kind::Confirm, message).task(phase, task))
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.target.query, is, id);
    }
}

