use super::prelude::*;
use crate::plan::{Phase, Task};

/// Exit 1 and list open work if any task is pending or in progress.
///
/// For CI and agent hooks. Blocked tasks are parked, not open. Run as
/// the agent, it words the list as the agent's own reminder. With
/// `--verify`, also rerun the checks of the completed tasks: exit 1 when
/// work is open or a check fails, so the plan is done and what it calls
/// done is still true here. `--allow-open` reruns the checks alone, for a
/// branch whose work is still under way.
///
/// Example: `todo check || exit 1`, `todo check --verify --jobs 4`
#[derive(Debug, Clone, clap::Args)]
pub struct Check {
    /// Also rerun the checks of the completed tasks; exit 1 when one fails.
    #[arg(long)]
    pub verify: bool,

    /// With --verify, open work does not fail the run: only the checks do.
    #[arg(long, requires = "verify")]
    pub allow_open: bool,

    /// How many checks run at once (default: the number of CPUs).
    #[arg(long, short, value_name = "N", requires = "verify", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl super::Verb for Check {
    fn run(self, ctx: &Context) -> Outcome {
        let agent = ctx.actor == Some(Actor::Agent);
        if !self.verify {
            return ctx.look(|plan| run(plan, agent));
        }
        ctx.look(|plan| {
            let report = super::verify::check(ctx, plan, self.jobs)?;
            if self.allow_open {
                return Ok(report);
            }
            Ok(with_open_work(report, plan, agent))
        })
    }
}

/// `check --verify`'s report of the checks, with the open work after
/// them: it fails on either.
fn with_open_work(mut report: Report, plan: &Plan, agent: bool) -> Report {
    let open = plan.open_work();
    let Some(lines) = incomplete(&open, agent) else {
        return report;
    };
    let each = open
        .iter()
        .flat_map(|(p, tasks)| tasks.iter().map(move |t| (*p, *t)));
    report = each.fold(report, |r, (p, t)| r.task(p, t));
    report.message.push(String::new());
    report.message.extend(lines);
    report.exit = ExitCode::OpenWork;
    report.with("complete", false.into())
}

/// `agent`: the agent runs it (`--as agent`, `TODO_ACTOR`) and reads the
/// words of its own reminder; a person and a CI log read their own.
fn run(plan: &Plan, agent: bool) -> Result<Report> {
    let open = plan.open_work();
    let each = open
        .iter()
        .flat_map(|(p, tasks)| tasks.iter().map(move |t| (*p, *t)));
    let report = Report::new("check", Kind::Confirm, "");
    let mut report = each.fold(report, |r, (p, t)| r.task(p, t));
    match incomplete(&open, agent) {
        None => report.message = "No incomplete todos.".into(),
        Some(lines) => {
            report.kind = Kind::Data;
            // One line each: a newline inside a task's text stays text.
            report.message = lines.iter().collect();
            report.exit = ExitCode::OpenWork;
        }
    }
    crate::output::settled(&mut report, plan);
    Ok(report.with("complete", open.is_empty().into()))
}

/// The open work, line by line, under the agent's header or a person's
/// (the stop hook's, cut for a large plan, is `agent::hooks::incomplete`).
/// `None` when nothing is open.
fn incomplete(open: &[(&Phase, Vec<&Task>)], agent: bool) -> Option<Vec<String>> {
    let n: usize = open.iter().map(|(_, tasks)| tasks.len()).sum();
    if n == 0 {
        return None;
    }
    let mut lines = Vec::with_capacity(n + open.len() + 1);
    lines.push(if agent {
        crate::output::stopped_with(n)
    } else {
        format!("Not done: {} pending or in progress:", count(n, "task"))
    });
    for (phase, tasks) in open {
        lines.push(format!("- {}", phase.name));
        lines.extend(tasks.iter().map(|task| format!("  - {}", task.content)));
    }
    Some(lines)
}
