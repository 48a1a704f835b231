//! `todo append [<phase>] <task...>`: add a task to the last or a named phase.

use super::{Context, text};
use crate::cli::AppendArgs;
use crate::error::{Error, Result};
use crate::matching::{self, MatchError, Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::Plan;
use crate::plan::ops::{Op, PhaseRef};
use crate::text::{capitalize_first, title_words};

pub fn run(ctx: &Context, args: AppendArgs) -> Result<Report> {
    ctx.mutate(|plan| apply(plan, &args))
}

pub fn apply(plan: &mut Plan, args: &AppendArgs) -> Result<Report> {
    let (phase, raw_task) = match (&args.phase, args.words.as_slice()) {
        (Some(name), words) => {
            let name = text(name, "phase name")?;
            (phase_ref(plan, &name, name.clone())?, words.join(" "))
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
            (phase_ref(plan, &name, new_name)?, rest.join(" "))
        }
        (None, []) => return Err(Error::usage("Nothing to append: give the task text.")),
    };
    let content = capitalize_first(&text(&raw_task, "task")?);
    let applied = plan.apply(Op::AddTask {
        phase,
        content: content.clone(),
    })?;
    let Some(pos) = applied.at else {
        return Err(Error::Refused("The new task is gone.".into()));
    };
    let (phase, task) = (&plan.phases[pos.phase], plan.task(pos));
    let message = format!("Appended to {}: {}", phase.name, task.content);
    let mut report = Report::new("append", Kind::Confirm, message).task(phase, task);
    if applied.phase.is_some() {
        report = report.phase(phase);
    }
    Ok(report)
}

/// Match a phase query; nothing matching means a new phase called `new_name`.
fn phase_ref(plan: &Plan, query: &str, new_name: String) -> Result<PhaseRef> {
    match matching::resolve(plan, query, Scope::Phases) {
        Ok(Target::Phase(id)) => Ok(PhaseRef::Id(id)),
        Ok(Target::Task(_)) | Err(MatchError::NoMatch { .. }) => Ok(PhaseRef::New(new_name)),
        Err(MatchError::Ambiguous { candidates }) => Err(Error::Ambiguous {
            query: query.to_string(),
            candidates,
        }),
    }
}
