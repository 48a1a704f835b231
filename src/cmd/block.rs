use super::prelude::*;

/// Mark a task (or a phase's open tasks) blocked, with an optional reason.
///
/// Example: `todo block keys --reason "vendor sandbox"`
#[derive(Debug, Clone, clap::Args)]
pub struct Block {
    #[command(flatten)]
    pub target: super::TargetRequired,

    /// What the task is waiting for.
    #[arg(short, long, value_name = "TEXT")]
    pub reason: Option<String>,
}

impl super::Verb for Block {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let reason = self.reason.as_ref().map(|r| text(r, "reason"));
        let words = &self.target.query;
        super::mark::apply(tx, "block", Status::Blocked, words, reason.transpose()?)
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.target.query, is, id);
    }
}
