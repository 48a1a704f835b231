//! `todo setup claude|codex`: register todo's hooks in the agent's
//! settings (README, "Use with Claude Code" and "Use with Codex"), merged
//! into what is there.
//!
//! Everything else in the file stays as it was: keys, their order, other
//! hooks, the indentation. A file that is not a JSON object with `hooks` of
//! lists is refused, never overwritten; the file is replaced atomically; a
//! link in the project may not lead out of it (the plan file's rule).

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::hooks::Agent;
use crate::error::{Error, PathAction, Result};
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::storage::{self, NamedBy};

/// How long an agent lets a hook run, in seconds: todo answers in
/// milliseconds; this only bounds a plan lock held elsewhere.
const TIMEOUT: u64 = 10;

/// What `todo setup` was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetupMode {
    Add,
    Check,
    Remove,
}

/// What todo knows of an agent's settings.
struct AgentSettings {
    /// The agent's name in messages.
    name: &'static str,
    /// The settings file in the project or home directory (in `dir`), or
    /// in the directory `variable` names.
    dir: &'static str,
    file: &'static str,
    /// The variable that moves the agent's user settings out of the home
    /// directory: Claude Code's `CLAUDE_CONFIG_DIR` (its settings.json is
    /// there), Codex's `CODEX_HOME` (its hooks.json is there).
    variable: &'static str,
    hooks: &'static [HookSpec],
}

/// One hook todo registers: the event, the tool matcher, the `todo hook`
/// event.
type HookSpec = (&'static str, Option<&'static str>, &'static str);

const CLAUDE: AgentSettings = AgentSettings {
    name: "Claude Code",
    dir: ".claude",
    file: "settings.json",
    variable: "CLAUDE_CONFIG_DIR",
    hooks: &[
        ("SessionStart", None, "session-start"),
        ("UserPromptSubmit", None, "prompt"),
        ("Stop", None, "stop"),
        ("PostToolUse", Some("TodoWrite"), "post-tool"),
        ("PostToolUse", Some("TaskCreate|TaskUpdate"), "post-tool"),
        ("TaskCreated", None, "post-tool"),
        ("TaskCompleted", None, "post-tool"),
    ],
};

const CODEX: AgentSettings = AgentSettings {
    name: "Codex",
    dir: ".codex",
    file: "hooks.json",
    variable: "CODEX_HOME",
    // Claude Code's first three: Codex's plan tool emits no `PostToolUse`
    // (openai/codex, the `apply_patch` hooks change: "non-participating
    // tools such as the plan tool").
    hooks: CLAUDE.hooks.split_at(3).0,
};

fn settings(agent: Agent) -> &'static AgentSettings {
    match agent {
        Agent::Claude => &CLAUDE,
        Agent::Codex => &CODEX,
    }
}

/// Did `todo setup` write this command: one it writes now, or as earlier
/// versions wrote it, without `--agent`? Setup removes those as its own (a
/// command a person wrote is never touched).
fn written_by_setup(command: &str) -> bool {
    let command = command.trim();
    [Agent::Claude, Agent::Codex].into_iter().any(|agent| {
        settings(agent).hooks.iter().any(|&(_, _, hook)| {
            let earlier = format!("todo hook {hook}");
            command == earlier || command == format!("{earlier} --agent {}", <&str>::from(agent))
        })
    })
}

/// Set up, check or remove todo's hooks in `agent`'s settings file in the
/// project (the first directory holding `.git` from `cwd` up, else `cwd`)
/// or, with `user`, in the directory the agent's [`AgentSettings::variable`]
/// names, else the home directory.
pub(crate) fn run(agent: Agent, user: bool, cwd: &Path, mode: SetupMode) -> Result<Report> {
    let s = settings(agent);
    let word = <&str>::from(agent);
    let config = std::env::var_os(s.variable).filter(|v| !v.is_empty());
    let base = &if user {
        dirs::home_dir().ok_or_else(|| {
            Error::io(
                "Cannot find the home directory",
                io::Error::from(io::ErrorKind::NotFound),
            )
        })?
    } else {
        crate::storage::git_root(cwd).unwrap_or(cwd).to_path_buf()
    };
    let path = &match config.filter(|_| user) {
        Some(dir) => PathBuf::from(dir).join(s.file),
        None => base.join(s.dir).join(s.file),
    };
    let shown = path.display().to_string();
    // A file the person named by `--user` is theirs: links are followed
    // anywhere (dotfile managers link these). A project's file may not
    // lead out of the project: a cloned repository must not make setup
    // write elsewhere.
    let project = storage::real_path(base);
    let named = if user {
        NamedBy::Typed
    } else {
        NamedBy::Chosen { project: &project }
    };
    let real = storage::checked_for(path, named, PathAction::Use)?;
    let (bytes, mut root) = read(&real, &shown)?;
    let missing: Vec<&HookSpec> = s
        .hooks
        .iter()
        .filter(|h| !present(&root, h, word))
        .collect();
    // Each with its matcher when it has one (`PostToolUse` is wanted twice).
    let labels: Vec<String> = (missing.iter())
        .map(|&&(event, matcher, _)| match matcher {
            Some(m) => format!("{event} ({m})"),
            None => event.to_string(),
        })
        .collect();
    let report = |kind, message: String, key, value: bool| {
        Report::new("setup", kind, message)
            .with("path", json!(shown))
            .with(key, json!(value))
    };
    let done = |message, changed| report(Kind::Confirm, message, "changed", changed);
    match mode {
        SetupMode::Check => {
            let set_up = missing.is_empty();
            let name = s.name;
            let message = if set_up {
                format!("todo's hooks are set up for {name} in {shown}.")
            } else {
                format!(
                    "todo's hooks are not set up for {name} in {shown} (missing: {}). Run todo setup {}{}.",
                    labels.join(", "),
                    word,
                    if user { " --user" } else { "" }
                )
            };
            let kind = if set_up { Kind::Confirm } else { Kind::Data };
            let mut report = report(kind, message, "configured", set_up);
            report.exit = ExitCode::NotSetUp.when(!set_up);
            Ok(report)
        }
        SetupMode::Add => {
            if missing.is_empty() {
                let message =
                    format!("Already set up: todo's hooks are in {shown}. Nothing changed.");
                return Ok(done(message, false));
            }
            let hooks = root.as_object_mut().map(|map| {
                map.entry("hooks")
                    .or_insert_with(|| Value::Object(Map::new()))
            });
            let Some(Value::Object(hooks)) = hooks else {
                return Err(Error::bug("settings checked to be an object are not"));
            };
            for hook in &missing {
                let groups = hooks
                    .entry(hook.0.to_string())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(groups) = groups {
                    groups.push(group(hook, word));
                }
            }
            write(&real, &shown, bytes.as_deref(), &root)?;
            let message = format!("Added todo's hooks to {shown}: {}.", labels.join(", "));
            let mut report = done(message, true);
            // The agent looks for `todo` on PATH.
            if !crate::platform::on_process_path("todo") {
                report.warnings.push(
                    "Warning: no todo on PATH; the agent runs \"todo hook …\" and the hooks will fail until todo is installed on PATH.".into(),
                );
            }
            Ok(report)
        }
        SetupMode::Remove => {
            let removed = remove(&mut root);
            if removed == 0 {
                let message = format!("No todo hooks in {shown}. Nothing changed.");
                return Ok(done(message, false));
            }
            write(&real, &shown, bytes.as_deref(), &root)?;
            let message = format!("Removed todo's hooks from {shown} ({removed}).");
            Ok(done(message, true))
        }
    }
}

/// The file's bytes (`None`: there is none) and its JSON, checked to be of
/// the shape todo merges into.
fn read(real: &Path, shown: &str) -> Result<(Option<Vec<u8>>, Value)> {
    let Some(bytes) = storage::read_file(real, shown)? else {
        return Ok((None, Value::Object(Map::new())));
    };
    let broken = |why: String| {
        Error::Invalid(format!(
            "Not changing {shown}: {why}. Fix it by hand, then run todo setup again; nothing was written."
        ))
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| broken("it is not UTF-8 text".into()))?;
    // An empty file is an empty object, as an editor leaves a new file.
    let root: Value = if text.trim().is_empty() {
        Value::Object(Map::new())
    } else {
        serde_json::from_str(text).map_err(|e| {
            broken(format!(
                "it is not valid JSON (line {}, column {}: {e})",
                e.line(),
                e.column()
            ))
        })?
    };
    let Value::Object(map) = &root else {
        return Err(broken("it is not a JSON object".into()));
    };
    match map.get("hooks") {
        None => {}
        Some(Value::Object(events)) => {
            for (event, groups) in events {
                let Value::Array(groups) = groups else {
                    return Err(broken(format!("\"hooks\".\"{event}\" is not a list")));
                };
                if groups.iter().any(|g| !g.is_object()) {
                    return Err(broken(format!(
                        "\"hooks\".\"{event}\" holds something other than objects"
                    )));
                }
            }
        }
        Some(_) => return Err(broken("its \"hooks\" is not an object".into())),
    }
    Ok((Some(bytes), root))
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

/// Take out todo's hooks, and the groups and events only they filled;
/// returns how many hooks were taken out.
fn remove(root: &mut Value) -> usize {
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

/// Write `root` in the layout of the file it came from: its indentation
/// (two spaces for a new file, as both agents write theirs) and whether
/// it ended with a newline.
fn write(real: &Path, shown: &str, before: Option<&[u8]>, root: &Value) -> Result<()> {
    // A file made read-only is a person's "do not change", even for root,
    // whom the mode does not stop (the plan file's rule).
    if let Ok(meta) = std::fs::metadata(real)
        && meta.permissions().readonly()
    {
        return Err(crate::storage::StorageError::PathRefused {
            action: PathAction::Write,
            path: shown.to_string(),
            why: "it is read-only (make it writable to let todo setup change it)".into(),
        }
        .into());
    }
    // No file is laid out as an empty one.
    let before = before.unwrap_or_default();
    let indent = indentation(before);
    let newline = before.is_empty() || before.ends_with(b"\n");
    // A file with CRLF line ends (written on Windows) keeps them.
    let crlf = before.windows(2).any(|w| w == b"\r\n");
    let mut out = Vec::new();
    let formatter = AsTyped {
        pretty: serde_json::ser::PrettyFormatter::with_indent(&indent),
        typed: number_texts(before),
    };
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    root.serialize(&mut ser)
        .map_err(|e| Error::io(format!("Cannot write {shown}"), io::Error::other(e)))?;
    if newline {
        out.push(b'\n');
    }
    if crlf {
        // Serialized JSON holds no raw newline but the layout's (and is
        // UTF-8, so nothing is lost).
        out = String::from_utf8_lossy(&out)
            .replace('\n', "\r\n")
            .into_bytes();
    }
    if let Some(dir) = real.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::io(format!("Cannot create {}", dir.display()), e))?;
    }
    Ok(storage::write_file(real, shown, &out)?)
}

/// The [`serde_json::ser::Formatter`] methods that only lay the text out,
/// passed on to the pretty formatter.
macro_rules! pretty_layout {
    ($($name:ident($($arg:ident: $t:ty),*)),*) => {$(
        fn $name<W: ?Sized + io::Write>(&mut self, w: &mut W $(, $arg: $t)*) -> io::Result<()> {
            self.pretty.$name(w $(, $arg)*)
        }
    )*};
}

/// The pretty layout, writing each number as the file had it: the parser
/// keeps a number's digits but writes an exponent's sign (`1e2` read back
/// is `1e+2`), and a person's settings file is not todo's to respell.
struct AsTyped<'a> {
    pretty: serde_json::ser::PrettyFormatter<'a>,
    /// The numbers of the file as typed, by [`number_key`].
    typed: HashMap<String, String>,
}

impl serde_json::ser::Formatter for AsTyped<'_> {
    fn write_number_str<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        value: &str,
    ) -> io::Result<()> {
        match self.typed.get(&number_key(value)) {
            Some(typed) => w.write_all(typed.as_bytes()),
            None => w.write_all(value.as_bytes()),
        }
    }
    pretty_layout!(
        begin_array(),
        end_array(),
        begin_array_value(first: bool),
        end_array_value(),
        begin_object(),
        end_object(),
        begin_object_key(first: bool),
        begin_object_value(),
        end_object_value()
    );
}

/// A number's text with its exponent spelled one way (`1E+2`, `1e2`:
/// `1e2`), the same for a number as typed and as the parser keeps it.
fn number_key(text: &str) -> String {
    text.to_ascii_lowercase().replacen("e+", "e", 1)
}

/// The number literals of a JSON text, outside its strings, by [`number_key`].
fn number_texts(bytes: &[u8]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                let typed = String::from_utf8_lossy(&bytes[start..i]).into_owned();
                out.insert(number_key(&typed), typed);
            }
            _ => i += 1,
        }
    }
    out
}

/// The indentation of a JSON file: the whitespace that starts its first
/// indented line (two spaces if none is).
fn indentation(bytes: &[u8]) -> Vec<u8> {
    bytes
        .split(|&b| b == b'\n')
        .skip(1)
        .map(|line| {
            line.iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .copied()
                .collect::<Vec<u8>>()
        })
        .find(|ws| !ws.is_empty())
        .unwrap_or_else(|| b"  ".to_vec())
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

    #[test]
    fn the_indentation_is_the_files() {
        assert_eq!(indentation(b"{\n    \"a\": 1\n}\n"), b"    ");
        assert_eq!(indentation(b"{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(indentation(b"{}"), b"  ");
    }
}
