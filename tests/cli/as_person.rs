//! The agent can never act as the person: every path that changes the
//! plan (import, undo, merge-file, apply's ops, the verbs as `--as
//! agent`) is checked on what it does, so what a person decided stays
//! the person's. Each test shows the way around that used to exist.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

fn agent(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = vec!["--as", "agent"];
    all.extend_from_slice(args);
    env.run(&all)
}

fn apply(env: &TestEnv, ops: &Value) -> Run {
    env.run_stdin(&["apply"], ops.to_string().as_bytes(), |_| {})
}

/// A refusal with `code` that left the plan file as `before`.
#[track_caller]
fn refused(env: &TestEnv, run: &Run, code: &str, before: &str) {
    run.code(7);
    let text = if run.stdout.starts_with('{') {
        let error = &run.json()["error"];
        format!("{} {}", error["code"], error["kind"])
    } else {
        run.stderr.clone()
    };
    assert!(text.contains(code), "wanted {code}: {run:?}");
    assert_eq!(env.plan_text(), before, "must not be written");
}

/// The tasks of the plan as `todo show --json` gives them.
fn task(env: &TestEnv, content: &str) -> Value {
    let shown = env.run(&["show", "--json"]);
    shown.ok();
    crate::common::task(&shown.json()["plan"], content).clone()
}

fn id(env: &TestEnv, content: &str) -> String {
    task(env, content)["id"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The same task as the plan file holds it (with `by`, `at`, `checks`).
fn stored(env: &TestEnv, content: &str) -> Value {
    crate::common::task(&env.plan(), content).clone()
}

#[test]
fn json_import_reads_back_checks_unlocked_by_and_at() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "--checks", "agent", "A", "benchmarks"],
        &["append", "--checks", "agent", "A", "profile"],
        &["unlock", "profile"],
        &["append", "--checks", "person", "A", "sign off"],
        &["append", "A", "ship"],
        &["done", "ship"],
    ]);
    env.run(&["export", "--format", "json", "p.json"]).ok();
    let exported = std::fs::read_to_string(env.root.join("p.json")).expect("export");
    // Into the same plan, as the person and as the agent: nothing changes.
    let before = env.plan_text();
    env.run(&["import", "p.json"]).ok();
    agent(&env, &["import", "p.json"]).ok();
    assert_eq!(env.plan_text(), before);
    // Into a fresh repository: every field read back.
    let fresh = TestEnv::new();
    std::fs::write(fresh.root.join("p.json"), &exported).expect("copy");
    fresh.run(&["import", "p.json"]).ok();
    assert_eq!(stored(&fresh, "Benchmarks")["checks"], "agent");
    assert_eq!(stored(&fresh, "Profile")["unlocked"], true);
    assert_eq!(stored(&fresh, "Sign off")["checks"], "person");
    let ship = stored(&fresh, "Ship");
    assert_eq!(
        (&ship["status"], &ship["by"], &ship["at"]),
        (
            &json!("completed"),
            &json!("person"),
            &json!("2026-01-02T03:04:05Z")
        )
    );
    // So the agent cannot reopen what the person completed.
    let before = fresh.plan_text();
    let ship = id(&fresh, "Ship");
    let run = apply(
        &fresh,
        &json!({"op": "set", "ids": [ship], "state": "open"}),
    );
    refused(&fresh, &run, "set-by-person", &before);
}

#[test]
fn an_agents_snapshot_import_keeps_who_checks_what_it_cannot_say() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "--checks", "person", "A", "sign off"],
        &["append", "A", "build"],
    ]);
    // An oh-my-pi / pi-todo phase snapshot (`[{name, tasks: [{content,
    // status}]}]`, a pi session's todo-phases entry): no word for `checks`.
    std::fs::write(
        env.root.join("snap.json"),
        r#"[{"name":"A","tasks":[{"content":"Sign off","status":"in_progress"},{"content":"Build","status":"completed"}]}]"#,
    )
    .expect("snapshot");
    agent(&env, &["import", "snap.json"]).ok();
    assert_eq!(stored(&env, "Sign off")["checks"], "person");
    assert_eq!(task(&env, "Build")["status"], "completed");
    // But a checklist that says the checks changed is refused to the agent.
    let before = env.plan_text();
    std::fs::write(
        env.root.join("p.json"),
        r#"[{"name":"A","tasks":[{"content":"Sign off","status":"in_progress","checks":"agent"},{"content":"Build","status":"completed","by":"agent"}]}]"#,
    )
    .expect("json");
    let run = agent(&env, &["import", "p.json"]);
    refused(&env, &run, "person-only", &before);
}

#[test]
fn undo_by_the_agent_never_takes_back_a_persons_change() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "A", "two"],
        &["append", "B", "three"],
        &["objective", "add", "ship it"],
    ]);
    // Each of the person's changes of the issue, then the agent's undo.
    for (change, check) in [
        (&["done", "one"][..], &["reopen", "one"][..]),
        (&["block", "two", "--reason", "x"], &["unblock", "two"]),
        (
            &["objective", "done", "ship it"],
            &["objective", "reopen", "ship it"],
        ),
        (&["append", "C", "four"], &["rm", "C"]),
    ] {
        env.run(change).ok();
        env.run(check).ok();
        let before = env.plan_text();
        let run = agent(&env, &["undo"]);
        refused(&env, &run, "set-by-person", &before);
        assert!(
            run.stderr
                .contains("an agent may undo only its own changes."),
            "{run:?}"
        );
        // …nor with --force.
        refused(
            &env,
            &agent(&env, &["undo", "--force"]),
            "set-by-person",
            &before,
        );
    }
    // Its own change it may take back; the person's undo stays the person's.
    agent(&env, &["done", "three"]).ok();
    agent(&env, &["undo"]).ok();
    assert_eq!(task(&env, "Three")["status"], "pending");
    env.run(&["undo"]).ok();
}

/// A version-1 plan with explicit ids: t3 only a person checks, t4 a
/// person completed.
fn merge_base() -> Value {
    json!({
        "version": 1, "rev": 4, "nextPhaseId": 2, "nextTaskId": 5,
        "phases": [{"id": "p1", "name": "A", "tasks": [
            {"id": "t1", "content": "One", "status": "in_progress"},
            {"id": "t2", "content": "Two", "status": "pending"},
            {"id": "t3", "content": "Sign off", "status": "pending", "checks": "person"},
            {"id": "t4", "content": "Ship", "status": "completed", "by": "person", "at": "2026-01-01T00:00:00Z"}
        ]}]
    })
}

#[test]
fn merge_file_run_as_the_agent_checks_what_theirs_changes() {
    let env = TestEnv::new();
    let base = format!("{:#}\n", merge_base());
    let mut theirs = merge_base();
    // Their branch drops t3's `checks` and removes t4.
    theirs["phases"][0]["tasks"][2]
        .as_object_mut()
        .map(|t| t.remove("checks"));
    theirs["phases"][0]["tasks"]
        .as_array_mut()
        .map(|t| t.remove(3));
    let theirs = format!("{theirs:#}\n");
    for (name, text) in [
        ("base.json", &base),
        ("ours.json", &base),
        ("theirs.json", &theirs),
    ] {
        std::fs::write(env.root.join(name), text).expect("version");
    }
    let run = agent(
        &env,
        &["merge-file", "base.json", "ours.json", "theirs.json"],
    );
    run.code(7);
    assert!(
        run.stderr
            .contains("Refused (person-only): t3 \"Sign off\""),
        "{run:?}"
    );
    let ours = std::fs::read_to_string(env.root.join("ours.json")).expect("ours");
    assert_eq!(ours, base, "ours must not be written");
    // Their change of t4 alone: still refused (a person completed it).
    let mut only_t4 = merge_base();
    only_t4["phases"][0]["tasks"]
        .as_array_mut()
        .map(|t| t.remove(3));
    std::fs::write(env.root.join("theirs.json"), format!("{only_t4:#}\n")).expect("theirs");
    let run = agent(
        &env,
        &["merge-file", "base.json", "ours.json", "theirs.json"],
    );
    run.code(7);
    assert!(
        run.stderr.contains("Refused (set-by-person): t4 \"Ship\""),
        "{run:?}"
    );
    // What the agent may change merges; a person's merge takes everything.
    let mut fine = merge_base();
    fine["phases"][0]["tasks"][1]["status"] = json!("completed");
    std::fs::write(env.root.join("theirs.json"), format!("{fine:#}\n")).expect("theirs");
    agent(
        &env,
        &["merge-file", "base.json", "ours.json", "theirs.json"],
    )
    .ok();
    std::fs::write(env.root.join("ours.json"), &base).expect("ours");
    std::fs::write(env.root.join("theirs.json"), &theirs).expect("theirs");
    env.run(&["merge-file", "base.json", "ours.json", "theirs.json"])
        .ok();
}

#[test]
fn the_agent_may_not_take_over_checking_what_a_person_set() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "ship"],
        &["append", "A", "docs"],
        &["done", "ship"],
    ]);
    let ship = id(&env, "Ship");
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "edit", "id": ship, "checks": "agent"}));
    refused(&env, &run, "set-by-person", &before);
    assert!(
        run.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("an agent may not change who checks it"),
        "{run:?}"
    );
    // Nor through an import saying so.
    let md = env
        .run(&["export", "-"])
        .stdout
        .replace("- [x] Ship\n", "- [x] Ship <!-- todo: checks=agent -->\n");
    assert!(md.contains("checks=agent"), "{md}");
    std::fs::write(env.root.join("in.md"), md).expect("md");
    refused(
        &env,
        &agent(&env, &["import", "in.md"]),
        "set-by-person",
        &before,
    );
    // A task no person set is the agent's to say so of.
    let docs = id(&env, "Docs");
    apply(&env, &json!({"op": "edit", "id": docs, "checks": "agent"})).ok();
    assert_eq!(stored(&env, "Docs")["checks"], "agent");
}

#[test]
fn the_agent_may_not_reword_or_remove_a_persons_objective() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["objective", "add", "Ship a plan people trust"],
    ]);
    agent(&env, &["objective", "add", "Keep it small"]).ok();
    // The ids as the plan shows them (whatever form ids take).
    let ids = env.run(&["show", "--json"]).json()["plan"]["objectives"].clone();
    let (o1, o2) = (
        ids[0]["id"].as_str().unwrap_or_default().to_string(),
        ids[1]["id"].as_str().unwrap_or_default().to_string(),
    );
    let before = env.plan_text();
    // Reworded, or left out, in a checklist the agent imports.
    for objectives in [
        format!("- [{o1}] Ship whatever\n- [{o2}] Keep it small"),
        format!("- [{o2}] Keep it small"),
    ] {
        std::fs::write(
            env.root.join("in.md"),
            format!("Objectives:\n{objectives}\n\n# A\n- [/] One\n"),
        )
        .expect("md");
        let run = agent(&env, &["import", "in.md"]);
        refused(&env, &run, "set-by-person", &before);
        assert!(
            run.stderr.contains(&format!(
                "objective {o1} \"Ship a plan people trust\" was written by a person"
            )),
            "{run:?}"
        );
    }
    // The agent may mark it done (plan_update), and reword its own.
    apply(&env, &json!({"objectives": [{"id": o1, "status": "done"}]})).ok();
    std::fs::write(
        env.root.join("in.md"),
        format!("Objectives:\n- [{o1} done] Ship a plan people trust\n- [{o2}] Keep it tiny\n\n# A\n- [/] One\n"),
    )
    .expect("md");
    agent(&env, &["import", "in.md"]).ok();
    let plan = env.plan();
    assert_eq!(plan["objectives"][0]["status"], "done");
    assert_eq!(plan["objectives"][1]["text"], "Keep it tiny");
    // A file cannot say the agent's objective is the person's.
    assert_eq!(plan["objectives"][1]["addedBy"], "agent");
}

#[test]
fn starting_a_task_may_not_send_a_person_only_task_back_to_pending() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "--checks", "person", "A", "sign off"],
        &["append", "A", "build"],
    ]);
    assert_eq!(task(&env, "Sign off")["status"], "in_progress");
    let build = id(&env, "Build");
    let before = env.plan_text();
    refused(
        &env,
        &apply(&env, &json!({"op": "start", "task": build})),
        "person-only",
        &before,
    );
    refused(
        &env,
        &agent(&env, &["start", "build"]),
        "person-only",
        &before,
    );
    // The agent's own list asking for it: the rest mirrors, the person's
    // task stays in progress, and the agent is told (Claude Code TodoWrite).
    let out = apply(
        &env,
        &json!({"todos": [{"content": "Build", "status": "in_progress", "activeForm": "Building"}]}),
    );
    out.ok();
    assert_eq!(out.json()["kept"][0]["content"], "Sign off");
    assert_eq!(task(&env, "Sign off")["status"], "in_progress");
    // Finishing work is never in the way.
    agent(&env, &["done", "build"]).ok();
    assert_eq!(task(&env, "Sign off")["status"], "in_progress");
}

#[test]
fn the_agent_may_not_add_look_alike_copies_of_a_task() {
    let env = TestEnv::new();
    env.run(&["append", "A", "ship the release"]).ok();
    let before = env.plan_text();
    for copy in [
        "Ship th\u{0435} release",
        "Ship the release\u{200b}",
        "ship the release",
        "SHIP\u{00a0}THE RELEASE",
    ] {
        let run = apply(
            &env,
            &json!({"op": "append", "phase": "A", "items": [copy]}),
        );
        refused(&env, &run, "duplicate", &before);
        assert!(
            run.json()["message"]
                .as_str()
                .unwrap_or_default()
                .contains("Task \"Ship the release\" already exists"),
            "{run:?}"
        );
        refused(
            &env,
            &agent(&env, &["append", "A", copy]),
            "already exists",
            &before,
        );
    }
    // Nor rename its own task into one.
    agent(&env, &["append", "A", "other"]).ok();
    let before = env.plan_text();
    refused(
        &env,
        &agent(&env, &["rename", "other", "--", "ship the releas\u{0435}"]),
        "already exists",
        &before,
    );
    // Nor a task whose text shows nothing at all.
    let before = env.plan_text();
    let run = apply(
        &env,
        &json!({"op": "append", "phase": "A", "items": ["\u{202e}\u{200b}"]}),
    );
    run.code(5);
    assert_eq!(run.json()["error"]["code"], "plan-invalid", "{run:?}");
    assert_eq!(env.plan_text(), before);
    // A person's own duplicates stay case-sensitive, as documented: the
    // person sees what they type.
    env.run(&["append", "A", "--", "sHIP the release"]).ok();
    env.run(&["append", "A", "--", "Ship the release"]).code(7);
}

/// Issue 40, item 2: a person setting the status a task already has is a
/// decision all the same: `start` of the task the rule started, `done` of
/// one a plain checklist completed, record who and when, and the agent
/// may then not remove it or send it back.
#[test]
fn a_persons_status_again_is_recorded_and_held() {
    let env = TestEnv::new();
    // The first task appended is started by the rule: no mark.
    env.given(&[&["append", "A", "first"], &["append", "A", "second"]]);
    assert!(stored(&env, "First").get("by").is_none());
    env.run(&["start", "first"]).ok();
    let first = stored(&env, "First");
    assert_eq!(
        (first["status"].as_str(), first["by"].as_str()),
        (Some("in_progress"), Some("person"))
    );
    assert_eq!(first["at"], "2026-01-02T03:04:05Z");
    let id = id(&env, "First");
    let before = env.plan_text();
    refused(
        &env,
        &apply(&env, &json!({"op": "rm", "task": id})),
        "set-by-person",
        &before,
    );
    refused(
        &env,
        &agent(&env, &["start", "second"]),
        "set-by-person",
        &before,
    );
    // A checklist completed without marks, then a person's `done` of it.
    let env = TestEnv::new();
    std::fs::write(env.root.join("plan.md"), "# A\n- [x] Shipped\n- [ ] Next\n").unwrap();
    env.run(&["import", "plan.md"]).ok();
    assert!(stored(&env, "Shipped").get("by").is_none());
    env.run(&["done", "shipped"]).ok();
    assert_eq!(stored(&env, "Shipped")["by"], "person");
    let before = env.plan_text();
    refused(
        &env,
        &agent(&env, &["reopen", "shipped"]),
        "set-by-person",
        &before,
    );
    // The agent setting it again claims nothing of a person's.
    let env = TestEnv::new();
    env.given(&[&["append", "A", "first"], &["start", "first"]]);
    let before = env.plan_text();
    agent(&env, &["start", "first"]).ok();
    assert_eq!(env.plan_text(), before);
}

/// Issue 40, item 4: the plan operations' `note` writes a step's only
/// note; on a task a person holds (completed by a person, claimed by one,
/// or checked only by one) it may add a note but not replace the person's.
#[test]
fn an_agent_cannot_replace_a_persons_note() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "ship it"],
        &["note", "ship it", "ask legal first"],
        &["done", "ship it"],
        &["append", "A", "sign off", "--checks", "person"],
        &["note", "sign off", "only after the demo"],
        &["append", "A", "mine"],
        &["claim", "mine", "--owner", "ana"],
        &["note", "mine", "half done"],
    ]);
    let before = env.plan_text();
    for content in ["Ship it", "Sign off", "Mine"] {
        let task = id(&env, content);
        for ops in [
            json!({"op": "note", "id": task, "text": "nothing to see"}),
            json!({"op": "set", "ids": [task], "state": "done", "note": "done by me"}),
        ] {
            let out = apply(&env, &ops);
            out.code(7);
            assert_eq!(env.plan_text(), before, "{content}: {ops}");
        }
    }
    // Adding one is fine, and keeps the person's.
    let ship = id(&env, "Ship it");
    apply(
        &env,
        &json!({"tasks": [{"id": ship, "status": "done", "note": "verified in prod"}]}),
    )
    .ok();
    assert_eq!(
        stored(&env, "Ship it")["notes"],
        json!(["ask legal first", "verified in prod"])
    );
    // On its own task the agent still writes its step's note.
    let env = TestEnv::new();
    env.given(&[&["append", "A", "draft"]]);
    let id = id(&env, "Draft");
    for text in ["first try", "second try"] {
        apply(&env, &json!({"op": "note", "id": id, "text": text})).ok();
    }
    assert_eq!(stored(&env, "Draft")["notes"], json!(["second try"]));
}

/// Issue 40, item 12: a task only a person checks that an agent creates
/// starts open: in one batch, an import or an edit, the agent may not
/// create it completed, dropped or blocked.
#[test]
fn an_agent_cannot_create_a_person_checked_task_already_done() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "first"]]);
    let before = env.plan_text();
    let batch = env.run_stdin(
        &["--as", "agent", "batch"],
        b"append --checks person A sign off\ndone sign off\n",
        |_| {},
    );
    refused(&env, &batch, "person-only", &before);
    assert!(
        batch
            .stderr
            .contains("an agent may create it, but not mark it completed"),
        "{batch:?}"
    );
    for status in ["completed", "abandoned", "blocked"] {
        let text = before.replace(
            "\n    ], \"name\": \"A\" }",
            &format!(",\n      {{ \"id\": \"t9\", \"content\": \"Sign off\", \"status\": \"{status}\", \"checks\": \"person\" }}\n    ], \"name\": \"A\" }}"),
        );
        assert_ne!(text, before, "{before}");
        std::fs::write(env.root.join("plan.json"), &text).unwrap();
        refused(
            &env,
            &agent(&env, &["import", "plan.json"]),
            "person-only",
            &before,
        );
    }
    // Created open, it is the person's to check off.
    agent(&env, &["append", "--checks", "person", "A", "sign off"]).ok();
    refused(
        &env,
        &agent(&env, &["done", "sign off"]),
        "person-only",
        &env.plan_text(),
    );
    env.run(&["done", "sign off"]).ok();
}

/// Issue 40, item 13: mathematical letters (`𝗈`, `𝐤`), Greek `κ` and the
/// small capital `ꜱ` are look-alikes too.
#[test]
fn the_agent_may_not_add_mathematical_or_small_capital_copies() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "ask the person"],
        &["append", "A", "ship the task"],
    ]);
    let before = env.plan_text();
    for copy in [
        "Ask the Pers\u{1d5c8}n",
        "Ship the tas\u{1d424}",
        "Ship the tas\u{03ba}",
        "\u{a731}hip the task",
        "\u{1d412}\u{1d421}\u{1d422}\u{1d429} the task",
    ] {
        let run = apply(
            &env,
            &json!({"op": "append", "phase": "A", "items": [copy]}),
        );
        refused(&env, &run, "duplicate", &before);
    }
}

/// Issue 40, item 14: a need on a task a person holds is the person's
/// gate: the agent may not unhook it (a verb, an op, an import); needs
/// between its own tasks stay its own.
#[test]
fn an_agent_cannot_remove_a_need_on_a_persons_task() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "build"],
        &["append", "A", "sign off", "--checks", "person"],
        &["append", "A", "deploy"],
    ]);
    let [build, sign] = env.ids(["Build", "Sign off"]);
    env.given(&[&["needs", "deploy", &sign, &build]]);
    let before = env.plan_text();
    let out = agent(&env, &["needs", "deploy", "--remove", &sign]);
    refused(&env, &out, "set-by-person", &before);
    assert!(
        out.stderr
            .contains("which a person holds; an agent may not remove that need"),
        "{out:?}"
    );
    let file = before.replace(
        &format!("\"needs\": [\"{sign}\", \"{build}\"]"),
        &format!("\"needs\": [\"{build}\"]"),
    );
    assert_ne!(file, before);
    std::fs::write(env.root.join("plan.json"), file).unwrap();
    refused(
        &env,
        &agent(&env, &["import", "plan.json"]),
        "set-by-person",
        &before,
    );
    // Its own need, on a task no person holds, is its to remove.
    agent(&env, &["needs", "deploy", "--remove", &build]).ok();
    assert_eq!(stored(&env, "Deploy")["needs"], json!([sign]));
}

/// Issue 40, item 14: `droppedBy: "user"` says a person dropped the task;
/// a file the agent imports may not say so of the agent's drop.
#[test]
fn an_agent_cannot_sign_its_drop_as_the_users() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "first"], &["append", "A", "second"]]);
    let file = env.plan_text().replace(
        r#""content": "Second", "status": "pending""#,
        r#""content": "Second", "status": "abandoned", "droppedBy": "user""#,
    );
    std::fs::write(env.root.join("plan.json"), file).unwrap();
    agent(&env, &["import", "plan.json"]).ok();
    let second = stored(&env, "Second");
    assert_eq!(
        (second["status"].as_str(), second["by"].as_str()),
        (Some("abandoned"), Some("agent"))
    );
    assert!(second.get("droppedBy").is_none(), "{second}");
    // A person's drop keeps it, whoever imports the plan again.
    env.run(&["reopen", "second"]).ok();
    env.run(&["drop", "second"]).ok();
    let text = env.plan_text();
    std::fs::write(env.root.join("plan.json"), &text).unwrap();
    agent(&env, &["import", "plan.json"]).ok();
    assert_eq!(stored(&env, "Second")["droppedBy"], "user");
}

/// Issue 40, item 14, what stays allowed (docs/trust-and-proofs.md): the
/// agent organises the plan — moves a person's completed task, renames the
/// phase holding it — and may say it checks a pending task nobody set,
/// which the person takes back with one `todo unlock`. The person's status,
/// text and mark stay as they were through all of it.
#[test]
fn an_agent_organises_a_persons_tasks_without_changing_them() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Release", "ship it"],
        &["done", "ship it"],
        &["append", "Release", "write notes"],
        &["append", "Later", "polish"],
    ]);
    let later = env.phase_id("Later");
    agent(&env, &["mv", "ship it", &later]).ok();
    agent(&env, &["rename", "Later", "--", "Done"]).ok();
    let shipped = stored(&env, "Ship it");
    assert_eq!(
        (shipped["status"].as_str(), shipped["by"].as_str()),
        (Some("completed"), Some("person"))
    );
    let id = id(&env, "Write notes");
    apply(&env, &json!({"op": "edit", "id": id, "checks": "agent"})).ok();
    assert_eq!(stored(&env, "Write notes")["checks"], "agent");
    let out = env.run(&["done", "write notes"]);
    out.code(7);
    assert!(out.stderr.contains("run `todo unlock"), "{out:?}");
    env.run(&["unlock", "write notes"]).ok();
    env.run(&["done", "write notes"]).ok();
    // And now the person completed it, never again.
    let before = env.plan_text();
    let run = apply(&env, &json!({"op": "edit", "id": id, "checks": "agent"}));
    refused(&env, &run, "set-by-person", &before);
}
