use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use super::prelude::*;
use crate::plan::ops::{Applied, Op, PhaseRef};
use crate::plan::{Checks, DEFAULT_PHASE};

/// Add a task, to the last phase or to a named one.
///
/// With one argument it is the task, appended to the last phase. With
/// more, the first names the phase (matched, or created with each word
/// capitalised) and the rest are the task. The task's first letter is
/// upper-cased.
///
/// Examples: `todo append "write the docs"`, `todo append auth wire oauth`,
/// `todo append -p "Auth Work" -- --flag handling`
#[derive(Debug, Clone, clap::Args)]
pub struct Append {
    /// Name the phase exactly (its name in any case, or its id; created as
    /// typed when there is none); every argument is then task text.
    #[arg(short, long, value_name = "NAME")]
    pub phase: Option<String>,

    /// Who checks the new task: only a person, or only the agent (until
    /// `todo unlock`). Default: anyone.
    #[arg(long, value_name = "WHO", value_parser = checks())]
    pub checks: Option<Checks>,

    /// The task's check: a shell command `todo done` runs in the project
    /// root before the task counts as completed.
    #[arg(long, value_name = "COMMAND")]
    pub verify: Option<String>,

    /// Put the task right after this one (an id, or words of its text), in
    /// its phase (a phase given, first or with `-p`, must be that phase;
    /// else a first word is task text).
    #[arg(long, value_name = "TASK")]
    pub after: Option<String>,

    /// The new task needs these tasks first (ids or words of their text;
    /// repeat the flag or separate with commas).
    #[arg(long, value_name = "TASK", value_delimiter = ',')]
    pub needs: Vec<String>,

    /// `[PHASE] TASK...` — use `--` before text that starts with `-`.
    #[arg(required = true, value_name = "WORDS")]
    pub words: Vec<String>,
}

/// Marks a report whose task went to the last phase by the one-argument
/// rule; taken off before it is printed.
const TO_LAST: &str = "toLastPhase";

impl super::Verb for Append {
    /// The change, and for a person at a terminal whose one argument went
    /// to the last of several phases, the rule said where it acts (a
    /// script's confirmation stays the one line it reads).
    fn run(self, ctx: &Context) -> Outcome {
        let mut outcome = ctx.change(|tx| self.change(tx));
        if let (Ok(report), Some(command)) = (&mut outcome.result, &self.verify) {
            super::verify::trust_typed(ctx, command, report);
        }
        if let Ok(report) = &mut outcome.result
            && report.extra.remove(TO_LAST).is_some()
            && ctx.interactive
        {
            report.message.push(
                "One argument goes to the last phase; name one first to choose \
                 (todo append <phase> <task>), or move it (todo mv <task> <phase>).",
            );
        }
        outcome
    }

    fn change(&self, tx: &mut Tx) -> Result<Report> {
        // What the new task needs is named among the tasks there before it.
        let needs = super::needs::task_ids(tx.plan(), &self.needs, "need", NOT_TASK)?;
        if let Some(after) = &self.after {
            return append_after(tx, self, after, needs);
        }
        let plan = tx.plan();
        let (phase, raw_task) = match (&self.phase, self.words.as_slice()) {
            (Some(name), words) => {
                let name = text(name, "phase name")?;
                (named_phase(plan, &name)?, words.join(" "))
            }
            (None, [only]) => {
                let phase = match plan.phases.last() {
                    Some(last) => PhaseRef::Id(last.id.clone()),
                    None => PhaseRef::New(DEFAULT_PHASE.into()),
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
        // One argument in a plan of several phases goes to the last one:
        // said where it acts, with the way to choose.
        let to_last = self.phase.is_none() && self.words.len() == 1 && plan.phases.len() > 1;
        let content = capitalize_first(&text(&raw_task, "task")?);
        let applied = tx.apply(Op::AddTask { phase, content })?;
        // The one argument of an empty plan makes `Todos`: no surprise. A
        // phase a word of the command made is said.
        let said = !(self.phase.is_none() && self.words.len() == 1);
        let mut report = report(tx, self, applied, said, needs)?;
        if to_last {
            report.extra.insert(TO_LAST.into(), true.into());
        }
        Ok(report)
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        if self.phase.is_none() && self.words.len() > 1 && is(&self.words[..1]) {
            self.words[0] = id.to_string();
        }
    }
}

const NOT_TASK: &str = "--needs names tasks, not phases.";

/// `--checks`: the plan's own words for who checks a task, but for
/// `anyone`, which is the default.
fn checks() -> impl TypedValueParser<Value = Checks> {
    PossibleValuesParser::new([
        PossibleValue::new("person").help("Only a person completes or drops it"),
        PossibleValue::new("agent")
            .help("Only the agent sets it, until a person runs `todo unlock`"),
    ])
    .try_map(|who| who.parse::<Checks>())
}

/// `append --after TASK`: right after that task, in its phase. A `-p`
/// phase must be that phase (else `plan-bad-position`); a first word that
/// is that phase's name, with more words after it, is the phase as in
/// `todo append <phase> <task>`, and every other word is task text.
fn append_after(tx: &mut Tx, args: &Append, after: &str, needs: Vec<String>) -> Result<Report> {
    let plan = tx.plan();
    let q = text(after, "task after which to append")?;
    let id = one_task(plan, &q, "--after names a task.")?;
    let (holder, _) = task_ref(plan, &id)?;
    if let Some(name) = &args.phase {
        let name = text(name, "phase name")?;
        if named_phase(plan, &name)? != PhaseRef::Id(holder.id.clone()) {
            let message = format!(
                "{id} is in phase {}, not in \"{name}\": a task goes after one of its own phase.",
                holder.name
            );
            return Err(OpError::refused(Refusal::PlanBadPosition, message).into());
        }
    }
    let words = match args.words.as_slice() {
        [first, rest @ ..]
            if args.phase.is_none()
                && !rest.is_empty()
                && crate::matching::lower(first.trim()) == crate::matching::lower(&holder.name) =>
        {
            rest
        }
        words => words,
    };
    let content = capitalize_first(&text(&words.join(" "), "task")?);
    let applied = tx.apply(Op::AddTaskAfter { after: id, content })?;
    report(tx, args, applied, true, needs)
}

/// `new_phase_said`: a phase the op made is named in the message.
fn report(
    tx: &mut Tx,
    args: &Append,
    applied: Applied,
    new_phase_said: bool,
    needs: Vec<String>,
) -> Result<Report> {
    if let (false, Some(task)) = (needs.is_empty(), applied.task.clone()) {
        tx.apply(Op::Need { task, needs })?;
    }
    if let (Some(checks), Some(task)) = (args.checks, applied.task.clone()) {
        tx.apply(Op::SetChecks {
            task,
            checks,
            unlocked: false,
        })?;
    }
    if let (Some(command), Some(task)) = (&args.verify, applied.task.clone()) {
        let verify = crate::plan::TaskCheck {
            command: super::verify::command(command)?,
            ..Default::default()
        };
        tx.apply(Op::SetVerify {
            task,
            verify: Some(Box::new(verify)),
        })?;
    }
    let plan = tx.plan();
    let (phase, task) = at(plan, applied.at)?;
    let mut message = Message::from(format!("Appended to {}: {}", phase.name, task.content));
    if !task.needs.is_empty() {
        let named: Vec<String> = (task.needs.iter())
            .map(|id| match plan.task_by_id(id) {
                Some((_, t)) => format!("{} ({id})", t.content),
                None => id.clone(),
            })
            .collect();
        message.push(format!("It needs {}.", named.join(", ")));
    }
    if applied.phase.is_some() && new_phase_said {
        // A new phase is said out loud: a word meant as task text, or a
        // name beside an existing one, is seen at once (`todo undo`).
        message.push(format!("Created phase \"{}\".", phase.name));
    }
    let mut report = Report::new("append", Kind::Confirm, message).task(phase, task);
    if applied.phase.is_some() {
        report = report.phase(phase);
    }
    Ok(report)
}

/// A phase word that is a near miss of an existing phase (`auht` for
/// Auth), asked at a terminal: use that phase, create the new one, or
/// cancel. The command to run, or `None` to cancel.
pub(super) fn typo_choice(
    ctx: &super::Context,
    args: &Append,
    query: &str,
    guess: &Candidate,
) -> Option<super::Command> {
    let new_name = title_words(query);
    let question = format!(
        "No phase matched \"{query}\". Use \"{}\" (u), create phase \"{new_name}\" (c), or cancel (Enter)? [u/c/N]",
        guess.text
    );
    let mut args = args.clone();
    if args.words.len() < 2 {
        return None;
    }
    match super::answer(ctx, &Message::default(), &question)?.as_str() {
        "u" | "use" => {
            *args.words.first_mut()? = guess.id().to_string();
        }
        "c" | "create" => {
            args.words.remove(0);
            args.phase = Some(new_name);
        }
        _ => return None,
    }
    Some(super::Command::Append(args))
}
