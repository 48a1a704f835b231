//! `todo finding TEXT`: record what was learned on the way (docs/contract.md,
//! "Objectives and findings").

use super::objective::aim_text;
use super::prelude::*;

/// Record a finding: something learned on the way (at most 300 characters).
///
/// Findings (ids like `f059tb`) show after the phases.
///
/// Example: `todo finding "the vendor sandbox resets nightly"`
#[derive(Debug, Clone, clap::Args)]
pub struct Findings {
    /// The finding's text.
    #[arg(required = true, value_name = "TEXT")]
    pub words: Vec<String>,
}

impl super::Verb for Findings {
    fn change(&self, tx: &mut Tx) -> Result<Report> {
        let content = aim_text(&self.words, "finding")?;
        let applied = tx.apply(Op::AddFinding {
            text: content.clone(),
        })?;
        let id = applied
            .finding
            .ok_or_else(|| Error::bug("a finding was added without an id"))?;
        let message = format!("Recorded finding {id}: {content}");
        Ok(Report::new("finding", Kind::Confirm, message)
            .with("finding", json!({ "id": id, "text": content })))
    }
}
