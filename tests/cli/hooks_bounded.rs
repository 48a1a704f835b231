//! A hook answers within the time its agent gives it, whatever the plan
//! holds: it never runs a task's check (the agent is told to run `todo
//! done` itself), waits for a held plan well under the timeout setup
//! writes, never makes a plan where there is none, and a mirrored list
//! never deletes a person's task.

use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::common::{HUNG, Run, Running, TestEnv};

fn post_tool(env: &TestEnv, input: &Value) -> Run {
    env.run_stdin(&["hook", "post-tool"], input.to_string().as_bytes(), |_| {})
}

/// The command lines of every process running now that hold `marker`:
/// read from /proc where there is one (Linux, whatever is installed),
/// else from `ps` (macOS has it always).
fn running_with(marker: &str) -> Vec<String> {
    let lines: Vec<String> = match std::fs::read_dir("/proc") {
        Ok(dir) => dir
            .flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .map(|b| String::from_utf8_lossy(&b).replace('\0', " "))
            .collect(),
        Err(_) => {
            let out = Command::new("ps")
                .args(["-eo", "args="])
                .output()
                .expect("ps runs");
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(str::to_string)
                .collect()
        }
    };
    lines
        .into_iter()
        .filter(|l| l.contains(marker) && !l.starts_with("ps "))
        .collect()
}

/// A project with a trusted task whose check would run for 1,000 s; the
/// check names the project (a marker no other process holds).
fn with_slow_check() -> (TestEnv, String, String) {
    let env = TestEnv::new();
    let marker = format!("{}/slow-check", env.root.display());
    let check = format!("sleep 1000 || echo {marker}");
    env.run(&["append", "Auth", "wire oauth", "--verify", &check])
        .ok();
    env.run(&["trust", "--yes"]).ok();
    let id = env.id("Wire oauth");
    (env, id, marker)
}

fn status(env: &TestEnv, content: &str) -> String {
    crate::common::task(&env.plan(), content)["status"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_hook_never_runs_a_check_and_tells_the_agent_to_run_done() {
    let (env, id, marker) = with_slow_check();
    // The probe sees a process holding the marker (so that "none left"
    // below can fail): the check's own command line, started by hand.
    // A shell waiting on its stdin (a builtin: no child to leave behind).
    let mut probe = Command::new("sh")
        .args(["-c", &format!("read line || echo {marker}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh runs");
    let seen = (0..200).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        !running_with(&marker).is_empty()
    });
    let _ = probe.kill();
    let _ = probe.wait();
    assert!(seen, "the probe never saw the marked process");
    let before = env.plan_text();
    // A TodoWrite list, an update_plan list and a TaskUpdate, each saying
    // the task is completed.
    let inputs = [
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "tool_name": "TodoWrite",
               "tool_input": {"todos": [{"content": "Wire oauth", "status": "completed"}]}}),
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "turn_id": "u1", "tool_name": "update_plan",
               "tool_input": {"plan": [{"step": "Wire oauth", "status": "completed"}]}}),
    ];
    for input in &inputs {
        let out = post_tool(&env, input);
        out.ok();
        let v = out.json();
        assert_eq!(v["decision"], "block", "{out:?}");
        let reason = v["reason"].as_str().unwrap_or("");
        assert!(
            reason.contains("has a check, and a hook does not run checks"),
            "{reason}"
        );
        assert!(
            reason.contains(&format!("Run `todo done {id}` yourself")),
            "{reason}"
        );
        assert!(
            running_with(&marker).is_empty(),
            "the check ran: {:?}",
            running_with(&marker)
        );
        assert_eq!(env.plan_text(), before, "nothing mirrored, nothing lost");
    }
    // Claude Code's Task tools: the created task, then its completion
    // (the TaskCompleted event and the TaskUpdate's PostToolUse).
    let create = json!({"session_id": "s2", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TaskCreate", "tool_input": {"subject": "Wire oauth", "description": "d"},
        "tool_response": {"task": {"id": "1", "subject": "Wire oauth"}}});
    post_tool(&env, &create).ok();
    let completed = json!({"session_id": "s2", "cwd": env.root, "hook_event_name": "TaskCompleted",
        "task_id": "1", "task_subject": "Wire oauth"});
    let out = post_tool(&env, &completed);
    out.ok();
    assert!(out.stdout.is_empty(), "{out:?}");
    let update = json!({"session_id": "s2", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TaskUpdate", "tool_input": {"taskId": "1", "status": "completed"},
        "tool_response": {"success": true, "taskId": "1", "updatedFields": ["status"]}});
    let out = post_tool(&env, &update);
    out.ok();
    let reason = out.json()["reason"].as_str().unwrap_or("").to_string();
    assert!(
        reason.contains(&format!("Run `todo done {id}` yourself")),
        "{out:?}"
    );
    assert!(running_with(&marker).is_empty());
    assert_ne!(status(&env, "Wire oauth"), "completed");
    // The rest of a whole list is mirrored all the same.
    let list = json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TodoWrite",
        "tool_input": {"todos": [{"content": "Wire oauth", "status": "completed"},
                                 {"content": "Write the docs", "status": "pending"}]}});
    let out = post_tool(&env, &list);
    out.ok();
    let reason = out.json()["reason"].as_str().unwrap_or("").to_string();
    assert!(
        reason.starts_with("Your list was mirrored into the todo plan, but for these tasks"),
        "{reason}"
    );
    assert!(
        reason.contains(&format!("- {id} Wire oauth (check: sleep 1000 || echo ")),
        "{reason}"
    );
    assert!(
        reason.contains(&format!("Run `todo done {id}` yourself")),
        "{reason}"
    );
    assert_eq!(status(&env, "Write the docs"), "pending");
    assert_ne!(status(&env, "Wire oauth"), "completed");
    assert!(running_with(&marker).is_empty());
}

#[test]
#[cfg_attr(todo_tests_no_flock, ignore = "flock(1) is not installed (util-linux)")]
fn a_hook_waits_for_a_held_plan_well_under_its_timeout_then_lets_the_agent_go() {
    let env = TestEnv::new();
    env.given(&[&["append", "Build", "parser"]]);
    if !crate::common::has("flock") {
        crate::common::missing_tool("flock(1) is not installed");
        return;
    }
    let holder = Running::start(
        Command::new("flock")
            .arg(&env.root)
            .args(["sh", "-c", "echo held; cat >/dev/null"])
            .stdin(Stdio::piped()),
    );
    assert_eq!(holder.line(HUNG), "held");
    let input = json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "Stop"});
    // No TODO_LOCK_TIMEOUT_MS: the hook's own wait, not a person's 10 s.
    let out = env.run_stdin(&["hook", "stop"], input.to_string().as_bytes(), |_| {});
    out.ok();
    assert_eq!(out.stdout, "", "fails open: no block");
    assert!(
        out.stderr
            .starts_with("todo hook stop: Timed out after 3 s waiting for another todo"),
        "{out:?}"
    );
    // --json: still a valid answer, exit 0.
    let out = env.run_stdin(
        &["--json", "hook", "stop"],
        input.to_string().as_bytes(),
        |_| {},
    );
    out.ok();
    assert!(
        out.json()["hookError"]
            .as_str()
            .is_some_and(|e| e.contains("Timed out after 3 s")),
        "{out:?}"
    );
    holder.finish(HUNG).ok();
    // A shorter wait asked for is kept.
    let out = env.run_stdin(&["hook", "stop"], input.to_string().as_bytes(), |c| {
        c.env("TODO_LOCK_TIMEOUT_MS", "100");
    });
    out.ok();
    assert!(out.stdout.contains("\"decision\":\"block\""), "{out:?}");
}

#[test]
fn post_tool_never_makes_a_plan_where_there_is_none() {
    let env = TestEnv::new();
    for input in [
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "tool_name": "TodoWrite",
               "tool_input": {"todos": [{"content": "Explore", "status": "in_progress"}]}}),
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "turn_id": "u1", "tool_name": "update_plan",
               "tool_input": {"plan": [{"step": "Explore", "status": "in_progress"}]}}),
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "tool_name": "TaskCreate", "tool_input": {"subject": "Explore"},
               "tool_response": {"task": {"id": "1", "subject": "Explore"}}}),
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "TaskCreated",
               "task_id": "1", "task_subject": "Explore"}),
    ] {
        let out = post_tool(&env, &input);
        out.is(0, "", "");
        assert!(!env.plan_path().exists(), "{input}");
    }
    // Where a plan is, it is mirrored into.
    env.run(&["append", "Build", "parser"]).ok();
    let input = json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TodoWrite",
        "tool_input": {"todos": [{"content": "Explore", "status": "pending"}]}});
    post_tool(&env, &input).ok();
    assert_eq!(status(&env, "Explore"), "pending");
}

#[test]
fn a_mirrored_list_never_deletes_a_persons_task_it_leaves_out() {
    let env = TestEnv::with_empty_plan();
    let write = |todos: Value| {
        json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
               "tool_name": "TodoWrite", "tool_input": {"todos": todos}})
    };
    let entry = |content: &str, status: &str| json!({"content": content, "status": status});
    post_tool(
        &env,
        &write(json!([
            entry("Parse", "in_progress"),
            entry("Print", "pending")
        ])),
    )
    .ok();
    // A person adds a task, with a note, to the agent's phase.
    env.run(&["append", "-p", "Claude Code", "Review the output"])
        .ok();
    env.run(&["note", "review", "compare with last release"])
        .ok();
    let review = env.id("Review the output");
    // The agent's next list leaves it out (and its own Print).
    let out = post_tool(&env, &write(json!([entry("Parse", "completed")])));
    out.ok();
    let plan = env.plan();
    let kept = crate::common::task(&plan, "Review the output");
    assert_eq!(kept["id"], review.as_str(), "the person's task stays");
    // Open still (the one-in-progress rule starts it once Parse is done).
    assert_eq!(kept["status"], "in_progress");
    assert_eq!(kept["notes"][0], "compare with last release");
    assert!(
        crate::common::tasks(&plan).all(|t| t["content"] != "Print"),
        "the agent's own task it left out goes: {plan}"
    );
    // The agent is told once that the plan keeps it.
    let text = out.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        text.contains(&format!("- {review} Review the output (pending)")),
        "{text}"
    );
    // (Told again once of its new status: the rule started it.)
    post_tool(&env, &write(json!([entry("Parse", "completed")]))).ok();
    let out = post_tool(&env, &write(json!([entry("Parse", "completed")])));
    out.is(0, "", "");
    assert_eq!(
        crate::common::task(&env.plan(), "Review the output")["id"],
        review.as_str()
    );
    // Update_plan's mirror keeps a person's task in "Codex" the same way.
    env.run(&["append", "-p", "Codex", "Sign the release"]).ok();
    let plan_input = json!({"session_id": "s2", "cwd": env.root, "hook_event_name": "PostToolUse",
        "turn_id": "u1", "tool_name": "update_plan",
        "tool_input": {"plan": [{"step": "Build", "status": "in_progress"}]}});
    post_tool(&env, &plan_input).ok();
    let plan = env.plan();
    assert!(
        crate::common::tasks(&plan).any(|t| t["content"] == "Sign the release"),
        "{plan}"
    );
    assert_eq!(status(&env, "Build"), "in_progress");
}
