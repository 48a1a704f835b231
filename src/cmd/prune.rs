//! `todo prune`: remove finished tasks, then empty phases.

use super::Context;
use crate::error::{Error, Result};
use crate::output::{Kind, Report, phase_json, task_json};
use crate::plan::{Op, Plan};

pub fn run(ctx: &Context) -> Result<Report> {
    ctx.mutate(apply)
}

pub fn apply(plan: &mut Plan) -> Result<Report> {
    let mut report = Report::new("prune", Kind::Confirm, "");
    for phase in &plan.phases {
        for task in phase.tasks.iter().filter(|t| !t.status.is_open()) {
            report.tasks.push(task_json(phase, task));
        }
        if phase.tasks.iter().all(|t| !t.status.is_open()) {
            report.phases.push(phase_json(phase));
        }
    }
    plan.apply(Op::Prune)
        .map_err(|e| Error::Refused(e.to_string()))?;
    let (tasks, phases) = (report.tasks.len(), report.phases.len());
    report.message = if tasks + phases == 0 {
        "Nothing to prune.".into()
    } else {
        format!("Pruned {tasks} finished task(s) and {phases} empty phase(s).").into()
    };
    Ok(report)
}
