//! `todo mcp`: the plan as an MCP server on stdio (docs/contract.md, "The MCP
//! server"). The protocol and the tools live in `crate::agent::mcp`, linked
//! into the `todo-mcp` program only (`src/bin/todo-mcp.rs`): in `todo`, this
//! verb hands the same command line to that program, in this process's place.

use std::path::PathBuf;

use super::prelude::*;

/// Serve the plan to an agent over the Model Context Protocol (stdio).
///
/// Speaks MCP on stdin/stdout (JSON-RPC, one message a line; logs on
/// stderr) until stdin closes. Tools: `todo` (the oh-my-pi ops of
/// `todo apply`: one op, or `{"ops": [..]}` as one batch) and
/// `plan_update` (tasks, objectives and phases by id); resources
/// `todo://plan` (Markdown) and `todo://plan.json`. Every call re-reads
/// the plan and acts as an agent unless `--as person` is typed (`TODO_ACTOR`
/// is not read for it), with the lock,
/// permissions and reply of `todo apply`. The server is the program
/// `todo-mcp`, installed with todo: this runs it in its place.
///
/// Example: `claude mcp add todo -- todo mcp`
#[derive(Debug, Clone, clap::Args)]
pub struct Mcp;

impl super::Verb for Mcp {
    fn run(self, ctx: &Context) -> Outcome {
        match SERVER.get() {
            Some(serve) => Outcome::of(serve(ctx).map(|()| Report::new("mcp", Kind::Silent, ""))),
            None => Outcome::of(run_server()),
        }
    }
}

/// What serves MCP: set only by the `todo-mcp` program, at the edge.
pub(crate) static SERVER: std::sync::OnceLock<fn(&Context) -> crate::error::Result<()>> =
    std::sync::OnceLock::new();

const PROGRAM: &str = "todo-mcp";

/// `todo-mcp` (the one beside this program, else the first on the `PATH`),
/// and the command that runs it with this process's arguments.
fn server() -> (PathBuf, std::process::Command) {
    let name = format!("{PROGRAM}{}", std::env::consts::EXE_SUFFIX);
    let program = std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(&name))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(name));
    let mut command = std::process::Command::new(&program);
    command.args(std::env::args_os().skip(1));
    (program, command)
}

fn cannot_start(program: &std::path::Path, e: std::io::Error) -> Error {
    Error::io(
        format!(
            "todo mcp runs the program {PROGRAM}, installed with todo, and could not start {}",
            program.display()
        ),
        e,
    )
}

/// Replace this process with `todo-mcp` and the same arguments (so
/// `--file`, `--as` and the environment hold as typed). Returns only on
/// failure.
#[cfg(unix)]
fn run_server() -> crate::error::Result<Report> {
    use std::os::unix::process::CommandExt;
    let (program, mut command) = server();
    Err(cannot_start(&program, command.exec()))
}

/// Windows has no `exec`: run `todo-mcp` with the same arguments on this
/// process's standard streams, wait for it, and end with its status.
#[cfg(windows)]
fn run_server() -> crate::error::Result<Report> {
    let (program, mut command) = server();
    let status = command.status().map_err(|e| cannot_start(&program, e))?;
    // A status past 255 (an NTSTATUS from a crash) is a failure all the same.
    let code = status
        .code()
        .and_then(|c| u8::try_from(c).ok())
        .unwrap_or(crate::exit_codes::ExitCode::Environment.code());
    let mut report = Report::new("mcp", Kind::Silent, "");
    report.exit = crate::exit_codes::ExitCode::Passed(code);
    Ok(report)
}
