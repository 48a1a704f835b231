//! `todo handoff`: the brief of where the work stands
//! (`crate::agent::handoff`), for a person to paste or an agent to pass on.

use super::prelude::*;
use crate::agent::handoff;

/// Print a short brief of where the work stands, to hand it over.
///
/// The phase being worked, the claims, the last task a check verified,
/// what is ready next, what is blocked, the open objectives, and what a
/// person changed since the agent last saw the plan; at most 4,000 bytes
/// whatever the plan's size. The session-start hook gives the same brief
/// to an agent after a compaction or a resume; paste it into a new
/// session, or pass it to another agent.
///
/// Example: `todo handoff`, `todo handoff --json`
#[derive(Debug, Clone, clap::Args)]
pub struct Handoff;

impl super::Verb for Handoff {
    fn run(self, ctx: &Context) -> Outcome {
        let loaded = match ctx.store.load() {
            Ok(loaded) => loaded,
            Err(e) => return Outcome::of(Err(e.into())),
        };
        if loaded.bytes.is_none() {
            let why = format!(
                "No plan at {}: nothing to hand over. todo append <task> starts one.",
                ctx.store.path.display()
            );
            let mut report = Report::new("handoff", Kind::Warn, why);
            report.exit = crate::exit_codes::ExitCode::NothingNext;
            return Outcome::of(Ok(report));
        }
        // What a person changed since the agent saw the plan: read under
        // the lock the agent's state is kept under, when it is free.
        let mut store = ctx.store.clone();
        store.lock_wait = std::time::Duration::from_millis(200);
        let person = store.lock().ok().and_then(|lock| {
            handoff::person_changes(ctx, &lock, &loaded.plan, loaded.bytes.as_deref())
        });
        let text = handoff::brief(&ctx.store.path, &loaded.plan, person.as_deref());
        let bytes = text.len();
        ctx.look_at(loaded.plan, |_| {
            Ok(Report::new("handoff", Kind::Data, Message::of_lines(&text))
                .with("bytes", bytes.into()))
        })
    }
}
