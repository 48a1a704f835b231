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

use std::borrow::Cow;
use std::fmt::Write as _;

use escape::{encode_heading, push_encoded};

use crate::plan::{Finding, Objective, Phase, Plan, Status, Task};
use crate::text::Message;

pub(crate) use aims::{FINDINGS, OBJECTIVES, too_long};
pub use chunks::parse;
pub(crate) use state::as_exported;

/// How a checklist is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavour {
    /// §4.1, for `edit` and the reply to an agent: with who set each status
    /// and when, and the check's proof.
    Plain,
    /// The checklist as a person reads it (`todo`, `copy`, `export`): who
    /// checks a task shows, who set its status and when does not (it rides
    /// in `edit`'s buffer, whose text comes back into the plan; an import
    /// keeps the plan's marks where the text has none).
    View,
    /// [`Flavour::View`] with the text as typed (`R&D`), not encoded, and
    /// no check command: for a person's eyes only, never read back.
    Typed,
    /// The pull-request flavour (see [`gfm`]).
    Gfm,
}

/// A checklist being written, a line at a time.
struct Writer {
    out: Message,
    flavour: Flavour,
    /// How wide the id column on the left is, when there is one.
    ids: Option<usize>,
}

impl Writer {
    /// Start a line that is not blank: in the id column, the id of the
    /// phase or task it starts (`""` for the others).
    fn line(&mut self, id: &str) -> &mut String {
        let line = self.out.line();
        if let Some(width) = self.ids {
            let _ = write!(line, "{id:width$}  ");
        }
        line
    }

    /// The blank line between blocks, when a block came before.
    fn gap(&mut self) {
        if !self.out.is_empty() {
            self.out.push("");
        }
    }
}

/// The lines `write` writes in `flavour`, with an id column this wide.
fn lines(flavour: Flavour, ids: Option<usize>, write: impl FnOnce(&mut Writer)) -> Message {
    let mut w = Writer {
        out: Message::default(),
        flavour,
        ids,
    };
    write(&mut w);
    w.out
}

/// [`lines`] with no id column, each ending in a newline.
fn written(flavour: Flavour, write: impl FnOnce(&mut Writer)) -> String {
    lines(flavour, None, write).into_file()
}

/// Text encoded for the flavour, so that it reads back exactly (or, as
/// typed, shown as it is).
fn push_text(out: &mut String, text: &str, flavour: Flavour) {
    match flavour {
        Flavour::Gfm => out.push_str(&escape::encode_gfm(text, false)),
        Flavour::Typed => out.push_str(text),
        Flavour::Plain | Flavour::View => push_encoded(out, text),
    }
}

/// Objectives, phases and findings (docs/contract.md, "Objectives and
/// findings"), one blank line between the blocks and between phases.
fn write(w: &mut Writer, objectives: &[Objective], phases: &[Phase], findings: &[Finding]) {
    aims::block(w, aims::OBJECTIVES, objectives, aims::write_objective);
    for phase in phases {
        w.gap();
        let flavour = w.flavour;
        let (hashes, name): (_, Cow<str>) = match flavour {
            Flavour::Gfm => ("### ", escape::encode_gfm_heading(&phase.name).into()),
            Flavour::Typed => ("# ", phase.name.as_str().into()),
            Flavour::Plain | Flavour::View => ("# ", encode_heading(&phase.name).into()),
        };
        let line = w.line(&phase.id);
        line.push_str(hashes);
        line.push_str(&name);
        for task in &phase.tasks {
            write_task(w, task);
        }
    }
    aims::block(w, aims::FINDINGS, findings, aims::write_finding);
}

/// One objective line as the checklist shows it (`todo objective`).
pub(crate) fn render_objective(out: &mut String, o: &Objective) {
    out.push_str(&written(Flavour::View, |w| aims::write_objective(w, o)));
}

/// The whole plan's lines in `flavour`; with `ids`, each phase's and task's
/// id in a column this wide on the left.
pub(crate) fn plan_lines(plan: &Plan, flavour: Flavour, ids: Option<usize>) -> Message {
    lines(flavour, ids, |w| {
        write(w, &plan.objectives, &plan.phases, &plan.findings)
    })
}

/// [`plan_lines`] as a file, with no id column.
pub(crate) fn render_plan(plan: &Plan, flavour: Flavour) -> String {
    plan_lines(plan, flavour, None).into_file()
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
    let (phases, mut errors) =
        parse(&rest, lenient).map_or_else(|e| (Vec::new(), e.errors), |p| (p, Vec::new()));
    errors.extend(problems);
    let parsed = Parsed {
        phases,
        objectives,
        findings,
    };
    parse::ParseError::unless(parsed, errors)
}

/// Phases alone as a checklist in `flavour`.
pub(crate) fn render_phases(phases: &[Phase], flavour: Flavour) -> String {
    written(flavour, |w| write(w, &[], phases, &[]))
}

/// Phases as the checklist of §4.1 (`# phase` headings).
pub fn render(phases: &[Phase]) -> String {
    render_phases(phases, Flavour::Plain)
}

/// Phases in the pull-request flavour (see [`gfm`]).
pub fn render_gfm(phases: &[Phase]) -> String {
    render_phases(phases, Flavour::Gfm)
}

/// One task line and its notes, as the checklist shows them.
pub(crate) fn render_task(out: &mut String, task: &Task) {
    out.push_str(&written(Flavour::View, |w| write_task(w, task)));
}

/// A task's line and its notes as `  > note` lines: a quote inside the
/// task's list item (in the pull-request flavour, encoded as text that
/// starts a line).
fn write_task(w: &mut Writer, task: &Task) {
    let flavour = w.flavour;
    let out = w.line(&task.id);
    if flavour == Flavour::Gfm {
        gfm::push_task(out, task);
    } else {
        push_task(out, task, flavour);
    }
    for note in &task.notes {
        let out = w.line("");
        out.push_str("  > ");
        match flavour {
            Flavour::Gfm => out.push_str(&escape::encode_gfm(note, true)),
            _ => push_text(out, note, flavour),
        }
    }
}

/// A task's line in a flavour other than the pull-request one.
fn push_task(out: &mut String, task: &Task, flavour: Flavour) {
    out.push_str("- [");
    out.push(task.status.marker());
    out.push_str("] ");
    push_text(out, &task.content, flavour);
    if flavour == Flavour::Typed {
        push_said(out, task);
        return;
    }
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        out.push_str(" <!-- blocker: ");
        push_text(out, blocker, flavour);
        out.push_str(" -->");
    }
    // The plan file keeps oh-my-pi's `droppedBy: "user"` for the programs
    // that read its phases; what a person reads says `person`, as `--as`
    // and `by=` do (docs/contract.md, "The plan file").
    if task.dropped_by.as_deref() == Some("user") {
        out.push_str(" <!-- dropped-by: person -->");
    }
    if let Some(command) = task.check_command().filter(|_| flavour != Flavour::Typed) {
        out.push_str(" <!-- verify: ");
        escape::push_encoded_exact(out, command);
        out.push_str(" -->");
    }
    // Who set the status and who checks the task (docs/contract.md, "A plan
    // a person and an agent share"), as one invisible comment:
    // ` <!-- todo: by=person at=… checks=agent unlocked -->`.
    push_todo_comment(out, &meta_words(task, flavour == Flavour::Plain));
}

/// What the comments of a task's line say, in words a person reads at a
/// terminal: ` (blocked: vendor sandbox; claimed by ann; verified)`.
fn push_said(out: &mut String, task: &Task) {
    let mut said: Vec<String> = Vec::new();
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        said.push(format!("blocked: {blocker}"));
    }
    if task.dropped_by.as_deref() == Some("user") {
        said.push("dropped by a person".into());
    }
    if let Some(owner) = &task.owner {
        said.push(format!("claimed by {owner}"));
    }
    if !task.needs.is_empty() {
        said.push(format!("needs {}", task.needs.join(", ")));
    }
    match task.checks {
        crate::plan::Checks::Person => said.push("only a person checks it".into()),
        crate::plan::Checks::Agent if !task.unlocked => said.push("only the agent sets it".into()),
        _ => {}
    }
    if let Some(v) = task.verify.as_deref() {
        said.push(match &v.proof {
            Some(p) if p.passed() => "verified".into(),
            Some(p) if p.exit.is_none() => "unverified".into(),
            Some(_) => "check failed".into(),
            None => "has a check".into(),
        });
    }
    if !said.is_empty() {
        let _ = write!(out, " ({})", said.join("; "));
    }
}

/// ` <!-- todo: … -->` holding `words`, if there are any.
fn push_todo_comment(out: &mut String, words: &[String]) {
    if !words.is_empty() {
        let _ = write!(out, " <!-- todo: {} -->", words.join(" "));
    }
}

/// `by=…` and `at=…`: who set a status (or recorded a finding) and when,
/// without an `at` that would not survive as one word of a comment.
fn push_mark(words: &mut Vec<String>, by: Option<crate::plan::Actor>, at: Option<&str>) {
    words.extend(by.map(|by| format!("by={}", by.as_str())));
    let one_word =
        |at: &&str| !at.is_empty() && !at.contains(char::is_whitespace) && !at.contains("--");
    words.extend(at.filter(one_word).map(|at| format!("at={at}")));
}

/// The `key=value` words of a task's §8 fields (none when all are unset).
/// Without `provenance`, as a person reads them: no `by`/`at`, and whether
/// the check proved the task instead of its proof.
fn meta_words(task: &Task, provenance: bool) -> Vec<String> {
    let mut words = Vec::new();
    if provenance {
        push_mark(&mut words, task.by, task.at.as_deref());
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
        words.extend(v.timeout.map(|t| format!("timeout={t}")));
        // A person reads what the check proved of the task as it is: a
        // proof of another command, or of a task no longer completed, is
        // no word of it.
        let shown = task.proof().filter(|_| task.status == Status::Completed);
        let proof = if provenance { v.proof.as_ref() } else { shown };
        words.extend(proof.map(|p| match p {
            _ if provenance => format!("proof={}", state::proof_word(p)),
            _ if p.passed() => "verified".into(),
            _ if p.exit.is_none() => "unverified".into(),
            _ => "check-failed".into(),
        }));
    }
    words
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
