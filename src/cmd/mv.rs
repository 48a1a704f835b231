use super::prelude::*;
use crate::plan::ops::PhaseRef;

/// Move a task to the end of another phase (matched, or created).
///
/// The last argument is the phase (matched, or created); the ones
/// before it name the task. With `-p NAME` every argument names the
/// task and NAME is the phase's exact name or id, or a new phase.
///
/// Examples: `todo mv invoice export Backlog`, `todo mv t4685j -p "C#"`
#[derive(Debug, Clone, clap::Args)]
pub struct Mv {
    /// Name the phase exactly (its name in any case, or its id; created as
    /// typed when there is none); every argument then names the task.
    #[arg(short, long, value_name = "NAME")]
    pub phase: Option<String>,

    /// The task, then the phase to move it to (last argument).
    #[arg(required = true, value_name = "TASK... PHASE")]
    pub words: Vec<String>,
}

impl super::Verb for Mv {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        // With -p every word names the task; without, the last names the phase.
        let (task_words, phase_word) = match &self.phase {
            Some(name) => (self.words.as_slice(), name),
            None => match self.words.split_last() {
                Some((phase, task)) if !task.is_empty() => (task, phase),
                _ => return Err(Error::usage("Name a task and the phase to move it to.")),
            },
        };
        let query = query(task_words)?;
        let phase_name = text(phase_word, "phase name")?;
        let plan = tx.plan();
        let id = one_task(plan, &query, "Only tasks can be moved.")?;
        let (from, task) = task_ref(plan, &id)?;
        let to = match &self.phase {
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

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        // The task's words, then (without -p) the phase's word.
        let n = self.words.len() - usize::from(self.phase.is_none() && !self.words.is_empty());
        if is(&self.words[..n]) {
            self.words.splice(..n, [id.to_string()]);
        } else if self.phase.is_none()
            && let Some(last) = self.words.last_mut()
            && is(std::slice::from_ref(last))
        {
            *last = id.to_string();
        }
    }
}
