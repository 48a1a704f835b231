//! What `done` and `drop` share: finish a task, a phase's open tasks, or
//! every open task.

use super::{find, query, task_of};
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Plan, Status};

pub fn apply(
    plan: &mut Plan,
    verb: &'static str,
    status: Status,
    words: &[String],
) -> Result<Report> {
    let mut ids = Vec::new();
    // What to say when it turns out nothing changed (SPEC: exit 0, no write).
    let unchanged;
    let message = if words.is_empty() {
        ids.extend(open_tasks(plan, None));
        unchanged = "No open tasks; nothing changed.".to_string();
        format!("Marked all tasks {status}.")
    } else {
        let query = query(words)?;
        match find(plan, &query, Scope::TasksAndPhases)? {
            Target::Task(id) => {
                let content = task_of(plan, &id)?.1.content;
                ids.push(id);
                unchanged = format!("Already {status}: {content}; nothing changed.");
                format!("Marked {status}: {content}")
            }
            Target::Phase(pid) => {
                let name = plan
                    .phase_by_id(&pid)
                    .map(|p| p.name.clone())
                    .unwrap_or_default();
                ids.extend(open_tasks(plan, Some(&pid)));
                unchanged = format!("No open tasks in phase {name}; nothing changed.");
                format!("Marked phase {name} {status}.")
            }
        }
    };
    let before = plan.changes;
    let mut report = set_status(plan, verb, message, &ids, status, None)?;
    if plan.changes == before {
        report.message = unchanged.into();
    }
    Ok(report)
}

/// Ids of open tasks, in one phase or everywhere.
pub fn open_tasks(plan: &Plan, phase: Option<&str>) -> Vec<String> {
    plan.phases
        .iter()
        .filter(|p| phase.is_none_or(|id| p.id == id))
        .flat_map(|p| p.tasks.iter())
        .filter(|t| t.status.is_open())
        .map(|t| t.id.clone())
        .collect()
}

/// Apply one status to several tasks and report them.
pub fn set_status(
    plan: &mut Plan,
    verb: &'static str,
    message: String,
    ids: &[String],
    status: Status,
    blocker: Option<String>,
) -> Result<Report> {
    for id in ids {
        plan.apply(Op::SetStatus {
            task: id.clone(),
            status,
            blocker: blocker.clone(),
        })
        .map_err(|e| Error::Refused(e.to_string()))?;
    }
    let mut report = Report::new(verb, Kind::Confirm, message);
    for id in ids {
        let (phase, task) = task_of(plan, id)?;
        report = report.task(&phase, &task);
    }
    Ok(report)
}
