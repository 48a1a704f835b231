//! `todo block <task|phase...> [--reason TEXT]`: park open work.

use super::mark::{open_tasks, phase_name, set_status};
use super::{find, query, task_ref, text};
use crate::cli::BlockArgs;
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::Report;
use crate::plan::tx::finished_block;
use crate::plan::{Status, Tx};

pub fn apply(tx: &mut Tx, args: &BlockArgs) -> Result<Report> {
    let plan = tx.plan();
    let reason = match &args.reason {
        Some(r) => Some(text(r, "reason")?),
        None => None,
    };
    let query = query(&args.query)?;
    let (ids, message) = match find(plan, &query, Scope::TasksAndPhases)? {
        Target::Task(id) => {
            let (_, task) = task_ref(plan, &id)?;
            finished_block(task)?;
            let message = match &reason {
                Some(r) => format!("Marked blocked: {} ({r})", task.content),
                None => format!("Marked blocked: {}", task.content),
            };
            (vec![id], message)
        }
        Target::Phase(pid) => {
            let name = phase_name(plan, &pid);
            (
                open_tasks(plan, Some(&pid)),
                format!("Marked phase {name} blocked."),
            )
        }
    };
    set_status(tx, "block", message, ids, Status::Blocked, reason)
}
