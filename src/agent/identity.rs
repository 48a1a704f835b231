//! Who runs `todo` from an agent's shell: `todo setup` puts `TODO_AGENT`
//! in the harness's environment (Claude Code's settings `env`, Codex's
//! `shell_environment_policy.set`), so every `todo` the agent runs is the
//! agent without `--as agent`, and `--as person` (or `TODO_ACTOR=person`)
//! from there is refused (docs/agents.md, "Who the agent is").
//!
//! This is a default that prevents accidents, not a wall: an agent whose
//! shell unsets the variable on purpose is not stopped by it, and the plan
//! records who did what.

use crate::error::{Error, Result};
use crate::plan::Actor;
use crate::plan::ops::{OpError, Refusal};

/// The variable that marks an agent's environment.
pub(crate) const VARIABLE: &str = "TODO_AGENT";

/// The actor a command acts as, given the actor typed or taken from
/// `TODO_ACTOR` (`asked`, and whether it came from `--as`) and the value of
/// `TODO_AGENT` (`agent`; empty means unset). A person's actor from an
/// agent's environment is refused (exit 7, `op-not-allowed`).
pub(crate) fn actor(
    asked: Option<Actor>,
    typed: bool,
    agent: Option<&str>,
) -> Result<Option<Actor>> {
    let Some(agent) = agent.map(str::trim).filter(|a| !a.is_empty()) else {
        return Ok(asked);
    };
    if asked != Some(Actor::Person) {
        return Ok(Some(Actor::Agent));
    }
    let agent = crate::text::head(agent, 40).0;
    let how = if typed {
        "`--as person`"
    } else {
        "TODO_ACTOR=person"
    };
    let message = format!(
        "{how} is refused here: this is an agent's shell ({VARIABLE}={}), and an agent may not act as the person. \
         Leave it out: your changes are the agent's. A person makes a person's change in their own terminal, where {VARIABLE} is not set.",
        crate::text::visible(agent)
    );
    Err(Error::Op(OpError::refused(Refusal::OpNotAllowed, message)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agents_environment_makes_the_agent_and_refuses_the_person() {
        assert_eq!(actor(None, false, None).ok(), Some(None));
        assert_eq!(actor(None, false, Some("")).ok(), Some(None));
        assert_eq!(
            actor(None, false, Some("claude")).ok(),
            Some(Some(Actor::Agent))
        );
        let agent = Some(Actor::Agent);
        assert_eq!(actor(agent, true, Some("codex")).ok(), Some(agent));
        assert!(actor(Some(Actor::Person), true, Some("claude")).is_err());
        assert!(actor(Some(Actor::Person), false, Some("claude")).is_err());
        let person = Some(Actor::Person);
        assert_eq!(actor(person, true, None).ok(), Some(person));
    }
}
