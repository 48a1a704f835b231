//! `todo`: a phased task plan in a file in the project directory, shared by
//! people, CI jobs and coding agents. The binary is a thin shell over [`run`].

pub mod cli;
pub mod clipboard;
mod cmd;
pub mod editor;
pub mod error;
mod fnv;
pub mod generate;
pub mod history;
pub mod markdown;
pub mod matching;
pub mod merge;
mod output;
pub mod plan;
pub mod region;
mod scan;
pub mod storage;
pub mod text;

use std::cell::Cell;
use std::ffi::OsString;
use std::io::IsTerminal;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

pub use cli::Cli;

use cmd::Context;
use error::Error;
use output::Output;
use storage::Store;

/// Parse `args`, run the verb, print, and return the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> u8 {
    let args: Vec<OsString> = args.into_iter().collect();
    // An empty `TODO_FILE` means unset, as for most variables; an empty
    // `--file` typed on the command line stays a usage error.
    let mut command = Cli::command();
    if std::env::var_os("TODO_FILE").is_some_and(|v| v.is_empty()) {
        command = command.mut_arg("file", |arg| arg.env(None::<&str>));
    }
    let cli = match command
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(err) => return usage_error(&args, err),
    };
    let out = Output::new(cli.global.json, cli.global.quiet, cli.global.color);
    let verb = cmd::verb_name(&cli.command);
    let cwd = match std::env::current_dir() {
        Ok(dir) => dir,
        Err(e) => {
            return fail(
                &out,
                verb,
                None,
                &Error::io("Cannot read the current directory", e),
            );
        }
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
    let editor = ["VISUAL", "EDITOR"]
        .into_iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.trim().is_empty());
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let ctx = Context {
        store,
        if_rev: cli.global.if_rev,
        rev: Cell::new(None),
        history,
        out: out.clone(),
        editor,
        tmp: std::env::temp_dir(),
        interactive,
    };
    let command = cli.command.unwrap_or(cli::Command::Show(cli.show.clone()));
    match cmd::dispatch(&ctx, command) {
        Ok(report) => match out.report(&report) {
            Ok(()) => report.exit,
            Err(e) if e.is_broken_pipe() => 0,
            Err(e) => fail(&out, verb, ctx.rev.get(), &e),
        },
        Err(e) => fail(&out, verb, ctx.rev.get(), &e),
    }
}

fn fail(out: &Output, verb: &str, rev: Option<u64>, err: &Error) -> u8 {
    if err.is_broken_pipe() {
        return 0;
    }
    let _ = out.error(verb, rev, err);
    err.exit_code()
}

/// Help and version print normally; anything else is a usage error (exit 2),
/// as a JSON object when `--json` was asked for.
fn usage_error(args: &[OsString], err: clap::Error) -> u8 {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            0
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            2
        }
        _ if args.iter().any(|a| a == "--json") => {
            let message = err.render().to_string();
            let obj = serde_json::json!({
                "ok": false,
                "verb": null,
                "message": message.trim_end(),
                "rev": null,
                "error": { "code": "usage", "exit": 2 },
            });
            println!("{obj}");
            2
        }
        _ => {
            let _ = err.print();
            2
        }
    }
}
