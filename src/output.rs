//! Where output goes and how it looks: data and confirmations on stdout,
//! warnings and errors on stderr, colour only for a terminal, control
//! characters never raw on a terminal, and one JSON object under `--json`.

use std::io::{self, IsTerminal, Write};

use anstyle::{AnsiColor, Style};
use serde_json::{Map, Value, json};

use crate::error::{Error, Result};
use crate::matching::{Candidate, Target};
use crate::plan::{Phase, Plan, Task};
use crate::text::visible;

#[derive(Debug, Clone)]
pub struct Output {
    pub json: bool,
    pub quiet: bool,
    pub color: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
}

/// What a verb has to say, in a form both the human and the JSON printer use.
#[derive(Debug)]
pub struct Report {
    pub verb: &'static str,
    /// The human text (confirmation, data or warning), without final newline.
    pub message: String,
    pub kind: Kind,
    pub rev: u64,
    pub changed: bool,
    pub tasks: Vec<TaskEntry>,
    pub phases: Vec<Value>,
    /// Verb-specific JSON fields.
    pub extra: Map<String, Value>,
    /// Exit status for non-error outcomes (`check` and `next` use 1).
    pub exit: u8,
    /// Lines for stderr (also listed under `--json`).
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A confirmation: stdout unless `--quiet`.
    Confirm,
    /// Data: always stdout.
    Data,
    /// The checklist: data, coloured on a terminal.
    Checklist,
    /// A warning: stderr.
    Warn,
    /// Nothing to print in human mode.
    Silent,
}

impl Report {
    pub fn new(verb: &'static str, kind: Kind, message: impl Into<String>) -> Report {
        Report {
            verb,
            message: message.into(),
            kind,
            rev: 0,
            changed: false,
            tasks: Vec::new(),
            phases: Vec::new(),
            extra: Map::new(),
            exit: 0,
            warnings: Vec::new(),
        }
    }

    pub fn task(mut self, phase: &Phase, task: &Task) -> Report {
        self.tasks.push(TaskEntry::new(phase, task));
        self
    }

    pub fn phase(mut self, phase: &Phase) -> Report {
        self.phases.push(phase_json(phase));
        self
    }

    pub fn with(mut self, key: &str, value: Value) -> Report {
        self.extra.insert(key.to_string(), value);
        self
    }
}

/// A task a report names, with its phase. Kept as plain data and turned
/// into JSON only when `--json` prints it: `todo done` on a phase of 50,000
/// tasks would otherwise build (and free) 50,000 JSON maps for nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskEntry {
    pub task: Task,
    pub phase_id: String,
    pub phase_name: String,
}

impl TaskEntry {
    pub fn new(phase: &Phase, task: &Task) -> TaskEntry {
        TaskEntry {
            // Unknown fields are not part of a report.
            task: Task {
                id: task.id.clone(),
                content: task.content.clone(),
                status: task.status,
                blocker: task.blocker.clone(),
                dropped_by: task.dropped_by.clone(),
                notes: task.notes.clone(),
                extra: Default::default(),
            },
            phase_id: phase.id.clone(),
            phase_name: phase.name.clone(),
        }
    }

    pub fn to_json(&self) -> Value {
        let task = &self.task;
        let mut v = json!({
            "id": task.id,
            "content": task.content,
            "status": task.status.as_str(),
            "phase": { "id": self.phase_id, "name": self.phase_name },
        });
        if let Some(obj) = v.as_object_mut() {
            if let Some(b) = &task.blocker {
                obj.insert("blocker".into(), json!(b));
            }
            if let Some(d) = &task.dropped_by {
                obj.insert("droppedBy".into(), json!(d));
            }
            if !task.notes.is_empty() {
                obj.insert("notes".into(), json!(task.notes));
            }
        }
        v
    }
}

pub fn phase_json(phase: &Phase) -> Value {
    json!({ "id": phase.id, "name": phase.name, "tasks": phase.tasks.len() })
}

fn candidate_json(c: &Candidate) -> Value {
    let kind = match c.target {
        Target::Task(_) => "task",
        Target::Phase(_) => "phase",
    };
    let mut v = json!({ "kind": kind, "id": c.id(), "text": c.text });
    if let Some(obj) = v.as_object_mut() {
        if let Some(p) = &c.phase {
            obj.insert("phase".into(), json!(p));
        }
        if let Some(s) = c.status {
            obj.insert("status".into(), json!(s.as_str()));
        }
    }
    v
}

/// Write to a stream, turning I/O errors (a closed pipe among them) into ours.
fn emit(mut w: impl Write, text: &str) -> Result<()> {
    w.write_all(text.as_bytes())
        .and_then(|()| w.flush())
        .map_err(|e| Error::io("Cannot write output", e))
}

fn line(text: &str) -> String {
    let mut s = text.trim_end_matches('\n').to_string();
    s.push('\n');
    s
}

impl Output {
    pub fn new(json: bool, quiet: bool, choice: crate::cli::ColorChoice) -> Output {
        let stdout_tty = io::stdout().is_terminal();
        let color = match choice {
            crate::cli::ColorChoice::Always => true,
            crate::cli::ColorChoice::Never => false,
            crate::cli::ColorChoice::Auto => {
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

    /// Text safe for stdout: control characters made visible on a terminal.
    fn safe_stdout<'a>(&self, s: &'a str) -> std::borrow::Cow<'a, str> {
        if self.stdout_tty || self.color {
            visible(s)
        } else {
            s.into()
        }
    }

    fn safe_stderr<'a>(&self, s: &'a str) -> std::borrow::Cow<'a, str> {
        if self.stderr_tty {
            visible(s)
        } else {
            s.into()
        }
    }

    pub fn stdout(&self, text: &str) -> Result<()> {
        emit(io::stdout().lock(), &line(&self.safe_stdout(text)))
    }

    /// Bytes for the terminal itself (an OSC 52 escape), unchanged.
    pub fn raw_stdout(&self, text: &str) -> Result<()> {
        emit(io::stdout().lock(), text)
    }

    pub fn stderr(&self, text: &str) -> Result<()> {
        emit(io::stderr().lock(), &line(&self.safe_stderr(text)))
    }

    /// Print a verb's report.
    pub fn report(&self, report: &Report) -> Result<()> {
        if self.json {
            let mut obj = Map::new();
            obj.insert("ok".into(), json!(true));
            obj.insert("verb".into(), json!(report.verb));
            obj.insert("message".into(), json!(report.message));
            obj.insert("rev".into(), json!(report.rev));
            obj.insert("changed".into(), json!(report.changed));
            let tasks = report.tasks.iter().map(TaskEntry::to_json).collect();
            obj.insert("tasks".into(), Value::Array(tasks));
            obj.insert("phases".into(), Value::Array(report.phases.clone()));
            for (k, v) in &report.extra {
                obj.insert(k.clone(), v.clone());
            }
            if !report.warnings.is_empty() {
                obj.insert("warnings".into(), json!(report.warnings));
            }
            return emit(io::stdout().lock(), &line(&Value::Object(obj).to_string()));
        }
        for w in &report.warnings {
            self.stderr(w)?;
        }
        match report.kind {
            Kind::Confirm if self.quiet => Ok(()),
            Kind::Confirm | Kind::Data => self.stdout(&report.message),
            Kind::Checklist => {
                let text = if self.color {
                    paint_checklist(&visible(&report.message))
                } else {
                    self.safe_stdout(&report.message).into_owned()
                };
                emit(io::stdout().lock(), &line(&text))
            }
            Kind::Warn => self.stderr(&report.message),
            Kind::Silent => Ok(()),
        }
    }

    /// Print an error: human text on stderr, or the JSON object on stdout.
    pub fn error(&self, verb: &str, rev: Option<u64>, err: &Error) -> Result<()> {
        if self.json {
            let mut error = json!({ "code": err.code(), "exit": err.exit_code() });
            if let (Error::Ambiguous { candidates, .. }, Some(obj)) = (err, error.as_object_mut()) {
                obj.insert(
                    "candidates".into(),
                    Value::Array(candidates.iter().map(candidate_json).collect()),
                );
            }
            if let (
                Error::BrokenPlan {
                    line, column, path, ..
                },
                Some(obj),
            ) = (err, error.as_object_mut())
            {
                obj.insert("path".into(), json!(path.display().to_string()));
                obj.insert("line".into(), json!(line));
                obj.insert("column".into(), json!(column));
            }
            let obj = json!({
                "ok": false,
                "verb": verb,
                "message": err.to_string(),
                "rev": rev,
                "error": error,
            });
            return emit(io::stdout().lock(), &line(&obj.to_string()));
        }
        self.stderr(&err.to_string())
    }
}

/// Colour a rendered checklist line by line: bold headings, a colour per
/// status marker, dim comments. Works on our own render output only.
fn paint_checklist(text: &str) -> String {
    let heading = Style::new().bold();
    let dim = Style::new().dimmed();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    for (i, l) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if l.starts_with("# ") {
            out.push_str(&format!("{heading}{l}{heading:#}"));
        } else if let Some(rest) = l.strip_prefix("- [") {
            let mut chars = rest.chars();
            let marker = chars.next().unwrap_or(' ');
            let after = chars.as_str();
            let color = match marker {
                'x' => Some(AnsiColor::Green),
                '/' => Some(AnsiColor::Yellow),
                '!' => Some(AnsiColor::Red),
                '-' => Some(AnsiColor::BrightBlack),
                _ => None,
            };
            let style = Style::new().fg_color(color.map(Into::into)).bold();
            out.push_str(&format!("- {style}[{marker}{style:#}"));
            let (body, comment) = match after.find(" <!--") {
                Some(i) => after.split_at(i),
                None => (after, ""),
            };
            if marker == '-' || marker == 'x' {
                out.push_str(&format!("{dim}{body}{dim:#}"));
            } else {
                out.push_str(body);
            }
            if !comment.is_empty() {
                out.push_str(&format!("{dim}{comment}{dim:#}"));
            }
        } else if l.starts_with("  >") {
            out.push_str(&format!("{dim}{l}{dim:#}"));
        } else {
            out.push_str(l);
        }
    }
    out
}

/// The checklist with an id column on the left (`todo show --ids`).
pub fn with_ids(plan: &Plan) -> String {
    let width = plan
        .phases
        .iter()
        .map(|p| p.id.len())
        .chain(plan.tasks().map(|(_, _, t)| t.id.len()))
        .max()
        .unwrap_or(2);
    let mut out = String::new();
    for (i, phase) in plan.phases.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut head = String::new();
        crate::markdown::render_phase_heading(&mut head, phase);
        out.push_str(&format!("{:width$}  {head}", phase.id));
        for task in &phase.tasks {
            let mut lines = String::new();
            crate::markdown::render_task(&mut lines, task);
            for (j, l) in lines.lines().enumerate() {
                let id = if j == 0 { task.id.as_str() } else { "" };
                out.push_str(&format!("{id:width$}  {l}\n"));
            }
        }
    }
    out
}
