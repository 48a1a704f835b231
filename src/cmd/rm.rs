//! `todo rm [<task|phase>...]`: remove a task, a phase, or everything.

use super::{find, query, task_ref};
use crate::cli::TargetArgs;
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report, TaskEntry, phase_json};
use crate::plan::{Op, Tx};

/// The report is made from the plan before the op, by reference: a phase
/// of any size is never copied.
pub(super) fn apply(tx: &mut Tx, args: &TargetArgs) -> Result<Report> {
    let plan = tx.plan();
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
        tx.apply(Op::Clear)?;
        return Ok(report);
    }
    let query = query(&args.query)?;
    match find(plan, &query, Scope::TasksAndPhases)? {
        Target::Task(id) => {
            let (phase, task) = task_ref(plan, &id)?;
            let message = format!("Removed: {}", task.content);
            let mut report = Report::new("rm", Kind::Confirm, message);
            report.tasks.push(TaskEntry::new(phase, task));
            tx.apply(Op::RemoveTask { task: id })?;
            Ok(report)
        }
        Target::Phase(id) => {
            let (message, json) = match plan.phase_by_id(&id) {
                Some(phase) => (format!("Removed phase: {}", phase.name), phase_json(phase)),
                None => (
                    "Removed phase: ".to_string(),
                    phase_json(&Default::default()),
                ),
            };
            let mut report = Report::new("rm", Kind::Confirm, message);
            report.phases.push(json);
            tx.apply(Op::RemovePhase { phase: id })?;
            Ok(report)
        }
    }
}
