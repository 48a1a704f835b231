//! `todo import [<path>]`: replace the plan with Markdown or JSON.

use std::io::Read;
use std::path::Path;

use serde_json::json;

use super::export::beside;
use super::{Context, Outcome};
use crate::cli::ImportArgs;
use crate::error::{Error, Result, io_reason};
use crate::markdown;
use crate::markdown::Parsed;
use crate::output::{Kind, Report};
use crate::plan::{Finding, Objective, Op, Plan, Tx, import as plan_import};
use crate::region;
use crate::storage::{self, Named};

pub(super) fn run(ctx: &Context, args: &ImportArgs) -> Outcome {
    match read(ctx, args) {
        Ok((shown, parsed, keep_notes)) => ctx.change(|tx| replace(tx, shown, parsed, keep_notes)),
        Err(e) => Outcome::of(Err(e)),
    }
}

/// The phases to import, read and parsed before the lock is taken, with
/// how to name where they came from.
fn read(ctx: &Context, args: &ImportArgs) -> Result<(String, Parsed, bool)> {
    let failed = |shown: &str, why: String| Error::ImportUnreadable {
        from: shown.to_string(),
        why,
    };
    let (shown, raw) = match args.path.as_deref() {
        Some("") => return Err(Error::usage("The path is empty.")),
        Some("-") => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| failed("-", io_reason(&e)))?;
            ("-".to_string(), buf)
        }
        // Typed: read as `cat` would, FIFOs and `/dev/stdin` included.
        Some(path) => {
            let bytes = std::fs::read(Path::new(path)).map_err(|e| failed(path, io_reason(&e)))?;
            (path.to_string(), bytes)
        }
        // Chosen by todo: the links rule of `export`, and never a FIFO.
        None => {
            let path = beside(&ctx.store.path, "TODO.md");
            let shown = path.display().to_string();
            let project = storage::project_of(&ctx.store.path);
            let real = storage::checked(&path, Named::Chosen { project: &project })
                .map_err(|why| failed(&shown, why.to_string()))?;
            let bytes = storage::read_regular(&real).map_err(|e| failed(&shown, io_reason(&e)))?;
            (shown, bytes)
        }
    };
    let bad = |problems: String| Error::Invalid(format!("Could not parse {shown}:\n{problems}"));
    let text = String::from_utf8(raw).map_err(|_| bad("  Line 1: not UTF-8 text".into()))?;
    let text = if args.from_block {
        region::extract(&text).map_err(|e| bad(format!("  {e}")))?
    } else {
        text
    };
    let (parsed, keep_notes) = parse(&text, args.lenient).map_err(bad)?;
    // An empty input is far more often a failed pipe (`false | todo import -`)
    // or the wrong file than a wish to empty the plan; `rm` does that.
    if parsed.phases.is_empty() && parsed.objectives.is_empty() && parsed.findings.is_empty() {
        return Err(Error::EmptyImport { from: shown });
    }
    Ok((shown, parsed, keep_notes))
}

/// The op that puts in the objectives and findings read from a file: they
/// keep the unknown fields of the ones of the same id in `plan` (Markdown
/// does not carry those).
pub(super) fn replace_aims(
    plan: &Plan,
    mut objectives: Vec<Objective>,
    findings: Vec<Finding>,
) -> Op {
    for o in &mut objectives {
        if o.extra.is_empty()
            && let Some(old) = plan.objective(&o.id)
        {
            o.extra = old.extra.clone();
        }
    }
    Op::ReplaceAims {
        objectives,
        findings,
    }
}

fn replace(tx: &mut Tx, shown: String, parsed: Parsed, keep_notes: bool) -> Result<Report> {
    let Parsed {
        phases,
        objectives,
        findings,
    } = parsed;
    let phases = tx.adopt(phases, keep_notes);
    tx.apply(Op::Replace { phases })?;
    let op = replace_aims(tx.plan(), objectives, findings);
    tx.apply(op)?;
    let plan = tx.plan();
    let (n, m) = (plan.phases.len(), plan.task_count());
    let message = format!("Imported {n} phase(s), {m} task(s) from {shown}.");
    Ok(Report::new("import", Kind::Confirm, message).with(
        "imported",
        json!({ "phases": n, "tasks": m, "from": shown }),
    ))
}

/// JSON (a plan file, a phases array, or `{"phases": [...]}`) or Markdown.
/// Returns the phases and whether matched tasks should keep their notes
/// (JSON snapshots from agents carry none).
pub(super) fn parse(text: &str, lenient: bool) -> std::result::Result<(Parsed, bool), String> {
    let first = text.trim_start().chars().next();
    if matches!(first, Some('{' | '[')) {
        let located = |e: crate::plan::json::SyntaxError| match e.line {
            0 => format!("  {}", e.message),
            line => format!("  Line {line}: {}", e.message),
        };
        let phases = plan_import::phases(text).map_err(located)?;
        let (objectives, findings) = plan_import::aims(text).map_err(located)?;
        let parsed = Parsed {
            phases,
            objectives,
            findings,
        };
        return Ok((parsed, true));
    }
    markdown::parse_plan(text, lenient)
        .map(|parsed| (parsed, false))
        .map_err(|e| e.to_string())
}
