use super::prelude::*;

/// Print the task to work on now; exit 1 when there is none.
///
/// Never a task waiting for one it needs, nor one another owner
/// claimed. With none, stdout stays empty and stderr says why: no
/// tasks, all finished, or all open ones blocked, waiting or claimed.
///
/// Example: `todo next`
#[derive(Debug, Clone, clap::Args)]
pub struct Next;

impl super::Verb for Next {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(|plan| run(plan, &ctx.default_owner(ctx.actor.unwrap_or_default())))
    }
}

/// `owner`'s next task (with claims, one of theirs or an unclaimed one).
fn run(plan: &Plan, owner: &str) -> Result<Report> {
    Ok(match plan.next_for(Some(owner)) {
        Some((phase, task)) => {
            Report::new("next", Kind::Data, task.content.clone()).task(phase, task)
        }
        None => super::ready::nothing("next", why_nothing(plan, owner)),
    })
}

/// Why there is no next task: no tasks, all blocked, or all finished.
fn why_nothing(plan: &Plan, owner: &str) -> String {
    let (mut blocked, mut finished, mut waiting, mut claimed) = (0, 0, 0, 0);
    for (_, _, t) in plan.tasks() {
        match t.status {
            Status::Blocked => blocked += 1,
            s if s.is_active() && t.owner.as_deref().is_some_and(|o| o != owner) => claimed += 1,
            s if s.is_active() => waiting += 1,
            _ => finished += 1,
        }
    }
    let free = "claimed by others (`todo ready` lists what is free).";
    let needs = "for other tasks to be completed (`todo needs <task>` says which).";
    let (unblock, tail) = (
        "`todo unblock <task>` when",
        "`todo append <task>` adds one.",
    );
    let why = match (claimed, waiting, blocked, finished) {
        (1, 0, ..) => format!("the open task is {free}"),
        (c, 0, ..) if c > 1 => format!("all {c} open tasks are {free}"),
        // Open tasks that are not blocked wait for tasks they need.
        (_, 1, ..) => format!("1 open task waits {needs}"),
        (_, w, ..) if w > 1 => format!("{w} open tasks wait {needs}"),
        (_, _, 1, _) => format!("the one open task is blocked. {unblock} it can go on."),
        (_, _, b, _) if b > 1 => {
            format!("all {b} open tasks are blocked. {unblock} one can go on.")
        }
        (.., 1) => format!("the only task is finished. {tail}"),
        (.., f) if f > 1 => format!("all {f} tasks are finished. {tail}"),
        _ => format!("the plan has no tasks. {tail}"),
    };
    format!("Nothing to do: {why}")
}
