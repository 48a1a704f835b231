//! Claude Code's Task tools (`TaskCreate`, `TaskUpdate`; the `TaskCreated`
//! and `TaskCompleted` hook events) mirrored by `todo hook post-tool`,
//! restored by `todo import` from a transcript or a task-list directory,
//! and taken by `todo apply`.
//!
//! Where the samples come from:
//! - tool inputs and answers: Claude Code's tool schemas, as its SDK
//!   types (`sdk-tools.d.ts` of @anthropic-ai/claude-code) and its tool
//!   sources (`TaskCreateTool.ts`: input `{subject, description,
//!   activeForm?, metadata?}`, output `{task: {id, subject}}`;
//!   `TaskUpdateTool.ts`: input `{taskId, subject?, description?,
//!   activeForm?, status?: pending|in_progress|completed|deleted,
//!   addBlocks?, addBlockedBy?, owner?, metadata?}`, output `{success,
//!   taskId, updatedFields, error?, statusChange?: {from, to}}`);
//! - hook inputs: the hooks reference (code.claude.com/docs/en/hooks):
//!   every event's `session_id`, `transcript_path`, `cwd`,
//!   `permission_mode`, `hook_event_name`; `PostToolUse`'s `tool_name`,
//!   `tool_input`, `tool_response`, `tool_use_id`; `TaskCreated`'s and
//!   `TaskCompleted`'s `task_id`, `task_subject`, `task_description`,
//!   `teammate_name`, `team_name`;
//! - transcripts (`~/.claude/projects/<dir>/<session>.jsonl`): an
//!   `assistant` record whose `message.content` holds the `tool_use`
//!   block, then a `user` record with the `tool_result` block (`Task #1
//!   created successfully: …`, `Updated task #1 status`) and the tool's
//!   output as `toolUseResult`;
//! - task-list directories (`~/.claude/tasks/<list id>/<id>.json`): `{id,
//!   subject, description, activeForm?, owner?, status, blocks, blockedBy,
//!   metadata?}`, with `.lock` and `.highwatermark` beside them.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

/// One recorded call: the tool, its input, and Claude Code's answer.
struct Call {
    tool: &'static str,
    input: Value,
    output: Value,
    /// The text of the `tool_result` block Claude Code writes.
    result: String,
}

fn create(id: &str, subject: &str, description: &str) -> Call {
    Call {
        tool: "TaskCreate",
        input: json!({
            "subject": subject,
            "description": description,
            "activeForm": format!("Working on {subject}"),
        }),
        output: json!({ "task": { "id": id, "subject": subject } }),
        result: format!("Task #{id} created successfully: {subject}"),
    }
}

fn update(input: Value, fields: &[&str]) -> Call {
    let id = input["taskId"].as_str().unwrap_or_default().to_string();
    let mut output = json!({ "success": true, "taskId": id, "updatedFields": fields });
    if let Some(to) = input["status"].as_str() {
        output["statusChange"] = json!({ "from": "pending", "to": to });
    }
    Call {
        tool: "TaskUpdate",
        input,
        output,
        result: format!("Updated task #{id} {}", fields.join(", ")),
    }
}

/// A session's list, built the way Claude Code's Task tools build one:
/// tasks made, linked, claimed, started, finished, renamed and deleted.
fn recorded() -> Vec<Call> {
    vec![
        create("1", "Write the parser", "Parse the config file"),
        create("2", "Test the parser", "Unit tests for every rule"),
        create("3", "Ship it", "Tag and release"),
        create("4", "Scratch idea", "Maybe later"),
        update(
            json!({ "taskId": "2", "addBlockedBy": ["1"] }),
            &["blockedBy"],
        ),
        update(json!({ "taskId": "1", "addBlocks": ["3"] }), &["blocks"]),
        update(
            json!({ "taskId": "1", "owner": "parser-agent", "status": "in_progress" }),
            &["owner", "status"],
        ),
        update(json!({ "taskId": "4", "status": "deleted" }), &["deleted"]),
        update(json!({ "taskId": "1", "status": "completed" }), &["status"]),
        update(
            json!({ "taskId": "2", "subject": "Test the parser well", "description": "Unit and fuzz tests" }),
            &["subject", "description"],
        ),
        update(
            json!({ "taskId": "2", "status": "in_progress" }),
            &["status"],
        ),
    ]
}

/// The `PostToolUse` input Claude Code sends after `call`.
fn post_tool(env: &TestEnv, session: &str, n: usize, call: &Call) -> Value {
    json!({
        "session_id": session,
        "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root,
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": call.tool,
        "tool_input": call.input,
        "tool_response": call.output,
        "tool_use_id": format!("toolu_{n:02}"),
    })
}

fn hook(env: &TestEnv, input: &Value) -> Run {
    env.run_stdin(
        &["hook", "post-tool", "--agent", "claude"],
        input.to_string().as_bytes(),
        |_| {},
    )
}

/// The transcript lines of `calls`: each call's `tool_use`, then its
/// `tool_result` with `toolUseResult`.
fn transcript(calls: &[Call], sidechain: bool) -> Vec<Value> {
    let mut lines = vec![json!({
        "parentUuid": null, "isSidechain": false, "type": "user",
        "message": { "role": "user", "content": "Plan the parser work." },
        "uuid": "u0", "sessionId": "s1", "cwd": "/work/app", "version": "2.1.197",
        "timestamp": "2026-07-01T10:00:00.000Z"
    })];
    for (n, call) in calls.iter().enumerate() {
        let parent = lines
            .last()
            .and_then(|l| l["uuid"].as_str())
            .map(str::to_string);
        lines.push(json!({
            "parentUuid": parent, "isSidechain": sidechain, "type": "assistant",
            "message": {
                "id": format!("msg_{n}"), "type": "message", "role": "assistant",
                "model": "claude-opus-4-5",
                "content": [{ "type": "tool_use", "id": format!("toolu_{n:02}"), "name": call.tool, "input": call.input }],
                "stop_reason": "tool_use"
            },
            "uuid": format!("a{n}"), "sessionId": "s1", "cwd": "/work/app", "version": "2.1.197",
            "timestamp": "2026-07-01T10:00:01.000Z"
        }));
        lines.push(json!({
            "parentUuid": format!("a{n}"), "isSidechain": sidechain, "type": "user",
            "message": { "role": "user", "content": [
                { "type": "tool_result", "tool_use_id": format!("toolu_{n:02}"), "content": call.result }
            ] },
            "toolUseResult": call.output,
            "uuid": format!("r{n}"), "sessionId": "s1", "cwd": "/work/app", "version": "2.1.197",
            "timestamp": "2026-07-01T10:00:02.000Z"
        }));
    }
    lines
}

fn jsonl(lines: &[Value]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The plan as a person reads it, ids aside: each phase's tasks with
/// their status, notes, the texts of what they need, and their owner.
fn seen(env: &TestEnv) -> Value {
    let plan = env.plan();
    let text_of = |id: &Value| -> Value {
        crate::common::tasks(&plan)
            .find(|t| &t["id"] == id)
            .map(|t| t["content"].clone())
            .unwrap_or(Value::Null)
    };
    let phases: Vec<Value> = plan["phases"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let tasks: Vec<Value> = p["tasks"]
                .as_array()
                .into_iter()
                .flatten()
                // A removed task's tombstone is no task.
                .filter(|t| t.get("content").is_some())
                .map(|t| {
                    let needs: Vec<Value> = t["needs"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(text_of)
                        .collect();
                    json!({
                        "content": t["content"], "status": t["status"],
                        "notes": t["notes"], "needs": needs,
                        "owner": t["owner"], "claimedBy": t["claimedBy"],
                    })
                })
                .collect();
            json!({ "name": p["name"], "tasks": tasks })
        })
        .collect();
    Value::Array(phases)
}

/// What the recorded list leaves in the plan.
fn expected() -> Value {
    json!([{ "name": "Claude Code", "tasks": [
        { "content": "Write the parser", "status": "completed", "notes": ["Parse the config file"],
          "needs": [], "owner": "parser-agent", "claimedBy": "agent" },
        { "content": "Test the parser well", "status": "in_progress",
          "notes": ["Unit tests for every rule", "Unit and fuzz tests"],
          "needs": ["Write the parser"], "owner": null, "claimedBy": null },
        { "content": "Ship it", "status": "pending", "notes": ["Tag and release"],
          "needs": ["Write the parser"], "owner": null, "claimedBy": null },
    ]}])
}

#[test]
fn a_recorded_task_list_mirrors_and_restores_to_the_same_plan() {
    let calls = recorded();
    // Mirrored, call by call, by the post-tool hook.
    let mirrored = TestEnv::with_empty_plan();
    for (n, call) in calls.iter().enumerate() {
        hook(&mirrored, &post_tool(&mirrored, "s1", n, call)).is(0, "", "");
    }
    assert_eq!(seen(&mirrored), expected());
    // Restored from the transcript of the same calls.
    let restored = TestEnv::new();
    std::fs::write(
        restored.root.join("session.jsonl"),
        jsonl(&transcript(&calls, false)),
    )
    .unwrap();
    let out = restored.run(&["import", "session.jsonl"]);
    out.is(
        0,
        "Imported 1 phase(s), 3 task(s) from session.jsonl.\n",
        "",
    );
    assert_eq!(seen(&restored), seen(&mirrored));
    // And from the task-list directory Claude Code keeps for it.
    let dir = TestEnv::new();
    let list = dir.home.join(".claude/tasks/s1");
    std::fs::create_dir_all(&list).unwrap();
    for (id, subject, description, status, blocks, blocked_by, owner) in [
        (
            "1",
            "Write the parser",
            "Parse the config file",
            "completed",
            json!(["2", "3"]),
            json!([]),
            Some("parser-agent"),
        ),
        (
            "2",
            "Test the parser well",
            "Unit and fuzz tests",
            "in_progress",
            json!([]),
            json!(["1"]),
            None,
        ),
        (
            "3",
            "Ship it",
            "Tag and release",
            "pending",
            json!([]),
            json!(["1"]),
            None,
        ),
    ] {
        let mut task = json!({
            "id": id, "subject": subject, "description": description,
            "activeForm": format!("Working on {subject}"), "status": status,
            "blocks": blocks, "blockedBy": blocked_by,
        });
        if let Some(owner) = owner {
            task["owner"] = json!(owner);
        }
        std::fs::write(list.join(format!("{id}.json")), task.to_string()).unwrap();
    }
    std::fs::write(list.join(".lock"), "").unwrap();
    std::fs::write(list.join(".highwatermark"), "4").unwrap();
    let arg = list.display().to_string();
    dir.run(&["import", &arg]).ok();
    let mut from_dir = expected();
    // The directory holds a description, not its history.
    from_dir[0]["tasks"][1]["notes"] = json!(["Unit and fuzz tests"]);
    assert_eq!(seen(&dir), from_dir);
}

#[test]
fn a_later_update_finds_its_task_by_claudes_id_per_list() {
    let env = TestEnv::with_empty_plan();
    hook(
        &env,
        &post_tool(
            &env,
            "s1",
            0,
            &create("1", "Fix the login", "Cookie expires"),
        ),
    )
    .is(0, "", "");
    // Another session's list has its own task #1.
    hook(
        &env,
        &post_tool(&env, "s2", 0, &create("1", "Write docs", "README")),
    )
    .is(0, "", "");
    let done = update(json!({ "taskId": "1", "status": "completed" }), &["status"]);
    hook(&env, &post_tool(&env, "s2", 1, &done)).is(0, "", "");
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Fix the login\n  > Cookie expires\n- [x] Write docs\n  > README\n"
    );
    // A list shared by CLAUDE_CODE_TASK_LIST_ID is one list whatever the
    // session.
    let shared = |session: &str, n: usize, call: &Call| {
        env.run_stdin(
            &["hook", "post-tool", "--agent", "claude"],
            post_tool(&env, session, n, call).to_string().as_bytes(),
            |c| {
                c.env("CLAUDE_CODE_TASK_LIST_ID", "team-list");
            },
        )
    };
    shared("s3", 0, &create("7", "Shared task", "For both")).is(0, "", "");
    shared(
        "s4",
        1,
        &update(json!({ "taskId": "7", "status": "completed" }), &["status"]),
    )
    .is(0, "", "");
    assert!(
        env.run(&["show"]).stdout.contains("- [x] Shared task"),
        "{:?}",
        env.run(&["show"])
    );
}

#[test]
fn task_events_mirror_once_and_never_block_the_agent() {
    let env = TestEnv::with_empty_plan();
    // TaskCreated comes while the task is being made, then PostToolUse:
    // one task.
    let event = |name: &str, id: &str, subject: &str| {
        json!({
            "session_id": "s1", "transcript_path": env.home.join("t.jsonl"), "cwd": env.root,
            "permission_mode": "default", "hook_event_name": name,
            "task_id": id, "task_subject": subject, "task_description": "Add login and signup endpoints",
            "teammate_name": "implementer", "team_name": "my-project",
        })
    };
    hook(
        &env,
        &event("TaskCreated", "1", "Implement user authentication"),
    )
    .is(0, "", "");
    let call = create(
        "1",
        "Implement user authentication",
        "Add login and signup endpoints",
    );
    hook(&env, &post_tool(&env, "s1", 0, &call)).is(0, "", "");
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Implement user authentication\n  > Add login and signup endpoints\n"
    );
    // TaskCompleted comes before Claude Code applies the status (another
    // hook may refuse it): nothing is recorded yet. The TaskUpdate's
    // answer, once applied, finishes it.
    hook(
        &env,
        &event("TaskCompleted", "1", "Implement user authentication"),
    )
    .is(0, "", "");
    assert!(
        env.run(&["show"])
            .stdout
            .contains("- [/] Implement user authentication")
    );
    let done = |id: &str| update(json!({ "taskId": id, "status": "completed" }), &["status"]);
    hook(&env, &post_tool(&env, "s1", 1, &done("1"))).is(0, "", "");
    assert!(
        env.run(&["show"])
            .stdout
            .contains("- [x] Implement user authentication")
    );
    // A teammate's TaskCompleted for a task this session never saw by id
    // finds it by its subject, and its TaskUpdate then completes it.
    env.run(&["append", "Claude Code", "Review the PR"]).ok();
    hook(&env, &event("TaskCompleted", "9", "Review the PR")).is(0, "", "");
    assert!(!env.run(&["show"]).stdout.contains("- [x] Review the PR"));
    hook(&env, &post_tool(&env, "s1", 2, &done("9"))).is(0, "", "");
    assert!(env.run(&["show"]).stdout.contains("- [x] Review the PR"));
    // What the plan refuses (a text made twice by a rename) is never a
    // block, which would undo the agent's task: a line on stderr, exit 0.
    hook(&env, &event("TaskCreated", "2", "Second")).is(0, "", "");
    let before = env.plan_text();
    let mut clash = event("TaskCompleted", "2", "Second");
    clash["task_id"] = json!({ "not": "an id" });
    let out = hook(&env, &clash);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
    assert!(out.stderr.contains("task_id"), "{out:?}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn what_a_person_decided_stays_and_an_agent_never_acts_as_one() {
    let env = TestEnv::with_empty_plan();
    hook(
        &env,
        &post_tool(&env, "s1", 0, &create("1", "Migrate the db", "Postgres 16")),
    )
    .is(0, "", "");
    hook(
        &env,
        &post_tool(
            &env,
            "s1",
            1,
            &create("2", "Drop old tables", "After the move"),
        ),
    )
    .is(0, "", "");
    // A person drops task 2 and finishes task 1.
    env.run(&["drop", "Drop old tables"]).ok();
    env.run(&["done", "Migrate the db"]).ok();
    let before = env.plan_text();
    // The agent's list reopens one and deletes the other: both kept, and
    // the agent told once.
    let reopen = update(json!({ "taskId": "1", "status": "pending" }), &["status"]);
    let out = hook(&env, &post_tool(&env, "s1", 2, &reopen));
    out.ok();
    let text = out.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("Migrate the db (completed)"), "{text}");
    let delete = update(json!({ "taskId": "2", "status": "deleted" }), &["deleted"]);
    let out = hook(&env, &post_tool(&env, "s1", 3, &delete));
    out.ok();
    assert!(
        out.stdout.contains("Drop old tables (abandoned)"),
        "{out:?}"
    );
    assert_eq!(env.plan_text(), before);
    // Told once: the same update again says nothing.
    hook(&env, &post_tool(&env, "s1", 4, &reopen)).is(0, "", "");
    // `--as person` on the hook is refused; the plan stays.
    let out = env.run_stdin(
        &["--as", "person", "hook", "post-tool", "--agent", "claude"],
        post_tool(&env, "s1", 5, &reopen).to_string().as_bytes(),
        |_| {},
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn an_agent_cannot_take_over_a_persons_claim() {
    let env = TestEnv::with_empty_plan();
    hook(
        &env,
        &post_tool(&env, "s1", 0, &create("1", "Deploy", "To production")),
    )
    .is(0, "", "");
    // A person holds the task (as the plan file records a person's claim).
    let text = env.plan_text().replace(
        "\"content\": \"Deploy\", \"status\": \"in_progress\"",
        "\"content\": \"Deploy\", \"status\": \"in_progress\", \"owner\": \"ann\", \"claimedBy\": \"person\"",
    );
    assert!(text.contains("\"claimedBy\": \"person\""), "{text}");
    env.write_plan(&text);
    let before = env.plan_text();
    let take = update(json!({ "taskId": "1", "owner": "bot" }), &["owner"]);
    let out = hook(&env, &post_tool(&env, "s1", 1, &take));
    out.ok();
    let v = out.json();
    assert_eq!(v["decision"], "block", "{out:?}");
    assert!(
        v["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("claimed by ann, a person"),
        "{out:?}"
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_need_that_closes_a_cycle_is_told_and_nothing_changes() {
    let env = TestEnv::with_empty_plan();
    hook(&env, &post_tool(&env, "s1", 0, &create("1", "A", "a"))).is(0, "", "");
    hook(&env, &post_tool(&env, "s1", 1, &create("2", "B", "b"))).is(0, "", "");
    let link = update(
        json!({ "taskId": "2", "addBlockedBy": ["1"] }),
        &["blockedBy"],
    );
    hook(&env, &post_tool(&env, "s1", 2, &link)).is(0, "", "");
    let before = env.plan_text();
    let back = update(
        json!({ "taskId": "1", "addBlockedBy": ["2"] }),
        &["blockedBy"],
    );
    let out = hook(&env, &post_tool(&env, "s1", 3, &back));
    out.ok();
    let v = out.json();
    assert_eq!(v["decision"], "block", "{out:?}");
    let reason = v["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("needs-cycle"), "{reason}");
    assert!(reason.contains("The plan is unchanged"), "{reason}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn hostile_or_unknown_task_calls_change_nothing_and_exit_zero() {
    let env = TestEnv::with_empty_plan();
    hook(
        &env,
        &post_tool(&env, "s1", 0, &create("1", "Keep me", "safe")),
    )
    .is(0, "", "");
    let before = env.plan_text();
    let inputs = [
        // A task the plan never saw.
        post_tool(
            &env,
            "s1",
            1,
            &update(
                json!({ "taskId": "99", "status": "completed" }),
                &["status"],
            ),
        ),
        // An update Claude Code did not make (`success: false`).
        {
            let mut v = post_tool(
                &env,
                "s1",
                2,
                &update(json!({ "taskId": "1", "status": "deleted" }), &["deleted"]),
            );
            v["tool_response"] = json!({ "success": false, "taskId": "1", "updatedFields": [], "error": "Task not found" });
            v
        },
        // Wrong types, unknown status, empty subject, long ids, no input.
        post_tool(
            &env,
            "s1",
            3,
            &update(json!({ "taskId": {"a": 1}, "status": "completed" }), &[]),
        ),
        post_tool(
            &env,
            "s1",
            4,
            &update(json!({ "taskId": "1", "status": "done" }), &[]),
        ),
        post_tool(
            &env,
            "s1",
            5,
            &update(json!({ "taskId": "1", "addBlockedBy": "1" }), &[]),
        ),
        post_tool(
            &env,
            "s1",
            6,
            &update(json!({ "taskId": "x".repeat(100) }), &[]),
        ),
        post_tool(&env, "s1", 7, &create("2", "   ", "blank")),
        json!({ "session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse", "tool_name": "TaskCreate" }),
        json!({ "session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse", "tool_name": "TaskUpdate", "tool_input": [1, 2] }),
    ];
    for input in inputs {
        let out = hook(&env, &input);
        assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{input}: {out:?}");
        assert!(out.stderr.lines().count() <= 1, "{out:?}");
        assert_eq!(env.plan_text(), before, "{input}");
    }
    // Thousands of links are refused, not walked.
    let many: Vec<String> = (0..5_000).map(|i| i.to_string()).collect();
    let out = hook(
        &env,
        &post_tool(
            &env,
            "s1",
            8,
            &update(json!({ "taskId": "1", "addBlocks": many }), &[]),
        ),
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
    assert_eq!(env.plan_text(), before);
    // A tool todo does not mirror: nothing at all.
    let read = json!({ "session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TaskList", "tool_input": {}, "tool_response": {"tasks": []} });
    hook(&env, &read).is(0, "", "");
}

#[test]
fn session_start_tells_how_the_task_list_and_the_plan_meet() {
    let env = TestEnv::new();
    env.run(&["append", "Auth", "Rotate keys"]).ok();
    let start = json!({
        "session_id": "s1", "transcript_path": env.home.join("t.jsonl"), "cwd": env.root,
        "hook_event_name": "SessionStart", "source": "startup", "model": "claude-opus-4-5",
    });
    let out = env.run_stdin(
        &["hook", "session-start", "--agent", "claude"],
        start.to_string().as_bytes(),
        |_| {},
    );
    out.ok();
    let text = out.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    for said in [
        "TaskCreate adds a task",
        "addBlockedBy",
        "owner claims it",
        "one way",
        "Your list never gets the plan's other tasks",
        "TodoWrite",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
}

#[test]
fn apply_takes_task_tool_inputs_by_name_or_by_shape() {
    let env = TestEnv::new();
    let apply = |args: &[&str], input: Value| {
        let mut all = vec!["apply"];
        all.extend_from_slice(args);
        env.run_stdin(&all, input.to_string().as_bytes(), |_| {})
    };
    // By shape: `subject` is TaskCreate's, `taskId` TaskUpdate's.
    apply(
        &[],
        json!({ "subject": "Write the parser", "description": "Parse the config" }),
    )
    .ok();
    apply(
        &[],
        json!({ "subject": "Ship it", "description": "Tag and release" }),
    )
    .ok();
    // Named: `taskId` names a plan task by its id or text.
    let id = env.id("Ship it");
    apply(
        &["--tool", "TaskUpdate"],
        json!({ "taskId": id, "addBlockedBy": ["Write the parser"] }),
    )
    .ok();
    let v = apply(
        &["--tool", "TaskUpdate"],
        json!({ "taskId": "Write the parser", "status": "completed" }),
    );
    v.ok();
    assert_eq!(v.json()["completedTasks"][0]["content"], "Write the parser");
    let parser = env.id("Write the parser");
    assert_eq!(
        env.run(&["show"]).stdout,
        format!(
            "# Claude Code\n- [x] Write the parser\n  > Parse the config\n- [/] Ship it <!-- todo: needs={parser} -->\n  > Tag and release\n"
        )
    );
    // The tool named decides, whatever the shape: a TodoWrite list is not
    // a TaskUpdate; nothing changes, exit 5.
    let before = env.plan_text();
    let out = apply(&["--tool", "TaskUpdate"], json!({ "todos": [] }));
    assert_eq!(out.code, 5, "{out:?}");
    assert!(
        out.stdout.contains("TaskUpdate needs \\\"taskId\\\""),
        "{out:?}"
    );
    let out = apply(&["--tool", "TaskCreate"], json!({ "taskId": "1" }));
    assert_eq!(out.code, 5, "{out:?}");
    assert_eq!(env.plan_text(), before);
    // An unknown tool name is a usage error.
    let out = apply(&["--tool", "Bash"], json!({}));
    assert_eq!(out.code, 2, "{out:?}");
    // Codex's update_plan, named or not, as before.
    apply(
        &["--tool", "update_plan"],
        json!({ "plan": [{ "step": "Plan it", "status": "completed" }] }),
    )
    .ok();
    assert!(env.run(&["show"]).stdout.contains("# Codex\n- [x] Plan it"));
}

#[test]
fn restore_replays_the_main_lists_calls_only() {
    let env = TestEnv::new();
    // A subagent's list (a sidechain) is its own: skipped.
    let mut lines = transcript(&[create("1", "Main task", "mine")], false);
    lines.extend(transcript(&[create("1", "Subagent task", "theirs")], true));
    // A call Claude Code refused (`is_error`) or never answered is not
    // in the list.
    let mut failed = transcript(&[create("2", "Refused task", "no")], false);
    failed[2]["message"]["content"][0]["is_error"] = json!(true);
    failed[2]["toolUseResult"] = json!("Error: InputValidationError");
    lines.extend(failed);
    let unanswered = transcript(&[create("3", "Unanswered task", "no")], false);
    lines.push(unanswered[1].clone());
    // A result with no toolUseResult: the id is read from its text.
    let mut old = transcript(
        &[
            create("4", "Old style", "text only"),
            update(json!({ "taskId": "4", "status": "completed" }), &["status"]),
        ],
        false,
    );
    for l in &mut old {
        l.as_object_mut().unwrap().remove("toolUseResult");
    }
    lines.extend(old);
    std::fs::write(env.root.join("t.jsonl"), jsonl(&lines)).unwrap();
    env.run(&["import", "t.jsonl"]).ok();
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Main task\n  > mine\n- [x] Old style\n  > text only\n"
    );
    // A TodoWrite list made after the Task calls is the list it had last;
    // Task calls after a TodoWrite list win in turn.
    let todo_write = json!({
        "parentUuid": null, "isSidechain": false, "type": "assistant", "uuid": "w1",
        "message": { "role": "assistant", "content": [{ "type": "tool_use", "id": "toolu_w1", "name": "TodoWrite",
            "input": { "todos": [{ "content": "From TodoWrite", "status": "pending", "activeForm": "Doing it" }] } }] }
    });
    let mut later = lines.clone();
    later.push(todo_write.clone());
    std::fs::write(env.root.join("later.jsonl"), jsonl(&later)).unwrap();
    env.run(&["import", "later.jsonl"]).ok();
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] From TodoWrite\n"
    );
    let mut earlier = vec![todo_write];
    earlier.extend(lines);
    std::fs::write(env.root.join("earlier.jsonl"), jsonl(&earlier)).unwrap();
    env.run(&["import", "earlier.jsonl"]).ok();
    assert!(env.run(&["show"]).stdout.contains("Main task"));
    // Every task deleted: refused, the plan kept.
    let before = env.plan_text();
    let gone = transcript(
        &[
            create("1", "Gone", "x"),
            update(json!({ "taskId": "1", "status": "deleted" }), &["deleted"]),
        ],
        false,
    );
    std::fs::write(env.root.join("gone.jsonl"), jsonl(&gone)).unwrap();
    env.run(&["import", "gone.jsonl"]).is(
        5,
        "",
        "Could not import gone.jsonl: its Task tool calls, replayed up to entry \"r1\", leave the task list empty; the plan was left as it was.\n",
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_task_list_directory_of_hostile_files_restores_what_it_can() {
    let env = TestEnv::new();
    env.run(&["append", "Mine", "Keep this plan"]).ok();
    let before = env.plan_text();
    let list = env.home.join(".claude/tasks/list");
    std::fs::create_dir_all(&list).unwrap();
    // Nothing that is a task: refused, the plan kept.
    std::fs::write(list.join(".lock"), "").unwrap();
    std::fs::write(list.join("1.json"), "{not json").unwrap();
    std::fs::write(list.join("2.json"), "[1,2]").unwrap();
    std::fs::write(
        list.join("3.json"),
        r#"{"id":"3","subject":"  ","status":"pending"}"#,
    )
    .unwrap();
    std::fs::write(
        list.join("4.json"),
        r#"{"id":"4","subject":"Bad","status":"finished"}"#,
    )
    .unwrap();
    std::fs::write(list.join("5.json"), vec![b' '; 2 << 20]).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", list.join("6.json")).unwrap();
    std::fs::create_dir_all(list.join("7.json")).unwrap();
    let arg = list.display().to_string();
    env.run(&["import", &arg]).is(
        5,
        "",
        &format!("Could not import {arg}: it is a directory holding no Claude Code task (<id>.json with a subject) (7 files that are not one were skipped); the plan was left as it was.\n"),
    );
    assert_eq!(env.plan_text(), before);
    // One good task among them: restored, ordered by id (10 after 9).
    std::fs::write(list.join("10.json"), r#"{"id":"10","subject":"Tenth","description":"","status":"pending","blocks":[],"blockedBy":["9"]}"#).unwrap();
    std::fs::write(list.join("9.json"), r#"{"id":"9","subject":"Ninth","description":"first","status":"completed","blocks":["10"],"blockedBy":[]}"#).unwrap();
    env.run(&["import", &arg]).is(
        0,
        &format!("Imported 1 phase(s), 2 task(s) from {arg}.\n"),
        "",
    );
    let ninth = env.id("Ninth");
    assert_eq!(
        env.run(&["show"]).stdout,
        format!(
            "# Claude Code\n- [x] Ninth\n  > first\n- [/] Tenth <!-- todo: needs={ninth} -->\n"
        )
    );
    // An empty directory is no list either.
    let empty = env.home.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let arg = empty.display().to_string();
    let before = env.plan_text();
    env.run(&["import", &arg]).code(5);
    assert_eq!(env.plan_text(), before);
}

/// The calls of one task as Claude Code 2.1.332 sent them to hooks
/// (measured with the real binary, driven by a scripted model): a
/// `TaskCreate` without a description, then a `TaskUpdate` to completed
/// that another `TaskCompleted` hook refused (exit 2).
#[test]
fn a_completion_another_hook_refused_is_not_recorded() {
    let env = TestEnv::with_empty_plan();
    let base = |name: &str| {
        json!({"session_id": "s1", "transcript_path": env.home.join("t.jsonl"), "cwd": env.root,
            "permission_mode": "default", "hook_event_name": name})
    };
    let mut created = base("TaskCreated");
    created["task_id"] = json!("1");
    created["task_subject"] = json!("Add the lexer");
    created["task_description"] = json!("Add the lexer");
    hook(&env, &created).is(0, "", "");
    let mut post = base("PostToolUse");
    post["tool_name"] = json!("TaskCreate");
    post["tool_input"] =
        json!({"subject": "Add the lexer", "description": "Add the lexer", "activeForm": "Adding"});
    post["tool_response"] =
        json!({"task": {"id": "1", "subject": "Add the lexer", "description": "Add the lexer"}});
    hook(&env, &post).is(0, "", "");
    // The description Claude Code filled in with the subject is no note.
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Add the lexer\n"
    );
    let mut completed = base("TaskCompleted");
    completed["task_id"] = json!("1");
    completed["task_subject"] = json!("Add the lexer");
    completed["task_description"] = json!("Add the lexer");
    hook(&env, &completed).is(0, "", "");
    let mut refused = base("PostToolUse");
    refused["tool_name"] = json!("TaskUpdate");
    refused["tool_input"] = json!({"taskId": "1", "status": "completed", "owner": "me"});
    refused["tool_response"] = json!({"success": false, "taskId": "1", "updatedFields": [],
        "error": "TaskCompleted hook feedback:\n[check-review]: not yet\n"});
    hook(&env, &refused).is(0, "", "");
    // Claude Code did not complete it (nor set its owner): nor does todo.
    let show = env.run(&["show"]);
    assert_eq!(
        show.stdout, "# Claude Code\n- [/] Add the lexer\n",
        "{show:?}"
    );
    assert_eq!(
        crate::common::task(&env.plan(), "Add the lexer")["owner"],
        Value::Null
    );
}

#[test]
fn the_task_claude_code_saved_is_mirrored_not_the_input() {
    let env = TestEnv::with_empty_plan();
    // The answer holds what was saved; it wins where it differs.
    let call = Call {
        tool: "TaskCreate",
        input: json!({"subject": "draft", "description": "draft notes"}),
        output: json!({"task": {"id": "1", "subject": "Write the parser", "description": "Parse the config"}}),
        result: String::new(),
    };
    hook(&env, &post_tool(&env, "s1", 0, &call)).is(0, "", "");
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Write the parser\n  > Parse the config\n"
    );
    // A description that only repeats the subject (Claude Code's filling
    // of a missing one, blanks aside) adds no note; another one does.
    let call = Call {
        tool: "TaskCreate",
        input: json!({"subject": "  Add   the lexer ", "description": "  Add   the lexer "}),
        output: json!({"task": {"id": "2", "subject": "  Add   the lexer ", "description": "  Add   the lexer "}}),
        result: String::new(),
    };
    hook(&env, &post_tool(&env, "s1", 1, &call)).is(0, "", "");
    let show = env.run(&["show"]).stdout;
    assert!(show.ends_with("- [ ] Add the lexer\n"), "{show}");
}

#[test]
fn an_owner_claude_code_set_in_an_agent_team_is_the_teammates_claim() {
    let env = TestEnv::with_empty_plan();
    hook(
        &env,
        &post_tool(&env, "s1", 0, &create("1", "Write the parser", "d")),
    )
    .is(0, "", "");
    hook(
        &env,
        &post_tool(&env, "s1", 1, &create("2", "Test the parser", "e")),
    )
    .is(0, "", "");
    // A teammate starts task 2 without naming an owner: Claude Code makes
    // it the owner, and its answer names only the field.
    let mut start = post_tool(
        &env,
        "s1",
        2,
        &update(
            json!({"taskId": "2", "status": "in_progress"}),
            &["owner", "status"],
        ),
    );
    start["teammate_name"] = json!("tester");
    hook(&env, &start).is(0, "", "");
    let task = crate::common::task(&env.plan(), "Test the parser").clone();
    assert_eq!(
        (&task["owner"], &task["status"]),
        (&json!("tester"), &json!("in_progress")),
        "{task}"
    );
    // Without `owner` among the fields, no claim is made up.
    let plain = post_tool(
        &env,
        "s1",
        3,
        &update(json!({"taskId": "1", "status": "in_progress"}), &["status"]),
    );
    hook(&env, &plain).is(0, "", "");
    assert_eq!(
        crate::common::task(&env.plan(), "Write the parser")["owner"],
        Value::Null
    );
}

/// A `TaskCreated` another hook refuses fails the `TaskCreate` (Claude
/// Code 2.1.332 then sends `PostToolUseFailure`, no `PostToolUse`): the
/// event alone makes no task.
#[test]
fn a_task_created_event_alone_makes_no_task() {
    let env = TestEnv::with_empty_plan();
    let before = env.plan_text();
    let created = json!({"session_id": "s1", "transcript_path": env.home.join("t.jsonl"),
        "cwd": env.root, "permission_mode": "default", "hook_event_name": "TaskCreated",
        "task_id": "1", "task_subject": "Add the lexer", "task_description": "d"});
    hook(&env, &created).is(0, "", "");
    assert_eq!(env.plan_text(), before);
    // Its PostToolUse makes it, once.
    hook(
        &env,
        &post_tool(&env, "s1", 0, &create("1", "Add the lexer", "d")),
    )
    .is(0, "", "");
    assert_eq!(
        env.run(&["show"]).stdout,
        "# Claude Code\n- [/] Add the lexer\n  > d\n"
    );
}
