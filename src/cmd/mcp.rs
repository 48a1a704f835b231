//! `todo mcp`: the plan as an MCP server on stdio (SPEC §11). The protocol
//! and the tools live in `crate::agent::mcp`; this verb only runs it until
//! the client closes stdin.

use super::{Context, Outcome};
use crate::output::{Kind, Report};

pub(super) fn run(ctx: &Context) -> Outcome {
    Outcome::of(crate::agent::mcp::serve(ctx).map(|()| Report::new("mcp", Kind::Silent, "")))
}
