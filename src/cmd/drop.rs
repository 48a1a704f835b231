//! `todo drop [<task|phase>...]`: mark work abandoned, dropped by a person.

use crate::error::Result;
use crate::output::Report;
use crate::plan::{Status, Tx};

/// Mark a task, a phase's open tasks, or every open task abandoned.
///
/// Example: `todo drop "old idea"`
#[derive(Debug, Clone, clap::Args)]
pub struct Drop {
    #[command(flatten)]
    pub target: super::TargetArgs,
}

impl super::Verb for Drop {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        super::mark::apply(tx, "drop", Status::Abandoned, &self.target.query)
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.target.query, is, id);
    }

    fn many(&self) -> Option<&'static str> {
        Some("Mark {} abandoned?")
    }
}
