//! `--json`: one object on stdout, same exit status as without it.

use serde_json::json;

use crate::common::TestEnv;

#[test]
fn every_verb_reports_ok_verb_message_rev_and_the_tasks_it_touched() {
    let env = TestEnv::new();
    let v = env
        .run(&["--json", "append", "auth", "wire oauth"])
        .ok()
        .json();
    assert_eq!(v["ok"], true);
    assert_eq!(v["verb"], "append");
    assert_eq!(v["message"], "Appended to Auth: Wire oauth");
    assert_eq!(v["rev"], 1);
    assert_eq!(v["changed"], true);
    assert_eq!(
        v["tasks"],
        json!([{ "id": "t1", "content": "Wire oauth", "status": "in_progress",
                 "phase": { "id": "p1", "name": "Auth" } }])
    );
    assert_eq!(v["phases"][0]["id"], "p1");

    env.given(&[&["append", "auth", "rotate keys"]]);
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["start", "keys", "--json"],
            "start",
            "Started: Rotate keys",
        ),
        (
            &["block", "keys", "--json", "-r", "x"],
            "block",
            "Marked blocked: Rotate keys (x)",
        ),
        (
            &["unblock", "keys", "--json"],
            "unblock",
            "Unblocked: Rotate keys",
        ),
        (
            &["done", "keys", "--json"],
            "done",
            "Marked completed: Rotate keys",
        ),
        (
            &["drop", "keys", "--json"],
            "drop",
            "Marked abandoned: Rotate keys",
        ),
        (&["rm", "keys", "--json"], "rm", "Removed: Rotate keys"),
    ];
    for (args, verb, message) in cases {
        let v = env.run(args).ok().json();
        assert_eq!(
            (v["verb"].as_str(), v["message"].as_str()),
            (Some(*verb), Some(*message))
        );
        assert_eq!(v["tasks"][0]["content"], "Rotate keys", "{v}");
        assert_eq!(v["rev"], env.rev());
    }
}

#[test]
fn show_prints_the_plan_and_check_and_next_keep_their_exit_status() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let v = env.run(&["--json"]).ok().json();
    assert_eq!(v["plan"]["phases"][0]["tasks"][0]["content"], "A");
    assert_eq!(v["plan"]["rev"], 1);
    assert_eq!(v["message"], "# Todos\n- [/] A\n");

    let v = env.run(&["check", "--json"]).code(1).json();
    assert_eq!(v["complete"], false);
    assert_eq!(v["tasks"][0]["id"], "t1");
    let v = env.run(&["next", "--json"]).ok().json();
    assert_eq!(v["tasks"][0]["content"], "A");
    env.given(&[&["done"]]);
    let v = env.run(&["next", "--json"]).code(1).json();
    assert_eq!(v["tasks"], json!([]));
    let v = env.run(&["where", "--json"]).ok().json();
    assert_eq!(v["exists"], true);
}

#[test]
fn failures_carry_a_stable_code_and_the_same_exit_status() {
    let env = TestEnv::new();
    env.given(&[&["append", "fix login"], &["append", "fix logout"]]);
    let v = env.run(&["--json", "done", "zzz"]).code(3).json();
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["code"], "no_match");
    assert_eq!(v["message"], "No task or phase matched \"zzz\".");
    assert_eq!(v["rev"], 2);

    let v = env.run(&["--json", "done", "fix"]).code(3).json();
    assert_eq!(v["error"]["code"], "ambiguous");
    assert_eq!(
        v["error"]["candidates"],
        json!([
            { "kind": "task", "id": "t1", "text": "Fix login", "phase": "Todos", "status": "in_progress" },
            { "kind": "task", "id": "t2", "text": "Fix logout", "phase": "Todos", "status": "pending" }
        ])
    );
    let v = env.run(&["--json", "append", "fix login"]).code(7).json();
    assert_eq!(v["error"]["code"], "refused");
    let v = env
        .run(&["--json", "--if-rev", "9", "done", "t1"])
        .code(4)
        .json();
    assert_eq!(v["error"]["code"], "conflict");
    let v = env.run(&["--json", "append", " "]).code(2).json();
    assert_eq!(v["error"]["code"], "usage");
    let v = env.run(&["--json", "frobnicate"]).code(2).json();
    assert_eq!(v["error"]["code"], "usage");
    env.write_plan("{");
    let v = env.run(&["--json", "next"]).code(5).json();
    assert_eq!(v["error"]["code"], "broken_plan");
    assert_eq!(v["error"]["line"], 1);
}
