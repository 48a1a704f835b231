//! `todo start <task...>`: make a task the one in progress.

use super::{Context, find, query, task_of};
use crate::cli::TaskArgs;
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Plan};

pub fn run(ctx: &Context, args: TaskArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &TaskArgs) -> Result<Report> {
    let query = query(&args.query)?;
    let Target::Task(id) = find(plan, &query, Scope::Tasks)? else {
        return Err(crate::error::Error::usage("Only tasks can be started."));
    };
    plan.apply(Op::Start { task: id.clone() })?;
    let (phase, task) = task_of(plan, &id)?;
    Ok(
        Report::new("start", Kind::Confirm, format!("Started: {}", task.content))
            .task(&phase, &task),
    )
}
