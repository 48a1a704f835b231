//! What `done` and `drop` share: finish a task, a phase's open tasks, or
//! every open task.
//!
//! Linear in the plan however many tasks change: the ops are applied as one
//! run (one index, one settle; `Tx::apply_all`), and each changed task is
//! reported from where the op left it, never by searching or copying.

use super::{find, query, task_ref};
use crate::error::Result;
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Plan, Status, Tx};

pub(super) fn apply(
    tx: &mut Tx,
    verb: &'static str,
    status: Status,
    words: &[String],
) -> Result<Report> {
    let plan = tx.plan();
    let mut ids = Vec::new();
    // What to say when it turns out nothing changed (exit 0, no write).
    let unchanged;
    let message = if words.is_empty() {
        ids.extend(open_tasks(plan, None));
        unchanged = "No open tasks; nothing changed.".to_string();
        format!("Marked all tasks {status}.")
    } else {
        let query = query(words)?;
        match find(plan, &query, Scope::TasksAndPhases)? {
            Target::Task(id) => {
                let content = task_ref(plan, &id)?.1.content.clone();
                ids.push(id);
                unchanged = format!("Already {status}: {content}; nothing changed.");
                format!("Marked {status}: {content}")
            }
            Target::Phase(pid) => {
                let name = phase_name(plan, &pid);
                ids.extend(open_tasks(plan, Some(&pid)));
                unchanged = format!("No open tasks in phase {name}; nothing changed.");
                format!("Marked phase {name} {status}.")
            }
        }
    };
    let before = tx.changes();
    let mut report = set_status(tx, verb, message, ids, status, None)?;
    if tx.changes() == before {
        report.message = unchanged.into();
    }
    Ok(report)
}

/// Ids of open tasks, in one phase or everywhere, in plan order.
pub(super) fn open_tasks(plan: &Plan, phase: Option<&str>) -> Vec<String> {
    plan.phases
        .iter()
        .filter(|p| phase.is_none_or(|id| p.id == id))
        .flat_map(|p| p.tasks.iter())
        .filter(|t| t.status.is_open())
        .map(|t| t.id.clone())
        .collect()
}

/// The name of a phase matching just returned.
pub(super) fn phase_name(plan: &Plan, id: &str) -> String {
    plan.phase_by_id(id)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// Apply one status to several tasks (given in plan order) as one run of
/// ops, and report them.
pub(super) fn set_status(
    tx: &mut Tx,
    verb: &'static str,
    message: String,
    ids: Vec<String>,
    status: Status,
    blocker: Option<String>,
) -> Result<Report> {
    let ops = ids.into_iter().map(|task| Op::SetStatus {
        task,
        status,
        blocker: blocker.clone(),
    });
    let applied = tx.apply_all(ops)?;
    let plan = tx.plan();
    let mut report = Report::new(verb, Kind::Confirm, message);
    report.tasks.reserve(applied.len());
    for pos in applied.iter().filter_map(|a| a.at) {
        report = report.task(&plan.phases[pos.phase], plan.task(pos));
    }
    Ok(report)
}
