//! `todo heartbeat`: renew the leases this clone holds on the git remote,
//! so that they do not run out while the work goes on.

use super::leasing::{Leasing, ttl};
use super::prelude::*;
use crate::lease::{Clone, DEFAULT_TTL};

/// Renew your leases on the git remote (see `todo claim`).
///
/// Renews the leases taken in this clone by the owner (`--owner`, else
/// as `todo claim` names it) until now plus `--ttl` (default: the time
/// each was taken for). A lease another owner took once it ran out is
/// lost: exit 7 (`lease_lost`), naming who holds it now, and your next
/// change to that task is refused. The agent hooks renew as a session
/// works. Nothing held: nothing to do, exit 0.
///
/// Example: `todo heartbeat`, `todo heartbeat --owner worker-2 --ttl 30m`
#[derive(Debug, Clone, clap::Args)]
pub struct Heartbeat {
    /// Whose leases (default: `TODO_OWNER`, else the login name of a
    /// person, or `agent`).
    #[arg(long, value_name = "NAME")]
    pub owner: Option<String>,

    /// Renew until now plus this long: `90s`, `15m`, `2h`.
    #[arg(long, value_name = "DUR")]
    pub ttl: Option<String>,
}

impl super::Verb for Heartbeat {
    fn run(self, ctx: &Context) -> Outcome {
        Outcome::of(self.renew(ctx))
    }
}

impl Heartbeat {
    fn renew(&self, ctx: &Context) -> Result<Report> {
        let ttl = match &self.ttl {
            Some(t) => Some(ttl(Some(t), DEFAULT_TTL)?),
            None => None,
        };
        let owner = match &self.owner {
            Some(o) => text(o, "owner")?,
            None => ctx.default_owner(ctx.actor.unwrap_or(Actor::Person)),
        };
        let Some(clone) = Clone::find(&ctx.store.target()) else {
            return Ok(Report::new(
                "heartbeat",
                Kind::Confirm,
                "No leases held here (not a git repository).",
            ));
        };
        let (renewed, lost) = clone.renew(Some(&owner), ttl, Leasing::now(ctx), false)?;
        if let Some(first) = lost.into_iter().next() {
            return Err(first.into());
        }
        let message = match renewed.iter().map(|m| m.expires_at).min() {
            None => format!("No leases of {owner} to renew in this clone."),
            Some(until) => format!(
                "Renewed {} of {owner} until {}: {}.",
                count(renewed.len(), "lease"),
                crate::plan::clock::rfc3339(until),
                renewed
                    .iter()
                    .map(|m| m.task.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let leases: Vec<Value> = (renewed.iter())
            .map(|m| {
                json!({
                    "task": m.task,
                    "owner": m.owner,
                    "remote": m.remote,
                    "expiresAt": crate::plan::clock::rfc3339(m.expires_at),
                    "fence": m.fence,
                })
            })
            .collect();
        Ok(Report::new("heartbeat", Kind::Confirm, message).with("leases", json!(leases)))
    }
}
