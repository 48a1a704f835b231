//! `todo __complete <kind>`: candidates for the shell completion scripts,
//! one per line. Quiet on any problem: completion must never print errors.

use super::Context;
use crate::cli::CompleteArgs;
use crate::error::Result;
use crate::output::{Kind, Report};

pub fn run(ctx: &Context, args: &CompleteArgs) -> Result<Report> {
    let Ok(plan) = ctx.read() else {
        return Ok(Report::new("__complete", Kind::Silent, ""));
    };
    let mut lines = Vec::new();
    for phase in &plan.phases {
        if args.kind == "targets" {
            lines.push(phase.name.clone());
        }
        for task in &phase.tasks {
            if args.kind == "tasks" || task.status.is_open() {
                lines.push(task.content.clone());
            }
        }
    }
    if lines.is_empty() {
        return Ok(Report::new("__complete", Kind::Silent, ""));
    }
    Ok(Report::new(
        "__complete",
        Kind::Data,
        lines.into_iter().collect::<crate::text::Message>(),
    ))
}
