//! `todo rm [<task|phase>...]`: remove a task, a phase, or everything.

use super::{Context, find, query, task_of};
use crate::cli::TargetArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report, phase_json};
use crate::plan::{Op, Plan};

pub fn run(ctx: &Context, args: TargetArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &TargetArgs) -> Result<Report> {
    let refused = |e: crate::plan::ops::OpError| Error::Refused(e.to_string());
    if args.query.is_empty() {
        if plan.phases.is_empty() {
            return Ok(Report::new(
                "rm",
                Kind::Confirm,
                "No todos; nothing changed.",
            ));
        }
        let mut report = Report::new("rm", Kind::Confirm, "Cleared all todos.");
        report.phases = plan.phases.iter().map(phase_json).collect();
        plan.apply(Op::Clear).map_err(refused)?;
        return Ok(report);
    }
    let query = query(&args.query)?;
    match find(plan, &query, Scope::TasksAndPhases)? {
        Target::Task(id) => {
            let (phase, task) = task_of(plan, &id)?;
            plan.apply(Op::RemoveTask { task: id }).map_err(refused)?;
            Ok(
                Report::new("rm", Kind::Confirm, format!("Removed: {}", task.content))
                    .task(&phase, &task),
            )
        }
        Target::Phase(id) => {
            let phase = plan.phase_by_id(&id).cloned().unwrap_or_default();
            plan.apply(Op::RemovePhase { phase: id }).map_err(refused)?;
            Ok(Report::new(
                "rm",
                Kind::Confirm,
                format!("Removed phase: {}", phase.name),
            )
            .phase(&phase))
        }
    }
}
