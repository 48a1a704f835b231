//! The agent adapters: the shapes agents send (`dialect`, for `todo
//! apply`), and the reply they read back. Everything an agent changes goes
//! through the same transaction and permission check as a person's verbs.

pub(crate) mod dialect;
pub(crate) mod hooks;
pub(crate) mod mcp;
pub(crate) mod restore;
pub(crate) mod seen;
pub(crate) mod setup;
mod wire;

use serde_json::Value;

use crate::cmd::{Context, Outcome};
use crate::error::Error;
use crate::plan::Actor;

/// Apply one agent batch (any dialect) as `agent` unless the actor was
/// given, and shape the reply of docs/contract.md, "Agent operations as JSON": the plan as Markdown on success,
/// the code and the unchanged list on failure.
pub(crate) fn apply_value(ctx: &Context, value: &Value) -> Outcome {
    let mut session = match ctx.begin_as(Actor::Agent) {
        Ok(session) => session,
        Err(failed) => return failed.into(),
    };
    // The reply shows the agent the plan: it has seen it now (docs/contract.md, "Agent hooks, setup and restore"),
    // recorded under the lock this change holds.
    let rev = session.rev();
    let outcome = match dialect::translate(&mut session.tx, value) {
        Ok(mut report) => match session.save() {
            Ok(saved) => {
                ctx.record(&saved, &mut report);
                seen::saw(ctx, &saved.lock, saved.committed.rev(), saved.file());
                saved.outcome(report)
            }
            // Refused as it commits (the lock went with the session).
            Err(e) => {
                seen::record(ctx);
                Outcome {
                    result: Err(e),
                    rev: Some(rev),
                    plan: None,
                }
            }
        },
        Err(e) => {
            seen::saw(ctx, session.lock(), rev, session.bytes());
            session.fail(e)
        }
    };
    reply(ctx, outcome)
}

/// The reply of docs/contract.md, "Agent operations as JSON" from the outcome of a batch.
fn reply(ctx: &Context, outcome: Outcome) -> Outcome {
    match outcome.result {
        Err(e) => {
            // The unchanged list, so the agent can correct its next batch:
            // the file as it is (the transaction's copy was dropped).
            let plan = ctx
                .store
                .load()
                .map(|l| crate::markdown::render_plan(&l.plan))
                .unwrap_or_default();
            Outcome {
                result: Err(Error::Unchanged {
                    source: Box::new(e),
                    plan,
                }),
                rev: outcome.rev,
                plan: None,
            }
        }
        Ok(mut report) => {
            if let Some(plan) = &outcome.plan {
                let text = crate::markdown::render_plan(plan);
                report.message = if text.is_empty() {
                    "The plan is empty.".into()
                } else {
                    crate::text::Message::of_lines(&text)
                };
            }
            Outcome {
                result: Ok(report),
                ..outcome
            }
        }
    }
}
