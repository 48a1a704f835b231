use super::prelude::*;

target_verb! {
    /// Set a task back to pending, clearing who set its status and when.
    ///
    /// A person's reopen takes back a mark the agent would have to
    /// respect (a misclick leaves none).
    ///
    /// Example: `todo reopen t4`
    Reopen(TaskArgs, "Only tasks can be reopened.") => reopen, choose
}

fn reopen(tx: &mut Tx, id: String) -> Result<Report> {
    if let Some((phase, task)) = tx.plan().task_by_id(&id)
        && task.already_open()
    {
        let message = format!("Already open: {}; nothing changed.", task.content);
        return Ok(Report::new("reopen", Kind::Confirm, message).task(phase, task));
    }
    let applied = tx.apply(Op::SetStatus {
        task: id,
        status: Status::Pending,
        blocker: None,
    })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    let message = format!("Reopened: {}", task.content);
    Ok(Report::new("reopen", Kind::Confirm, message).task(phase, task))
}
