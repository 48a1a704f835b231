//! `todo finding TEXT`: record what was learned on the way (SPEC §12).

use serde_json::json;

use super::objective::check_length;
use super::text;
use crate::cli::FindingArgs;
use crate::error::{Error, Result};
use crate::output::{Kind, Report};
use crate::plan::{Op, Tx};

pub(super) fn apply(tx: &mut Tx, args: &FindingArgs) -> Result<Report> {
    let content = text(&args.words.join(" "), "finding")?;
    check_length(&content, "finding")?;
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
