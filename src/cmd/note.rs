use super::prelude::*;

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
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let query = text(&self.task, "task")?;
        let note = text(&self.text.join(" "), "note")?;
        let id = one_task(tx.plan(), &query, "Notes go on tasks.")?;
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
