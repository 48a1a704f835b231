//! Where output goes and how it looks: data and confirmations on stdout,
//! warnings and errors on stderr, colour only for a terminal, control
//! characters never raw on a terminal, and one JSON object under `--json`.
//!
//! Everything a person reads goes through one printer, [`Output::shown`]:
//! a [`Message`] is lines, and on a terminal each line is made safe with
//! [`visible`] (and then painted) while the line breaks stay line breaks.

use std::io::{self, IsTerminal, Write};

use anstyle::{AnsiColor, Style};
use serde_json::{Map, Value, json};

use crate::exit_codes::ExitCode;
use crate::markdown::Flavour;
use crate::plan::{Phase, Plan, Task};
use crate::text::{Message, is_unsafe, visible};

/// Output could not be written (a closed pipe among the reasons).
#[derive(Debug, thiserror::Error)]
#[error("Cannot write output")]
pub(crate) struct WriteError(#[source] pub io::Error);

type WriteResult<T> = std::result::Result<T, WriteError>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone)]
pub(crate) struct Output {
    pub json: bool,
    pub quiet: bool,
    pub color: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
}

/// What a verb has to say, in a form both the human and the JSON printer use.
#[derive(Debug, Default)]
pub(crate) struct Report {
    pub verb: &'static str,
    /// The human text (confirmation, data or warning), as lines.
    pub message: Message,
    pub kind: Kind,
    pub rev: u64,
    pub changed: bool,
    pub tasks: Vec<TaskEntry>,
    pub phases: Vec<Value>,
    /// Verb-specific JSON fields.
    pub extra: Map<String, Value>,
    /// How the verb ended when it did not fail (`check` with open work,
    /// `next` with nothing to do, …).
    pub exit: ExitCode,
    /// Lines for stderr (also listed under `--json`).
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Kind {
    /// A confirmation: stdout unless `--quiet`.
    Confirm,
    /// Data: always stdout.
    Data,
    /// The checklist: data, coloured on a terminal; an id column this many
    /// bytes wide on the left stays plain (`todo --ids`; 0: no column).
    Checklist(usize),
    /// A warning: stderr.
    Warn,
    /// Nothing to print in human mode.
    #[default]
    Silent,
}

impl Report {
    /// A report whose message is `message`: a `String` is one line (a
    /// newline in it is text); build a [`Message`] for more lines.
    pub(crate) fn new(verb: &'static str, kind: Kind, message: impl Into<Message>) -> Report {
        Report {
            verb,
            message: message.into(),
            kind,
            ..Report::default()
        }
    }

    pub(crate) fn task(mut self, phase: &Phase, task: &Task) -> Report {
        self.tasks.push(TaskEntry::new(phase, task));
        self
    }

    pub(crate) fn phase(mut self, phase: &Phase) -> Report {
        self.phases.push(phase_json(phase));
        self
    }

    pub(crate) fn with(mut self, key: &str, value: Value) -> Report {
        self.extra.insert(key.to_string(), value);
        self
    }
}

/// A task a report names, with its phase. Kept as plain data and turned
/// into JSON only when `--json` prints it: `todo done` on a phase of 50,000
/// tasks would otherwise build (and free) 50,000 JSON maps for nothing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TaskEntry {
    pub task: Task,
    pub phase_id: String,
    pub phase_name: String,
}

impl TaskEntry {
    pub(crate) fn new(phase: &Phase, task: &Task) -> TaskEntry {
        TaskEntry {
            // Unknown fields are not part of a report.
            task: Task {
                extra: Default::default(),
                ..task.clone()
            },
            phase_id: phase.id.clone(),
            phase_name: phase.name.clone(),
        }
    }

    pub(crate) fn to_json(&self) -> Value {
        let task = &self.task;
        let mut v = json!({
            "id": task.id,
            "content": task.content,
            "status": task.status.as_str(),
            "phase": { "id": self.phase_id, "name": self.phase_name },
        });
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(value) = value {
                v[key] = value;
            }
        };
        put("blocker", task.blocker.as_ref().map(|b| json!(b)));
        put("droppedBy", task.dropped_by.as_ref().map(|d| json!(d)));
        put("notes", (!task.notes.is_empty()).then(|| json!(task.notes)));
        put("needs", (!task.needs.is_empty()).then(|| json!(task.needs)));
        if let Some(owner) = &task.owner {
            put("owner", Some(json!(owner)));
            put("claimedBy", task.claimed_by.map(|by| json!(by.as_str())));
        }
        if let Some(check) = task.verify.as_deref() {
            put("verify", Some(json!(check.command)));
            put("verifyTimeout", check.timeout.map(|t| json!(t)));
            let proof = check.proof.as_ref();
            put("proof", proof.map(crate::plan::json::proof_to_value));
        }
        v
    }
}

pub(crate) fn phase_json(phase: &Phase) -> Value {
    json!({ "id": phase.id, "name": phase.name, "tasks": phase.tasks.len() })
}

/// Write to a stream, turning I/O errors (a closed pipe among them) into ours.
fn emit(mut w: impl Write, text: &str) -> WriteResult<()> {
    w.write_all(text.as_bytes())
        .and_then(|()| w.flush())
        .map_err(WriteError)
}

/// Text output ends with exactly one newline.
fn line(mut s: String) -> String {
    s.truncate(s.trim_end_matches('\n').len());
    s.push('\n');
    s
}

/// One JSON object as a line. serde_json leaves DEL, C1 controls and
/// invisible characters (bidi overrides, zero-width) raw inside strings;
/// they are written as `\u` escapes instead, so the object is safe to show
/// on a terminal and still the same JSON value.
///
/// Every object may be read by an agent, which takes `<system-reminder>`
/// tags in what it reads for its harness's own words: the `<` that would
/// open or close one is written `\u003c`, the same JSON value, no tag in
/// the text (the hooks, whose texts an agent reads decoded, write `&lt;`:
/// [`crate::text::neutral_tags`]).
pub(crate) fn json_line(value: &Value) -> String {
    let raw = value.to_string();
    let mut out = String::with_capacity(raw.len() + 1);
    for (i, c) in raw.char_indices() {
        if c == '<' && crate::text::opens_tag(&raw[i..]) {
            out.push_str("\\u003c");
        } else if c as u32 >= 0x7f && is_unsafe(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out.push('\n');
    out
}

impl Output {
    pub(crate) fn new(json: bool, quiet: bool, choice: ColorChoice) -> Output {
        let stdout_tty = io::stdout().is_terminal();
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                stdout_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Output {
            json,
            quiet,
            color,
            stdout_tty,
            stderr_tty: io::stderr().is_terminal(),
        }
    }

    /// Is stdout read by a person: a terminal, or colour asked for
    /// (`--color always | less -R`)? Then text is shown as typed and made
    /// safe; otherwise it is data, exactly as it is.
    pub(crate) fn for_person(&self) -> bool {
        !self.json && (self.stdout_tty || self.color)
    }

    /// The one printer: a message's lines, each made safe for a terminal
    /// when a `person` reads the stream (and painted from byte `paint` of
    /// each line on when it is the checklist and colour is on); otherwise
    /// as they are.
    fn shown(&self, person: bool, message: &Message, paint: Option<usize>) -> String {
        if !person {
            return message.as_str().to_string();
        }
        let mut out = String::with_capacity(message.as_str().len() + 16);
        for (i, l) in message.lines().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            let safe = visible(l);
            if let Some(column) = paint.filter(|_| self.color) {
                // The id column (ids and spaces: ASCII) stays plain.
                let cut = Some(column).filter(|c| safe.is_char_boundary(*c));
                let (ids, line) = safe.split_at(cut.unwrap_or(0));
                out.push_str(ids);
                paint_line(&mut out, line);
            } else {
                out.push_str(&safe);
            }
        }
        out
    }

    /// A message on stdout as [`Output::shown`] says, ending with exactly
    /// one newline.
    fn print(&self, message: &Message, paint: Option<usize>) -> WriteResult<()> {
        let text = self.shown(self.stdout_tty || self.color, message, paint);
        emit(io::stdout().lock(), &line(text))
    }

    /// Bytes for the terminal itself (an OSC 52 escape), unchanged.
    pub(crate) fn raw_stdout(&self, text: &str) -> WriteResult<()> {
        emit(io::stdout().lock(), text)
    }

    pub(crate) fn stderr(&self, message: &Message) -> WriteResult<()> {
        let text = self.shown(self.stderr_tty, message, None);
        emit(io::stderr().lock(), &line(text))
    }

    /// A question on stderr after `message`: the message's lines as
    /// [`Output::stderr`] prints them, then `question` with no newline, for
    /// the answer to be typed after it.
    pub(crate) fn ask(&self, message: &Message, question: &str) -> WriteResult<()> {
        let mut all = message.clone();
        all.push(question);
        let shown = self.shown(self.stderr_tty, &all, None);
        emit(io::stderr().lock(), &format!("{shown} "))
    }

    pub(crate) fn report(&self, report: &Report) -> WriteResult<()> {
        if self.json {
            return emit(io::stdout().lock(), &json_line(&report_json(report)));
        }
        for w in &report.warnings {
            self.stderr(&Message::from(w.as_str()))?;
        }
        match report.kind {
            Kind::Confirm if self.quiet => Ok(()),
            Kind::Confirm | Kind::Data => self.print(&report.message, None),
            Kind::Checklist(column) => self.print(&report.message, Some(column)),
            Kind::Warn => self.stderr(&report.message),
            Kind::Silent => Ok(()),
        }
    }

    /// Print an error: `person` on stderr, or the JSON object `json` on stdout.
    pub(crate) fn error(&self, json: impl FnOnce() -> Value, person: &Message) -> WriteResult<()> {
        if self.json {
            return emit(io::stdout().lock(), &json_line(&json()));
        }
        self.stderr(person)
    }
}

/// The `--json` object of a report (also an MCP tool's reply).
pub(crate) fn report_json(report: &Report) -> Value {
    let mut obj = Map::new();
    // `ok` follows the exit status: `check` with open work and `next` with
    // nothing to do exit 1 and say `ok: false` (with no `error`: nothing
    // went wrong, the answer is no).
    obj.insert("ok".into(), json!(report.exit == ExitCode::Success));
    obj.insert("verb".into(), json!(report.verb));
    obj.insert("message".into(), json!(report.message.as_str()));
    obj.insert("rev".into(), json!(report.rev));
    obj.insert("changed".into(), json!(report.changed));
    let tasks = report.tasks.iter().map(TaskEntry::to_json).collect();
    obj.insert("tasks".into(), Value::Array(tasks));
    obj.insert("phases".into(), Value::Array(report.phases.clone()));
    obj.extend(report.extra.clone());
    if !report.warnings.is_empty() {
        obj.insert("warnings".into(), json!(report.warnings));
    }
    Value::Object(obj)
}

/// Colour one checklist line (already made safe): a bold heading, the
/// status marker in its colour, finished text and comments dim.
fn paint_line(out: &mut String, l: &str) {
    let dim = Style::new().dimmed();
    // Any other line in one style (plain, `Style::new()`, writes no codes).
    let Some(rest) = l.strip_prefix("- [") else {
        let title = [crate::markdown::OBJECTIVES, crate::markdown::FINDINGS].contains(&l);
        let style = if l.starts_with("# ") || title {
            Style::new().bold()
        } else if l.starts_with("  >") {
            dim
        } else {
            Style::new()
        };
        out.push_str(&format!("{style}{l}{style:#}"));
        return;
    };
    // An objective or finding (docs/contract.md, "Objectives and findings"): `- [o2 done] text`.
    let aim = rest.split_once(']').filter(|(inside, _)| {
        let id = inside.split(' ').next().unwrap_or_default();
        let aim_id = |kind: char| id.starts_with(kind) && crate::plan::ids::is_shaped(id, kind);
        aim_id('o') || aim_id('f')
    });
    // The bracket, its colour, and what follows it (whose comments are
    // ours only on a task).
    let (bracket, after, color, comments) = if let Some((inside, after)) = aim {
        let color = match inside.rsplit_once(' ') {
            Some((_, "done")) => Some(AnsiColor::Green),
            Some((_, "dropped")) => Some(AnsiColor::BrightBlack),
            _ => None,
        };
        (format!("[{inside}]"), after, color, false)
    } else {
        let mut chars = rest.chars();
        let marker = chars.next().unwrap_or(' ');
        let (close, after) = match chars.as_str().strip_prefix(']') {
            Some(after) => ("]", after),
            None => ("", chars.as_str()),
        };
        let color = match marker {
            'x' => Some(AnsiColor::Green),
            '/' => Some(AnsiColor::Yellow),
            '!' => Some(AnsiColor::Red),
            '-' => Some(AnsiColor::BrightBlack),
            _ => None,
        };
        (format!("[{marker}{close}"), after, color, true)
    };
    let style = Style::new().fg_color(color.map(Into::into)).bold();
    out.push_str(&format!("- {style}{bracket}{style:#}"));
    // Our comments come last; text as typed may hold `<!--` too.
    let cut = [" <!-- blocker: ", " <!-- dropped-by: "]
        .iter()
        .filter_map(|c| after.rfind(c).filter(|_| comments))
        .min();
    let (body, comment) = after.split_at(cut.unwrap_or(after.len()));
    let finished = matches!(color, Some(AnsiColor::Green | AnsiColor::BrightBlack));
    let text = if finished { dim } else { Style::new() };
    out.push_str(&format!("{text}{body}{text:#}"));
    if !comment.is_empty() {
        out.push_str(&format!("{dim}{comment}{dim:#}"));
    }
}

/// How wide the id column of `todo --ids` is, without the two spaces
/// after it: the longest phase or task id.
pub(crate) fn id_width(plan: &Plan) -> usize {
    plan.phases
        .iter()
        .map(|p| p.id.len())
        .chain(plan.tasks().map(|(_, _, t)| t.id.len()))
        .max()
        .unwrap_or(2)
}

/// The checklist `todo` shows: [`Flavour::Typed`] for a person at a
/// terminal, else the exact Markdown; with `ids`, an id column on the left.
pub(crate) fn checklist(plan: &Plan, ids: bool, typed: bool) -> Message {
    let flavour = if typed { Flavour::Typed } else { Flavour::View };
    crate::markdown::plan_lines(plan, flavour, ids.then(|| id_width(plan)))
}

/// The head of the agent's list of its `n` open tasks (`todo check`, the
/// stop hook): the words of oh-my-pi's reminder.
pub(crate) fn stopped_with(n: usize) -> String {
    format!("You stopped with {n} incomplete todo item(s):")
}

/// What reading the plan settled of what a line merge left (see
/// [`crate::plan::Plan::settle_merge`]), as warnings: one line per item.
pub(crate) fn settled(report: &mut Report, plan: &crate::plan::Plan) {
    let notes = &plan.settled.0;
    if notes.is_empty() {
        return;
    }
    report.warnings.push(
        "Note: a merge left the plan in a state no todo command makes; it reads as settled here, and the next change writes that down:"
            .into(),
    );
    report
        .warnings
        .extend(notes.iter().map(|n| format!("  - {n}")));
    report.extra.insert("settled".into(), json!(notes));
}
