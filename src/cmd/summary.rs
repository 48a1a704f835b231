//! `todo show --summary`: the plan's progress on one line, for prompts,
//! status lines and CI logs: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`.

use serde_json::json;

use super::Context;
use crate::error::Result;
use crate::output::{Kind, Report};
use crate::plan::{Phase, Plan, Status};

pub(super) fn run(_ctx: &Context, plan: &Plan) -> Result<Report> {
    let tasks = || plan.phases.iter().flat_map(|p| &p.tasks);
    // Dropped work is not work to do: it counts in neither number.
    let total = tasks().filter(|t| t.status != Status::Abandoned).count();
    let done = tasks().filter(|t| t.status == Status::Completed).count();
    let blocked = tasks().filter(|t| t.status == Status::Blocked).count();
    let checked = tasks().any(|t| t.verify.is_some());
    let verified = tasks()
        .filter(|t| t.status == Status::Completed && t.proof().is_some_and(|p| p.passed()))
        .count();
    let mut parts = vec![format!("{done}/{total} done")];
    if checked {
        parts.push(format!("{verified} verified"));
    }
    let current = current(plan);
    if let Some(p) = current {
        let (d, n) = counts(p);
        parts.push(format!("{} {d}/{n}", p.name));
    }
    if blocked > 0 {
        parts.push(format!("{blocked} blocked"));
    }
    let line = parts.join(" · ");
    let mut report = Report::new("show", Kind::Data, line.clone());
    report.rev = plan.rev;
    let phase = current.map(|p| {
        let (d, n) = counts(p);
        json!({ "id": p.id, "name": p.name, "done": d, "total": n })
    });
    Ok(report.with(
        "summary",
        json!({
            "done": done,
            "total": total,
            "verified": verified,
            "blocked": blocked,
            "phase": phase,
            "line": line,
        }),
    ))
}

/// The phase being worked on: the one with the task in progress, else the
/// first with open work.
fn current(plan: &Plan) -> Option<&Phase> {
    plan.phases
        .iter()
        .find(|p| p.tasks.iter().any(|t| t.status == Status::InProgress))
        .or_else(|| {
            plan.phases
                .iter()
                .find(|p| p.tasks.iter().any(|t| t.status.is_open()))
        })
}

/// A phase's completed tasks and its tasks not dropped.
fn counts(p: &Phase) -> (usize, usize) {
    let n = p
        .tasks
        .iter()
        .filter(|t| t.status != Status::Abandoned)
        .count();
    let d = p
        .tasks
        .iter()
        .filter(|t| t.status == Status::Completed)
        .count();
    (d, n)
}
