//! `todo prune`: remove finished tasks, then empty phases.

use super::Context;
use crate::error::Result;
use crate::output::{Kind, Report, TaskEntry, phase_json};
use crate::plan::{Op, Plan};

pub fn run(ctx: &Context) -> Result<Report> {
    ctx.mutate(apply)
}

pub fn apply(plan: &mut Plan) -> Result<Report> {
    let mut report = Report::new("prune", Kind::Confirm, "");
    for phase in &plan.phases {
        for task in phase.tasks.iter().filter(|t| !t.status.is_open()) {
            report.tasks.push(TaskEntry::new(phase, task));
        }
        if phase.tasks.iter().all(|t| !t.status.is_open()) {
            report.phases.push(phase_json(phase));
        }
    }
    plan.apply(Op::Prune)?;
    let (tasks, phases) = (report.tasks.len(), report.phases.len());
    report.message = if tasks + phases == 0 {
        "Nothing to prune.".into()
    } else {
        format!("Pruned {tasks} finished task(s) and {phases} empty phase(s).").into()
    };
    Ok(report)
}
