//! `todo reopen <task...>`: back to pending, with no mark of who set it.

use super::{at, find, query};
use crate::cli::TaskArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Status, Tx};

pub(super) fn apply(tx: &mut Tx, args: &TaskArgs) -> Result<Report> {
    let query = query(&args.query)?;
    let Target::Task(id) = find(tx.plan(), &query, Scope::Tasks)? else {
        return Err(Error::usage("Only tasks can be reopened."));
    };
    if let Some((phase, task)) = tx.plan().task_by_id(&id)
        && task.already_open()
    {
        let message = format!("Already open: {}; nothing changed.", task.content);
        return Ok(Report::new("reopen", Kind::Confirm, message).task(phase, task));
    }
    let applied = tx.apply(Op::SetStatus {
        task: id,
        status: Status::Pending,
        blocker: None,
    })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    Ok(Report::new(
        "reopen",
        Kind::Confirm,
        format!("Reopened: {}", task.content),
    )
    .task(phase, task))
}
