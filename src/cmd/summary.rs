//! `todo show --summary`: the plan's progress on one line, for prompts,
//! status lines and CI logs: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`.

use super::prelude::*;
use crate::plan::{Phase, Task};

pub(super) fn run(plan: &Plan) -> Result<Report> {
    let tasks = || plan.phases.iter().flat_map(|p| &p.tasks);
    let (done, total) = counts(tasks());
    let blocked = tasks().filter(|t| t.status == Status::Blocked).count();
    let checked = tasks().any(|t| t.verify.is_some());
    let verified = tasks().filter(|t| t.verified()).count();
    let current = current(plan).map(|p| (p, counts(&p.tasks)));
    let parts = [
        Some(format!("{done}/{total} done")),
        checked.then(|| format!("{verified} verified")),
        current.map(|(p, (d, n))| format!("{} {d}/{n}", p.name)),
        (blocked > 0).then(|| format!("{blocked} blocked")),
    ];
    let line = parts.into_iter().flatten().collect::<Vec<_>>().join(" · ");
    let report = Report::new("show", Kind::Data, line.clone());
    let phase =
        current.map(|(p, (d, n))| json!({ "id": p.id, "name": p.name, "done": d, "total": n }));
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
    let with = |status: fn(Status) -> bool| {
        (plan.phases.iter()).find(|p| p.tasks.iter().any(|t| status(t.status)))
    };
    with(|s| s == Status::InProgress).or_else(|| with(Status::is_open))
}

/// The completed tasks, and the tasks not dropped: dropped work is not
/// work to do, so it counts in neither number.
fn counts<'p>(tasks: impl IntoIterator<Item = &'p Task>) -> (usize, usize) {
    tasks.into_iter().fold((0, 0), |(d, n), t| {
        let done = usize::from(t.status == Status::Completed);
        (d + done, n + usize::from(t.status != Status::Abandoned))
    })
}
