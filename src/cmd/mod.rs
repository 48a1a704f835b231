//! The verbs. Each lives in a file named after it and tells the same short
//! story: lock and load, resolve the target, apply ops, save, report.

mod append;
mod batch;
mod block;
mod check;
mod complete;
mod copy;
mod done;
mod drop;
mod edit;
mod export;
mod git_setup;
mod import;
mod mark;
mod merge_file;
mod mv;
mod next;
mod note;
mod prune;
mod rename;
mod rm;
mod show;
mod start;
mod unblock;
mod undo;
mod r#where;

use std::cell::Cell;

use crate::cli::Command;
use crate::error::{Error, Result};
use crate::history::History;
use crate::matching::{self, MatchError, Scope, Target};
use crate::output::{Output, Report};
use crate::plan::Plan;
use crate::storage::{Lock, Store};
use crate::text::normalize;

/// What every verb gets from the edge: where the plan is, how to print,
/// and the global flags.
pub struct Context {
    pub store: Store,
    pub if_rev: Option<u64>,
    /// The plan's `rev` as last seen, for error reports.
    pub rev: Cell<Option<u64>>,
    /// Where undo history goes; `None` when no data directory is known.
    pub history: Option<History>,
    pub out: Output,
    /// `$VISUAL`, else `$EDITOR`, if set.
    pub editor: Option<String>,
    /// Where `edit` puts its file: the system's temporary directory.
    pub tmp: std::path::PathBuf,
    /// Whether a person is at the keyboard (stdin and stderr are terminals).
    pub interactive: bool,
}

pub fn verb_name(command: &Option<Command>) -> &'static str {
    match command {
        None | Some(Command::Show(_)) => "show",
        Some(Command::Append(_)) => "append",
        Some(Command::Start(_)) => "start",
        Some(Command::Done(_)) => "done",
        Some(Command::Drop(_)) => "drop",
        Some(Command::Rm(_)) => "rm",
        Some(Command::Block(_)) => "block",
        Some(Command::Unblock(_)) => "unblock",
        Some(Command::Check) => "check",
        Some(Command::Next) => "next",
        Some(Command::Where) => "where",
        Some(Command::Copy) => "copy",
        Some(Command::Export(_)) => "export",
        Some(Command::Import(_)) => "import",
        Some(Command::Edit) => "edit",
        Some(Command::Rename(_)) => "rename",
        Some(Command::Mv(_)) => "mv",
        Some(Command::Note(_)) => "note",
        Some(Command::Prune) => "prune",
        Some(Command::Undo(_)) => "undo",
        Some(Command::Batch) => "batch",
        Some(Command::Complete(_)) => "__complete",
        Some(Command::MergeFile(_)) => "merge-file",
        Some(Command::GitSetup(_)) => "git-setup",
    }
}

pub fn dispatch(ctx: &Context, command: Command) -> Result<Report> {
    match command {
        Command::Show(args) => show::run(ctx, &args),
        Command::Append(args) => append::run(ctx, args),
        Command::Start(args) => start::run(ctx, args),
        Command::Done(args) => done::run(ctx, args),
        Command::Drop(args) => drop::run(ctx, args),
        Command::Rm(args) => rm::run(ctx, args),
        Command::Block(args) => block::run(ctx, args),
        Command::Unblock(args) => unblock::run(ctx, args),
        Command::Check => check::run(ctx),
        Command::Next => next::run(ctx),
        Command::Where => r#where::run(ctx),
        Command::Copy => copy::run(ctx),
        Command::Export(args) => export::run(ctx, &args),
        Command::Import(args) => import::run(ctx, &args),
        Command::Edit => edit::run(ctx),
        Command::Rename(args) => rename::run(ctx, args),
        Command::Mv(args) => mv::run(ctx, args),
        Command::Note(args) => note::run(ctx, args),
        Command::Prune => prune::run(ctx),
        Command::Undo(args) => undo::run(ctx, &args),
        Command::Batch => batch::run(ctx),
        Command::Complete(args) => complete::run(ctx, &args),
        Command::MergeFile(args) => merge_file::run(ctx, args),
        Command::GitSetup(args) => git_setup::run(ctx, args),
    }
}

impl Context {
    /// Read the plan for a verb that only looks.
    ///
    /// Plans are never freed (here, and in `transact`): the process ends
    /// after one command, and freeing a large plan task by task took a
    /// fifth of the run time of `todo done` on 100,000 tasks. The operating
    /// system takes the memory back at exit.
    pub fn read(&self) -> Result<&'static Plan> {
        let plan = self.store.load()?.plan;
        self.rev.set(Some(plan.rev));
        Ok(Box::leak(Box::new(plan)))
    }

    /// Run `change` on the plan under the lock and commit the result as one
    /// change: `rev` + 1, an atomic write and an undo entry — or no write at
    /// all when nothing changed or `change` failed.
    pub fn mutate(&self, change: impl FnOnce(&mut Plan) -> Result<Report>) -> Result<Report> {
        self.transact(
            |plan, _, _| change(plan),
            |ctx, saved, report| ctx.record(saved, report),
        )
    }

    /// The general form of [`Context::mutate`]: `change` also sees the file's
    /// bytes as read (`None`: no file) and the lock, and `saved` runs after
    /// the write, still under the lock.
    pub fn transact(
        &self,
        change: impl FnOnce(&mut Plan, Option<&[u8]>, &Lock) -> Result<Report>,
        saved: impl FnOnce(&Context, Saved, &mut Report),
    ) -> Result<Report> {
        let lock = self.store.lock()?;
        let loaded = self.store.load()?;
        // Never freed, on any path (see `leak`).
        let mut plan = std::mem::ManuallyDrop::new(loaded.plan);
        let before_rev = plan.rev;
        self.rev.set(Some(before_rev));
        lock.check_writable(&self.store)?;
        if let Some(want) = self.if_rev
            && before_rev != want
        {
            return Err(Error::Conflict(format!(
                "The plan is at rev {before_rev}, not {want} (--if-rev); nothing was changed. Read it again and retry."
            )));
        }
        // The plan as read, for the undo entry (never freed either).
        let before_plan = std::mem::ManuallyDrop::new(
            (self.history.is_some() && loaded.bytes.is_some()).then(|| (*plan).clone()),
        );
        plan.changes = 0;
        let mut report = change(&mut plan, loaded.bytes.as_deref(), &lock)?;
        if plan.changes == 0 {
            report.rev = before_rev;
            return Ok(report);
        }
        plan.rev = before_rev + 1;
        let written = lock.save(&self.store, &plan)?;
        self.rev.set(Some(plan.rev));
        report.rev = plan.rev;
        report.changed = true;
        let before = match (loaded.bytes.as_deref(), before_plan.as_ref()) {
            (Some(bytes), Some(old)) => Some((bytes, loaded.ours, old)),
            _ => None,
        };
        let saved_change = Saved {
            lock: &lock,
            before,
            after: &plan,
            written: &written,
        };
        saved(self, saved_change, &mut report);
        Ok(report)
    }

    /// The plan file's real path: the key of its undo history.
    pub fn real_path(&self) -> std::path::PathBuf {
        let target = self.store.target();
        std::fs::canonicalize(&target).unwrap_or(target)
    }

    /// Append an undo entry; a failure is a warning, never a lost change.
    pub fn record(&self, saved: Saved, report: &mut Report) {
        let Some(history) = &self.history else {
            report.warnings.push(
                "Warning: no data directory for undo history (set TODO_HISTORY_DIR); the change was made but cannot be undone.".into(),
            );
            return;
        };
        let result = history.record(
            saved.lock,
            &self.real_path(),
            saved.before,
            saved.after,
            saved.written,
            &report.message,
        );
        if let Err(e) = result {
            report.warnings.push(format!(
                "Warning: could not record undo history in {}: {e}; the change was made but cannot be undone.",
                history.dir.display()
            ));
        }
    }
}

/// A change just written, still under the lock.
pub struct Saved<'a> {
    pub lock: &'a Lock,
    /// The file as read, whether it was in todo's own layout, and the plan
    /// it held (`None`: there was no file, or no history to record).
    pub before: Option<(&'a [u8], bool, &'a Plan)>,
    pub after: &'a Plan,
    pub written: &'a [u8],
}

/// Join a verb's words into a normalised query; empty is a usage error.
pub fn query(words: &[String]) -> Result<String> {
    normalize(&words.join(" ")).ok_or_else(|| Error::usage("The query is empty."))
}

/// Normalise text coming in; empty is a usage error naming what it was.
pub fn text(raw: &str, what: &str) -> Result<String> {
    normalize(raw).ok_or_else(|| Error::usage(format!("The {what} is empty.")))
}

pub const NO_TASK: &str = "No task matched \"{}\". Use todo to list current tasks.";
pub const NO_TARGET: &str = "No task or phase matched \"{}\".";

/// Resolve a query, turning a miss into the verb's own message.
pub fn find(plan: &Plan, query: &str, scope: Scope) -> Result<Target> {
    matching::resolve(plan, query, scope).map_err(|e| match e {
        MatchError::NoMatch { suggestion } => Error::NoMatch {
            message: if scope == Scope::Tasks {
                NO_TASK
            } else {
                NO_TARGET
            }
            .replace("{}", query),
            suggestion,
        },
        MatchError::Ambiguous { candidates } => Error::Ambiguous {
            query: query.to_string(),
            candidates,
        },
    })
}

/// Look up a task id that matching just returned.
pub fn task_of(plan: &Plan, id: &str) -> Result<(crate::plan::Phase, crate::plan::Task)> {
    plan.task_by_id(id)
        .map(|(p, t)| (p.clone(), t.clone()))
        .ok_or_else(|| Error::Refused(format!("Task {id} is gone.")))
}
