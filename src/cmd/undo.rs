//! `todo undo`: put back the phases and tasks as they were before the last
//! change made through todo. Undo is itself a change (`rev` rises, id
//! counters never go back) and pops one history entry.

use super::Context;
use crate::cli::UndoArgs;
use crate::error::{Error, Result};
use crate::history::digest;
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
    let report = ctx.transact(
        |plan, bytes| {
            // No plan file: whatever history this path has belongs to a
            // plan that is gone, and never applies to another.
            let Some(bytes) = bytes else {
                return Err(Error::NothingToUndo);
            };
            let entries = history.entries(&real).map_err(read_error)?;
            let Some(last) = entries.last() else {
                return Err(Error::NothingToUndo);
            };
            let now = digest(bytes);
            if now != last.digest && !args.force {
                return Err(Error::ChangedOutsideTodo {
                    last: last.what.clone(),
                });
            }
            let phases =
                last.restore(&plan.phases, args.force)
                    .ok_or_else(|| Error::UndoOverwritten {
                        last: last.what.clone(),
                    })?;
            plan.apply(Op::Replace { phases })?;
            Ok(Report::new(
                "undo",
                Kind::Confirm,
                format!("Undid: {}", last.what),
            ))
        },
        |_, _, _, written, report| {
            // Pop the entry; the one below now describes the file we wrote,
            // unless the file was changed outside todo between the two
            // changes: then the next undo must see that (exit 4).
            let result = history.entries(&real).and_then(|mut entries| {
                let undone = entries.pop();
                if let Some(prev) = entries.last_mut()
                    && undone
                        .and_then(|e| e.prev)
                        .is_none_or(|before| before == prev.digest)
                {
                    prev.digest = digest(written);
                }
                history.rewrite(&real, &entries)
            });
            if let Err(e) = result {
                report.warnings.push(format!(
                    "Warning: could not update undo history in {}: {e}",
                    history.dir.display()
                ));
            }
        },
    )?;
    if !report.changed {
        // Nothing differed (the change only moved counters): drop the entry
        // so the next undo goes further back.
        if let Ok(mut entries) = history.entries(&real) {
            entries.pop();
            let _ = history.rewrite(&real, &entries);
        }
    }
    Ok(report)
}
