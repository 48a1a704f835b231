//! `todo block <task|phase...> [--reason TEXT]`: park open work.

use super::mark::{phase_name, set_status};
use super::{find, query, task_ref, text};
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::Report;
use crate::plan::tx::finished_block;
use crate::plan::{Status, Tx};

/// Mark a task (or a phase's open tasks) blocked, with an optional reason.
///
/// Example: `todo block keys --reason "vendor sandbox"`
#[derive(Debug, Clone, clap::Args)]
pub struct Block {
    /// A task or phase: text, part of it, or id.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,

    /// What the task is waiting for.
    #[arg(short, long, value_name = "TEXT")]
    pub reason: Option<String>,
}

impl super::Verb for Block {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let plan = tx.plan();
        let reason = match &self.reason {
            Some(r) => Some(text(r, "reason")?),
            None => None,
        };
        let query = query(&self.query)?;
        let (ids, said) = match find(plan, &query, Scope::TasksAndPhases)? {
            Target::Task(id) => {
                let (_, task) = task_ref(plan, &id)?;
                finished_block(task)?;
                let why = reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default();
                let message = format!("Marked blocked: {}{why}", task.content);
                let unchanged = format!("Already blocked: {}{why}; nothing changed.", task.content);
                (vec![id], (message, Some(unchanged)))
            }
            Target::Phase(pid) => {
                let name = phase_name(plan, &pid);
                let open = plan.open_tasks(&pid);
                let unchanged = if open.is_empty() {
                    format!("No open tasks in phase {name}; nothing changed.")
                } else {
                    format!("Phase {name} is already blocked; nothing changed.")
                };
                let message = format!("Marked phase {name} blocked.");
                (open, (message, Some(unchanged)))
            }
        };
        // As `done` does: a block that changed nothing says so (exit 0).
        set_status(tx, "block", said, ids, Status::Blocked, reason)
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.query, is, id);
    }
}
