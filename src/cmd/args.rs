//! The program's command line: its global flags and the argument shapes
//! several verbs share; the verbs are the registry's (`super`). Doc
//! comments are the help text, the man pages and the completions.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser};
use strum::VariantNames;

use super::Command;
use super::show::Show;
use crate::output::ColorChoice;
use crate::plan::Actor;

/// A phased task plan in a file in your project, shared by people, CI and
/// coding agents.
///
/// The plan lives in `.todo.json`, found in the current directory or a
/// parent up to the project root (the first directory holding `.git`).
/// With no verb, `todo` prints the plan as a Markdown checklist.
#[derive(Debug, Parser)]
#[command(
    name = "todo",
    version,
    after_help = "Tasks and phases are named by their text, a word of it, an id (t4685j, p5jxkz; `todo --ids` shows them), or a near miss.\n\
        Run `todo help <verb>` for a verb's details and examples.",
    after_long_help = "Tasks and phases are named by their text, a word of it, an id (t4685j, p5jxkz; `todo --ids` shows them), or a near miss.\n\n\
        Examples:\n  \
          todo append auth wire oauth     add a task to phase Auth (created if needed)\n  \
          todo start oauth                work on it\n  \
          todo done oaht                  a typo is a guess: asked at a terminal, exit 3 in scripts\n  \
          todo check                      exit 1 while work is open (for CI and hooks)\n  \
          todo export --format gfm -      a pull-request checklist\n  \
          todo undo                       take the last change back\n\n\
        Exit status: 0 ok, 1 check/next found open work/nothing, 2 usage, 3 no match or ambiguous,\n\
        4 conflict, 5 invalid input, 6 environment (I/O, editor, clipboard), 7 refused,\n\
        8 a task's check failed, 9 the git remote that keeps the leases is unreachable,\n\
        70 a bug in todo (please report it)."
)]
pub struct CliOf<C: clap::Subcommand> {
    #[command(subcommand)]
    pub command: Option<C>,

    #[command(flatten)]
    pub show: Show,

    #[command(flatten)]
    pub global: GlobalArgs,
}

/// The command line with every verb. (`CliOf` with one verb only is the
/// tree `todo` parses a verb's line with: see [`super::tree_with`].)
pub type Cli = CliOf<Command>;

#[derive(Debug, Args, Clone)]
pub struct GlobalArgs {
    /// Use this plan file instead of discovering `.todo.json`.
    #[arg(long, global = true, env = "TODO_FILE", value_name = "PATH")]
    pub file: Option<PathBuf>,

    /// Refuse to change the plan unless its current `rev` is N (exit 4).
    #[arg(long, global = true, value_name = "N")]
    pub if_rev: Option<u64>,

    /// Print one JSON object instead of the human message.
    #[arg(long, global = true)]
    pub json: bool,

    /// Do not print confirmations (data, warnings and errors still print).
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// When to use colour on stdout.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Who makes the change: a person (the default) or an agent, whose
    /// changes may not undo what a person decided. `TODO_ACTOR` sets it
    /// for the verbs a person types (empty means unset); `todo apply`,
    /// `todo mcp` and `todo hook` act as the agent whatever it says. In an
    /// agent's shell (`TODO_AGENT` set, as `todo setup` does) every verb is
    /// the agent, and `person` is refused (exit 7).
    #[arg(
        long = "as",
        global = true,
        env = "TODO_ACTOR",
        value_name = "ACTOR",
        value_parser = PossibleValuesParser::new(Actor::VARIANTS).try_map(|a| a.parse::<Actor>())
    )]
    pub actor: Option<Actor>,

    /// Do not ask before a change to more than 3 tasks (bare `done`,
    /// `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a
    /// person at a terminal; scripts, pipes and agents are never asked.
    #[arg(short = 'y', long, global = true)]
    pub yes: bool,
}

#[derive(Debug, Clone, Args)]
pub struct TaskArgs {
    /// The task: its text, part of it, or its id.
    #[arg(required = true, value_name = "TASK")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct TargetArgs {
    /// A task or phase: text, part of it, or id. None means everything.
    #[arg(value_name = "TASK|PHASE")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct TargetRequired {
    /// A task or phase: text, part of it, or id.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,
}
