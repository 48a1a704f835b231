//! `todo apply` with the `plan_update` shape: every field and
//! status, each error (nothing changes), and `after`.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv, s};

const NOW: &str = "2026-01-02T03:04:05Z";

fn apply(env: &TestEnv, input: &Value) -> Run {
    env.run_stdin(&["apply"], input.to_string().as_bytes(), |_| {})
}

/// The web app plan (Auth t1 t2 t3, Billing t4 t5) with objective o1 and
/// finding f1, as `web_app`, `objective add` and `finding` leave it, under
/// these ids (a version 1 file: ids are random now, and the calls below
/// name them), at rev 7.
fn plan() -> TestEnv {
    let env = TestEnv::new();
    env.write_plan(&format!(
        r#"{{
  "version": 1,
  "rev": 7,
  "nextPhaseId": 3,
  "nextTaskId": 6,
  "nextObjectiveId": 2,
  "nextFindingId": 2,
  "phases": [
    {{
      "id": "p1",
      "name": "Auth",
      "tasks": [
        {{ "id": "t1", "content": "Wire OAuth providers", "status": "in_progress" }},
        {{ "id": "t2", "content": "Rotate keys", "status": "pending" }},
        {{ "id": "t3", "content": "Add login rate limiting", "status": "pending" }}
      ]
    }},
    {{
      "id": "p2",
      "name": "Billing",
      "tasks": [
        {{ "id": "t4", "content": "Wire Stripe webhooks", "status": "pending" }},
        {{ "id": "t5", "content": "Invoice export", "status": "pending" }}
      ]
    }}
  ],
  "objectives": [
    {{ "id": "o1", "text": "Ship a plan people trust", "status": "open" }}
  ],
  "findings": [
    {{ "id": "f1", "text": "the sandbox resets nightly", "by": "person", "at": "{NOW}" }}
  ]
}}
"#
    ));
    env
}

/// `[(id, status)]` of every task, in plan order (tombstones left out).
fn ids(env: &TestEnv) -> Vec<(String, String)> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    crate::common::tasks(&env.plan())
        .filter(|t| t.get("removed").is_none())
        .map(|t| (text(&t["id"]), text(&t["status"])))
        .collect()
}

#[test]
fn task_statuses_and_notes_by_id() {
    let env = plan();
    let run = apply(
        &env,
        &json!({"tasks": [
            {"id": "t1", "status": "done", "note": "checked in staging"},
            {"id": "t2", "status": "dropped", "note": "vendor rotates them"},
            {"id": "t4", "status": "doing"},
            {"id": "t5", "note": "CSV first"},
        ]}),
    );
    run.ok();
    let reply = run.json();
    assert_eq!(reply["ok"], true);
    assert_eq!(reply["rev"], 8);
    assert_eq!(
        reply["completedTasks"],
        json!([{"id": "t1", "phase": "Auth", "content": "Wire OAuth providers"}])
    );
    assert_eq!(
        ids(&env),
        s(&[
            ("t1", "completed"),
            ("t2", "abandoned"),
            ("t3", "pending"),
            ("t4", "in_progress"),
            ("t5", "pending"),
        ])
    );
    let plan = env.plan();
    let t = &plan["phases"][0]["tasks"];
    assert_eq!(t[0]["notes"], json!(["checked in staging"]));
    assert_eq!(t[1]["notes"], json!(["vendor rotates them"]));
    // An agent's drop is not a person's.
    assert!(t[1].get("droppedBy").is_none());
    assert_eq!(plan["phases"][1]["tasks"][1]["notes"], json!(["CSV first"]));
    // `todo` takes a task back to pending; the one-in-progress rule then
    // starts the first pending task of the plan.
    apply(&env, &json!({"tasks": [{"id": "t4", "status": "todo"}]})).ok();
    assert_eq!(
        &ids(&env)[2..4],
        s(&[("t3", "in_progress"), ("t4", "pending")]).as_slice()
    );
    assert!(env.plan()["phases"][1]["tasks"][0].get("by").is_none());
}

#[test]
fn objectives_take_every_status_and_the_reply_shows_them() {
    let env = plan();
    env.given(&[&["objective", "add", "Keep the file small"]]);
    let o2 = env.aim_id("objectives", "Keep the file small");
    for status in ["done", "dropped", "open"] {
        let run = apply(&env, &json!({"objectives": [{"id": o2, "status": status}]}));
        run.ok();
        assert_eq!(env.plan()["objectives"][1]["status"], status);
        let marker = match status {
            "open" => format!("- [{o2}] Keep the file small"),
            other => format!("- [{o2} {other}] Keep the file small"),
        };
        assert!(
            run.json()["message"].as_str().unwrap().contains(&marker),
            "{run:?}"
        );
    }
    // o1 untouched all along.
    assert_eq!(env.plan()["objectives"][0]["status"], "open");
}

#[test]
fn phase_statuses_act_on_their_tasks() {
    let env = plan();
    // active: Billing's first open task starts (Auth's goes back).
    apply(&env, &json!({"phases": [{"id": "p2", "status": "active"}]})).ok();
    assert_eq!(
        ids(&env),
        s(&[
            ("t1", "pending"),
            ("t2", "pending"),
            ("t3", "pending"),
            ("t4", "in_progress"),
            ("t5", "pending"),
        ])
    );
    // done: every open task of Auth completed; a phase is named by id or name.
    apply(&env, &json!({"phases": [{"id": "Auth", "status": "done"}]})).ok();
    assert_eq!(
        ids(&env),
        s(&[
            ("t1", "completed"),
            ("t2", "completed"),
            ("t3", "completed"),
            ("t4", "in_progress"),
            ("t5", "pending"),
        ])
    );
    // pending: the task in progress goes back; the rule then starts the
    // first pending task of the plan (here the same one).
    apply(
        &env,
        &json!({"phases": [{"id": "p2", "status": "pending"}]}),
    )
    .ok();
    assert_eq!(ids(&env)[3], ("t4".to_string(), "in_progress".to_string()));
    // active on a phase with nothing open: plan-invalid.
    let run = apply(&env, &json!({"phases": [{"id": "p1", "status": "active"}]}));
    run.code(5);
    assert_eq!(run.json()["error"]["code"], "plan-invalid");
}

#[test]
fn add_tasks_at_the_end_after_a_task_and_in_a_new_phase() {
    let env = plan();
    let run = apply(
        &env,
        &json!({"add_tasks": [
            {"phase": "p1", "text": "Audit scopes"},
            {"phase": "Auth", "text": "Rotate secrets", "after": "t1"},
            {"phase": "Launch", "text": "Write the announcement"},
        ], "add_findings": ["webhooks retry for 3 days", "  the  IdP   caps tokens "]}),
    );
    run.ok();
    let (t6, t7, p3, t8) = (
        env.id("Audit scopes"),
        env.id("Rotate secrets"),
        env.phase_id("Launch"),
        env.id("Write the announcement"),
    );
    let (f2, f3) = (
        env.aim_id("findings", "webhooks retry for 3 days"),
        env.aim_id("findings", "the IdP caps tokens"),
    );
    // Minted in the order the call makes them, each new.
    let minted = [&t6, &t7, &p3, &t8, &f2, &f3];
    assert_eq!(run.json()["minted"], json!(minted));
    for (id, kind) in minted.iter().zip("ttptff".chars()) {
        assert!(crate::common::minted(id, kind), "{id}");
    }
    let plan = env.plan();
    let auth: Vec<&str> = plan["phases"][0]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(auth, ["t1", &t7, "t2", "t3", &t6]);
    assert_eq!(plan["phases"][2]["name"], "Launch");
    assert_eq!(
        plan["phases"][2]["tasks"][0]["content"],
        "Write the announcement"
    );
    assert_eq!(
        plan["findings"],
        json!([
            {"id": "f1", "text": "the sandbox resets nightly", "by": "person", "at": NOW},
            {"id": f2, "text": "webhooks retry for 3 days", "by": "agent", "at": NOW},
            {"id": f3, "text": "the IdP caps tokens", "by": "agent", "at": NOW},
        ])
    );
    assert_eq!(env.rev(), 8, "one call, one rev");
    // One undo takes the whole call back.
    let before: serde_json::Value = {
        env.run(&["undo"]).is(0, "Undid: todo apply\n", "");
        env.plan()
    };
    assert_eq!(before["phases"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        before["phases"][0]["tasks"]
            .as_array()
            .map(|t| t.iter().filter(|t| t.get("removed").is_none()).count()),
        Some(3)
    );
    assert_eq!(
        before["findings"],
        json!([{"id": "f1", "text": "the sandbox resets nightly", "by": "person", "at": NOW}])
    );
}

/// Each bad call: its exit, code and message; the plan file untouched.
#[test]
fn every_error_changes_nothing_and_says_what_to_fix() {
    let env = plan();
    let long = "x".repeat(301);
    let cases: Vec<(Value, i32, &str, String)> = vec![
        (
            json!({"tasks": [{"id": "t1", "status": "done"}, {"id": "t9", "status": "done"}]}),
            3,
            "plan-missing-item",
            "\"t9\" names no task. Known task ids: t1, t2, t3, t4, t5.".into(),
        ),
        (
            json!({"objectives": [{"id": "o7", "status": "done"}]}),
            3,
            "plan-missing-item",
            "\"o7\" names no objective. Known objective ids: o1.".into(),
        ),
        (
            json!({"phases": [{"id": "p9", "status": "done"}]}),
            3,
            "plan-missing-item",
            "\"p9\" names no phase. Known phase ids: p1, p2.".into(),
        ),
        (
            json!({"add_tasks": [{"phase": "p9", "text": "x"}]}),
            3,
            "plan-missing-item",
            "\"p9\" names no phase. Known phase ids: p1, p2.".into(),
        ),
        (
            json!({"tasks": [{"id": "t1", "note": long}]}),
            5,
            "plan-invalid",
            "tasks[0].note is 301 characters long; at most 300 are allowed.".into(),
        ),
        (
            json!({"add_tasks": [{"phase": "p1", "text": long}]}),
            5,
            "plan-invalid",
            "add_tasks[0].text is 301 characters long; at most 300 are allowed.".into(),
        ),
        (
            json!({"add_findings": [long]}),
            5,
            "plan-invalid",
            "add_findings[0] is 301 characters long; at most 300 are allowed.".into(),
        ),
        (
            json!({"add_tasks": [{"phase": "p1", "text": " \t "}]}),
            5,
            "plan-invalid",
            "add_tasks[0].text is empty.".into(),
        ),
        (
            json!({"add_findings": [""]}),
            5,
            "plan-invalid",
            "add_findings[0] is empty.".into(),
        ),
        (
            json!({"tasks": [{"id": "t1", "note": "  "}]}),
            5,
            "plan-invalid",
            "tasks[0].note is empty.".into(),
        ),
        (
            json!({"tasks": [{"id": "t1", "status": "finished"}]}),
            5,
            "plan-invalid",
            "tasks[0].status \"finished\" is not a status (expected todo, doing, done, dropped).".into(),
        ),
        (
            json!({"objectives": [{"id": "o1", "status": "closed"}]}),
            5,
            "plan-invalid",
            "objectives[0].status \"closed\" is not a status (expected open, done, dropped).".into(),
        ),
        (
            json!({"phases": [{"id": "p1", "status": "blocked"}]}),
            5,
            "plan-invalid",
            "phases[0].status \"blocked\" is not a status (expected pending, active, done).".into(),
        ),
        (
            json!({"objectives": [{"id": "o1"}]}),
            5,
            "plan-invalid",
            "objectives[0] needs \"status\".".into(),
        ),
        (
            json!({"tasks": [{"status": "done"}]}),
            5,
            "plan-invalid",
            "tasks[0] needs \"id\".".into(),
        ),
        (
            json!({"tasks": [{"id": "t1", "state": "done"}]}),
            5,
            "plan-invalid",
            "tasks[0] has an unknown field \"state\" (expected id, status, note).".into(),
        ),
        (
            json!({"tasks": [], "add_task": []}),
            5,
            "plan-invalid",
            "unknown field \"add_task\" (plan_update takes tasks, objectives, phases, add_tasks, add_findings).".into(),
        ),
        (
            json!({"add_tasks": [{"phase": "p2", "text": "x", "after": "t1"}]}),
            5,
            "plan-bad-position",
            "\"after\": t1 is in phase p1 \"Auth\", not in \"p2\"; a task goes after one of its own phase.".into(),
        ),
        (
            json!({"add_tasks": [{"phase": "p1", "text": "x", "after": "t42"}]}),
            3,
            "plan-missing-item",
            "\"t42\" names no task. Known task ids: t1, t2, t3, t4, t5.".into(),
        ),
    ];
    let before = env.plan_text();
    for (input, exit, code, message) in cases {
        let run = apply(&env, &input);
        run.code(exit);
        let reply = run.json();
        assert_eq!(reply["ok"], false, "{input}");
        assert_eq!(reply["error"]["code"], code, "{input}: {run:?}");
        let text = reply["message"].as_str().unwrap_or_default();
        assert!(text.contains(&message), "{input}: {text}");
        assert_eq!(env.plan_text(), before, "{input}: nothing written");
    }
    // 300 characters exactly is within the limit.
    apply(&env, &json!({"add_findings": ["y".repeat(300)]})).ok();
}

#[test]
fn a_person_s_objective_status_is_the_person_s() {
    let env = plan();
    env.given(&[&["objective", "done", "o1"]]);
    // (o1 is the fixture's id: ids of earlier versions keep working.)
    let run = apply(
        &env,
        &json!({"objectives": [{"id": "o1", "status": "open"}]}),
    );
    run.code(7);
    assert_eq!(run.json()["error"]["code"], "set-by-person");
    assert!(
        run.json()["message"]
            .as_str()
            .unwrap()
            .contains("objective o1 \"Ship a plan people trust\" was marked done by a person; an agent may not change it."),
        "{run:?}"
    );
    // The same status again keeps the person's mark.
    apply(
        &env,
        &json!({"objectives": [{"id": "o1", "status": "done"}]}),
    )
    .ok();
    assert_eq!(env.plan()["objectives"][0]["by"], "person");
    // A person reopening takes the mark back; then the agent may.
    env.given(&[&["objective", "reopen", "o1"]]);
    assert!(env.plan()["objectives"][0].get("by").is_none());
    apply(
        &env,
        &json!({"objectives": [{"id": "o1", "status": "done"}]}),
    )
    .ok();
    assert_eq!(env.plan()["objectives"][0]["by"], "agent");
}

#[test]
fn seed_003_add_and_move_after_a_step() {
    let env = plan();
    let run = env.run_stdin(
        &["apply"],
        json!([
            {"op": "add", "title": "Audit scopes", "under": "p1", "after": "t1"},
            {"op": "move", "id": "t5", "after": "t2"},
            {"op": "add", "type": "section", "title": "Launch"},
            {"op": "add", "title": "Announce", "under": "Launch"},
        ])
        .to_string()
        .as_bytes(),
        |_| {},
    );
    run.ok();
    let plan = env.plan();
    let auth: Vec<&str> = plan["phases"][0]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t.get("removed").is_none())
        .map(|t| t["content"].as_str().unwrap())
        .collect();
    assert_eq!(
        auth,
        [
            "Wire OAuth providers",
            "Audit scopes",
            "Rotate keys",
            "Invoice export",
            "Add login rate limiting"
        ]
    );
    assert_eq!(plan["phases"][2]["name"], "Launch");
    // `after` a step of another section than `under`: bad position.
    let run = env.run_stdin(
        &["apply"],
        json!({"op": "add", "title": "x", "under": "p2", "after": "t1"})
            .to_string()
            .as_bytes(),
        |_| {},
    );
    run.code(5);
    assert_eq!(run.json()["error"]["code"], "plan-bad-position");
}

/// An agent that puts an id of another kind where a phase goes (`t2`,
/// `o1`, `f1`) has confused its ids; that is no new phase called "t2".
#[test]
fn add_tasks_with_a_task_objective_or_finding_id_as_phase_makes_no_phase() {
    for id in ["t2", "o1", "f1"] {
        let env = plan();
        let before = env.plan_text();
        let run = apply(&env, &json!({"add_tasks": [{"phase": id, "text": "x"}]}));
        run.code(3);
        let reply = run.json();
        assert_eq!(reply["error"]["code"], "plan-missing-item", "{id}: {run:?}");
        assert!(
            reply["message"]
                .as_str()
                .unwrap_or_default()
                .starts_with(&format!(
                    "Refused (plan-missing-item): \"{id}\" names no phase. Known phase ids: p1, p2."
                )),
            "{id}: {run:?}"
        );
        assert_eq!(env.plan_text(), before, "{id}");
    }
    // A phase a person named like that is still found by its name.
    let env = plan();
    env.given(&[&["append", "-p", "o1", "first"]]);
    apply(
        &env,
        &json!({"add_tasks": [{"phase": "o1", "text": "second"}]}),
    )
    .ok();
    assert_eq!(env.plan()["phases"][2]["tasks"][1]["content"], "second");
}

/// Entries apply one after another: the same task twice ends with the
/// later status; `after` may name a task added earlier in the call, even
/// in a phase the call made.
#[test]
fn entries_apply_in_order_the_later_wins_and_after_sees_earlier_additions() {
    let env = plan();
    // The call names "one", which it adds itself, by its id: with the ids
    // drawn from a fixed seed (whatever it is), a first try that names no
    // task is refused, writes nothing, and its message lists the ids the
    // call had made by then; the same call again draws the same ones.
    let call = |after: &str| {
        let input = json!({
            "tasks": [{"id": "t2", "status": "done"}, {"id": "t2", "status": "dropped"}],
            "add_tasks": [
                {"phase": "Launch", "text": "one"},
                {"phase": "Launch", "text": "three"},
                {"phase": "Launch", "text": "two", "after": after},
            ],
        });
        env.run_stdin(&["apply"], input.to_string().as_bytes(), |c| {
            c.env("TODO_ID_SEED", "7");
        })
    };
    let before = env.plan_text();
    let tried = call("t0zzzz");
    tried.code(3);
    assert_eq!(env.plan_text(), before);
    let known = tried.json()["message"].as_str().unwrap().to_string();
    let known = known
        .split("Known task ids: ")
        .nth(1)
        .and_then(|l| l.split('.').next())
        .unwrap_or_else(|| panic!("{known}"));
    let known: Vec<&str> = known.split(", ").collect();
    assert_eq!(known.len(), 7, "{known:?}");
    let (one, three) = (known[5].to_string(), known[6].to_string());
    let run = call(&one);
    run.ok();
    let reply = run.json();
    let (p3, two) = (env.phase_id("Launch"), env.id("two"));
    assert_eq!(reply["minted"], json!([p3, one, three, two]));
    assert_eq!([env.id("one"), env.id("three")], [one, three]);
    // Completed, then dropped: not completed by this call.
    assert_eq!(reply["completedTasks"], json!([]));
    let plan = env.plan();
    assert_eq!(plan["phases"][0]["tasks"][1]["status"], "abandoned");
    let launch: Vec<&str> = plan["phases"][2]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["content"].as_str().unwrap())
        .collect();
    assert_eq!(launch, ["one", "two", "three"]);
    assert_eq!(env.rev(), 8);
}

/// An agent's findings are bounded as its tasks are: a runaway agent
/// cannot grow the plan (and every `todo` print of it) by 100,000 findings.
#[test]
fn an_agent_may_not_grow_findings_or_objectives_past_the_plan_limit() {
    let env = plan();
    let before = env.plan_text();
    let many: Vec<String> = (0..300).map(|i| format!("finding {i}")).collect();
    let run = apply(&env, &json!({ "add_findings": many }));
    run.code(7);
    let reply = run.json();
    assert_eq!(reply["error"]["code"], "plan-too-large", "{run:?}");
    assert!(
        reply["message"].as_str().unwrap_or_default().starts_with(
            "Refused (plan-too-large): this change would grow the plan to 301 findings, past its limit of 300 for an agent"
        ),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before);
    // Up to the limit is fine; a person is not bounded.
    let many: Vec<String> = (0..299).map(|i| format!("finding {i}")).collect();
    apply(&env, &json!({ "add_findings": many })).ok();
    env.run(&["finding", "one more, by a person"]).ok();
    assert_eq!(env.plan()["findings"].as_array().map(Vec::len), Some(301));
    // Objectives too (an agent adds them through `todo --as agent`), under
    // the plan's own limit.
    let mut plan = env.plan();
    plan["agentTaskLimit"] = json!(2);
    env.write_plan(&format!("{plan:#}\n"));
    env.run(&["--as", "agent", "objective", "add", "one"]).ok();
    let run = env.run(&["--as", "agent", "objective", "add", "two"]);
    run.code(7);
    assert!(
        run.stderr
            .contains("grow the plan to 3 objectives, past its limit of 2"),
        "{run:?}"
    );
}
