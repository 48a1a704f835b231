use std::path::{Path, PathBuf};

use super::prelude::*;
use crate::error::PathAction;
use crate::markdown;
use crate::plan::json as plan_json;
use crate::region;
use crate::storage::{self, NamedBy};

/// Write the checklist to a file (default TODO.md beside the plan).
///
/// `-` writes to stdout. `--format gfm` is the pull-request flavour
/// (only [ ] and [x] boxes; exact states in invisible comments); `json`
/// writes the phases; `speckit`, `todotxt`, `taskwarrior`, `beads`, `kiro` and `cursor` write
/// another tool's format, with the ids and fields an import from it kept
/// (by default to the file that tool uses, beside the plan file). `--into FILE` rewrites only the region between
/// `<!-- todo:begin -->` and `<!-- todo:end -->` lines of FILE, adding
/// one at the end when there is none.
///
/// Examples: `todo export`, `todo export --format gfm -`,
/// `todo export --format gfm --into body.md`
#[derive(Debug, Clone, clap::Args)]
pub struct Export {
    /// Where to write (`-` for stdout). Default: TODO.md beside the plan file.
    #[arg(value_name = "PATH")]
    pub path: Option<String>,

    /// The flavour to write.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    pub format: Format,

    /// Rewrite only the todo region of FILE (created if missing).
    #[arg(long, value_name = "FILE", conflicts_with = "path")]
    pub into: Option<std::path::PathBuf>,
}

impl super::Verb for Export {
    fn run(self, ctx: &Context) -> Outcome {
        if self.path.as_deref() == Some("") {
            return Outcome::of(Err(Error::usage("The path is empty.")));
        }
        ctx.look(|plan| export(ctx, plan, &self))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The checklist of `todo show`.
    Md,
    /// The pull-request flavour for GitHub.
    Gfm,
    /// The phases as JSON.
    Json,
    /// GitHub Spec Kit's tasks.md.
    Speckit,
    /// todo.txt, a task a line.
    Todotxt,
    /// Taskwarrior's `task import` JSON.
    Taskwarrior,
    /// beads' .beads/issues.jsonl.
    Beads,
    /// Kiro's .kiro/specs/NAME/tasks.md.
    Kiro,
    /// Cursor's .cursor/plans/*.plan.md.
    Cursor,
}

impl Format {
    /// Another tool's format, if it is one.
    fn other(self) -> Option<crate::formats::Format> {
        use crate::formats::Format as F;
        match self {
            Format::Speckit => Some(F::Speckit),
            Format::Todotxt => Some(F::Todotxt),
            Format::Taskwarrior => Some(F::Taskwarrior),
            Format::Beads => Some(F::Beads),
            Format::Kiro => Some(F::Kiro),
            Format::Cursor => Some(F::Cursor),
            Format::Md | Format::Gfm | Format::Json => None,
        }
    }
}

fn export(ctx: &Context, plan: &Plan, args: &Export) -> Result<Report> {
    // The pull request shows what `check --verify` proved on this commit.
    let proved = matches!(args.format, Format::Gfm)
        .then(|| super::verify::with_results(ctx, plan))
        .flatten();
    let body = render(proved.as_ref().unwrap_or(plan), args.format);
    let project = storage::project_of(&ctx.store.path);
    let chosen = NamedBy::Chosen { project: &project };
    let empty = plan.is_blank();
    let report = if let Some(into) = &args.into {
        // The file of `--into` is a file of the project edited in place:
        // a link in it was not typed by the person, so it counts as chosen.
        into_region(into, chosen, if empty { "" } else { &body })?;
        wrote(into.display().to_string())
    } else if empty {
        Report::new("export", Kind::Warn, "No todos to export.")
    } else if args.path.as_deref() == Some("-") {
        Report::new("export", Kind::Data, Message::of_lines(&body))
    } else {
        let (path, named) = match &args.path {
            Some(p) => (p.clone(), NamedBy::Typed),
            None => (
                beside(
                    &ctx.store.path,
                    args.format.other().map_or("TODO.md", |f| f.usual_file()),
                )
                .display()
                .to_string(),
                chosen,
            ),
        };
        let real = storage::checked_for(Path::new(&path), named, PathAction::Write)?;
        storage::write_file(&real, &path, body.as_bytes())?;
        wrote(path)
    };
    Ok(report.with("format", json!(format!("{:?}", args.format).to_lowercase())))
}

pub(super) fn render(plan: &Plan, format: Format) -> String {
    match format {
        Format::Md => markdown::render_plan(plan, markdown::Flavour::View),
        Format::Gfm => markdown::render_plan(plan, markdown::Flavour::Gfm),
        // The phases array; with objectives or findings, an object holding
        // it and them (which `import` and phase-snapshot readers both take).
        Format::Json => {
            let aims = plan.has_aims();
            let mut s = String::from(if aims { "{\n  \"phases\": " } else { "" });
            plan_json::write_phases(&mut s, &plan.phases, if aims { "  " } else { "" });
            if aims {
                plan_json::write_aims(&mut s, plan);
                s.push_str("\n}");
            }
            s.push('\n');
            s
        }
        other => other
            .other()
            .map(|f| crate::formats::write(f, plan))
            .unwrap_or_default(),
    }
}

/// `name` in the directory of the plan file.
pub(super) fn beside(plan: &Path, name: &str) -> PathBuf {
    plan.parent()
        .map_or_else(|| PathBuf::from(name), |dir| dir.join(name))
}

fn wrote(path: String) -> Report {
    let message = format!("Wrote todos to {path}");
    Report::new("export", Kind::Confirm, message).with("path", json!(path))
}

fn into_region(file: &Path, named: NamedBy, body: &str) -> Result<()> {
    let real = storage::checked_for(file, named, PathAction::Write)?;
    let shown = file.display();
    let kept = |why: &dyn std::fmt::Display| {
        Error::Invalid(format!(
            "Cannot update {shown}: {why}; it was left as it was."
        ))
    };
    let doc = storage::read_file(&real, &shown)?.unwrap_or_default();
    let doc = String::from_utf8(doc).map_err(|_| kept(&"it is not UTF-8 text"))?;
    let updated = region::splice(&doc, body).map_err(|e| kept(&e))?;
    if updated != doc {
        storage::write_file(&real, &shown, updated.as_bytes())?;
    }
    Ok(())
}
