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
    let unchanged;
    let message = if words.is_empty() {
        let open = plan.tasks().filter(|(_, _, t)| t.status.is_open());
        ids.extend(open.map(|(_, _, t)| t.id.clone()));
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
                ids.extend(plan.open_tasks(&pid));
                unchanged = format!("No open tasks in phase {name}; nothing changed.");
                format!("Marked phase {name} {status}.")
            }
        }
    };
    set_status(tx, verb, (message, Some(unchanged)), ids, status, None)
}

/// The name of a phase matching just returned.
pub(super) fn phase_name(plan: &Plan, id: &str) -> String {
    plan.phase_by_id(id)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// Apply one status to several tasks (given in plan order) as one run of
/// ops, and report them: `said` is the message, and the one for when the
/// ops changed nothing (exit 0, no write).
pub(super) fn set_status(
    tx: &mut Tx,
    verb: &'static str,
    (message, unchanged): (String, Option<String>),
    ids: Vec<String>,
    status: Status,
    blocker: Option<String>,
) -> Result<Report> {
    let ops = ids.into_iter().map(|task| Op::SetStatus {
        task,
        status,
        blocker: blocker.clone(),
    });
    let before = tx.changes();
    let applied = tx.apply_all(ops)?;
    let message = match unchanged {
        Some(unchanged) if tx.changes() == before => unchanged,
        _ => message,
    };
    let plan = tx.plan();
    let mut report = Report::new(verb, Kind::Confirm, message);
    report.tasks.reserve(applied.len());
    for pos in applied.iter().filter_map(|a| a.at) {
        report = report.task(&plan.phases[pos.phase], plan.task(pos));
    }
    Ok(report)
}
