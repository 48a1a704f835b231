//! `todo import [<path>]`: replace the plan with Markdown or JSON, or with
//! the list an agent's session file holds (`agent::restore`).

use std::io::Read;
use std::path::Path;

use super::export::beside;
use super::prelude::*;
use crate::agent::restore::{self, Restored};
use crate::error::io_reason;
use crate::formats::{self, Format};
use crate::markdown::{self, Parsed};
use crate::plan::{Checks, Finding, Objective, import as plan_import};
use crate::region;
use crate::storage::{self, NamedBy};

/// Replace the plan with a Markdown, JSON or agent session file (default TODO.md).
///
/// Reads our Markdown, the pull-request flavour, and JSON (a plan file,
/// a phases array, or an object with `phases`). Tasks keep their ids
/// when they match the current plan by phase and text. `-` reads stdin.
///
/// An agent's session file (`.jsonl`, or known by its content) restores
/// the list the agent last had: the latest valid `todo-phases` snapshot
/// on the current branch of a pi / oh-my-pi session, or a Claude Code
/// transcript's list (as phase "Claude Code"): its TaskCreate /
/// TaskUpdate calls replayed in order, or its latest TodoWrite list,
/// whichever it used last. A Claude Code task-list directory
/// (`~/.claude/tasks/LIST/`, one JSON file per task) restores that list.
/// Malformed lines are skipped; a file with no list is refused (exit 5).
///
/// `--from FORMAT` reads another tool's plan (`speckit`, `todotxt`,
/// `taskwarrior`, `beads`, `kiro`, `cursor`); a file named as the tool
/// names it (`todo.txt`, `specs/*/tasks.md`, `.kiro/specs/*/tasks.md`,
/// `issues.jsonl`, `*.plan.md`) needs no `--from`. The tool's own ids are kept, so
/// importing the file again updates the tasks it gave; what the plan has
/// no place for is kept for export and listed.
///
/// Examples: `todo import`, `todo import --from-block body.md`,
/// `todo import --from taskwarrior tasks.json`,
/// `todo import - < snapshot.json`, `todo import ~/.claude/projects/DIR/SESSION.jsonl`
#[derive(Debug, Clone, clap::Args)]
pub struct Import {
    /// What to read (`-` for stdin). Default: TODO.md beside the plan file.
    #[arg(value_name = "PATH")]
    pub path: Option<String>,

    /// Skip Markdown lines that are neither headings nor task items.
    #[arg(long)]
    pub lenient: bool,

    /// Read only the `<!-- todo:begin -->` … `<!-- todo:end -->` region. In
    /// the pull-request flavour (`export --format gfm --into`), take back
    /// only what changed there since the export: boxes ticked or unticked,
    /// tasks added; everything changed in the plan since then stays.
    #[arg(long)]
    pub from_block: bool,

    /// Read another tool's plan: speckit, todotxt, taskwarrior, beads, kiro or cursor.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "from_block")]
    pub from: Option<Source>,
}

/// The formats of other tools `--from` reads (`formats::Format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Source {
    /// GitHub Spec Kit's tasks.md.
    Speckit,
    /// todo.txt, a task a line.
    Todotxt,
    /// Taskwarrior's `task export` JSON.
    Taskwarrior,
    /// beads' .beads/issues.jsonl.
    Beads,
    /// Kiro's .kiro/specs/NAME/tasks.md.
    Kiro,
    /// Cursor's .cursor/plans/*.plan.md.
    Cursor,
}

impl From<Source> for Format {
    fn from(s: Source) -> Format {
        match s {
            Source::Speckit => Format::Speckit,
            Source::Todotxt => Format::Todotxt,
            Source::Taskwarrior => Format::Taskwarrior,
            Source::Beads => Format::Beads,
            Source::Kiro => Format::Kiro,
            Source::Cursor => Format::Cursor,
        }
    }
}

impl super::Verb for Import {
    fn run(self, ctx: &Context) -> Outcome {
        match read(ctx, &self) {
            Ok(input) => ctx.change(|tx| replace(tx, input)),
            Err(e) => Outcome::of(Err(e)),
        }
    }
}

/// What to import, read and parsed before the lock is taken.
struct Input {
    /// How to name where it came from.
    shown: String,
    /// The phases, and the objectives and findings (`None`: a session
    /// file, which has none, and the plan's are kept).
    phases: Vec<crate::plan::Phase>,
    aims: Option<(Vec<Objective>, Vec<Finding>)>,
    /// Whether matched tasks keep their notes (JSON snapshots carry none).
    keep_notes: bool,
    /// Whether the format says who checks a task (Markdown's comments, a
    /// plan file's `checks`); an agent's snapshot or session does not.
    says_checks: bool,
    /// The agent and entry, when it came from a session file.
    session: Option<(&'static str, Option<String>, usize)>,
    /// With `--from-block`: the same tasks as the export wrote them (each
    /// box as its state comment recorded it), task for task with `phases`.
    exported: Option<Vec<crate::plan::Phase>>,
    /// With `--from` (or a file named as a tool names it): the format,
    /// and what the plan has no place for, to list.
    format: Option<(Format, Vec<String>)>,
}

fn read(ctx: &Context, args: &Import) -> Result<Input> {
    let (shown, raw) = match args.path.as_deref() {
        Some("") => return Err(Error::usage("The path is empty.")),
        Some("-") => {
            let mut buf = Vec::new();
            let read = std::io::stdin().read_to_end(&mut buf).map(|_| buf);
            ("-".to_string(), read.map_err(|e| io_reason(&e)))
        }
        // A Claude Code task-list directory (`~/.claude/tasks/<list id>/`).
        Some(path) if !args.from_block && args.from.is_none() && Path::new(path).is_dir() => {
            return session(path.to_string(), restore::restore_dir(Path::new(path)));
        }
        // Typed: read as `cat` would, FIFOs and `/dev/stdin` included.
        Some(path) => (
            path.to_string(),
            std::fs::read(path).map_err(|e| io_reason(&e)),
        ),
        // Chosen by todo: the links rule of `export`, and never a FIFO.
        None => {
            let path = beside(&ctx.store.path, "TODO.md");
            let project = storage::project_of(&ctx.store.path);
            let real = storage::checked(&path, NamedBy::Chosen { project: &project });
            let read = real
                .map_err(|why| why.to_string())
                .and_then(|real| storage::read_regular(&real).map_err(|e| io_reason(&e)));
            (path.display().to_string(), read)
        }
    };
    let raw = raw.map_err(|why| Error::ImportUnreadable {
        from: shown.clone(),
        why,
    })?;
    let format = args.from.map(Format::from).or_else(|| {
        let named = args.path.as_deref().filter(|_| !args.from_block)?;
        formats::recognise(Path::new(named))
    });
    if let Some(format) = format {
        return other_tool(shown, raw, format);
    }
    // An agent's session file, by name or by content; never inside a
    // `--from-block` region, which is Markdown.
    if !args.from_block && restore::is_session(&shown, &raw) {
        return session(shown, restore::restore(&raw));
    }
    let bad = |problems: String| Error::Invalid(format!("Could not parse {shown}:\n{problems}"));
    let text = String::from_utf8(raw).map_err(|_| bad("  Line 1: not UTF-8 text".into()))?;
    let text = if args.from_block {
        region::extract(&text).map_err(|e| bad(format!("  {e}")))?
    } else {
        text
    };
    let (parsed, keep_notes, says_checks) = parse(&text, args.lenient).map_err(bad)?;
    // A pull-request block records each task's state as exported: what
    // moved since is taken back into the plan as it is now. A Markdown block
    // records none, and is read as the plan, as `import` reads any file.
    let exported = match markdown::as_exported(&text).filter(|_| args.from_block) {
        Some(then) => {
            let then = markdown::parse_plan(&then, args.lenient).map_err(|e| bad(e.to_string()))?;
            Some(then.phases)
        }
        None => None,
    };
    // An empty input is far more often a failed pipe (`false | todo import -`)
    // or the wrong file than a wish to empty the plan; `rm` does that.
    if parsed.phases.is_empty() && parsed.objectives.is_empty() && parsed.findings.is_empty() {
        return Err(Error::EmptyImport { from: shown });
    }
    Ok(Input {
        shown,
        phases: parsed.phases,
        aims: Some((parsed.objectives, parsed.findings)),
        keep_notes,
        says_checks,
        session: None,
        exported,
        format: None,
    })
}

/// A list restored from an agent's session: no objectives or findings
/// (the plan's are kept), and nothing said of who checks a task.
fn session(shown: String, found: std::result::Result<Restored, String>) -> Result<Input> {
    let found = found.map_err(|why| Error::NoSnapshot {
        from: shown.clone(),
        why,
    })?;
    Ok(Input {
        shown,
        phases: found.phases,
        aims: None,
        keep_notes: true,
        says_checks: false,
        session: Some((found.agent, found.entry, found.line)),
        exported: None,
        format: None,
    })
}

/// Another tool's plan (`formats`): its tasks, its ids kept as external
/// ids; no objectives or findings (the plan's are kept), and nothing said
/// of who checks a task.
fn other_tool(shown: String, raw: Vec<u8>, format: Format) -> Result<Input> {
    let bad = |problems: String| {
        Error::Invalid(format!(
            "Could not read {shown} as {}:\n{problems}",
            format.name()
        ))
    };
    let text = String::from_utf8(raw).map_err(|_| bad("  Line 1: not UTF-8 text".into()))?;
    let read = formats::read(format, &text).map_err(bad)?;
    if read.phases.iter().all(|p| p.tasks.is_empty()) {
        return Err(Error::EmptyImport { from: shown });
    }
    Ok(Input {
        shown,
        phases: read.phases,
        aims: None,
        keep_notes: false,
        says_checks: false,
        session: None,
        exported: None,
        format: Some((format, read.unplaced)),
    })
}

fn replace(tx: &mut Tx, mut input: Input) -> Result<Report> {
    if let Some(exported) = input.exported.take() {
        return take_back(tx, input, exported);
    }
    // A restored list's needs name the ids it was rebuilt with: the ones
    // adopted replace them, task for task.
    let rebuilt = input.session.is_some().then(|| {
        let tasks = input.phases.iter().flat_map(|p| &p.tasks);
        tasks.map(|t| t.id.clone()).collect::<Vec<_>>()
    });
    let mut phases = tx.adopt(input.phases, input.keep_notes, crate::matching::still_alike);
    if let Some(rebuilt) = rebuilt {
        renumber_needs(&rebuilt, &mut phases);
    }
    if let Some((format, _)) = &input.format {
        formats::link_needs(*format, &mut phases);
    }
    if tx.actor() == Actor::Agent && !input.says_checks {
        keep_checks(tx.plan(), &mut phases);
    }
    tx.apply(Op::Replace { phases })?;
    if let Some((objectives, findings)) = input.aims {
        let op = tx.plan().replace_aims(objectives, findings);
        tx.apply(op)?;
    }
    let plan = tx.plan();
    let (n, m) = (plan.phases.len(), plan.task_count());
    let mut message = format!("Imported {n} phase(s), {m} task(s) from {}.", input.shown);
    let mut imported = json!({ "phases": n, "tasks": m, "from": input.shown });
    if let Some((format, unplaced)) = &input.format {
        imported["format"] = json!(format.name());
        imported["unplaced"] = json!(unplaced);
        if !unplaced.is_empty() {
            message.push_str(&format!(
                "\nKept for export, with no place in the plan: {}.",
                unplaced.join("; ")
            ));
        }
    }
    if let Some((agent, entry, line)) = input.session {
        imported["session"] = json!(agent);
        imported["entry"] = json!(entry);
        imported["line"] = json!(line);
    }
    Ok(Report::new("import", Kind::Confirm, message).with("imported", imported))
}

/// `--from-block`: a three-way merge of the checklist. The export is the
/// base (what each state comment recorded), the block as it is now is
/// theirs (what the forge's people ticked, unticked or added), and the plan
/// is ours. A box that moved since the export sets its task's status; a
/// task added in the block is added; everything else is the plan's as it
/// is now: a task finished here since the export stays finished, one added
/// here stays, one the block no longer shows is kept.
fn take_back(tx: &mut Tx, input: Input, exported: Vec<crate::plan::Phase>) -> Result<Report> {
    let block = tx.adopt(input.phases, true, crate::matching::still_alike);
    let then = exported.iter().flat_map(|p| &p.tasks);
    let now = block
        .iter()
        .flat_map(|p| p.tasks.iter().map(move |t| (p, t)));
    let mut merged = tx.plan().phases.clone();
    let (mut ticked, mut unticked, mut added) = (Vec::new(), Vec::new(), Vec::new());
    for ((phase, task), was) in now.zip(then) {
        let here = merged
            .iter_mut()
            .flat_map(|p| &mut p.tasks)
            .find(|t| t.id == task.id);
        match here {
            Some(here) => {
                if task.status.is_open() == was.status.is_open()
                    || here.status.is_open() == task.status.is_open()
                {
                    continue;
                }
                here.status = task.status;
                here.blocker = None;
                if task.status.is_open() {
                    unticked.push(here.content.clone());
                } else {
                    ticked.push(here.content.clone());
                }
            }
            None => {
                let at = merged
                    .iter()
                    .position(|p| p.id == phase.id || p.name.eq_ignore_ascii_case(&phase.name));
                let at = at.unwrap_or_else(|| {
                    merged.push(crate::plan::Phase {
                        tasks: Vec::new(),
                        ..phase.clone()
                    });
                    merged.len() - 1
                });
                merged[at].tasks.push(task.clone());
                added.push(task.content.clone());
            }
        }
    }
    tx.apply(Op::Replace { phases: merged })?;
    let list = |what: &str, tasks: &[String]| {
        (!tasks.is_empty()).then(|| format!("{what}: {}", tasks.join("; ")))
    };
    let said: Vec<String> = [
        list("ticked there", &ticked),
        list("unticked there", &unticked),
        list("added there", &added),
    ]
    .into_iter()
    .flatten()
    .collect();
    let message = if said.is_empty() {
        format!(
            "Nothing to take back from {}: the plan has what it shows.",
            input.shown
        )
    } else {
        format!("Took back from {}: {}.", input.shown, said.join("; "))
    };
    let taken = json!({
        "from": input.shown,
        "ticked": ticked,
        "unticked": unticked,
        "added": added,
    });
    Ok(Report::new("import", Kind::Confirm, message).with("imported", taken))
}

/// Give the needs of `phases` the ids the tasks were adopted with, the
/// tasks being in the order `rebuilt` names them; a need naming none of
/// them is dropped.
fn renumber_needs(rebuilt: &[String], phases: &mut [crate::plan::Phase]) {
    let adopted: std::collections::HashMap<&str, String> = rebuilt
        .iter()
        .map(String::as_str)
        .zip(phases.iter().flat_map(|p| &p.tasks).map(|t| t.id.clone()))
        .collect();
    for task in phases.iter_mut().flat_map(|p| &mut p.tasks) {
        task.needs = task
            .needs
            .iter()
            .filter_map(|n| adopted.get(n.as_str()).cloned())
            .collect();
    }
}

/// Does some task of this JSON (a plan file, an export, a snapshot) have
/// one of the fields that say who set it or who checks it?
fn json_says_checks(v: &Value) -> bool {
    let phases = v.as_array().or_else(|| v.get("phases")?.as_array());
    phases
        .into_iter()
        .flatten()
        .filter_map(|p| p.get("tasks").and_then(Value::as_array))
        .flatten()
        .any(|t| {
            ["checks", "by", "unlocked"]
                .iter()
                .any(|k| t.get(k).is_some())
        })
}

/// An agent's import of a list that says nothing of who checks a task (an
/// agent's snapshot or session) leaves that as the plan has it:
/// the agent may not change it, and its import changes what it may.
fn keep_checks(plan: &Plan, phases: &mut [crate::plan::Phase]) {
    for task in phases.iter_mut().flat_map(|p| &mut p.tasks) {
        if task.checks == Checks::Anyone
            && !task.unlocked
            && let Some((_, old)) = plan.task_by_id(&task.id)
        {
            task.checks = old.checks;
            task.unlocked = old.unlocked;
        }
    }
}

/// JSON (a plan file, a phases array, or `{"phases": [...]}`) or Markdown.
/// Returns the phases, whether matched tasks should keep their notes (JSON
/// snapshots from agents carry none), and whether it says who checks a
/// task: Markdown does in its comments, and so does JSON that todo wrote
/// (`checks`, `by`, `unlocked` on some task); an agent's snapshot
/// (`[{name, tasks: [{content, status}]}]`) has no word for it.
fn parse(text: &str, lenient: bool) -> std::result::Result<(Parsed, bool, bool), String> {
    let first = text.trim_start().chars().next();
    if matches!(first, Some('{' | '[')) {
        let located = |e: crate::plan::json::SyntaxError| match e.line {
            0 => format!("  {}", e.message),
            line => format!("  Line {line}: {}", e.message),
        };
        let phases = plan_import::phases(text).map_err(located)?;
        // Read once more as a whole, for what the phases leave out.
        let value = serde_json::from_str(text).map_err(|e| located(e.into()))?;
        let (objectives, findings) = plan_import::aims(&value).map_err(located)?;
        // At most 300 characters, as the verbs and Markdown hold them.
        let long = objectives
            .iter()
            .map(|o| ("objective", &o.id, &o.text))
            .chain(findings.iter().map(|f| ("finding", &f.id, &f.text)))
            .filter_map(|(kind, id, text)| markdown::too_long(kind, id, text))
            .map(|why| format!("  {why}"))
            .collect::<Vec<_>>();
        if !long.is_empty() {
            return Err(long.join("\n"));
        }
        let parsed = Parsed {
            phases,
            objectives,
            findings,
        };
        return Ok((parsed, true, json_says_checks(&value)));
    }
    markdown::parse_plan(text, lenient)
        .map(|parsed| (parsed, false, true))
        .map_err(|e| e.to_string())
}
