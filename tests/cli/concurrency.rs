//! Real processes racing for the plan, and real SIGKILLs in the middle of a write.

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::{HUNG, Running, TestEnv, big_plan};

#[test]
fn fifty_concurrent_appends_leave_fifty_tasks_and_fifty_revs() {
    let env = TestEnv::new();
    let children: Vec<_> = (0..50)
        .map(|i| env.start(&["append", "-q", &format!("task number {i}")], b""))
        .collect();
    for child in children {
        child.finish(HUNG).ok();
    }
    let contents: BTreeSet<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
    let want: BTreeSet<String> = (0..50).map(|i| format!("Task number {i}")).collect();
    assert_eq!(contents, want);
    assert_eq!(env.rev(), 50);
    let ids: BTreeSet<String> = env.plan()["phases"][0]["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 50, "ids are unique");
}

#[test]
#[cfg_attr(todo_tests_no_flock, ignore = "flock(1) is not installed (util-linux)")]
fn a_held_lock_makes_a_writer_wait_then_give_up_with_exit_4() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    if !crate::common::has("flock") {
        crate::common::missing_tool("flock(1) is not installed");
        return;
    }
    // The holder says when it has the lock, and keeps it until its stdin
    // closes.
    let holder = Running::start(
        Command::new("flock")
            .arg(&env.root)
            .args(["sh", "-c", "echo held; cat >/dev/null"])
            .stdin(Stdio::piped()),
    );
    assert_eq!(holder.line(HUNG), "held");
    let before = env.plan_text();
    let started = Instant::now();
    let run = env.run_with(&["append", "b"], |c| {
        c.env("TODO_LOCK_TIMEOUT_MS", "500");
    });
    let waited = started.elapsed();
    run.is(
        4,
        "",
        &format!(
            "Timed out after 0.5 s waiting for another todo to finish with {}.\n",
            env.plan_path().display()
        ),
    );
    assert!(waited >= Duration::from_millis(500), "it waited {waited:?}");
    assert_eq!(env.plan_text(), before);
    // Readers do not wait for the lock.
    env.run(&["next"]).is(0, "A\n", "");
    // Once the holder is gone, the writer gets through.
    holder.finish(HUNG).ok();
    env.run(&["append", "b"]).ok();
}

/// A tiny deterministic PRNG so the test needs no extra crates.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn sigkill_at_any_moment_leaves_the_old_plan_or_the_new_one() {
    let env = TestEnv::new();
    // A large plan makes each write take long enough to be hit mid-way.
    let plan = big_plan(
        [("Bulk", 20_000)],
        |n| json!({"status": if n == 1 { "in_progress" } else { "pending" }}),
    );
    env.write_plan(&plan.to_string());
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ u64::from(std::process::id()));
    // Calibrate: how long does one command take here, start to exit?
    let started = Instant::now();
    env.run(&["append", "-q", "-p", "Bulk", "calibration"]).ok();
    let span = started.elapsed().as_micros() as u64 * 6 / 5 + 1;
    let (mut killed, mut finished, mut old_state, mut new_state) = (0, 0, 0, 0);
    let mut expected: Vec<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
    let rounds = 60;
    for round in 0..rounds {
        let before_rev = env.rev();
        let content = format!("Crash round {round}");
        let mut child = env
            .command()
            .args(["append", "-q", "-p", "Bulk", &content])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        // Kill somewhere in the command's life, or just after it. A real
        // pause, kept on purpose: the random moment of the kill is what
        // this test is about, and no event marks "mid-write".
        std::thread::sleep(Duration::from_micros(rng.next() % span));
        let _ = child.kill(); // SIGKILL
        let status = child.wait().expect("wait");
        if status.success() {
            finished += 1;
        } else {
            killed += 1;
        }
        // Whatever happened, the plan parses and is the old or the new state.
        let now: Vec<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
        let rev = env.rev();
        if rev == before_rev {
            assert_eq!(now, expected, "round {round}: same rev, same tasks");
            old_state += 1;
        } else {
            new_state += 1;
            assert_eq!(rev, before_rev + 1, "round {round}");
            expected.push(content);
            assert_eq!(now, expected, "round {round}: one more task");
        }
    }
    // The next command cleans up any temporary file a kill stranded.
    env.run(&["append", "-q", "after the storm"]).ok();
    let litter: Vec<_> = std::fs::read_dir(&env.root)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".git" && n != ".todo.json")
        .collect();
    assert!(litter.is_empty(), "left behind: {litter:?}");
    println!(
        "crash test: {rounds} rounds, {killed} killed by SIGKILL, {finished} finished first; \
         plan afterwards: {old_state} old, {new_state} new, 0 torn"
    );
    assert!(
        killed > 0,
        "no command was actually killed; the test proved nothing"
    );
}

/// Twenty workers race `todo claim --next` on ten ready tasks: the claim is
/// made under the plan's lock in the transaction that reads what is
/// ready, so ten get ten different tasks, all ten in progress at once
/// (one per owner), and ten are turned away with exit 1; nothing is lost
/// and `rev` rose by exactly ten.
#[test]
fn twenty_workers_claiming_next_take_ten_different_tasks_and_ten_are_refused() {
    let env = TestEnv::new();
    for i in 0..10 {
        env.run(&["append", "-q", &format!("job {i}")]).ok();
    }
    let rev = env.rev();
    let children: Vec<_> = (0..20)
        .map(|i| {
            env.start(
                &["--json", "claim", "--next", "--owner", &format!("w{i}")],
                b"",
            )
        })
        .collect();
    let mut won: Vec<(String, String)> = Vec::new();
    let mut refused = 0;
    for (i, child) in children.into_iter().enumerate() {
        let out = child.finish(HUNG);
        let reply = out.json();
        match out.code {
            0 => {
                assert_eq!(reply["owner"], format!("w{i}"), "{reply}");
                let id = reply["tasks"][0]["id"]
                    .as_str()
                    .expect("the task")
                    .to_string();
                won.push((format!("w{i}"), id));
            }
            1 => {
                refused += 1;
                assert_eq!(reply["changed"], false, "{reply}");
            }
            _ => panic!("{out:?}"),
        }
    }
    assert_eq!(won.len(), 10, "{won:?}");
    assert_eq!(refused, 10);
    let tasks: BTreeSet<&String> = won.iter().map(|(_, t)| t).collect();
    assert_eq!(tasks.len(), 10, "ten different tasks: {won:?}");
    // In the file: every task in progress, each held by the one worker
    // that was told it won it.
    let plan = env.plan();
    let file: Vec<(String, String, String)> = plan["phases"][0]["tasks"]
        .as_array()
        .expect("tasks")
        .iter()
        .map(|t| {
            (
                t["id"].as_str().unwrap_or_default().to_string(),
                t["status"].as_str().unwrap_or_default().to_string(),
                t["owner"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(file.len(), 10, "nothing lost: {file:?}");
    for (id, status, owner) in &file {
        assert_eq!(status, "in_progress", "{file:?}");
        assert!(
            won.contains(&(owner.clone(), id.clone())),
            "{file:?} vs {won:?}"
        );
    }
    assert_eq!(env.rev(), rev + 10);
    env.run(&["ready"]).code(1);
}
