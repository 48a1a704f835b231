//! `rev` at the top of its range (u64::MAX): a verb that would have to go
//! past it is refused (exit 5) and writes nothing, rather than wrapping
//! `rev` to 0. Version 1's id counters are gone (ids are random): a
//! version 1 file whose counters were spent takes new ids again.

use crate::common::{TestEnv, minted};

const MAX: u64 = u64::MAX;

/// Phase A (`p1`) with tasks `ids` (contents `One`, `Two`, …), the first in
/// progress.
fn plan(rev: u64, next_phase: u64, next_task: u64, ids: &[&str]) -> String {
    let words = ["One", "Two", "Three"];
    let tasks: Vec<String> = ids
        .iter()
        .zip(words)
        .enumerate()
        .map(|(i, (id, word))| {
            let status = if i == 0 { "in_progress" } else { "pending" };
            format!(r#"        {{ "id": "{id}", "content": "{word}", "status": "{status}" }}"#)
        })
        .collect();
    format!(
        r#"{{
  "version": 1,
  "rev": {rev},
  "nextPhaseId": {next_phase},
  "nextTaskId": {next_task},
  "phases": [
    {{
      "id": "p1",
      "name": "A",
      "tasks": [
{}
      ]
    }}
  ]
}}
"#,
        tasks.join(",\n")
    )
}

/// The ids of the tasks in the plan file, tombstones left out.
fn task_ids(env: &TestEnv) -> Vec<String> {
    crate::common::tasks(&env.plan())
        .filter(|t| t.get("removed").is_none())
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn spent_counters_of_a_version_1_file_no_longer_stop_new_ids() {
    // Version 1's counters at u64::MAX once refused every new id; ids are
    // random now, so such a file takes new tasks and phases, each under
    // an id no other item has, and is written without counters.
    let env = TestEnv::new();
    env.write_plan(&plan(3, MAX, MAX, &["t1", "t18446744073709551615"]));
    env.run(&["append", "three"])
        .is(0, "Appended to A: Three\n", "");
    env.run(&["append", "elsewhere", "four"]).is(
        0,
        "Appended to Elsewhere: Four\nCreated phase \"Elsewhere\".\n",
        "",
    );
    let ids = task_ids(&env);
    assert_eq!(ids[..2], ["t1", "t18446744073709551615"]);
    assert!(
        minted(&ids[2], 't') && minted(&ids[3], 't') && ids[2] != ids[3],
        "{ids:?}"
    );
    assert!(minted(&env.phase_id("Elsewhere"), 'p'));
    let plan = env.plan();
    assert_eq!(plan["version"], 2);
    for gone in ["rev", "nextTaskId", "nextPhaseId"] {
        assert!(plan.get(gone).is_none(), "{gone} in {plan}");
    }
    // The rev read from the version 1 file goes on from there.
    assert_eq!(env.rev(), 5);
}

#[test]
fn a_change_with_rev_at_its_limit_is_refused_and_writes_nothing() {
    let env = TestEnv::new();
    let text = plan(MAX, 2, 3, &["t1", "t2"]);
    env.write_plan(&text);
    let spent = "The plan's rev is at its limit (18446744073709551615): no change can be recorded. Nothing was changed.\n";
    env.run(&["done", "one"]).is(5, "", spent);
    env.run(&["append", "three"]).is(5, "", spent);
    env.run(&["rm"]).is(5, "", spent);
    assert_eq!(env.plan_text(), text);
    let json = env.run(&["--json", "done"]).code(5).json();
    assert_eq!(json["error"]["code"], "invalid_input");
    assert_eq!(json["rev"], MAX);
    assert_eq!(env.plan_text(), text);
    // A command that changes nothing needs no new rev: it succeeds. (A
    // person's `start` of the task the rule started records the decision:
    // a change, refused here as the others.)
    env.run(&["unblock", "two"]).is(
        0,
        "Not blocked: Two (it is pending); nothing changed.\n",
        "",
    );
    env.run(&["start", "one"]).is(5, "", spent);
    env.run(&["show"]).ok();
    assert_eq!(env.plan_text(), text);
}
