//! `todo mv <task...> <phase>`: move a task to the end of another phase.

use super::{at, find, named_phase, phase_query, query, task_ref, text};
use crate::cli::MvArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::ops::PhaseRef;
use crate::plan::{Op, Tx};
use crate::text::title_words;

pub(super) fn apply(tx: &mut Tx, args: &MvArgs) -> Result<Report> {
    // With -p every word names the task; without, the last names the phase.
    let (task_words, phase_word) = match &args.phase {
        Some(name) => (args.words.as_slice(), name),
        None => match args.words.split_last() {
            Some((phase, task)) if !task.is_empty() => (task, phase),
            _ => return Err(Error::usage("Name a task and the phase to move it to.")),
        },
    };
    let query = query(task_words)?;
    let phase_name = text(phase_word, "phase name")?;
    let plan = tx.plan();
    let Target::Task(id) = find(plan, &query, Scope::Tasks)? else {
        return Err(Error::usage("Only tasks can be moved."));
    };
    let (from, task) = task_ref(plan, &id)?;
    let to = match &args.phase {
        Some(_) => named_phase(plan, &phase_name)?,
        None => phase_query(plan, &phase_name, title_words(&phase_name))?,
    };
    if to == PhaseRef::Id(from.id.clone()) {
        let message = format!(
            "\"{}\" is already in {}; nothing changed.",
            task.content, from.name
        );
        return Ok(Report::new("mv", Kind::Confirm, message).task(from, task));
    }
    let applied = tx.apply(Op::MoveTask { task: id, to })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    let message = format!("Moved \"{}\" to {}.", task.content, phase.name);
    let mut report = Report::new("mv", Kind::Confirm, message).task(phase, task);
    if applied.phase.is_some() {
        report = report.phase(phase);
    }
    Ok(report)
}
