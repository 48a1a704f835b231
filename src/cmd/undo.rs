//! `todo undo`: put back the phases and tasks as they were before the last
//! change made through todo. Undo is itself a change (`rev` rises, id
//! counters never go back) and pops one history entry. Every read and
//! write of the history happens under the plan's lock.

use std::cell::RefCell;

use super::Context;
use crate::cli::UndoArgs;
use crate::error::{Error, Result};
use crate::history::{Found, content_digest};
use crate::output::{Kind, Report};
use crate::plan::Op;

pub fn run(ctx: &Context, args: &UndoArgs) -> Result<Report> {
    let Some(history) = ctx.history.clone() else {
        return Err(Error::NoHistoryDir);
    };
    let read_error = |e| {
        Error::io(
            format!("Cannot read undo history in {}", history.dir.display()),
            e,
        )
    };
    let real = ctx.real_path();
    // The two newest entries, read under the lock in `change` and used
    // again after the write.
    let found: RefCell<(Option<Found>, Option<Found>)> = RefCell::new((None, None));
    let report = ctx.transact(
        |plan, bytes, lock| {
            // No plan file: whatever history this path has belongs to a
            // plan that is gone, and never applies to another.
            let Some(bytes) = bytes else {
                return Err(Error::NothingToUndo);
            };
            let (last, prev) = history.last_two(lock, &real).map_err(read_error)?;
            let Some(last) = last else {
                return Err(Error::NothingToUndo);
            };
            let what = last.entry.what.clone();
            // The file as read is nearly always in todo's own layout; only
            // when its digest differs is the plan rendered to compare.
            let now = content_digest(bytes, true, plan);
            let now = if now == last.entry.digest {
                now
            } else {
                content_digest(bytes, false, plan)
            };
            if now != last.entry.digest && !args.force {
                return Err(Error::ChangedOutsideTodo { last: what });
            }
            let phases = last
                .entry
                .undo
                .restore(plan)
                .ok_or_else(|| Error::UndoOverwritten { last: what.clone() })?;
            let report = Report::new("undo", Kind::Confirm, format!("Undid: {what}"));
            if phases == plan.phases {
                // Nothing differs (the change only moved counters): drop
                // the entry so the next undo goes further back.
                history
                    .truncate(lock, &real, last.at, None)
                    .map_err(read_error)?;
                return Ok(report);
            }
            plan.apply(Op::Replace { phases })?;
            *found.borrow_mut() = (Some(last), prev);
            Ok(report)
        },
        |_, saved, report| {
            let (Some(undone), prev) = std::mem::take(&mut *found.borrow_mut()) else {
                return;
            };
            // Pop the entry; the one below now describes the file we wrote,
            // unless the file was changed outside todo between the two
            // changes: then the next undo must see that (exit 4).
            let written = content_digest(saved.written, true, saved.after);
            let rewrite = prev.filter(|p| {
                undone.entry.prev.as_ref() == Some(&p.entry.digest) && p.entry.digest != written
            });
            let result = match rewrite {
                Some(mut p) => {
                    p.entry.digest = written;
                    history.truncate(saved.lock, &real, p.at, Some(&p.entry))
                }
                None => history.truncate(saved.lock, &real, undone.at, None),
            };
            if let Err(e) = result {
                report.warnings.push(format!(
                    "Warning: could not update undo history in {}: {e}",
                    history.dir.display()
                ));
            }
        },
    )?;
    Ok(report)
}
