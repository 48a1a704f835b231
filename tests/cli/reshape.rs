//! rename, mv, note and prune — each followed by undo.

use crate::common::{TestEnv, live, s};

#[test]
fn rename_a_task_and_a_phase_then_undo() {
    let env = TestEnv::new();
    env.web_app();
    let start = env.plan_text();
    let t1 = env.id("Wire OAuth providers");
    env.run(&["rename", "oauth", "--", "Wire", "OAuth", "and", "OIDC"])
        .is(
            0,
            "Renamed task \"Wire OAuth providers\" to \"Wire OAuth and OIDC\".\n",
            "",
        );
    env.run(&["rename", "billing", "--to", "Billing v2"]).is(
        0,
        "Renamed phase \"Billing\" to \"Billing v2\".\n",
        "",
    );
    let plan = env.plan();
    assert_eq!(
        plan["phases"][0]["tasks"][0]["id"],
        t1.as_str(),
        "ids are kept"
    );
    assert_eq!(plan["phases"][1]["name"], "Billing v2");
    env.run(&["rename", "keys", "--", "Invoice export"]).is(
        7,
        "",
        "Task \"Invoice export\" already exists\n",
    );
    env.run(&["rename", "keys"]).code(2);
    env.run(&["rename", "keys", "--", "  "])
        .is(2, "", "The new text is empty.\n");
    env.given(&[&["undo"], &["undo"]]);
    assert_same_tasks(&env, &start);
}

#[test]
fn mv_to_a_matched_or_new_phase_then_undo() {
    let env = TestEnv::new();
    env.web_app();
    let start = env.plan_text();
    env.run(&["mv", "invoice", "auth"])
        .is(0, "Moved \"Invoice export\" to Auth.\n", "");
    env.run(&["mv", "rate", "limiting", "later stuff"]).is(
        0,
        "Moved \"Add login rate limiting\" to Later Stuff.\n",
        "",
    );
    env.run(&["mv", "invoice", "auth"]).is(
        0,
        "\"Invoice export\" is already in Auth; nothing changed.\n",
        "",
    );
    assert_eq!(
        env.statuses(),
        s(&[
            ("Wire OAuth providers", "in_progress"),
            ("Rotate keys", "pending"),
            ("Invoice export", "pending"),
            ("Wire Stripe webhooks", "pending"),
            ("Add login rate limiting", "pending"),
        ])
    );
    env.run(&["mv", "nothing"]).code(2);
    env.given(&[&["undo"], &["undo"]]);
    assert_same_tasks(&env, &start);
}

#[test]
fn notes_show_under_their_task_and_undo_removes_them() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["note", "keys", "ask", "the vendor"]).is(
        0,
        "Added a note to Rotate keys: ask the vendor\n",
        "",
    );
    env.run(&["note", "keys", "then rotate & <!-- test -->"])
        .ok();
    env.run(&["show"]).is(
        0,
        "# Auth\n- [/] Wire OAuth providers\n- [ ] Rotate keys\n  > ask the vendor\n  > then rotate &amp; &lt;!-- test --&gt;\n- [ ] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export\n",
        "",
    );
    assert_eq!(
        env.plan()["phases"][0]["tasks"][1]["notes"],
        serde_json::json!(["ask the vendor", "then rotate & <!-- test -->"])
    );
    env.run(&["note", "billing", "x"]).is(
        3,
        "",
        "No task matched \"billing\". Use todo to list current tasks.\n",
    );
    env.run(&["note", "keys", " "])
        .is(2, "", "The note is empty.\n");
    env.given(&[&["undo"]]);
    assert_eq!(
        env.plan()["phases"][0]["tasks"][1]["notes"],
        serde_json::json!(["ask the vendor"])
    );
}

#[test]
fn prune_removes_finished_tasks_and_empty_phases_then_undo() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"], &["drop", "billing"]]);
    let before = env.plan_text();
    env.run(&["prune"])
        .is(0, "Pruned 3 finished tasks and 1 empty phase.\n", "");
    env.run(&[]).is(
        0,
        "# Auth\n- [/] Rotate keys\n- [ ] Add login rate limiting\n",
        "",
    );
    env.run(&["prune"]).is(0, "Nothing to prune.\n", "");
    env.run(&["undo"]).ok();
    assert_same_tasks(&env, &before);
}

/// The phases and tasks (ids included) equal those of an earlier plan text.
/// Removed tasks' tombstones are no tasks: undoing an append leaves one.
#[track_caller]
pub(crate) fn assert_same_tasks(env: &TestEnv, earlier: &str) {
    let then: serde_json::Value = serde_json::from_str(earlier).unwrap();
    assert_eq!(live(&env.plan()["phases"]), live(&then["phases"]));
}
