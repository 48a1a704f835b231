//! `todo release <task>`: give up the claim on a task.

use super::{at, task_ref};
use crate::error::Result;
use crate::output::{Kind, Report};
use crate::plan::{Op, Status, Tx};

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
    let message = match was {
        None => format!("{} \"{}\" was not claimed.", task.id, task.content),
        Some(owner) if status == Status::InProgress => format!(
            "Released {} \"{}\" (claimed by {owner}); it is {} now, unclaimed.",
            task.id,
            task.content,
            task.status.words()
        ),
        Some(owner) => format!(
            "Released {} \"{}\" (claimed by {owner}).",
            task.id, task.content
        ),
    };
    Ok(Report::new("release", Kind::Confirm, message).task(phase, task))
}
