use super::prelude::*;

/// List the tasks ready to take: open, unclaimed, every need completed.
///
/// In plan order, one per line with its id; exit 1 when none is ready
/// (stdout then stays empty and stderr says why). With a git remote for
/// the plan (see `todo claim`), a task leased live there by any owner is
/// not ready; exit 9 when the remote cannot be reached (`--local` lists
/// by this clone alone).
///
/// Example: `todo ready`, `todo ready --json`
#[derive(Debug, Clone, clap::Args)]
pub struct Ready {
    #[command(flatten)]
    pub lease: super::leasing::LeaseArgs,
}

impl super::Verb for Ready {
    fn run(self, ctx: &Context) -> Outcome {
        let leased = super::leasing::Leasing::of(ctx, &self.lease).and_then(|leasing| {
            let Some(l) = leasing else {
                return Ok(Vec::new());
            };
            let now = super::leasing::Leasing::now(ctx);
            let live = l.clone.live(&l.remote, now, l.config.skew)?;
            Ok(live.into_iter().map(|lease| lease.task).collect())
        });
        match leased {
            Ok(leased) => ctx.look(|plan| run(plan, &leased)),
            Err(e) => Outcome::of(Err(e)),
        }
    }
}

/// One line per ready task: `t3  Wire OAuth`; none of `leased`.
fn run(plan: &Plan, leased: &[String]) -> Result<Report> {
    let mut ready = plan.ready();
    let before = ready.len();
    ready.retain(|(_, t)| !leased.contains(&t.id));
    if ready.is_empty() && before > 0 {
        let why =
            "Nothing ready: every ready task is leased by another clone (todo claims lists them).";
        return Ok(nothing("ready", why.to_string()));
    }
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
