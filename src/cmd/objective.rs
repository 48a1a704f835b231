//! `todo objective [add TEXT | done | drop | reopen <o-id|query>]`: what
//! the work is for (docs/contract.md, "Objectives and findings"). Bare, it lists the objectives.

use super::prelude::*;
use crate::matching;
use crate::plan::{self, ObjectiveStatus};

/// List the plan's objectives, or add one, or set one done, dropped or open.
///
/// Objectives (ids like `o1q3ta`) say what the work is for; `todo` shows
/// them before the phases. An objective is named by its id or by words
/// of its text. A status a person sets belongs to the person: an agent
/// may not change it (`todo objective reopen` takes the mark back).
///
/// Examples: `todo objective add "Ship a plan people trust"`,
/// `todo objective done o1q3ta`, `todo objective`
#[derive(Debug, Clone, clap::Args)]
pub struct Objectives {
    #[command(subcommand)]
    pub action: Option<ObjectiveAction>,
}

impl super::Verb for Objectives {
    fn run(self, ctx: &Context) -> Outcome {
        match &self.action {
            None => ctx.look(list),
            Some(action) => ctx.change(|tx| apply(tx, action)),
        }
    }
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum ObjectiveAction {
    /// Add an objective (open).
    Add {
        /// The objective's text.
        #[arg(required = true, value_name = "TEXT")]
        words: Vec<String>,
    },
    /// Mark an objective done.
    Done(ObjectiveArgs),
    /// Mark an objective dropped.
    Drop(ObjectiveArgs),
    /// Set an objective open again, clearing who set its status.
    Reopen(ObjectiveArgs),
    /// Remove an objective (`todo undo` brings it back). A finding is
    /// removed with `todo rm <f-id>`.
    Rm(ObjectiveArgs),
}

/// The objective an action names.
#[derive(Debug, Clone, clap::Args)]
pub struct ObjectiveArgs {
    /// The objective: its id (`o1q3ta`) or words of its text.
    #[arg(required = true, value_name = "OBJECTIVE")]
    query: Vec<String>,
}

const NONE: &str = "No objectives. Use todo objective add <text> to add one.";

pub(crate) fn objective_json(o: &plan::Objective) -> Value {
    json!({ "id": o.id, "text": o.text, "status": o.status.as_str() })
}

/// `todo objective`: the objectives as the checklist shows them.
fn list(plan: &Plan) -> Result<Report> {
    let mut text = String::new();
    for o in &plan.objectives {
        crate::markdown::render_objective(&mut text, o);
    }
    let message = match plan.objectives.is_empty() {
        true => NONE.into(),
        false => Message::of_lines(&text),
    };
    let objectives = plan.objectives.iter().map(objective_json).collect();
    Ok(Report::new("objective", Kind::Data, message).with("objectives", objectives))
}

fn apply(tx: &mut Tx, action: &ObjectiveAction) -> Result<Report> {
    let (words, status) = match action {
        ObjectiveAction::Add { words } => (words, None),
        ObjectiveAction::Done(named) => (&named.query, Some(ObjectiveStatus::Done)),
        ObjectiveAction::Drop(named) => (&named.query, Some(ObjectiveStatus::Dropped)),
        ObjectiveAction::Reopen(named) => (&named.query, Some(ObjectiveStatus::Open)),
        ObjectiveAction::Rm(named) => {
            let id = resolve(tx.plan(), &query(&named.query)?)?;
            return remove(tx, &id);
        }
    };
    let id = match status {
        None => {
            let text = aim_text(words, "objective")?;
            let added = tx.apply(Op::AddObjective { text })?.objective;
            added.ok_or_else(|| Error::bug("an objective was added without an id"))?
        }
        Some(status) => {
            let id = resolve(tx.plan(), &query(words)?)?;
            tx.apply(Op::SetObjective {
                objective: id.clone(),
                status,
            })?;
            id
        }
    };
    let gone = || Error::bug(format!("objective {id} is gone"));
    let o = tx.plan().objective(&id).ok_or_else(gone)?;
    let message = match status {
        None => format!("Added objective {}: {}", o.id, o.text),
        Some(_) => format!("Marked objective {} {}: {}", o.id, o.status, o.text),
    };
    Ok(Report::new("objective", Kind::Confirm, message).with("objective", objective_json(o)))
}

/// Remove an objective or a finding by id (`todo objective rm`, `todo rm
/// <o-id|f-id>`): the rest of them as they were, checked as every change
/// is (an agent may not remove what a person wrote or set).
pub(crate) fn remove(tx: &mut Tx, id: &str) -> Result<Report> {
    let plan = tx.plan();
    let mut objectives = plan.objectives.clone();
    let mut findings = plan.findings.clone();
    // The verb is the report's and the key of the one removed.
    let (verb, message, json) = if let Some(o) = plan.objective(id) {
        objectives.retain(|o| o.id != id);
        (
            "objective",
            format!("Removed objective {}: {}", o.id, o.text),
            objective_json(o),
        )
    } else if let Some(f) = plan.finding(id) {
        findings.retain(|f| f.id != id);
        (
            "finding",
            format!("Removed finding {}: {}", f.id, f.text),
            json!({ "id": f.id, "text": f.text }),
        )
    } else {
        return Err(Error::bug(format!("{id} is gone after matching it")));
    };
    tx.apply(Op::ReplaceAims {
        objectives,
        findings,
    })?;
    Ok(Report::new(verb, Kind::Confirm, message).with(verb, json))
}

/// The text of an objective or finding, from its words: at most 300
/// characters, as `plan_update` allows.
pub(super) fn aim_text(words: &[String], what: &str) -> Result<String> {
    let content = text(&words.join(" "), what)?;
    let n = content.chars().count();
    if n > crate::plan::FINDING_MAX {
        return Err(Error::usage(format!(
            "The {what} is {n} characters long; at most {} are allowed.",
            crate::plan::FINDING_MAX
        )));
    }
    Ok(content)
}

/// An objective by id, by its exact text (any case), or by words of its
/// text when only one has them all.
pub(crate) fn resolve(plan: &Plan, q: &str) -> Result<String> {
    if let Some(o) = plan.objective(q) {
        return Ok(o.id.clone());
    }
    let lower = matching::lower(q);
    let (mut exact, mut hits) = (Vec::new(), Vec::new());
    for o in &plan.objectives {
        let text = matching::lower(&o.text);
        if text == lower {
            exact.push(o);
        }
        if lower.split_whitespace().all(|w| text.contains(w)) {
            hits.push(o);
        }
    }
    let message = match (exact.as_slice(), hits.as_slice()) {
        ([one], _) | (_, [one]) => return Ok(one.id.clone()),
        (_, []) => {
            let known: Vec<&str> = plan.objectives.iter().map(|o| o.id.as_str()).collect();
            let known = if known.is_empty() {
                "none".into()
            } else {
                known.join(", ")
            };
            format!("No objective matched \"{q}\". Known objectives: {known}.")
        }
        (_, many) => format!(
            "\"{q}\" matches several objectives: {}. Name one by its id.",
            many.iter()
                .map(|o| format!("{} \"{}\"", o.id, o.text))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Err(Error::no_match(message, q))
}
