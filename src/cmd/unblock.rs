use super::mark::{set_status, target};
use super::prelude::*;

target_verb! {
    /// Return blocked tasks to pending.
    ///
    /// Example: `todo unblock keys`
    Unblock(TargetRequired) => unblock, choose
}

fn unblock(tx: &mut Tx, words: &[String]) -> Result<Report> {
    let plan = tx.plan();
    let (ids, message) = match target(plan, words)? {
        Target::Task(id) => {
            let (phase, task) = task_ref(plan, &id)?;
            if task.status != Status::Blocked {
                let message = format!(
                    "Not blocked: {} (it is {}); nothing changed.",
                    task.content, task.status
                );
                return Ok(Report::new("unblock", Kind::Confirm, message).task(phase, task));
            }
            (vec![id], format!("Unblocked: {}", task.content))
        }
        Target::Phase(pid) => {
            let Some(phase) = plan.phase_by_id(&pid) else {
                return Ok(Report::new("unblock", Kind::Confirm, "Nothing to unblock."));
            };
            let ids: Vec<String> = phase
                .tasks
                .iter()
                .filter(|t| t.status == Status::Blocked)
                .map(|t| t.id.clone())
                .collect();
            if ids.is_empty() {
                let message = format!("No blocked tasks in phase {}; nothing changed.", phase.name);
                return Ok(Report::new("unblock", Kind::Confirm, message).phase(phase));
            }
            (ids, format!("Unblocked phase {}.", phase.name))
        }
    };
    set_status(tx, "unblock", (message, None), ids, Status::Pending, None)
}
