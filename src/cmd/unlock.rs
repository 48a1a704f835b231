//! `todo unlock <task|phase> | --all`: let anyone set tasks only the agent
//! checks. Only a person may; it is one-way (docs/contract.md, "A plan a person
//! and an agent share").

use super::mark::target;
use super::prelude::*;

/// Let anyone set tasks only the agent checks (person only; one-way).
///
/// Names a task, a phase (its tasks), or `--all`. Once unlocked, the
/// agent can never lock a task again.
///
/// Example: `todo unlock t4685j`, `todo unlock --all`
#[derive(Debug, Clone, clap::Args)]
pub struct Unlock {
    /// A task or phase: text, part of it, or id.
    #[arg(
        value_name = "TASK|PHASE",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    pub query: Vec<String>,

    /// Unlock every task only the agent checks.
    #[arg(long)]
    pub all: bool,
}

impl super::Verb for Unlock {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        if tx.actor() == Actor::Agent {
            let message = "only a person may unlock tasks; ask the person to run `todo unlock`.";
            return Err(OpError::refused(Refusal::OpNotAllowed, message).into());
        }
        let plan = tx.plan();
        let ids: Vec<String> = if self.all {
            plan.tasks().map(|(_, _, t)| t.id.clone()).collect()
        } else {
            match target(plan, &self.query)? {
                Target::Task(id) => vec![id],
                Target::Phase(pid) => (plan.phase_by_id(&pid).into_iter())
                    .flat_map(|p| p.tasks.iter().map(|t| t.id.clone()))
                    .collect(),
            }
        };
        let n = tx.unlock(ids)?;
        let message = if n == 0 {
            "Nothing to unlock: no task there is checked only by the agent.".to_string()
        } else {
            format!(
                "Unlocked {}: anyone may set {} now.",
                count(n, "task"),
                if n == 1 { "it" } else { "them" }
            )
        };
        Ok(Report::new("unlock", Kind::Confirm, message))
    }
}
