//! `todo reopen <task...>`: back to pending, with no mark of who set it.

use super::{at, find, query};
use crate::cli::TaskArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Status, Tx};

pub fn apply(tx: &mut Tx, args: &TaskArgs) -> Result<Report> {
    let query = query(&args.query)?;
    let Target::Task(id) = find(tx.plan(), &query, Scope::Tasks)? else {
        return Err(Error::usage("Only tasks can be reopened."));
    };
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
