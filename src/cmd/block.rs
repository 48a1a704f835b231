//! `todo block <task|phase...> [--reason TEXT]`: park open work.

use super::mark::{open_tasks, phase_name, set_status};
use super::{Context, find, query, task_ref, text};
use crate::cli::BlockArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::Report;
use crate::plan::{Plan, Status};

pub fn run(ctx: &Context, args: BlockArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &BlockArgs) -> Result<Report> {
    let reason = match &args.reason {
        Some(r) => Some(text(r, "reason")?),
        None => None,
    };
    let query = query(&args.query)?;
    let (ids, message) = match find(plan, &query, Scope::TasksAndPhases)? {
        Target::Task(id) => {
            let (_, task) = task_ref(plan, &id)?;
            if !task.status.is_open() {
                return Err(Error::BlockFinished {
                    content: task.content.clone(),
                    status: task.status,
                });
            }
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
    set_status(plan, "block", message, ids, Status::Blocked, reason)
}
