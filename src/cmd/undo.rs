//! `todo undo`: put back the phases and tasks as they were before the last
//! change made through todo. Undo is itself a change (`rev` rises, id
//! counters never go back) and pops one history entry. Every read and
//! write of the history happens under the plan's lock.

use std::path::Path;

use super::Session;
use super::prelude::*;
use crate::history::{History, Recorded, file_digest, plan_digest};
use crate::storage::Revisions;

/// Undo the last change made through todo; repeat to go further back.
///
/// Undo is itself a change: `rev` rises. It refuses (exit 4) when the
/// plan file was changed by something other than todo since, unless
/// `--force`. History lives outside the project, in your data
/// directory (or `TODO_HISTORY_DIR`).
///
/// Example: `todo rm; todo undo`
#[derive(Debug, Clone, clap::Args)]
pub struct Undo {
    /// Undo even though the plan file was changed outside todo since.
    #[arg(long)]
    pub force: bool,
}

impl super::Verb for Undo {
    fn run(self, ctx: &Context) -> Outcome {
        let Some(history) = &ctx.history else {
            return Outcome::of(Err(Error::NoHistoryDir));
        };
        let mut session = match ctx.begin() {
            Ok(session) => session,
            Err(failed) => return failed.into(),
        };
        let real = ctx.real_path();
        let sources = (history, ctx.store.revs.as_ref());
        let (what, popped) = match take_back(&mut session, sources, &real, &self) {
            Ok(taken) => taken,
            Err(e) => return session.fail(e),
        };
        let mut report = Report::new("undo", Kind::Confirm, format!("Undid: {what}"));
        let rev = session.rev();
        let saved = match session.save() {
            Ok(saved) => saved,
            Err(e) => return Outcome::new(Err(e), Some(rev), None),
        };
        if let (Some((undone, prev)), Some(written)) = (popped, &saved.written) {
            // Pop the entry; the one below now describes the file we wrote,
            // unless the file was changed outside todo between the two
            // changes: then the next undo must see that (exit 4).
            let written = file_digest(written);
            let rewrite = prev.filter(|p| {
                undone.entry.prev.as_ref() == Some(&p.entry.digest) && p.entry.digest != written
            });
            let result = match rewrite {
                Some(mut p) => {
                    p.entry.digest = written;
                    history.truncate(&saved.lock, &real, p.at, Some(&p.entry))
                }
                None => history.truncate(&saved.lock, &real, undone.at, None),
            };
            match result {
                Err(e) => report.warnings.push(format!(
                    "Warning: could not update undo history in {}: {e}",
                    history.dir.display()
                )),
                Ok(()) => {
                    if let Some(revs) = &ctx.store.revs {
                        let _ = revs.unrecorded(&real, None);
                    }
                }
            }
        }
        saved.outcome(report)
    }
}

/// Put the phases back as the last entry says, in the session's
/// transaction. Returns what the entry was, and the entry with the one
/// below it, to pop once the plan is written; nothing to pop when there
/// was nothing to put back (the entry is then dropped here, so the next
/// undo goes further back).
fn take_back(
    session: &mut Session,
    (history, revs): (&History, Option<&Revisions>),
    real: &Path,
    args: &Undo,
) -> Result<(String, Popped)> {
    let doing = format!("Cannot read undo history in {}", history.dir.display());
    let read_error = |e| Error::io(&doing, e);
    // No plan file: whatever history this path has belongs to a plan that
    // is gone, and never applies to another.
    if session.bytes().is_none() {
        return Err(Error::NothingToUndo);
    }
    let (last, prev) = history.last_two(session.lock(), real).map_err(read_error)?;
    let Some(last) = last else {
        return Err(Error::NothingToUndo);
    };
    let what = last.entry.what.clone();
    // Undo by the agent is a change by the agent: it may take back its own
    // last change, never a person's (nor one made before todo recorded who
    // made it), and what it puts back passes the same rules as any change.
    let agent = session.tx.actor() == Actor::Agent;
    if agent && last.entry.actor.as_deref() != Some("agent") {
        let by = match last.entry.cmd.as_deref() {
            Some(cmd) => format!("a person's ({})", visible(cmd)),
            None if last.entry.actor.is_none() => "not recorded as the agent's".into(),
            None => "a person's".into(),
        };
        let message = format!(
            "the last change, \"{}\", was {by}; an agent may undo only its own changes.",
            visible(&what)
        );
        return Err(OpError::refused(Refusal::SetByPerson, message).into());
    }
    let (bytes, plan) = session.view();
    // The file as read is nearly always in todo's own layout; only when its
    // digest differs is the plan rendered to compare.
    let same = file_digest(bytes.unwrap_or_default()) == last.entry.digest
        || plan_digest(plan) == last.entry.digest;
    if !same && !args.force {
        // A change todo made and was stopped before recording is not one
        // made outside it: said so.
        let digest = file_digest(bytes.unwrap_or_default());
        let unrecorded = revs.is_some_and(|r| r.is_unrecorded(real, &digest));
        return Err(Error::ChangedOutsideTodo {
            last: what,
            unrecorded,
        });
    }
    let overwritten = || Error::UndoOverwritten { last: what.clone() };
    let phases = last.entry.undo.restore(plan).ok_or_else(overwritten)?;
    let (objectives, findings) = last.entry.undo.restore_aims(plan).ok_or_else(overwritten)?;
    if phases == plan.phases && objectives == plan.objectives && findings == plan.findings {
        // Nothing differs (the change only moved counters).
        history
            .truncate(session.lock(), real, last.at, None)
            .map_err(read_error)?;
        return Ok((what, None));
    }
    if !agent {
        session.tx.set_restoring();
    }
    session.tx.apply(Op::Replace { phases })?;
    session.tx.apply(Op::ReplaceAims {
        objectives,
        findings,
    })?;
    Ok((what, Some((last, prev))))
}

/// The entry undone and the one below it.
type Popped = Option<(Recorded, Option<Recorded>)>;
