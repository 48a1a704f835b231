use super::prelude::*;

target_verb! {
    /// Give up the claim on a task; in progress, it goes back to pending.
    ///
    /// An agent may not release a person's claim.
    ///
    /// Example: `todo release t3`
    Release(TaskArgs, "Only tasks can be released.") => release
}

fn release(tx: &mut Tx, id: String) -> Result<Report> {
    let (_, t) = task_ref(tx.plan(), &id)?;
    let (was, status) = (t.owner.clone(), t.status);
    let applied = tx.apply(Op::Release { task: id })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    let named = task.name();
    let message = match was {
        None => format!("{named} was not claimed."),
        Some(owner) if status == Status::InProgress => format!(
            "Released {named} (claimed by {owner}); it is {} now, unclaimed.",
            task.status.words()
        ),
        Some(owner) => format!("Released {named} (claimed by {owner})."),
    };
    Ok(Report::new("release", Kind::Confirm, message).task(phase, task))
}
