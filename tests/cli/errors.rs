//! Errors as kinds an agent can act on: each failure has a stable
//! `error.code` and `error.kind`, and a hint apart from the message, given
//! to a person as its own `Hint:` line and to `--json` as `error.hint`.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

fn two_fixes() -> TestEnv {
    let env = TestEnv::new();
    env.given(&[&["append", "fix login"], &["append", "fix logout"]]);
    env
}

#[test]
fn an_ambiguous_query_gives_its_hint_apart() {
    let env = two_fixes();
    let before = env.plan_text();
    // Ids written as their names in the order made (t1, t2).
    let n = env.names();
    env.run(&["done", "fix"]).named(&n).is(
        3,
        "",
        "\"fix\" is ambiguous; it matches:\n  \
           t1  Fix login  (in Todos, in progress)  →  todo done t1\n  \
           t2  Fix logout  (in Todos, pending)  →  todo done t2\n\
         Hint: Use an id (such as t1) or more words.\n",
    );
    let v = env.run(&["--json", "done", "fix"]).named(&n).code(3).json();
    assert_eq!(v["error"]["code"], "ambiguous");
    assert_eq!(v["error"]["kind"], "ambiguous");
    assert_eq!(v["error"]["hint"], "Use an id (such as t1) or more words.");
    // The hint is not also in the message: said once, where it belongs.
    assert_eq!(
        v["message"],
        "\"fix\" is ambiguous; it matches:\n  t1  Fix login  (in Todos, in progress)  →  todo --json done t1\n  t2  Fix logout  (in Todos, pending)  →  todo --json done t2"
    );
    // Nothing changed either way.
    assert_eq!(env.plan_text(), before);
}

#[test]
fn an_if_rev_mismatch_says_both_revs_and_how_to_retry() {
    let env = two_fixes();
    let before = env.plan_text();
    env.run(&["--if-rev", "1", "done", "t1"]).is(
        4,
        "",
        "The plan is at rev 2, not 1 (--if-rev); nothing was changed.\nHint: Read it again and retry.\n",
    );
    let v = env
        .run(&["--json", "--if-rev", "1", "done", "t1"])
        .code(4)
        .json();
    assert_eq!(
        v["error"],
        json!({
            "code": "conflict",
            "kind": "rev_mismatch",
            "exit": 4,
            "hint": "Read it again and retry.",
            "have": 2,
            "want": 1,
        })
    );
    assert_eq!(
        v["message"],
        "The plan is at rev 2, not 1 (--if-rev); nothing was changed."
    );
    assert_eq!(v["rev"], 2);
    assert_eq!(env.plan_text(), before, "must not be written");
}

#[test]
fn refusals_keep_their_code_and_name_their_kind() {
    let env = two_fixes();
    for (args, code, kind, exit) in [
        (&["append", "fix login"][..], "refused", "duplicate", 7),
        (
            &["rename", "t2", "--to", "Fix login"],
            "refused",
            "duplicate",
            7,
        ),
        (&["done", "t1"], "", "", 0),
        (&["block", "t1"], "refused", "block_finished", 7),
        (&["append", "-p", "Other", "x"], "", "", 0),
        (
            &["rename", "p2", "--to", "todos"],
            "refused",
            "phase_name_taken",
            7,
        ),
        (&["done", "zzz"], "no_match", "no_match", 3),
    ] {
        // Ids named t1, t2, p2 in the order made (p2: "Other", made here).
        let args = env.names().args(args);
        let mut all = vec!["--json"];
        all.extend(args.iter().map(String::as_str));
        let v = env.run(&all).code(exit).json();
        if exit == 0 {
            assert_eq!(v["ok"], true, "{args:?}: {v}");
            assert!(v.get("error").is_none(), "{args:?}: {v}");
            continue;
        }
        assert_eq!(
            (
                &v["error"]["code"],
                &v["error"]["kind"],
                &v["error"]["exit"]
            ),
            (&json!(code), &json!(kind), &json!(exit)),
            "{args:?}: {v}"
        );
    }
    let env = TestEnv::new();
    let v = env.run(&["--json", "undo"]).code(7).json();
    assert_eq!(
        (&v["error"]["code"], &v["error"]["kind"]),
        (&json!("refused"), &json!("nothing_to_undo"))
    );
    // A refusal with nothing more to say has no hint.
    assert!(v["error"].get("hint").is_none(), "{v}");
}

#[test]
fn a_hint_already_in_the_message_is_given_to_json_and_not_said_twice() {
    let env = TestEnv::new();
    env.write_plan("{");
    let run = env.run(&["next"]);
    run.code(5);
    assert!(!run.stderr.contains("Hint:"), "{run:?}");
    assert_eq!(run.stderr.matches("then retry").count(), 1, "{run:?}");
    let v = env.run(&["--json", "next"]).code(5).json();
    assert_eq!(
        v["error"]["hint"],
        "Fix the file (or restore it, e.g. with git), then retry."
    );
}

/// `todo batch ARGS` with `input` on stdin.
fn batch(env: &TestEnv, args: &[&str], input: &str) -> Run {
    let args: Vec<&str> = args.iter().copied().chain(["batch"]).collect();
    env.run_stdin(&args, input.as_bytes(), |_| {})
}

#[test]
fn a_failing_batch_line_keeps_its_kind_and_hint() {
    let env = two_fixes();
    let before = env.plan_text();
    let n = env.names();
    let run = batch(&env, &[], "append x\ndone fix\n").named(&n);
    run.code(3);
    assert!(
        run.stderr.starts_with("Line 2: \"fix\" is ambiguous"),
        "{run:?}"
    );
    assert!(
        run.stderr
            .ends_with("\nHint: Use an id (such as t1) or more words.\n"),
        "{run:?}"
    );
    let v = batch(&env, &["--json"], "append x\ndone fix\n")
        .named(&n)
        .code(3)
        .json();
    assert_eq!(v["error"]["kind"], "ambiguous");
    assert_eq!(v["error"]["hint"], "Use an id (such as t1) or more words.");
    assert_eq!(env.plan_text(), before, "must not be written");
}

#[test]
fn a_usage_error_names_its_kind_too() {
    let env = TestEnv::new();
    let v: Value = env.run(&["--json", "frobnicate"]).code(2).json();
    assert_eq!(
        (&v["error"]["code"], &v["error"]["kind"]),
        (&json!("usage"), &json!("usage"))
    );
}
