//! What the lease verbs share (`claim`, `claims`, `heartbeat`, `ready`):
//! where a plan's leases are kept, a lease's duration as typed, and a lease
//! as `--json` shows it. The leases themselves are `crate::lease`'s.

use super::prelude::*;
use crate::lease::{self, Clone, Config, Lease, Remote};

/// Where a verb's leases are kept: the git remote, or this clone only.
#[derive(Debug, Clone, clap::Args)]
pub struct LeaseArgs {
    /// The git remote that keeps the leases (default: `git config
    /// todo.remote`; none: claims hold in this clone only).
    #[arg(long, value_name = "NAME", conflicts_with = "local")]
    pub remote: Option<String>,

    /// This clone only, on purpose: no lease on the remote (for when it
    /// cannot be reached).
    #[arg(long)]
    pub local: bool,
}

/// A plan whose claims are leases on a git remote: its clone, the
/// settings, and the remote.
pub(super) struct Leasing {
    pub clone: Clone,
    pub config: Config,
    pub remote: Remote,
}

impl Leasing {
    /// The leases of the plan `ctx` names, if it keeps them on a remote.
    pub(super) fn of(ctx: &Context, args: &LeaseArgs) -> Result<Option<Leasing>> {
        if args.local {
            return Ok(None);
        }
        let Some(clone) = Clone::find(&ctx.store.target()) else {
            return match &args.remote {
                Some(_) => Err(Error::NotARepository {
                    cwd: ctx.cwd.clone(),
                }),
                None => Ok(None),
            };
        };
        // Most plans keep no leases: no git runs for them unless a
        // remote is named (a `todo.remote` is only read in a repository
        // that has said so in its config file).
        if args.remote.is_none() && !clone.configured() {
            return Ok(None);
        }
        let config = clone.config()?;
        let Some(name) = args.remote.clone().or_else(|| config.remote.clone()) else {
            return Ok(None);
        };
        let remote = clone.remote(&name, &config)?;
        Ok(Some(Leasing {
            clone,
            config,
            remote,
        }))
    }

    /// Now, in seconds, by the clock `ctx` gives (`TODO_NOW` in tests).
    pub(super) fn now(ctx: &Context) -> u64 {
        lease::unix(&ctx.now).unwrap_or(0)
    }
}

/// A duration typed as a flag's value, or the usage error.
pub(super) fn ttl(flag: Option<&str>, default: u64) -> Result<u64> {
    match flag {
        None => Ok(default),
        Some(text) => lease::duration(text).filter(|t| *t > 0).ok_or_else(|| {
            Error::usage(format!(
                "--ttl \"{}\" is not a duration such as 90s, 15m or 2h.",
                visible(text)
            ))
        }),
    }
}

/// A lease as `--json` shows it (`todo claims`, `todo claim`).
pub(super) fn lease_json(l: &Lease, now: u64, skew: u64) -> Value {
    json!({
        "task": l.task,
        "owner": l.owner,
        "machine": l.machine,
        "actor": l.actor,
        "takenAt": crate::plan::clock::rfc3339(l.taken_at),
        "expiresAt": crate::plan::clock::rfc3339(l.expires_at),
        "fence": l.fence,
        "live": l.live(now, skew),
    })
}
