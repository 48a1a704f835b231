//! `todo merge-file <base> <ours> <theirs>`: the git merge driver. Reads the
//! three versions, merges them by id (`crate::merge`) and atomically replaces
//! `<ours>` with the result, which is where git reads it from.
//!
//! Nothing goes to stdout: git shows a driver's output in the middle of its
//! own, so only what needs a look (conflicts, notes) is printed, on stderr.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::prelude::*;
use crate::merge::{self, MergeNote, Severity};
use crate::plan::json as plan_json;
use crate::storage::{Store, real_path};

/// Merge three versions of a plan file by task id (the git merge driver).
///
/// Git runs it as `todo merge-file %O %A %B` once `todo git-setup` has
/// configured the repository: BASE is the common ancestor (missing or
/// empty means an empty plan), OURS the current branch's version, which
/// is replaced by the result, and THEIRS the other branch's. Edits from
/// both sides are kept; where both changed the same thing differently a
/// documented rule decides, the plan written is still valid, each such
/// conflict is listed on stderr with its id, and the exit status is 1 so
/// that git stops for a look. Notes (an id renumbered) do not fail.
///
/// Example: `todo merge-file base.json ours.json theirs.json`
#[derive(Debug, Clone, clap::Args)]
pub struct MergeFile {
    /// The common ancestor's version (git's %O).
    #[arg(value_name = "BASE")]
    pub base: PathBuf,

    /// Our version (git's %A); the merged plan is written here.
    #[arg(value_name = "OURS")]
    pub ours: PathBuf,

    /// Their version (git's %B).
    #[arg(value_name = "THEIRS")]
    pub theirs: PathBuf,
}

impl super::Verb for MergeFile {
    fn run(self, ctx: &Context) -> Outcome {
        Outcome::of(run(ctx, self))
    }
}

fn run(ctx: &Context, args: MergeFile) -> Result<Report> {
    // The lock comes first, and is held from reading `<ours>` to replacing
    // it: `<ours>` may be the live plan (the driver run by hand, or git's
    // temporary file beside it), and a `todo append` landing between our
    // read and our write would be lost. The lock is the plan's own (on the
    // directory of the file, after symlinks), so it is the live plan's
    // lock whenever `<ours>` is, or sits beside, the live plan.
    let mut store = Store::locate(Some(args.ours.clone()), Path::new("."));
    store.lock_wait = ctx.store.lock_wait;
    let lock = store.lock()?;
    lock.check_writable(&store)?;

    // Git hands over an empty %O when the file has no common ancestor (added
    // on both branches); a missing one is the same to us.
    let base = read(&args.base, "the base version", true)?;
    let ours = read(&args.ours, "our version", false)?;
    let theirs = read(&args.theirs, "their version", false)?;
    let mut merged = merge::merge(&base, &ours, &theirs).map_err(|which| Error::CounterSpent {
        which,
        merging: Some(store.display()),
    })?;
    if ctx.actor == Some(Actor::Agent) {
        agent_may_merge(ctx, &ours, &mut merged.plan)?;
    }
    // `<ours>` the live plan (the driver run by hand): the merge is one
    // change of it, counted on from this working copy's rev (kept beside
    // the history, not in the file), which must never go back.
    let live = real_path(&store.target());
    if let Some(revs) = &ctx.store.revs
        && ctx.real_path() == live
        && let Ok(bytes) = fs::read(&live)
    {
        let now = revs
            .read(&live, &crate::history::file_digest(&bytes), ours.rev)
            .rev;
        merged.plan.rev = merged.plan.rev.max(now.saturating_add(1));
        store.revs = Some(revs.clone());
    }
    lock.save(&store, &merged.plan)?;

    let conflicts = merged.conflicts().count();
    let notes = merged.findings.len() - conflicts;
    let message = summary(conflicts, notes);
    let mut report = Report::new("merge-file", Kind::Silent, message.clone())
        .with("path", json!(store.display()))
        .with("clean", json!(conflicts == 0))
        .with(
            "conflicts",
            findings_json(&merged.findings, Severity::Conflict),
        )
        .with("notes", findings_json(&merged.findings, Severity::Notice));
    if !merged.findings.is_empty() {
        report.warnings.push(message);
        report
            .warnings
            .extend(merged.findings.iter().map(|f| format!("  {f}")));
    }
    report.rev = merged.plan.rev;
    report.changed = true;
    // Git takes any non-zero status as "conflicted" and stops for a person.
    report.exit = ExitCode::MergeConflicts.when(conflicts > 0);
    Ok(report)
}

/// Run by the agent, a merge is a change by the agent to our version: what
/// it takes from theirs passes the rules any agent change does (a task
/// only a person checks stays as ours has it, what a person set is not
/// changed or removed). Checked on the whole result, as every change is;
/// nothing is written when it fails. A proof is the check's to write, not
/// the merge's: each task keeps ours' (docs/trust-and-proofs.md).
pub(super) fn agent_may_merge(ctx: &Context, ours: &Plan, merged: &mut Plan) -> Result<()> {
    let mut tx = ctx.tx_as(ours.clone(), Actor::Agent);
    // The marks are the merge's to carry (a person's on their branch):
    // checked, not stamped.
    tx.set_restoring();
    tx.apply(Op::Replace {
        phases: merged.phases.clone(),
    })?;
    tx.apply(Op::ReplaceAims {
        objectives: merged.objectives.clone(),
        findings: merged.findings.clone(),
    })?;
    tx.commit()?;
    let ours: std::collections::HashMap<&str, &crate::plan::Task> =
        ours.tasks().map(|(_, _, t)| (t.id.as_str(), t)).collect();
    for phase in &mut merged.phases {
        for t in &mut phase.tasks {
            crate::plan::rules::keep_proof(ours.get(t.id.as_str()).copied(), t);
        }
    }
    Ok(())
}

/// Git's file names are temporary (`.merge_file_XXXXXX`), so the summary
/// says "the plan" rather than naming one.
fn summary(conflicts: usize, notes: usize) -> String {
    match (conflicts, notes) {
        (0, 0) => "Merged the plan by id: clean.".to_string(),
        (0, _) => format!("Merged the plan by id: clean, {}:", count(notes, "note")),
        _ => {
            let notes = (notes > 0).then(|| format!(" and {}", count(notes, "note")));
            format!(
                "Merged the plan by id with {} (each resolved as shown; the plan written is complete and valid: review it, then git add it){}:",
                count(conflicts, "conflict"),
                notes.unwrap_or_default()
            )
        }
    }
}

fn findings_json(findings: &[MergeNote], severity: Severity) -> Value {
    Value::Array(
        findings
            .iter()
            .filter(|f| f.severity == severity)
            .map(|f| json!({ "id": f.id, "subject": f.subject, "message": f.message }))
            .collect(),
    )
}

/// One version of the plan. Empty (or, for the base, missing) is an empty
/// plan; anything else must parse, and a problem names the file, the place
/// and which version it is (git's file names say nothing).
fn read(path: &Path, version: &str, missing_is_empty: bool) -> Result<Plan> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if missing_is_empty && e.kind() == io::ErrorKind::NotFound => {
            return Ok(Plan::default());
        }
        Err(e) => {
            let doing = format!("Cannot read {version} {}", path.display());
            return Err(Error::io(doing, e));
        }
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Plan::default());
    }
    let broken = |line, column, message: String| -> Error {
        crate::storage::StorageError::BrokenPlan {
            path: path.to_path_buf(),
            line,
            column,
            message: format!("{message} (in {version})"),
        }
        .into()
    };
    let text = plan_json::utf8(&bytes).map_err(|e| broken(e.line, e.column, e.message))?;
    plan_json::parse(text).map_err(|e| broken(e.line, e.column, e.message))
}
