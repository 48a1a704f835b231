//! What `done`, `drop` and `block` share: finish or park a task, a phase's
//! open tasks, or every open task.
//!
//! Linear in the plan however many tasks change: the ops are applied as one
//! run (one index, one settle; `Tx::apply_all`), and each changed task is
//! reported from where the op left it, never by searching or copying.

use super::prelude::*;
use crate::plan::tx::finished_block;

/// Set `status` (with `blocker`, for `block`) on what `words` name: a
/// task, a phase's open tasks, or (none) every open task.
pub(super) fn apply(
    tx: &mut Tx,
    verb: &'static str,
    status: Status,
    words: &[String],
    blocker: Option<String>,
) -> Result<Report> {
    let plan = tx.plan();
    let why = blocker.as_ref().map(|r| format!(" ({r})"));
    let why = why.unwrap_or_default();
    let (ids, message, unchanged) = if words.is_empty() {
        let open = plan.tasks().filter(|(_, _, t)| t.status.is_open());
        (
            open.map(|(_, _, t)| t.id.clone()).collect(),
            format!("Marked all tasks {status}."),
            "No open tasks; nothing changed.".to_string(),
        )
    } else {
        match target(plan, words)? {
            Target::Task(id) => {
                let (_, task) = task_ref(plan, &id)?;
                if status == Status::Blocked {
                    finished_block(task)?;
                }
                let content = &task.content;
                let message = format!("Marked {status}: {content}{why}");
                let unchanged = format!("Already {status}: {content}{why}; nothing changed.");
                (vec![id], message, unchanged)
            }
            Target::Phase(pid) => {
                let name = plan.phase_by_id(&pid).map_or("", |p| &p.name);
                let open = plan.open_tasks(&pid);
                // Only `block` can leave a phase's open tasks as they were.
                let unchanged = if open.is_empty() {
                    format!("No open tasks in phase {name}; nothing changed.")
                } else {
                    format!("Phase {name} is already {status}; nothing changed.")
                };
                let named = open_names(plan, &open);
                (
                    open,
                    format!("Marked phase {name} {status}{named}."),
                    unchanged,
                )
            }
        }
    };
    set_status(tx, verb, (message, Some(unchanged)), ids, status, blocker)
}

/// The tasks a phase-wide change acts on, named so that a person sees what
/// it did: ` (2 tasks: "Push image", "Run migrations")`, the first three
/// named.
fn open_names(plan: &Plan, ids: &[String]) -> String {
    const NAMED: usize = 3;
    let names: Vec<String> = ids
        .iter()
        .filter_map(|id| {
            plan.task_by_id(id)
                .map(|(_, t)| format!("\"{}\"", t.content))
        })
        .take(NAMED)
        .collect();
    let more = match ids.len().saturating_sub(NAMED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    match ids.len() {
        0 => String::new(),
        1 => format!(" (1 task: {}{more})", names.join(", ")),
        n => format!(" ({n} tasks: {}{more})", names.join(", ")),
    }
}

pub(super) fn target(plan: &Plan, words: &[String]) -> Result<Target> {
    find(plan, &query(words)?, Scope::TasksAndPhases)
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
    let at = applied.iter().filter_map(|a| a.at);
    Ok(at.fold(report, |r, pos| {
        r.task(&plan.phases[pos.phase], plan.task(pos))
    }))
}
