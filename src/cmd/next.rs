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
    if claimed > 0 && waiting == 0 {
        return format!(
            "Nothing to do: {} claimed by others (`todo ready` lists what is free).",
            if claimed == 1 {
                "the open task is".to_string()
            } else {
                format!("all {claimed} open tasks are")
            }
        );
    }
    // Open tasks that are not blocked wait for tasks they need.
    if waiting > 0 {
        return format!(
            "Nothing to do: {} {} for other tasks to be completed (`todo needs <task>` says which).",
            count(waiting, "open task"),
            if waiting == 1 { "waits" } else { "wait" }
        );
    }
    let tail = "`todo append <task>` adds one.";
    match (blocked, finished) {
        (1, _) => {
            "Nothing to do: the one open task is blocked. `todo unblock <task>` when it can go on."
                .to_string()
        }
        (b, _) if b > 1 => format!(
            "Nothing to do: all {b} open tasks are blocked. `todo unblock <task>` when one can go on."
        ),
        (_, 1) => format!("Nothing to do: the only task is finished. {tail}"),
        (_, f) if f > 1 => format!(
            "Nothing to do: all {} are finished. {tail}",
            count(f, "task")
        ),
        _ => format!("Nothing to do: the plan has no tasks. {tail}"),
    }
}
