//! `todo note <task> <text...>`: add a note to a task.

use super::{at, find, text};
use crate::cli::NoteArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Tx};

pub(super) fn apply(tx: &mut Tx, args: &NoteArgs) -> Result<Report> {
    let query = text(&args.task, "task")?;
    let note = text(&args.text.join(" "), "note")?;
    let Target::Task(id) = find(tx.plan(), &query, Scope::Tasks)? else {
        return Err(Error::usage("Notes go on tasks."));
    };
    let applied = tx.apply(Op::Note {
        task: id,
        text: note.clone(),
    })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    let message = format!("Added a note to {}: {note}", task.content);
    Ok(Report::new("note", Kind::Confirm, message).task(phase, task))
}
