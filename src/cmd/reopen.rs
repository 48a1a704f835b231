use super::prelude::*;

target_verb! {
    /// Set a task back to pending, clearing who set its status and when.
    ///
    /// A person's reopen takes back a mark the agent would have to
    /// respect (a misclick leaves none).
    ///
    /// Example: `todo reopen t4685j`
    Reopen(TaskArgs, "Only tasks can be reopened.") => reopen, choose
}

fn reopen(tx: &mut Tx, id: String) -> Result<Report> {
    let (phase, task) = task_ref(tx.plan(), &id)?;
    if task.already_open() {
        let message = format!("Already open: {}; nothing changed.", task.content);
        return Ok(Report::new("reopen", Kind::Confirm, message).task(phase, task));
    }
    let message = format!("Reopened: {}", task.content);
    super::mark::set_status(
        tx,
        "reopen",
        (message, None),
        vec![id],
        Status::Pending,
        None,
    )
}
