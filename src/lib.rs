//! `todo`: a phased task plan in a file in the project directory, shared by
//! people, CI jobs and coding agents. The binary is a thin shell over [`run`].

mod agent;
mod clipboard;
mod cmd;
mod conflict;
mod editor;
mod error;
mod exit_codes;
mod formats;
mod history;
mod lease;
mod markdown;
mod matching;
mod merge;
mod output;
mod plan;
mod platform;
mod region;
mod storage;
mod text;
mod verify;
mod work;

use std::ffi::OsString;
use std::io::IsTerminal;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

pub use cmd::Cli;
pub use cmd::generate::files as generated_files;

/// What the fuzz targets (`fuzz/`) drive: the readers and writers a hostile
/// file reaches. Not an API; it may change with any release.
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::markdown::{parse, render, render_gfm};
    pub use crate::plan::{import, json};
    pub use crate::region::{RegionError, extract, splice};
}

use cmd::Context;
use error::Error;
use output::Output;
use storage::Store;

/// How a run ended: the exit status, and the plan it read and the clap
/// tree it parsed with, if any, for the binary to free or not (freeing is
/// the edge's choice: `main.rs`).
pub struct Finished {
    pub code: u8,
    pub plan: Option<plan::Plan>,
    pub command: Option<clap::Command>,
}

impl From<u8> for Finished {
    fn from(code: u8) -> Finished {
        Finished {
            code,
            plan: None,
            command: None,
        }
    }
}

/// [`run`] for the `todo-mcp` program: the same command line, with the MCP
/// server linked in. `todo mcp` runs that program (beside `todo`, else on
/// the `PATH`), so the SDK and its async runtime stay out of the `todo`
/// binary every other verb starts (linked in, they cost every start-up
/// time and megabytes).
pub fn run_mcp(args: impl IntoIterator<Item = OsString>) -> Finished {
    let _ = cmd::mcp::SERVER.set(agent::mcp::serve);
    run(args)
}

/// Parse `args`, run the verb, print, and return the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Finished {
    let args: Vec<OsString> = args.into_iter().collect();
    // Speed, at the edge: a line that names its verb is parsed with a tree
    // of that verb alone (`cmd::tree_with`), which is the same derive with
    // the same attributes as the whole tree, so it parses the line the same
    // way. Building every verb's arguments and copying the seven global
    // flags into each was most of what parsing cost (0.69 M of the 0.93 M
    // instructions of `todo --version`). Anything else, and every line
    // that does not parse (help too), goes through the whole tree, so that
    // messages and suggestions are the whole tree's.
    let root = cmd::tree_with("show").unwrap_or_else(Cli::command);
    let verb = verb_in(&root, &args);
    let one = verb
        .as_deref()
        .filter(|v| *v != "show")
        .and_then(cmd::tree_with)
        .unwrap_or(root);
    let (mut command, mut parsed) = parse(one, verb.as_deref(), &args);
    if parsed
        .as_ref()
        .is_err_and(|e| e.kind() != ErrorKind::DisplayVersion)
    {
        (command, parsed) = parse(Cli::command(), verb.as_deref(), &args);
    }
    let mut finished = match parsed {
        Ok(cli) => run_cli(cli, &args),
        // A hook never fails its agent, not even on its own command line
        // (exit 2 is "block" to Claude Code): one line on stderr, exit 0.
        // Help and version (what clap prints on stdout) print as asked.
        Err(err) if verb.as_deref() == Some("hook") && err.use_stderr() => {
            hook_usage_error(&err).into()
        }
        Err(err) => usage_error(&args, err).into(),
    };
    // The tree of the verb's arguments, handed back with the plan: the
    // process ends next, and freeing it arg by arg is work for nothing.
    finished.command = Some(command);
    finished
}

/// Parse `args` with `command` (a tree with every verb, or with the line's
/// `verb` only).
fn parse(
    mut command: clap::Command,
    verb: Option<&str>,
    args: &[OsString],
) -> (clap::Command, std::result::Result<Cli, clap::Error>) {
    // An empty `TODO_FILE` means unset, as for most variables; an empty
    // `--file` typed on the command line stays a usage error.
    if std::env::var_os("TODO_FILE").is_some_and(|v| v.is_empty()) {
        command = command.mut_arg("file", |arg| arg.env(None::<&str>));
    }
    // The agent's surfaces (`hook`, `apply`, `mcp`) act as the agent
    // whatever the environment they inherit: a `TODO_ACTOR=person` left in
    // a person's shell never turns them into the person (only `--as`,
    // typed, may). An empty `TODO_ACTOR` is unset, as `TODO_FILE` is.
    let surface = matches!(verb, Some("hook" | "apply" | "mcp"));
    if surface || std::env::var_os("TODO_ACTOR").is_some_and(|v| v.is_empty()) {
        command = command.mut_arg("actor", |arg| arg.env(None::<&str>));
    }
    let parsed = command
        .try_get_matches_from_mut(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    (command, parsed)
}

/// Run the parsed command line `cli` (`args` as typed).
fn run_cli(cli: Cli, args: &[OsString]) -> Finished {
    // `todo apply` always answers with one JSON object (docs/contract.md,
    // "Agent operations as JSON"); `todo mcp`'s stdout carries protocol
    // messages only, never a report.
    let json = (cli.global.json || matches!(cli.command, Some(cmd::Command::Apply(_))))
        && !matches!(cli.command, Some(cmd::Command::Mcp(_)));
    let out = Output::new(json, cli.global.quiet, cli.global.color);
    let verb = cli.command.as_ref().map_or("show", cmd::Command::name);
    let cwd =
        std::env::current_dir().map_err(|e| Error::io("Cannot read the current directory", e));
    let cwd = match cwd {
        Ok(dir) => dir,
        Err(e) => return fail(&out, verb, None, &e).into(),
    };
    let mut store = Store::locate(cli.global.file.clone(), &cwd);
    if let Some(ms) = std::env::var("TODO_LOCK_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        store.lock_wait = std::time::Duration::from_millis(ms);
    }
    let history = std::env::var_os("TODO_HISTORY_DIR")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("todo").join("history")))
        .map(|dir| history::History { dir });
    store.revs = history
        .as_ref()
        .map(|h| storage::Revisions { dir: h.dir.clone() });
    // Reproducible ids for tests, as `TODO_NOW` makes times (see `plan::ids`).
    if let Some(seed) = std::env::var("TODO_ID_SEED")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        plan::ids::seed(seed);
    }
    let editor = ["VISUAL", "EDITOR"]
        .into_iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.trim().is_empty());
    // Only a person at a terminal is asked: never a script or a pipe, and
    // never an agent, whatever terminal it may have been given.
    // An agent's environment (`TODO_AGENT`, written by `todo setup`) makes
    // the agent, and refuses the person (a hook answers its own way).
    let typed = args
        .iter()
        .any(|a| a == "--as" || a.to_string_lossy().starts_with("--as="));
    let marked = std::env::var(agent::identity::VARIABLE).ok();
    let actor = match agent::identity::actor(cli.global.actor, typed, marked.as_deref()) {
        Ok(actor) => actor,
        Err(_) if verb == "hook" => cli.global.actor,
        Err(e) => return fail(&out, verb, None, &e).into(),
    };
    let interactive = std::io::stdin().is_terminal()
        && std::io::stderr().is_terminal()
        && actor != Some(plan::Actor::Agent);
    let ctx = Context {
        store,
        if_rev: cli.global.if_rev,
        history,
        out: out.clone(),
        editor,
        tmp: std::env::temp_dir(),
        cwd,
        interactive,
        yes: cli.global.yes,
        actor,
        now: plan::clock::now(),
        owner: env_name(&["TODO_OWNER"]),
        user: env_name(&["USER", "LOGNAME", "USERNAME"]),
        leases: true,
        args: args
            .iter()
            .skip(1)
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
    };
    let command = cli.command.unwrap_or(cmd::Command::Show(cli.show.clone()));
    let outcome = cmd::dispatch(&ctx, command);
    let printed = outcome.result.and_then(|mut report| {
        // A verb that read the plan without saying its rev (`edit` with
        // nothing saved, `__complete`) reports the rev it saw; one that
        // never reads it (`where`, `git-setup`) the rev of the plan file
        // there, under `--json` (a regular file only: never block).
        if report.rev == 0 {
            report.rev = match outcome.rev {
                Some(rev) => rev,
                None if out.json
                    && std::fs::metadata(&ctx.store.path).is_ok_and(|m| m.is_file()) =>
                {
                    ctx.store.load().map_or(0, |loaded| loaded.plan.rev)
                }
                None => 0,
            };
        }
        match out.report(&report).map_err(Error::from) {
            // The reader went away (`todo check | head -1`): end quietly,
            // but keep the verb's own status, so a failing check still fails.
            Err(e) if !e.is_broken_pipe() => Err(e),
            _ => Ok(report.exit.code()),
        }
    });
    let code = printed.unwrap_or_else(|e| fail(&out, verb, outcome.rev, &e));
    Finished {
        code,
        plan: outcome.plan,
        command: None,
    }
}

fn fail(out: &Output, verb: &str, rev: Option<u64>, err: &Error) -> u8 {
    if err.is_broken_pipe() {
        return 0;
    }
    let _ = out.error(|| error::error_json(verb, rev, err), &err.for_person());
    err.exit_code()
}

/// Help and version print normally; anything else is a usage error (exit 2),
/// as a JSON object when `--json` was asked for. clap's message quotes the
/// command line, so it goes through the one printer like any other text.
fn usage_error(args: &[OsString], err: clap::Error) -> u8 {
    match err.kind() {
        // clap's own status: 0 for help and version, 2 for the help shown
        // in place of a missing verb.
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            u8::try_from(err.exit_code()).unwrap_or(2)
        }
        _ => {
            let json = args.iter().any(|a| a == "--json");
            let out = Output::new(json, false, output::ColorChoice::Never);
            // clap quotes the command line in its message: render the same
            // error from the arguments made visible, so an escape sequence
            // typed (or pasted) there shows instead of acting. Plain text:
            // clap's own colours would be escaped on a terminal.
            let visible_args = args
                .iter()
                .map(|a| text::visible(&a.to_string_lossy()).into_owned());
            let again = Cli::command()
                .try_get_matches_from(visible_args)
                .and_then(|matches| Cli::from_arg_matches(&matches));
            let shown = match again {
                Err(again) if again.kind() == err.kind() => again,
                _ => err,
            };
            let err = Error::usage(shown.render().to_string().trim_end());
            // The usage error's object, naming the verb when one can be read.
            let json = || {
                let mut obj = error::error_json("", None, &err);
                obj["verb"] = serde_json::json!(verb_in(&Cli::command(), args));
                obj
            };
            let _ = out.error(json, &err.for_person());
            err.exit_code()
        }
    }
}

/// A `todo hook` command line that does not parse: clap's first line (the
/// problem), made visible, on stderr as the hook's one line; exit 0.
fn hook_usage_error(err: &clap::Error) -> u8 {
    let message = err.render().to_string();
    let first = message
        .lines()
        .map(|l| l.trim().trim_start_matches("error:").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("the command line does not parse");
    let line = format!(
        "todo hook: {} (see `todo hook --help`; the hook did nothing)",
        text::visible(first)
    );
    let out = Output::new(false, false, output::ColorChoice::Never);
    let _ = out.stderr(&text::Message::from(line));
    0
}

/// The verb a command line names, when one can be read from it although it
/// did not parse: the first word that is not a flag (nor a global flag's
/// value) and names a verb or an alias. `None` for an unknown verb; `show`
/// when there is no verb at all (`todo --bogus` is `todo show --bogus`).
fn verb_in(command: &clap::Command, args: &[OsString]) -> Option<String> {
    let takes_value: Vec<String> = command
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect();
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            return words.next().and_then(|w| verb_named(command, &w));
        }
        if word.starts_with('-') {
            if takes_value.iter().any(|f| *f == word) {
                words.next();
            }
            continue;
        }
        return verb_named(command, &word);
    }
    Some("show".to_string())
}

/// The verb `word` names: a verb's name (the registry's), or an alias of
/// one of `command`'s verbs.
fn verb_named(command: &clap::Command, word: &str) -> Option<String> {
    if cmd::VERBS.iter().any(|(name, ..)| *name == word) {
        return Some(word.to_string());
    }
    command
        .find_subcommand(word)
        .map(|s| s.get_name().to_string())
}

/// The first of these variables set to a name (normalised; empty is unset).
fn env_name(keys: &[&str]) -> Option<String> {
    keys.iter()
        .filter_map(|k| std::env::var(k).ok())
        .find_map(|v| text::normalize(&v))
}
