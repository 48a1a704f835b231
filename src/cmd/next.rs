//! `todo next`: the task to work on now.

use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::Plan;

pub(super) fn run(plan: &Plan) -> Result<Report> {
    let mut report = match plan.next_task() {
        Some((phase, task)) => {
            Report::new("next", Kind::Data, task.content.clone()).task(phase, task)
        }
        None => {
            let mut r = Report::new("next", Kind::Silent, "Nothing to do.");
            r.exit = ExitCode::NothingNext;
            r
        }
    };
    report.rev = plan.rev;
    Ok(report)
}
