use super::prelude::*;

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

/// One line per ready task: `t3  Wire OAuth`.
fn run(plan: &Plan) -> Result<Report> {
    let ready = plan.ready();
    if ready.is_empty() {
        return Ok(nothing("ready", plan.why_none_ready()));
    }
    let width = ready.iter().map(|(_, t)| t.id.len()).max().unwrap_or(0);
    let lines = ready
        .iter()
        .map(|(_, t)| format!("{:width$}  {}", t.id, t.content));
    let report = Report::new("ready", Kind::Data, lines.collect::<Message>());
    Ok(ready.iter().fold(report, |r, (p, t)| r.task(p, t)))
}

/// Nothing to take (`ready`, `next`, `claim --next`): `why` on stderr,
/// stdout empty, exit 1.
pub(super) fn nothing(verb: &'static str, why: String) -> Report {
    let mut report = Report::new(verb, Kind::Warn, why);
    report.exit = ExitCode::NothingNext;
    report
}
