//! The agent adapters: the shapes agents send (`dialect`, for `todo
//! apply`), and the reply they read back. Everything an agent changes goes
//! through the same transaction and permission check as a person's verbs.

pub(crate) mod dialect;
pub(crate) mod handoff;
pub(crate) mod hooks;
pub(crate) mod identity;
pub(crate) mod mcp;
pub(crate) mod restore;
pub(crate) mod seen;
pub(crate) mod setup;
mod wire;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::markdown::Flavour;
use crate::output::Report;
use crate::plan::{Actor, Tx};
use crate::work::{Context, Outcome};
use dialect::MirrorIds;
use dialect::tasks::ClaudeIds;

/// Apply one agent batch in the dialect the caller knows (or
/// [`dialect::Dialect::Guess`]) as `agent` unless the actor was given, and
/// shape the reply of docs/contract.md, "Agent operations as JSON": the
/// plan as Markdown on success, the code and the unchanged list on failure.
pub(crate) fn apply_as(ctx: &Context, value: &Value, dialect: dialect::Dialect) -> Outcome {
    apply_dialect(ctx, value, dialect, false)
}

/// [`apply_as`] from a hook: a task with a check is not completed there
/// (its check is never run in a hook, see [`hooks::NoChecks`]).
pub(crate) fn apply_in_hook(ctx: &Context, value: &Value, dialect: dialect::Dialect) -> Outcome {
    apply_dialect(ctx, value, dialect, true)
}

fn apply_dialect(
    ctx: &Context,
    value: &Value,
    dialect: dialect::Dialect,
    in_hook: bool,
) -> Outcome {
    // A whole list mirrored (TodoWrite, update_plan) removes only the
    // tasks the mirror made: it needs the ids this plan's state keeps.
    let memory = if dialect::mirrors(value, dialect) {
        Memory::Mirror
    } else {
        Memory::Nothing
    };
    apply_with(ctx, memory, in_hook, |tx, _, owned| {
        dialect::translate(tx, value, dialect, owned, in_hook)
    })
}

/// Apply one call of Claude Code's Task tools from a hook, with the task
/// ids of its list (`list`).
pub(crate) fn apply_call(ctx: &Context, call: dialect::tasks::Call, list: &str) -> Outcome {
    apply_with(ctx, Memory::Claude(list), true, |tx, ids, _| {
        dialect::translate_call(tx, call, ids)
    })
}

/// What of this plan's agent state a batch reads and writes back.
enum Memory<'a> {
    Nothing,
    /// The task ids of Claude Code's list `0`.
    Claude(&'a str),
    /// The tasks the mirror of a whole list made.
    Mirror,
}

/// Run `change` on a transaction as the agent (unless the actor was
/// given), with what of the agent state `memory` names (read under the
/// plan's lock, and written back once the change is saved), and shape the
/// reply. In a hook (`in_hook`) no check is run.
fn apply_with(
    ctx: &Context,
    memory: Memory,
    in_hook: bool,
    change: impl FnOnce(&mut Tx, Option<&mut ClaudeIds>, Option<&mut MirrorIds>) -> Result<Report>,
) -> Outcome {
    let mut session = match ctx.begin_as(Actor::Agent) {
        Ok(session) => session,
        Err(failed) => return failed.into(),
    };
    if in_hook {
        session.tx.set_prover(Box::new(hooks::NoChecks));
    }
    // The reply shows the agent the plan: it has seen it now (docs/contract.md,
    // "Agent hooks, setup and restore"), recorded under the lock this change
    // holds.
    let rev = session.rev();
    let wanted = !matches!(memory, Memory::Nothing);
    let state = (ctx.history.as_ref().filter(|_| wanted))
        .and_then(|history| seen::AgentState::load(history, &ctx.real_path(), session.lock()).ok());
    let mut ids = match (&memory, &state) {
        (Memory::Claude(list), Some(state)) => Some(state.claude_ids(list)),
        (Memory::Claude(_), None) => Some(ClaudeIds::default()),
        _ => None,
    };
    let mut owned = match (&memory, &state) {
        (Memory::Mirror, Some(state)) => Some(state.mirrored()),
        _ => None,
    };
    let outcome = match change(&mut session.tx, ids.as_mut(), owned.as_mut()) {
        Ok(mut report) => match session.save() {
            Ok(done) => {
                if let Some(mut state) = state {
                    match (&memory, ids, owned) {
                        (Memory::Claude(list), Some(ids), _) => state.set_claude_ids(list, ids),
                        (_, _, Some(owned)) => state.set_mirrored(owned),
                        _ => {}
                    }
                    // The ids are a help, not the plan: a state that cannot
                    // be written costs a later update its task, nothing else.
                    let _ = state.save(&done.lock);
                }
                ctx.record(&done, &mut report);
                seen::saw(ctx, &done.lock, done.committed.plan.rev, done.file());
                done.outcome(report)
            }
            // Refused as it commits (the lock went with the session).
            Err(e) => {
                seen::record(ctx);
                Outcome::new(Err(e), Some(rev), None)
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
                .map(|l| crate::markdown::render_plan(&l.plan, Flavour::Plain))
                .unwrap_or_default();
            let source = Box::new(e);
            Outcome::new(Err(Error::Unchanged { source, plan }), outcome.rev, None)
        }
        Ok(mut report) => {
            if let Some(plan) = &outcome.plan {
                let text = crate::markdown::render_plan(plan, Flavour::Plain);
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
