//! The verbs. Each lives in a file named after it and tells the same short
//! story: lock and load, resolve the target, apply ops, save, report.

mod append;
mod apply;
mod batch;
mod block;
mod bulk;
mod check;
mod choose;
mod claim;
pub(crate) use check::open_work;
mod complete;
mod completions;
mod copy;
mod done;
mod drop;
mod edit;
mod export;
mod finding;
mod git_setup;
mod hook;
mod import;
mod man;
mod mark;
mod mcp;
pub(crate) use mcp::McpServer;
mod merge_file;
mod mv;
mod needs;
mod next;
mod note;
pub(crate) mod objective;
mod prune;
pub(crate) mod ready;
mod rename;
mod reopen;
mod resolve;
pub(crate) use reopen::already_open;
mod rm;
mod setup;
mod show;
mod start;
mod summary;
mod trust;
mod unblock;
mod undo;
mod unlock;
mod verify;
mod r#where;

use crate::cli::Command;
use crate::error::{Error, Result};
use crate::history::{Delta, History, Who, file_digest};
use crate::matching::{self, Candidate, MatchError, Scope, Target};
use crate::output::{Output, Report};
use crate::plan::ops::PhaseRef;
use crate::plan::{Actor, By, Committed, Phase, Plan, Task, TaskPos, Tx};
use crate::storage::{Lock, Store};
use crate::text::{Message, normalize};

/// What every verb gets from the edge: where the plan is, how to print,
/// and the global flags.
pub(crate) struct Context {
    pub store: Store,
    pub if_rev: Option<u64>,
    /// Where undo history goes; `None` when no data directory is known.
    pub history: Option<History>,
    pub out: Output,
    /// `$VISUAL`, else `$EDITOR`, if set.
    pub editor: Option<String>,
    /// Where `edit` puts its file: the system's temporary directory.
    pub tmp: std::path::PathBuf,
    /// Whether a person is at the keyboard (stdin and stderr are terminals,
    /// and the actor is not the agent): only then is a question asked.
    pub interactive: bool,
    /// `--yes`: go ahead with a large change without asking.
    pub yes: bool,
    /// Who acts, when `--as`/`TODO_ACTOR` says (docs/contract.md, "A plan a person and an agent share").
    pub actor: Option<Actor>,
    /// The time recorded in `at` (RFC 3339; `TODO_NOW` overrides it).
    pub now: String,
    /// Who holds a claim when `--owner` does not say (`TODO_OWNER`), and
    /// the person's login name (`$USER`, `$LOGNAME`, `$USERNAME`).
    pub owner: Option<String>,
    pub user: Option<String>,
    /// The command line as typed, without the program name: a person's
    /// change is named by it to the agent (docs/contract.md, "Agent hooks, setup and restore", `crate::agent::seen`).
    pub args: Vec<String>,
}

pub(crate) fn verb_name(command: &Option<Command>) -> &'static str {
    match command {
        None | Some(Command::Show(_)) => "show",
        Some(Command::Append(_)) => "append",
        Some(Command::Start(_)) => "start",
        Some(Command::Done(_)) => "done",
        Some(Command::Drop(_)) => "drop",
        Some(Command::Rm(_)) => "rm",
        Some(Command::Block(_)) => "block",
        Some(Command::Unblock(_)) => "unblock",
        Some(Command::Check(_)) => "check",
        Some(Command::Verify(_)) => "verify",
        Some(Command::Trust(_)) => "trust",
        Some(Command::Next) => "next",
        Some(Command::Ready) => "ready",
        Some(Command::Needs(_)) => "needs",
        Some(Command::Claim(_)) => "claim",
        Some(Command::Release(_)) => "release",
        Some(Command::Where) => "where",
        Some(Command::Copy) => "copy",
        Some(Command::Export(_)) => "export",
        Some(Command::Import(_)) => "import",
        Some(Command::Edit) => "edit",
        Some(Command::Rename(_)) => "rename",
        Some(Command::Mv(_)) => "mv",
        Some(Command::Note(_)) => "note",
        Some(Command::Prune) => "prune",
        Some(Command::Objective(_)) => "objective",
        Some(Command::Finding(_)) => "finding",
        Some(Command::Undo(_)) => "undo",
        Some(Command::Batch) => "batch",
        Some(Command::Reopen(_)) => "reopen",
        Some(Command::Unlock(_)) => "unlock",
        Some(Command::Apply(_)) => "apply",
        Some(Command::Hook(_)) => "hook",
        Some(Command::Setup(_)) => "setup",
        Some(Command::Mcp) => "mcp",
        Some(Command::Complete(_)) => "__complete",
        Some(Command::MergeFile(_)) => "merge-file",
        Some(Command::Resolve) => "resolve",
        Some(Command::GitSetup(_)) => "git-setup",
        Some(Command::Completions(_)) => "completions",
        Some(Command::Man(_)) => "man",
    }
}

/// A change to more than this many tasks is asked about first, at a
/// terminal (taskwarrior's `bulk=3`).
pub(crate) const BULK: usize = 3;

/// Run a verb. A query that only typo tolerance could place is a guess
/// (docs/contract.md, "Matching a query"): with a person at the terminal, ask, and on yes run the verb
/// again with the guessed id in place of the query; anywhere else the
/// guess is only reported (exit 3) and nothing changes. A change to more
/// than [`BULK`] tasks is asked about first, at a terminal only.
pub(crate) fn dispatch(ctx: &Context, command: Command) -> Outcome {
    // A batch reads its lines from stdin: no one is there to answer.
    let asks = ctx.interactive && !ctx.out.json && !matches!(command, Command::Batch);
    if asks && let Some(outcome) = bulk::run_asked(ctx, &command) {
        return outcome;
    }
    let again = asks.then(|| command.clone());
    let mut outcome = run(ctx, command);
    let Some(again) = again.filter(
        |again| !matches!(&outcome.result, Err(Error::Ambiguous { .. }) if !choosable(again)),
    ) else {
        if let Err(Error::Ambiguous {
            query,
            candidates,
            picks,
        }) = &mut outcome.result
        {
            *picks = pick_commands(&ctx.args, query, candidates);
        }
        return outcome;
    };
    match outcome.result {
        Err(Error::NoMatch {
            message,
            query,
            suggestion: Some(guess),
            guess: true,
        }) => {
            if let Command::Append(append) = &again
                && append.phase.is_none()
            {
                return match append::typo_choice(ctx, append, &query, &guess) {
                    Some(command) => dispatch_again(ctx, command),
                    None => Outcome {
                        result: Err(Error::Declined),
                        ..outcome
                    },
                };
            }
            let question = format!("Did you mean \"{}\"? [Y/n]", guess.text);
            if ask(ctx, &Message::default(), &question) {
                dispatch_again(ctx, with_target(again, &query, guess.id()))
            } else {
                Outcome {
                    result: Err(Error::NoMatch {
                        message: format!("{message} Nothing changed."),
                        query,
                        suggestion: None,
                        guess: false,
                    }),
                    ..outcome
                }
            }
        }
        Err(Error::Ambiguous {
            query, candidates, ..
        }) => match choose::one(ctx, &query, &candidates) {
            Some(id) => dispatch_again(ctx, with_target(again, &query, &id)),
            None => Outcome {
                result: Err(Error::Declined),
                ..outcome
            },
        },
        result => Outcome { result, ..outcome },
    }
}

/// The verb run again on what the person picked: still asked about a
/// change to many tasks (a phase picked by its id), never about a guess.
fn dispatch_again(ctx: &Context, command: Command) -> Outcome {
    if let Some(outcome) = bulk::run_asked(ctx, &command) {
        return outcome;
    }
    run(ctx, command)
}

/// For each candidate, the command line as typed with the words of
/// `query` replaced by the candidate's id (`todo done t4`); empty when the
/// words cannot be found in it (a line of `todo batch`).
fn pick_commands(args: &[String], query: &str, candidates: &[Candidate]) -> Vec<String> {
    let n = args.len();
    if n > 64 {
        return Vec::new();
    }
    let span = (0..n)
        .flat_map(|i| (i + 1..=n).map(move |j| (i, j)))
        .find(|&(i, j)| {
            !args[i].starts_with('-') && normalize(&args[i..j].join(" ")).as_deref() == Some(query)
        });
    let Some((i, j)) = span else {
        return Vec::new();
    };
    candidates
        .iter()
        .map(|c| {
            let words = std::iter::once("todo")
                .chain(args[..i].iter().map(String::as_str))
                .chain(std::iter::once(c.id()))
                .chain(args[j..].iter().map(String::as_str));
            shell_words::join(words)
        })
        .collect()
}

/// Verbs whose target words [`with_target`] can replace by an id.
fn choosable(command: &Command) -> bool {
    matches!(
        command,
        Command::Start(_)
            | Command::Done(_)
            | Command::Drop(_)
            | Command::Rm(_)
            | Command::Block(_)
            | Command::Unblock(_)
            | Command::Rename(_)
            | Command::Note(_)
            | Command::Reopen(_)
    )
}

/// Show `message` and ask a yes/no question on stderr, through the one
/// terminal-safe printer; Enter means yes, end of input or an error no.
pub(crate) fn ask(ctx: &Context, message: &Message, question: &str) -> bool {
    answer(ctx, message, question).is_some_and(|a| a.is_empty() || a == "y" || a == "yes")
}

/// [`ask`] where Enter means no: only `y` or `yes` goes ahead.
pub(crate) fn ask_no(ctx: &Context, message: &Message, question: &str) -> bool {
    answer(ctx, message, question).is_some_and(|a| a == "y" || a == "yes")
}

/// Show `message` and `question` on stderr and read one line: trimmed and
/// lower-cased; `None` at end of input or on an error.
pub(crate) fn answer(ctx: &Context, message: &Message, question: &str) -> Option<String> {
    use std::io::BufRead;
    if ctx.out.ask(message, question).is_err() {
        return None;
    }
    let mut answer = String::new();
    match std::io::stdin().lock().read_line(&mut answer) {
        Ok(0) => {
            // End of input typed after the question: end its line, so what
            // is printed next does not follow `[Y/n] `.
            let _ = std::io::Write::write_all(&mut std::io::stderr(), b"\n");
            None
        }
        Err(_) => None,
        Ok(_) => Some(answer.trim().to_lowercase()),
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
            swap(&mut a.target.query);
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
        Command::Reopen(mut a) => {
            swap(&mut a.query);
            Command::Reopen(a)
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

fn run(ctx: &Context, command: Command) -> Outcome {
    match command {
        Command::Show(args) if args.summary => ctx.look(|plan| summary::run(ctx, plan)),
        Command::Show(args) => ctx.look(|plan| show::run(ctx, plan, &args)),
        Command::Append(args) => ctx.change(|tx| append::apply(tx, &args)),
        Command::Start(args) => ctx.change(|tx| start::apply(tx, &args)),
        Command::Done(args) => done::run(ctx, &args),
        Command::Drop(args) => ctx.change(|tx| drop::apply(tx, &args)),
        Command::Rm(args) => ctx.change(|tx| rm::apply(tx, &args)),
        Command::Block(args) => ctx.change(|tx| block::apply(tx, &args)),
        Command::Unblock(args) => ctx.change(|tx| unblock::apply(tx, &args)),
        Command::Check(args) if args.verify => verify::check(ctx, &args),
        Command::Check(_) => ctx.look(|plan| check::run(plan, ctx.actor == Some(Actor::Agent))),
        Command::Verify(args) => verify::run(ctx, &args),
        Command::Trust(args) => trust::run(ctx, &args),
        Command::Next => {
            ctx.look(|plan| next::run(plan, &ctx.default_owner(ctx.actor.unwrap_or_default())))
        }
        Command::Ready => ctx.look(ready::run),
        Command::Needs(args) if args.needs.is_empty() => ctx.look(|plan| needs::list(plan, &args)),
        Command::Needs(args) => ctx.change(|tx| needs::apply(tx, &args)),
        Command::Claim(args) => ctx.change(|tx| claim::apply(tx, &args)),
        Command::Release(args) => ctx.change(|tx| claim::release(tx, &args)),
        Command::Where => Outcome::of(r#where::run(ctx)),
        Command::Copy => ctx.look(|plan| copy::run(ctx, plan)),
        Command::Export(args) => export::run(ctx, &args),
        Command::Import(args) => import::run(ctx, &args),
        Command::Edit => edit::run(ctx),
        Command::Rename(args) => ctx.change(|tx| rename::apply(tx, &args)),
        Command::Mv(args) => ctx.change(|tx| mv::apply(tx, &args)),
        Command::Note(args) => ctx.change(|tx| note::apply(tx, &args)),
        Command::Prune => ctx.change(prune::apply),
        Command::Objective(args) => match &args.action {
            None => ctx.look(objective::list),
            Some(action) => ctx.change(|tx| objective::apply(tx, action)),
        },
        Command::Finding(args) => ctx.change(|tx| finding::apply(tx, &args)),
        Command::Undo(args) => undo::run(ctx, &args),
        Command::Batch => batch::run(ctx),
        Command::Reopen(args) => ctx.change(|tx| reopen::apply(tx, &args)),
        Command::Unlock(args) => ctx.change(|tx| unlock::apply(tx, &args)),
        Command::Apply(args) => apply::run(ctx, &args),
        Command::Hook(args) => hook::run(ctx, &args),
        Command::Setup(args) => Outcome::of(setup::run(&args)),
        Command::Mcp => mcp::run(ctx),
        Command::Complete(args) => complete::run(ctx, &args),
        Command::MergeFile(args) => Outcome::of(merge_file::run(ctx, args)),
        Command::Resolve => resolve::run(ctx),
        Command::GitSetup(args) => Outcome::of(git_setup::run(ctx, args)),
        Command::Completions(args) => Outcome::of(completions::run(&args)),
        Command::Man(args) => Outcome::of(man::run(&args)),
    }
}

/// How a verb ended: its report or its error, the plan's `rev` as last
/// seen (for the error report too), and the plan itself, handed to the edge
/// to free or not (see `main.rs`).
pub(crate) struct Outcome {
    pub result: Result<Report>,
    pub rev: Option<u64>,
    pub plan: Option<Plan>,
}

impl Outcome {
    /// An outcome from a verb that never read the plan.
    pub(crate) fn of(result: Result<Report>) -> Outcome {
        Outcome {
            result,
            rev: None,
            plan: None,
        }
    }

    fn read(result: Result<Report>, plan: Plan) -> Outcome {
        Outcome {
            result,
            rev: Some(plan.rev),
            plan: Some(plan),
        }
    }
}

/// A change that could not begin, with the `rev` read if it got so far.
pub(crate) struct Failed {
    pub error: Error,
    pub rev: Option<u64>,
}

impl From<Failed> for Outcome {
    fn from(failed: Failed) -> Outcome {
        Outcome {
            result: Err(failed.error),
            rev: failed.rev,
            plan: None,
        }
    }
}

/// A change being made: the lock held, the plan file as read, and the plan
/// in a transaction. Dropped, it writes nothing.
pub(crate) struct Session {
    lock: Lock,
    /// The date of the change (`YYYY-MM-DD`), for the tombstones it leaves.
    today: String,
    /// The file as read (`None`: there was none).
    bytes: Option<Vec<u8>>,
    /// Its digest, if reading took it.
    digest: Option<String>,
    pub tx: Tx,
    rev: u64,
    store: Store,
}

/// A change committed and written (or found to change nothing), still
/// under the lock.
pub(crate) struct Saved {
    pub lock: Lock,
    pub committed: Committed,
    /// The file as written; `None` when nothing changed.
    pub written: Option<Vec<u8>>,
    /// The file as it was (`None`: there was none).
    before: Option<Vec<u8>>,
    /// The digests of the file as it was (when taken) and as written, for
    /// the history: each taken once.
    digests: (Option<String>, Option<String>),
    /// Who made the change.
    actor: Actor,
}

impl Context {
    /// The same context on another plan file (a hook's, found from the
    /// directory its agent works in).
    pub(crate) fn with_store(&self, mut store: Store) -> Context {
        store.revs = self.store.revs.clone();
        Context {
            store,
            if_rev: self.if_rev,
            history: self.history.clone(),
            out: self.out.clone(),
            editor: self.editor.clone(),
            tmp: self.tmp.clone(),
            interactive: self.interactive,
            yes: self.yes,
            actor: self.actor,
            now: self.now.clone(),
            owner: self.owner.clone(),
            user: self.user.clone(),
            args: self.args.clone(),
        }
    }

    /// The owner of a claim when none is given: `TODO_OWNER`, else the
    /// person's login name (else `person`), or `agent` for an agent.
    pub(crate) fn default_owner(&self, actor: Actor) -> String {
        if let Some(o) = &self.owner {
            return o.clone();
        }
        match actor {
            Actor::Agent => "agent".into(),
            Actor::Person => self.user.clone().unwrap_or_else(|| "person".into()),
        }
    }

    /// Load the plan for a verb that only looks, and run it.
    pub(crate) fn look(&self, verb: impl FnOnce(&Plan) -> Result<Report>) -> Outcome {
        match self.store.load() {
            Ok(loaded) => self.look_at(loaded.plan, verb),
            Err(e) => Outcome::of(Err(e.into())),
        }
    }

    /// Run a verb that only looks on a plan already read.
    pub(crate) fn look_at(
        &self,
        plan: Plan,
        verb: impl FnOnce(&Plan) -> Result<Report>,
    ) -> Outcome {
        Outcome::read(verb(&plan), plan)
    }

    /// The one path of a change: lock, read, check, apply the verb's ops
    /// in a transaction, commit, save, record history, report. Nothing is
    /// written when the verb fails or changes nothing.
    pub(crate) fn change(&self, verb: impl FnOnce(&mut Tx) -> Result<Report>) -> Outcome {
        self.change_as(Actor::Person, verb)
    }

    /// [`Context::change`], acting as `default` unless `--as` says.
    pub(crate) fn change_as(
        &self,
        default: Actor,
        verb: impl FnOnce(&mut Tx) -> Result<Report>,
    ) -> Outcome {
        let mut session = match self.begin_as(default) {
            Ok(session) => session,
            Err(failed) => return failed.into(),
        };
        let active = in_progress(session.tx.plan());
        let needed = needed(session.tx.plan());
        match verb(&mut session.tx) {
            Ok(mut report) => {
                say_needed(session.tx.plan(), needed, &mut report);
                say_started(session.tx.plan(), active, &mut report);
                self.finish(session, report)
            }
            Err(e) => session.fail(e),
        }
    }

    /// Lock, read, and check that the plan may change (writable,
    /// `--if-rev`); a failure is the verb's outcome.
    pub(crate) fn begin(&self) -> std::result::Result<Session, Failed> {
        self.begin_as(Actor::Person)
    }

    /// [`Context::begin`], acting as `default` unless `--as` says.
    pub(crate) fn begin_as(&self, default: Actor) -> std::result::Result<Session, Failed> {
        let failed = |error: crate::storage::Error| Failed {
            error: error.into(),
            rev: None,
        };
        let lock = self.store.lock().map_err(failed)?;
        let loaded = self.store.load().map_err(failed)?;
        let rev = loaded.plan.rev;
        let refused = |error: Error| Failed {
            error,
            rev: Some(rev),
        };
        lock.check_writable(&self.store)
            .map_err(|e| refused(e.into()))?;
        if let Some(want) = self.if_rev
            && rev != want
        {
            return Err(refused(Error::RevMismatch { have: rev, want }));
        }
        let mut tx = Tx::new(loaded.plan);
        let actor = self.actor.unwrap_or(default);
        tx.set_by(By {
            actor,
            now: self.now.clone(),
        });
        tx.set_owner(self.default_owner(actor));
        // Whatever completes a task with a check runs it (or is refused).
        tx.set_prover(Box::new(crate::verify::Checker::new(
            self.store.target(),
            self.now.clone(),
            actor,
        )));
        Ok(Session {
            lock,
            today: self.now.get(..10).unwrap_or_default().to_string(),
            bytes: loaded.bytes,
            digest: loaded.digest,
            tx,
            rev,
            store: self.store.clone(),
        })
    }

    /// Save and record a session's change, and report it.
    pub(crate) fn finish(&self, session: Session, mut report: Report) -> Outcome {
        let rev = session.rev;
        match session.save() {
            Ok(saved) => {
                self.record(&saved, &mut report);
                saved.outcome(report)
            }
            Err(e) => Outcome {
                result: Err(e),
                rev: Some(rev),
                plan: None,
            },
        }
    }

    /// The plan file's real path: the key of its undo history.
    /// How this plan's checks run (`crate::verify`).
    pub(crate) fn check_settings(&self) -> crate::verify::Settings {
        crate::verify::Settings::new(self.real_path(), self.now.clone())
    }

    pub(crate) fn real_path(&self) -> std::path::PathBuf {
        let target = self.store.target();
        std::fs::canonicalize(&target).unwrap_or(target)
    }

    /// Append an undo entry for a saved change; a failure is a warning,
    /// never a lost change.
    pub(crate) fn record(&self, saved: &Saved, report: &mut Report) {
        let (Some(change), Some(written)) = (&saved.committed.change, &saved.written) else {
            return;
        };
        let Some(history) = &self.history else {
            report.warnings.push(
                "Warning: no data directory for undo history (set TODO_HISTORY_DIR); the change was made but cannot be undone.".into(),
            );
            return;
        };
        let plan = &saved.committed.plan;
        // What the file was, to link this entry to the one before: a file
        // todo wrote digests as that entry said; one changed outside todo
        // (even only in its layout) does not, and undo then says so.
        let prev = saved
            .digests
            .0
            .clone()
            .or_else(|| saved.before.as_deref().map(file_digest));
        let who = Who {
            actor: saved.actor,
            cmd: (saved.actor == Actor::Person)
                .then(|| crate::agent::seen::typed_command(&self.args)),
        };
        let result = Delta::of(change, plan).and_then(|undo| {
            history.record(
                &saved.lock,
                &self.real_path(),
                prev,
                (plan, written, saved.digests.1.as_deref()),
                // Its first line names the change (`Undid: …`); the
                // lines after it say what else happened.
                (report.message.lines().next().unwrap_or_default(), who),
                undo,
            )
        });
        if let Err(e) = result {
            report.warnings.push(format!(
                "Warning: could not record undo history in {}: {e}; the change was made but cannot be undone.",
                history.dir.display()
            ));
        }
    }
}

impl Session {
    /// The plan file as read (`None`: there was none).
    pub(crate) fn bytes(&self) -> Option<&[u8]> {
        self.bytes.as_deref()
    }

    /// The file as read and the plan as the ops so far leave it.
    pub(crate) fn view(&mut self) -> (Option<&[u8]>, &Plan) {
        (self.bytes.as_deref(), self.tx.plan())
    }

    pub(crate) fn lock(&self) -> &Lock {
        &self.lock
    }

    /// `rev` as read.
    pub(crate) fn rev(&self) -> u64 {
        self.rev
    }

    /// Give up: nothing is written; the error is reported at the rev read.
    pub(crate) fn fail(self, e: Error) -> Outcome {
        Outcome {
            result: Err(e),
            rev: Some(self.rev),
            plan: Some(self.tx.into_plan()),
        }
    }

    /// Commit the transaction and, if it changed anything, write the plan.
    pub(crate) fn save(self) -> Result<Saved> {
        let actor = self.tx.actor();
        let committed = self.tx.commit()?;
        let (written, digest) = match committed.change {
            Some(_) => {
                let (bytes, digest) = self.lock.save_over(
                    &self.store,
                    &committed.plan,
                    self.bytes.as_deref(),
                    &self.today,
                )?;
                (Some(bytes), Some(digest))
            }
            None => (None, None),
        };
        Ok(Saved {
            lock: self.lock,
            committed,
            written,
            before: self.bytes,
            digests: (self.digest, digest),
            actor,
        })
    }
}

impl Saved {
    /// The plan file as it now is: as written, or as read when nothing
    /// changed (`None`: there is none).
    pub(crate) fn file(&self) -> Option<&[u8]> {
        self.written.as_deref().or(self.before.as_deref())
    }

    /// The report of the change, with the plan for the edge.
    pub(crate) fn outcome(self, mut report: Report) -> Outcome {
        report.rev = self.committed.rev();
        report.changed = self.committed.change.is_some();
        Outcome {
            result: Ok(report),
            rev: Some(self.committed.rev()),
            plan: Some(self.committed.plan),
        }
    }
}

/// The id of the task in progress, if one is.
fn in_progress(plan: &Plan) -> Option<String> {
    plan.tasks()
        .find(|(_, _, t)| t.status == crate::plan::Status::InProgress && t.owner.is_none())
        .map(|(_, _, t)| t.id.clone())
}

/// The open tasks that open tasks need, by id and text. Empty, at no
/// cost, in a plan without needs.
fn needed(plan: &Plan) -> Vec<(String, String)> {
    if !plan.has_needs() {
        return Vec::new();
    }
    let mut wanted: rustc_hash::FxHashSet<&str> = Default::default();
    for (_, _, t) in plan.tasks() {
        if t.status.is_open() {
            wanted.extend(t.needs.iter().map(String::as_str));
        }
    }
    plan.tasks()
        .filter(|(_, _, t)| t.status.is_open() && wanted.contains(t.id.as_str()))
        .map(|(_, _, t)| (t.id.clone(), t.content.clone()))
        .collect()
}

/// A task other tasks needed was dropped or removed: say which open tasks
/// needed it, and what that means for them.
fn say_needed(plan: &Plan, before: Vec<(String, String)>, report: &mut Report) {
    for (id, content) in before {
        let gone = match plan.task_by_id(&id) {
            None => true,
            Some((_, t)) if t.status == crate::plan::Status::Abandoned => false,
            Some(_) => continue,
        };
        let waiting: Vec<String> = plan
            .needed_by(&id)
            .iter()
            .map(|t| format!("{} \"{}\"", t.id, t.content))
            .collect();
        if waiting.is_empty() {
            continue;
        }
        let them = waiting.join(", ");
        report.message.push(if gone {
            format!("{id} \"{content}\" was needed by {them}; it is gone, so they no longer wait for it.")
        } else {
            format!(
                "{id} \"{content}\" is needed by {them}: they wait until it is completed or the need is removed (todo needs TASK --remove {id})."
            )
        });
    }
}

/// When a change leaves another task in progress than before, and not one
/// the verb named (the one-in-progress rule started the next pending task
/// after `done`, `drop`, `rm` or `block`), the confirmation says which:
/// `Now in progress: <task>`, with its phase when that is another one.
fn say_started(plan: &Plan, before: Option<String>, report: &mut Report) {
    // `start` says it itself; `import`, `edit` and the rest set the plan
    // as they were given it.
    if !matches!(report.verb, "done" | "drop" | "rm" | "block") {
        return;
    }
    let Some(now) = in_progress(plan) else {
        return;
    };
    if before.as_deref() == Some(now.as_str()) || report.tasks.iter().any(|t| t.task.id == now) {
        return;
    }
    let Some((phase, task)) = plan.task_by_id(&now) else {
        return;
    };
    let same_phase = report.tasks.first().is_some_and(|t| t.phase_id == phase.id);
    let place = if same_phase || report.tasks.is_empty() && plan.phases.len() == 1 {
        String::new()
    } else {
        format!(" (in {})", phase.name)
    };
    report
        .message
        .push(format!("Now in progress: {}{place}", task.content));
}

/// Join a verb's words into a normalised query; empty is a usage error.
pub(crate) fn query(words: &[String]) -> Result<String> {
    normalize(&words.join(" ")).ok_or_else(|| Error::usage("The query is empty."))
}

/// Normalise text coming in; empty is a usage error naming what it was.
pub(crate) fn text(raw: &str, what: &str) -> Result<String> {
    normalize(raw).ok_or_else(|| Error::usage(format!("The {what} is empty.")))
}

pub(crate) const NO_TASK: &str = "No task matched \"{}\". Use todo to list current tasks.";
pub(crate) const NO_TARGET: &str = "No task or phase matched \"{}\".";

/// Resolve a query, turning a miss into the verb's own message.
pub(crate) fn find(plan: &Plan, query: &str, scope: Scope) -> Result<Target> {
    let template = if scope == Scope::Tasks {
        NO_TASK
    } else {
        NO_TARGET
    };
    matching::resolve(plan, query, scope).map_err(|e| missed(e, query, template))
}

/// A matching failure as the error a person sees; `template` is the
/// verb's no-match message with `{}` for the query.
pub(crate) fn missed(e: MatchError, query: &str, template: &str) -> Error {
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
            picks: Vec::new(),
        },
    }
}

/// The phase a `-p/--phase NAME` names: its exact name (any case) or its
/// id, else a new phase called NAME as typed. Never a query (docs/contract.md, "Matching a query").
pub(crate) fn named_phase(plan: &Plan, name: &str) -> Result<PhaseRef> {
    match matching::phase_by_name(plan, name) {
        Ok(Some(id)) => Ok(PhaseRef::Id(id)),
        Ok(None) => Ok(PhaseRef::New(name.to_string())),
        Err(e) => Err(missed(e, name, NO_PHASE)),
    }
}

/// A phase query (`append`'s and `mv`'s phase word): what it matches, or a
/// new phase called `new_name` when nothing does. A typo guess is not a
/// match: it is reported, and `-p` makes a new phase instead.
pub(crate) fn phase_query(plan: &Plan, query: &str, new_name: String) -> Result<PhaseRef> {
    match matching::resolve(plan, query, Scope::Phases) {
        Ok(Target::Phase(id)) => Ok(PhaseRef::Id(id)),
        Ok(Target::Task(_)) | Err(MatchError::NoMatch { .. }) => Ok(PhaseRef::New(new_name)),
        Err(e) => Err(missed(e, query, NO_PHASE_GUESS)),
    }
}

pub(crate) const NO_PHASE: &str = "No phase matched \"{}\".";
const NO_PHASE_GUESS: &str = "No phase matched \"{}\" (-p \"{}\" makes a new one).";

/// The task an op just touched, where the op left it.
pub(crate) fn at(plan: &Plan, pos: Option<TaskPos>) -> Result<(&Phase, &Task)> {
    pos.and_then(|pos| {
        Some((
            plan.phases.get(pos.phase)?,
            plan.phases.get(pos.phase)?.tasks.get(pos.task)?,
        ))
    })
    .ok_or_else(|| Error::bug("an op left its task nowhere"))
}

/// Look up a task id that matching just returned, without copying it
/// (or its phase: all of it, on a large plan).
pub(crate) fn task_ref<'p>(
    plan: &'p Plan,
    id: &str,
) -> Result<(&'p crate::plan::Phase, &'p crate::plan::Task)> {
    plan.task_by_id(id)
        .ok_or_else(|| Error::bug(format!("task {id} is gone after matching it")))
}
