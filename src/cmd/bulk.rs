//! The question before a change to many tasks, asked of a person at a
//! terminal only: the caller comes here only then.

use rustc_hash::FxHashMap;

use super::prelude::*;
use super::{BULK, Command, ask_no};

/// Run `command` if it may change many tasks: asked first when it would
/// change more than [`BULK`]; `None` for any other verb (the caller runs
/// it as usual).
pub(super) fn run_asked(ctx: &Context, command: &Command) -> Option<Outcome> {
    let question = command.many()?;
    let (n, rev) = ctx.preview(|tx| command.change(tx))?;
    if n <= BULK {
        return None;
    }
    let tasks = count(n, "task");
    let what = question.replace("{}", &tasks);
    if !ctx.yes {
        let question = format!("{what} `todo undo` reverts it. [y/N]");
        if !ask_no(ctx, &Message::default(), &question) {
            return Some(Outcome::new(Err(Error::Declined), Some(rev), None));
        }
    }
    // The plan as it was when the person answered, or nothing: a change
    // made meanwhile (by an agent, say) is a conflict, not a surprise.
    let mut pinned = ctx.clone();
    pinned.if_rev = Some(ctx.if_rev.unwrap_or(rev));
    let mut outcome = command.clone().run(&pinned);
    if ctx.if_rev.is_none()
        && let Err(e @ Error::RevMismatch { .. }) = &mut outcome.result
    {
        *e = Error::ChangedWhileAsked;
    }
    if let Ok(report) = &mut outcome.result
        && report.changed
    {
        report.message.push(format!(
            "{} changed; `todo undo` reverts it.",
            capitalize_first(&tasks)
        ));
    }
    Some(outcome)
}

impl Context {
    /// What a change would do, without writing anything: how many tasks
    /// it sets to another status or removes, and the `rev` it read.
    /// `None` when it would fail (running it for real says why).
    pub(super) fn preview(
        &self,
        verb: impl FnOnce(&mut Tx) -> Result<Report>,
    ) -> Option<(usize, u64)> {
        let mut session = self.begin().ok()?;
        let before: FxHashMap<String, Status> = session
            .tx
            .plan()
            .tasks()
            .map(|(_, _, t)| (t.id.clone(), t.status))
            .collect();
        verb(&mut session.tx).ok()?;
        let kept = session
            .tx
            .plan()
            .tasks()
            .filter(|(_, _, t)| before.get(&t.id) == Some(&t.status))
            .count();
        // Dropped here: the session writes nothing and lets the lock go.
        Some((before.len().saturating_sub(kept), session.rev()))
    }
}
