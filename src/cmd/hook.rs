//! `todo hook <event>`: read an agent's hook input on stdin and print its
//! answer (`crate::agent::hooks`). Whatever goes wrong, the agent goes on:
//! one line on stderr, nothing on stdout, exit 0.

use std::io::{IsTerminal, Read};

use clap::ValueEnum;

use super::prelude::*;
use crate::agent::hooks::{self, Agent, Event};

/// Answer an agent's hook: read its JSON on stdin, print what it expects.
///
/// For Claude Code and Codex hooks (`todo setup` registers them). `stop`
/// reminds the agent of open work (at most `--max` times per prompt,
/// per session and plan; not when it ended by asking a question, nor
/// for blocked work); `prompt` starts a new reminder cycle and tells
/// the agent what a person changed in the plan since it last saw it;
/// `session-start` gives it the plan and how to drive it; `post-tool`
/// mirrors its TodoWrite / update_plan list, or each Claude Code
/// TaskCreate / TaskUpdate call once applied (the TaskCreated /
/// TaskCompleted events only name the task), into the plan (what a person decided stays, and the agent
/// is told once); only into a plan that exists, and never running a
/// task's check (the agent is told to run `todo done` itself). A hook
/// waits at most 3 s for a plan another todo holds. The plan is found from
/// the input's `cwd`; an input naming another event (`SubagentStop`)
/// is left alone. Always acts as the agent: `TODO_ACTOR` is not read,
/// and `--as person` is refused. A hook never fails its agent: on any
/// error of its own, its command line's included, it prints one line
/// on stderr and exits 0.
///
/// Example: `echo '{"session_id":"s1","cwd":"."}' | todo hook stop`
#[derive(Debug, Clone, clap::Args)]
pub struct Hook {
    /// The agent's hook event.
    #[arg(value_enum, value_name = "EVENT")]
    pub event: Event,

    /// Stop reminders per prompt before the stop hook goes quiet.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub max: u32,

    /// The agent running the hook (default: told by its input).
    #[arg(long, value_enum, value_name = "AGENT")]
    pub agent: Option<Agent>,
}

impl super::Verb for Hook {
    fn run(self, ctx: &Context) -> Outcome {
        let as_person = ctx.actor == Some(Actor::Person);
        let ctx = &Context {
            actor: Some(Actor::Agent),
            ..ctx.clone()
        };
        let answer = if as_person {
            Err(Error::Usage(
                "a hook acts as the agent; `--as person` does not apply to it (remove it from the hook's command)".into(),
            ))
        } else {
            read().and_then(|input| {
                let hook = hooks::HookCall {
                    event: self.event,
                    agent: self.agent,
                    max: self.max,
                    cwd: ctx.cwd.clone(),
                };
                hooks::run(ctx, &hook, &input)
            })
        };
        if ctx.out.json {
            // `--json`: todo's own report, the agent's answer in `output` (and
            // in `message` as the line it would print), an error of the hook's
            // own in `hookError`; still exit 0, stderr empty.
            let output = answer.as_ref().ok().and_then(Option::as_ref);
            let message = output.map(Value::to_string).unwrap_or_default();
            let output = output.cloned().unwrap_or_default();
            let mut report = Report::new("hook", Kind::Data, message).with("output", output);
            if let Err(e) = &answer {
                report = report.with("hookError", one_line(e).into());
            }
            return Outcome::of(Ok(report));
        }
        match answer {
            Ok(Some(value)) => {
                let _ = ctx.out.raw_stdout(&format!("{value}\n"));
            }
            Ok(None) => {}
            Err(e) => {
                let text = one_line(&e);
                let name = self.event.to_possible_value();
                let name = name.as_ref().map_or("", |v| v.get_name());
                let line = format!("todo hook {name}: {}", visible(&text));
                let _ = ctx.out.stderr(&Message::from(line));
            }
        }
        Outcome::of(Ok(Report::new("hook", Kind::Silent, "")))
    }
}

/// Hook input larger than this is refused unread (a transcript is passed
/// by path, never inline).
const MAX_BYTES: u64 = 16 << 20;

/// An error as one line, whatever its own layout.
fn one_line(e: &Error) -> String {
    crate::text::normalize(&e.to_string()).unwrap_or_default()
}

fn read() -> Result<Vec<u8>> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let why = "no hook input: it reads the JSON an agent's hook sends on stdin";
        return Err(Error::Invalid(why.into()));
    }
    let mut bytes = Vec::new();
    stdin
        .lock()
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("Cannot read the hook input from stdin", e))?;
    if bytes.len() as u64 > MAX_BYTES {
        let why = format!("the hook input is larger than {MAX_BYTES} bytes");
        return Err(Error::Invalid(why));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    /// The global flags a person's command is named without
    /// (`crate::work::typed_command`) are the CLI's.
    #[test]
    fn the_global_flags_with_a_value_are_the_clis() {
        use clap::CommandFactory;
        let cmd = crate::cmd::Cli::command();
        let mut taking: Vec<String> = cmd
            .get_arguments()
            .filter(|a| a.is_global_set() && a.get_action().takes_values())
            .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
            .collect();
        taking.sort();
        let mut ours = crate::work::VALUE_FLAGS.to_vec();
        ours.sort_unstable();
        assert_eq!(taking, ours);
    }
}
