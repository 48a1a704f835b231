//! The verbs: each one file, holding its clap arguments (their doc comment
//! is its help) and its [`Verb`] impl, and one line in the registry below.
//! The clap tree, dispatch, `batch`, the shell completions and the man
//! pages all come from that line.

mod args;
mod bulk;
mod choose;
pub(crate) mod generate;
mod leasing;
mod mark;
mod summary;
pub use args::Cli;
pub(crate) use args::{TargetArgs, TargetRequired, TaskArgs};

/// What a verb does, besides parsing its clap arguments.
pub(crate) trait Verb: Sized {
    /// Run the verb; by default its change, on the one path of a change.
    fn run(self, ctx: &Context) -> Outcome {
        ctx.change(|tx| self.change(tx))
    }

    /// The verb's change to the plan, in a transaction (what `batch` runs).
    fn change(&self, _tx: &mut Tx) -> Result<Report> {
        Err(Error::bug("this verb changes no plan in a transaction"))
    }

    /// The question asked before it changes many tasks (`{}` is their
    /// count), for a verb that can.
    fn many(&self) -> Option<&'static str> {
        None
    }

    /// Put `id` in place of the words for which `is` holds.
    fn retarget(&mut self, _is: &dyn Fn(&[String]) -> bool, _id: &str) {}
}

/// [`Verb::retarget`] for a verb whose words all name its target.
fn swap(words: &mut Vec<String>, is: &dyn Fn(&[String]) -> bool, id: &str) {
    if is(words) {
        *words = vec![id.to_string()];
    }
}

/// Whether a registry line has a mark.
macro_rules! marked {
    (batch, batch $($rest:ident)*) => { true };
    (choose, choose $($rest:ident)*) => { true };
    ($mark:ident, $other:ident $($rest:ident)*) => { marked!($mark, $($rest)*) };
    ($mark:ident,) => { false };
}

/// What a registry line's words complete to, if anything.
macro_rules! completes {
    () => { None };
    (open $($rest:ident)*) => { Some("open") };
    (targets $($rest:ident)*) => { Some("targets") };
    (tasks $($rest:ident)*) => { Some("tasks") };
    ($other:ident $($rest:ident)*) => { completes!($($rest)*) };
}

/// A verb whose only arguments are the words naming its target
/// ([`TaskArgs`], [`TargetArgs`] or [`TargetRequired`]): its clap args (the
/// doc comment is its help) and its [`Verb`], whose change is
/// `$change(tx, words)`, or `$change(tx, id)` when a usage error for a
/// phase follows the args type. After it, `choose` puts a person's pick in
/// place of the words, and `many = "…"` is the question before a change
/// to many tasks.
macro_rules! target_verb {
    (
        $(#[$doc:meta])* $verb:ident($args:ident $(, $not_task:literal)?) => $change:path
        $(, $extra:ident $(= $value:literal)?)*
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, clap::Args)]
        pub struct $verb {
            #[command(flatten)]
            pub target: $crate::cmd::$args,
        }

        impl $crate::cmd::Verb for $verb {
            fn change(&self, tx: &mut Tx) -> Result<Report> {
                let words = &self.target.query;
                $(
                    let query = $crate::cmd::query(words)?;
                    let words = $crate::cmd::one_task(tx.plan(), &query, $not_task)?;
                )?
                $change(tx, words)
            }
            $(target_verb!(@ $extra $($value)?);)*
        }
    };
    (@ choose) => {
        fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
            $crate::cmd::swap(&mut self.target.query, is, id);
        }
    };
    (@ many $question:literal) => {
        fn many(&self) -> Option<&'static str> {
            Some($question)
        }
    };
}

/// The registry: one line per verb, in the order `todo help` lists them:
/// its name, its type (`file::Type`), and its marks: `batch` (a batch may
/// run its change), `choose` (a person may pick among an ambiguous query's
/// candidates; its `retarget` puts the pick in place), and what a shell
/// completes its words to (`open` tasks, `targets`: tasks and phases, any
/// `tasks`).
macro_rules! verbs {
    ($($(#[$attr:meta])* $name:literal $module:ident::$verb:ident $(: $($mark:ident)*)?,)*) => {
        $(pub(crate) mod $module;)*

        #[derive(Debug, Clone, clap::Subcommand)]
        pub enum Command {
            $($(#[$attr])* #[command(name = $name)] $verb($module::$verb),)*
        }

        /// Each verb's name, whether `todo batch` may run it, and what a
        /// shell completes its words to.
        pub(crate) const VERBS: &[(&str, bool, Option<&str>)] = &[$(
            ($name, marked!(batch, $($($mark)*)?), completes!($($($mark)*)?)),
        )*];

        /// The command line tree with the verb `name` only (its primary
        /// name, not an alias), built by the same derive and attributes as
        /// the whole tree ([`Cli`]); `crate::run` says why.
        pub(crate) fn tree_with(name: &str) -> Option<clap::Command> {
            $(if name == $name {
                #[derive(Debug, Clone, clap::Subcommand)]
                enum One {
                    $(#[$attr])* #[command(name = $name)] $verb($module::$verb),
                }
                return Some(<args::CliOf<One> as clap::CommandFactory>::command());
            })*
            None
        }

        impl Command {
            pub(crate) fn name(&self) -> &'static str {
                match self { $(Self::$verb(_) => $name,)* }
            }
            fn run(self, ctx: &Context) -> Outcome {
                match self { $(Self::$verb(v) => v.run(ctx),)* }
            }
            fn change(&self, tx: &mut Tx) -> Result<Report> {
                match self { $(Self::$verb(v) => v.change(tx),)* }
            }
            fn batch(&self) -> bool {
                match self { $(Self::$verb(_) => marked!(batch, $($($mark)*)?),)* }
            }
            fn choosable(&self) -> bool {
                match self { $(Self::$verb(_) => marked!(choose, $($($mark)*)?),)* }
            }
            fn many(&self) -> Option<&'static str> {
                match self { $(Self::$verb(v) => v.many(),)* }
            }
            fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
                match self { $(Self::$verb(v) => v.retarget(is, id),)* }
            }
        }
    };
}

verbs! {
    #[command(visible_alias = "list")]
    "show" show::Show,
    "append" append::Append: batch,
    "start" start::Start: batch choose open,
    "done" done::Done: batch choose targets,
    "drop" drop::Drop: batch choose targets,
    "rm" rm::Rm: batch choose targets,
    "block" block::Block: batch choose targets,
    "unblock" unblock::Unblock: batch choose targets,
    "check" check::Check,
    "next" next::Next,
    "ready" ready::Ready,
    "handoff" handoff::Handoff,
    "needs" needs::Needs: open,
    "claim" claim::Claim: open,
    "release" release::Release: open,
    "heartbeat" heartbeat::Heartbeat,
    "claims" claims::Claims,
    "where" r#where::Where,
    "copy" copy::Copy,
    "export" export::Export,
    "import" import::Import,
    "edit" edit::Edit,
    "rename" rename::Rename: batch choose targets,
    "mv" mv::Mv: batch open,
    "note" note::Note: batch choose open,
    "prune" prune::Prune: batch,
    "objective" objective::Objectives,
    "finding" finding::Findings,
    "undo" undo::Undo,
    "reopen" reopen::Reopen: batch choose tasks,
    "verify" verify::Verify,
    "trust" trust::Trust,
    "unlock" unlock::Unlock: batch targets,
    "apply" apply::Apply,
    "hook" hook::Hook,
    "setup" setup::Setup,
    "mcp" mcp::Mcp,
    "batch" batch::Batch,
    #[command(hide = true)]
    "__complete" complete::Complete,
    "merge-file" merge_file::MergeFile,
    "resolve" resolve::Resolve,
    "git-setup" git_setup::GitSetup,
    "completions" completions::Completions,
    "man" man::Man,
}

use crate::text::normalize;
pub(crate) use crate::work::{BULK, Context, Session, answer, ask, ask_no};
use prelude::*;

/// The names the verbs' files share, imported with `use super::prelude::*`.
mod prelude {
    pub(super) use super::one_task;
    pub(super) use crate::error::{Error, Result};
    pub(super) use crate::exit_codes::ExitCode;
    pub(super) use crate::matching::{Candidate, Scope, Target};
    pub(super) use crate::output::{Kind, Report};
    pub(super) use crate::plan::ops::{OpError, Refusal};
    pub(super) use crate::plan::{Actor, Op, Plan, Status, Tx};
    pub(super) use crate::text::{Message, capitalize_first, count, title_words, visible};
    pub(super) use crate::work::{
        Context, Outcome, at, find, named_phase, phase_query, query, task_ref, text,
    };
    pub(super) use serde_json::{Value, json};
}

/// Run a verb. A query that only typo tolerance could place is a guess
/// (docs/contract.md, "Matching a query"): with a person at the terminal, ask,
/// and on yes run the verb again with the guessed id in place of the query;
/// anywhere else the guess is only reported (exit 3) and nothing changes. A
/// change to more than [`BULK`] tasks is asked about first, at a terminal only.
pub(crate) fn dispatch(ctx: &Context, command: Command) -> Outcome {
    // A batch reads its lines from stdin: no one is there to answer.
    let asks = ctx.interactive && !ctx.out.json && !matches!(command, Command::Batch(_));
    if asks && let Some(outcome) = bulk::run_asked(ctx, &command) {
        return outcome;
    }
    let again = asks.then(|| command.clone());
    let mut outcome = command.run(ctx);
    let Some(again) = again.filter(
        |again| !matches!(&outcome.result, Err(Error::Ambiguous { .. }) if !again.choosable()),
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
    // The command with the person's pick in place of the query, or the
    // error that says they picked none.
    let picked = match &outcome.result {
        Err(Error::NoMatch {
            message,
            query,
            suggestion: Some(guess),
            guess: true,
        }) => {
            let question = format!("Did you mean \"{}\"? [Y/n]", guess.text);
            if let Command::Append(append) = &again
                && append.phase.is_none()
            {
                append::typo_choice(ctx, append, query, guess).ok_or(Error::Declined)
            } else if ask(ctx, &Message::default(), &question) {
                Ok(with_target(again, query, guess.id()))
            } else {
                Err(Error::no_match(
                    format!("{message} Nothing changed."),
                    query,
                ))
            }
        }
        Err(Error::Ambiguous {
            query, candidates, ..
        }) => choose::one(ctx, query, candidates)
            .map(|id| with_target(again, query, &id))
            .ok_or(Error::Declined),
        _ => return outcome,
    };
    match picked {
        // Still asked about a change to many tasks (a phase picked by its
        // id), never about a guess.
        Ok(command) => bulk::run_asked(ctx, &command).unwrap_or_else(|| command.run(ctx)),
        Err(e) => Outcome {
            result: Err(e),
            ..outcome
        },
    }
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
        .find(|&(i, j)| !args[i].starts_with('-') && says(&args[i..j], query));
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

/// The task `query` names; a phase is the usage error `not_task`.
pub(crate) fn one_task(plan: &Plan, query: &str, not_task: &str) -> Result<String> {
    match find(plan, query, Scope::Tasks)? {
        Target::Task(id) => Ok(id),
        Target::Phase(_) => Err(Error::usage(not_task)),
    }
}

/// `command` with the words that made `query` replaced by `id`.
fn with_target(mut command: Command, query: &str, id: &str) -> Command {
    command.retarget(&|words| says(words, query), id);
    command
}

/// Whether `words` make `query`.
fn says(words: &[String], query: &str) -> bool {
    normalize(&words.join(" ")).as_deref() == Some(query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// A line that names its verb is parsed with that verb's tree alone
    /// (`crate::run`): it must be the whole tree's, argument for argument,
    /// or the two would parse one line differently.
    #[test]
    fn each_verb_alone_is_the_whole_trees_verb() {
        let mut whole = Cli::command();
        whole.build();
        // Where help lists an item (`disp_ord`) counts the verbs before it;
        // help is only ever rendered from the whole tree.
        let unordered = |debug: String| {
            let mut parts = debug.split("disp_ord: Some(");
            let first = parts.next().unwrap_or_default().to_string();
            parts.fold(first, |out, rest| {
                out + rest.split_once(')').map_or("", |(_, after)| after)
            })
        };
        let debug = |c: &clap::Command| {
            c.get_arguments()
                .map(|a| unordered(format!("{a:?}")))
                .collect::<Vec<_>>()
        };
        for &(name, ..) in VERBS {
            let mut one = tree_with(name).unwrap_or_else(|| panic!("no tree for {name}"));
            one.build();
            let verbs: Vec<&str> = one.get_subcommands().map(|s| s.get_name()).collect();
            assert_eq!(verbs, [name, "help"], "{name}");
            assert_eq!(debug(&one), debug(&whole), "{name}: the root's flags");
            assert_eq!(one.get_version(), whole.get_version(), "{name}");
            let (Some(alone), Some(within)) =
                (one.find_subcommand(name), whole.find_subcommand(name))
            else {
                panic!("{name} is missing from a tree");
            };
            assert_eq!(
                unordered(format!("{alone:?}")),
                unordered(format!("{within:?}")),
                "{name}"
            );
        }
        assert!(tree_with("help").is_none() && tree_with("lis").is_none());
    }
}
