//! Large plans: verbs that touch a whole phase, and the merge driver, stay
//! linear in the size of the plan (issue 11). Each run has a time limit far
//! above what a linear run takes even in a debug build, and far below what
//! the quadratic code took (minutes at these sizes); a run over the limit
//! is killed and fails the test.

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Run, TestEnv, big_plan as big_plan_of, run_within};

/// Generous: a linear debug build needs about a second for these.
const LIMIT: Duration = Duration::from_secs(40);

/// `n` tasks in phase `p1` ("Big"), then one small phase `p2` ("After")
/// with one pending task. Every status occurs: of each ten tasks four are
/// completed, one abandoned, one blocked and four pending; the first
/// pending one is in progress.
fn big_plan(n: usize) -> String {
    big_plan_of([("Big", n), ("After", 1)], |id| match (id - 1) % 10 {
        _ if id > n => json!({"content": "The last one", "status": "pending"}),
        0..=3 => json!({"status": "completed"}),
        4 => json!({"status": "abandoned", "droppedBy": "user"}),
        5 => json!({"status": "blocked", "blocker": "vendor"}),
        6 if id == 7 => json!({"status": "in_progress"}),
        _ => json!({"status": "pending"}),
    })
    .to_string()
}

const N: usize = 20_000;

fn open_ids(plan: &Value, phase: usize) -> Vec<String> {
    plan["phases"][phase]["tasks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| {
            matches!(
                t["status"].as_str(),
                Some("pending" | "in_progress" | "blocked")
            )
        })
        .map(|t| t["id"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn reported_ids(json: &Value) -> Vec<String> {
    json["tasks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t["id"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn statuses(plan: &Value, phase: usize) -> Vec<String> {
    plan["phases"][phase]["tasks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t["status"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn timed(env: &TestEnv, args: &[&str]) -> Run {
    let mut cmd = env.command();
    cmd.args(args);
    run_within(&mut cmd, LIMIT)
}

#[test]
fn done_with_no_argument_on_a_huge_phase_is_linear_and_reports_every_task_once() {
    let env = TestEnv::new();
    env.write_plan(&big_plan(N));
    let before = env.plan();
    let mut open = open_ids(&before, 0);
    open.extend(open_ids(&before, 1));
    let run = timed(&env, &["--json", "done"]);
    run.code(0);
    let json = run.json();
    assert_eq!(json["message"], "Marked all tasks completed.");
    assert_eq!(json["rev"], 2);
    assert_eq!(reported_ids(&json), open, "every open task, in plan order");
    assert_eq!(json["tasks"][0]["status"], "completed");
    assert_eq!(json["tasks"][0]["phase"]["name"], "Big");
    let after = env.plan();
    // Finished work is never rewritten: abandoned stays abandoned.
    for (i, st) in statuses(&after, 0).iter().enumerate() {
        let want = if i % 10 == 4 {
            "abandoned"
        } else {
            "completed"
        };
        assert_eq!(st, want, "task t{}", i + 1);
    }
    assert_eq!(statuses(&after, 1), ["completed"]);
    assert!(!env.plan_text().contains("blocker"), "blockers are cleared");
}

#[test]
fn drop_on_a_huge_phase_drops_only_its_open_tasks_and_starts_the_next_phase() {
    let env = TestEnv::new();
    env.write_plan(&big_plan(N));
    let open = open_ids(&env.plan(), 0);
    let run = timed(&env, &["--json", "drop", "big"]);
    run.code(0);
    let json = run.json();
    assert_eq!(
        json["message"],
        "Marked phase Big abandoned (10000 tasks: \"Task number 6 of the big plan, with a few words\", \
         \"Task number 7 of the big plan, with a few words\", \"Task number 8 of the big plan, with a few words\" \
         and 9997 more).\nNow in progress: The last one (in After)"
    );
    assert_eq!(reported_ids(&json), open);
    let after = env.plan();
    for (i, st) in statuses(&after, 0).iter().enumerate() {
        let want = if i % 10 < 4 { "completed" } else { "abandoned" };
        assert_eq!(st, want, "task t{}", i + 1);
    }
    // Nothing open is left in Big: the one task after it is started, once.
    assert_eq!(statuses(&after, 1), ["in_progress"]);
    assert_eq!(env.rev(), 2);
}

#[test]
fn block_and_unblock_on_a_huge_phase_are_linear() {
    let env = TestEnv::new();
    env.write_plan(&big_plan(N));
    let open = open_ids(&env.plan(), 0);
    let run = timed(&env, &["--json", "block", "big", "--reason", "freeze"]);
    run.code(0);
    assert_eq!(reported_ids(&run.json()), open);
    let after = env.plan();
    assert_eq!(statuses(&after, 1), ["in_progress"]);
    let blocked = statuses(&after, 0)
        .iter()
        .filter(|s| *s == "blocked")
        .count();
    assert_eq!(blocked, open.len());

    let run = timed(&env, &["--json", "unblock", "big"]);
    run.code(0);
    assert_eq!(reported_ids(&run.json()), open);
    let after = env.plan();
    // Every one pending again; the task in progress elsewhere stays so.
    let pending = statuses(&after, 0)
        .iter()
        .filter(|s| *s == "pending")
        .count();
    assert_eq!(pending, open.len());
    assert_eq!(statuses(&after, 1), ["in_progress"]);
    assert_eq!(env.rev(), 3);
}

#[test]
fn rm_and_prune_on_a_huge_phase_are_linear() {
    let env = TestEnv::new();
    env.write_plan(&big_plan(N));
    let run = timed(&env, &["--json", "prune"]);
    run.code(0);
    assert_eq!(
        run.json()["message"],
        format!("Pruned {} finished tasks and 0 empty phases.", N / 2)
    );
    let run = timed(&env, &["--json", "rm", "big"]);
    run.code(0);
    let json = run.json();
    assert_eq!(
        json["message"],
        "Removed phase: Big\nNow in progress: The last one"
    );
    assert_eq!(json["phases"][0]["tasks"], N / 2);
    assert_eq!(env.statuses().len(), 1);
}
