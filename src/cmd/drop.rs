//! `todo drop [<task|phase>...]`: mark work abandoned, dropped by a person.

use crate::cli::TargetArgs;
use crate::error::Result;
use crate::output::Report;
use crate::plan::{Status, Tx};

pub(super) fn apply(tx: &mut Tx, args: &TargetArgs) -> Result<Report> {
    super::mark::apply(tx, "drop", Status::Abandoned, &args.query)
}
