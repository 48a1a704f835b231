//! A hook never traps its agent: whatever its environment, flags or input,
//! `todo hook` exits 0 (exit 2 is "block" to Claude Code), answers only
//! the event it was registered for, and an agent's list that names what a
//! person decided, or names a task twice, goes on mirroring.
//!
//! The inputs are the agents' own, as they document them:
//! - Claude Code: code.claude.com/docs/en/hooks, "Hook input" (common
//!   fields `session_id`, `transcript_path`, `cwd`, `permission_mode`,
//!   `hook_event_name`; `Stop`/`SubagentStop` add `stop_hook_active` and
//!   `last_assistant_message`, `SubagentStop` also `agent_id`,
//!   `agent_type` and `agent_transcript_path`; `SessionStart` adds
//!   `source` and `model`; `PostToolUse` adds `tool_name`, `tool_input`,
//!   `tool_response`, `tool_use_id`), and the `TodoWrite` input of the
//!   Agent SDK's tool types (`todos: [{content, status, activeForm}]`).
//! - Codex: openai/codex `codex-rs/hooks/schema/generated/`
//!   (`session-start.command.input.schema.json`: `session_id`,
//!   `transcript_path`, `cwd`, `hook_event_name`, `model`,
//!   `permission_mode`, `source`).

use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

/// Claude Code's `Stop` input (code.claude.com/docs/en/hooks).
fn claude_stop(env: &TestEnv) -> Value {
    json!({
        "session_id": "s1",
        "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root,
        "permission_mode": "default",
        "hook_event_name": "Stop",
        "stop_hook_active": false,
        "last_assistant_message": "Working on it.",
    })
}

/// Claude Code's `PostToolUse` input for `TodoWrite`
/// (code.claude.com/docs/en/hooks; `todos` as the Agent SDK types it).
fn todo_write(env: &TestEnv, todos: Value) -> Value {
    json!({
        "session_id": "s1",
        "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root,
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": "TodoWrite",
        "tool_input": { "todos": todos },
        "tool_response": { "oldTodos": [], "newTodos": todos },
        "tool_use_id": "toolu_01",
    })
}

fn entry(content: &str, status: &str) -> Value {
    json!({ "content": content, "status": status, "activeForm": format!("Doing {content}") })
}

fn hook_with(
    env: &TestEnv,
    args: &[&str],
    input: &Value,
    f: impl FnOnce(&mut std::process::Command),
) -> Run {
    env.run_stdin(args, input.to_string().as_bytes(), f)
}

fn hook(env: &TestEnv, event: &str, input: &Value) -> Run {
    hook_with(env, &["hook", event], input, |_| {})
}

/// The open work of the stop reminder's first line.
fn reminded(out: &Run) -> bool {
    out.code == 0
        && out.stdout.contains("\"decision\":\"block\"")
        && out.stdout.contains("(Reminder 1/3)")
}

/// The tasks of the plan as `todo show --json` gives them: `(id, content, status)`.
fn tasks(env: &TestEnv) -> Vec<(String, String, String)> {
    let shown = env.run(&["show", "--json"]);
    shown.ok();
    let v = shown.json();
    let mut out = Vec::new();
    for phase in v["plan"]["phases"].as_array().into_iter().flatten() {
        for task in phase["tasks"].as_array().into_iter().flatten() {
            let field = |f: &str| task[f].as_str().unwrap_or_default().to_string();
            out.push((field("id"), field("content"), field("status")));
        }
    }
    out
}

fn id_of(env: &TestEnv, content: &str) -> String {
    tasks(env)
        .into_iter()
        .find(|(_, c, _)| c == content)
        .map(|(id, _, _)| id)
        .unwrap_or_else(|| panic!("no task {content:?} in {:?}", tasks(env)))
}

#[test]
fn an_empty_or_odd_todo_actor_never_makes_a_hook_exit_nonzero() {
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    // The issue's own line: an empty TODO_ACTOR is unset, and a value the
    // hook does not read cannot stop it either; the reminder still comes.
    for value in ["", "claude", "Agent", "person", "\u{1b}[31m"] {
        let out = hook_with(&env, &["hook", "stop"], &claude_stop(&env), |c| {
            c.env("TODO_ACTOR", value);
        });
        assert!(reminded(&out), "TODO_ACTOR={value:?}: {out:?}");
        assert_eq!(out.stderr, "", "TODO_ACTOR={value:?}");
        hook(&env, "prompt", &json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "UserPromptSubmit", "prompt": "go on"})).ok();
    }
    // An empty TODO_ACTOR is unset for every verb, as an empty TODO_FILE is.
    env.run_with(&["done", "a1"], |c| {
        c.env("TODO_ACTOR", "");
    })
    .ok();
}

#[test]
fn a_hooks_bad_command_line_is_one_line_on_stderr_and_exit_0() {
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    let before = env.plan_text();
    for args in [
        &["hook", "stop", "--max", "-1"][..],
        &["hook", "stop", "--max", "lots"],
        &["hook", "stop", "--bogus"],
        &["hook", "stop", "--agent", "gemini"],
        &["hook", "sessionstart"],
        &["hook"],
        &["--as", "robot", "hook", "stop"],
        &["hook", "stop", "--as"],
        &["--if-rev", "x", "hook", "prompt"],
    ] {
        let out = hook_with(&env, args, &claude_stop(&env), |_| {});
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, ""),
            "{args:?}: {out:?}"
        );
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {out:?}");
        assert!(out.stderr.starts_with("todo hook: "), "{args:?}: {out:?}");
        assert!(out.stderr.contains("the hook did nothing"), "{out:?}");
    }
    assert_eq!(env.plan_text(), before);
    // Help is still help.
    let out = env.run(&["hook", "--help"]);
    out.ok();
    assert!(out.stdout.contains("Usage: todo hook"), "{out:?}");
    // Any other verb's bad command line stays a usage error.
    env.run(&["done", "--bogus"]).code(2);
    env.run_with(&["done", "a1"], |c| {
        c.env("TODO_ACTOR", "robot");
    })
    .code(2);
}

#[test]
fn an_inherited_todo_actor_person_never_makes_an_agent_surface_the_person() {
    let env = TestEnv::new();
    env.given(&[
        &[
            "append",
            "--checks",
            "person",
            "Release",
            "ship the release",
        ],
        &["append", "Work", "wire it"],
        &["done", "wire it"],
    ]);
    let release = id_of(&env, "Ship the release");
    let before = env.plan_text();
    let person = |c: &mut std::process::Command| {
        c.env("TODO_ACTOR", "person");
    };
    // `todo apply` with TODO_ACTOR=person is still the agent: refused.
    let op = format!(r#"{{"op":"done","task":"{release}"}}"#);
    let out = env.run_stdin(&["apply"], op.as_bytes(), person);
    out.code(7);
    assert_eq!(out.json()["error"]["code"], "person-only", "{out:?}");
    // The hook too: its list cannot reopen what the person completed.
    let list = json!([
        entry("Wire it", "pending"),
        entry("Ship the release", "completed")
    ]);
    hook_with(
        &env,
        &["hook", "post-tool"],
        &todo_write(&env, list),
        person,
    )
    .ok();
    let after = tasks(&env);
    assert!(
        after.contains(&(
            release.clone(),
            "Ship the release".into(),
            "in_progress".into()
        )),
        "{after:?}"
    );
    assert!(
        after
            .iter()
            .any(|(_, c, s)| c == "Wire it" && s == "completed"),
        "{after:?}"
    );
    // `--as person` typed on a hook's command line is refused, not obeyed.
    let out = hook_with(
        &env,
        &["--as", "person", "hook", "post-tool"],
        &todo_write(&env, json!([entry("Ship the release", "completed")])),
        |_| {},
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
    assert!(out.stderr.contains("a hook acts as the agent"), "{out:?}");
    // The plan lost nothing of the person's (the mirror phase only grew).
    let plan = env.plan();
    let release_task = plan["phases"][0]["tasks"][0].clone();
    assert_eq!(release_task["status"], "in_progress", "{before}");
    assert_eq!(release_task["checks"], "person");
    // Only `--as person` typed for `todo apply` says otherwise (documented).
    env.run_stdin(&["--as", "person", "apply"], op.as_bytes(), |_| {})
        .ok();
    assert!(tasks(&env).contains(&(release, "Ship the release".into(), "completed".into())));
}

#[test]
fn a_task_the_person_dropped_in_the_mirror_phase_never_wedges_the_list() {
    let env = TestEnv::with_empty_plan();
    let list = json!([entry("Parse", "in_progress"), entry("Print", "pending")]);
    hook(&env, "post-tool", &todo_write(&env, list)).is(0, "", "");
    // The person drops one of the agent's tasks.
    env.run(&["drop", "print"]).ok();
    let print = id_of(&env, "Print");
    // The agent's next lists, which have no word for "dropped": still
    // listing it as pending, then leaving it out. Each mirrors the rest.
    let list = json!([
        entry("Parse", "completed"),
        entry("Print", "pending"),
        entry("Docs", "in_progress")
    ]);
    let out = hook(&env, "post-tool", &todo_write(&env, list));
    out.ok();
    assert_eq!(out.stderr, "");
    let v = out.json();
    assert_eq!(v["decision"], Value::Null, "not a block: {out:?}");
    let told = v["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    assert!(
        told.contains(&format!("- {print} Print (abandoned)")),
        "{told}"
    );
    assert!(told.contains("you will not be told again"), "{told}");
    let now = tasks(&env);
    assert!(
        now.iter().any(|(_, c, s)| c == "Parse" && s == "completed"),
        "{now:?}"
    );
    assert!(
        now.iter()
            .any(|(_, c, s)| c == "Docs" && s == "in_progress"),
        "{now:?}"
    );
    assert!(
        now.contains(&(print.clone(), "Print".into(), "abandoned".into())),
        "{now:?}"
    );
    // Told once: the same list again, or the task left out, says nothing.
    let list = json!([entry("Parse", "completed"), entry("Docs", "completed")]);
    hook(&env, "post-tool", &todo_write(&env, list)).is(0, "", "");
    let now = tasks(&env);
    assert!(
        now.contains(&(print, "Print".into(), "abandoned".into())),
        "{now:?}"
    );
    assert!(
        now.iter().any(|(_, c, s)| c == "Docs" && s == "completed"),
        "{now:?}"
    );
    // The same through `todo apply`: the reply says what was kept.
    let out = env.run_stdin(
        &["apply"],
        br#"{"todos":[{"content":"Print","status":"completed"}]}"#,
        |_| {},
    );
    out.ok();
    assert_eq!(out.json()["kept"][0]["status"], "abandoned", "{out:?}");
}

#[test]
fn a_list_naming_a_task_twice_or_a_plan_task_mirrors_it_once() {
    let env = TestEnv::new();
    env.run(&["append", "Auth", "wire OAuth providers"]).ok();
    let oauth = id_of(&env, "Wire OAuth providers");
    // Claude Code's TodoWrite: "a" twice, two spellings of one text, and a
    // task of the person's phase copied into the agent's list.
    let list = json!([
        entry("a", "in_progress"),
        entry("a", "pending"),
        entry("a  b", "pending"),
        entry("a b", "pending"),
        entry("Wire OAuth providers", "completed"),
    ]);
    hook(&env, "post-tool", &todo_write(&env, list)).is(0, "", "");
    let now = tasks(&env);
    let contents: Vec<&str> = now.iter().map(|(_, c, _)| c.as_str()).collect();
    assert_eq!(contents, ["Wire OAuth providers", "a", "a b"], "{now:?}");
    assert!(
        now.contains(&(
            oauth.clone(),
            "Wire OAuth providers".into(),
            "completed".into()
        )),
        "{now:?}"
    );
    // Codex's update_plan (openai/codex `update_plan` tool: `{explanation?,
    // plan: [{step, status}]}`) through `todo apply`, same rule.
    let out = env.run_stdin(
        &["apply"],
        br#"{"explanation":"x","plan":[{"step":"c","status":"pending"},{"step":"c","status":"completed"},{"step":"wire oauth providers","status":"completed"}]}"#,
        |_| {},
    );
    out.ok();
    let now = tasks(&env);
    assert_eq!(
        now.iter().filter(|(_, c, _)| c == "c").count(),
        1,
        "{now:?}"
    );
    assert_eq!(
        now.iter()
            .filter(|(_, c, _)| c.to_lowercase() == "wire oauth providers")
            .count(),
        1,
        "{now:?}"
    );
}

#[test]
fn every_refusal_of_a_list_reaches_the_agent_as_its_reason() {
    let env = TestEnv::new();
    env.write_plan(
        r#"{"version":1,"rev":1,"nextPhaseId":2,"nextTaskId":2,"agentTaskLimit":1,"phases":[{"id":"p1","name":"A","tasks":[{"id":"t1","content":"one","status":"pending"}]}]}"#,
    );
    let before = env.plan_text();
    for (list, code) in [
        (
            json!([entry("one", "pending"), entry("two", "pending")]),
            "plan-too-large",
        ),
        (json!([entry("one", "blocked")]), "plan-invalid"),
        (json!([{"status": "pending"}]), "plan-invalid"),
    ] {
        let out = hook(&env, "post-tool", &todo_write(&env, list));
        out.ok();
        assert_eq!(out.stderr, "", "{out:?}");
        let v = out.json();
        assert_eq!(v["decision"], "block", "{out:?}");
        let reason = v["reason"].as_str().unwrap_or_default();
        assert!(
            reason.starts_with(&format!("Refused ({code}): ")),
            "{reason}"
        );
    }
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_bad_update_plan_status_is_told_in_codexs_words() {
    let env = TestEnv::new();
    // Codex's update_plan statuses are pending, in_progress, completed.
    let out = env.run_stdin(
        &["apply"],
        br#"{"plan":[{"step":"a","status":"doing"}]}"#,
        |_| {},
    );
    out.code(5);
    let message = out.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        message.contains(
            "unknown status \"doing\" in the list (expected pending, in_progress or completed)"
        ),
        "{message}"
    );
    assert!(!message.contains("open, active"), "{message}");
}

#[test]
fn a_hook_answers_only_its_own_event() {
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    // Claude Code's SubagentStop input (code.claude.com/docs/en/hooks),
    // sent to a stop hook registered for it too: the subagent is not
    // reminded of the main plan, and no reminder is spent.
    let subagent = json!({
        "session_id": "s1",
        "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root,
        "permission_mode": "default",
        "hook_event_name": "SubagentStop",
        "stop_hook_active": false,
        "agent_id": "a-1",
        "agent_type": "Explore",
        "agent_transcript_path": env.home.join("a.jsonl"),
        "last_assistant_message": "Found it.",
    });
    for _ in 0..4 {
        let out = hook(&env, "stop", &subagent);
        assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
        assert!(
            out.stderr
                .contains("this hook answers Stop events; it was given SubagentStop"),
            "{out:?}"
        );
    }
    // The main agent's own stop still gets its first reminder.
    assert!(reminded(&hook(&env, "stop", &claude_stop(&env))));
    // Other events sent to the wrong hook change nothing either.
    let before = env.plan_text();
    let mut wrong = todo_write(&env, json!([entry("x", "pending")]));
    wrong["hook_event_name"] = json!("PreToolUse");
    let out = hook(&env, "post-tool", &wrong);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn session_start_tells_claude_about_todowrite_though_its_input_has_a_model() {
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    // Claude Code's SessionStart input carries `model` (code.claude.com/docs/en/hooks).
    let claude = json!({
        "session_id": "s1",
        "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root,
        "hook_event_name": "SessionStart",
        "source": "startup",
        "model": "claude-sonnet-4-6",
    });
    let text = |out: &Run| {
        out.ok();
        out.json()["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let guide = text(&hook(&env, "session-start", &claude));
    assert!(guide.contains("TodoWrite"), "{guide}");
    assert!(!guide.contains("update_plan"), "{guide}");
    // What `todo setup` writes names the agent, so the input is not guessed.
    env.run(&["setup", "claude"]).ok();
    env.run(&["setup", "codex"]).ok();
    let settings =
        std::fs::read_to_string(env.root.join(".claude/settings.json")).unwrap_or_default();
    assert!(
        settings.contains("\"todo hook session-start --agent claude\""),
        "{settings}"
    );
    let hooks = std::fs::read_to_string(env.root.join(".codex/hooks.json")).unwrap_or_default();
    assert!(
        hooks.contains("\"todo hook session-start --agent codex\""),
        "{hooks}"
    );
    // Codex's SessionStart input (session-start.command.input.schema.json)
    // given to the command setup wrote for Codex, where its config offers
    // update_plan (off by default since Codex 0.152).
    let config = env.root.join(".codex/config.toml");
    let mut toml = std::fs::read_to_string(&config).unwrap_or_default();
    toml.push_str("\n[tools.update_plan]\nenabled = true\n");
    std::fs::write(&config, toml).unwrap();
    let codex = json!({
        "session_id": "s2",
        "transcript_path": null,
        "cwd": env.root,
        "hook_event_name": "SessionStart",
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "source": "startup",
    });
    let guide = text(&hook_with(
        &env,
        &["hook", "session-start", "--agent", "codex"],
        &codex,
        |_| {},
    ));
    assert!(guide.contains("update_plan"), "{guide}");
    assert!(!guide.contains("TodoWrite"), "{guide}");
}

#[test]
fn a_lone_surrogate_in_the_input_does_not_disable_a_hook() {
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    // A Stop input whose last message was cut inside an emoji.
    let input = format!(
        r#"{{"session_id":"s1","cwd":{},"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"nearly done \ud83d"}}"#,
        json!(env.root)
    );
    let out = env.run_stdin(&["hook", "stop"], input.as_bytes(), |_| {});
    assert!(reminded(&out), "{out:?}");
    // A lone surrogate in the agent's list reads as U+FFFD; `\\ud83d` is text.
    let input = format!(
        r#"{{"session_id":"s1","cwd":{},"hook_event_name":"PostToolUse","tool_name":"TodoWrite","tool_input":{{"todos":[{{"content":"ok \udc00 and \\ud83d and \ud83d\ude00","status":"pending"}}]}}}}"#,
        json!(env.root)
    );
    env.run_stdin(&["hook", "post-tool"], input.as_bytes(), |_| {})
        .is(0, "", "");
    let now = tasks(&env);
    assert!(
        now.iter()
            .any(|(_, c, _)| c == "ok \u{fffd} and \\ud83d and \u{1f600}"),
        "{now:?}"
    );
}

#[test]
fn a_huge_plan_file_is_not_read_by_a_hook() {
    let env = TestEnv::new();
    // A sparse plan file of 2 GB: it costs no disk, and would cost a hook
    // that read it seconds and gigabytes.
    let file = std::fs::File::create(env.plan_path()).expect("create");
    file.set_len(2 << 30).expect("sparse");
    for event in ["stop", "prompt", "session-start", "post-tool"] {
        let mut input = claude_stop(&env);
        input["hook_event_name"] = json!(match event {
            "stop" => "Stop",
            "prompt" => "UserPromptSubmit",
            "session-start" => "SessionStart",
            _ => "PostToolUse",
        });
        input["tool_name"] = json!("TodoWrite");
        input["tool_input"] = json!({"todos": [entry("x", "pending")]});
        let out = hook(&env, event, &input);
        assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{event}: {out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{event}: {out:?}");
        assert!(out.stderr.contains("more than a hook reads"), "{out:?}");
    }
}

#[test]
#[cfg_attr(todo_tests_no_mkfifo, ignore = "mkfifo(1) is not installed")]
fn apply_from_a_fifo_nobody_writes_to_ends_at_once() {
    let env = TestEnv::new();
    let fifo = env.root.join("ops.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return crate::common::missing_tool("mkfifo");
    }
    let out = env.run(&["apply", "--ops", "ops.fifo"]);
    out.code(6);
    let v = out.json();
    assert!(
        v["message"]
            .as_str()
            .unwrap_or_default()
            .contains("a FIFO that nothing writes to"),
        "{out:?}"
    );
    // A pipe that is written to is read whole.
    let out = env.run_with(&["apply", "--ops", "/dev/stdin"], |c| {
        c.stdin(std::process::Stdio::piped());
    });
    // (No writer kept it open: empty, refused, but at once.)
    assert_ne!(out.code, 0, "{out:?}");
    let out = env.run_stdin(
        &["apply", "--ops", "/dev/stdin"],
        br#"{"op":"init","list":[{"phase":"A","items":["a1"]}]}"#,
        |_| {},
    );
    out.ok();
    assert_eq!(tasks(&env).len(), 1);
}

/// Claude Code's settings file as a person keeps it (code.claude.com/docs/en/settings):
/// a number in exponent form, and a stop hook of their own that runs `todo`.
const HAND_WRITTEN: &str = r#"{
  "cleanupPeriodDays": 1e2,
  "feedbackSurveyRate": 5E-1,
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook stop --max 1"
          }
        ]
      }
    ]
  }
}
"#;

#[test]
fn setup_remove_takes_out_only_what_setup_wrote_and_respells_nothing() {
    let env = TestEnv::new();
    let path = env.root.join(".claude/settings.json");
    std::fs::create_dir_all(env.root.join(".claude")).expect("dir");
    std::fs::write(&path, HAND_WRITTEN).expect("settings");
    env.run(&["setup", "claude"]).ok();
    let added = std::fs::read_to_string(&path).expect("settings");
    assert!(
        added.starts_with("{\n  \"cleanupPeriodDays\": 1e2,\n  \"feedbackSurveyRate\": 5E-1,\n"),
        "{added}"
    );
    // The person's own stop hook (no agent named) counts as the stop hook.
    assert!(!added.contains("todo hook stop --agent claude"), "{added}");
    env.run(&["setup", "claude", "--remove"]).ok();
    assert_eq!(
        std::fs::read_to_string(&path).expect("settings"),
        HAND_WRITTEN
    );
    let out = env.run(&["setup", "claude", "--remove"]);
    out.ok();
    assert!(out.stdout.contains("Nothing changed"), "{out:?}");
    // What earlier versions of setup wrote is still removed as setup's.
    let earlier = r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"todo hook stop","timeout":10}]}]}}"#;
    std::fs::write(&path, earlier).expect("settings");
    env.run(&["setup", "claude", "--remove"]).ok();
    // A file left holding nothing is removed (no `{}` left behind).
    assert!(!path.exists());
    assert!(
        !env.root.join(".claude").exists(),
        "an emptied directory goes too"
    );
    std::fs::create_dir_all(env.root.join(".claude")).expect("dir");
    // Hooks that were only todo's go, and the keys after them keep their order.
    let first = r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"todo hook stop"}]}]},"model":"opus","theme":"dark","env":{}}"#;
    std::fs::write(&path, first).expect("settings");
    env.run(&["setup", "claude", "--remove"]).ok();
    let left = std::fs::read_to_string(&path).expect("settings");
    let keys: Vec<&str> = ["hooks", "model", "theme", "env"]
        .into_iter()
        .filter(|k| left.contains(&format!("\"{k}\"")))
        .collect();
    let at = |k: &str| left.find(&format!("\"{k}\"")).unwrap_or(usize::MAX);
    assert_eq!(keys, ["model", "theme", "env"], "{left}");
    assert!(
        at("model") < at("theme") && at("theme") < at("env"),
        "{left}"
    );
}

#[test]
fn setup_user_follows_claude_config_dir_and_codex_home() {
    let env = TestEnv::new();
    let claude_dir = env.home.join("elsewhere/claude");
    let codex_dir = env.home.join("elsewhere/codex");
    env.run_with(&["setup", "claude", "--user"], |c| {
        c.env("CLAUDE_CONFIG_DIR", &claude_dir);
    })
    .ok();
    env.run_with(&["setup", "codex", "--user"], |c| {
        c.env("CODEX_HOME", &codex_dir);
    })
    .ok();
    assert!(claude_dir.join("settings.json").is_file());
    assert!(codex_dir.join("hooks.json").is_file());
    assert!(!env.home.join(".claude").exists());
    assert!(!env.home.join(".codex").exists());
    env.run_with(&["setup", "claude", "--user", "--check"], |c| {
        c.env("CLAUDE_CONFIG_DIR", &claude_dir);
    })
    .ok();
    // Unset (or empty), the home directory's, as before.
    env.run_with(&["setup", "claude", "--user", "--check"], |c| {
        c.env("CLAUDE_CONFIG_DIR", "");
    })
    .code(1);
}
