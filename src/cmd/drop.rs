//! `todo drop [<task|phase>...]`: mark work abandoned, dropped by a person.

use super::Context;
use crate::cli::TargetArgs;
use crate::error::Result;
use crate::output::Report;
use crate::plan::{Plan, Status};

pub fn run(ctx: &Context, args: TargetArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &TargetArgs) -> Result<Report> {
    super::mark::apply(plan, "drop", Status::Abandoned, &args.query)
}
