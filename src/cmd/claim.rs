//! `todo claim <task>` / `todo claim --next`: who works on what. The claim is
//! made under the plan's lock, in the same transaction that reads which tasks
//! are free, so two claimers never get the same task.

use super::prelude::*;

/// Claim a task and start it, or (`--next`) the first ready task.
///
/// The owner is `--owner`, else `TODO_OWNER`, else who runs it: a
/// person's login name (`$USER`), or `agent` for an agent. Claiming is
/// atomic under the plan's lock: a task another owner holds is refused
/// (exit 7, `claimed`), naming the owner, and `--next` with no task
/// ready exits 1. With claims, each owner has one task in progress:
/// one owner's claim never stops another's task.
///
/// Examples: `todo claim t3`, `todo claim --next --owner worker-2`
#[derive(Debug, Clone, clap::Args)]
pub struct Claim {
    /// Claim the first ready task (`todo ready`) instead of a named one.
    #[arg(long, conflicts_with = "query")]
    pub next: bool,

    /// Who holds the claim (default: `TODO_OWNER`, else the login name of
    /// a person, or `agent`).
    #[arg(long, value_name = "NAME")]
    pub owner: Option<String>,

    /// The task: its text, part of it, or its id.
    #[arg(value_name = "TASK", required_unless_present = "next")]
    pub query: Vec<String>,
}

impl super::Verb for Claim {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let owner = match &self.owner {
            Some(o) => text(o, "owner")?,
            None => tx.default_owner(),
        };
        let id = if self.next {
            let plan = tx.plan();
            let Some((_, first)) = plan.ready().into_iter().next() else {
                let why = format!("Nothing to claim. {}", plan.why_none_ready());
                return Ok(super::ready::nothing("claim", why));
            };
            first.id.clone()
        } else {
            let query = query(&self.query)?;
            one_task(tx.plan(), &query, "Only tasks can be claimed.")?
        };
        let was = task_ref(tx.plan(), &id)?.1.owner.clone();
        let applied = tx.apply(Op::Claim {
            task: id,
            owner: owner.clone(),
        })?;
        let plan = tx.plan();
        let (phase, task) = at(plan, applied.at)?;
        let name = task.name();
        let mut message = Message::from(if was.as_deref() == Some(owner.as_str()) {
            format!("{name} is already claimed by {owner}; it is in progress.")
        } else {
            format!("Claimed {name} for {owner}; it is in progress.")
        });
        let open = plan.open_needs(task);
        if !open.is_empty() {
            message.push(format!(
                "It needs {} first (not completed yet).",
                open.join(", ")
            ));
        }
        Ok(Report::new("claim", Kind::Confirm, message)
            .task(phase, task)
            .with("owner", json!(owner)))
    }
}
