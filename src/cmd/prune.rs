use super::prelude::*;
use crate::output::{TaskEntry, phase_json};

/// Remove finished (completed or abandoned) tasks, then empty phases.
///
/// Example: `todo prune` (and `todo undo` to bring them back)
#[derive(Debug, Clone, clap::Args)]
pub struct Prune;

impl super::Verb for Prune {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let plan = tx.plan();
        let mut report = Report::new("prune", Kind::Confirm, "");
        for phase in &plan.phases {
            for task in phase.tasks.iter().filter(|t| !t.status.is_open()) {
                report.tasks.push(TaskEntry::new(phase, task));
            }
            if phase.tasks.iter().all(|t| !t.status.is_open()) {
                report.phases.push(phase_json(phase));
            }
        }
        tx.apply(Op::Prune)?;
        let (tasks, phases) = (report.tasks.len(), report.phases.len());
        report.message = if tasks + phases == 0 {
            "Nothing to prune.".into()
        } else {
            format!(
                "Pruned {} and {}.",
                count(tasks, "finished task"),
                count(phases, "empty phase")
            )
            .into()
        };
        Ok(report)
    }

    fn many(&self) -> Option<&'static str> {
        Some("Remove {} (finished) and the phases left empty?")
    }
}
