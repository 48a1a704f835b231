//! `todo mcp`: the plan as an MCP server on stdio (SPEC §11). The protocol
//! and the tools live in `crate::agent::mcp`, linked into the `todo-mcp`
//! program only (`src/bin/todo-mcp.rs`): in `todo`, this verb hands the
//! same command line to that program, in this process's place.

use std::ffi::OsString;
use std::path::PathBuf;

use super::{Context, Outcome};
use crate::error::Error;
use crate::output::{Kind, Report};

/// What serves MCP in `todo-mcp`.
pub(crate) type McpServer = fn(&Context) -> crate::error::Result<()>;

/// The program that serves MCP.
const PROGRAM: &str = "todo-mcp";

pub(super) fn run(ctx: &Context) -> Outcome {
    match crate::MCP_SERVER.get() {
        Some(serve) => Outcome::of(serve(ctx).map(|()| Report::new("mcp", Kind::Silent, ""))),
        None => Outcome::of(Err(exec_server())),
    }
}

/// Replace this process with `todo-mcp` and the same arguments (so
/// `--file`, `--as` and the environment hold as typed): the one beside
/// this program, else the first on the `PATH`. Returns only on failure.
fn exec_server() -> Error {
    use std::os::unix::process::CommandExt;
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let beside: Option<PathBuf> = std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(PROGRAM))
        .filter(|p| p.is_file());
    let program = beside.unwrap_or_else(|| PathBuf::from(PROGRAM));
    let e = std::process::Command::new(&program).args(args).exec();
    Error::io(
        format!(
            "todo mcp runs the program {PROGRAM}, installed with todo, and could not start {}",
            program.display()
        ),
        e,
    )
}
