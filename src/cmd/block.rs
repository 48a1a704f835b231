use super::prelude::*;

/// Mark a task (or a phase's open tasks) blocked, with an optional reason.
///
/// Example: `todo block keys --reason "vendor sandbox"`
#[derive(Debug, Clone, clap::Args)]
pub struct Block {
    /// A task or phase: text, part of it, or id.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,

    /// What the task is waiting for.
    #[arg(short, long, value_name = "TEXT")]
    pub reason: Option<String>,
}

impl super::Verb for Block {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let reason = self
            .reason
            .as_ref()
            .map(|r| text(r, "reason"))
            .transpose()?;
        // As `done` does: a block that changed nothing says so (exit 0).
        super::mark::apply(tx, "block", Status::Blocked, &self.query, reason)
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.query, is, id);
    }
}
