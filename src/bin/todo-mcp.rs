//! `todo-mcp`: `todo` with the MCP server linked in. `todo mcp` runs it
//! with its own command line; run directly, it is `todo` (`todo-mcp mcp`).

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(todo::run_mcp(std::env::args_os()).code)
}
