//! `todo import` of an agent's session file (docs/contract.md, "Agent hooks, setup and restore", Restore): a pi /
//! oh-my-pi session (the latest valid `todo-phases` snapshot on the current
//! branch) and a Claude Code transcript (the latest `TodoWrite`). The pi
//! cases are pi-todo's "todo restore" and "todo extension wiring" test cases,
//! written as the session file pi would have on disk.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{Run, Shape, TWO_TASKS, TestEnv, run_within, shape, shape_of};

// ── pi / oh-my-pi session lines, as session-manager writes them ──────────

fn header() -> Value {
    json!({
        "type": "session",
        "version": 3,
        "id": "0193b5c2-7d1e-7000-8000-0000000000a1",
        "timestamp": "2026-01-02T03:00:00.000Z",
        "cwd": "/work/app"
    })
}

fn user(id: &str, parent: Option<&str>, text: &str) -> Value {
    json!({
        "type": "message",
        "id": id,
        "parentId": parent,
        "timestamp": "2026-01-02T03:00:01.000Z",
        "message": { "role": "user", "content": text, "timestamp": 1767322801000u64 }
    })
}

fn assistant(id: &str, parent: Option<&str>, text: &str) -> Value {
    json!({
        "type": "message",
        "id": id,
        "parentId": parent,
        "timestamp": "2026-01-02T03:00:02.000Z",
        "message": {
            "role": "assistant",
            "content": [{ "type": "text", "text": text }],
            "provider": "anthropic",
            "model": "claude-sonnet-4-5",
            "stopReason": "stop",
            "timestamp": 1767322802000u64
        }
    })
}

/// A `todo-phases` custom entry (pi.appendEntry) holding `data`.
fn snapshot(id: &str, parent: Option<&str>, data: Value) -> Value {
    json!({
        "type": "custom",
        "id": id,
        "parentId": parent,
        "timestamp": "2026-01-02T03:00:03.000Z",
        "customType": "todo-phases",
        "data": data
    })
}

/// `{phases: [{name, tasks: [{content, status}]}]}`, one phase.
fn phases(name: &str, tasks: &[(&str, &str)]) -> Value {
    let tasks: Vec<Value> = tasks
        .iter()
        .map(|(c, st)| json!({ "content": c, "status": st }))
        .collect();
    json!({ "phases": [{ "name": name, "tasks": tasks }] })
}

fn lines(values: &[Value]) -> String {
    values.iter().map(|v| format!("{v}\n")).collect()
}

fn write(env: &TestEnv, name: &str, bytes: impl AsRef<[u8]>) {
    std::fs::write(env.root.join(name), bytes).unwrap();
}

/// `(phase name, [(content, status)])` of every phase.
/// `todo import FILE` restores one phase of one task: `want`.
#[track_caller]
fn imports_one(env: &TestEnv, file: &str, want: Shape) {
    let said = format!("Imported 1 phase(s), 1 task(s) from {file}.\n");
    env.run(&["import", file]).is(0, &said, "");
    assert_eq!(phases_of(env), want);
}

fn phases_of(env: &TestEnv) -> Shape {
    shape(&env.plan())
}

fn one_phase(name: &str, tasks: &[(&str, &str)]) -> Shape {
    shape_of(&[(name, tasks)])
}

/// Run `todo ARGS`, failing (not hanging) if it takes longer than 30 s:
/// hostile input must never make `todo` loop.
fn bounded(env: &TestEnv, args: &[&str]) -> Run {
    run_within(env.command().args(args), Duration::from_secs(30))
}

/// The refusal of a session with nothing to restore: exit 5, nothing on
/// stdout, the plan file byte for byte as it was.
#[track_caller]
fn refused(env: &TestEnv, args: &[&str], stderr: &str) {
    let before = env.plan_text();
    bounded(env, args).is(5, "", stderr);
    assert_eq!(env.plan_text(), before, "the plan must not be written");
}

// ── pi-todo's "todo restore" ─────────────────────────────────────────────

#[test]
fn latest_valid_snapshot_wins_and_malformed_ones_are_skipped() {
    // Seed 001 "restores the latest valid snapshot and skips malformed
    // entries": a user message, A/old, a snapshot whose phases are
    // "garbage", then B/new — B wins. (The seed expects `new` pending;
    // the plan's one-in-progress rule, docs/contract.md, "The plan", starts it.)
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "session.jsonl",
        lines(&[
            header(),
            user("m1", None, "plan it"),
            snapshot("s1", Some("m1"), phases("A", &[("old", "completed")])),
            snapshot("s2", Some("s1"), json!({ "phases": "garbage" })),
            snapshot("s3", Some("s2"), phases("B", &[("new", "pending")])),
        ]),
    );
    imports_one(
        &env,
        "session.jsonl",
        one_phase("B", &[("new", "in_progress")]),
    );

    // The seed's entries exactly as given (no ids: a version-1 session,
    // read in file order), on stdin: detected by content, not by name.
    let env = TestEnv::new();
    let seed = lines(&[
        json!({ "type": "message", "role": "user" }),
        json!({ "type": "custom", "customType": "todo-phases", "data": phases("A", &[("old", "completed")]) }),
        json!({ "type": "custom", "customType": "todo-phases", "data": { "phases": "garbage" } }),
        json!({ "type": "custom", "customType": "todo-phases", "data": phases("B", &[("new", "pending")]) }),
    ]);
    env.run_stdin(&["import", "-"], seed.as_bytes(), |_| {}).is(
        0,
        "Imported 1 phase(s), 1 task(s) from -.\n",
        "",
    );
    assert_eq!(phases_of(&env), one_phase("B", &[("new", "in_progress")]));
}

#[test]
fn a_malformed_latest_snapshot_falls_back_to_an_earlier_valid_one() {
    let env = TestEnv::new();
    let mut text = lines(&[
        header(),
        user("m1", None, "go"),
        snapshot(
            "s1",
            Some("m1"),
            phases("Kept", &[("a1", "completed"), ("a2", "pending")]),
        ),
        // Each of these is malformed, newest last: an unknown status, a
        // phase without a name, no data, phases not a list, a task with
        // no text, a blocker that is not text.
        snapshot("s2", Some("s1"), phases("X", &[("x1", "bogus")])),
        snapshot("s3", Some("s2"), json!({ "phases": [{ "nope": true }] })),
        json!({ "type": "custom", "id": "s4", "parentId": "s3", "customType": "todo-phases" }),
        snapshot("s5", Some("s4"), json!({ "phases": { "name": "X" } })),
        snapshot("s6", Some("s5"), phases("X", &[("   ", "pending")])),
        snapshot(
            "s7",
            Some("s6"),
            json!({ "phases": [{ "name": "X", "tasks": [{ "content": "x", "status": "blocked", "blocker": 7 }] }] }),
        ),
        // Other extensions' custom entries are not ours.
        json!({ "type": "custom", "id": "c1", "parentId": "s7", "customType": "other-ext", "data": phases("Other", &[("o", "pending")]) }),
        assistant("m2", Some("c1"), "Working on it."),
    ]);
    // Malformed lines after the leaf: cut JSON, invalid UTF-8, not an
    // object, a blank line. They are skipped, not taken as the leaf.
    text.push_str("{\"type\":\"custom\",\"id\":\"cut\",\"parentId\":\"m2\",\"customType\":\"todo-phases\",\"data\":{\"phases\":[\n");
    write(&env, "session.jsonl", text);
    let mut bytes = std::fs::read(env.root.join("session.jsonl")).unwrap();
    bytes.extend_from_slice(
        b"{\"type\":\"custom\",\"id\":\"\xff\xfe\",\"parentId\":\"m2\"}\n[1,2,3]\n\n",
    );
    write(&env, "session.jsonl", bytes);
    env.run(&["import", "session.jsonl"]).is(
        0,
        "Imported 1 phase(s), 2 task(s) from session.jsonl.\n",
        "",
    );
    assert_eq!(
        phases_of(&env),
        one_phase("Kept", &[("a1", "completed"), ("a2", "in_progress")])
    );
}

#[test]
fn a_session_without_snapshots_is_refused_and_the_plan_kept() {
    // Seed 001 "returns empty for sessions without todo entries": here an
    // error, since an import never empties a plan (`todo rm` does).
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "session.jsonl",
        lines(&[
            header(),
            user("m1", None, "hello"),
            assistant("m2", Some("m1"), "Hi!"),
        ]),
    );
    refused(
        &env,
        &["import", "session.jsonl"],
        "Could not import session.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch; the plan was left as it was.\n",
    );
    let run = env.run(&["import", "session.jsonl", "--json"]);
    run.code(5);
    let out = run.json();
    assert_eq!(out["ok"], false);
    assert_eq!(out["error"]["code"], "invalid_input");
    assert_eq!(out["error"]["kind"], "no_snapshot");
    assert_eq!(env.plan_text(), TWO_TASKS);

    // Only malformed snapshots: said so.
    write(
        &env,
        "bad.jsonl",
        lines(&[
            header(),
            snapshot("s1", None, json!({ "phases": "garbage" })),
            snapshot("s2", Some("s1"), json!(null)),
        ]),
    );
    refused(
        &env,
        &["import", "bad.jsonl"],
        "Could not import bad.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch (2 malformed snapshots skipped); the plan was left as it was.\n",
    );

    // The latest valid snapshot is an empty list (the agent cleared it):
    // not an earlier one, and not an empty plan.
    write(
        &env,
        "cleared.jsonl",
        lines(&[
            header(),
            snapshot("s1", None, phases("A", &[("a1", "pending")])),
            snapshot("s2", Some("s1"), json!({ "phases": [] })),
        ]),
    );
    refused(
        &env,
        &["import", "cleared.jsonl"],
        "Could not import cleared.jsonl: the latest todo-phases snapshot on its current branch (entry \"s2\") is empty; the plan was left as it was.\n",
    );
    // An empty file named .jsonl holds no list either.
    write(&env, "empty.jsonl", "");
    refused(
        &env,
        &["import", "empty.jsonl"],
        "Could not import empty.jsonl: it holds no todo list (no todo-phases snapshot of a pi session, no TodoWrite or TaskCreate call of a Claude Code transcript); the plan was left as it was.\n",
    );
}

// ── pi-todo's "todo extension wiring" ────────────────────────────────────

#[test]
fn session_start_restores_the_snapshot() {
    // Seed 001 "restores state on session_start".
    let env = TestEnv::new();
    write(
        &env,
        "session.jsonl",
        lines(&[
            header(),
            user("m1", None, "resume"),
            snapshot("s1", Some("m1"), phases("A", &[("kept", "in_progress")])),
        ]),
    );
    imports_one(
        &env,
        "session.jsonl",
        one_phase("A", &[("kept", "in_progress")]),
    );
}

#[test]
fn restore_is_branch_aware_an_abandoned_branch_never_wins() {
    // Seed 001 "restore is branch-aware": the file holds a LATER snapshot
    // written on an abandoned branch; the current branch ends at the
    // older one. On disk that is a `leaf_position` marker (pi's record of
    // `/tree` moving the leaf back) …
    let env = TestEnv::new();
    write(
        &env,
        "marker.jsonl",
        lines(&[
            header(),
            snapshot(
                "s1",
                None,
                phases("Current", &[("current-task", "in_progress")]),
            ),
            snapshot(
                "s2",
                Some("s1"),
                phases("Abandoned", &[("abandoned-task", "pending")]),
            ),
            json!({ "type": "leaf_position", "id": "lp1", "parentId": "s1", "timestamp": "2026-01-02T03:00:09.000Z", "targetId": "s1" }),
        ]),
    );
    let want = one_phase("Current", &[("current-task", "in_progress")]);
    imports_one(&env, "marker.jsonl", want.clone());

    // … or the conversation going on from the older entry (`/fork`,
    // `/tree` then a new prompt): the last line is on the current branch.
    let env = TestEnv::new();
    write(
        &env,
        "fork.jsonl",
        lines(&[
            header(),
            user("m1", None, "plan"),
            snapshot(
                "s1",
                Some("m1"),
                phases("Current", &[("current-task", "in_progress")]),
            ),
            assistant("m2", Some("s1"), "Trying another way."),
            snapshot(
                "s2",
                Some("m2"),
                phases("Abandoned", &[("abandoned-task", "pending")]),
            ),
            user("m3", Some("s1"), "No, go back."),
        ]),
    );
    imports_one(&env, "fork.jsonl", want);
    assert!(!env.plan_text().contains("abandoned-task"));

    // Only the abandoned branch has a snapshot: nothing to restore.
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "only-abandoned.jsonl",
        lines(&[
            header(),
            user("m1", None, "plan"),
            snapshot(
                "s2",
                Some("m1"),
                phases("Abandoned", &[("abandoned-task", "pending")]),
            ),
            user("m3", Some("m1"), "No, start over."),
        ]),
    );
    refused(
        &env,
        &["import", "only-abandoned.jsonl"],
        "Could not import only-abandoned.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch (1 snapshot on other branches); the plan was left as it was.\n",
    );

    // A marker whose target is not in the file moves nothing (pi falls
    // back to the line before); one with a null target clears the branch.
    write(
        &env,
        "lost-target.jsonl",
        lines(&[
            header(),
            snapshot(
                "s1",
                None,
                phases("Current", &[("current-task", "pending")]),
            ),
            json!({ "type": "leaf_position", "id": "lp1", "parentId": "s1", "targetId": "gone" }),
        ]),
    );
    env.run(&["import", "lost-target.jsonl"]).ok();
    assert_eq!(
        phases_of(&env),
        one_phase("Current", &[("current-task", "in_progress")])
    );
    let before = env.plan_text();
    write(
        &env,
        "reset.jsonl",
        lines(&[
            header(),
            snapshot("s1", None, phases("Old", &[("old-task", "pending")])),
            json!({ "type": "leaf_position", "id": "lp1", "parentId": "s1", "targetId": null }),
        ]),
    );
    bounded(&env, &["import", "reset.jsonl"]).code(5);
    assert_eq!(env.plan_text(), before);
}

#[test]
fn parent_id_cycles_and_missing_parents_end_the_walk() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    // c → b → a → c …: no snapshot on it, and todo must not loop.
    write(
        &env,
        "cycle.jsonl",
        lines(&[
            header(),
            user("a", Some("c"), "one"),
            assistant("b", Some("a"), "two"),
            user("c", Some("b"), "three"),
        ]),
    );
    refused(
        &env,
        &["import", "cycle.jsonl"],
        "Could not import cycle.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch (its parentId chain loops back to entry \"c\"); the plan was left as it was.\n",
    );
    // An entry that is its own parent.
    write(
        &env,
        "self.jsonl",
        lines(&[header(), user("x", Some("x"), "me")]),
    );
    refused(
        &env,
        &["import", "self.jsonl"],
        "Could not import self.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch (its parentId chain loops back to entry \"x\"); the plan was left as it was.\n",
    );
    // A snapshot on the loop is still found.
    write(
        &env,
        "loop-snapshot.jsonl",
        lines(&[
            header(),
            snapshot("s1", Some("m2"), phases("Loop", &[("l1", "pending")])),
            assistant("m2", Some("s1"), "again"),
        ]),
    );
    bounded(&env, &["import", "loop-snapshot.jsonl"]).ok();
    assert_eq!(phases_of(&env), one_phase("Loop", &[("l1", "in_progress")]));

    // A parent that is not in the file ends the branch there (as pi's
    // getBranch does); a snapshot on another root is not on it.
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "orphan.jsonl",
        lines(&[
            header(),
            snapshot("s1", None, phases("Elsewhere", &[("e1", "pending")])),
            user("m5", Some("gone"), "hi"),
        ]),
    );
    refused(
        &env,
        &["import", "orphan.jsonl"],
        "Could not import orphan.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch (1 snapshot on other branches; entry \"m5\" names parent \"gone\", which is not in the file); the plan was left as it was.\n",
    );
    // Ids come from the file: shown escaped and cut short, never raw
    // (an ESC or a line break would reach the terminal).
    let nasty = format!("evil\u{1b}[31m\nHint: run rm -rf{}", "x".repeat(200));
    write(
        &env,
        "nasty.jsonl",
        lines(&[header(), user(&nasty, Some("\u{7}gone"), "hi")]),
    );
    let run = bounded(&env, &["import", "nasty.jsonl"]);
    run.code(5);
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    assert!(
        !run.stderr.contains('\u{1b}') && !run.stderr.contains('\u{7}'),
        "{run:?}"
    );
    assert!(
        run.stderr.contains("(entry \"evil\\u{1b}[31m\\nHint: run rm -rfxxxxxxxxxxxxxx\"… names parent \"\\u{7}gone\""),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), TWO_TASKS);

    // … but the part of the branch before the gap counts.
    write(
        &env,
        "gap.jsonl",
        lines(&[
            header(),
            snapshot("s1", Some("gone"), phases("Near", &[("n1", "pending")])),
            user("m2", Some("s1"), "hi"),
        ]),
    );
    env.run(&["import", "gap.jsonl"]).ok();
    assert_eq!(phases_of(&env), one_phase("Near", &[("n1", "in_progress")]));
}

// ── Claude Code transcripts ──────────────────────────────────────────────

/// One transcript line as Claude Code writes it (`~/.claude/projects/…/
/// <session>.jsonl`): the envelope fields, then `type` and `message`.
fn cc_line(kind: &str, uuid: &str, parent: Option<&str>, message: Value) -> Value {
    json!({
        "parentUuid": parent,
        "isSidechain": false,
        "userType": "external",
        "cwd": "/work/app",
        "sessionId": "2fc9b73b-2bd2-497c-a77b-3a272bf84e1f",
        "version": "1.0.85",
        "gitBranch": "main",
        "type": kind,
        "message": message,
        "uuid": uuid,
        "timestamp": "2026-01-02T03:04:05.000Z"
    })
}

fn cc_todo_write(uuid: &str, parent: &str, todos: Value) -> Value {
    let mut line = cc_line(
        "assistant",
        uuid,
        Some(parent),
        json!({
            "id": format!("msg_{uuid}"),
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-20250514",
            "content": [
                { "type": "text", "text": "Let me track this." },
                { "type": "tool_use", "id": format!("toolu_{uuid}"), "name": "TodoWrite", "input": { "todos": todos } }
            ],
            "stop_reason": null,
            "stop_sequence": null,
            "usage": { "input_tokens": 3, "output_tokens": 1, "service_tier": "standard" }
        }),
    );
    line["requestId"] = json!(format!("req_{uuid}"));
    line
}

fn todo(content: &str, status: &str, active: &str) -> Value {
    json!({ "content": content, "status": status, "activeForm": active })
}

#[test]
fn claude_transcript_latest_todowrite_wins() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    let mut sidechain = cc_todo_write(
        "side1",
        "a2",
        json!([todo("Sidechain only", "pending", "Subagent working")]),
    );
    sidechain["isSidechain"] = json!(true);
    let transcript = lines(&[
        json!({ "type": "summary", "summary": "Add login", "leafUuid": "a3" }),
        cc_line(
            "user",
            "u1",
            None,
            json!({ "role": "user", "content": "Add a login form" }),
        ),
        cc_todo_write(
            "a1",
            "u1",
            json!([
                todo("Write the form", "in_progress", "Writing the form"),
                todo("Hash passwords", "pending", "Hashing passwords")
            ]),
        ),
        cc_line(
            "user",
            "u2",
            Some("a1"),
            json!({ "role": "user", "content": [{ "tool_use_id": "toolu_a1", "type": "tool_result", "content": "Todos have been modified successfully." }] }),
        ),
        cc_todo_write(
            "a2",
            "u2",
            json!([
                todo("Write the form", "completed", "Writing the form"),
                todo("Hash passwords", "in_progress", "Hashing passwords"),
                todo("Add tests", "pending", "Adding tests")
            ]),
        ),
        // A subagent's list is not the session's.
        sidechain,
        // A call Claude Code would have rejected: skipped.
        cc_todo_write("a3", "a2", json!("not a list")),
        cc_todo_write(
            "a4",
            "a3",
            json!([{ "content": "Bad status", "status": "someday" }]),
        ),
        cc_line(
            "assistant",
            "a5",
            Some("a4"),
            json!({ "role": "assistant", "content": [{ "type": "text", "text": "Working on the hashing." }] }),
        ),
    ]);
    write(&env, "transcript.jsonl", &transcript);
    env.run(&["import", "transcript.jsonl"]).is(
        0,
        "Imported 1 phase(s), 3 task(s) from transcript.jsonl.\n",
        "",
    );
    assert_eq!(
        phases_of(&env),
        one_phase(
            "Claude Code",
            &[
                ("Write the form", "completed"),
                ("Hash passwords", "in_progress"),
                ("Add tests", "pending"),
            ]
        )
    );
    assert!(!env.plan_text().contains("Sidechain only"));

    // Detected by content too (stdin has no name), with the source in
    // --json.
    let env = TestEnv::new();
    let run = env.run_stdin(&["import", "-", "--json"], transcript.as_bytes(), |_| {});
    run.ok();
    let out = run.json();
    assert_eq!(out["imported"]["session"], "claude-code");
    assert_eq!(out["imported"]["entry"], "a2");
    assert_eq!(out["imported"]["tasks"], 3);

    // Statuses as docs/contract.md, "Agent operations as JSON" maps them; the older `id`/`priority` fields and
    // a missing status are fine.
    let env = TestEnv::new();
    write(
        &env,
        "old.jsonl",
        lines(&[cc_todo_write(
            "a1",
            "u1",
            json!([
                { "id": "1", "content": "Explore", "status": "completed", "priority": "high" },
                { "id": "2", "content": "Document", "priority": "medium" }
            ]),
        )]),
    );
    env.run(&["import", "old.jsonl"]).ok();
    assert_eq!(
        phases_of(&env),
        one_phase(
            "Claude Code",
            &[("Explore", "completed"), ("Document", "in_progress")]
        )
    );
}

#[test]
fn a_transcript_without_todowrite_is_refused_and_the_plan_kept() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "transcript.jsonl",
        lines(&[
            cc_line(
                "user",
                "u1",
                None,
                json!({ "role": "user", "content": "Do you have a TodoWrite tool?" }),
            ),
            cc_line(
                "assistant",
                "a1",
                Some("u1"),
                json!({ "role": "assistant", "content": [
                    { "type": "text", "text": "Yes: TodoWrite {\"todos\":[{\"content\":\"fake\"}]}" },
                    { "type": "tool_use", "id": "toolu_1", "name": "Read", "input": { "file_path": "/work/app/TodoWrite.md" } }
                ] }),
            ),
        ]),
    );
    refused(
        &env,
        &["import", "transcript.jsonl"],
        "Could not import transcript.jsonl: it is a Claude Code transcript with no valid TodoWrite call and no TaskCreate call that Claude Code made; the plan was left as it was.\n",
    );
    // The latest call cleared the list: not an earlier one, and not an
    // empty plan.
    write(
        &env,
        "cleared.jsonl",
        lines(&[
            cc_todo_write("a1", "u1", json!([todo("x", "pending", "x-ing")])),
            cc_todo_write("a2", "a1", json!([])),
        ]),
    );
    refused(
        &env,
        &["import", "cleared.jsonl"],
        "Could not import cleared.jsonl: the latest TodoWrite call (entry \"a2\") is an empty list; the plan was left as it was.\n",
    );
}

// ── import's own semantics hold ──────────────────────────────────────────

#[test]
fn a_restore_keeps_ids_is_undone_and_is_checked_like_any_import() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    write(
        &env,
        "session.jsonl",
        lines(&[
            header(),
            snapshot(
                "s1",
                None,
                json!({ "phases": [{ "name": "Auth", "tasks": [
                    { "content": "Wire OAuth providers", "status": "completed" },
                    { "content": "Rotate keys", "status": "blocked", "blocker": "vendor" },
                    { "content": "Add rate limiting", "status": "pending" }
                ] }] }),
            ),
        ]),
    );
    env.run(&["import", "session.jsonl"]).is(
        0,
        "Imported 1 phase(s), 3 task(s) from session.jsonl.\n",
        "",
    );
    let plan = env.plan();
    let ids: Vec<&str> = plan["phases"][0]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    // t1 and t2 kept; the new task gets a new, minted id.
    assert_eq!(ids[..2], ["t1", "t2"]);
    assert!(crate::common::minted(ids[2], 't'), "{ids:?}");
    assert_eq!(plan["phases"][0]["tasks"][1]["blocker"], "vendor");
    assert_eq!(env.rev(), 4);
    env.run(&["undo"]).ok();
    // (The undone task leaves a tombstone, which is no task.)
    crate::reshape::assert_same_tasks(&env, TWO_TASKS);

    // An agent restoring over what a person set is refused (docs/contract.md, "A plan a person and an agent share").
    env.run(&["done", "keys"]).ok();
    let text = env.plan_text();
    let run = env.run(&["--as", "agent", "import", "session.jsonl"]);
    run.code(7);
    assert!(run.stderr.contains("Refused (set-by-person)"), "{run:?}");
    assert_eq!(env.plan_text(), text);
}

#[test]
fn plan_json_on_one_line_is_still_a_plan_not_a_session() {
    // Detection by content must not take a one-line snapshot object or a
    // plan for a session.
    let env = TestEnv::new();
    let snapshot =
        r#"{"phases":[{"name":"Auth","tasks":[{"content":"Wire OAuth","status":"completed"}]}]}"#;
    env.run_stdin(&["import", "-"], snapshot.as_bytes(), |_| {})
        .is(0, "Imported 1 phase(s), 1 task(s) from -.\n", "");
    write(&env, "snap.json", snapshot);
    env.run(&["import", "snap.json"])
        .is(0, "Imported 1 phase(s), 1 task(s) from snap.json.\n", "");
}

// ── hostile files ────────────────────────────────────────────────────────

#[test]
fn hostile_session_files_never_panic_hang_or_write() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    let huge = "x".repeat(24 << 20);
    let deep = format!(
        "{{\"type\":\"custom\",\"id\":\"deep\",\"parentId\":\"s1\",\"customType\":\"todo-phases\",\"data\":{}{}}}\n",
        "[".repeat(200_000),
        "]".repeat(200_000)
    );
    let deep_todo = format!(
        "{{\"type\":\"assistant\",\"message\":{{\"content\":[{{\"type\":\"tool_use\",\"name\":\"TodoWrite\",\"input\":{{\"todos\":{}{}}}}}]}}}}\n",
        "[".repeat(200_000),
        "]".repeat(200_000)
    );
    let mut junk: Vec<u8> = Vec::new();
    junk.extend_from_slice(lines(&[user("big", Some("s1"), &huge)]).as_bytes());
    junk.extend_from_slice(deep.as_bytes());
    junk.extend_from_slice(&"{".repeat(1 << 20).into_bytes());
    junk.push(b'\n');
    junk.extend_from_slice(b"\xc3\x28\xa0\xa1 not utf-8 \x00\x00\n");
    junk.extend_from_slice(b"{\"type\":\"custom\",\"id\":\"nul\",\"parentId\":\"s1\",\"customType\":\"todo-phases\",\"data\":\"\\u0000\"}\n");
    junk.extend_from_slice(deep_todo.as_bytes());
    junk.extend_from_slice(lines(&[user("tail", Some("big"), "end")]).as_bytes());

    // With a valid snapshot on the branch, it is found through all that:
    // `tail` → `big` (24 MiB) → `s1`.
    let mut with = lines(&[
        header(),
        snapshot("s1", None, phases("Safe", &[("survives", "pending")])),
    ])
    .into_bytes();
    with.extend_from_slice(&junk);
    write(&env, "with.jsonl", &with);
    let start = Instant::now();
    bounded(&env, &["import", "with.jsonl"]).is(
        0,
        "Imported 1 phase(s), 1 task(s) from with.jsonl.\n",
        "",
    );
    assert_eq!(
        phases_of(&env),
        one_phase("Safe", &[("survives", "in_progress")])
    );
    eprintln!(
        "hostile session ({} MiB) restored in {:?}",
        with.len() >> 20,
        start.elapsed()
    );

    // Without one: an error, and the plan as it was.
    env.write_plan(TWO_TASKS);
    let mut without = lines(&[header()]).into_bytes();
    without.extend_from_slice(&junk);
    write(&env, "without.jsonl", &without);
    let run = bounded(&env, &["import", "without.jsonl"]);
    run.code(5);
    assert!(
        run.stderr.starts_with("Could not import without.jsonl: it is a pi session with no valid todo-phases snapshot on its current branch"),
        "{run:?}"
    );
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    assert_eq!(env.plan_text(), TWO_TASKS);

    // A transcript of junk: the same.
    let mut transcript = Vec::new();
    transcript.extend_from_slice(deep_todo.as_bytes());
    transcript.extend_from_slice(b"\xff\xfe{\"type\":\"assistant\"}\n");
    transcript.extend_from_slice(
        format!("{{\"type\":\"assistant\",\"message\":{{\"content\":\"{huge} TodoWrite\"}}}}\n")
            .as_bytes(),
    );
    write(&env, "junk-transcript.jsonl", &transcript);
    let run = bounded(&env, &["import", "junk-transcript.jsonl"]);
    run.code(5);
    assert_eq!(env.plan_text(), TWO_TASKS);

    // Binary noise with the .jsonl name.
    let noise: Vec<u8> = (0..1_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    write(&env, "noise.jsonl", &noise);
    bounded(&env, &["import", "noise.jsonl"]).code(5);
    assert_eq!(env.plan_text(), TWO_TASKS);
}

#[test]
fn a_restore_keeps_the_plans_objectives_and_findings_a_markdown_import_replaces_them() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "first"],
        &["objective", "add", "Ship the beta"],
        &["finding", "the sandbox resets nightly"],
    ]);
    let transcript = lines(&[cc_todo_write(
        "a1",
        "u1",
        json!([todo("Write the form", "pending", "Writing the form")]),
    )]);
    write(&env, "session.jsonl", transcript);
    env.run(&["import", "session.jsonl"]).ok();
    let plan = env.plan();
    assert_eq!(plan["objectives"][0]["text"], "Ship the beta", "{plan}");
    assert_eq!(
        plan["findings"][0]["text"], "the sandbox resets nightly",
        "{plan}"
    );
    assert_eq!(
        phases_of(&env),
        one_phase("Claude Code", &[("Write the form", "in_progress")])
    );
    // A checklist is the whole plan: what it does not hold goes.
    write(&env, "plan.md", "# B\n- [ ] second\n");
    env.run(&["import", "plan.md"]).ok();
    let plan = env.plan();
    assert_eq!(
        plan.get("objectives")
            .map(|o| o.as_array().map_or(0, Vec::len))
            .unwrap_or(0),
        0,
        "{plan}"
    );
}
