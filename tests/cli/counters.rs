//! The id counters and `rev` at the top of their range (u64::MAX): a verb
//! that would have to go past it is refused (exit 5) and writes nothing,
//! rather than minting a duplicate id or wrapping `rev` to 0.

use crate::common::TestEnv;

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

const TASKS_SPENT: &str = "The plan's id counter nextTaskId is at its limit (18446744073709551615): no new id can be made. Nothing was changed.\n";
const PHASES_SPENT: &str = "The plan's id counter nextPhaseId is at its limit (18446744073709551615): no new id can be made. Nothing was changed.\n";

#[test]
fn append_with_the_task_counter_at_its_limit_is_refused_and_writes_nothing() {
    let env = TestEnv::new();
    let text = plan(3, 2, MAX, &["t1"]);
    env.write_plan(&text);
    env.run(&["append", "two"]).is(5, "", TASKS_SPENT);
    assert_eq!(env.plan_text(), text);
    // Twice: the first refusal must not have moved anything either.
    env.run(&["append", "three"]).is(5, "", TASKS_SPENT);
    assert_eq!(env.plan_text(), text);
    let json = env.run(&["--json", "append", "two"]).code(5).json();
    assert_eq!(json["error"]["code"], "invalid_input");
    assert_eq!(json["rev"], 3);
    // Verbs that mint nothing still work on such a plan.
    env.run(&["done", "one"]).ok();
    assert_eq!(env.rev(), 4);
    assert_eq!(env.plan()["nextTaskId"], MAX);
}

#[test]
fn a_task_id_at_the_limit_spends_the_counter_too() {
    let env = TestEnv::new();
    // The counter says 3, but t18446744073709551615 is taken: the next id
    // would have to be past it.
    let text = plan(3, 2, 3, &["t1", "t18446744073709551615"]);
    env.write_plan(&text);
    env.run(&["append", "three"]).is(5, "", TASKS_SPENT);
    assert_eq!(env.plan_text(), text);
    env.run(&["show"]).ok();
}

#[test]
fn one_below_the_limit_still_mints_its_last_id() {
    let env = TestEnv::new();
    env.write_plan(&plan(3, 2, MAX - 1, &["t1"]));
    env.run(&["append", "two"])
        .is(0, "Appended to A: Two\n", "");
    let plan = env.plan();
    assert_eq!(plan["phases"][0]["tasks"][1]["id"], "t18446744073709551614");
    assert_eq!(plan["nextTaskId"], MAX);
    env.run(&["append", "three"]).is(5, "", TASKS_SPENT);
}

#[test]
fn a_new_phase_with_the_phase_counter_at_its_limit_is_refused() {
    let env = TestEnv::new();
    let text = plan(3, MAX, 3, &["t1", "t2"]);
    env.write_plan(&text);
    env.run(&["append", "elsewhere", "two more"])
        .is(5, "", PHASES_SPENT);
    env.run(&["mv", "two", "elsewhere"]).is(5, "", PHASES_SPENT);
    assert_eq!(env.plan_text(), text);
    // An existing phase needs no new id.
    env.run(&["append", "a", "three"])
        .is(0, "Appended to A: Three\n", "");
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
    // A command that changes nothing needs no new rev: it succeeds.
    env.run(&["start", "one"]).is(0, "Started: One\n", "");
    env.run(&["show"]).ok();
    assert_eq!(env.plan_text(), text);
}
