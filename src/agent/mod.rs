//! The agent adapters: the shapes agents send (`dialect`, for `todo
//! apply`), and the reply they read back. Everything an agent changes goes
//! through the same transaction and permission check as a person's verbs.

pub(crate) mod dialect;
pub(crate) mod mcp;

use serde_json::Value;

use crate::cmd::{Context, Outcome};
use crate::error::Error;
use crate::plan::Actor;

/// Apply one agent batch (any dialect) as `agent` unless the actor was
/// given, and shape the reply of SPEC §9: the plan as Markdown on success,
/// the code and the unchanged list on failure.
pub(crate) fn apply_value(ctx: &Context, value: &Value) -> Outcome {
    let outcome = ctx.change_as(Actor::Agent, |tx| dialect::translate(tx, value));
    match outcome.result {
        Err(e) => {
            // The unchanged list, so the agent can correct its next batch:
            // the file as it is (the transaction's copy was dropped).
            let plan = ctx
                .store
                .load()
                .map(|l| crate::markdown::render(&l.plan.phases))
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
                let text = crate::markdown::render(&plan.phases);
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
