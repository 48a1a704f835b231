//! `todo claim <task>` / `todo claim --next`: who works on what. The claim is
//! made under the plan's lock, in the same transaction that reads which tasks
//! are free, so two claimers never get the same task. With a git remote for
//! the plan, a lease on the remote is taken first (`crate::lease`), so that
//! no two clones get the same task either.

use super::Verb as _;
use super::leasing::{LeaseArgs, Leasing, lease_json, ttl};
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
/// With a git remote for the plan (`git config todo.remote NAME`, or
/// `--remote NAME`), the claim is first a lease on that remote, which
/// every clone sees: a task leased live by another owner is refused (exit
/// 7), naming the owner, the clone and the expiry, and `--next` skips it.
/// The lease lasts `--ttl` (default `todo.leaseTtl`, else 15m);
/// `todo heartbeat` renews it, and `done`, `drop`, `rm` and `release`
/// end it. A remote that cannot be reached fails the claim (exit 9);
/// `--local` claims in this clone only, on purpose.
///
/// Examples: `todo claim t3`, `todo claim --next --owner worker-2 --ttl 30m`
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

    /// How long the lease on the git remote lasts unless renewed: `90s`,
    /// `15m`, `2h` (default: `git config todo.leaseTtl`, else 15m).
    #[arg(long, value_name = "DUR")]
    pub ttl: Option<String>,

    #[command(flatten)]
    pub lease: LeaseArgs,
}

impl super::Verb for Claim {
    fn run(self, ctx: &Context) -> Outcome {
        let leasing = Leasing::of(ctx, &self.lease);
        match leasing {
            Ok(None) => match ttl(self.ttl.as_deref(), 1) {
                Ok(_) => {
                    let ctx = Context {
                        leases: !self.lease.local,
                        ..ctx.clone()
                    };
                    ctx.change(|tx| self.change(tx))
                }
                Err(e) => Outcome::of(Err(e)),
            },
            Ok(Some(leasing)) => self.leased(ctx, &leasing),
            Err(e) => Outcome::of(Err(e)),
        }
    }

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
        // The owner's task in progress before: one task in progress per
        // owner, so taking another sends it back to pending, said below.
        let earlier: Vec<String> = (tx.plan().phases.iter())
            .flat_map(|p| &p.tasks)
            .filter(|t| t.id != id && t.status == Status::InProgress)
            .filter(|t| t.owner.as_deref() == Some(owner.as_str()))
            .map(|t| t.id.clone())
            .collect();
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
            let named: Vec<String> = (open.iter())
                .map(|id| match plan.task_by_id(id) {
                    Some((_, t)) => format!("{} ({id})", t.content),
                    None => id.to_string(),
                })
                .collect();
            message.push(format!(
                "It needs {} first (not completed yet).",
                named.join(", ")
            ));
        }
        for back in earlier.iter().filter_map(|id| plan.task_by_id(id)) {
            let (_, back) = back;
            if back.status == Status::Pending {
                message.push(format!(
                    "{} is back to pending, still claimed by {owner}: an owner has one task in progress.",
                    back.name()
                ));
            }
        }
        Ok(Report::new("claim", Kind::Confirm, message)
            .task(phase, task)
            .with("owner", json!(owner)))
    }
}

impl Claim {
    /// Take the lease on the remote, then claim in the plan; a claim the
    /// plan refuses gives the lease back.
    fn leased(&self, ctx: &Context, leasing: &Leasing) -> Outcome {
        let taken = (|| {
            let ttl = ttl(self.ttl.as_deref(), leasing.config.ttl)?;
            let actor = ctx.actor.unwrap_or(Actor::Person);
            let owner = match &self.owner {
                Some(o) => text(o, "owner")?,
                None => ctx.default_owner(actor),
            };
            let plan = ctx.store.load()?.plan;
            let tasks: Vec<String> = if self.next {
                plan.ready().iter().map(|(_, t)| t.id.clone()).collect()
            } else {
                vec![one_task(
                    &plan,
                    &query(&self.query)?,
                    "Only tasks can be claimed.",
                )?]
            };
            if tasks.is_empty() {
                return Ok(None);
            }
            let who = leasing.clone.who(&owner, actor.as_str());
            let now = Leasing::now(ctx);
            let skew = leasing.config.skew;
            let lease =
                leasing
                    .clone
                    .take(&leasing.remote, &tasks, !self.next, &who, now, ttl, skew)?;
            Ok(Some((owner, lease)))
        })();
        let (owner, lease) = match taken {
            Ok(Some((owner, Some(lease)))) => (owner, lease),
            Ok(Some((_, None))) => {
                let why = format!(
                    "Nothing to claim: every ready task is leased by another owner on \"{}\" (todo claims lists them).",
                    leasing.remote.name
                );
                return Outcome::of(Ok(super::ready::nothing("claim", why)));
            }
            Ok(None) => return ctx.change(|tx| self.change(tx)),
            Err(e) => return Outcome::of(Err(e)),
        };
        let claim = Claim {
            next: false,
            owner: Some(owner),
            query: vec![lease.task.clone()],
            ..self.clone()
        };
        let mut outcome = ctx.change(|tx| claim.change(tx));
        let now = Leasing::now(ctx);
        match &mut outcome.result {
            Ok(report) => {
                report.message.push(format!(
                    "Leased on \"{}\" until {} (fence {}).",
                    leasing.remote.name,
                    crate::plan::clock::rfc3339(lease.expires_at),
                    lease.fence
                ));
                let json = lease_json(&lease, now, leasing.config.skew);
                report.extra.insert("lease".into(), json);
            }
            Err(_) => {
                // The plan refused the claim: the lease goes back.
                let _ = leasing.clone.give_back(&leasing.remote, &lease);
            }
        }
        outcome
    }
}
