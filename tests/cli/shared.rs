//! A plan a person and an agent share (docs/contract.md, "A plan a person and an agent share", "Agent operations as JSON"): actors, provenance,
//! who checks a task, the permission rules on every path a change can take,
//! and `todo apply` with the agent tool ops of oh-my-pi and the plan operations.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv, s};

const NOW: &str = "2026-01-02T03:04:05Z";

/// `todo [args] apply` with `input` on stdin.
fn apply_with(env: &TestEnv, args: &[&str], input: &[u8]) -> Run {
    let args: Vec<&str> = args.iter().copied().chain(["apply"]).collect();
    env.run_stdin(&args, input, |_| {})
}

fn apply(env: &TestEnv, ops: &Value) -> Run {
    apply_with(env, &[], ops.to_string().as_bytes())
}

/// `init` of one phase A with these items, asserting success.
fn init_a(env: &TestEnv, items: &[&str]) {
    apply(
        env,
        &json!({"op": "init", "list": [{"phase": "A", "items": items}]}),
    )
    .ok();
}

fn agent(env: &TestEnv, args: &[&str]) -> Run {
    env.run_with(args, |c| {
        c.env("TODO_ACTOR", "agent");
    })
}

/// A refusal: the exit status, `error.code`, and the plan file untouched.
#[track_caller]
fn refused(env: &TestEnv, run: &Run, exit: i32, code: &str, before: &str) {
    assert_eq!(run.code, exit, "{run:?}");
    assert_eq!(env.plan_text(), before, "the plan changed: {run:?}");
    assert!(
        run.stderr.contains(code) || run.stdout.contains(code),
        "no {code} in {run:?}"
    );
}

/// As `refused`, for a verb run with `--json`: also `error.code`.
#[track_caller]
fn refused_json(env: &TestEnv, run: &Run, exit: i32, code: &str, before: &str) {
    refused(env, run, exit, code, before);
    let v = run.json();
    assert_eq!(v["ok"], false, "{run:?}");
    assert_eq!(v["error"]["code"], code, "{run:?}");
}

/// The task `id` in a plan file (a removed task's tombstone is no task).
fn task<'a>(plan: &'a Value, id: &str) -> &'a Value {
    crate::common::tasks(plan)
        .find(|t| t["id"] == id && t.get("removed").is_none())
        .unwrap_or(&Value::Null)
}

// ── pi-todo's cases: the oh-my-pi tool ops, as `todo apply` ──────────────────

#[test]
fn init_persists_and_starts_the_first_task() {
    let env = TestEnv::new();
    let run = apply(
        &env,
        &json!({"op": "init", "list": [{"phase": "Foundation", "items": ["scaffold", "wire"]}]}),
    );
    run.ok();
    let v = run.json();
    assert_eq!(v["ok"], true);
    assert_eq!(v["rev"], 1);
    assert_eq!(v["changed"], true);
    let minted = [
        env.phase_id("Foundation"),
        env.id("scaffold"),
        env.id("wire"),
    ];
    assert_eq!(v["minted"], json!(minted));
    assert!(crate::common::minted(&minted[0], 'p'), "{minted:?}");
    assert_eq!(v["message"], "# Foundation\n- [/] scaffold\n- [ ] wire");
    // Kept as the agent wrote it: not capitalised as `todo append` does.
    assert_eq!(
        env.statuses(),
        s(&[("scaffold", "in_progress"), ("wire", "pending")])
    );
}

#[test]
fn a_failing_batch_changes_nothing_and_gives_back_the_unchanged_list() {
    let env = TestEnv::new();
    init_a(&env, &["a1"]);
    let before = env.plan_text();
    let run = apply(
        &env,
        &json!({"op": "append", "phase": "B", "items": ["novel", "a1"]}),
    );
    assert_eq!(run.code, 7, "{run:?}");
    assert_eq!(run.stderr, "");
    let v = run.json();
    assert_eq!(v["ok"], false);
    let message = v["message"].as_str().unwrap_or_default();
    assert!(message.contains("already exists"), "{message}");
    assert!(
        message.contains("The plan is unchanged:\n# A\n- [/] a1"),
        "{message}"
    );
    // The list is the plan as it is, not the failed batch's copy.
    assert!(!message.contains("novel"), "{message}");
    assert_eq!(v["error"]["unchanged"], "# A\n- [/] a1\n");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn view_writes_nothing() {
    let env = TestEnv::new();
    init_a(&env, &["a1"]);
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "view"}));
    run.ok();
    let v = run.json();
    assert_eq!(
        (v["changed"].clone(), v["rev"].clone()),
        (json!(false), json!(1))
    );
    assert_eq!(v["message"], "# A\n- [/] a1");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn done_reports_the_tasks_it_completed() {
    let env = TestEnv::new();
    init_a(&env, &["a1", "a2"]);
    let a1 = env.id("a1");
    let run = apply(&env, &json!({"op": "done", "task": "a1"}));
    run.ok();
    assert_eq!(
        run.json()["completedTasks"],
        json!([{"id": a1, "phase": "A", "content": "a1"}])
    );
    // Done again: nothing new completed, nothing written.
    let before = env.plan_text();
    let again = apply(&env, &json!({"op": "done", "task": "a1"}));
    again.ok();
    assert_eq!(again.json()["completedTasks"], json!([]));
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_missing_op_is_inferred_from_the_shape() {
    let env = TestEnv::new();
    // A list: init.
    apply(&env, &json!({"list": [{"phase": "A", "items": ["x"]}]})).ok();
    // Items with a phase: append.
    apply(&env, &json!({"items": ["y"], "phase": "A"})).ok();
    assert_eq!(env.statuses(), s(&[("x", "in_progress"), ("y", "pending")]));
    // Bare items: init only on an empty plan.
    let before = env.plan_text();
    let run = apply(&env, &json!({"items": ["z"]}));
    refused_json(&env, &run, 5, "plan-invalid", &before);
    let empty = TestEnv::new();
    apply(&empty, &json!({"items": ["z"]})).ok();
    assert_eq!(empty.statuses(), s(&[("z", "in_progress")]));
}

#[test]
fn an_unknown_op_or_an_empty_init_entry_is_plan_invalid() {
    let env = TestEnv::new();
    init_a(&env, &["a1"]);
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "explode"}));
    refused_json(&env, &run, 5, "plan-invalid", &before);
    assert!(
        run.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("unknown op \"explode\"")
    );
    let run = apply(
        &env,
        &json!({"op": "init", "list": [{"phase": "A", "items": []}]}),
    );
    refused_json(&env, &run, 5, "plan-invalid", &before);
}

// ── the other dialects ─────────────────────────────────────────────────

#[test]
fn plan_operations_set_with_next_land_in_one_rev() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "tests"],
        &["append", "A", "publish"],
        &["append", "A", "docs"],
    ]);
    let rev = env.rev();
    let [t1, t2, t3] = env.ids(["Tests", "Publish", "Docs"]);
    let run = apply(
        &env,
        &json!([{"op": "set", "ids": [t1], "state": "done", "next": t3, "note": "green"},
                {"op": "note", "id": t2, "text": "after docs"}]),
    );
    run.ok();
    assert_eq!(env.rev(), rev + 1);
    assert_eq!(
        env.statuses(),
        s(&[
            ("Tests", "completed"),
            ("Publish", "pending"),
            ("Docs", "in_progress")
        ])
    );
    let plan = env.plan();
    assert_eq!(task(&plan, &t1)["notes"], json!(["green"]));
    assert_eq!(task(&plan, &t1)["by"], "agent");
    assert_eq!(task(&plan, &t3)["by"], "agent");
    // add, edit, move, remove.
    apply(
        &env,
        &json!([{"op": "add", "type": "step", "title": "ship", "under": "Release", "checks": "person"},
                {"op": "edit", "id": t2, "title": "publish to crates.io"},
                {"op": "move", "id": t2, "under": "Release"},
                {"op": "remove", "id": t3}]),
    )
    .ok();
    let plan = env.plan();
    assert_eq!(plan["phases"][1]["name"], "Release");
    assert_eq!(task(&plan, &env.id("ship"))["checks"], "person");
    assert_eq!(task(&plan, &t2)["content"], "publish to crates.io");
    assert_eq!(task(&plan, &t3), &Value::Null);
    // A position todo cannot give: plan-bad-position.
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "move", "id": t2, "under": t1}));
    refused_json(&env, &run, 5, "plan-bad-position", &before);
}

#[test]
fn a_plan_operations_note_writes_the_steps_note_and_an_empty_one_clears_it() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "tests"], &["note", "tests", "flaky on CI"]]);
    env.run(&["note", "tests", "and slow"]).ok();
    let t1 = env.id("Tests");
    assert_eq!(
        task(&env.plan(), &t1)["notes"],
        json!(["flaky on CI", "and slow"]),
        "todo note adds"
    );
    apply(
        &env,
        &json!({"op": "note", "id": t1, "text": "green since #12"}),
    )
    .ok();
    assert_eq!(task(&env.plan(), &t1)["notes"], json!(["green since #12"]));
    let rev = env.rev();
    apply(
        &env,
        &json!({"op": "note", "id": t1, "text": "green since #12"}),
    )
    .ok();
    assert_eq!(env.rev(), rev, "the same note again changes nothing");
    apply(
        &env,
        &json!({"op": "set", "ids": [t1], "state": "done", "note": "  "}),
    )
    .ok();
    let plan = env.plan();
    assert_eq!(
        task(&plan, &t1)["notes"],
        Value::Null,
        "an empty note clears: {plan}"
    );
    assert_eq!(task(&plan, &t1)["status"], "completed");
    // A note that is not text is still invalid.
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "note", "id": t1, "text": 3}));
    refused_json(&env, &run, 5, "plan-invalid", &before);
}

#[test]
fn todowrite_and_update_plan_lists_are_mirrored_into_one_phase_each() {
    let env = TestEnv::new();
    env.given(&[&["append", "Mine", "my own task"]]);
    apply(
        &env,
        &json!({"todos": [{"content": "read code", "status": "completed", "activeForm": "Reading"},
                          {"content": "write fix", "status": "in_progress"}]}),
    )
    .ok();
    let [mine, read, write] = env.ids(["My own task", "read code", "write fix"]);
    // The whole list again: ids kept by text, a dropped entry removed.
    let run = apply(
        &env,
        &json!({"todos": [{"content": "write fix", "status": "completed"},
                          {"content": "run tests", "status": "pending"}]}),
    );
    run.ok();
    let run_tests = env.id("run tests");
    assert_eq!(run.json()["minted"], json!([run_tests]));
    assert!(![&mine, &read, &write].contains(&&run_tests));
    let plan = env.plan();
    assert_eq!(plan["phases"][1]["name"], "Claude Code");
    assert_eq!(task(&plan, &write)["status"], "completed");
    assert_eq!(task(&plan, &read), &Value::Null);
    apply(
        &env,
        &json!({"explanation": "x", "plan": [{"step": "patch", "status": "in_progress"}]}),
    )
    .ok();
    let plan = env.plan();
    assert_eq!(plan["phases"][2]["name"], "Codex");
    // The person's own phase is never touched.
    assert_eq!(task(&plan, &mine)["content"], "My own task");
}

// ── actors and provenance ──────────────────────────────────────────────

#[test]
fn a_purposeful_status_records_who_and_when_and_reopen_clears_it() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "one"], &["append", "A", "two"]]);
    let [t1, t2] = env.ids(["One", "Two"]);
    let plan = env.plan();
    // The one-in-progress rule started One: no mark.
    assert_eq!(task(&plan, &t1)["by"], Value::Null);
    env.run(&["done", "one"]).ok();
    let plan = env.plan();
    assert_eq!(task(&plan, &t1)["by"], "person");
    assert_eq!(task(&plan, &t1)["at"], NOW);
    assert_eq!(task(&plan, &t2)["by"], Value::Null);
    agent(&env, &["done", "two"]).ok();
    assert_eq!(task(&env.plan(), &t2)["by"], "agent");
    // `--as` wins over TODO_ACTOR.
    env.run_with(&["--as", "person", "reopen", "two"], |c| {
        c.env("TODO_ACTOR", "agent");
    })
    .ok();
    let t2 = task(&env.plan(), &t2).clone();
    assert_eq!(
        (t2["by"].clone(), t2["at"].clone()),
        (Value::Null, Value::Null)
    );
    // Reopening a task that is open with no mark changes nothing (the
    // one-in-progress rule would only start it again): nothing written.
    env.run(&["done", "two"]).ok();
    env.run(&["reopen", "one"]).ok();
    let before = env.plan_text();
    env.run(&["reopen", "one"])
        .is(0, "Already open: One; nothing changed.\n", "");
    apply(&env, &json!({"op": "set", "ids": [t1], "state": "open"})).ok();
    assert_eq!(env.plan_text(), before);
    // A bad actor is a usage error.
    env.run(&["--as", "robot", "done", "two"]).code(2);
}

#[test]
fn provenance_and_checks_survive_markdown_gfm_and_undo() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "--checks", "person", "A", "two"],
        &["append", "--checks", "agent", "A", "three"],
        &["done", "one"],
    ]);
    let plan = env.plan_text();
    // The checklist on screen shows who checks, not who set what.
    env.run(&[]).is(
        0,
        "# A\n- [x] One\n- [/] Two <!-- todo: checks=person -->\n- [ ] Three <!-- todo: checks=agent -->\n",
        "",
    );
    // The exported checklist is for people too: who checks, not who set what.
    let md = env.run(&["export", "-"]).ok().stdout.clone();
    assert!(md.contains("- [x] One\n"), "{md}");
    assert!(!md.contains("by="), "{md}");
    // Imported back over the plan, it keeps the marks it does not carry.
    let out = env.root.join("plan.md");
    env.run(&["export", out.to_str().unwrap()]).ok();
    env.run(&["import", out.to_str().unwrap()]).ok();
    assert_eq!(env.plan_text(), plan, "md");
    // GFM keeps them in its invisible state comment: a whole round trip.
    let out = env.root.join("plan.gfm");
    env.run(&["export", "--format", "gfm", out.to_str().unwrap()])
        .ok();
    env.run(&["rm"]).ok();
    env.run(&["import", out.to_str().unwrap()]).ok();
    let want: Value = serde_json::from_str(&plan).unwrap();
    assert_eq!(without_ids(&env.plan()), without_ids(&want), "gfm");
    // Undo brings a task back with its marks.
    env.run(&["rm", "one"]).ok();
    env.run(&["undo"]).ok();
    let want: Value = serde_json::from_str(&plan).unwrap();
    assert_eq!(without_ids(&env.plan()), without_ids(&want));
}

#[test]
fn the_merge_driver_keeps_provenance_from_either_side() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "one"], &["append", "A", "two"]]);
    let t2 = env.id("Two");
    let base = env.plan_text();
    env.run(&["done", "two"]).ok();
    let theirs = env.plan_text();
    env.write_plan(&base);
    env.run(&["append", "A", "three"]).ok();
    let merged = env.merge_file(&base, &env.plan_text(), &theirs);
    assert_eq!(task(&merged, &t2)["by"], "person");
    assert_eq!(task(&merged, &t2)["at"], NOW);
    let three = env.id("Three");
    assert_eq!(task(&merged, &three)["content"], "Three");
}

#[test]
fn old_plans_and_oh_my_pi_readers_are_unaffected() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "one"], &["append", "A", "two"]]);
    let [t1, t2] = env.ids(["One", "Two"]);
    // Nothing new is written until something is set on purpose.
    assert!(!env.plan_text().contains("\"by\""));
    assert!(!env.plan_text().contains("\"checks\""));
    env.run(&["drop", "two"]).ok();
    // `droppedBy: "user"` stays for oh-my-pi readers; by/at are extra fields.
    let t2 = task(&env.plan(), &t2).clone();
    assert_eq!(t2["droppedBy"], "user");
    assert_eq!(t2["status"], "abandoned");
    // An agent's drop is not a person's.
    agent(&env, &["drop", "one"]).ok();
    assert_eq!(task(&env.plan(), &t1)["droppedBy"], Value::Null);
}

/// The tasks with every field but their id (an import into an emptied
/// plan mints new ones).
fn without_ids(plan: &Value) -> Vec<Value> {
    crate::common::tasks(plan)
        .cloned()
        .map(|mut t| {
            if let Some(o) = t.as_object_mut() {
                o.remove("id");
            }
            t
        })
        .collect()
}

// ── the permission table, row by row ───────────────────────────────────

/// t1 completed by a person; t2 checked only by a person; t3 checked only
/// by the agent; t4 open to anyone. Written with these ids (a version 1
/// file, as `append --checks` once left it), so the rows below can name
/// them; the person's done is a real one.
fn shared_plan() -> TestEnv {
    let env = TestEnv::new();
    env.write_plan(
        r#"{
  "version": 1,
  "rev": 4,
  "nextPhaseId": 2,
  "nextTaskId": 5,
  "phases": [
    {
      "id": "p1",
      "name": "A",
      "tasks": [
        { "id": "t1", "content": "Ship the release", "status": "in_progress" },
        { "id": "t2", "content": "Sign off", "status": "pending", "checks": "person" },
        { "id": "t3", "content": "Run the benchmarks", "status": "pending", "checks": "agent" },
        { "id": "t4", "content": "Write notes", "status": "pending" }
      ]
    }
  ]
}
"#,
    );
    env.given(&[&["done", "t1"]]);
    env
}

#[test]
fn set_by_person_an_agent_may_not_change_remove_or_rename_what_a_person_set() {
    let env = shared_plan();
    let before = env.plan_text();
    for args in [
        &["--json", "drop", "t1"][..],
        &["--json", "reopen", "t1"],
        &["--json", "rm", "t1"],
        &["--json", "rm", "A"],
        &["--json", "rm"],
        &["--json", "rename", "t1", "--", "other"],
        &["--json", "prune"],
    ] {
        let run = agent(&env, args);
        refused_json(&env, &run, 7, "set-by-person", &before);
    }
    let run = agent(&env, &["drop", "t1"]);
    assert_eq!(
        run.stderr,
        "Refused (set-by-person): t1 \"Ship the release\" was marked completed by a person; an agent may not change it.\n"
    );
    // Setting the same status again keeps the person's mark.
    agent(&env, &["done", "t1"]).ok();
    assert_eq!(env.plan_text(), before);
    // The person may; a person's reopen clears the mark, and then the agent may.
    env.run(&["reopen", "t1"]).ok();
    agent(&env, &["done", "t1"]).ok();
    assert_eq!(task(&env.plan(), "t1")["by"], "agent");
}

#[test]
fn no_path_is_a_way_around_the_rules() {
    let env = shared_plan();
    let before = env.plan_text();
    // batch
    let run = batch_as_agent(&env, "done t4\ndrop t1\n");
    refused(&env, &run, 7, "set-by-person", &before);
    assert!(run.stderr.contains("Refused (set-by-person)"), "{run:?}");
    // import: a file that has the task open again, or without it.
    let md = env.root.join("in.md");
    std::fs::write(&md, "# A\n- [ ] Ship the release\n- [ ] Sign off <!-- todo: checks=person -->\n- [ ] Run the benchmarks <!-- todo: checks=agent -->\n- [ ] Write notes\n").unwrap();
    let run = agent(&env, &["--json", "import", md.to_str().unwrap()]);
    refused_json(&env, &run, 7, "set-by-person", &before);
    // edit: the agent's editor unticks the person's task.
    std::fs::create_dir_all(env.home.join("tmp")).unwrap();
    let script = env.script("untick", "sed -i 's/^- \\[x\\]/- [ ]/' \"$1\"");
    let run = env.run_with(&["--json", "edit"], |c| {
        c.env("TODO_ACTOR", "agent")
            .env("EDITOR", &script)
            .env("TMPDIR", env.home.join("tmp"));
    });
    assert!(run.stdout.contains("Ship the release"), "{run:?}");
    refused_json(&env, &run, 7, "set-by-person", &before);
    // undo: the agent may not undo the person's done.
    let run = agent(&env, &["--json", "undo"]);
    refused_json(&env, &run, 7, "set-by-person", &before);
    // apply, in each dialect.
    for ops in [
        json!({"op": "drop", "task": "t1"}),
        json!([{"op": "set", "ids": ["t1"], "state": "open"}]),
        json!({"op": "remove", "id": "t1"}),
        json!({"op": "edit", "id": "t1", "title": "other"}),
        json!({"op": "init", "list": [{"phase": "B", "items": ["fresh"]}]}),
    ] {
        let run = apply(&env, &ops);
        refused_json(&env, &run, 7, "set-by-person", &before);
    }
    // A person's undo is theirs to make.
    env.run(&["undo"]).ok();
}

fn batch_as_agent(env: &TestEnv, input: &str) -> Run {
    env.run_stdin(&["batch"], input.as_bytes(), |c| {
        c.env("TODO_ACTOR", "agent");
    })
}

#[test]
fn person_only_the_agent_never_touches_a_task_only_a_person_checks() {
    let env = shared_plan();
    let before = env.plan_text();
    for args in [
        &["--json", "done", "t2"][..],
        &["--json", "drop", "t2"],
        &["--json", "rm", "t2"],
        &["--json", "rename", "t2", "--", "other"],
    ] {
        let run = agent(&env, args);
        refused_json(&env, &run, 7, "person-only", &before);
    }
    let run = apply(&env, &json!({"op": "edit", "id": "t2", "checks": "anyone"}));
    refused_json(&env, &run, 7, "person-only", &before);
    // The agent may still note it, and the person may complete it.
    agent(&env, &["note", "t2", "ready for review"]).ok();
    env.run(&["done", "t2"]).ok();
}

#[test]
fn step_locked_a_person_waits_for_unlock_which_is_one_way() {
    let env = shared_plan();
    let before = env.plan_text();
    let run = env.run(&["--json", "done", "t3"]);
    refused_json(&env, &run, 7, "step-locked", &before);
    assert!(
        run.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("todo unlock t3")
    );
    let run = apply_with(
        &env,
        &["--as", "person"],
        json!({"op": "done", "task": "t3"}).to_string().as_bytes(),
    );
    refused_json(&env, &run, 7, "step-locked", &before);
    // The agent may (done: starting it would send t2, which only a
    // person checks, from in progress back to pending).
    agent(&env, &["done", "t3"]).ok();
    // op-not-allowed: only a person unlocks, by verb or op.
    let before = env.plan_text();
    let run = agent(&env, &["--json", "unlock", "t3"]);
    refused_json(&env, &run, 7, "op-not-allowed", &before);
    let run = apply(&env, &json!({"op": "unlock", "ids": "all"}));
    refused_json(&env, &run, 7, "op-not-allowed", &before);
    // Nor by editing the file's checks away (import as agent).
    let md = env.root.join("in.md");
    let text = env
        .run(&["export", "-"])
        .ok()
        .stdout
        .replace(" checks=agent", "");
    std::fs::write(&md, text).unwrap();
    let run = agent(&env, &["--json", "import", md.to_str().unwrap()]);
    refused_json(&env, &run, 7, "op-not-allowed", &before);
    // A person unlocks; then anyone may; the agent may never lock it again.
    env.run(&["unlock", "A"])
        .is(0, "Unlocked 1 task: anyone may set it now.\n", "");
    env.run(&["done", "t3"]).ok();
    env.run(&["reopen", "t3"]).ok();
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "edit", "id": "t3", "checks": "agent"}));
    refused_json(&env, &run, 7, "unlocked-by-person", &before);
    env.run(&["unlock", "--all"]).is(
        0,
        "Nothing to unlock: no task there is checked only by the agent.\n",
        "",
    );
}

#[test]
fn plan_too_large_an_agent_may_not_grow_the_plan_past_its_limit() {
    let env = shared_plan();
    let text = env.plan_text().replace(
        "\"version\": 2,",
        "\"version\": 2,\n  \"agentTaskLimit\": 5,",
    );
    env.write_plan(&text);
    agent(&env, &["append", "A", "fifth"]).ok();
    let before = env.plan_text();
    let run = agent(&env, &["--json", "append", "A", "sixth"]);
    refused_json(&env, &run, 7, "plan-too-large", &before);
    let run = apply(
        &env,
        &json!({"op": "append", "phase": "B", "items": ["x", "y"]}),
    );
    refused_json(&env, &run, 7, "plan-too-large", &before);
    // Shrinking, or a person growing it, is fine.
    agent(&env, &["rm", "fifth"]).ok();
    env.run(&["append", "A", "sixth"]).ok();
    env.run(&["append", "A", "seventh"]).ok();
    // The default limit is 300 tasks.
    let env = TestEnv::new();
    let items: Vec<String> = (0..301).map(|i| format!("task {i}")).collect();
    let run = apply(
        &env,
        &json!({"op": "init", "list": [{"phase": "A", "items": items}]}),
    );
    assert_eq!(run.code, 7, "{run:?}");
    assert_eq!(run.json()["error"]["code"], "plan-too-large");
    assert!(!env.plan_path().exists());
    apply(
        &env,
        &json!({"op": "init", "list": [{"phase": "A", "items": &items[..300]}]}),
    )
    .ok();
}

// ── bad input ──────────────────────────────────────────────────────────

#[test]
fn bad_input_is_a_clear_error_and_the_plan_untouched() {
    let env = shared_plan();
    let before = env.plan_text();
    let cases: Vec<(Vec<u8>, i32, &str, &str)> = vec![
        (
            b"not json".to_vec(),
            5,
            "plan-invalid",
            "the ops are not JSON",
        ),
        (
            b"42".to_vec(),
            5,
            "plan-invalid",
            "must be an object or an array",
        ),
        (
            b"{\"todos\": 3}".to_vec(),
            5,
            "plan-invalid",
            "the list must be an array",
        ),
        (
            b"[1, 2]".to_vec(),
            5,
            "plan-invalid",
            "op 1 is not an object",
        ),
        (b"[]".to_vec(), 5, "plan-invalid", "the batch is empty"),
        (
            br#"{"op": "done", "task": "t99"}"#.to_vec(),
            3,
            "plan-missing-item",
            "\"t99\" names no task or phase. Known ids: p1, t1, t2, t3, t4.",
        ),
        (
            format!("[{}]", vec![r#"{"op":"view"}"#; 800_000].join(",")).into_bytes(),
            5,
            "plan-invalid",
            "the ops are larger than",
        ),
    ];
    for (input, exit, code, says) in cases {
        let run = apply_with(&env, &[], &input);
        refused_json(&env, &run, exit, code, &before);
        let message = run.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(message.contains(says), "{message}");
        assert_eq!(run.stderr, "");
    }
    // `--ops FILE` reads the same way.
    let file = env.root.join("ops.json");
    std::fs::write(&file, r#"{"op":"done","task":"t4"}"#).unwrap();
    env.run_with(&["apply", "--ops", file.to_str().unwrap()], |_| {})
        .ok();
    assert_eq!(task(&env.plan(), "t4")["status"], "completed");
}

// ── a property: the agent never changes what a person set ───────────────

mod property {
    use super::*;
    use proptest::prelude::*;

    /// One command: who runs it, the verb, the task number.
    fn step() -> impl Strategy<Value = (bool, u8, u8)> {
        (any::<bool>(), 0u8..7, 1u8..5)
    }

    fn args(verb: u8, id: &str) -> Vec<String> {
        let id = id.to_string();
        match verb {
            0 => vec!["done".into(), id],
            1 => vec!["drop".into(), id],
            2 => vec!["reopen".into(), id],
            3 => vec!["start".into(), id],
            4 => vec!["block".into(), id],
            5 => vec!["rm".into(), id],
            _ => vec!["undo".into()],
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn an_agent_never_changes_a_status_a_person_set(steps in prop::collection::vec(step(), 1..10)) {
            let env = TestEnv::new();
            env.given(&[&["append", "A", "a"], &["append", "A", "b"], &["append", "A", "c"], &["append", "A", "d"]]);
            let ids = env.ids(["A", "B", "C", "D"]);
            for (is_agent, verb, t) in steps {
                let before = env.plan();
                let argv = args(verb, &ids[usize::from(t) - 1]);
                let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
                let run = if is_agent { agent(&env, &argv) } else { env.run(&argv) };
                if !is_agent {
                    continue;
                }
                let after = env.plan();
                for phase in before["phases"].as_array().into_iter().flatten() {
                    for t in phase["tasks"].as_array().into_iter().flatten() {
                        if t["by"] == "person" {
                            let now = task(&after, t["id"].as_str().unwrap_or_default());
                            prop_assert_eq!(&now["status"], &t["status"], "{:?} {:?}", argv, run);
                            prop_assert_eq!(&now["by"], "person");
                        }
                    }
                }
            }
        }
    }
}

// ── concurrency ────────────────────────────────────────────────────────

#[test]
fn concurrent_agent_batches_and_person_dones_lose_nothing() {
    let env = TestEnv::new();
    let items: Vec<String> = (0..20).map(|i| format!("person {i}")).collect();
    apply_with(
        &env,
        &["--as", "person"],
        json!({"op": "init", "list": [{"phase": "People", "items": items}]})
            .to_string()
            .as_bytes(),
    )
    .ok();
    let rev = env.rev();
    let people: Vec<String> = (0..20).map(|i| env.id(&format!("person {i}"))).collect();
    let started = std::time::Instant::now();
    let mut children = Vec::new();
    for (i, person) in people.iter().enumerate() {
        let ops = json!([
            {"op": "append", "phase": format!("Agent {i}"), "items": [format!("x{i}"), format!("y{i}")]},
            {"op": "done", "task": format!("x{i}")}
        ]);
        children.push(env.start(&["apply"], ops.to_string().as_bytes()));
        children.push(env.start(&["done", person], b""));
    }
    for child in children {
        child.finish(crate::common::HUNG).ok();
    }
    let elapsed = started.elapsed();
    eprintln!("20 apply + 20 done concurrently: {elapsed:?}");
    assert_eq!(env.rev(), rev + 40);
    let plan = env.plan();
    assert_eq!(plan["phases"].as_array().map(Vec::len), Some(21));
    for phase in plan["phases"].as_array().into_iter().flatten() {
        let tasks = phase["tasks"].as_array().cloned().unwrap_or_default();
        if phase["name"] == "People" {
            assert!(
                tasks
                    .iter()
                    .all(|t| t["status"] == "completed" && t["by"] == "person")
            );
        } else {
            // All or nothing: both tasks, the first completed by the agent.
            assert_eq!(tasks.len(), 2, "{phase}");
            assert_eq!(tasks[0]["status"], "completed");
            assert_eq!(tasks[0]["by"], "agent");
        }
    }
}

/// An agent may not claim a person's mark: a file it imports that says
/// `by=person` where the plan has no such mark gets the agent's own mark
/// (tasks, objectives and findings, new or already there); the agent may
/// then change them. A person importing the same file keeps the marks as
/// written (another plan's export).
#[test]
fn an_agent_may_not_claim_a_persons_mark_through_a_file() {
    const OLD: &str = "2020-01-01T00:00:00Z";
    let forged = format!(
        "Objectives:\n- [o1 done] Ship it <!-- todo: by=person at={OLD} -->\n\n\
         # A\n- [x] A1 <!-- todo: by=person at={OLD} -->\n- [/] A2\n\
         - [x] A3 <!-- todo: by=person at={OLD} -->\n\n\
         Findings:\n- [f1] Learned <!-- todo: by=person at={OLD} -->\n"
    );
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    env.run(&["append", "A", "a2"]).ok();
    agent(&env, &["done", "a1"]).ok();
    std::fs::write(env.root.join("x.md"), &forged).unwrap();
    agent(&env, &["import", "x.md"]).ok();
    let plan = env.plan();
    let [a1, a3] = env.ids(["A1", "A3"]);
    for item in [
        task(&plan, &a1),
        task(&plan, &a3),
        &plan["objectives"][0],
        &plan["findings"][0],
    ] {
        assert_eq!(item["by"], "agent", "{item}");
        assert_eq!(item["at"], NOW, "{item}");
    }
    // Its own, so it may change them.
    agent(&env, &["drop", "a3"]).ok();
    agent(&env, &["objective", "reopen", "o1"]).ok();

    let person = TestEnv::new();
    std::fs::write(person.root.join("x.md"), &forged).unwrap();
    person.run(&["import", "x.md"]).ok();
    let plan = person.plan();
    let [a1, a3] = person.ids(["A1", "A3"]);
    for item in [
        task(&plan, &a1),
        task(&plan, &a3),
        &plan["objectives"][0],
        &plan["findings"][0],
    ] {
        assert_eq!(item["by"], "person", "{item}");
        assert_eq!(item["at"], OLD, "{item}");
    }
}
