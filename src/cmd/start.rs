use super::prelude::*;

target_verb! {
    /// Mark a task in progress (any other goes back to pending).
    ///
    /// A blocked task loses its blocker, a finished one is reopened, and the
    /// task in progress goes back to pending: the confirmation says which.
    ///
    /// Example: `todo start oauth`
    Start(TaskArgs, "Only tasks can be started.") => start, choose
}

/// `Started: <content>`, then a line for each thing the start did besides:
/// a blocker dropped, a finished task reopened, another task (named with
/// its phase when that is another phase) sent back to pending.
fn start(tx: &mut Tx, id: String) -> Result<Report> {
    let plan = tx.plan();
    let (phase, task) = task_ref(plan, &id)?;
    let (was, blocker) = (task.status, task.blocker.clone());
    let others: Vec<(String, String, Option<String>)> = plan
        .tasks()
        .filter(|(_, _, t)| t.status == Status::InProgress && t.id != id)
        .map(|(_, p, t)| {
            let place = (p.id != phase.id).then(|| p.name.clone());
            (t.id.clone(), t.content.clone(), place)
        })
        .collect();
    let applied = tx.apply(Op::Start { task: id })?;
    let plan = tx.plan();
    let (phase, task) = at(plan, applied.at)?;
    let mut message = Message::from(format!("Started: {}", task.content));
    match (was, blocker) {
        (Status::Blocked, Some(reason)) => {
            message.push(format!(
                "It was blocked ({reason}); the blocker is cleared."
            ));
        }
        (Status::Blocked, None) => message.push("It was blocked; it no longer is."),
        (Status::Completed | Status::Abandoned, _) => {
            message.push(format!("It was {was}; it is open again."));
        }
        _ => {}
    }
    for (other, content, place) in others {
        if plan
            .task_by_id(&other)
            .is_some_and(|(_, t)| t.status == Status::Pending)
        {
            let place = place.map(|p| format!(" (in {p})")).unwrap_or_default();
            message.push(format!("{content}{place} is back to pending."));
        }
    }
    Ok(Report::new("start", Kind::Confirm, message).task(phase, task))
}
