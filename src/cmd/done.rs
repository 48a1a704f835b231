//! `todo done [<task|phase>...]`: mark work completed.

use crate::cli::TargetArgs;
use crate::error::Result;
use crate::output::Report;
use crate::plan::{Status, Tx};

pub(super) fn apply(tx: &mut Tx, args: &TargetArgs) -> Result<Report> {
    super::mark::apply(tx, "done", Status::Completed, &args.query)
}
