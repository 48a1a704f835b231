//! The real Codex CLI (`codex exec`) working a project's plan, offline (the
//! harness: `agents_sim.rs`; how to run: docs/agents-e2e.md).
//!
//! Shapes these tests read, and where they come from (Codex 0.171.0, npm
//! `@openai/codex`, read 2026-12-06 from the requests it sent to the
//! stand-in and from `codex exec --json`):
//! - tools: `body.tools[].name` of `POST /v1/responses`; on `gpt-5.5`
//!   function tools (`exec_command` `{"cmd"}`, `apply_patch` as a custom
//!   tool …), `update_plan` only with `[tools.update_plan] enabled = true`;
//! - a SessionStart hook's context: a `developer` message in `body.input`;
//! - a tool's result: `function_call_output` items (`output`: "Chunk ID: …
//!   Process exited with code N … Output:\n…");
//! - a Stop hook's block: a `user` message `<hook_prompt hook_run_id=
//!   "stop:…">reason</hook_prompt>` with `<` and `>` of the reason written
//!   `&lt;` and `&gt;`;
//! - `codex exec --json` events: `command_execution` items, and a
//!   `todo_list` item for each `update_plan` call.

use serde_json::json;

use crate::agents_sim::{CODEX_VERSION, codex, codex_cli, setup, stored};
use crate::common::TestEnv;

#[test]
#[cfg_attr(
    todo_tests_no_codex,
    ignore = "Codex (npm @openai/codex) or python3 missing: .ci/run installs it in target/agents"
)]
fn gpt_5_5_with_update_plan_works_the_plan_and_is_reminded_at_stop() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Build", "Write the parser"],
        &["append", "Build", "Test the parser"],
    ]);
    let [write] = env.ids(["Write the parser"]);
    setup(&env, "codex");
    let script = json!([
        [["exec_command", {"cmd": "todo show --ids"}]],
        [["update_plan", {"plan": [{"step": "Write the parser", "status": "in_progress"},
                                   {"step": "Test the parser", "status": "pending"}]}]],
        [["exec_command", {"cmd": format!("todo done {write}")}]],
        "Finished.",
    ]);
    let session = codex(&env, "gpt-5.5", &script, true);
    session.ok();

    let offered = session.offered();
    for tool in ["exec_command", "update_plan", "apply_patch"] {
        assert!(offered.contains(tool), "{tool} not offered: {offered:?}");
    }
    // The plan reached the model at session start, with its real ids.
    let start = session.session_start();
    assert!(
        start.contains(&format!("{write} Write the parser")),
        "{start}"
    );
    let (shown, error) = session.result_of("todo show --ids");
    assert!(
        !error && shown.contains(&format!("{write}  - [/] Write the parser")),
        "{shown}"
    );
    assert_eq!(
        session.result_of("update_plan"),
        ("Plan updated".into(), false)
    );
    let (done, error) = session.result_of(&format!("todo done {write}"));
    assert!(
        !error && done.contains("Output:\nMarked completed: Write the parser"),
        "{done}"
    );
    assert!(
        (session.events().iter()).any(|e| e["item"]["type"] == "todo_list"
            && e["item"]["items"][0]["text"] == "Write the parser"),
        "no todo_list event: {}",
        session.run.stdout
    );
    // One task left open: three reminders inside Codex's own hook_prompt,
    // escaped, each in the request after a stop.
    assert_eq!(session.requests.len(), 7);
    for k in 1..=3 {
        let texts = session.texts(3 + k).join("\n");
        let reminder = format!(
            "You stopped with 1 incomplete todo item(s):\n- Build\n  - Test the parser\n\nPlease continue working on these tasks or mark them complete if finished.\n(Reminder {k}/3)</hook_prompt>"
        );
        assert!(
            texts.contains("<hook_prompt hook_run_id=\"stop:") && texts.contains(&reminder),
            "request {}:\n{texts}",
            3 + k
        );
    }
    assert_eq!(
        env.statuses()[..2],
        [
            ("Write the parser".into(), "completed".into()),
            ("Test the parser".into(), "in_progress".into()),
        ]
    );
}

#[test]
#[cfg_attr(
    todo_tests_no_codex,
    ignore = "Codex (npm @openai/codex) or python3 missing: .ci/run installs it in target/agents"
)]
fn gpt_5_5_is_not_offered_update_plan_by_default() {
    let env = TestEnv::new();
    // The version these tests were written against.
    let version = codex_cli(&env, &["--version"]);
    assert_eq!(
        version.ok().stdout.trim(),
        format!("codex-cli {CODEX_VERSION}")
    );
    setup(&env, "codex");
    let session = codex(&env, "gpt-5.5", &json!(["Finished."]), false);
    session.ok();
    let offered = session.offered();
    assert!(offered.contains("exec_command"), "{offered:?}");
    assert!(!offered.contains("update_plan"), "{offered:?}");
    // An empty plan: the stop went through at once.
    assert_eq!(session.requests.len(), 1);
}

#[test]
#[cfg_attr(
    todo_tests_no_codex,
    ignore = "Codex (npm @openai/codex) or python3 missing: .ci/run installs it in target/agents"
)]
fn a_code_mode_model_reaches_todo_through_its_nested_shell_tool() {
    let env = TestEnv::new();
    env.given(&[&["append", "Build", "Write the parser"]]);
    let [write] = env.ids(["Write the parser"]);
    setup(&env, "codex");
    // 0.171.0's default model: no function tools, one JavaScript `exec`
    // tool whose script calls the others.
    let script = json!([
        [[
            "exec",
            format!(
                "const r = await tools.exec_command({{cmd: 'todo done {write}'}}); text(r.output);"
            )
        ]],
        "Finished.",
    ]);
    let session = codex(&env, "gpt-6.2-sol", &script, false);
    session.ok();
    let offered = session.offered();
    assert!(offered.contains("functions.exec"), "{offered:?}");
    assert!(!offered.contains("exec_command"), "{offered:?}");
    assert!(session.session_start().contains(&write));
    let (output, error) = session.result_of("await tools.exec_command");
    assert!(
        !error && output.contains("Marked completed: Write the parser"),
        "{output}"
    );
    assert_eq!(stored(&env, "Write the parser")["status"], "completed");
}

#[test]
fn gpt_5_5_update_plan_is_mirrored_into_the_plan() {
    let env = TestEnv::new();
    setup(&env, "codex");
    let script = json!([
        [["update_plan", {"plan": [{"step": "Write the parser", "status": "in_progress"},
                                   {"step": "Test the parser", "status": "pending"}]}]],
        "Finished.",
    ]);
    let session = codex(&env, "gpt-5.5", &script, true);
    session.ok();
    // The plan made from zero (the project is set up for todo), in the
    // mirror's phase; a new task comes with no one's mark (the engine's
    // rule for new tasks), and never as the person's.
    let task = stored(&env, "Write the parser");
    assert_eq!(task["status"], "in_progress", "{task}");
    assert_ne!(task["by"], "person", "{task}");
    assert_eq!(stored(&env, "Test the parser")["status"], "pending");
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Codex\n- [/] Write the parser\n- [ ] Test the parser\n"
    );
}

#[test]
fn gpt_5_5_completes_a_task_as_the_agent_and_cannot_act_as_the_person() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Build", "Write the parser"],
        &["append", "Build", "Test the parser"],
    ]);
    let [write, test] = env.ids(["Write the parser", "Test the parser"]);
    setup(&env, "codex");
    let script = json!([
        [["exec_command", {"cmd": format!("todo done {write}")}]],
        [["exec_command", {"cmd": format!("todo --as person done {test}")}]],
        "Finished.",
    ]);
    let session = codex(&env, "gpt-5.5", &script, false);
    session.ok();
    let written = stored(&env, "Write the parser");
    assert_eq!(
        (written["status"].as_str(), written["by"].as_str()),
        (Some("completed"), Some("agent")),
        "{written}"
    );
    let (said, error) = session.result_of("todo --as person done");
    assert!(error && said.contains("terminal"), "{said}");
    assert_ne!(stored(&env, "Test the parser")["status"], "completed");
}
