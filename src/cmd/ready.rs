//! `todo ready`: the tasks ready to take.

use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::Plan;
use crate::text::Message;

/// One line per ready task (`t3  Wire OAuth`) on stdout; with none,
/// stdout stays empty and stderr says why, exit 1 (as `todo next`).
pub(super) fn run(plan: &Plan) -> Result<Report> {
    let ready = plan.ready();
    let mut report = if ready.is_empty() {
        let mut r = Report::new("ready", Kind::Warn, plan.why_none_ready());
        r.exit = ExitCode::NothingNext;
        r
    } else {
        let width = ready.iter().map(|(_, t)| t.id.len()).max().unwrap_or(0);
        let mut message = Message::default();
        for (_, t) in &ready {
            message.push(format!("{:width$}  {}", t.id, t.content));
        }
        let mut r = Report::new("ready", Kind::Data, message);
        for (p, t) in &ready {
            r = r.task(p, t);
        }
        r
    };
    report.rev = plan.rev;
    Ok(report)
}
