//! Everything that can go wrong, as kinds of the domain: each with its exit
//! status (docs/contract.md, "Exit status"), stable `error.code` and `error.kind` strings for
//! `--json`, and an optional hint (the way out) kept apart from the message.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::clipboard::ClipboardError;
pub(crate) use crate::conflict::git::GitError;
use crate::exit_codes::ExitCode;
use crate::matching::{Candidate, Target};
use crate::merge::Overflow;
use crate::plan::ops::{OpError, Refusal};
pub(crate) use crate::storage::{self, PathAction};
use crate::text::Message;
use serde_json::{Value, json};
use storage::StorageError;

pub(crate) use crate::platform::{ToolProblem, io_reason};

pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

// The hints a kind's message ends with, said once for the message and for
// `error.hint` ([`Error::hint`]).
const UNDO_ANYWAY: &str = "Look at it, then run `todo undo --force` to undo anyway.";
const CLEAR_ON_PURPOSE: &str = "To clear the plan on purpose, run: todo rm";
const SET_EDITOR: &str = "Set $VISUAL or $EDITOR environment variable.";
const SETUP_INSIDE: &str = "Run todo git-setup inside the repository.";

/// What went wrong: its names and exit status are [`Error::entry`]'s, its
/// hint [`Error::hints`]'s. A kind whose lines [`Error::message`] builds
/// displays as them, so that its text is written once.
#[derive(Debug, Error)]
pub(crate) enum Error {
    /// Bad flags or arguments, or text that is empty once normalised.
    #[error("{0}")]
    Usage(String),

    /// No task or phase matched; the message is the verb's own. With
    /// `guess`, typo tolerance found `suggestion` and a person may confirm
    /// it (docs/contract.md, "Matching a query"); otherwise the suggestion is only a hint.
    #[error("{}", self.message())]
    NoMatch {
        message: String,
        query: String,
        suggestion: Option<Box<Candidate>>,
        guess: bool,
    },

    /// A query that matches several items it cannot tell apart. `picks`
    /// is, for each candidate in order, the command line that names it by
    /// id (empty when not known).
    #[error("{}", ambiguous(query, candidates, picks))]
    Ambiguous {
        query: String,
        candidates: Vec<Candidate>,
        picks: Vec<String>,
    },

    /// `todo apply` failed: the error, and the plan it left unchanged (as
    /// Markdown) so that an agent can correct its next batch.
    #[error("{source}\n\nThe plan is unchanged:\n{}", if plan.is_empty() { "(empty)" } else { plan.trim_end() })]
    Unchanged { source: Box<Error>, plan: String },

    #[error("The plan is at rev {have}, not {want} (--if-rev); nothing was changed.")]
    RevMismatch { have: u64, want: u64 },

    /// The plan changed while `todo edit` had the editor open.
    #[error("{}", self.message())]
    ChangedDuringEdit { kept: String },

    #[error(
        "{}; undo would throw that away.\n{UNDO_ANYWAY}",
        if *unrecorded {
            format!("The plan file was last changed by a todo command that was stopped before it recorded the change for undo (after \"{last}\")")
        } else {
            format!("The plan file was changed outside todo since its last change (\"{last}\")")
        }
    )]
    ChangedOutsideTodo { last: String, unrecorded: bool },

    #[error("Cannot undo \"{last}\": the tasks it changed were edited outside todo since.")]
    UndoOverwritten { last: String },

    /// `todo resolve` could not merge the conflict: what needs a person,
    /// one line each; nothing was written.
    #[error("{}", self.message())]
    CannotResolve {
        path: PathBuf,
        problems: Vec<String>,
    },

    /// An id counter or `rev` is at its limit: the change would repeat an
    /// id or a rev. `merging` names the file `merge-file` left as it was.
    #[error("{which} {}", match merging {
        Some(ours) => format!("Nothing was merged; {ours} is unchanged."),
        None => "Nothing was changed.".to_string(),
    })]
    CounterSpent {
        which: Overflow,
        merging: Option<String>,
    },

    #[error(
        "Could not import {from}: it has no headings and no tasks; the plan was left as it was.\n{CLEAR_ON_PURPOSE}"
    )]
    EmptyImport { from: String },

    /// `todo import` of an agent's session file that holds no list to
    /// restore (none, only malformed ones, or an empty latest one).
    #[error("Could not import {from}: {why}; the plan was left as it was.")]
    NoSnapshot { from: String, why: String },

    /// Unparsable Markdown or JSON input, or a bad `--into` region: the
    /// problems, each with its place.
    #[error("{0}")]
    Invalid(String),

    /// The plan file, its lock, or a path todo chose.
    #[error(transparent)]
    Storage(#[from] StorageError),

    #[error("Failed to read todos: {from}: {why}")]
    ImportUnreadable { from: String, why: String },

    #[error("No data directory for undo history; set TODO_HISTORY_DIR.")]
    NoHistoryDir,

    #[error("No editor configured. {SET_EDITOR}")]
    NoEditor,

    /// The editor could not run or failed; `kept` is where what the person
    /// saved before that is kept.
    #[error("{}", self.message())]
    Editor {
        command: String,
        problem: ToolProblem,
        kept: Option<PathBuf>,
    },

    /// The clipboard command (`TODO_CLIPBOARD` or the one found) failed.
    #[error("{}", clipboard(.0))]
    Clipboard(#[from] ClipboardError),

    #[error(transparent)]
    Git(#[from] GitError),

    /// A lease on the git remote (docs/several-machines.md).
    #[error(transparent)]
    Lease(#[from] crate::lease::LeaseError),

    #[error("Not in a git repository: no .git in {} or above. {SETUP_INSIDE}", cwd.display())]
    NotARepository { cwd: PathBuf },

    /// A change the plan's rules refuse (docs/contract.md, "A plan a person
    /// and an agent share"): a duplicate, a `Refused (code)`, …
    #[error(transparent)]
    Op(OpError),

    #[error("Nothing to undo.")]
    NothingToUndo,

    /// The plan changed between a question at the terminal and the answer:
    /// what was asked about is not what would happen now.
    #[error("The plan changed while you answered; nothing was changed.")]
    ChangedWhileAsked,

    /// A person answered no (or Enter, or end of input) to a question at
    /// the terminal: nothing changed.
    #[error("Nothing changed.")]
    Declined,

    /// An internal invariant broke: never the user's doing.
    #[error("Internal error: {0}.")]
    Bug(String),

    /// A failing line of `todo batch`: its number, and its own error.
    #[error("Line {line}: {source}")]
    AtLine { line: usize, source: Box<Error> },
}

impl ToolProblem {
    /// As the editor's failure.
    fn message(&self, editor: &str) -> String {
        match self {
            ToolProblem::Split(e) => format!("Cannot split the editor command \"{editor}\": {e}"),
            ToolProblem::Empty => "The editor command is empty.".into(),
            ToolProblem::Start(why) => {
                format!("Could not start editor \"{editor}\": {why}; todos unchanged.")
            }
            ToolProblem::Failed(status) => {
                format!("Editor \"{editor}\" exited with {status}; todos unchanged.")
            }
        }
    }
}

fn clipboard(ClipboardError { command, problem }: &ClipboardError) -> String {
    match problem {
        ToolProblem::Split(e) => format!("Cannot split TODO_CLIPBOARD \"{command}\": {e}"),
        ToolProblem::Empty => "TODO_CLIPBOARD is empty.".into(),
        ToolProblem::Start(why) => {
            format!("Clipboard command \"{command}\" failed: cannot start it ({why})")
        }
        ToolProblem::Failed(why) => format!("Clipboard command \"{command}\" failed: {why}"),
    }
}

/// The ambiguity message: the query, one line per candidate (with the
/// command that picks it, when known), the way out.
fn ambiguous(query: &str, candidates: &[Candidate], picks: &[String]) -> Message {
    const SHOWN: usize = 10;
    let mut out = Message::from(format!("\"{query}\" is ambiguous; it matches:"));
    for (i, c) in candidates.iter().take(SHOWN).enumerate() {
        let line = format!("  {}", describe(c));
        out.push(match picks.get(i) {
            Some(pick) => format!("{line}  →  {pick}"),
            None => line,
        });
    }
    if candidates.len() > SHOWN {
        out.push(format!("  … and {} more", candidates.len() - SHOWN));
    }
    out
}

/// A candidate as a person reads it: id, text, and where it is.
pub(crate) fn describe(c: &Candidate) -> String {
    match (&c.target, &c.phase, c.status) {
        (Target::Task(_), Some(phase), Some(status)) => {
            format!("{}  {}  (in {phase}, {})", c.id(), c.text, status.words())
        }
        _ => format!("{}  {}  (phase)", c.id(), c.text),
    }
}

impl From<crate::editor::EditorError> for Error {
    fn from(e: crate::editor::EditorError) -> Error {
        match e {
            crate::editor::EditorError::Io { context, source } => Error::io(context, source),
            crate::editor::EditorError::Tool { command, problem } => Error::Editor {
                command,
                problem,
                kept: None,
            },
        }
    }
}

impl From<crate::output::WriteError> for Error {
    fn from(e: crate::output::WriteError) -> Error {
        Error::io(e.to_string(), e.0)
    }
}

impl Error {
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Self {
        Error::Storage(StorageError::io(context, source))
    }

    pub(crate) fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// A query that matched nothing, with no guess to offer.
    pub(crate) fn no_match(message: String, query: impl Into<String>) -> Self {
        Error::NoMatch {
            message,
            query: query.into(),
            suggestion: None,
            guess: false,
        }
    }

    /// A broken internal invariant: exit 70, and a request to report it.
    pub(crate) fn bug(what: impl Into<String>) -> Self {
        Error::Bug(what.into())
    }

    /// The one table: each kind's exit status (docs/contract.md, "Exit status"), its `error.code`
    /// for `--json` and its `error.kind`. `code` is the stable name scripts
    /// read (for the kinds that came first, the name of their class:
    /// `refused`, `conflict`, `invalid_input`, `environment`); `kind` names
    /// the exact kind. Both never change once given.
    fn entry(&self) -> (ExitCode, &'static str, &'static str) {
        use ExitCode as X;
        match self {
            Error::Usage(_) => (X::Usage, "usage", "usage"),
            Error::NoMatch { .. } => (X::NoMatch, "no_match", "no_match"),
            Error::Ambiguous { .. } => (X::NoMatch, "ambiguous", "ambiguous"),
            Error::RevMismatch { .. } => (X::Conflict, "conflict", "rev_mismatch"),
            Error::ChangedDuringEdit { .. } => (X::Conflict, "conflict", "changed_during_edit"),
            Error::ChangedOutsideTodo { .. } => (X::Conflict, "conflict", "changed_outside_todo"),
            Error::UndoOverwritten { .. } => (X::Conflict, "conflict", "undo_overwritten"),
            Error::Storage(e) => {
                use StorageError as S;
                match e {
                    S::LockTimeout { .. } => (X::Conflict, "lock_timeout", "lock_timeout"),
                    S::BrokenPlan { .. } => (X::Invalid, "broken_plan", "broken_plan"),
                    S::MergeConflict { .. } => (X::Invalid, "merge_conflict", "merge_conflict"),
                    S::Io { .. } => (X::Environment, "io", "io"),
                    S::ReadOnlyPlan { .. } => (X::Environment, "environment", "read_only_plan"),
                    S::PathRefused { .. } => (X::Environment, "environment", "path_refused"),
                }
            }
            Error::CannotResolve { .. } => (X::Invalid, "cannot_resolve", "cannot_resolve"),
            Error::CounterSpent { .. } => (X::Invalid, "invalid_input", "counter_spent"),
            Error::EmptyImport { .. } => (X::Invalid, "invalid_input", "empty_import"),
            Error::NoSnapshot { .. } => (X::Invalid, "invalid_input", "no_snapshot"),
            Error::Invalid(_) => (X::Invalid, "invalid_input", "invalid_input"),
            Error::ImportUnreadable { .. } => (X::Environment, "environment", "import_unreadable"),
            Error::NoHistoryDir => (X::Environment, "environment", "no_history_dir"),
            Error::NoEditor => (X::Environment, "environment", "no_editor"),
            Error::Editor { .. } => (X::Environment, "environment", "editor_failed"),
            Error::Clipboard(_) => (X::Environment, "environment", "clipboard_failed"),
            Error::NotARepository { .. } => (X::Environment, "environment", "not_a_repository"),
            Error::Git(GitError::Unavailable { .. }) => {
                (X::Environment, "environment", "git_unavailable")
            }
            Error::Git(GitError::Failed { .. }) => (X::Environment, "environment", "git_failed"),
            Error::Lease(e) => {
                use crate::lease::LeaseError as L;
                match e {
                    L::Unreachable { .. } => (
                        X::RemoteUnreachable,
                        "remote_unreachable",
                        "remote_unreachable",
                    ),
                    L::Refused { .. } => (
                        X::RemoteUnreachable,
                        "remote_unreachable",
                        "lease_ref_refused",
                    ),
                    L::Broken { .. } => (X::Invalid, "invalid_input", "lease_ref_broken"),
                    L::Claimed(_) => (X::Refused, "claimed", "leased"),
                    L::Lost { .. } => (X::Refused, "lease_lost", "lease_lost"),
                    L::Busy => (X::Conflict, "conflict", "leases_busy"),
                    L::NoRemote(_) => (X::Usage, "usage", "no_lease_remote"),
                    L::Setting(_) => (X::Usage, "usage", "bad_lease_setting"),
                    L::Git(_) => (X::Environment, "environment", "lease_git_failed"),
                    L::Io { .. } => (X::Environment, "io", "lease_io"),
                }
            }
            Error::Op(e) => match e {
                OpError::Duplicate(_) => (X::Refused, "refused", "duplicate"),
                OpError::DuplicatePhase(_) => (X::Refused, "refused", "phase_name_taken"),
                OpError::BlockFinished { .. } => (X::Refused, "refused", "block_finished"),
                OpError::Refused { code, .. } => {
                    let exit = match code {
                        Refusal::PlanMissingItem => X::NoMatch,
                        Refusal::PlanBadPosition | Refusal::PlanInvalid => X::Invalid,
                        Refusal::CheckFailed => X::CheckFailed,
                        _ => X::Refused,
                    };
                    (exit, code.as_str(), code.as_str())
                }
                // Made into other kinds by `From<OpError>`.
                OpError::NoTask(_)
                | OpError::NoPhase(_)
                | OpError::NoObjective(_)
                | OpError::RevSpent => (X::Bug, "bug", "bug"),
            },
            Error::NothingToUndo => (X::Refused, "refused", "nothing_to_undo"),
            Error::Declined => (X::Refused, "refused", "declined"),
            Error::ChangedWhileAsked => (X::Conflict, "conflict", "changed_while_asked"),
            Error::Bug(_) => (X::Bug, "bug", "bug"),
            Error::AtLine { source, .. } | Error::Unchanged { source, .. } => source.entry(),
        }
    }

    pub(crate) fn exit_code(&self) -> u8 {
        self.entry().0.code()
    }

    pub(crate) fn code(&self) -> &'static str {
        self.entry().1
    }

    pub(crate) fn kind(&self) -> &'static str {
        self.entry().2
    }

    /// The way out, if there is one to tell: `--json` gives it as
    /// `error.hint`. See [`Error::hint_apart`] for what a person sees.
    pub(crate) fn hint(&self) -> Option<String> {
        self.hints().map(|(hint, _)| hint)
    }

    /// The hint when a person sees it on a line of its own after the
    /// message (`Hint: …`). The others are for `--json` only: the message a
    /// person reads already says it in its own words (most often as its
    /// last sentence, as before hints were apart, and tests pin it there).
    pub(crate) fn hint_apart(&self) -> Option<String> {
        self.hints()
            .filter(|(_, apart)| *apart)
            .map(|(hint, _)| hint)
    }

    /// Each kind's hint, and whether it stands apart from the message.
    fn hints(&self) -> Option<(String, bool)> {
        let apart = |hint: &str| Some((hint.to_string(), true));
        let json_only = |hint: &str| Some((hint.to_string(), false));
        match self {
            Error::Ambiguous { candidates, .. } => apart(&format!(
                "Use an id (such as {}) or more words.",
                candidates.first().map_or("t1", Candidate::id)
            )),
            Error::NoMatch { suggestion, .. } => json_only(&match suggestion {
                Some(c) => format!("Use {} if that is the one.", c.id()),
                None => "`todo show --ids` lists the tasks and phases with their ids.".into(),
            }),
            Error::RevMismatch { .. } => apart("Read it again and retry."),
            Error::ChangedWhileAsked => {
                apart("Run the command again to see what it would change now.")
            }
            Error::ChangedDuringEdit { kept } => json_only(&format!(
                "Run `todo edit` again and copy your changes in, or `todo import {kept}` to replace the plan with it."
            )),
            Error::ChangedOutsideTodo { .. } => json_only(UNDO_ANYWAY),
            Error::Storage(StorageError::BrokenPlan { .. }) => json_only(storage::FIX_THE_FILE),
            Error::Storage(StorageError::MergeConflict { .. }) => {
                apart("Run `todo resolve` to merge both sides by task id.")
            }
            Error::CannotResolve { .. } => apart(
                "Fix what is listed (or edit the file by hand), then run `todo resolve` again.",
            ),
            Error::EmptyImport { .. } => json_only(CLEAR_ON_PURPOSE),
            Error::Storage(StorageError::ReadOnlyPlan { .. }) => json_only(storage::MAKE_WRITABLE),
            Error::Storage(StorageError::PathRefused {
                action: PathAction::WritePlan,
                ..
            }) => apart("To use it there, name it with --file or TODO_FILE."),
            Error::NoHistoryDir => json_only("Set TODO_HISTORY_DIR."),
            Error::NoEditor => json_only(SET_EDITOR),
            Error::NotARepository { .. } => json_only(SETUP_INSIDE),
            Error::Git(GitError::Unavailable { .. }) => {
                json_only("Install git and make sure it is on PATH.")
            }
            Error::Lease(e) => e.hint().and_then(apart),
            Error::Bug(_) => {
                apart("This is a bug in todo; please report it, with the command that led here.")
            }
            Error::AtLine { source, .. } | Error::Unchanged { source, .. } => source.hints(),
            _ => None,
        }
    }

    /// What a person reads: the message's lines, then the hint on its own
    /// line when it stands apart.
    pub(crate) fn for_person(&self) -> Message {
        let mut out = self.message();
        if let Some(hint) = self.hint_apart() {
            out.push(format!("Hint: {hint}"));
        }
        out
    }

    /// The message as lines for a person (docs/contract.md, "Verbs and what they print"): the same text as
    /// `to_string()`, with each line break known to be ours, so that text
    /// from the plan or the command line stays inside its line.
    pub(crate) fn message(&self) -> Message {
        match self {
            // The verb's message is one line; the guess continues it.
            Error::NoMatch {
                message,
                suggestion,
                ..
            } => {
                let mut out = Message::from(message.as_str());
                if let Some(c) = suggestion {
                    out.extend_line(&format!(" Did you mean \"{}\" ({})?", c.text, c.id()));
                }
                out
            }
            Error::Ambiguous {
                query,
                candidates,
                picks,
            } => ambiguous(query, candidates, picks),
            Error::Editor {
                command,
                problem,
                kept,
            } => std::iter::once(problem.message(command))
                .chain(kept.iter().map(|k| format!("Your text is kept in {}", k.display())))
                .collect(),
            Error::Storage(StorageError::BrokenPlan { .. })
            | Error::ChangedOutsideTodo { .. }
            | Error::EmptyImport { .. } => {
                // Two lines: the last break is ours, any other is text.
                let full = self.to_string();
                match full.rsplit_once('\n') {
                    Some((head, tail)) => [head, tail].into_iter().collect(),
                    None => Message::from(full),
                }
            }
            Error::ChangedDuringEdit { kept } => [
                "The plan changed while the editor was open; your edit was not applied."
                    .to_string(),
                format!("Your text is kept in {kept}"),
                self.hint().unwrap_or_default(),
            ]
            .into_iter()
            .collect(),
            Error::AtLine { line, source } => {
                let inner = source.message();
                let mut lines = inner.lines();
                let first = lines.next().map(|l| format!("Line {line}: {l}"));
                first.into_iter().chain(lines.map(str::to_string)).collect()
            }
            // A refusal's lines are its own; a task's or a command's text
            // stays inside its line.
            Error::Op(OpError::Refused { code, message }) => message
                .clone()
                .prefixed(&format!("Refused ({}): ", code.as_str())),
            // Our own messages: every newline in them is a line break of ours.
            // (git's own lines among them.)
            Error::Usage(s) | Error::Invalid(s) => Message::of_lines(s),
            Error::Git(GitError::Failed { .. }) => Message::of_lines(&self.to_string()),
            // Our lines; a problem's own text stays inside its line.
            Error::CannotResolve { path, problems } => std::iter::once(format!(
                "Cannot resolve the merge conflict in {}; nothing was written. What needs a person:",
                path.display()
            ))
            .chain(problems.iter().map(|p| format!("  {p}")))
            .collect(),
            // One line: a newline in a path or a name is text.
            _ => Message::from(self.to_string()),
        }
    }

    /// Is this the reader of our output going away (`todo | head -1`)?
    pub(crate) fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Storage(StorageError::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// How a verb reports a failed op. Verbs resolve ids before they build
/// ops, so an id an op cannot find is a bug, not the user's doing.
impl From<OpError> for Error {
    fn from(e: OpError) -> Self {
        match e {
            OpError::NoTask(_) | OpError::NoPhase(_) | OpError::NoObjective(_) => {
                Error::Bug(e.to_string())
            }
            OpError::RevSpent => Error::CounterSpent {
                which: Overflow::Rev,
                merging: None,
            },
            e => Error::Op(e),
        }
    }
}

fn candidate_json(c: &Candidate) -> Value {
    let kind = match c.target {
        Target::Task(_) => "task",
        Target::Phase(_) => "phase",
    };
    let mut v = json!({ "kind": kind, "id": c.id(), "text": c.text });
    if let Some(p) = &c.phase {
        v["phase"] = json!(p);
    }
    if let Some(s) = c.status {
        v["status"] = json!(s.as_str());
    }
    v
}

/// The `--json` object of an error (also an MCP tool's error reply).
pub(crate) fn error_json(verb: &str, rev: Option<u64>, err: &Error) -> Value {
    let mut error = json!({
        "code": err.code(),
        "kind": err.kind(),
        "exit": err.exit_code(),
    });
    if let Some(hint) = err.hint() {
        error["hint"] = json!(hint);
    }
    let mut add = |key: &str, value: Value| error[key] = value;
    match err {
        Error::Unchanged { plan, .. } => add("unchanged", json!(plan)),
        Error::RevMismatch { have, want } => {
            add("have", json!(have));
            add("want", json!(want));
        }
        Error::Ambiguous { candidates, .. } => {
            add(
                "candidates",
                candidates.iter().map(candidate_json).collect(),
            );
        }
        Error::NoMatch {
            suggestion: Some(c),
            guess,
            ..
        } => {
            add("suggestion", candidate_json(c));
            add("guess", json!(guess));
        }
        Error::Storage(StorageError::BrokenPlan {
            line, column, path, ..
        }) => {
            add("path", json!(path.display().to_string()));
            add("line", json!(line));
            add("column", json!(column));
        }
        Error::Storage(StorageError::MergeConflict { path, sign }) => {
            add("path", json!(path.display().to_string()));
            if let crate::conflict::Sign::Markers { line } = sign {
                add("line", json!(line));
            }
        }
        Error::CannotResolve { problems, .. } => add("problems", json!(problems)),
        _ => {}
    }
    json!({
        "ok": false,
        "verb": verb,
        "message": err.to_string(),
        "rev": rev,
        "error": error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::MatchError;
    use crate::plan::Status;
    use crate::work::{NO_TASK, missed};

    /// The refusals tried, each with the exit status its code has, and the
    /// code, which is both its `error.code` and its `error.kind`.
    const REFUSALS: [(Refusal, u8, &str); 9] = [
        (Refusal::OpNotAllowed, 7, "op-not-allowed"),
        (Refusal::StepLocked, 7, "step-locked"),
        (Refusal::PersonOnly, 7, "person-only"),
        (Refusal::SetByPerson, 7, "set-by-person"),
        (Refusal::UnlockedByPerson, 7, "unlocked-by-person"),
        (Refusal::PlanMissingItem, 3, "plan-missing-item"),
        (Refusal::PlanBadPosition, 5, "plan-bad-position"),
        (Refusal::PlanTooLarge, 7, "plan-too-large"),
        (Refusal::PlanInvalid, 5, "plan-invalid"),
    ];

    /// Which kind an error is, and the exit status, `error.code` and
    /// `error.kind` it must have. Written out here, apart from the table in
    /// [`Error::entry`], so that a change to the table is a change to this.
    /// Exhaustive: a new kind does not compile until it is named here, and
    /// then [`every_kind`] must hold it.
    fn expected(err: &Error) -> (usize, (u8, &'static str, &'static str)) {
        use storage::StorageError as S;
        match err {
            Error::Usage(_) => (0, (2, "usage", "usage")),
            Error::NoMatch { .. } => (1, (3, "no_match", "no_match")),
            Error::Ambiguous { .. } => (2, (3, "ambiguous", "ambiguous")),
            Error::RevMismatch { .. } => (3, (4, "conflict", "rev_mismatch")),
            Error::ChangedDuringEdit { .. } => (4, (4, "conflict", "changed_during_edit")),
            Error::ChangedOutsideTodo { .. } => (5, (4, "conflict", "changed_outside_todo")),
            Error::UndoOverwritten { .. } => (6, (4, "conflict", "undo_overwritten")),
            Error::ChangedWhileAsked => (7, (4, "conflict", "changed_while_asked")),
            Error::Storage(S::LockTimeout { .. }) => (8, (4, "lock_timeout", "lock_timeout")),
            Error::Storage(S::BrokenPlan { .. }) => (9, (5, "broken_plan", "broken_plan")),
            Error::Storage(S::MergeConflict { .. }) => {
                (10, (5, "merge_conflict", "merge_conflict"))
            }
            Error::CannotResolve { .. } => (11, (5, "cannot_resolve", "cannot_resolve")),
            Error::CounterSpent { .. } => (12, (5, "invalid_input", "counter_spent")),
            Error::EmptyImport { .. } => (13, (5, "invalid_input", "empty_import")),
            Error::NoSnapshot { .. } => (14, (5, "invalid_input", "no_snapshot")),
            Error::Invalid(_) => (15, (5, "invalid_input", "invalid_input")),
            Error::Storage(S::Io { .. }) => (16, (6, "io", "io")),
            Error::Storage(S::ReadOnlyPlan { .. }) => (17, (6, "environment", "read_only_plan")),
            Error::Storage(S::PathRefused { .. }) => (18, (6, "environment", "path_refused")),
            Error::ImportUnreadable { .. } => (19, (6, "environment", "import_unreadable")),
            Error::NoHistoryDir => (20, (6, "environment", "no_history_dir")),
            Error::NoEditor => (21, (6, "environment", "no_editor")),
            Error::Editor { .. } => (22, (6, "environment", "editor_failed")),
            Error::Clipboard(_) => (23, (6, "environment", "clipboard_failed")),
            Error::NotARepository { .. } => (24, (6, "environment", "not_a_repository")),
            Error::Git(GitError::Unavailable { .. }) => (25, (6, "environment", "git_unavailable")),
            Error::Git(GitError::Failed { .. }) => (26, (6, "environment", "git_failed")),
            Error::Op(OpError::Duplicate(_)) => (27, (7, "refused", "duplicate")),
            Error::Op(OpError::DuplicatePhase(_)) => (28, (7, "refused", "phase_name_taken")),
            Error::Op(OpError::BlockFinished { .. }) => (29, (7, "refused", "block_finished")),
            Error::NothingToUndo => (30, (7, "refused", "nothing_to_undo")),
            Error::Declined => (31, (7, "refused", "declined")),
            Error::Op(OpError::Refused { code, .. }) => {
                let (_, exit, code) = REFUSALS.iter().find(|(c, ..)| c == code).copied().unwrap();
                (32, (exit, code, code))
            }
            Error::Bug(_) => (33, (70, "bug", "bug")),
            // Never kept as such: `From<OpError>` makes them bugs or
            // `CounterSpent`.
            Error::Op(
                OpError::NoTask(_)
                | OpError::NoPhase(_)
                | OpError::NoObjective(_)
                | OpError::RevSpent,
            ) => (33, (70, "bug", "bug")),
            // As the error they wrap.
            Error::AtLine { source, .. } => (34, expected(source).1),
            Error::Unchanged { source, .. } => (35, expected(source).1),
            Error::Lease(e) => {
                use crate::lease::LeaseError as L;
                match e {
                    L::Unreachable { .. } => (36, (9, "remote_unreachable", "remote_unreachable")),
                    L::Refused { .. } => (37, (9, "remote_unreachable", "lease_ref_refused")),
                    L::Broken { .. } => (38, (5, "invalid_input", "lease_ref_broken")),
                    L::Claimed(_) => (39, (7, "claimed", "leased")),
                    L::Lost { .. } => (40, (7, "lease_lost", "lease_lost")),
                    L::Busy => (41, (4, "conflict", "leases_busy")),
                    L::NoRemote(_) => (42, (2, "usage", "no_lease_remote")),
                    L::Setting(_) => (45, (2, "usage", "bad_lease_setting")),
                    L::Git(_) => (43, (6, "environment", "lease_git_failed")),
                    L::Io { .. } => (44, (6, "io", "lease_io")),
                }
            }
        }
    }
    const KINDS: usize = 46;

    /// One of every kind.
    fn every_kind() -> Vec<Error> {
        use storage::StorageError as S;
        let s = |s: &str| s.to_string();
        let refusals = REFUSALS.map(|(code, ..)| Error::Op(OpError::refused(code, "m")));
        vec![
            Error::usage("x"),
            missed(MatchError::NoMatch { suggestion: None }, "x", "{}"),
            missed(MatchError::Ambiguous { candidates: vec![] }, "x", "{}"),
            Error::RevMismatch { have: 2, want: 1 },
            Error::ChangedDuringEdit { kept: s("k") },
            Error::ChangedOutsideTodo {
                last: s("l"),
                unrecorded: false,
            },
            Error::UndoOverwritten { last: s("l") },
            Error::ChangedWhileAsked,
            S::LockTimeout {
                path: "p".into(),
                waited: std::time::Duration::from_secs(10),
            }
            .into(),
            S::BrokenPlan {
                path: "p".into(),
                line: 1,
                column: 2,
                message: s("m"),
            }
            .into(),
            S::MergeConflict {
                path: "p".into(),
                sign: crate::conflict::Sign::Markers { line: 3 },
            }
            .into(),
            Error::CannotResolve {
                path: "p".into(),
                problems: vec![s("ours: broken")],
            },
            Error::from(OpError::RevSpent),
            Error::EmptyImport { from: s("-") },
            Error::NoSnapshot {
                from: s("s.jsonl"),
                why: s("w"),
            },
            Error::Invalid(s("x")),
            Error::io("reading", io::Error::from(io::ErrorKind::PermissionDenied)),
            S::ReadOnlyPlan { path: s("p") }.into(),
            S::PathRefused {
                action: PathAction::Write,
                path: s("p"),
                why: s("w"),
            }
            .into(),
            Error::ImportUnreadable {
                from: s("f"),
                why: s("w"),
            },
            Error::NoHistoryDir,
            Error::NoEditor,
            Error::Editor {
                command: s("vi"),
                problem: ToolProblem::Empty,
                kept: None,
            },
            Error::Clipboard(ClipboardError {
                command: s("c"),
                problem: ToolProblem::Failed(s("f")),
            }),
            Error::NotARepository { cwd: "d".into() },
            GitError::Unavailable { why: s("w") }.into(),
            GitError::Failed {
                args: s("a"),
                stderr: s("e"),
            }
            .into(),
            OpError::Duplicate(s("c")).into(),
            OpError::DuplicatePhase(s("n")).into(),
            OpError::BlockFinished {
                content: s("c"),
                status: Status::Completed,
            }
            .into(),
            Error::NothingToUndo,
            Error::Declined,
            Error::bug("an invariant"),
            Error::AtLine {
                line: 2,
                source: Box::new(Error::NothingToUndo),
            },
            Error::Unchanged {
                source: Box::new(Error::Op(OpError::Duplicate(s("c")))),
                plan: String::new(),
            },
        ]
        .into_iter()
        .chain(lease_kinds().into_iter().map(Error::from))
        .chain(refusals)
        .collect()
    }

    fn lease_kinds() -> Vec<crate::lease::LeaseError> {
        use crate::lease::{Lease, LeaseError as L};
        let s = |s: &str| s.to_string();
        let lease = Lease {
            task: s("t1"),
            plan: s(".todo.json"),
            owner: s("ann"),
            machine: s("m:/a"),
            actor: s("person"),
            taken_at: 0,
            expires_at: 60,
            fence: 2,
        };
        vec![
            L::Unreachable {
                remote: s("origin"),
                why: s("down"),
            },
            L::Refused {
                remote: s("origin"),
                reference: s("refs/todo/leases"),
                why: s("denied"),
            },
            L::Broken {
                remote: s("origin"),
                reference: s("refs/todo/leases"),
                why: s("garbage"),
            },
            L::Claimed(Box::new(lease.clone())),
            L::Lost {
                task: s("t1"),
                now: Some(Box::new(lease)),
            },
            L::Busy,
            L::NoRemote(s("-x")),
            L::Setting(s("bad")),
            L::Git(s("git failed")),
            L::Io {
                path: s("p"),
                why: s("w"),
            },
        ]
    }

    #[test]
    fn every_kind_has_its_exit_status_code_and_kind() {
        let mut seen = [false; KINDS];
        let mut names = std::collections::HashSet::new();
        for err in every_kind() {
            let (n, (exit, code, kind)) = expected(&err);
            seen[n] = true;
            assert_eq!(
                (err.exit_code(), err.code(), err.kind()),
                (exit, code, kind),
                "{err:?}"
            );
            // The exit status is one in docs/contract.md, "Exit status" (or 70 for a bug).
            assert!(matches!(exit, 2..=9 | 70), "{err:?}");
            // The lines a person reads are the text `--json` gives.
            assert_eq!(err.message().to_string(), err.to_string(), "{err:?}");
            // A kind name is never given to two kinds.
            let wrapped = matches!(err, Error::AtLine { .. } | Error::Unchanged { .. });
            assert!(wrapped || names.insert(kind), "{err:?}");
        }
        assert!(seen.iter().all(|s| *s), "a kind is missing: {seen:?}");
    }

    #[test]
    fn a_bug_has_its_own_exit_status_and_asks_to_be_reported() {
        let err = Error::bug("task t3 is gone after matching it");
        assert_eq!(err.exit_code(), 70);
        assert_eq!(err.code(), "bug");
        assert_eq!(
            err.for_person().lines().collect::<Vec<_>>(),
            [
                "Internal error: task t3 is gone after matching it.",
                "Hint: This is a bug in todo; please report it, with the command that led here.",
            ]
        );
        // Nothing a user refused: not 7, and never a class of docs/contract.md, "Exit status".
        assert!(!(0..=7).contains(&err.exit_code()));
        // An op that cannot find a resolved id is a bug too.
        let err = Error::from(crate::plan::ops::OpError::NoTask("t9".into()));
        assert_eq!(err.exit_code(), 70);
    }

    #[test]
    fn hints_stand_apart_or_stay_where_people_read_them() {
        let ambiguous = missed(MatchError::Ambiguous { candidates: vec![] }, "fix", "");
        assert_eq!(
            ambiguous.hint_apart().as_deref(),
            Some("Use an id (such as t1) or more words.")
        );
        assert!(!ambiguous.to_string().contains("Use an id"));
        let rev = Error::RevMismatch { have: 2, want: 1 };
        assert_eq!(
            rev.for_person().as_str(),
            "The plan is at rev 2, not 1 (--if-rev); nothing was changed.\nHint: Read it again and retry."
        );
        // A hint apart is not also in the message; `--json` gives every
        // hint, apart or not.
        for err in every_kind() {
            if let Some(hint) = err.hint_apart() {
                assert!(!err.to_string().contains(&hint), "{err:?}: {hint}");
                assert_eq!(err.hint(), Some(hint));
            }
        }
        let broken = Error::from(storage::StorageError::BrokenPlan {
            path: "p".into(),
            line: 1,
            column: 1,
            message: "m".into(),
        });
        assert_eq!(broken.hint_apart(), None);
        let hint = broken.hint().unwrap_or_default();
        assert!(!hint.is_empty() && broken.to_string().contains(&hint));
    }

    /// A task of `phase` as matching offers it.
    fn task(id: &str, text: &str, phase: &str, status: Option<Status>) -> Candidate {
        Candidate {
            target: Target::Task(id.into()),
            text: text.into(),
            phase: Some(phase.into()),
            status,
        }
    }

    #[test]
    fn plan_text_stays_inside_its_line() {
        let phase = Candidate {
            target: Target::Phase("p2".into()),
            text: "Fix it".into(),
            phase: None,
            status: None,
        };
        let candidates = vec![
            task("t1", "Fix\n- fake", "Ph\nase", Some(Status::Pending)),
            phase,
        ];
        let err = missed(MatchError::Ambiguous { candidates }, "fix", "");
        assert_eq!(
            err.message().lines().collect::<Vec<_>>(),
            [
                "\"fix\" is ambiguous; it matches:",
                "  t1  Fix\n- fake  (in Ph\nase, pending)",
                "  p2  Fix it  (phase)",
            ]
        );
        assert_eq!(err.message().to_string(), err.to_string());
        let suggestion = Some(task("t1", "Two\nlines", "A", None));
        let err = missed(MatchError::NoMatch { suggestion }, "x", NO_TASK);
        assert_eq!(err.message().lines().count(), 1);
        assert_eq!(err.message().to_string(), err.to_string());
        let err = Error::AtLine {
            line: 3,
            source: Box::new(Error::Invalid("a\nb".into())),
        };
        assert_eq!(
            err.message().lines().collect::<Vec<_>>(),
            ["Line 3: a", "b"]
        );
        let err = Error::from(storage::StorageError::BrokenPlan {
            path: "a\nb".into(),
            line: 1,
            column: 1,
            message: "bad".into(),
        });
        assert_eq!(err.message().lines().count(), 2);
        assert_eq!(err.message().to_string(), err.to_string());
    }

    #[test]
    fn messages_read_well() {
        let guess = MatchError::Guess(task("t4", "Wire OAuth", "Auth", None));
        let e = missed(guess, "oath", NO_TASK);
        assert_eq!(
            e.to_string(),
            "No task matched \"oath\". Use todo to list current tasks. Did you mean \"Wire OAuth\" (t4)?"
        );
        let e = Error::io(
            "Cannot write plan file .todo.json",
            io::Error::from(io::ErrorKind::PermissionDenied),
        );
        assert_eq!(
            e.to_string(),
            "Cannot write plan file .todo.json: permission denied"
        );
    }
}
