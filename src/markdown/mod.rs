//! The Markdown checklist codec (docs/contract.md, "Markdown"): `render` a plan's phases as the
//! checklist people read, share and edit, `render_gfm` as a pull-request
//! checklist, and `parse` either back. Pure text in, text out; it knows
//! nothing of files, clap or terminals.

mod aims;
mod chunks;
mod escape;
mod gfm;
mod parse;
mod state;
#[cfg(test)]
mod tests;

use crate::plan::{Finding, Objective, Phase, Plan, Status, Task};

pub use chunks::parse;

/// One objective line as the checklist shows it (`todo objective`).
pub(crate) fn render_objective(out: &mut String, o: &Objective) {
    aims::render_objective_as(out, o, aims::Flavour::View);
}

/// One finding line as the checklist shows it.
pub(crate) fn render_finding(out: &mut String, f: &Finding) {
    aims::render_finding(out, f, aims::Flavour::View);
}

/// The whole plan as the checklist of §4.1 with its objectives before the
/// phases and findings after them (docs/contract.md, "Objectives and findings"): for `edit` and
/// the reply to an agent. A plan without them renders as its phases.
pub(crate) fn render_plan(plan: &Plan) -> String {
    render_plan_as(plan, aims::Flavour::Plain)
}

/// [`render_plan`] as a person reads it (see [`render_view`]).
pub(crate) fn render_plan_view(plan: &Plan) -> String {
    render_plan_as(plan, aims::Flavour::View)
}

/// [`render_plan`] in the pull-request flavour.
pub(crate) fn render_plan_gfm(plan: &Plan) -> String {
    render_plan_as(plan, aims::Flavour::Gfm)
}

fn render_plan_as(plan: &Plan, flavour: aims::Flavour) -> String {
    let phases = match flavour {
        aims::Flavour::Plain => render(&plan.phases),
        aims::Flavour::View => render_view(&plan.phases),
        aims::Flavour::Gfm => render_gfm(&plan.phases),
    };
    aims::join([
        aims::objectives_block(&plan.objectives, flavour),
        phases,
        aims::findings_block(&plan.findings, flavour),
    ])
}

/// A checklist read back whole: phases (ids empty, as [`parse`] gives
/// them), objectives and findings (with their ids).
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Parsed {
    pub phases: Vec<Phase>,
    pub objectives: Vec<Objective>,
    pub findings: Vec<Finding>,
}

/// Read a checklist with its objectives and findings blocks (§12).
pub(crate) fn parse_plan(text: &str, lenient: bool) -> Result<Parsed, parse::ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (objectives, findings, rest, problems) = aims::split(text);
    let phases = match parse(&rest, lenient) {
        Ok(phases) if problems.is_empty() => phases,
        Ok(_) => return Err(parse::ParseError { errors: problems }),
        Err(mut e) => {
            e.errors.extend(problems);
            e.errors.sort_by_key(|e| e.line);
            return Err(e);
        }
    };
    Ok(Parsed {
        phases,
        objectives,
        findings,
    })
}
pub(crate) use escape::{encode_heading, push_encoded};
pub use gfm::render_gfm;

/// Render phases as the checklist of §4.1: `# phase` headings, one task item
/// per line, one blank line between phases, one newline at the end.
pub fn render(phases: &[Phase]) -> String {
    render_as(phases, true)
}

/// The checklist as a person reads it (`todo`, `copy`, `export`): who
/// checks a task shows, who set its status and when does not (it rides in
/// `edit`'s buffer, whose text comes back into the plan; an import keeps
/// the plan's marks where the text has none).
pub(crate) fn render_view(phases: &[Phase]) -> String {
    render_as(phases, false)
}

fn render_as(phases: &[Phase], provenance: bool) -> String {
    let mut out = String::with_capacity(phases.iter().map(|p| 32 + p.tasks.len() * 48).sum());
    for (i, phase) in phases.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_phase_heading(&mut out, phase);
        for task in &phase.tasks {
            render_task_as(&mut out, task, provenance);
        }
    }
    out
}

/// The `# name` line of a phase.
pub(crate) fn render_phase_heading(out: &mut String, phase: &Phase) {
    out.push_str("# ");
    out.push_str(&encode_heading(&phase.name));
    out.push('\n');
}

/// One task line (and its note lines), each ending in a newline.
pub(crate) fn render_task(out: &mut String, task: &Task) {
    render_task_as(out, task, false);
}

fn render_task_as(out: &mut String, task: &Task, provenance: bool) {
    out.push_str("- [");
    out.push(task.status.marker());
    out.push_str("] ");
    push_encoded(out, &task.content);
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        out.push_str(" <!-- blocker: ");
        push_encoded(out, blocker);
        out.push_str(" -->");
    }
    // The plan file keeps oh-my-pi's `droppedBy: "user"` for the programs
    // that read its phases; what a person reads says `person`, as `--as`
    // and `by=` do (docs/contract.md, "The plan file").
    if task.dropped_by.as_deref() == Some("user") {
        out.push_str(" <!-- dropped-by: person -->");
    }
    if let Some(command) = task.check_command() {
        out.push_str(" <!-- verify: ");
        escape::push_encoded_exact(out, command);
        out.push_str(" -->");
    }
    render_meta(out, task, provenance);
    out.push('\n');
    render_notes(out, task);
}

/// Who set the status and who checks the task (docs/contract.md, "A plan a person and an agent share"), as one
/// invisible comment: ` <!-- todo: by=person at=… checks=agent unlocked -->`.
pub(crate) fn render_meta(out: &mut String, task: &Task, provenance: bool) {
    let mut words = meta_words(task);
    if !provenance {
        words
            .retain(|w| !w.starts_with("by=") && !w.starts_with("at=") && !w.starts_with("proof="));
        // A person reads whether the check proved it, not the record.
        match task.proof() {
            Some(p) if p.passed() => words.push("verified".into()),
            Some(p) if p.exit.is_none() => words.push("unverified".into()),
            Some(_) => words.push("check-failed".into()),
            None => {}
        }
    }
    if !words.is_empty() {
        out.push_str(" <!-- todo: ");
        out.push_str(&words.join(" "));
        out.push_str(" -->");
    }
}

/// The `key=value` words of a task's §8 fields (none when all are unset).
pub(crate) fn meta_words(task: &Task) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(by) = task.by {
        words.push(format!("by={}", by.as_str()));
    }
    if let Some(at) = task.at.as_deref().filter(|at| is_one_word(at)) {
        words.push(format!("at={at}"));
    }
    if task.checks != crate::plan::Checks::Anyone {
        words.push(format!("checks={}", task.checks.as_str()));
    }
    if task.unlocked {
        words.push("unlocked".into());
    }
    if !task.needs.is_empty() {
        let ids: Vec<String> = task.needs.iter().map(|n| state::encode_name(n)).collect();
        words.push(format!("needs={}", ids.join(",")));
    }
    if let Some(owner) = &task.owner {
        words.push(format!("owner={}", state::encode_name(owner)));
        if let Some(by) = task.claimed_by {
            words.push(format!("claimed-by={}", by.as_str()));
        }
    }
    if let Some(v) = task.verify.as_deref() {
        if let Some(t) = v.timeout {
            words.push(format!("timeout={t}"));
        }
        if let Some(p) = &v.proof {
            words.push(format!("proof={}", state::proof_word(p)));
        }
    }
    words
}

/// Can `s` ride as one word of a `todo:` comment?
fn is_one_word(s: &str) -> bool {
    !s.is_empty() && !s.chars().any(char::is_whitespace) && !s.contains("--")
}

/// The task's check, to fill in from its parts as they are read: the
/// command comes from its own comment (or GFM's `verify=`), the timeout
/// and proof from the `todo:` words.
fn verify_of(task: &mut Task) -> &mut crate::plan::TaskCheck {
    task.verify.get_or_insert_with(Box::default)
}

/// A check read without its command is no check.
pub(crate) fn settle_verify(task: &mut Task) {
    if task
        .verify
        .as_deref()
        .is_some_and(|v| crate::plan::clean_command(&v.command).is_none())
    {
        task.verify = None;
    }
    if task.status != Status::Completed
        && let Some(v) = task.verify.as_deref_mut()
    {
        v.proof = None;
    }
}

/// Read the words [`meta_words`] wrote; unknown words are ignored.
pub(crate) fn read_meta_word(task: &mut Task, word: &str) {
    match word.split_once('=') {
        Some(("by", v)) => task.by = crate::plan::Actor::parse(v),
        Some(("at", v)) => task.at = Some(v.to_string()),
        Some(("checks", v)) => task.checks = crate::plan::Checks::parse(v).unwrap_or_default(),
        None if word == "unlocked" => task.unlocked = true,
        Some(("needs", v)) => {
            task.needs = v
                .split(',')
                .map(state::decode_word)
                .filter(|n| !n.is_empty())
                .collect();
        }
        Some(("owner", v)) => {
            task.owner = Some(state::decode_word(v)).filter(|o| !o.trim().is_empty());
        }
        Some(("claimed-by", v)) => task.claimed_by = crate::plan::Actor::parse(v),
        Some(("timeout", v)) => verify_of(task).timeout = v.parse().ok().filter(|n| *n > 0),
        Some(("proof", v)) => verify_of(task).proof = state::read_proof_word(v),
        Some(("verify", v)) => verify_of(task).command = state::decode_word(v),
        _ => {}
    }
}

/// A task's notes as `  > note` lines: a quote inside the task's list item.
fn render_notes(out: &mut String, task: &Task) {
    for note in &task.notes {
        out.push_str("  > ");
        push_encoded(out, note);
        out.push('\n');
    }
}
