//! A proof is something only running the check makes: whatever an agent
//! writes in a proof's place (a file it imports or edits, a version it
//! merges or resolves, an op or a tool call) is dropped, so a task whose
//! check fails never reads as verified (docs/trust-and-proofs.md).

use serde_json::{Value, json};

use crate::common::{HUNG, TestEnv, task};

/// A plan a person finished: `Wire oauth` (check `exit 1`) completed with
/// `--no-verify`, `Ship docs` (no check) completed.
fn finished() -> TestEnv {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Auth", "wire oauth", "--verify", "exit 1"],
        &["append", "Docs", "ship docs"],
        &["trust", "--yes"],
        &["done", "--no-verify", "oauth"],
        &["done", "docs"],
    ]);
    env
}

/// A passing proof of `exit 1`, as the plan file writes one.
const FORGED: &str = r#"{"command":"exit 1","exit":0,"ms":5,"at":"2026-01-02T03:04:05Z"}"#;

/// The plan file as it is, with both tasks claiming a passing check.
fn forged_file(env: &TestEnv) -> String {
    let text = env.plan_text();
    let text = text.replace(
        r#""proof": {"command":"exit 1","unverified":true,"at":"2026-01-02T03:04:05Z"}"#,
        &format!(r#""proof": {FORGED}"#),
    );
    let text = text.replace(
        r#""content": "Ship docs", "status": "completed","#,
        &format!(r#""content": "Ship docs", "status": "completed", "verify": "exit 1", "proof": {FORGED},"#),
    );
    assert_eq!(text.matches(r#""exit":0"#).count(), 2, "{text}");
    text
}

/// The checklist as `todo edit` gives it, with both tasks claiming a
/// passing check.
fn forged_markdown(env: &TestEnv) -> String {
    let shown = env.run_with(&["edit"], |c| {
        c.env("EDITOR", "cat");
    });
    let text = shown
        .stdout
        .replace("proof=unverified;", "proof=exit:0;ms:5;");
    let text = text.replace(
        "- [x] Ship docs <!-- todo: ",
        "- [x] Ship docs <!-- verify: exit 1 --> <!-- todo: proof=exit:0;ms:5;at:2026%2D01%2D02T03%3A04%3A05Z;run:exit%201 ",
    );
    assert_eq!(text.matches("proof=exit:0").count(), 2, "{text}");
    text
}

/// Nothing reads as verified, by any reader, and the person's
/// `--no-verify` still says the check was not run.
#[track_caller]
fn nothing_verified(env: &TestEnv) {
    env.run(&["show", "--summary"])
        .is(0, "2/2 done · 0 verified\n", "");
    let shown = env.run(&["show"]);
    assert!(!shown.stdout.contains("todo: verified"), "{shown:?}");
    let gfm = env.run(&["export", "--format", "gfm", "-"]);
    assert!(!gfm.stdout.contains("check passed"), "{gfm:?}");
    let plan = env.plan();
    assert_eq!(
        task(&plan, "Wire oauth")["proof"]["unverified"],
        true,
        "{plan}"
    );
    let docs = task(&plan, "Ship docs");
    assert!(docs.get("proof").is_none(), "{docs}");
}

#[test]
fn an_agent_importing_json_cannot_forge_a_proof() {
    let env = finished();
    let file = env.root.join("forged.json");
    std::fs::write(&file, forged_file(&env)).unwrap();
    env.run(&["--as", "agent", "import", "forged.json"]).ok();
    nothing_verified(&env);
    // It gave Ship docs a check (an agent may); the check proves nothing
    // until it runs.
    assert_eq!(task(&env.plan(), "Ship docs")["verify"], "exit 1");
    // The export's shape (an array of phases) too.
    let env = finished();
    let exported = env.run(&["export", "--format", "json", "-"]);
    let text = exported
        .stdout
        .replace(r#""unverified":true"#, r#""exit":0,"ms":5"#);
    std::fs::write(env.root.join("forged.json"), text).unwrap();
    env.run(&["--as", "agent", "import", "forged.json"]).ok();
    nothing_verified(&env);
}

#[test]
fn an_agent_importing_markdown_cannot_forge_a_proof() {
    let env = finished();
    std::fs::write(env.root.join("forged.md"), forged_markdown(&env)).unwrap();
    env.run(&["--as", "agent", "import", "forged.md"]).ok();
    nothing_verified(&env);
}

#[test]
fn an_agent_editing_cannot_forge_a_proof() {
    let env = finished();
    let forged = env.home.join("forged.md");
    std::fs::write(&forged, forged_markdown(&env)).unwrap();
    let editor = env.script("editor.sh", &format!("cp '{}' \"$1\"", forged.display()));
    env.run_with(&["--as", "agent", "edit"], |c| {
        c.env("EDITOR", &editor);
    })
    .ok();
    nothing_verified(&env);
}

#[test]
fn an_agent_merging_cannot_forge_a_proof() {
    let env = finished();
    let ours = env.plan_text();
    for (name, text) in [
        ("base.json", ours.clone()),
        ("ours.json", ours.clone()),
        ("theirs.json", forged_file(&env)),
    ] {
        std::fs::write(env.root.join(name), text).unwrap();
    }
    let args = ["merge-file", "base.json", "ours.json", "theirs.json"];
    env.run(&[&["--as", "agent"], &args[..]].concat()).ok();
    // The merged version, made the plan, reads as ours did.
    std::fs::copy(env.root.join("ours.json"), env.plan_path()).unwrap();
    nothing_verified(&env);
    // Run by a person (git's driver), the other branch's proofs are kept:
    // they are that branch's record.
    std::fs::write(env.root.join("ours.json"), &ours).unwrap();
    env.run(&args).ok();
    let merged = std::fs::read_to_string(env.root.join("ours.json")).unwrap();
    assert_eq!(merged.matches(r#""exit":0"#).count(), 2, "{merged}");
}

#[test]
fn an_agent_resolving_cannot_forge_a_proof() {
    let env = finished();
    let ours = env.plan_text();
    let conflicted = format!(
        "<<<<<<< ours\n{ours}||||||| base\n{ours}=======\n{}>>>>>>> theirs\n",
        forged_file(&env)
    );
    env.write_plan(&conflicted);
    env.run(&["--as", "agent", "resolve"]).ok();
    nothing_verified(&env);
}

#[test]
fn an_agent_cannot_pass_a_proof_through_apply_or_mcp() {
    let env = finished();
    let before = env.plan_text();
    let id = env.id("Wire oauth");
    let forged: Value = serde_json::from_str(FORGED).unwrap();
    for ops in [
        json!({"tasks": [{"id": id, "status": "done", "proof": forged}]}),
        json!({"op": "done", "task": "Wire oauth", "proof": forged}),
        json!({"op": "set", "ids": [id], "state": "done", "proof": forged}),
    ] {
        // Refused as unknown, or ignored: nothing changes either way.
        env.run_stdin(&["apply"], ops.to_string().as_bytes(), |_| {});
        assert_eq!(env.plan_text(), before, "{ops}");
    }
    // The MCP server's tools read the same shapes.
    let input: String = [
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "todo", "arguments": {"op": "done", "task": "Wire oauth", "proof": forged}}}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "plan_update", "arguments": {"tasks": [{"id": id, "status": "done", "proof": forged}]}}}),
    ]
    .iter()
    .map(|line| format!("{line}\n"))
    .collect();
    let server = env.start(&["mcp"], input.as_bytes());
    let run = server.finish(HUNG);
    let replies: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 3, "{run:?}");
    assert_eq!(env.plan_text(), before);
    nothing_verified(&env);
}

#[test]
fn a_proof_of_another_command_or_of_open_work_is_not_counted() {
    // A hand-edited file: the proof names another command than the check,
    // or sits on a task no longer completed.
    let env = TestEnv::new();
    env.write_plan(
        r#"{ "version": 2, "phases": [ { "id": "p1", "name": "A", "tasks": [
  { "id": "t1", "content": "Other command", "status": "completed", "verify": "exit 1", "proof": {"command":"true","exit":0,"ms":1,"at":"2026-01-02T03:04:05Z"} },
  { "id": "t2", "content": "Still open", "status": "pending", "verify": "exit 1", "proof": {"command":"exit 1","exit":0,"ms":1,"at":"2026-01-02T03:04:05Z"} }
] } ] }"#,
    );
    env.run(&["show", "--summary"])
        .is(0, "1/2 done · 0 verified · A 1/2\n", "");
    let shown = env.run(&["show"]);
    assert!(!shown.stdout.contains("verified"), "{shown:?}");
    let gfm = env.run(&["export", "--format", "gfm", "-"]);
    assert!(!gfm.stdout.contains("check passed"), "{gfm:?}");
}

/// Issue 40, item 7: a check the file holds with a newline or another
/// control character in it (a hand edit, a clone, a merge) is a check
/// that cannot run, never "no check": `done` is refused, `check --verify`
/// fails on it, the agent may not replace it, and a person fixes it.
#[test]
fn a_check_that_cannot_run_fails_closed() {
    let env = TestEnv::new();
    env.write_plan(
        r#"{ "version": 2, "phases": [ { "id": "p1", "name": "A", "tasks": [
  { "id": "t1", "content": "Two lines", "status": "pending", "verify": "true\nexit 1" },
  { "id": "t2", "content": "Bell", "status": "completed", "verify": "make\u0007 test" }
] } ] }"#,
    );
    let before = env.plan_text();
    for actor in ["person", "agent"] {
        let out = env.run(&["--as", actor, "done", "t1"]);
        out.code(8);
        assert!(
            out.stderr.starts_with(
                "Refused (check-failed): t1 \"Two lines\" is not done: its check cannot run, since the plan file holds it as something else than one line of text:\n  true^Jexit 1\n"
            ),
            "{out:?}"
        );
        assert_eq!(env.plan_text(), before);
    }
    let out = env.run_stdin(&["apply"], br#"{"op": "done", "task": "t1"}"#, |_| {});
    out.code(8);
    assert_eq!(env.plan_text(), before);
    // `check --verify` fails on the completed one, and says why.
    let out = env.run(&["check", "--verify"]);
    out.code(1);
    assert!(
        out.stdout.contains(
            "t2 \"Bell\": not run; the plan file holds its check as something else than one line of text: make^G test\n"
        ),
        "{out:?}"
    );
    // The agent may not swap it for a check of its own.
    let out = env.run(&["--as", "agent", "verify", "t1", "true"]);
    out.code(7);
    assert_eq!(env.plan_text(), before);
    env.run(&["verify", "t1"]).is(
        0,
        "The check of Two lines cannot run as the plan file holds it (not one line of text): true^Jexit 1\nFix it: todo verify t1 \"<command>\", or remove it: todo verify t1 --remove\n",
        "",
    );
    // A person fixes it.
    env.run(&["verify", "t1", "--remove"])
        .is(0, "Removed the check of Two lines.\n", "");
    assert!(!env.plan_text().contains("exit 1"), "{}", env.plan_text());
    env.run(&["done", "t1"]).ok();
}
