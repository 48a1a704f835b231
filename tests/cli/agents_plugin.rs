//! The Claude Code plugin in the repository (`.claude-plugin/marketplace.json`,
//! `plugins/todo/`): it validates strictly with the pinned Claude Code, its
//! hooks are the ones `todo setup claude` writes, and installed from the
//! local marketplace into a scratch HOME it runs them in a real session.
//!
//! Shapes read from Claude Code 2.1.332 (npm `@anthropic-ai/claude-code`,
//! 2026-12-06): `claude plugin validate --strict <dir>` ends "✔ Validation
//! passed" (exit 0); a plugin's hook runs are logged as "Hooks: EVENT
//! [COMMAND] (plugin todo@todo) finished with status N"; its MCP tools are
//! deferred tools named `mcp__plugin_todo_todo__<tool>`; its skills are
//! listed to the model as `todo:todo`; a plugin's `settings.json` `env` is
//! not applied, but what a SessionStart hook appends to `$CLAUDE_ENV_FILE`
//! reaches the Bash tool.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::agents_sim::{CLAUDE_VERSION, claude, claude_cli, codex, codex_cli};
use crate::common::TestEnv;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `todo …` hook of a Claude Code hooks object, as (event, matcher,
/// command, timeout).
fn todo_hooks(hooks: &Value) -> Vec<(String, Value, String, Value)> {
    let mut all = Vec::new();
    for (event, groups) in hooks.as_object().into_iter().flatten() {
        for group in groups.as_array().into_iter().flatten() {
            for hook in group["hooks"].as_array().into_iter().flatten() {
                let command = hook["command"].as_str().unwrap_or_default();
                if command.starts_with("todo ") {
                    all.push((
                        event.clone(),
                        group["matcher"].clone(),
                        command.to_string(),
                        hook["timeout"].clone(),
                    ));
                }
            }
        }
    }
    all.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    all
}

#[test]
fn plugin_hooks_and_mcp_server_are_what_setup_registers() {
    let env = TestEnv::new();
    env.run(&["setup", "claude"]).ok();
    let written = read_json(&env.root.join(".claude/settings.json"));
    let plugin = repository().join("plugins/todo");
    let shipped = read_json(&plugin.join("hooks/hooks.json"));
    let setup_hooks = todo_hooks(&written["hooks"]);
    assert!(!setup_hooks.is_empty());
    assert_eq!(todo_hooks(&shipped["hooks"]), setup_hooks);
    assert_eq!(
        read_json(&plugin.join(".mcp.json")),
        json!({"mcpServers": {"todo": {"command": "todo", "args": ["mcp"]}}})
    );
    // The marketplace offers the plugin from this repository, at the
    // plugin's own version.
    let market = read_json(&repository().join(".claude-plugin/marketplace.json"));
    let manifest = read_json(&plugin.join(".claude-plugin/plugin.json"));
    assert_eq!(market["plugins"][0]["source"], "./plugins/todo");
    assert_eq!(market["plugins"][0]["name"], manifest["name"]);
    assert_eq!(market["plugins"][0]["version"], manifest["version"]);
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
#[cfg_attr(
    todo_tests_no_claude,
    ignore = "Claude Code (npm @anthropic-ai/claude-code) or python3 missing: .ci/run installs it in target/agents"
)]
fn plugin_and_marketplace_validate_strictly() {
    let env = TestEnv::new();
    // The version these tests were written against.
    let version = claude_cli(&env, &["--version"]);
    assert_eq!(
        version.ok().stdout.trim(),
        format!("{CLAUDE_VERSION} (Claude Code)")
    );
    for dir in [repository().join("plugins/todo"), repository()] {
        let dir = dir.to_string_lossy();
        let run = claude_cli(&env, &["plugin", "validate", "--strict", &dir]);
        run.ok();
        assert!(run.stdout.contains("✔ Validation passed"), "{run:?}");
    }
    // Strict validation can fail: a field the schema does not know.
    let broken = env.root.join("broken");
    std::fs::create_dir_all(broken.join(".claude-plugin")).expect("mkdir");
    std::fs::write(
        broken.join(".claude-plugin/plugin.json"),
        r#"{"name": "broken", "version": "0.1.0", "description": "x", "author": {"name": "x"}, "hookz": {}}"#,
    )
    .expect("write");
    let run = claude_cli(
        &env,
        &["plugin", "validate", "--strict", &broken.to_string_lossy()],
    );
    run.code(1);
}

#[test]
#[cfg_attr(
    todo_tests_no_claude,
    ignore = "Claude Code (npm @anthropic-ai/claude-code) or python3 missing: .ci/run installs it in target/agents"
)]
fn plugin_installed_from_the_local_marketplace_runs_its_hooks_and_marks_the_shell() {
    let env = TestEnv::new();
    let repo = repository();
    claude_cli(
        &env,
        &["plugin", "marketplace", "add", &repo.to_string_lossy()],
    )
    .ok();
    let installed = claude_cli(&env, &["plugin", "install", "todo@todo"]);
    installed.ok();
    assert!(
        installed
            .stdout
            .contains("Successfully installed plugin: todo@todo"),
        "{installed:?}"
    );
    // A plan with nothing open (no reminder at the stop), and no `todo
    // setup`: whatever runs comes from the plugin.
    env.given(&[
        &["append", "Build", "Write the parser"],
        &["done", "Write the parser"],
    ]);
    assert!(!env.root.join(".claude").exists());
    let script = json!([
        [["Bash", {"command": "echo \"TODO_AGENT=$TODO_AGENT\"", "description": "Who runs todo"}]],
        "Finished.",
    ]);
    let session = claude(&env, "claude-opus-4-8", &script, &["Bash"]);
    session.ok();

    assert_eq!(
        session.result_of("TODO_AGENT"),
        ("TODO_AGENT=claude".into(), false)
    );
    let log = session.debug_log();
    for hook in [
        "SessionStart:startup [todo hook session-start --agent claude] (plugin todo@todo) finished with status 0",
        "UserPromptSubmit [todo hook prompt --agent claude] (plugin todo@todo) finished with status 0",
        "Stop [todo hook stop --agent claude] (plugin todo@todo) finished with status 0",
    ] {
        assert!(log.contains(hook), "{hook}: not in the log");
    }
    assert!(log.contains("MCP server \"plugin:todo:todo\": Successfully connected"));
    let offered = session.offered();
    for tool in [
        "mcp__plugin_todo_todo__todo",
        "mcp__plugin_todo_todo__plan_update",
    ] {
        assert!(offered.contains(tool), "{tool} not offered: {offered:?}");
    }
    let start = session.texts(0).join("\n");
    assert!(
        start.contains("todo:todo: Use the project's todo plan"),
        "the skill: {start}"
    );
    // todo's session-start context, naming the plan file.
    let context = session.session_start();
    assert!(context.contains(".todo.json"), "{context}");
}

#[test]
#[cfg_attr(
    todo_tests_no_codex,
    ignore = "Codex (npm @openai/codex) or python3 missing: .ci/run installs it in target/agents"
)]
fn codex_installs_the_same_plugin_from_the_marketplace_and_runs_its_hooks() {
    let env = TestEnv::new();
    let repo = repository();
    // Codex 0.171.0 reads `.claude-plugin/marketplace.json` and the plugin
    // as it is: hooks, MCP server and skill.
    let added = codex_cli(
        &env,
        &["plugin", "marketplace", "add", &repo.to_string_lossy()],
    );
    assert!(
        added.ok().stdout.contains("Added marketplace `todo`"),
        "{added:?}"
    );
    let installed = codex_cli(&env, &["plugin", "add", "todo@todo"]);
    assert!(
        (installed.ok().stdout).contains("Added plugin `todo` from marketplace `todo`."),
        "{installed:?}"
    );
    env.given(&[&["append", "Build", "Write the parser"]]);
    assert!(!env.root.join(".codex").exists(), "no `todo setup codex`");
    let session = codex(&env, "gpt-5.5", &json!(["Finished."]), false);
    session.ok();

    let context = session.session_start();
    assert!(context.contains("Write the parser"), "{context}");
    let first = session.texts(0).join("\n");
    assert!(
        first.contains("todo:todo: Use the project's todo plan"),
        "the skill: {first}"
    );
    // Its MCP tools: deferred, their namespace named in a developer
    // message ("Deferred tool namespaces:\n- mcp__todo: …").
    let request = session.requests[0].to_string();
    assert!(
        request.contains("- mcp__todo: The project's task plan"),
        "the MCP server's tools: {request}"
    );
    // The plugin's Stop hook: three reminders for the open task.
    assert_eq!(session.requests.len(), 4);
    let second = session.texts(1).join("\n");
    assert!(
        second.contains("- Build\n  - Write the parser") && second.contains("(Reminder 1/3)"),
        "{second}"
    );
}
