//! `todo resolve` (its help below says what it does), by `crate::merge`.
//! git's index is asked first: its stages are exactly the files git merged;
//! the markers (`crate::conflict`) only stand in for them.
//!
//! The plan is written whole and valid, or not at all, and never staged:
//! `git add` is the person's word that the conflict is settled (and after a
//! `stash pop` staging would be wrong), so the reply names the git steps.

use std::io;
use std::path::Path;

use super::prelude::*;
use crate::conflict::git::{self, Operation, Stage};
use crate::conflict::{self, Sides};
use crate::merge::{self, MergeNote, Merged, Severity};
use crate::plan::{Task, json as plan_json};
use crate::storage::{Store, read_regular};

/// Settle a git merge conflict in the plan file by merging both sides by task id.
///
/// After a `git merge`, `rebase`, `cherry-pick` or `stash pop` that left
/// the plan conflicted, every other verb refuses it (exit 5); this merges
/// the versions as `todo merge-file` does: from git's index (stages
/// 1/2/3) when it holds them, else from the conflict markers in the file
/// (diff3 and zdiff3 markers show the base; merge-style markers do not,
/// and then a task the two sides hold differently is merged by the
/// no-base rules the README states). It prints what it decided for each
/// task both sides changed and the next git step, and writes the plan
/// without staging it: review it, then `git add` it. Where it cannot
/// decide (a version that is not a plan, broken markers) it writes
/// nothing, lists what needs a person and exits 5. With no conflict it
/// says so and changes nothing.
///
/// Example: `git merge feature; todo resolve; git add .todo.json; git commit`
#[derive(Debug, Clone, clap::Args)]
pub struct Resolve;

impl super::Verb for Resolve {
    /// The merged plan goes to the edge with the outcome, to be freed or
    /// not there (a 100,000-task plan takes a while to free).
    fn run(self, ctx: &Context) -> Outcome {
        match resolve(ctx) {
            Ok((report, plan)) => {
                let rev = Some(report.rev);
                Outcome::new(Ok(report), rev, plan)
            }
            Err(e) => Outcome::of(Err(e)),
        }
    }
}

/// The three versions, read as plans; `base` is `None` only for
/// merge-style markers.
struct Versions {
    base: Option<Plan>,
    ours: Plan,
    theirs: Plan,
    /// Where they came from: git's index, or (how many hunks) the
    /// conflict markers in the file.
    hunks: Option<usize>,
    /// Whether there was a base: not without stage 1 (the file was added
    /// on both sides), nor in merge-style markers.
    based: bool,
    /// Things to say about the versions themselves (a side that deleted the file).
    notes: Vec<String>,
}

fn resolve(ctx: &Context) -> Result<(Report, Option<Plan>)> {
    let store = &ctx.store;
    // Held from reading the file to replacing it, as for any change.
    let lock = store.lock()?;
    let path = &store.path;
    let bytes = match read_regular(path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(store.cannot("read", e).into()),
    };
    // Outside a repository, or without git, only the markers can tell.
    let stages = git::stages(path).unwrap_or_default();
    let markers = bytes.as_deref().and_then(conflict::first_start);
    let shown = shown_path(&ctx.cwd, path);
    let versions = if markers.is_none() && !stages.is_empty() && reads(bytes.as_deref()) {
        // git still lists the file unmerged, but what is there is a plan:
        // settled already (by hand, or by the merge driver). Never
        // overwrite it.
        return Ok((settled_already(store, &shown), None));
    } else if !stages.is_empty() {
        from_index(path, &stages)?
    } else if markers.is_some() {
        let text = bytes.as_deref().map(plan_json::utf8).transpose();
        let text = text.map_err(|e| cannot(path, vec![format!("the file: {e}")]))?;
        from_markers(path, text.unwrap_or_default())?
    } else {
        // No conflict: a plan that does not read is the error any verb gives.
        let loaded = store.load()?;
        let message = format!(
            "No merge conflict in {}; nothing to resolve.",
            store.display()
        );
        let mut report = (started(store, message, false))
            .with("decided", json!([]))
            .with("next", json!([]));
        report.rev = loaded.plan.rev;
        return Ok((report, Some(loaded.plan)));
    };

    lock.check_writable(store)?;
    let mut merged = match &versions.base {
        Some(base) => merge::merge(base, &versions.ours, &versions.theirs),
        None => merge::merge_without_base(&versions.ours, &versions.theirs),
    }
    .map_err(|which| cannot(path, vec![which.to_string()]))?;
    if let Some(base) = &versions.base {
        agreed(base, &versions.ours, &versions.theirs, &mut merged);
    }
    // An agent resolves only what it may change (as `merge-file` run as
    // the agent): one check on what the merge does to ours.
    if ctx.actor == Some(Actor::Agent) {
        super::merge_file::agent_may_merge(ctx, &versions.ours, &mut merged.plan)?;
    }
    // The sides carry no rev (it is the working copy's, kept beside the
    // history): the resolution is one change past the conflicted file,
    // which itself counts as one (see `storage::Revisions`).
    if let Some(revs) = &store.revs {
        let real = ctx.real_path();
        let digest = crate::history::file_digest(bytes.as_deref().unwrap_or_default());
        merged.plan.rev = revs.read(&real, &digest, 0).rev.saturating_add(1);
    }
    lock.save(store, &merged.plan)?;
    let report = reply(store, &shown, &versions, &merged);
    Ok((report, Some(merged.plan)))
}

/// Add, for each base task both sides changed that the merge had nothing
/// to say about, what became of it: every task both sides touched is
/// listed, not only those that clashed.
fn agreed(base: &Plan, ours: &Plan, theirs: &Plan, merged: &mut Merged) {
    use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
    fn by_id(plan: &Plan) -> HashMap<&str, &Task> {
        plan.tasks().map(|(_, _, t)| (t.id.as_str(), t)).collect()
    }
    let (ours, theirs) = (by_id(ours), by_id(theirs));
    // Looked through only when some task needs a word.
    let result = std::cell::LazyCell::new(|| by_id(&merged.plan));
    let said: HashSet<&str> = merged.findings.iter().map(|f| f.id.as_str()).collect();
    // Base tasks both sides changed, with nothing said of them yet.
    let found: Vec<MergeNote> = base
        .tasks()
        .filter_map(|(_, _, b)| {
            let id = b.id.as_str();
            let (o, t) = (ours.get(id).copied(), theirs.get(id).copied());
            if o == Some(b) || t == Some(b) || said.contains(id) {
                return None;
            }
            let now = result.get(id);
            let message = match now {
                None if o.is_none() && t.is_none() => "removed on both sides".to_string(),
                None => "changed on one side and removed on the other; removed".to_string(),
                Some(r) => format!(
                    "changed on both sides without a clash; now {}",
                    r.status.as_str()
                ),
            };
            Some(MergeNote {
                severity: Severity::Notice,
                id: b.id.clone(),
                subject: now.map_or(&b.content, |r| &r.content).clone(),
                message,
            })
        })
        .collect();
    merged.findings.extend(found);
}

/// Whether `bytes` read as a plan (an empty file does not).
fn reads(bytes: Option<&[u8]>) -> bool {
    bytes.is_some_and(|b| {
        plan_json::utf8(b).is_ok_and(|t| !t.trim().is_empty() && plan_json::parse(t).is_ok())
    })
}

fn cannot(path: &Path, problems: Vec<String>) -> Error {
    Error::CannotResolve {
        path: path.to_path_buf(),
        problems,
    }
}

/// Read one version as a plan: empty is an empty plan (as `merge-file`
/// takes it); a problem is named with the version it is in. A side rebuilt
/// from markers (`side`) keeps all its tasks in progress: git's clean lines
/// stand in every side, so one side can hold both branches' starts.
fn version(bytes: &[u8], which: &str, side: bool) -> std::result::Result<Plan, String> {
    let text = plan_json::utf8(bytes).map_err(|e| format!("{which}: {e}"))?;
    if text.trim().is_empty() {
        return Ok(Plan::default());
    }
    let parse = if side {
        plan_json::parse_side
    } else {
        plan_json::parse
    };
    parse(text).map_err(|e| format!("{which} does not read as a plan: {e}"))
}

/// Run the three reads side by side, each on a thread of its own (a
/// 100,000-task version takes a while to fetch from git and to parse, and
/// they do not depend on each other). A read is `None` when its version is
/// not there, else the plan or the problem with it; the answer is the
/// plans, or every problem with them.
fn read_three<F>(path: &Path, read: F) -> Result<[Option<Plan>; 3]>
where
    F: Fn(usize) -> Result<Option<std::result::Result<Plan, String>>> + Sync,
{
    let panicked = || Err(Error::bug("reading a version of the plan panicked"));
    let results = std::thread::scope(|scope| {
        let read = &read;
        let handles = [0, 1, 2].map(|i| scope.spawn(move || read(i)));
        handles.map(|h| h.join().unwrap_or_else(|_| panicked()))
    });
    let mut problems = Vec::new();
    let mut plans = [None, None, None];
    for (slot, result) in plans.iter_mut().zip(results) {
        *slot = result?.and_then(|read| read.map_err(|problem| problems.push(problem)).ok());
    }
    match problems.is_empty() {
        true => Ok(plans),
        false => Err(cannot(path, problems)),
    }
}

fn from_index(path: &Path, stages: &[Stage]) -> Result<Versions> {
    const WHICH: [&str; 3] = [
        "the base (git's stage 1)",
        "ours (git's stage 2)",
        "theirs (git's stage 3)",
    ];
    let [base, ours, theirs] = read_three(path, |i| {
        let Some(stage) = stages.iter().find(|s| usize::from(s.number) == i + 1) else {
            return Ok(None);
        };
        let bytes = git::blob(path, &stage.object)?;
        Ok(Some(version(&bytes, WHICH[i], false)))
    })?;
    let mut notes = Vec::new();
    for (side, plan) in [("ours", &ours), ("theirs", &theirs)] {
        if plan.is_none() {
            notes.push(format!(
                "{side} deleted the plan file: merged as a plan with no tasks (what {side} removed stays removed unless the other side changed it)"
            ));
        }
    }
    Ok(Versions {
        hunks: None,
        based: base.is_some(),
        // No stage 1: added on both sides; `merge-file` takes an empty base.
        base: Some(base.unwrap_or_default()),
        ours: ours.unwrap_or_default(),
        theirs: theirs.unwrap_or_default(),
        notes,
    })
}

fn from_markers(path: &Path, text: &str) -> Result<Versions> {
    let Sides {
        ours,
        theirs,
        base,
        hunks,
    } = conflict::split(text).map_err(|e| {
        let why = format!("the conflict markers: {e}; git never writes them so");
        cannot(path, vec![why])
    })?;
    // Markers around nothing on both sides hold no plan to merge: an
    // empty plan would be a guess that throws whatever was meant away.
    if ours.trim().is_empty() && theirs.trim().is_empty() {
        let why = "both sides of the conflict markers are empty: neither holds a plan to merge. Put a plan back (git checkout --ours/--theirs, or by hand), or remove the file".to_string();
        return Err(cannot(path, vec![why]));
    }
    const WHICH: [&str; 3] = [
        "the base (the ||||||| sections)",
        "ours (the <<<<<<< sections)",
        "theirs (the >>>>>>> sections)",
    ];
    let texts = [base.as_deref(), Some(ours.as_str()), Some(theirs.as_str())];
    let [base, ours, theirs] = read_three(path, |i| {
        Ok(texts[i].map(|t| version(t.as_bytes(), WHICH[i], true)))
    })?;
    let notes = if base.is_none() {
        vec![
            "merge-style markers show no base: a task the two sides hold differently is merged by the no-base rules (the more finished status, both sides' notes, ours' other fields; under one id with two texts, both kept)".to_string(),
        ]
    } else {
        Vec::new()
    };
    Ok(Versions {
        hunks: Some(hunks),
        based: base.is_some(),
        base,
        ours: ours.unwrap_or_default(),
        theirs: theirs.unwrap_or_default(),
        notes,
    })
}

/// The plan's path as a person types it in git commands: relative to the
/// current directory when inside it.
fn shown_path(cwd: &Path, path: &Path) -> String {
    let relative = path
        .strip_prefix(cwd)
        .ok()
        .filter(|p| !p.as_os_str().is_empty());
    let shown = relative.unwrap_or(path);
    shell_words::quote(&shown.to_string_lossy()).into_owned()
}

/// The git commands that come next, and why.
fn next_steps(path: &Path, shown: &str, from_index: bool) -> (Option<Operation>, Vec<String>) {
    let op = git::operation(path);
    let add = format!("git add {shown}");
    let steps = match op {
        None => Vec::new(),
        // Unmerged with no operation under way: a `stash pop` or `stash
        // apply` (or `checkout -m`). Their changes are left unstaged, so
        // the index entry is taken back to HEAD rather than staged; git
        // keeps a stash whose pop conflicted.
        Some(Operation::Other) if from_index => vec![
            format!("git restore --staged {shown}"),
            "git stash drop   (after a stash pop: git kept the stash)".to_string(),
        ],
        // Other here: markers with nothing unmerged, committed or copied
        // with them in.
        Some(Operation::Merge | Operation::Other) => vec![add, "git commit".to_string()],
        Some(op) => vec![add, format!("git {} --continue", <&str>::from(op))],
    };
    (op, steps)
}

/// Every reply of `resolve` opens with the plan's path and whether it
/// resolved anything.
fn started(store: &Store, message: impl Into<Message>, resolved: bool) -> Report {
    Report::new("resolve", Kind::Confirm, message)
        .with("path", json!(store.display()))
        .with("resolved", json!(resolved))
}

fn settled_already(store: &Store, shown: &str) -> Report {
    let (op, next) = next_steps(&store.path, shown, true);
    let mut message = Message::from(format!(
        "{} has no conflict markers and reads as a plan: nothing to resolve (git still lists it as unmerged).",
        store.display()
    ));
    if !next.is_empty() {
        message.push(format!("Next: {}", next.join(", then ")));
    }
    started(store, message, false)
        .with("operation", json!(op.map(<&str>::from)))
        .with("decided", json!([]))
        .with("next", json!(next))
}

fn reply(store: &Store, shown: &str, versions: &Versions, merged: &Merged) -> Report {
    let hunks = versions.hunks;
    let (op, next) = next_steps(&store.path, shown, hunks.is_none());
    let from = match (hunks, versions.based) {
        (None, true) => "from git's index: base, ours and theirs",
        (None, false) => "from git's index: ours and theirs, no common base",
        (Some(_), true) => "from the conflict markers, with their base",
        (Some(_), false) => "from the conflict markers, which show no base (merge style)",
    };
    let decided = merged.conflicts().count();
    let mut message = Message::from(format!(
        "Resolved the merge conflict in {} by task id ({from}): {}",
        store.display(),
        match (decided, merged.findings.len()) {
            (0, 0) => "both sides' changes merged, none clashed.".to_string(),
            (0, _) => "both sides' changes merged, none clashed; notes:".to_string(),
            (1, _) => "1 clash, decided as shown:".to_string(),
            (n, _) => format!("{n} clashes, decided as shown:"),
        }
    ));
    message.extend(versions.notes.iter().map(|note| format!("  note: {note}")));
    message.extend(merged.findings.iter().map(|f| format!("  {f}")));
    if next.is_empty() {
        message.push("Review it with todo show.");
    } else {
        message.push(format!(
            "Next: review it (todo show), then {}",
            next.join(", then ")
        ));
    }
    let mut report = started(store, message, true)
        .with("source", json!(hunks.map_or("index", |_| "markers")))
        .with("base", json!(versions.based))
        .with("operation", json!(op.map(<&str>::from)))
        .with("decided", json!(merged.findings))
        .with("notes", json!(versions.notes))
        .with("next", json!(next));
    if let Some(hunks) = hunks {
        report = report.with("hunks", json!(hunks));
    }
    report.rev = merged.plan.rev;
    report.changed = true;
    report
}
