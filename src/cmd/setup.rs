//! `todo setup claude|codex [--user] [--check] [--remove]`: register
//! todo's hooks in the agent's settings (`crate::agent::setup`).

use super::prelude::*;
use crate::agent::hooks::Agent;
use crate::agent::setup::{self, SetupMode};

/// Register todo's hooks with Claude Code or Codex.
///
/// Merges them into `.claude/settings.json` (`--user`:
/// `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`)
/// or `.codex/hooks.json` (`--user`: `$CODEX_HOME/hooks.json`, else
/// `~/.codex/hooks.json`), leaving everything else there as it was.
/// Each hook's command names the agent (`--agent claude`). `--remove`
/// takes out only the hooks setup wrote.
/// Safe to run again. A file that is not valid JSON is refused
/// (exit 5), never overwritten.
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

    /// Change nothing; exit 0 if the hooks are set up, 1 if not.
    #[arg(long, conflicts_with = "remove")]
    pub check: bool,

    /// Remove todo's hooks (and only those).
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
