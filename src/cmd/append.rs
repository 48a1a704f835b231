//! `todo append [<phase>] <task...>`: add a task to the last or a named phase.

use super::{at, named_phase, phase_query, text};
use crate::cli::{AppendArgs, ChecksArg};
use crate::error::{Error, Result};
use crate::output::{Kind, Report};
use crate::plan::ops::{Op, PhaseRef};
use crate::plan::{Checks, Tx};
use crate::text::{capitalize_first, title_words};

pub(super) fn apply(tx: &mut Tx, args: &AppendArgs) -> Result<Report> {
    let plan = tx.plan();
    let (phase, raw_task) = match (&args.phase, args.words.as_slice()) {
        (Some(name), words) => {
            let name = text(name, "phase name")?;
            (named_phase(plan, &name)?, words.join(" "))
        }
        (None, [only]) => {
            let phase = match plan.phases.last() {
                Some(last) => PhaseRef::Id(last.id.clone()),
                None => PhaseRef::New("Todos".into()),
            };
            (phase, only.clone())
        }
        (None, [first, rest @ ..]) => {
            let name = text(first, "phase name")?;
            let new_name = title_words(&name);
            (phase_query(plan, &name, new_name)?, rest.join(" "))
        }
        (None, []) => return Err(Error::usage("Nothing to append: give the task text.")),
    };
    let content = capitalize_first(&text(&raw_task, "task")?);
    let applied = tx.apply(Op::AddTask { phase, content })?;
    if let (Some(checks), Some(task)) = (args.checks, applied.task.clone()) {
        let checks = match checks {
            ChecksArg::Person => Checks::Person,
            ChecksArg::Agent => Checks::Agent,
        };
        tx.apply(Op::SetChecks {
            task,
            checks,
            unlocked: false,
        })?;
    }
    let (phase, task) = at(tx.plan(), applied.at)?;
    let message = format!("Appended to {}: {}", phase.name, task.content);
    let mut report = Report::new("append", Kind::Confirm, message).task(phase, task);
    if applied.phase.is_some() {
        report = report.phase(phase);
    }
    Ok(report)
}
