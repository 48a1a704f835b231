//! `todo ready`: the tasks ready to take.

use super::{Context, Outcome};
use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::Plan;
use crate::text::Message;

/// List the tasks ready to take: open, unclaimed, every need completed.
///
/// In plan order, one per line with its id; exit 1 when none is ready
/// (stdout then stays empty and stderr says why).
///
/// Example: `todo ready`, `todo ready --json`
#[derive(Debug, Clone, clap::Args)]
pub struct Ready;

impl super::Verb for Ready {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(run)
    }
}

/// One line per ready task (`t3  Wire OAuth`) on stdout; with none,
/// stdout stays empty and stderr says why, exit 1 (as `todo next`).
fn run(plan: &Plan) -> Result<Report> {
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
