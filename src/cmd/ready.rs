//! `todo ready`: the tasks ready to take.

use super::{Context, Outcome};
use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::{Plan, Status};
use crate::text::{Message, count};

/// List the tasks ready to take: open, unclaimed, every need completed.
///
/// In plan order, one per line with its id; exit 1 when none is ready
/// (stdout then stays empty and stderr says why).
///
/// Example: `todo ready`, `todo ready --json`
#[derive(Debug, Clone, clap::Args)]
pub struct Ready;

impl super::Verb for Ready {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(run)
    }
}

/// One line per ready task (`t3  Wire OAuth`) on stdout; with none,
/// stdout stays empty and stderr says why, exit 1 (as `todo next`).
fn run(plan: &Plan) -> Result<Report> {
    let ready = plan.ready();
    let mut report = if ready.is_empty() {
        let mut r = Report::new("ready", Kind::Warn, why_none(plan));
        r.exit = ExitCode::NothingNext;
        r
    } else {
        let width = ready.iter().map(|(_, t)| t.id.len()).max().unwrap_or(0);
        let mut message = Message::default();
        for (_, t) in &ready {
            message.push(format!("{:width$}  {}", t.id, t.content));
        }
        let mut r = Report::new("ready", Kind::Data, message);
        for (p, t) in &ready {
            r = r.task(p, t);
        }
        r
    };
    report.rev = plan.rev;
    Ok(report)
}

/// Why nothing is ready: the open tasks are claimed, wait for others, or
/// are blocked; or nothing is open.
pub(crate) fn why_none(plan: &Plan) -> String {
    let (mut claimed, mut waiting, mut blocked) = (0, 0, 0);
    let statuses = plan.statuses();
    for (_, _, t) in plan.tasks() {
        if !t.status.is_open() {
            continue;
        }
        if t.status == Status::Blocked {
            blocked += 1;
        } else if t.owner.is_some() {
            claimed += 1;
        } else if t.needs.iter().any(|n| {
            statuses
                .get(n.as_str())
                .is_some_and(|s| *s != Status::Completed)
        }) {
            waiting += 1;
        }
    }
    if claimed + waiting + blocked == 0 {
        return "Nothing ready: no task is open. `todo append <task>` adds one.".into();
    }
    let mut parts = Vec::new();
    if claimed > 0 {
        parts.push(format!("{} claimed", count(claimed, "task")));
    }
    if waiting > 0 {
        parts.push(format!("{} waiting for others", count(waiting, "task")));
    }
    if blocked > 0 {
        parts.push(format!("{} blocked", count(blocked, "task")));
    }
    format!("Nothing ready: {}.", parts.join(", "))
}
