//! `todo claims`: the leases on the git remote, as every clone sees them.

use super::leasing::{LeaseArgs, Leasing, lease_json};
use super::prelude::*;

/// List the leases on the git remote: task, owner, clone, expiry, fence.
///
/// Reads the lease ref of the remote (`git config todo.remote`, or
/// `--remote NAME`) for this plan's tasks, live ones first. A lease that
/// ran out is shown as expired: another owner may take it. Exit 9 when
/// the remote cannot be reached.
///
/// Example: `todo claims`, `todo claims --json`
#[derive(Debug, Clone, clap::Args)]
pub struct Claims {
    /// The git remote that keeps the leases (default: `git config
    /// todo.remote`).
    #[arg(long, value_name = "NAME")]
    pub remote: Option<String>,
}

impl super::Verb for Claims {
    fn run(self, ctx: &Context) -> Outcome {
        Outcome::of(list(ctx, &self))
    }
}

fn list(ctx: &Context, args: &Claims) -> Result<Report> {
    let lease_args = LeaseArgs {
        remote: args.remote.clone(),
        local: false,
    };
    let Some(leasing) = Leasing::of(ctx, &lease_args)? else {
        return Err(Error::usage(
            "No git remote keeps this plan's leases: name one with --remote NAME, or set it with git config todo.remote NAME.",
        ));
    };
    let now = Leasing::now(ctx);
    let skew = leasing.config.skew;
    let book = leasing.remote.read()?.book;
    let mut leases: Vec<_> = (book.leases.iter())
        .filter(|l| l.plan == leasing.clone.plan)
        .collect();
    leases.sort_by_key(|l| (!l.live(now, skew), l.task.clone()));
    if leases.is_empty() {
        let message = format!("No leases on \"{}\".", leasing.remote.name);
        return Ok(Report::new("claims", Kind::Confirm, message).with("leases", json!([])));
    }
    let width = leases.iter().map(|l| l.task.len()).max().unwrap_or(0);
    let lines = leases.iter().map(|l| {
        let state = if l.live(now, skew) {
            "until"
        } else {
            "expired"
        };
        format!(
            "{:width$}  {}  {}  {state} {}  fence {}",
            l.task,
            l.owner,
            l.machine,
            crate::plan::clock::rfc3339(l.expires_at),
            l.fence
        )
    });
    let json: Vec<Value> = leases.iter().map(|l| lease_json(l, now, skew)).collect();
    Ok(Report::new("claims", Kind::Data, lines.collect::<Message>()).with("leases", json!(json)))
}
