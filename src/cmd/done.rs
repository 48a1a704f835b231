//! `todo done [<task|phase>...]`: mark work completed. A task with a check
//! is proven as the change commits (`crate::verify`); `--no-verify` is a
//! person's way past it, recorded as unverified.

use crate::cli::DoneArgs;
use crate::error::{Error, Result};
use crate::output::Report;
use crate::plan::ops::Refusal;
use crate::plan::{Actor, Status, Tx};

pub(super) fn apply(tx: &mut Tx, args: &DoneArgs) -> Result<Report> {
    if args.no_verify {
        if tx.actor() == Actor::Agent {
            return Err(Error::Refused {
                code: Refusal::OpNotAllowed,
                message: "an agent may not skip a task's check (--no-verify is a person's); \
                          run `todo done` without it, and fix what the check reports."
                    .into(),
            });
        }
        tx.skip_checks();
    }
    let mut report = super::mark::apply(tx, "done", Status::Completed, &args.target.query)?;
    super::verify::note_checks(&mut report, args.no_verify);
    Ok(report)
}
