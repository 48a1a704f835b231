//! The hooks part of `todo setup`: which hooks each agent gets, and how
//! they are found, added and taken out of its hooks file (Claude Code's
//! settings.json, Codex's hooks.json: the same shape).

use serde_json::{Map, Value, json};

use crate::agent::hooks::Agent;

/// How long an agent lets a hook run, in seconds. A hook answers in
/// milliseconds; it waits for a plan lock held elsewhere well under this
/// (`agent::hooks::LOCK_WAIT`), then gives up without failing the agent.
pub(crate) const TIMEOUT: u64 = 10;

/// One hook todo registers: the event, the tool matcher, the `todo hook`
/// event.
pub(super) type HookSpec = (&'static str, Option<&'static str>, &'static str);

const CLAUDE: &[HookSpec] = &[
    ("SessionStart", None, "session-start"),
    ("UserPromptSubmit", None, "prompt"),
    ("Stop", None, "stop"),
    ("PostToolUse", Some("TodoWrite"), "post-tool"),
    ("PostToolUse", Some("TaskCreate|TaskUpdate"), "post-tool"),
    ("TaskCreated", None, "post-tool"),
    ("TaskCompleted", None, "post-tool"),
];

/// Codex 0.171.0 sends `PostToolUse` for `update_plan` (with
/// `tool_input.plan`) once `[tools.update_plan] enabled = true` offers it.
const CODEX: &[HookSpec] = &[
    ("SessionStart", None, "session-start"),
    ("UserPromptSubmit", None, "prompt"),
    ("Stop", None, "stop"),
    ("PostToolUse", Some("update_plan"), "post-tool"),
];

pub(super) fn specs(agent: Agent) -> &'static [HookSpec] {
    match agent {
        Agent::Claude => CLAUDE,
        Agent::Codex => CODEX,
    }
}

/// A hook's label in messages: its event, with its matcher when it has
/// one (`PostToolUse` is wanted twice).
pub(super) fn label(&(event, matcher, _): &HookSpec) -> String {
    match matcher {
        Some(m) => format!("{event} ({m})"),
        None => event.to_string(),
    }
}

/// The hooks of `agent` missing from `root`.
pub(super) fn missing(root: &Value, agent: Agent) -> Vec<&'static HookSpec> {
    let word = <&str>::from(agent);
    specs(agent)
        .iter()
        .filter(|h| !present(root, h, word))
        .collect()
}

/// Add `hooks` to `root` (checked to be an object whose `hooks` is one).
pub(super) fn add(root: &mut Value, agent: Agent, hooks: &[&HookSpec]) {
    let word = <&str>::from(agent);
    let Some(map) = root.as_object_mut() else {
        return;
    };
    let events = map
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(events) = events else {
        return;
    };
    for hook in hooks {
        let groups = events
            .entry(hook.0.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(groups) = groups {
            groups.push(group(hook, word));
        }
    }
}

/// Did `todo setup` write this command: one it writes now, or as earlier
/// versions wrote it, without `--agent`? Setup removes those as its own (a
/// command a person wrote is never touched).
fn written_by_setup(command: &str) -> bool {
    let command = command.trim();
    [Agent::Claude, Agent::Codex].into_iter().any(|agent| {
        specs(agent).iter().any(|&(_, _, hook)| {
            let earlier = format!("todo hook {hook}");
            command == earlier || command == format!("{earlier} --agent {}", <&str>::from(agent))
        })
    })
}

/// A group holding one of todo's hooks, for the agent `word`.
fn group(&(_, matcher, hook): &HookSpec, word: &str) -> Value {
    let command = format!("todo hook {hook} --agent {word}");
    let hooks = json!([{ "type": "command", "command": command, "timeout": TIMEOUT }]);
    match matcher {
        Some(m) => json!({ "matcher": m, "hooks": hooks }),
        None => json!({ "hooks": hooks }),
    }
}

/// The hook event a command runs if it is todo's (`todo hook stop …`,
/// `/usr/local/bin/todo hook prompt`): its third word.
fn todo_event(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    let program = words.next()?;
    let name = program.rsplit('/').next().unwrap_or(program);
    (name == "todo" && words.next() == Some("hook"))
        .then(|| words.next())
        .flatten()
}

/// The `--agent` a hook command names, if any.
fn agent_flag(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    words.find(|w| *w == "--agent")?;
    words.next()
}

/// Is `hook` registered: a todo hook for its event, naming the agent
/// `word` or none (other flags may differ), in a group of its event with
/// its matcher?
fn present(root: &Value, &(event, matcher, hook): &HookSpec, word: &str) -> bool {
    let groups = root["hooks"][event].as_array().into_iter().flatten();
    groups
        .filter(|g| g["matcher"].as_str() == matcher)
        .filter_map(|g| g["hooks"].as_array())
        .flatten()
        .any(|h| {
            let command = h["command"].as_str();
            // A hook naming no agent serves any (the input tells).
            let named = command.and_then(agent_flag);
            command.and_then(todo_event) == Some(hook) && named.is_none_or(|n| n == word)
        })
}

/// Does `root` hold any hook todo's setup wrote?
pub(super) fn any(root: &Value) -> bool {
    let events = root["hooks"]
        .as_object()
        .into_iter()
        .flat_map(|e| e.values());
    events
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|g| g["hooks"].as_array())
        .flatten()
        .any(|h| h["command"].as_str().is_some_and(written_by_setup))
}

/// Take out todo's hooks, and the groups and events only they filled;
/// returns how many hooks were taken out.
pub(super) fn remove(root: &mut Value) -> usize {
    let Some(Value::Object(events)) = root.get_mut("hooks") else {
        return 0;
    };
    let mut removed = 0;
    for groups in events.values_mut() {
        let Value::Array(groups) = groups else {
            continue;
        };
        groups.retain_mut(|g| {
            let Some(Value::Array(list)) = g.get_mut("hooks") else {
                return true;
            };
            let before = list.len();
            // A handler whose command setup writes (or wrote) is todo's; a
            // `todo hook …` a person wrote by hand is theirs.
            list.retain(|h| !h["command"].as_str().is_some_and(written_by_setup));
            removed += before - list.len();
            !(before > 0 && list.is_empty())
        });
    }
    if removed > 0 {
        events.retain(|_, groups| !matches!(groups, Value::Array(g) if g.is_empty()));
        if events.is_empty()
            && let Value::Object(map) = root
        {
            map.shift_remove("hooks");
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn todo_hooks_are_known_by_their_command() {
        assert_eq!(todo_event("todo hook stop"), Some("stop"));
        assert_eq!(
            todo_event("/opt/bin/todo hook prompt --max 5"),
            Some("prompt")
        );
        assert_eq!(todo_event("todo check"), None);
        assert_eq!(todo_event("mytodo hook stop"), None);
        assert_eq!(todo_event("todo hook"), None);
    }
}
