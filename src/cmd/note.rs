//! `todo note <task> <text...>`: add a note to a task.

use super::{Context, find, task_of, text};
use crate::cli::NoteArgs;
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Plan};

pub fn run(ctx: &Context, args: NoteArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &NoteArgs) -> Result<Report> {
    let query = text(&args.task, "task")?;
    let note = text(&args.text.join(" "), "note")?;
    let Target::Task(id) = find(plan, &query, Scope::Tasks)? else {
        return Err(Error::usage("Notes go on tasks."));
    };
    plan.apply(Op::Note {
        task: id.clone(),
        text: note.clone(),
    })?;
    let (phase, task) = task_of(plan, &id)?;
    let message = format!("Added a note to {}: {note}", task.content);
    Ok(Report::new("note", Kind::Confirm, message).task(&phase, &task))
}
