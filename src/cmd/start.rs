//! `todo start <task...>`: make a task the one in progress.

use super::{at, find, query};
use crate::cli::TaskArgs;
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Tx};

pub(super) fn apply(tx: &mut Tx, args: &TaskArgs) -> Result<Report> {
    let query = query(&args.query)?;
    let Target::Task(id) = find(tx.plan(), &query, Scope::Tasks)? else {
        return Err(crate::error::Error::usage("Only tasks can be started."));
    };
    let applied = tx.apply(Op::Start { task: id })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    Ok(Report::new("start", Kind::Confirm, format!("Started: {}", task.content)).task(phase, task))
}
