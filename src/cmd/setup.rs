//! `todo setup claude|codex [--user] [--check] [--remove]`: register
//! todo's hooks in the agent's settings (`crate::agent::setup`).

use crate::agent::hooks::Agent;
use crate::agent::setup::{self, SetupMode};
use crate::cli::{AgentArg, SetupArgs};
use crate::error::{Error, Result};
use crate::output::Report;

impl From<AgentArg> for Agent {
    fn from(agent: AgentArg) -> Agent {
        match agent {
            AgentArg::Claude => Agent::Claude,
            AgentArg::Codex => Agent::Codex,
        }
    }
}

pub(super) fn run(args: &SetupArgs) -> Result<Report> {
    let cwd =
        std::env::current_dir().map_err(|e| Error::io("Cannot read the current directory", e))?;
    let agent = Agent::from(args.agent);
    let mode = if args.check {
        SetupMode::Check
    } else if args.remove {
        SetupMode::Remove
    } else {
        SetupMode::Add
    };
    let base = setup::base(args.user, &cwd)?;
    let config = std::env::var_os(setup::config_variable(agent))
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from);
    setup::run(agent, &base, args.user, config.as_deref(), mode)
}
