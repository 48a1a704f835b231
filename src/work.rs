//! What the verbs and the agent adapters share: the [`Context`] a command
//! runs in, the one path of a change ([`Session`], [`Saved`]), how it ends
//! ([`Outcome`]), questions at the terminal, and the words a person types
//! turned into queries, texts and targets.

use std::fmt::Write as _;

use crate::error::{Error, Result};
use crate::history::{Delta, History, Who, file_digest};
use crate::matching::{self, Candidate, MatchError, Scope, Target};
use crate::output::{Output, Report};
use crate::plan::ops::PhaseRef;
use crate::plan::{Actor, By, Committed, Phase, Plan, Status, Task, TaskPos, Tx};
use crate::storage::{Lock, Store};
use crate::text::{Message, normalize};

/// What every verb gets from the edge: where the plan is, how to print,
/// and the global flags.
#[derive(Clone)]
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
    /// The current directory, read once at the start.
    pub cwd: std::path::PathBuf,
    /// Whether a person is at the keyboard (stdin and stderr are terminals,
    /// and the actor is not the agent): only then is a question asked.
    pub interactive: bool,
    /// `--yes`: go ahead with a large change without asking.
    pub yes: bool,
    /// Who acts, when `--as`/`TODO_ACTOR` says (docs/contract.md, "A plan a
    /// person and an agent share").
    pub actor: Option<Actor>,
    /// The time recorded in `at` (RFC 3339; `TODO_NOW` overrides it).
    pub now: String,
    /// Who holds a claim when `--owner` does not say (`TODO_OWNER`), and
    /// the person's login name (`$USER`, `$LOGNAME`, `$USERNAME`).
    pub owner: Option<String>,
    pub user: Option<String>,
    /// Whether a claim takes its lease on the git remote when the plan
    /// keeps leases there (off: `todo claim --local`).
    pub leases: bool,
    /// The command line as typed, without the program name: a person's
    /// change is named by it to the agent (docs/contract.md, "Agent hooks, setup and restore").
    pub args: Vec<String>,
}

/// A change to more than this many tasks is asked about first, at a
/// terminal (taskwarrior's `bulk=3`).
pub(crate) const BULK: usize = 3;

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

/// How a verb ended: its report or its error, the plan's `rev` as last
/// seen (for the error report too), and the plan itself, handed to the edge
/// to free or not (see `main.rs`).
pub(crate) struct Outcome {
    pub result: Result<Report>,
    pub rev: Option<u64>,
    pub plan: Option<Plan>,
}

impl Outcome {
    pub(crate) fn new(result: Result<Report>, rev: Option<u64>, plan: Option<Plan>) -> Outcome {
        Outcome { result, rev, plan }
    }

    /// An outcome from a verb that never read the plan.
    pub(crate) fn of(result: Result<Report>) -> Outcome {
        Outcome::new(result, None, None)
    }
}

/// A change that could not begin, with the `rev` read if it got so far.
pub(crate) struct Failed {
    pub error: Error,
    pub rev: Option<u64>,
}

impl Failed {
    fn new(error: impl Into<Error>, rev: Option<u64>) -> Failed {
        Failed {
            error: error.into(),
            rev,
        }
    }
}

impl From<Failed> for Outcome {
    fn from(failed: Failed) -> Outcome {
        Outcome::new(Err(failed.error), failed.rev, None)
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
    /// The claims in the plan as read: a claim the change makes takes its
    /// lease on the git remote, if the plan keeps leases there.
    claimed: crate::lease::Claimed,
    now: String,
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
    /// What releasing the leases the change ended could not do.
    warnings: Vec<String>,
    /// The digests of the file as it was (when taken) and as written, for
    /// the history: each taken once.
    digests: (Option<String>, Option<String>),
    actor: Actor,
}

impl Context {
    /// The same context on another plan file (a hook's, found from the
    /// directory its agent works in).
    pub(crate) fn with_store(&self, mut store: Store) -> Context {
        store.revs = self.store.revs.clone();
        Context {
            store,
            ..self.clone()
        }
    }

    /// The owner of a claim when none is given: `TODO_OWNER`, else the
    /// person's login name (else `person`), or `agent` for an agent.
    pub(crate) fn default_owner(&self, actor: Actor) -> String {
        let user = self.user.clone().filter(|_| actor == Actor::Person);
        self.owner
            .clone()
            .or(user)
            .unwrap_or_else(|| actor.as_str().into())
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
        Outcome::new(verb(&plan), Some(plan.rev), Some(plan))
    }

    /// The one path of a change: lock, read, check, apply the verb's ops
    /// in a transaction, commit, save, record history, report. Nothing is
    /// written when the verb fails or changes nothing.
    pub(crate) fn change(&self, verb: impl FnOnce(&mut Tx) -> Result<Report>) -> Outcome {
        let mut session = match self.begin() {
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
        let lock = self.store.lock().map_err(|e| Failed::new(e, None))?;
        let loaded = self.store.load().map_err(|e| Failed::new(e, None))?;
        let rev = loaded.plan.rev;
        lock.check_writable(&self.store)
            .map_err(|e| Failed::new(e, Some(rev)))?;
        if let Some(want) = self.if_rev
            && rev != want
        {
            return Err(Failed::new(
                Error::RevMismatch { have: rev, want },
                Some(rev),
            ));
        }
        let actor = self.actor.unwrap_or(default);
        let mut claimed = crate::lease::Claimed::of(&loaded.plan);
        claimed.leases = self.leases;
        let mut tx = self.tx_as(loaded.plan, actor);
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
            claimed,
            now: self.now.clone(),
        })
    }

    /// A transaction on `plan` whose changes `actor` makes, now.
    pub(crate) fn tx_as(&self, plan: Plan, actor: Actor) -> Tx {
        let mut tx = Tx::new(plan);
        tx.set_by(By {
            actor,
            now: self.now.clone(),
        });
        tx
    }

    /// Save and record a session's change, and report it.
    pub(crate) fn finish(&self, session: Session, mut report: Report) -> Outcome {
        let rev = session.rev;
        match session.save() {
            Ok(saved) => {
                self.record(&saved, &mut report);
                saved.outcome(report)
            }
            Err(error) => Failed::new(error, Some(rev)).into(),
        }
    }

    /// How this plan's checks run (`crate::verify`).
    pub(crate) fn check_settings(&self) -> crate::verify::Settings {
        crate::verify::Settings::new(self.real_path(), self.now.clone())
    }

    /// The plan file's real path: the key of its undo history.
    pub(crate) fn real_path(&self) -> std::path::PathBuf {
        crate::storage::real_path(&self.store.target())
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
            cmd: (saved.actor == Actor::Person).then(|| typed_command(&self.args)),
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
        match result {
            Err(e) => report.warnings.push(format!(
                "Warning: could not record undo history in {}: {e}; the change was made but cannot be undone.",
                history.dir.display()
            )),
            Ok(()) => {
                if let Some(revs) = &self.store.revs {
                    let _ = revs.unrecorded(&self.real_path(), None);
                }
            }
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
        Outcome::new(Err(e), Some(self.rev), Some(self.tx.into_plan()))
    }

    /// Commit the transaction and, if it changed anything, write the plan.
    pub(crate) fn save(self) -> Result<Saved> {
        let actor = self.tx.actor();
        let committed = self.tx.commit()?;
        // A change that ends a lease this clone holds on the git remote
        // (the task done, dropped, removed or released) is refused when the
        // lease changed hands, and releases it once written.
        let ending = match committed.change {
            Some(_) => crate::lease::ending(&self.store.target(), &committed.plan)?,
            None => None,
        };
        // A claim made through any surface (`apply`, MCP, a batch) takes
        // its lease before the plan says so.
        if committed.change.is_some() {
            let plan_path = self.store.target();
            let by = (actor.as_str(), self.now.as_str());
            (self.claimed).take_new(&plan_path, &committed.plan, by)?;
        }
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
        let warnings = ending.map(crate::lease::Ending::settle);
        Ok(Saved {
            warnings: warnings.unwrap_or_default(),
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
        let rev = self.committed.plan.rev;
        report.rev = rev;
        report.changed = self.committed.change.is_some();
        report.warnings.extend(self.warnings);
        Outcome::new(Ok(report), Some(rev), Some(self.committed.plan))
    }
}

/// The id of the task in progress, if one is.
fn in_progress(plan: &Plan) -> Option<String> {
    plan.tasks()
        .find(|(_, _, t)| t.status == Status::InProgress && t.owner.is_none())
        .map(|(_, _, t)| t.id.clone())
}

/// The open tasks that open tasks need, by id and name. Empty, at no
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
        .map(|(_, _, t)| (t.id.clone(), t.name()))
        .collect()
}

/// A task other tasks needed was dropped or removed: say which open tasks
/// needed it, and what that means for them.
fn say_needed(plan: &Plan, before: Vec<(String, String)>, report: &mut Report) {
    for (id, name) in before {
        let gone = match plan.task_by_id(&id) {
            None => true,
            Some((_, t)) if t.status == Status::Abandoned => false,
            Some(_) => continue,
        };
        let waiting: Vec<String> = plan.needed_by(&id).iter().map(|t| t.name()).collect();
        if waiting.is_empty() {
            continue;
        }
        let them = waiting.join(", ");
        report.message.push(if gone {
            format!("{name} was needed by {them}; it is gone, so they no longer wait for it.")
        } else {
            format!(
                "{name} is needed by {them}: they wait until it is completed or the need is removed (todo needs TASK --remove {id})."
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
    text(&words.join(" "), "query")
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
        let phase = plan.phases.get(pos.phase)?;
        Some((phase, phase.tasks.get(pos.task)?))
    })
    .ok_or_else(|| Error::bug("an op left its task nowhere"))
}

/// Look up a task id that matching just returned, without copying it
/// (or its phase: all of it, on a large plan).
pub(crate) fn task_ref<'p>(plan: &'p Plan, id: &str) -> Result<(&'p Phase, &'p Task)> {
    plan.task_by_id(id)
        .ok_or_else(|| Error::bug(format!("task {id} is gone after matching it")))
}

/// Global flags that take a value (`--file PATH`): left out of a command
/// as typed, with their value.
pub(crate) const VALUE_FLAGS: [&str; 4] = ["--file", "--if-rev", "--color", "--as"];
const BARE_FLAGS: [&str; 3] = ["--json", "--quiet", "-q"];
/// The longest command named; longer ones are cut with `…`.
const MAX_COMMAND: usize = 80;

/// A person's command as typed, for the agent (`todo rm t3`), without the
/// global flags; `todo rm`, `todo done` and `todo drop` with nothing named
/// act on everything: `todo rm (all)`, as oh-my-pi names it.
pub(crate) fn typed_command(args: &[String]) -> String {
    let mut words: Vec<&str> = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let a = arg.as_str();
        let with_value = |f: &&str| a.strip_prefix(f).is_some_and(|rest| rest.starts_with('='));
        if VALUE_FLAGS.contains(&a) {
            iter.next();
        } else if !BARE_FLAGS.contains(&a) && !VALUE_FLAGS.iter().any(with_value) {
            words.push(a);
        }
    }
    let mut out = String::from("todo");
    for w in &words {
        let spaced = w.is_empty() || w.chars().any(char::is_whitespace);
        let q = if spaced { "\"" } else { "" };
        let _ = write!(out, " {q}{w}{q}");
    }
    let named = words.iter().skip(1).any(|w| !w.starts_with('-'));
    if matches!(words.first(), Some(&("rm" | "done" | "drop"))) && !named {
        out.push_str(" (all)");
    }
    crate::text::clipped(&out, MAX_COMMAND, str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(args: &[&str]) -> String {
        typed_command(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_command_is_named_as_typed_without_global_flags() {
        assert_eq!(typed(&["rm", "t3"]), "todo rm t3");
        assert_eq!(typed(&["rm"]), "todo rm (all)");
        assert_eq!(
            typed(&["--json", "done", "--file", "x.json"]),
            "todo done (all)"
        );
        assert_eq!(typed(&["--as=person", "drop", "oauth"]), "todo drop oauth");
        assert_eq!(
            typed(&["append", "api", "add health check"]),
            "todo append api \"add health check\""
        );
        assert_eq!(typed(&["append", "a"]), "todo append a");
        assert!(typed(&["note", "t1", &"x".repeat(200)]).ends_with('…'));
    }
}
