use super::prelude::*;
use crate::lease::Clone;

/// Give up the claim on a task; in progress, it goes back to pending.
///
/// An agent may not release a person's claim. A lease this clone holds on
/// the git remote is released with it; one that another owner took once
/// it ran out refuses the release (exit 7, `lease_lost`), and `--local`
/// then lets go of the task in this clone without asking the remote.
///
/// Example: `todo release t3`, `todo release t3 --local`
#[derive(Debug, Clone, clap::Args)]
pub struct Release {
    #[command(flatten)]
    pub target: super::TaskArgs,

    /// Let go here only: forget this clone's lease on the task without
    /// asking the git remote (a lease lost, or a remote out of reach).
    #[arg(long)]
    pub local: bool,
}

impl super::Verb for Release {
    fn run(self, ctx: &Context) -> Outcome {
        if self.local
            && let Some(clone) = Clone::find(&ctx.store.target())
        {
            // The task's id, as the change will find it.
            let id = ctx.store.load().ok().and_then(|loaded| {
                let query = query(&self.target.query).ok()?;
                one_task(&loaded.plan, &query, "").ok()
            });
            if let Some(id) = id
                && let Err(e) = clone.forget(&id)
            {
                return Outcome::of(Err(e.into()));
            }
        }
        ctx.change(|tx| self.change(tx))
    }

    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let query = query(&self.target.query)?;
        let id = one_task(tx.plan(), &query, "Only tasks can be released.")?;
        release(tx, id)
    }
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
