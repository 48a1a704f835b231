//! `todo setup claude|codex`: put in place everything a session needs
//! (docs/agents.md): the hooks, the MCP server, the agent's identity in the
//! environment of its shell (`TODO_AGENT`), and a skill the agent reads
//! when it needs the verbs. Each merged into what is there, idempotent;
//! `--check` names each part present or missing; `--remove` takes out
//! exactly what setup wrote, and no file or directory left empty by it.
//!
//! Everything else in the files stays as it was. A file that is not of
//! the shape todo merges into is refused, never overwritten, and nothing
//! is written until every file has been read; each file is replaced
//! atomically; a link in the project may not lead out of it (the plan
//! file's rule).

mod hooks;
mod json;
mod toml;

use std::io;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use super::hooks::Agent;
use super::identity::VARIABLE;
use crate::error::{Error, PathAction, Result};
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::storage::{self, NamedBy};

/// What `todo setup` was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetupMode {
    Add,
    Check,
    Remove,
}

/// The parts of a setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Hooks,
    Identity,
    Mcp,
    Skill,
}

impl Part {
    /// Its name in messages and in `--json` (`part`).
    fn name(self) -> &'static str {
        match self {
            Part::Hooks => "hooks",
            Part::Identity => "identity",
            Part::Mcp => "mcp",
            Part::Skill => "skill",
        }
    }
}

/// What one file holds, as read.
enum Doc {
    Json(Value),
    Toml(toml_edit::DocumentMut),
    Text(Option<String>),
}

/// One file setup reads and may write, with the parts it holds.
struct File {
    /// The path as shown, and the path checked to be safe to write.
    shown: String,
    path: PathBuf,
    real: PathBuf,
    before: Option<Vec<u8>>,
    doc: Doc,
    parts: &'static [Part],
    /// Something of todo's was added or taken out: the file is written.
    changed: bool,
}

/// Where a part stands in its file.
enum State {
    Present,
    /// Missing, with what is missing when it is not all of it.
    Missing(Option<String>),
    /// Something of the person's stands where todo's would go: left alone.
    Theirs(String),
}

/// The skill's text, `{agent}` being the agent's word.
const SKILL: &str = include_str!("skill.md");
/// The line that marks a skill file as todo's (any version of it).
const SKILL_MARK: &str = "<!-- Written by todo setup;";

fn skill(agent: Agent) -> String {
    SKILL.replace("{agent}", agent.into())
}

/// Does an MCP server's command run todo's server: `todo mcp`, or
/// `todo-mcp mcp` (the program `todo mcp` runs), by any path?
fn runs_todo_mcp(command: &str, arg: impl Fn(usize) -> Option<String>) -> bool {
    let name = Path::new(command.trim())
        .file_stem()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    matches!(name, "todo" | "todo-mcp") && arg(0).as_deref() == Some("mcp")
}

/// The directory a variable names (empty is unset).
fn var_dir(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The files of `agent`'s setup, in the project `base` or (with `user`)
/// the user's: `(path, parts)`; and the directories setup never removes
/// (beside `base`).
fn layout(agent: Agent, user: bool, base: &Path) -> Vec<(PathBuf, &'static [Part])> {
    match (agent, user) {
        (Agent::Claude, false) => vec![
            (
                base.join(".claude").join("settings.json"),
                &[Part::Hooks, Part::Identity],
            ),
            (base.join(".mcp.json"), &[Part::Mcp]),
            (
                base.join(".claude")
                    .join("skills")
                    .join("todo")
                    .join("SKILL.md"),
                &[Part::Skill],
            ),
        ],
        (Agent::Claude, true) => {
            // Claude Code keeps its settings in `CLAUDE_CONFIG_DIR` when it
            // is set, its user MCP servers in `.claude.json` there (else
            // in the home directory).
            let config = var_dir("CLAUDE_CONFIG_DIR");
            let dir = config.clone().unwrap_or_else(|| base.join(".claude"));
            let state =
                config.map_or_else(|| base.join(".claude.json"), |d| d.join(".claude.json"));
            vec![
                (dir.join("settings.json"), &[Part::Hooks, Part::Identity]),
                (state, &[Part::Mcp]),
                (
                    dir.join("skills").join("todo").join("SKILL.md"),
                    &[Part::Skill],
                ),
            ]
        }
        (Agent::Codex, user) => {
            let dir = match var_dir("CODEX_HOME").filter(|_| user) {
                Some(dir) => dir,
                None => base.join(".codex"),
            };
            // Codex reads skills from `.agents/skills` in the project and
            // in the home directory.
            let skills = base.join(".agents").join("skills").join("todo");
            vec![
                (dir.join("hooks.json"), &[Part::Hooks]),
                (dir.join("config.toml"), &[Part::Identity, Part::Mcp]),
                (skills.join("SKILL.md"), &[Part::Skill]),
            ]
        }
    }
}

/// The name of the agent in messages.
fn agent_name(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => "Claude Code",
        Agent::Codex => "Codex",
    }
}

/// Set up, check or remove todo's setup for `agent` in the project (the
/// first directory holding `.git` from `cwd` up, else `cwd`) or, with
/// `user`, for the user.
pub(crate) fn run(agent: Agent, user: bool, cwd: &Path, mode: SetupMode) -> Result<Report> {
    let base = if user {
        dirs::home_dir().ok_or_else(|| {
            Error::io(
                "Cannot find the home directory",
                io::Error::from(io::ErrorKind::NotFound),
            )
        })?
    } else {
        storage::git_root(cwd).unwrap_or(cwd).to_path_buf()
    };
    // A file the person named by `--user` is theirs: links are followed
    // anywhere (dotfile managers link these). A project's file may not
    // lead out of the project: a cloned repository must not make setup
    // write elsewhere.
    let project = storage::real_path(&base);
    let named = if user {
        NamedBy::Typed
    } else {
        NamedBy::Chosen { project: &project }
    };
    let mut files = Vec::new();
    for (path, parts) in layout(agent, user, &base) {
        files.push(read(agent, path, parts, named)?);
    }
    let states: Vec<(usize, Part, State)> = (files.iter().enumerate())
        .flat_map(|(i, f)| {
            f.parts
                .iter()
                .map(move |&p| (i, p, state(agent, p, &f.doc)))
        })
        .collect();
    let word = <&str>::from(agent);
    let again = format!("todo setup {word}{}", if user { " --user" } else { "" });
    let name = agent_name(agent);
    let parts = states.iter().map(|(i, part, state)| {
        json!({
            "part": part.name(),
            "path": files[*i].shown,
            "present": matches!(state, State::Present),
        })
    });
    let parts = Value::Array(parts.collect());
    let first = files.first().map(|f| f.shown.clone()).unwrap_or_default();
    let report = |kind, message: String| {
        Report::new("setup", kind, message)
            .with("path", json!(first))
            .with("parts", parts.clone())
    };
    match mode {
        SetupMode::Check => {
            let set_up = states.iter().all(|(_, _, s)| matches!(s, State::Present));
            let mut lines = vec![if set_up {
                format!("todo is set up for {name}:")
            } else {
                format!("todo is not fully set up for {name} (run {again}):")
            }];
            for (i, part, state) in &states {
                let shown = &files[*i].shown;
                lines.push(match state {
                    State::Present => format!("- {}: in {shown}", part.name()),
                    State::Missing(None) => format!("- {}: missing from {shown}", part.name()),
                    State::Missing(Some(what)) => {
                        format!("- {}: missing from {shown} ({what})", part.name())
                    }
                    State::Theirs(why) => {
                        format!("- {}: not todo's in {shown}: {why}", part.name())
                    }
                });
            }
            let kind = if set_up { Kind::Confirm } else { Kind::Data };
            let mut report = report(kind, lines.join("\n")).with("configured", json!(set_up));
            report.exit = ExitCode::NotSetUp.when(!set_up);
            Ok(report)
        }
        SetupMode::Add => {
            let mut lines = Vec::new();
            let mut warnings = Vec::new();
            for (i, part, state) in &states {
                let file = &mut files[*i];
                let shown = file.shown.clone();
                match state {
                    State::Present => {}
                    State::Missing(what) => {
                        add(agent, *part, &mut file.doc);
                        file.changed = true;
                        let what = what.as_ref().map(|w| format!(" ({w})")).unwrap_or_default();
                        lines.push(format!("- {}: added to {shown}{what}", part.name()));
                    }
                    State::Theirs(why) => {
                        warnings.push(format!(
                            "Warning: {} left as it is in {shown}: {why}.",
                            part.name()
                        ));
                    }
                }
            }
            if lines.is_empty() {
                let message = format!(
                    "Already set up: todo's hooks, identity, MCP server and skill for {name} are in place. Nothing changed."
                );
                let mut report = report(Kind::Confirm, message).with("changed", json!(false));
                report.warnings = warnings;
                return Ok(report);
            }
            for file in &files {
                save(file, &base)?;
            }
            lines.insert(0, format!("Set up todo for {name}:"));
            if let Some(other) = codex_twice(agent, user, cwd) {
                warnings.push(format!(
                    "Warning: todo's hooks are also in {other}, and Codex runs the hooks of both levels: each would run twice. Keep one: todo setup codex{} --remove.",
                    if user { "" } else { " --user" }
                ));
            }
            if agent == Agent::Codex && !user {
                lines.push("Codex runs a project's hooks once the project and each hook are trusted: review them in Codex (/hooks).".into());
            }
            let mut report = report(Kind::Confirm, lines.join("\n")).with("changed", json!(true));
            // The agent looks for `todo` on PATH.
            if !crate::platform::on_process_path("todo") {
                warnings.push(
                    "Warning: no todo on PATH; the agent runs \"todo hook …\" and \"todo mcp\", which will fail until todo is installed on PATH.".into(),
                );
            }
            report.warnings = warnings;
            Ok(report)
        }
        SetupMode::Remove => {
            let mut lines = Vec::new();
            for file in &mut files {
                for &part in file.parts {
                    if let Some(what) = remove(agent, part, &mut file.doc) {
                        file.changed = true;
                        lines.push(format!("- {}: {what} {}", part.name(), file.shown));
                    }
                }
            }
            if lines.is_empty() {
                let message =
                    format!("Nothing of todo's setup for {name} was found. Nothing changed.");
                return Ok(report(Kind::Confirm, message).with("changed", json!(false)));
            }
            for file in &files {
                save(file, &base)?;
            }
            lines.insert(0, format!("Removed todo's setup for {name}:"));
            Ok(report(Kind::Confirm, lines.join("\n")).with("changed", json!(true)))
        }
    }
}

/// Codex runs the hooks of the project and of the user both: the other
/// level's hooks file when it holds todo's hooks too.
fn codex_twice(agent: Agent, user: bool, cwd: &Path) -> Option<String> {
    if agent != Agent::Codex {
        return None;
    }
    let other = if user {
        storage::git_root(cwd).unwrap_or(cwd).join(".codex")
    } else {
        var_dir("CODEX_HOME").or_else(|| dirs::home_dir().map(|h| h.join(".codex")))?
    };
    let path = other.join("hooks.json");
    let bytes = std::fs::read(&path).ok()?;
    let root = json::parse(Some(&bytes), "", &[]).ok()?;
    hooks::any(&root).then(|| path.display().to_string())
}

/// Read one file of the setup, checked to be safe to write and of a shape
/// todo merges into.
fn read(agent: Agent, path: PathBuf, parts: &'static [Part], named: NamedBy) -> Result<File> {
    let shown = path.display().to_string();
    let real = storage::checked_for(&path, named, PathAction::Use)?;
    // Setup makes the directories a file needs: the nearest one that
    // exists may not lead out of the project either (a cloned
    // `.claude/skills` linked elsewhere).
    if let NamedBy::Chosen { project } = named {
        let there = path.ancestors().skip(1).find(|d| d.exists());
        let real_dir = there.and_then(|d| std::fs::canonicalize(d).ok());
        if let Some(real_dir) = real_dir.filter(|r| !r.starts_with(project)) {
            return Err(crate::storage::StorageError::PathRefused {
                action: PathAction::Use,
                path: shown,
                why: format!(
                    "a directory on the way leads outside the project (to {})",
                    real_dir.display()
                ),
            }
            .into());
        }
    }
    let before = storage::read_file(&real, &shown)?;
    let bytes = before.as_deref();
    let is = |ext: &str| path.extension().is_some_and(|e| e == ext);
    let doc = if is("toml") {
        Doc::Toml(toml::parse(bytes, &shown)?)
    } else if is("md") {
        let text = bytes.map(|b| String::from_utf8_lossy(b).into_owned());
        Doc::Text(text)
    } else {
        let objects: &[&str] = match agent {
            Agent::Claude => &["env", "mcpServers"],
            Agent::Codex => &[],
        };
        Doc::Json(json::parse(bytes, &shown, objects)?)
    };
    Ok(File {
        shown,
        path,
        real,
        before,
        doc,
        parts,
        changed: false,
    })
}

/// Where `part` stands in `doc`.
fn state(agent: Agent, part: Part, doc: &Doc) -> State {
    let word = <&str>::from(agent);
    let missing = |present: bool| {
        if present {
            State::Present
        } else {
            State::Missing(None)
        }
    };
    match (part, doc) {
        (Part::Hooks, Doc::Json(root)) => {
            let missing = hooks::missing(root, agent);
            if missing.is_empty() {
                State::Present
            } else {
                let labels: Vec<String> = missing.iter().map(|h| hooks::label(h)).collect();
                State::Missing(Some(labels.join(", ")))
            }
        }
        (Part::Identity, Doc::Json(root)) => match root["env"].get(VARIABLE) {
            None => State::Missing(Some(format!("env {VARIABLE}={word}"))),
            Some(v) if v == word => State::Present,
            Some(v) => State::Theirs(format!("env {VARIABLE} is {v}, not \"{word}\"")),
        },
        (Part::Identity, Doc::Toml(doc)) => {
            let set = doc
                .get("shell_environment_policy")
                .and_then(|p| p.get("set"))
                .and_then(|s| s.get(VARIABLE))
                .map(|v| v.as_str().unwrap_or("").to_string());
            match set {
                None => State::Missing(Some(format!(
                    "shell_environment_policy.set {VARIABLE} = \"{word}\""
                ))),
                Some(v) if v == word => State::Present,
                Some(v) => State::Theirs(format!(
                    "shell_environment_policy.set {VARIABLE} is \"{}\", not \"{word}\"",
                    crate::text::visible(&v)
                )),
            }
        }
        (Part::Mcp, Doc::Json(root)) => match mcp_json(root) {
            None => State::Missing(Some("mcpServers.todo: todo mcp".into())),
            Some(true) => State::Present,
            Some(false) => State::Theirs("another server is named \"todo\" in mcpServers".into()),
        },
        (Part::Mcp, Doc::Toml(doc)) => match toml::mcp_server(doc) {
            None => State::Missing(Some("[mcp_servers.todo]: todo mcp".into())),
            Some(true) => State::Present,
            Some(false) => State::Theirs("another server is [mcp_servers.todo]".into()),
        },
        (Part::Skill, Doc::Text(text)) => match text {
            None => State::Missing(None),
            Some(text) if *text == skill(agent) => State::Present,
            // An earlier todo's skill is brought up to date.
            Some(text) if text.contains(SKILL_MARK) => missing(false),
            Some(_) => State::Theirs("a skill of that name that todo did not write".into()),
        },
        _ => State::Theirs("not a file todo knows how to change".into()),
    }
}

/// Claude Code's `mcpServers.todo`: `Some(true)` when it runs todo's
/// server, `Some(false)` another program, `None` none.
fn mcp_json(root: &Value) -> Option<bool> {
    let server = root["mcpServers"].get("todo")?;
    let command = server["command"].as_str().unwrap_or("");
    Some(runs_todo_mcp(command, |i| {
        server["args"][i].as_str().map(str::to_string)
    }))
}

/// Put `part` in `doc` (checked to be missing).
fn add(agent: Agent, part: Part, doc: &mut Doc) {
    let word = <&str>::from(agent);
    match (part, doc) {
        (Part::Hooks, Doc::Json(root)) => {
            let missing = hooks::missing(root, agent);
            hooks::add(root, agent, &missing);
        }
        (Part::Identity, Doc::Json(root)) => {
            if let Some(Value::Object(env)) = object_at(root, "env") {
                env.insert(VARIABLE.into(), json!(word));
            }
        }
        (Part::Mcp, Doc::Json(root)) => {
            if let Some(Value::Object(servers)) = object_at(root, "mcpServers") {
                let server = json!({ "type": "stdio", "command": "todo", "args": ["mcp"] });
                servers.insert("todo".into(), server);
            }
        }
        (Part::Identity, Doc::Toml(doc)) => toml::add_identity(doc, word),
        (Part::Mcp, Doc::Toml(doc)) => toml::add_mcp(doc),
        (Part::Skill, Doc::Text(text)) => *text = Some(skill(agent)),
        _ => {}
    }
}

/// The object at `key` of the object `root`, made if missing.
fn object_at<'a>(root: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    let map = root.as_object_mut()?;
    Some(map.entry(key).or_insert_with(|| Value::Object(Map::new())))
}

/// Take `part` out of `doc` if setup wrote it: what was done, for the
/// message (`None`: nothing of todo's was there).
fn remove(agent: Agent, part: Part, doc: &mut Doc) -> Option<String> {
    let word = <&str>::from(agent);
    let taken = |map: &mut Value, outer: &str, inner: &str, ours: &dyn Fn(&Value) -> bool| {
        let Some(Value::Object(obj)) = map.get_mut(outer) else {
            return false;
        };
        if !obj.get(inner).is_some_and(ours) {
            return false;
        }
        obj.shift_remove(inner);
        if obj.is_empty()
            && let Value::Object(root) = map
        {
            root.shift_remove(outer);
        }
        true
    };
    let done = match (part, doc) {
        (Part::Hooks, Doc::Json(root)) => {
            let n = hooks::remove(root);
            return (n > 0).then(|| format!("{n} removed from"));
        }
        (Part::Identity, Doc::Json(root)) => taken(root, "env", VARIABLE, &|v| v == word),
        (Part::Mcp, Doc::Json(root)) => {
            let ours = mcp_json(root) == Some(true);
            ours && taken(root, "mcpServers", "todo", &|_| true)
        }
        (Part::Identity, Doc::Toml(doc)) => toml::remove_identity(doc, word),
        (Part::Mcp, Doc::Toml(doc)) => toml::remove_mcp(doc),
        (Part::Skill, Doc::Text(text)) => {
            let ours = text.as_ref().is_some_and(|t| t.contains(SKILL_MARK));
            if ours {
                *text = None;
            }
            ours
        }
        _ => false,
    };
    done.then(|| "removed from".to_string())
}

/// What a file should hold now: `None` for no file (a file emptied of
/// what setup wrote is removed, a link kept).
fn contents(file: &File) -> Result<Option<Vec<u8>>> {
    let before = file.before.as_deref();
    Ok(match &file.doc {
        Doc::Json(root) if root.as_object().is_some_and(Map::is_empty) && before.is_some() => {
            if is_link(&file.path) {
                Some(json::render(before, root)?)
            } else {
                None
            }
        }
        Doc::Json(root) => Some(json::render(before, root)?),
        Doc::Toml(doc) if toml::is_empty(doc) && before.is_some() && !is_link(&file.path) => None,
        Doc::Toml(doc) => Some(doc.to_string().into_bytes()),
        Doc::Text(text) => text.as_ref().map(|t| t.clone().into_bytes()),
    })
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Write `file` if it changed (or remove it, and the directories it leaves
/// empty up to `base`, the agents' own directories kept).
fn save(file: &File, base: &Path) -> Result<()> {
    if !file.changed {
        return Ok(());
    }
    let now = contents(file)?;
    if now.as_deref() == file.before.as_deref() {
        return Ok(());
    }
    // A file made read-only is a person's "do not change", even for root,
    // whom the mode does not stop (the plan file's rule).
    if file.before.is_some()
        && let Ok(meta) = std::fs::metadata(&file.real)
        && meta.permissions().readonly()
    {
        return Err(crate::storage::StorageError::PathRefused {
            action: PathAction::Write,
            path: file.shown.clone(),
            why: "it is read-only (make it writable to let todo setup change it)".into(),
        }
        .into());
    }
    match now {
        Some(bytes) => {
            if let Some(dir) = file.real.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Error::io(format!("Cannot create {}", dir.display()), e))?;
            }
            Ok(storage::write_file(&file.real, &file.shown, &bytes)?)
        }
        None => {
            std::fs::remove_file(&file.path)
                .map_err(|e| Error::io(format!("Cannot remove {}", file.shown), e))?;
            // The directories setup made, left empty: removed up to the
            // project or home directory (a directory holding anything
            // stays).
            // The agents' own directories named by a variable stay.
            let kept = [var_dir("CLAUDE_CONFIG_DIR"), var_dir("CODEX_HOME")];
            let stays = |d: &Path| d == base || kept.iter().flatten().any(|k| k == d);
            let mut dir = file.path.parent();
            while let Some(d) = dir.filter(|d| d.starts_with(base) && !stays(d)) {
                if std::fs::remove_dir(d).is_err() {
                    break;
                }
                dir = d.parent();
            }
            Ok(())
        }
    }
}
