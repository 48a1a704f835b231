//! The verbs. Each lives in a file named after it and tells the same short
//! story: lock and load, resolve the target, apply ops, save, report.

mod append;
mod batch;
mod block;
mod check;
mod complete;
mod completions;
mod copy;
mod done;
mod drop;
mod edit;
mod export;
mod git_setup;
mod import;
mod man;
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
use crate::matching::{self, Candidate, MatchError, Scope, Target};
use crate::output::{Output, Report};
use crate::plan::Plan;
use crate::plan::ops::PhaseRef;
use crate::storage::{Lock, Store};
use crate::text::{Message, normalize};

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
        Some(Command::Completions(_)) => "completions",
        Some(Command::Man(_)) => "man",
    }
}

/// Run a verb. A query that only typo tolerance could place is a guess
/// (SPEC §5): with a person at the terminal, ask, and on yes run the verb
/// again with the guessed id in place of the query; anywhere else the
/// guess is only reported (exit 3) and nothing changes.
pub fn dispatch(ctx: &Context, command: Command) -> Result<Report> {
    // A batch reads its lines from stdin: no one is there to answer.
    let asks = ctx.interactive && !ctx.out.json && !matches!(command, Command::Batch);
    let again = asks.then(|| command.clone());
    match (run(ctx, command), again) {
        (
            Err(Error::NoMatch {
                message,
                query,
                suggestion: Some(guess),
                guess: true,
            }),
            Some(again),
        ) => {
            let question = format!("Did you mean \"{}\"? [Y/n]", guess.text);
            if ask(ctx, &Message::default(), &question) {
                run(ctx, with_target(again, &query, guess.id()))
            } else {
                Err(Error::NoMatch {
                    message: format!("{message} Nothing changed."),
                    query,
                    suggestion: None,
                    guess: false,
                })
            }
        }
        (result, _) => result,
    }
}

/// Show `message` and ask a yes/no question on stderr, through the one
/// terminal-safe printer; Enter means yes, end of input or an error no.
pub fn ask(ctx: &Context, message: &Message, question: &str) -> bool {
    use std::io::BufRead;
    if ctx.out.ask(message, question).is_err() {
        return false;
    }
    let mut answer = String::new();
    match std::io::stdin().lock().read_line(&mut answer) {
        Ok(0) => {
            // End of input typed after the question: end its line, so what
            // is printed next does not follow `[Y/n] `.
            let _ = std::io::Write::write_all(&mut std::io::stderr(), b"\n");
            false
        }
        Err(_) => false,
        Ok(_) => {
            let a = answer.trim().to_lowercase();
            a.is_empty() || a == "y" || a == "yes"
        }
    }
}

/// `command` with the words that made `query` replaced by `id`.
fn with_target(command: Command, query: &str, id: &str) -> Command {
    let is = |words: &[String]| normalize(&words.join(" ")).as_deref() == Some(query);
    let swap = |words: &mut Vec<String>| {
        if is(words) {
            *words = vec![id.to_string()];
        }
    };
    match command {
        Command::Start(mut a) => {
            swap(&mut a.query);
            Command::Start(a)
        }
        Command::Done(mut a) => {
            swap(&mut a.query);
            Command::Done(a)
        }
        Command::Drop(mut a) => {
            swap(&mut a.query);
            Command::Drop(a)
        }
        Command::Rm(mut a) => {
            swap(&mut a.query);
            Command::Rm(a)
        }
        Command::Block(mut a) => {
            swap(&mut a.query);
            Command::Block(a)
        }
        Command::Unblock(mut a) => {
            swap(&mut a.query);
            Command::Unblock(a)
        }
        Command::Rename(mut a) => {
            swap(&mut a.query);
            Command::Rename(a)
        }
        Command::Note(mut a) => {
            if is(std::slice::from_ref(&a.task)) {
                a.task = id.to_string();
            }
            Command::Note(a)
        }
        Command::Mv(mut a) => {
            // The task's words, then (without -p) the phase's word.
            let n = a.words.len() - usize::from(a.phase.is_none() && !a.words.is_empty());
            if is(&a.words[..n]) {
                a.words.splice(..n, [id.to_string()]);
            } else if a.phase.is_none()
                && let Some(last) = a.words.last_mut()
                && is(std::slice::from_ref(last))
            {
                *last = id.to_string();
            }
            Command::Mv(a)
        }
        Command::Append(mut a) => {
            if a.phase.is_none() && a.words.len() > 1 && is(&a.words[..1]) {
                a.words[0] = id.to_string();
            }
            Command::Append(a)
        }
        other => other,
    }
}

fn run(ctx: &Context, command: Command) -> Result<Report> {
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
        Command::Completions(args) => completions::run(&args),
        Command::Man(args) => man::run(&args),
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
            return Err(Error::RevMismatch {
                have: before_rev,
                want,
            });
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
        // A rev that cannot rise would wrap to 0 and undo `--if-rev`.
        plan.rev = before_rev.checked_add(1).ok_or(Error::CounterSpent {
            which: crate::merge::Overflow::Rev,
            merging: None,
        })?;
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
            report.message.as_str(),
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
    let template = if scope == Scope::Tasks {
        NO_TASK
    } else {
        NO_TARGET
    };
    matching::resolve(plan, query, scope).map_err(|e| missed(e, query, template))
}

/// A matching failure as the error a person sees; `template` is the
/// verb's no-match message with `{}` for the query.
pub fn missed(e: MatchError, query: &str, template: &str) -> Error {
    let no_match = |suggestion: Option<Candidate>, guess| Error::NoMatch {
        message: template.replace("{}", query),
        query: query.to_string(),
        suggestion: suggestion.map(Box::new),
        guess,
    };
    match e {
        MatchError::NoMatch { suggestion } => no_match(suggestion, false),
        MatchError::Guess(candidate) => no_match(Some(candidate), true),
        MatchError::Ambiguous { candidates } => Error::Ambiguous {
            query: query.to_string(),
            candidates,
        },
    }
}

/// The phase a `-p/--phase NAME` names: its exact name (any case) or its
/// id, else a new phase called NAME as typed. Never a query (SPEC §5).
pub fn named_phase(plan: &Plan, name: &str) -> Result<PhaseRef> {
    match matching::phase_by_name(plan, name) {
        Ok(Some(id)) => Ok(PhaseRef::Id(id)),
        Ok(None) => Ok(PhaseRef::New(name.to_string())),
        Err(e) => Err(missed(e, name, NO_PHASE)),
    }
}

/// A phase query (`append`'s and `mv`'s phase word): what it matches, or a
/// new phase called `new_name` when nothing does. A typo guess is not a
/// match: it is reported, and `-p` makes a new phase instead.
pub fn phase_query(plan: &Plan, query: &str, new_name: String) -> Result<PhaseRef> {
    match matching::resolve(plan, query, Scope::Phases) {
        Ok(Target::Phase(id)) => Ok(PhaseRef::Id(id)),
        Ok(Target::Task(_)) | Err(MatchError::NoMatch { .. }) => Ok(PhaseRef::New(new_name)),
        Err(e) => Err(missed(e, query, NO_PHASE_GUESS)),
    }
}

pub const NO_PHASE: &str = "No phase matched \"{}\".";
const NO_PHASE_GUESS: &str = "No phase matched \"{}\" (-p \"{}\" makes a new one).";

/// Look up a task id that matching just returned.
pub fn task_of(plan: &Plan, id: &str) -> Result<(crate::plan::Phase, crate::plan::Task)> {
    task_ref(plan, id).map(|(p, t)| (p.clone(), t.clone()))
}

/// [`task_of`] without the copies: a verb that only reads the task before
/// changing the plan need not copy its phase (all of it, on a large plan).
pub fn task_ref<'p>(
    plan: &'p Plan,
    id: &str,
) -> Result<(&'p crate::plan::Phase, &'p crate::plan::Task)> {
    plan.task_by_id(id)
        .ok_or_else(|| Error::bug(format!("task {id} is gone after matching it")))
}
