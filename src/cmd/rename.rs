use super::mark::target;
use super::prelude::*;

/// Rename a task or a phase.
///
/// The new text comes after `--`, or with `--to`.
///
/// Examples: `todo rename oauth -- Wire OAuth and OIDC`,
/// `todo rename p2 --to "Billing v2"`
#[derive(Debug, Clone, clap::Args)]
pub struct Rename {
    /// The task or phase to rename.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,

    /// The new text (instead of giving it after `--`).
    #[arg(long, value_name = "TEXT", conflicts_with = "text")]
    pub to: Option<String>,

    /// The new text, after `--`.
    #[arg(last = true, value_name = "TEXT")]
    pub text: Vec<String>,
}

impl super::Verb for Rename {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let raw = match &self.to {
            Some(to) => to.clone(),
            None if !self.text.is_empty() => self.text.join(" "),
            None => {
                return Err(Error::usage(
                    "Give the new text after `--` (todo rename <task> -- <new text>) or with --to.",
                ));
            }
        };
        let new = text(&raw, "new text")?;
        let plan = tx.plan();
        let target = target(plan, &self.query)?;
        let (op, what, old, new) = match &target {
            Target::Task(id) => {
                // A task's text starts with a capital, as `append` makes it.
                let content = capitalize_first(&new);
                let old = task_ref(plan, id)?.1.content.clone();
                let op = Op::RenameTask {
                    task: id.clone(),
                    content: content.clone(),
                };
                (op, ["task", "text"], old, content)
            }
            Target::Phase(id) => {
                let phase = plan.phase_by_id(id);
                let old = phase.map(|p| p.name.clone()).unwrap_or_default();
                let op = Op::RenamePhase {
                    phase: id.clone(),
                    name: new.clone(),
                };
                (op, ["phase", "name"], old, new)
            }
        };
        let before = tx.changes();
        let applied = tx.apply(op)?;
        let message = if tx.changes() == before {
            let [kind, has] = what;
            format!(
                "{} \"{old}\" already has that {has}; nothing changed.",
                capitalize_first(kind)
            )
        } else {
            format!("Renamed {} \"{old}\" to \"{new}\".", what[0])
        };
        let report = Report::new("rename", Kind::Confirm, message);
        match target {
            Target::Task(_) => {
                let (phase, task) = at(tx.plan(), applied.at)?;
                Ok(report.task(phase, task))
            }
            Target::Phase(id) => Ok(match tx.plan().phase_by_id(&id) {
                Some(phase) => report.phase(phase),
                None => report,
            }),
        }
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.query, is, id);
    }
}
