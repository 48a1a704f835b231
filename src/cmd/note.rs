//! `todo note <task> <text...>`: add a note to a task.

use super::{at, find, text};
use crate::error::{Error, Result};
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Tx};

/// Add a note to a task. Notes show under the task in the checklist.
///
/// The first argument names the task; the rest is the note.
///
/// Example: `todo note keys "ask vendor for a sandbox account"`
#[derive(Debug, Clone, clap::Args)]
pub struct Note {
    /// The task to annotate.
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The note.
    #[arg(required = true, value_name = "TEXT")]
    pub text: Vec<String>,
}

impl super::Verb for Note {
    const BATCH: bool = true;
    const COMPLETES: Option<&'static str> = Some("open");
    const CHOOSE: bool = true;

    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let args = self;
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

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        if is(std::slice::from_ref(&self.task)) {
            self.task = id.to_string();
        }
    }
}

