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
use crate::error::Error;
use crate::matching::Candidate;
use crate::plan::Actor;
use crate::text::{Message, normalize};
pub(crate) use crate::work::{
    BULK, Context, Outcome, Session, answer, ask, ask_no, at, find, named_phase, phase_query,
    query, task_ref, text,
};

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
