//! `todo setup claude|codex [--user] [--check] [--remove]`: put in place
//! everything a session needs (`crate::agent::setup`).

use super::prelude::*;
use crate::agent::hooks::Agent;
use crate::agent::setup::{self, SetupMode};

/// Set up Claude Code or Codex to work from the plan.
///
/// Puts in place, merged into what is there: todo's hooks
/// (`.claude/settings.json`, `.codex/hooks.json`); the MCP server `todo`
/// (`.mcp.json`, `.codex/config.toml`); the agent's identity,
/// `TODO_AGENT`, in the environment of its shell (Claude Code's settings
/// `env`, Codex's `shell_environment_policy.set`), so every `todo` the
/// agent runs is the agent and `--as person` is refused there; and a
/// skill the agent reads when it needs the verbs
/// (`.claude/skills/todo/SKILL.md`, `.agents/skills/todo/SKILL.md`).
/// `--user`: the user's files (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else
/// the home directory; `~/.claude.json` for Claude Code's server).
/// `--check` names each part present or missing. `--remove` takes out
/// exactly what setup wrote, and any file or directory it leaves empty.
/// Safe to run again. A file that is not valid JSON or TOML is refused
/// (exit 5), never overwritten, and nothing is written.
///
/// Examples: `todo setup claude`, `todo setup codex --check`,
/// `todo setup claude --user --remove`
#[derive(Debug, Clone, clap::Args)]
pub struct Setup {
    /// The agent whose settings to change.
    #[arg(value_enum, value_name = "AGENT")]
    pub agent: Agent,

    /// Change the user's settings (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else
    /// the home directory), not the project's.
    #[arg(long)]
    pub user: bool,

    /// Change nothing; name each part; exit 0 if all are set up, 1 if not.
    #[arg(long, conflicts_with = "remove")]
    pub check: bool,

    /// Remove what setup wrote (and only that).
    #[arg(long)]
    pub remove: bool,
}

impl super::Verb for Setup {
    fn run(self, ctx: &Context) -> Outcome {
        let mode = match (self.check, self.remove) {
            (true, _) => SetupMode::Check,
            (_, true) => SetupMode::Remove,
            _ => SetupMode::Add,
        };
        Outcome::of(setup::run(self.agent, self.user, &ctx.cwd, mode))
    }
}
