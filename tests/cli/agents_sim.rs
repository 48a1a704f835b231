//! The real Claude Code and Codex, driven offline: a scripted stand-in of
//! the model's API (`tests/agents/*_standin.py`) on 127.0.0.1 answers with
//! the tool calls of a script, the real agent runs them and fires its real
//! hooks (`todo hook …`), and the test reads afterwards what the session
//! did: every request the "model" received (which tools it was offered,
//! what came back from each tool and hook), the agent's own log of its hook
//! runs, and the plan file. docs/agents-e2e.md tells how to run them.
//!
//! The agents are the npm packages `.ci/run` installs into
//! `target/agents`, pinned to the versions below; build.rs finds their
//! native programs (`TODO_TEST_CLAUDE`, `TODO_TEST_CODEX`) or marks the
//! tests ignored (`todo_tests_no_claude`, `todo_tests_no_codex`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Run, Running, TestEnv, bin, missing_tool, run_within};

/// npm `@anthropic-ai/claude-code`, as `.ci/run` pins it.
pub(crate) const CLAUDE_VERSION: &str = "2.1.332";
/// npm `@openai/codex`, as `.ci/run` pins it.
pub(crate) const CODEX_VERSION: &str = "0.171.0";

/// A session runs in 2–3 s; this only ends a hung one.
const LIMIT: Duration = Duration::from_secs(180);

fn program(found: Option<&'static str>, what: &str) -> PathBuf {
    match found {
        Some(path) if Path::new(path).is_file() => PathBuf::from(path),
        _ => {
            missing_tool(&format!("{what} in target/agents (.ci/run installs it)"));
            unreachable!()
        }
    }
}

fn standins() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents")
}

/// What one session did, kept in `out/`.
pub(crate) struct Session {
    pub out: PathBuf,
    /// The agent's exit status and output.
    pub run: Run,
    /// The body of every request of the main conversation, in order.
    pub requests: Vec<Value>,
}

/// The stand-in model server, stopped when dropped.
struct Standin {
    _process: Running,
    port: String,
}

impl Standin {
    fn start(file: &str, script: &Value, out: &Path) -> Standin {
        let script_file = out.join("script.json");
        std::fs::write(&script_file, script.to_string()).expect("write the script");
        let mut cmd = Command::new("python3");
        cmd.arg(standins().join(file))
            .env("SCRIPT", &script_file)
            .env("LOG_DIR", out)
            .stdin(std::process::Stdio::null());
        let process = Running::start(&mut cmd);
        let port = process.line(Duration::from_secs(20));
        assert!(
            port.parse::<u16>().is_ok(),
            "the stand-in said {port:?}, not its port"
        );
        Standin {
            _process: process,
            port,
        }
    }
}

/// `PATH` with the `todo` under test first: the hooks and the agent's
/// shell run `todo` by name.
fn path() -> std::ffi::OsString {
    let mut dirs = vec![bin().parent().expect("bin dir").to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).expect("PATH")
}

/// The clean environment of `todo`'s tests, for an agent in `env`'s
/// project with `env`'s HOME.
fn agent_command(env: &TestEnv, program: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.current_dir(&env.root)
        .env_clear()
        .env("PATH", path())
        .env("HOME", &env.home)
        .env("TMPDIR", env.home.join("tmp"))
        .env("TODO_HISTORY_DIR", env.home.join("history"))
        .env("TODO_NOW", "2026-01-02T03:04:05Z")
        .env("LC_ALL", "C.UTF-8");
    cmd
}

fn read_requests(out: &Path) -> Vec<Value> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(out)
        .expect("read the session's directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("req-"))
        })
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| serde_json::from_slice::<Value>(&std::fs::read(f).expect("read")).expect("JSON"))
        .filter(|r| r["main"] == true)
        .map(|r| r["body"].clone())
        .collect()
}

/// A new directory for a session's records, in `env`'s temporary tree:
/// `sessions/<agent>-<n>`, `n` unique in this test process (sessions may
/// run at once).
fn out_dir(env: &TestEnv, agent: &str) -> PathBuf {
    static SESSIONS: AtomicUsize = AtomicUsize::new(1);
    let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let out = env.home.join("sessions").join(format!("{agent}-{n}"));
    std::fs::create_dir_all(&out).expect("out dir");
    out
}

/// Mark the project trusted for Claude Code in `$HOME/.claude.json`: its
/// `.claude/settings.json` (hooks, env) counts only then.
/// Claude Code keeps its own state in that file too: once trusted, it is
/// left alone (sessions running at once read it; call this before).
pub(crate) fn trust_for_claude(env: &TestEnv) {
    let file = env.home.join(".claude.json");
    let mut config: Value = std::fs::read(&file)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_else(|| json!({}));
    let project = &mut config["projects"][env.root.to_string_lossy().as_ref()];
    if project["hasTrustDialogAccepted"] == true {
        return;
    }
    project["hasTrustDialogAccepted"] = json!(true);
    std::fs::write(&file, config.to_string()).expect("write .claude.json");
}

/// `claude ARGS` (plugin management and the like) with the session's
/// environment, no model involved.
pub(crate) fn claude_cli(env: &TestEnv, args: &[&str]) -> Run {
    let claude = program(option_env!("TODO_TEST_CLAUDE"), "Claude Code");
    let mut cmd = agent_command(env, &claude);
    cmd.args(args).env("DISABLE_AUTOUPDATER", "1");
    run_within(&mut cmd, LIMIT)
}

/// `codex ARGS` with the session's environment, no model involved.
pub(crate) fn codex_cli(env: &TestEnv, args: &[&str]) -> Run {
    let codex = program(option_env!("TODO_TEST_CODEX"), "Codex");
    let codex_home = env.home.join(".codex");
    std::fs::create_dir_all(&codex_home).expect("CODEX_HOME");
    let mut cmd = agent_command(env, &codex);
    cmd.args(args).env("CODEX_HOME", codex_home);
    run_within(&mut cmd, LIMIT)
}

/// A `claude -p` session in `env`'s project on `model`, the stand-in
/// answering from `script` (see tests/agents/messages_standin.py), with
/// the tools in `allowed` allowed (as root, Claude Code refuses
/// `--dangerously-skip-permissions`).
pub(crate) fn claude(env: &TestEnv, model: &str, script: &Value, allowed: &[&str]) -> Session {
    claude_with(env, model, script, allowed, &[])
}

/// [`claude`] with more arguments (`--continue`: the project's last
/// session goes on).
pub(crate) fn claude_with(
    env: &TestEnv,
    model: &str,
    script: &Value,
    allowed: &[&str],
    args: &[&str],
) -> Session {
    let (out, standin, mut cmd) = claude_command(env, model, script, allowed);
    cmd.args(["-p", "Work on the plan."]).args(args);
    let run = run_within(&mut cmd, LIMIT);
    drop(standin);
    Session {
        requests: read_requests(&out),
        out,
        run,
    }
}

/// One Claude Code session with a user turn for each of `prompts`
/// (`--input-format stream-json`, "/compact" included): each is sent
/// once the turn before has ended (its `result` event), after
/// `between(n)` ran for prompt `n` (from 1).
pub(crate) fn claude_turns(
    env: &TestEnv,
    model: &str,
    script: &Value,
    allowed: &[&str],
    prompts: &[&str],
    mut between: impl FnMut(usize),
) -> Session {
    let (out, standin, mut cmd) = claude_command(env, model, script, allowed);
    cmd.args([
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
    ])
    .stdin(std::process::Stdio::piped());
    let mut running = Running::start(&mut cmd);
    let mut stdout = String::new();
    for (n, text) in prompts.iter().enumerate() {
        if n > 0 {
            between(n);
        }
        let line = json!({"type": "user", "message": {"role": "user", "content": text}});
        running
            .write(format!("{line}\n").as_bytes())
            .expect("write a prompt");
        loop {
            let line = running.line(LIMIT);
            stdout.push_str(&line);
            stdout.push('\n');
            if line.contains("\"type\":\"result\"") {
                break;
            }
        }
    }
    let mut run = running.finish(LIMIT);
    run.stdout.insert_str(0, &stdout);
    drop(standin);
    Session {
        requests: read_requests(&out),
        out,
        run,
    }
}

/// `claude` with the session's environment, talking to a new stand-in
/// that answers from `script`, its records in a new directory; the
/// prompt arguments are the caller's.
fn claude_command(
    env: &TestEnv,
    model: &str,
    script: &Value,
    allowed: &[&str],
) -> (PathBuf, Standin, Command) {
    let claude = program(option_env!("TODO_TEST_CLAUDE"), "Claude Code");
    let out = out_dir(env, "claude");
    trust_for_claude(env);
    let standin = Standin::start("messages_standin.py", script, &out);
    let mut cmd = agent_command(env, &claude);
    cmd.env("ANTHROPIC_API_KEY", "sk-ant-standin")
        .env(
            "ANTHROPIC_BASE_URL",
            format!("http://127.0.0.1:{}", standin.port),
        )
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .args(["--model", model, "--debug-file"])
        .arg(out.join("debug.log"))
        .arg("--allowedTools")
        .args(allowed);
    (out, standin, cmd)
}

/// A `codex exec` session in `env`'s project on `model`, the stand-in
/// answering from `script` (see tests/agents/responses_standin.py), with
/// the `update_plan` tool offered or not (off by default in 0.171.0).
/// The project is marked trusted (in `$CODEX_HOME/config.toml`, before
/// the tables already there); its hooks run with
/// `--dangerously-bypass-hook-trust` (Codex skips untrusted hooks without
/// a word; a person trusts them under `/hooks`).
pub(crate) fn codex(env: &TestEnv, model: &str, script: &Value, update_plan: bool) -> Session {
    let codex = program(option_env!("TODO_TEST_CODEX"), "Codex");
    let out = out_dir(env, "codex");
    let codex_home = env.home.join(".codex");
    std::fs::create_dir_all(&codex_home).expect("CODEX_HOME");
    let standin = Standin::start("responses_standin.py", script, &out);
    let project = std::fs::canonicalize(&env.root).expect("project path");
    let config = format!(
        "model = {model:?}\n\
         model_provider = \"standin\"\n\
         approval_policy = \"never\"\n\
         # Commands run as `bash -lc` by default: /etc/profile resets PATH.\n\
         allow_login_shell = false\n\
         check_for_update_on_startup = false\n\
         \n\
         [analytics]\n\
         enabled = false\n\
         \n\
         [model_providers.standin]\n\
         name = \"stand-in\"\n\
         base_url = \"http://127.0.0.1:{port}/v1\"\n\
         wire_api = \"responses\"\n\
         env_key = \"TODO_STANDIN_KEY\"\n\
         request_max_retries = 0\n\
         stream_max_retries = 0\n\
         \n\
         [tools.update_plan]\n\
         enabled = {update_plan}\n\
         \n\
         [projects.{project:?}]\n\
         trust_level = \"trusted\"\n",
        port = standin.port,
        project = project.to_string_lossy(),
    );
    // What is there already (the tables `codex plugin` wrote) follows.
    let file = codex_home.join("config.toml");
    let before = std::fs::read_to_string(&file).unwrap_or_default();
    std::fs::write(&file, format!("{config}\n{before}")).expect("config.toml");
    let mut cmd = agent_command(env, &codex);
    cmd.env("CODEX_HOME", &codex_home)
        .env("TODO_STANDIN_KEY", "standin")
        .args(["exec", "--json", "--skip-git-repo-check", "-o"])
        .arg(out.join("last-message.txt"))
        .args([
            "--dangerously-bypass-hook-trust",
            "--dangerously-bypass-approvals-and-sandbox",
            "Work on the plan.",
        ]);
    let run = run_within(&mut cmd, LIMIT);
    drop(standin);
    Session {
        requests: read_requests(&out),
        out,
        run,
    }
}

/// One hook run as Claude Code's debug log tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HookRun {
    /// `SessionStart:startup`, `Stop`, `PostToolUse:TaskCreate`…
    pub event: String,
    pub command: String,
    pub status: i32,
}

impl Session {
    /// Fail unless the agent exited 0.
    #[track_caller]
    pub(crate) fn ok(&self) -> &Session {
        assert_eq!(self.run.code, 0, "the agent failed:\n{:?}", self.run);
        assert!(!self.requests.is_empty(), "no request reached the model");
        self
    }

    /// Every tool offered in the first request: the tools array, and the
    /// deferred tools Claude Code names in a system-reminder for
    /// `ToolSearch` ("… load tool schemas before calling them:\nName\n…").
    pub(crate) fn offered(&self) -> BTreeSet<String> {
        let first = &self.requests[0];
        let mut names = BTreeSet::new();
        tool_names(&first["tools"], "", &mut names);
        // Codex's code-mode models: the tools in an `additional_tools`
        // input item, in namespaces (`functions.exec`).
        for item in first["input"].as_array().into_iter().flatten() {
            if item["type"] == "additional_tools" {
                tool_names(&item["tools"], "", &mut names);
            }
        }
        for text in texts(first) {
            if let Some((_, list)) = text.split_once("load tool schemas before calling them:\n") {
                let list = list.split("\n\n").next().unwrap_or_default();
                let list = list.split("</system-reminder>").next().unwrap_or_default();
                names.extend(
                    list.lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty())
                        .map(String::from),
                );
            }
        }
        names
    }

    /// What came back from each tool call, in order, as the last request
    /// carried it: (the call's name and input, its result, whether an
    /// error). Claude's `tool_use`/`tool_result` and Codex's
    /// `function_call`/`function_call_output` and `custom_tool_call`/
    /// `custom_tool_call_output` alike.
    pub(crate) fn tool_results(&self) -> Vec<(String, String, bool)> {
        let last = self.requests.last().expect("a request");
        let mut calls = std::collections::HashMap::new();
        let mut results = Vec::new();
        let items: Vec<&Value> = match last.get("messages") {
            Some(messages) => messages
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|m| m["content"].as_array().into_iter().flatten())
                .collect(),
            None => last["input"].as_array().into_iter().flatten().collect(),
        };
        for item in items {
            match item["type"].as_str() {
                Some("tool_use") => {
                    calls.insert(
                        item["id"].as_str().unwrap_or_default().to_string(),
                        format!(
                            "{} {}",
                            item["name"].as_str().unwrap_or_default(),
                            item["input"]
                        ),
                    );
                }
                Some("function_call" | "custom_tool_call") => {
                    let input = item.get("arguments").unwrap_or(&item["input"]);
                    calls.insert(
                        item["call_id"].as_str().unwrap_or_default().to_string(),
                        format!(
                            "{} {}",
                            item["name"].as_str().unwrap_or_default(),
                            input.as_str().unwrap_or_default()
                        ),
                    );
                }
                Some("tool_result") => {
                    let id = item["tool_use_id"].as_str().unwrap_or_default();
                    let content = match &item["content"] {
                        Value::String(s) => s.clone(),
                        other => texts_of(other).join("\n"),
                    };
                    results.push((
                        calls.get(id).cloned().unwrap_or_default(),
                        content,
                        item["is_error"] == true,
                    ));
                }
                Some("function_call_output" | "custom_tool_call_output") => {
                    let id = item["call_id"].as_str().unwrap_or_default();
                    let output = texts_of(&item["output"]).join("\n");
                    let error = !output.contains("Process exited with code 0")
                        && output.contains("Process exited with code");
                    results.push((calls.get(id).cloned().unwrap_or_default(), output, error));
                }
                _ => {}
            }
        }
        results
    }

    /// The result of the one tool call whose name and input contain
    /// `call`.
    #[track_caller]
    pub(crate) fn result_of(&self, call: &str) -> (String, bool) {
        let found: Vec<_> = (self.tool_results().into_iter())
            .filter(|(c, _, _)| c.contains(call))
            .collect();
        assert_eq!(
            found.len(),
            1,
            "wanted one call with {call:?}; the calls: {:#?}",
            self.tool_results()
        );
        let (_, result, error) = found.into_iter().next().unwrap_or_default();
        (result, error)
    }

    /// Every text block of request `n` (system prompt, messages, input).
    pub(crate) fn texts(&self, n: usize) -> Vec<String> {
        texts(&self.requests[n])
    }

    /// The context todo's SessionStart hook gave, as Claude Code put it in
    /// the first request ("SessionStart hook additional context: …"), or
    /// Codex (the last `developer` message naming the plan file).
    #[track_caller]
    pub(crate) fn session_start(&self) -> String {
        let texts = self.texts(0);
        let claude = texts
            .iter()
            .find_map(|t| t.strip_prefix("SessionStart hook additional context: "));
        let codex = || {
            (self.requests[0]["input"].as_array().into_iter().flatten())
                .filter(|item| item["role"] == "developer")
                .flat_map(texts_of)
                // The last: a skill's description may name the file too.
                .rfind(|t| t.contains(".todo.json"))
        };
        match claude {
            Some(text) => text.to_string(),
            None => codex().unwrap_or_else(|| panic!("no session-start context in {texts:#?}")),
        }
    }

    /// Claude Code's `--debug-file`.
    pub(crate) fn debug_log(&self) -> String {
        std::fs::read_to_string(self.out.join("debug.log")).unwrap_or_default()
    }

    /// The hook runs Claude Code logged: "Hooks: EVENT [COMMAND] …finished
    /// with status N".
    pub(crate) fn hook_runs(&self) -> Vec<HookRun> {
        let log = self.debug_log();
        log.lines()
            .filter_map(|line| {
                let rest = line.split_once("Hooks: ")?.1;
                let (event, rest) = rest.split_once(" [")?;
                let (command, rest) = rest.rsplit_once("] ")?;
                let status = rest.split_once("finished with status ")?.1;
                let status = status.split_whitespace().next()?.parse().ok()?;
                Some(HookRun {
                    event: event.to_string(),
                    command: command.to_string(),
                    status,
                })
            })
            .collect()
    }

    /// The events of the hook runs whose command contains `command`.
    pub(crate) fn hooks_of(&self, command: &str) -> Vec<String> {
        (self.hook_runs().into_iter())
            .filter(|h| h.command.contains(command))
            .map(|h| {
                assert_eq!(h.status, 0, "a hook failed: {h:?}");
                h.event
            })
            .collect()
    }

    /// Codex's `--json` events.
    pub(crate) fn events(&self) -> Vec<Value> {
        (self.run.stdout.lines())
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }
}

/// The names of the tools in `tools`, namespaces as `namespace.name`.
fn tool_names(tools: &Value, namespace: &str, names: &mut BTreeSet<String>) {
    for tool in tools.as_array().into_iter().flatten() {
        let Some(name) = tool["name"].as_str() else {
            continue;
        };
        if tool["type"] == "namespace" {
            tool_names(&tool["tools"], name, names);
        } else if namespace.is_empty() {
            names.insert(name.to_string());
        } else {
            names.insert(format!("{namespace}.{name}"));
        }
    }
}

/// Every string under a `text` key of `value` (system prompt blocks,
/// message content, Codex's input items), and plain string contents.
fn texts(value: &Value) -> Vec<String> {
    let mut all = Vec::new();
    if let Some(system) = value.get("system") {
        all.extend(texts_of(system));
    }
    for key in ["messages", "input"] {
        for item in value[key].as_array().into_iter().flatten() {
            all.extend(texts_of(item));
        }
    }
    all
}

fn texts_of(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items.iter().flat_map(texts_of).collect(),
        Value::Object(map) => {
            let mut all = Vec::new();
            for key in ["text", "content", "output"] {
                if let Some(v) = map.get(key) {
                    all.extend(texts_of(v));
                }
            }
            all
        }
        _ => Vec::new(),
    }
}

/// `todo setup AGENT` in `env`'s project, as a person runs it.
pub(crate) fn setup(env: &TestEnv, agent: &str) {
    let run = env.run_with(&["setup", agent], |c| {
        c.env("PATH", path());
    });
    run.ok();
}

/// The stored task `content` (with `by`, `at`, `status`).
#[track_caller]
pub(crate) fn stored(env: &TestEnv, content: &str) -> Value {
    crate::common::task(&env.plan(), content).clone()
}
