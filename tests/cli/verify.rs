//! Done that is proven: a task's check (`todo verify`, `append --verify`)
//! runs when the task is completed, through every path a person or an
//! agent takes; nothing runs before a person trusted it on this machine;
//! `todo check --verify` reruns them; `todo show --summary` counts them.

use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::common::{HUNG, Run, Running, TestEnv, missing_tool, wait_until};

/// The task whose text is `content`, as the plan file holds it.
fn task(env: &TestEnv, content: &str) -> Value {
    crate::common::task(&env.plan(), content).clone()
}

/// A project with one task whose check is `command`, trusted here.
fn with_check(command: &str) -> (TestEnv, String) {
    let env = TestEnv::new();
    env.run(&["append", "Auth", "wire oauth", "--verify", command])
        .ok();
    env.run(&["trust", "--yes"]).ok();
    let id = env.id("Wire oauth");
    (env, id)
}

/// A real git repository with one commit, for the commit a proof names.
fn git_repo(env: &TestEnv) -> Option<String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(&env.root)
            .env("HOME", &env.home)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    std::fs::remove_dir_all(env.root.join(".git")).ok()?;
    git(&["init", "-q"])?;
    git(&[
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "start",
    ])?;
    let out = git(&["rev-parse", "HEAD"])?;
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn a_failing_check_refuses_done_and_changes_nothing() {
    let (env, id) = with_check("echo first; echo 'the real failure'; exit 3");
    let before = env.plan_text();
    let rev = env.rev();
    let out = env.run(&["done", &id]);
    out.code(8);
    assert_eq!(out.stdout, "");
    let err = &out.stderr;
    assert!(
        err.starts_with(&format!(
            "Refused (check-failed): {id} \"Wire oauth\" is not done: its check failed (exit 3, "
        )),
        "{out:?}"
    );
    assert!(err.contains("  | the real failure\n"), "{out:?}");
    assert!(
        err.contains(&format!("run `todo done {id}` again")),
        "{out:?}"
    );
    assert_eq!(env.plan_text(), before);
    assert_eq!(env.rev(), rev);
    // `--json`: its own code, the same exit status.
    let out = env.run(&["--json", "done", &id]);
    out.code(8);
    assert_eq!(out.json()["error"]["code"], "check-failed");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_passing_check_records_its_proof_and_runs_in_the_project_root() {
    let env = TestEnv::new();
    let Some(head) = git_repo(&env) else {
        return missing_tool("git");
    };
    env.run(&["append", "Auth", "wire oauth", "--verify", "pwd > ran-here"])
        .ok();
    env.run(&["trust", "--yes"]).ok();
    let sub = env.root.join("src");
    std::fs::create_dir_all(&sub).unwrap();
    let out = env.run_in(&sub, &["done", "oauth"]);
    out.is(
        0,
        "Marked completed: Wire oauth\nCheck passed: pwd > ran-here\n",
        "",
    );
    let ran_in = std::fs::read_to_string(env.root.join("ran-here")).unwrap();
    assert_eq!(
        Path::new(ran_in.trim()).canonicalize().unwrap(),
        env.root.canonicalize().unwrap()
    );
    let t = task(&env, "Wire oauth");
    assert_eq!(t["status"], "completed");
    // `--json` replies with the proof it recorded.
    env.run(&["reopen", "oauth"]).ok();
    let reply = env.run_in(&sub, &["--json", "done", "oauth"]);
    reply.ok();
    let recorded = task(&env, "Wire oauth")["proof"].clone();
    assert_eq!(reply.json()["tasks"][0]["proof"], recorded);
    assert_eq!(recorded["exit"], 0);
    let proof = &t["proof"];
    assert_eq!(proof["command"], "pwd > ran-here");
    assert_eq!(proof["exit"], 0);
    assert_eq!(proof["at"], "2026-01-02T03:04:05Z");
    assert_eq!(proof["commit"], head.as_str());
    assert!(proof["ms"].is_u64(), "{proof}");
    // Shown so: the checklist says it was verified.
    env.run(&["show"]).is(
        0,
        "# Auth\n- [x] Wire oauth <!-- verify: pwd > ran-here --> <!-- todo: verified -->\n",
        "",
    );
    // Reopened, the proof goes: it proved a done that no longer is.
    env.run(&["reopen", "oauth"]).ok();
    assert!(task(&env, "Wire oauth").get("proof").is_none());
}

#[test]
fn a_check_that_runs_too_long_is_stopped_and_refused() {
    // The check's sleep stays: a check that runs too long is the case.
    let (env, id) = with_check("echo started; sleep 30");
    env.run(&["verify", &id, "--timeout", "1"]).ok();
    let before = env.plan_text();
    let start = std::time::Instant::now();
    let out = env.run(&["done", &id]);
    out.code(8);
    assert!(out.stderr.contains("timed out after 1 s"), "{out:?}");
    assert!(out.stderr.contains("  | started"), "{out:?}");
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert_eq!(env.plan_text(), before);
}

#[test]
fn no_verify_is_a_persons_and_recorded_as_unverified() {
    let (env, id) = with_check("exit 1");
    // An agent may not skip the check, whatever it says.
    let before = env.plan_text();
    let out = env.run(&["--as", "agent", "done", "--no-verify", &id]);
    out.code(7);
    assert!(
        out.stderr
            .starts_with("Refused (op-not-allowed): an agent may not skip"),
        "{out:?}"
    );
    assert_eq!(env.plan_text(), before);
    env.run(&["done", "--no-verify", &id]).is(
        0,
        "Marked completed: Wire oauth\nUnverified (--no-verify): Wire oauth — check not run: exit 1\n",
        "",
    );
    let t = task(&env, "Wire oauth");
    assert_eq!(t["status"], "completed");
    assert_eq!(t["proof"]["unverified"], true);
    assert!(t["proof"].get("exit").is_none(), "{t}");
    env.run(&["show"]).is(
        0,
        "# Auth\n- [x] Wire oauth <!-- verify: exit 1 --> <!-- todo: unverified -->\n",
        "",
    );
    // The pull request's checklist says so too.
    let gfm = env.run(&["export", "--format", "gfm", "-"]);
    assert!(
        gfm.stdout.contains("--> (check not run: exit 1)\n"),
        "{gfm:?}"
    );
    env.run(&["show", "--summary"])
        .is(0, "1/1 done · 0 verified\n", "");
}

#[test]
fn an_agent_cannot_skip_a_failing_check_by_any_path() {
    let (env, id) = with_check("echo 'test auth::login ... FAILED'; exit 101");
    let before = env.plan_text();
    // A verb.
    let out = env.run(&["--as", "agent", "done", &id]);
    out.code(8);
    assert!(out.stderr.contains("auth::login ... FAILED"), "{out:?}");
    // `todo apply`, in two dialects: the failing output is the reason.
    for ops in [
        json!({"op": "done", "task": "Wire oauth"}),
        json!({"tasks": [{"id": id, "status": "done"}]}),
    ] {
        let out = env.run_stdin(&["apply"], ops.to_string().as_bytes(), |_| {});
        out.code(8);
        let v = out.json();
        assert_eq!(v["error"]["code"], "check-failed", "{v}");
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| m.contains("auth::login ... FAILED")),
            "{v}"
        );
    }
    // A hook: the agent's own list says completed; a hook never runs a
    // check, so the agent is told to run `todo done` itself, which runs it;
    // the hook exits 0.
    let input = json!({
        "session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TodoWrite",
        "tool_input": {"todos": [{"content": "Wire oauth", "status": "completed"}]}
    });
    let out = env.run_stdin(&["hook", "post-tool"], input.to_string().as_bytes(), |_| {});
    out.ok();
    let v = out.json();
    assert_eq!(v["decision"], "block", "{v}");
    assert!(
        v["reason"]
            .as_str()
            .is_some_and(|r| r.contains("a hook does not run checks")
                && r.contains(&format!("Run `todo done {id}` yourself"))),
        "{v}"
    );
    assert_eq!(task(&env, "Wire oauth")["status"], "in_progress");
    // Nor by weakening the check.
    for args in [
        &["--as", "agent", "verify", &id, "true"][..],
        &["--as", "agent", "verify", &id, "--remove"],
        &["--as", "agent", "verify", &id, "--timeout", "1"],
    ] {
        let out = env.run(args);
        out.code(7);
        assert!(
            out.stderr.contains("an agent may not change or remove it"),
            "{out:?}"
        );
    }
    assert_eq!(env.plan_text(), before);
    // A person may change it; then the agent's done passes and is proven.
    env.run(&["verify", &id, "echo fixed"]).ok();
    env.run(&["trust", "--yes"]).ok();
    env.run(&["--as", "agent", "done", &id]).ok();
    let t = task(&env, "Wire oauth");
    assert_eq!(
        (&t["status"], &t["by"]),
        (&json!("completed"), &json!("agent"))
    );
    assert_eq!(t["proof"]["exit"], 0);
}

/// A plan from a fresh clone whose check would write outside the project.
fn cloned_with_hostile_check(env: &TestEnv, outside: &Path) {
    let command = format!("touch {}", outside.display());
    let plan = json!({
        "version": 2,
        "phases": [{ "id": "p1", "name": "Auth", "tasks": [
            { "id": "t1", "content": "Wire oauth", "status": "in_progress", "verify": command }
        ]}]
    });
    env.write_plan(&plan.to_string());
}

#[test]
fn an_untrusted_check_from_a_fresh_clone_never_runs() {
    let env = TestEnv::new();
    let outside = env.home.join("pwned");
    cloned_with_hostile_check(&env, &outside);
    let before = env.plan_text();
    // A person's done: refused, with the command and the way to trust it.
    let out = env.run(&["done", "t1"]);
    out.code(7);
    assert!(
        out.stderr.starts_with(
            "Refused (check-untrusted): t1 \"Wire oauth\" has a check not trusted on this machine, so it did not run:\n  touch "
        ),
        "{out:?}"
    );
    assert!(out.stderr.contains("run `todo trust`"), "{out:?}");
    assert!(out.stderr.contains("TODO_TRUST_CHECKS=1"), "{out:?}");
    // An agent's, through a verb, apply and a hook, even with CI's
    // variable set: an agent never takes it.
    let ci = |c: &mut Command| {
        c.env("TODO_TRUST_CHECKS", "1");
    };
    env.run_with(&["--as", "agent", "done", "t1"], ci).code(7);
    let ops = json!({"op": "done", "task": "t1"}).to_string();
    let out = env.run_stdin(&["apply"], ops.as_bytes(), ci);
    out.code(7);
    assert_eq!(out.json()["error"]["code"], "check-untrusted");
    let input = json!({
        "session_id": "s1", "cwd": env.root, "hook_event_name": "PostToolUse",
        "tool_name": "TodoWrite",
        "tool_input": {"todos": [{"content": "Wire oauth", "status": "completed"}]}
    });
    env.run_stdin(&["hook", "post-tool"], input.to_string().as_bytes(), ci)
        .ok();
    // `check --verify` does not run it either: not run, and failing.
    env.run_with(&["done", "--no-verify", "t1"], |_| {}).ok();
    let out = env.run(&["check", "--verify"]);
    out.code(1);
    assert!(out.stdout.starts_with("untrusted "), "{out:?}");
    assert!(!outside.exists(), "an untrusted check ran");
    // The person's `--no-verify` was the only change.
    assert_ne!(env.plan_text(), before);
    assert_eq!(task(&env, "Wire oauth")["proof"]["unverified"], true);
}

#[test]
fn ci_opts_in_by_its_variable_and_a_person_by_todo_trust() {
    let env = TestEnv::new();
    let outside = env.home.join("ran");
    cloned_with_hostile_check(&env, &outside);
    env.run_with(&["done", "t1"], |c| {
        c.env("TODO_TRUST_CHECKS", "1");
    })
    .ok();
    assert!(outside.exists());
    assert_eq!(task(&env, "Wire oauth")["proof"]["exit"], 0);
}

#[test]
fn trust_lists_the_commands_and_a_changed_command_asks_again() {
    let env = TestEnv::new();
    env.run(&["append", "Auth", "wire oauth", "--verify", "echo one"])
        .ok();
    // Not a terminal and no --yes: nothing is trusted.
    let out = env.run(&["trust"]);
    out.code(7);
    assert!(out.stderr.contains("  NEW      echo one\n"), "{out:?}");
    assert!(out.stderr.contains("todo trust --yes"), "{out:?}");
    env.run(&["done", "oauth"]).code(7);
    let out = env.run(&["trust", "--yes"]);
    out.ok();
    assert!(
        out.stdout.contains("Trusted 1 check(s) on this machine"),
        "{out:?}"
    );
    let out = env.run(&["trust"]);
    out.ok();
    assert!(out.stdout.contains("  trusted  echo one\n"), "{out:?}");
    // The command changes (a pull, a hand edit): it is asked for again.
    env.run(&["verify", "oauth", "echo two"]).ok();
    let out = env.run(&["done", "oauth"]);
    out.code(7);
    assert!(out.stderr.contains("\n  echo two\n"), "{out:?}");
    assert!(env.run(&["trust"]).stderr.contains("  NEW      echo two\n"));
    // The trust lives in the user's data directory, not the project.
    env.run(&["trust", "--yes"]).ok();
    let kept = env.home.join(".local/share/todo/trusted-checks.jsonl");
    assert!(std::fs::read_to_string(kept).unwrap().contains("echo two"));
    env.run(&["done", "oauth"]).ok();
    // An agent may not trust.
    env.run(&["--as", "agent", "trust", "--yes"]).code(7);
}

#[test]
fn trust_asks_a_person_at_a_terminal_and_no_is_the_default() {
    let env = TestEnv::new();
    env.run(&["append", "Auth", "wire oauth", "--verify", "echo one"])
        .ok();
    let mut term = env.terminal(&["trust"], |_| {});
    term.expect("NEW      echo one");
    term.expect("[y/N]");
    term.send_line("");
    let (code, _) = term.finish();
    assert_eq!(code, 7);
    env.run(&["done", "oauth"]).code(7);
    let mut term = env.terminal(&["trust"], |_| {});
    term.expect("[y/N]");
    term.send_line("y");
    let (code, screen) = term.finish();
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("Trusted 1 check(s)"), "{screen}");
    env.run(&["done", "oauth"]).ok();
}

#[test]
fn check_verify_catches_a_check_that_stopped_passing() {
    let env = TestEnv::new();
    std::fs::write(env.root.join("marker"), "").unwrap();
    env.given(&[
        &["append", "Auth", "wire oauth", "--verify", "test -f marker"],
        &["append", "Auth", "rotate keys", "--verify", "echo fine"],
        &["append", "Auth", "write docs"],
        &["trust", "--yes"],
        &["done", "Auth"],
    ]);
    env.run(&["check", "--verify"]).ok();
    std::fs::remove_file(env.root.join("marker")).unwrap();
    let out = env.run(&["check", "--verify", "--jobs", "2"]);
    out.code(1);
    let (oauth, keys) = (env.id("Wire oauth"), env.id("Rotate keys"));
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!("failed    {oauth}")),
        "{out:?}"
    );
    assert!(
        lines[0].ends_with("test -f marker  (Auth: Wire oauth)"),
        "{out:?}"
    );
    assert!(
        lines[1].starts_with(&format!("passed    {keys}")),
        "{out:?}"
    );
    assert!(
        out.stdout.contains("2 check(s): 1 passed, 1 not passing."),
        "{out:?}"
    );
    assert!(
        out.stdout
            .contains(&format!("{oauth} \"Wire oauth\": test -f marker (exit 1):"))
    );
    let out = env.run(&["--json", "check", "--verify"]);
    out.code(1);
    let v = out.json();
    let results: Vec<(&str, &str)> = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap(), c["result"].as_str().unwrap()))
        .collect();
    assert_eq!(
        results,
        [(oauth.as_str(), "failed"), (keys.as_str(), "passed")]
    );
    // The pull request's checklist shows what this commit proved.
    let gfm = env.run(&["export", "--format", "gfm", "-"]);
    gfm.ok();
    assert!(
        gfm.stdout.contains("--> (check failed: test -f marker)\n"),
        "{gfm:?}"
    );
    assert!(
        gfm.stdout.contains("--> (check passed: echo fine)\n"),
        "{gfm:?}"
    );
    assert!(!gfm.stdout.contains("write docs --> (check"), "{gfm:?}");
    // No checks at all: nothing to verify, and that is fine (its open
    // work is `check`'s to fail on).
    let empty = TestEnv::new();
    empty.run(&["append", "a"]).ok();
    empty.run(&["check", "--verify", "--allow-open"]).is(
        0,
        "No completed task has a check; nothing to verify.\n",
        "",
    );
    // A job limit of 0 is a usage error.
    env.run(&["check", "--verify", "--jobs", "0"]).code(2);
}

#[test]
fn a_check_survives_every_round_trip() {
    let (env, id) = with_check("cargo test auth --  --exact");
    env.run(&["verify", &id, "--timeout", "90"]).ok();
    env.run(&["done", "--no-verify", &id]).ok();
    env.run(&[
        "append",
        "Auth",
        "rotate keys",
        "--verify",
        "make keys && echo '<!-- x -->'",
    ])
    .ok();
    let want = |env: &TestEnv| {
        let a = task(env, "Wire oauth");
        let b = task(env, "Rotate keys");
        (
            a["verify"].clone(),
            a["verifyTimeout"].clone(),
            a["proof"].clone(),
            b["verify"].clone(),
        )
    };
    let original = want(&env);
    assert_eq!(original.0, "cargo test auth --  --exact");
    assert_eq!(original.1, 90);
    for format in ["md", "gfm", "json"] {
        let out = env.run(&["export", "--format", format, "-"]);
        out.ok();
        let file = env.home.join(format!("export.{format}"));
        std::fs::write(&file, &out.stdout).unwrap();
        env.run(&["import", file.to_str().unwrap()]).ok();
        assert_eq!(want(&env), original, "through {format}:\n{}", out.stdout);
    }
    // An edit that changes nothing else keeps it; one that changes the
    // command is the person's change.
    let editor = env.script("ed.sh", "sed -i 's/make keys/make all-keys/' \"$1\"");
    env.run_with(&["edit"], |c| {
        c.env("EDITOR", &editor).env("TMPDIR", &env.home);
    })
    .ok();
    assert_eq!(task(&env, "Wire oauth")["verify"], original.0);
    assert_eq!(
        task(&env, "Rotate keys")["verify"],
        "make all-keys && echo '<!-- x -->'"
    );
    // Undo puts the check back as it was, and takes a new one away.
    env.run(&["undo"]).ok();
    assert_eq!(want(&env), original);
    env.run(&["verify", "keys", "--remove"])
        .is(0, "Removed the check of Rotate keys.\n", "");
    assert!(task(&env, "Rotate keys").get("verify").is_none());
    env.run(&["undo"]).ok();
    assert_eq!(want(&env), original);
    // Agents read it: in apply's reply and `show --json`.
    let out = env.run_stdin(&["apply"], br#"{"op":"view"}"#, |_| {});
    assert!(
        out.json()["message"].as_str().is_some_and(
            |m| m.contains("<!-- verify: make keys &amp;&amp; echo '&lt;!-- x --&gt;' -->")
        ),
        "{out:?}"
    );
}

#[test]
fn verify_sets_shows_and_refuses_what_is_not_a_check() {
    let env = TestEnv::new();
    env.run(&["append", "wire oauth"]).ok();
    env.run(&["verify", "oauth"]).is(
        0,
        &format!(
            "Wire oauth has no check. Give it one: todo verify {} \"<command>\"\n",
            env.id("Wire oauth")
        ),
        "",
    );
    env.run(&["verify", "oauth", "cargo test"]).is(
        0,
        "Wire oauth now has a check (`todo done` runs it first): cargo test\n",
        "",
    );
    env.run(&["verify", "oauth"])
        .is(0, "Check of Wire oauth: cargo test\n", "");
    let before = env.plan_text();
    for bad in ["", "   ", "two\nlines"] {
        let out = env.run(&["verify", "oauth", bad]);
        out.code(2);
        assert!(
            out.stderr.contains("a check is a command on one line"),
            "{out:?}"
        );
    }
    env.run(&["verify", "nothing-like-it", "x"]).code(3);
    env.run(&["append", "other", "--verify", ""]).code(2);
    assert_eq!(env.plan_text(), before);
}

#[test]
fn summary_is_one_line_for_prompts_and_ci() {
    let env = TestEnv::new();
    env.run(&["show", "--summary"]).is(0, "0/0 done\n", "");
    env.given(&[
        &["append", "Auth", "a1", "--verify", "true"],
        &["append", "Auth", "a2"],
        &["append", "Auth", "a3"],
        &["append", "Ship", "s1"],
        &["append", "Ship", "s2"],
        &["append", "Ship", "s3"],
        &["trust", "--yes"],
        &["done", "a1"],
        &["done", "a2"],
        &["block", "s1"],
        &["drop", "s3"],
    ]);
    env.run(&["show", "--summary"])
        .is(0, "2/5 done · 1 verified · Auth 2/3 · 1 blocked\n", "");
    let v = env.run(&["--json", "show", "--summary"]).json();
    assert_eq!(
        v["summary"],
        json!({
            "done": 2, "total": 5, "verified": 1, "blocked": 1,
            "phase": {"id": env.phase_id("Auth"), "name": "Auth", "done": 2, "total": 3},
            "line": "2/5 done · 1 verified · Auth 2/3 · 1 blocked"
        })
    );
}

#[test]
fn a_new_agent_session_is_told_the_checks_and_that_it_may_not_skip_them() {
    let env = TestEnv::new();
    env.run(&[
        "append",
        "Auth",
        "wire oauth",
        "--verify",
        "cargo test auth",
    ])
    .ok();
    let input = json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "SessionStart"});
    let out = env.run_stdin(
        &["hook", "session-start"],
        input.to_string().as_bytes(),
        |_| {},
    );
    out.ok();
    let context = out.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let id = env.id("Wire oauth");
    assert!(
        context.contains(&format!("- [/] {id} Wire oauth (check: cargo test auth)")),
        "{context}"
    );
    assert!(
        context.contains("a task with a check is done only when its check passes"),
        "{context}"
    );
}

/// `done` runs its checks before it takes the plan's lock, and once: a
/// person's other commands go on while a long check runs.
#[test]
fn a_long_check_does_not_hold_the_plan_and_runs_once() {
    // The check runs until the test opens the FIFO `go`.
    let (env, id) = with_check("echo run >> runs; read _ < go");
    let go = env.root.join("go");
    crate::common::mkfifo(&go);
    let done = Running::start(env.command().args(["done", &id]).stdin(Stdio::null()));
    let runs = env.root.join("runs");
    wait_until(HUNG, "the check to start", || runs.exists());
    // The check is running: a change made now does not wait for it.
    let meanwhile = env.run_with(&["append", "Auth", "meanwhile"], |c| {
        c.env("TODO_LOCK_TIMEOUT_MS", "1000");
    });
    let mut gate = None;
    wait_until(HUNG, "the check to wait at its FIFO", || {
        gate = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&go)
            .ok();
        gate.is_some()
    });
    gate.into_iter()
        .for_each(|mut g| g.write_all(b"go\n").expect("open the gate"));
    meanwhile.ok();
    done.finish(HUNG).ok();
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "run\n");
    assert_eq!(task(&env, "Wire oauth")["proof"]["exit"], 0);
    // The change made meanwhile is kept (and, the other done, started).
    assert_eq!(task(&env, "Meanwhile")["status"], "in_progress");
}

#[test]
fn merge_file_keeps_a_check_given_on_one_branch_and_a_proof_on_the_other() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "a1"],
        &["append", "A", "a2", "--verify", "echo ok"],
        &["trust", "--yes"],
    ]);
    let base = env.plan_text();
    env.run(&["verify", "a1", "cargo test a1"]).ok();
    let ours = env.plan_text();
    env.write_plan(&base);
    env.run(&["done", "a2"]).ok();
    let theirs = env.plan_text();
    let merged = env.merge_file(&base, &ours, &theirs);
    let tasks = merged["phases"][0]["tasks"].as_array().unwrap();
    assert_eq!(tasks[0]["verify"], "cargo test a1", "{merged}");
    assert_eq!(tasks[1]["status"], "completed", "{merged}");
    assert_eq!(tasks[1]["proof"]["exit"], 0, "{merged}");
}

/// A check's refusal at a terminal keeps its own line breaks (it printed a
/// literal `^J` for each one, with or without colour), while a line break
/// inside a task's text is still shown as `^J`, never as a line of its own.
#[test]
fn check_refusals_at_a_terminal_break_lines_and_escape_only_the_text() {
    let env = TestEnv::new();
    env.run(&["append", "A", "deploy"]).ok();
    // A task whose text holds a newline (a hand edit, a clone).
    let plan = env
        .plan_text()
        .replace("\"Deploy\"", "\"Deploy\\nFAKE LINE\"");
    env.write_plan(&plan);
    env.run(&["verify", "deploy", "printf 'one\\ntwo\\n'; exit 3"])
        .ok();
    for colour in ["never", "always"] {
        let (code, seen) = env.tty(&["--color", colour, "done", "deploy"]);
        assert_eq!(code, 7, "{seen}");
        let plain = strip_ansi(&seen);
        assert!(!plain.contains("^J  "), "{colour}: {plain}");
        assert!(
            plain.contains("Deploy^JFAKE LINE\" has a check not trusted on this machine, so it did not run:\n  printf 'one\\ntwo\\n'; exit 3\n"),
            "{colour}: {plain}"
        );
        assert!(
            !plain.lines().any(|l| l.starts_with("FAKE LINE")),
            "{plain}"
        );
    }
    env.run(&["trust", "--yes"]).ok();
    let (code, seen) = env.tty(&["--color", "never", "done", "deploy"]);
    assert_eq!(code, 8, "{seen}");
    assert!(
        seen.contains("its check failed (exit 3, ")
            && seen.contains("Last 2 line(s) of its output:\n  | one\n  | two\nFix what fails"),
        "{seen}"
    );
    // The listing of `todo trust` refused, too.
    env.run(&["verify", "deploy", "exit 0"]).ok();
    let mut term = env.terminal(&["--color", "never", "trust"], |_| {});
    term.expect("Allow these commands to run on this machine? [y/N] ");
    term.send_line("n");
    let (code, seen) = term.finish();
    assert_eq!(code, 7, "{seen}");
    assert!(
        seen.contains("\n  NEW      exit 0\n1 check(s) not trusted"),
        "{seen}"
    );
}

/// Text without the colour escapes a terminal got.
fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Issue 40, item 9: `check --verify` is `check` and more: open work
/// fails it as it fails `check`, after the checks' table; `--allow-open`
/// reruns the checks alone.
#[test]
fn check_verify_fails_on_open_work_too() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Auth", "wire oauth", "--verify", "echo fine"],
        &["append", "Auth", "rotate keys"],
        &["trust", "--yes"],
        &["done", "oauth"],
    ]);
    env.run(&["check"]).code(1);
    let out = env.run(&["check", "--verify"]);
    out.code(1);
    assert!(
        out.stdout.ends_with(
            "1 check(s): 1 passed, 0 not passing.\n\nNot done: 1 task pending or in progress:\n- Auth\n  - Rotate keys\n"
        ),
        "{out:?}"
    );
    let out = env.run(&["--json", "check", "--verify"]);
    out.code(1);
    assert_eq!(out.json()["complete"], false);
    assert_eq!(out.json()["checks"][0]["result"], "passed");
    // The checks alone.
    let out = env.run(&["check", "--verify", "--allow-open"]);
    out.ok();
    assert!(!out.stdout.contains("Not done"), "{out:?}");
    env.run(&["check", "--allow-open"]).code(2);
    // No check at all, but open work: still not done.
    let env = TestEnv::new();
    env.run(&["append", "a"]).ok();
    env.run(&["check", "--verify"]).is(
        1,
        "No completed task has a check; nothing to verify.\n\nNot done: 1 task pending or in progress:\n- Todos\n  - A\n",
        "",
    );
    // All done and proven: 0.
    env.run(&["done", "a"]).ok();
    env.run(&["check", "--verify"]).ok();
}

/// Issue 40, item 10: CI's variable trusts the checks only when it says
/// yes; `no`, `off`, `n`, `false`, `0`, empty or a typo trust nothing.
#[test]
fn only_an_explicit_yes_trusts_the_checks() {
    let env = TestEnv::new();
    let outside = env.home.join("ran");
    cloned_with_hostile_check(&env, &outside);
    let before = env.plan_text();
    for no in ["no", "off", "n", "NO", "false", "0", "", "  ", "nope", "2"] {
        let out = env.run_with(&["done", "t1"], |c| {
            c.env("TODO_TRUST_CHECKS", no);
        });
        out.code(7);
        assert!(
            out.stderr.starts_with("Refused (check-untrusted)"),
            "{no:?}: {out:?}"
        );
        assert!(!outside.exists(), "{no:?} trusted the check");
        assert_eq!(env.plan_text(), before);
    }
    for yes in ["1", "true", "yes", "on", "y", " YES "] {
        env.run_with(&["done", "t1"], |c| {
            c.env("TODO_TRUST_CHECKS", yes);
        })
        .ok();
        assert!(outside.exists(), "{yes:?} did not trust the check");
        std::fs::remove_file(&outside).unwrap();
        env.run(&["reopen", "t1"]).ok();
    }
}

/// Issue 40, item 11: trust names a plan by its path's bytes: two projects
/// whose paths differ only in bytes that are not Unicode do not share it.
#[test]
fn trust_does_not_pass_between_paths_that_are_not_unicode() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let env = TestEnv::new();
    let run = |dir: &Path, args: &[&str]| {
        Run::from(env.command_in(dir).args(args).output().expect("run todo"))
    };
    // Both read as "plan\u{FFFD}" when converted lossily.
    let [trusted, other] = [&b"plan\xff"[..], &b"plan\xfe"[..]].map(|name| {
        let dir = env.home.join(OsStr::from_bytes(name));
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        run(
            &dir,
            &["append", "Auth", "wire oauth", "--verify", "touch ran"],
        )
        .ok();
        dir
    });
    run(&trusted, &["trust", "--yes"]).ok();
    let out = run(&other, &["done", "oauth"]);
    out.code(7);
    assert!(
        out.stderr.starts_with("Refused (check-untrusted)"),
        "{out:?}"
    );
    assert!(!other.join("ran").exists());
    run(&trusted, &["done", "oauth"]).ok();
    assert!(trusted.join("ran").exists());
}

/// Whether process `pid` still runs (a zombie waiting for its parent to
/// reap it runs no more).
#[cfg(target_os = "linux")]
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z'))
    })
}

/// Issue 40, item 15: a check that times out is killed with everything it
/// started, also what left its process group (`setsid`).
#[test]
#[cfg(target_os = "linux")]
#[cfg_attr(
    todo_tests_no_setsid,
    ignore = "setsid(1) is not installed (util-linux)"
)]
fn a_timed_out_check_leaves_no_process_behind() {
    if !crate::common::has("setsid") {
        return missing_tool("setsid (util-linux)");
    }
    let (env, id) = with_check(
        "setsid sh -c 'echo $$ > escaped; exec sleep 300' & sh -c 'echo $$ > grouped; exec sleep 300' & sleep 300",
    );
    env.run(&["verify", &id, "--timeout", "1"]).ok();
    env.run(&["trust", "--yes"]).ok();
    let out = env.run(&["done", &id]);
    out.code(8);
    assert!(out.stderr.contains("timed out after 1 s"), "{out:?}");
    for file in ["escaped", "grouped"] {
        let pid = std::fs::read_to_string(env.root.join(file)).unwrap();
        let pid = pid.trim();
        // Killed before `done` answered; give the kernel a moment to
        // show it.
        wait_until(HUNG, &format!("{file} process {pid} to end"), || {
            !running(pid)
        });
    }
}

/// Issue 40, item 19: trust binds a check to the project's scripts it
/// runs: a pull that rewrites `./check.sh` makes it a new check, asked
/// for again; files a check only reads or writes do not count.
#[test]
fn a_rewritten_script_is_trusted_again_only_by_a_person() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    let script = env.root.join("check.sh");
    std::fs::write(&script, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    env.given(&[
        &[
            "append",
            "A",
            "scripted",
            "--verify",
            "./check.sh && touch ran-once",
        ],
        &[
            "append",
            "A",
            "interpreted",
            "--verify",
            "sh -c 'exit 0' && sh check.sh",
        ],
        &["trust", "--yes"],
        &["done", "scripted"],
        &["reopen", "scripted"],
    ]);
    // The pull: the script now does something else.
    std::fs::write(&script, "#!/bin/sh\ntouch pwned\nexit 0\n").unwrap();
    for task in ["scripted", "interpreted"] {
        let out = env.run(&["done", task]);
        out.code(7);
        assert!(
            out.stderr.starts_with("Refused (check-untrusted)"),
            "{out:?}"
        );
    }
    assert!(!env.root.join("pwned").exists());
    env.run(&["trust", "--yes"]).ok();
    env.run(&["done", "scripted"]).ok();
    assert!(env.root.join("pwned").exists());
}

/// A check a person types at their own terminal runs here without `todo
/// trust` (typing it is reading it; a person had to trust what they had
/// just typed); one a script sets, or one that came with the plan, still
/// needs `todo trust`, and an agent's never counts as typed.
#[test]
fn a_check_a_person_types_at_their_terminal_is_trusted_here() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "typed"],
        &["append", "A", "scripted"],
        &["append", "A", "agents"],
    ]);
    let (code, seen) = env.tty(&["--color", "never", "verify", "typed", "exit 0"]);
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.contains("It runs on this machine without `todo trust`: you typed it here."),
        "{seen}"
    );
    env.run(&["done", "typed"]).ok();
    assert_eq!(task(&env, "Typed")["proof"]["exit"], 0);
    // Set by a script: not typed at a terminal.
    env.run(&["verify", "scripted", "test -d ."]).ok();
    env.run(&["done", "scripted"]).code(7);
    // The agent at a terminal: never trusted for it.
    let (code, seen) = env.tty(&["--as", "agent", "verify", "agents", "true"]);
    assert_eq!(code, 0, "{seen}");
    assert!(!seen.contains("you typed it"), "{seen}");
    env.run(&["done", "agents"]).code(7);
}
