//! start, done, drop, block, unblock.

use crate::common::{TestEnv, s};

#[test]
fn start_by_substring_sends_the_other_task_back() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["start", "oauth"])
        .is(0, "Started: Wire OAuth providers\n", "");
    env.run(&["start", "keys"]).is(
        0,
        "Started: Rotate keys\nWire OAuth providers is back to pending.\n",
        "",
    );
    assert_eq!(
        env.statuses()[..2],
        s(&[
            ("Wire OAuth providers", "pending"),
            ("Rotate keys", "in_progress")
        ])
    );
}

#[test]
fn start_works_on_finished_and_blocked_tasks_and_clears_their_marks() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["drop", "invoice"],
        &["block", "keys", "--reason", "vendor"],
    ]);
    env.run(&["start", "invoice"]).is(
        0,
        "Started: Invoice export\nIt was abandoned; it is open again.\nWire OAuth providers (in Auth) is back to pending.\n",
        "",
    );
    let task = &env.plan()["phases"][1]["tasks"][1];
    assert_eq!(task["status"], "in_progress");
    assert!(task.get("droppedBy").is_none(), "{task}");
    env.run(&["start", "keys"]).ok();
    let task = &env.plan()["phases"][0]["tasks"][1];
    assert_eq!(task["status"], "in_progress");
    assert!(task.get("blocker").is_none(), "{task}");
}

#[test]
fn start_with_no_match_names_the_query() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["start", "deploy", "to", "prod"]).is(
        3,
        "",
        "No task matched \"deploy to prod\". Use todo to list current tasks.\n",
    );
    // Phases are not tasks.
    env.run(&["start", "billing"]).is(
        3,
        "",
        "No task matched \"billing\". Use todo to list current tasks.\n",
    );
}

#[test]
fn done_on_a_task_a_phase_and_everything() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["done", "rotate", "keys"])
        .is(0, "Marked completed: Rotate keys\n", "");
    env.run(&["done", "billing"]).is(
        0,
        "Marked phase Billing completed (2 tasks: \"Wire Stripe webhooks\", \"Invoice export\").\n",
        "",
    );
    env.run(&["done"])
        .is(0, "Marked all tasks completed.\n", "");
    assert!(env.statuses().iter().all(|(_, st)| st == "completed"));
}

#[test]
fn a_phase_or_everything_changes_only_open_tasks() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["drop", "keys"],
        &["block", "rate", "--reason", "legal"],
        &["done", "stripe"],
    ]);
    env.run(&["done", "auth"]).ok();
    assert_eq!(
        env.statuses(),
        s(&[
            ("Wire OAuth providers", "completed"),
            ("Rotate keys", "abandoned"),
            ("Add login rate limiting", "completed"),
            ("Wire Stripe webhooks", "completed"),
            ("Invoice export", "in_progress"),
        ])
    );
    env.run(&["drop"])
        .is(0, "Marked all tasks abandoned.\n", "");
    let statuses: Vec<_> = env.statuses().into_iter().map(|(_, st)| st).collect();
    assert_eq!(
        statuses,
        [
            "completed",
            "abandoned",
            "completed",
            "completed",
            "abandoned"
        ]
    );
}

#[test]
fn a_task_named_directly_changes_whatever_its_status() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"]]);
    env.run(&["drop", "oauth"])
        .is(0, "Marked abandoned: Wire OAuth providers\n", "");
    let task = &env.plan()["phases"][0]["tasks"][0];
    assert_eq!(task["status"], "abandoned");
    assert_eq!(task["droppedBy"], "user");
    env.run(&["done", &env.id("Wire OAuth providers")]).is(
        0,
        "Marked completed: Wire OAuth providers\n",
        "",
    );
    assert!(
        env.plan()["phases"][0]["tasks"][0]
            .get("droppedBy")
            .is_none()
    );
}

#[test]
fn drop_forms_and_messages() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["drop", "invoice"])
        .is(0, "Marked abandoned: Invoice export\n", "");
    env.run(&["drop", "auth"]).is(
        0,
        "Marked phase Auth abandoned (3 tasks: \"Wire OAuth providers\", \"Rotate keys\", \"Add login rate limiting\").\nNow in progress: Wire Stripe webhooks (in Billing)\n",
        "",
    );
    env.run(&["drop"])
        .is(0, "Marked all tasks abandoned.\n", "");
    env.run(&["drop", "nothing", "like", "it"]).is(
        3,
        "",
        "No task or phase matched \"nothing like it\".\n",
    );
}

#[test]
fn done_no_match_names_the_query_and_suggests_something_close() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    env.run(&["done", "kubernetes"])
        .is(3, "", "No task or phase matched \"kubernetes\".\n");
    env.run(&["done", "stripy", "hooks"]).named(&env.names()).is(
        3,
        "",
        "No task or phase matched \"stripy hooks\". Did you mean \"Wire Stripe webhooks\" (t4)?\n",
    );
    assert_eq!(env.plan_text(), before);
}

/// A typo is a guess: off a terminal it is named, never acted on (docs/contract.md, "Matching a query";
/// the prompt on a terminal is in tests/cli/matching.rs).
#[test]
fn done_names_a_typo_guess_but_changes_nothing() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    env.run(&["done", "oaht"]).named(&env.names()).is(
        3,
        "",
        "No task or phase matched \"oaht\". Did you mean \"Wire OAuth providers\" (t1)?\n",
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn block_with_and_without_reason_and_reblock_to_change_it() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["block", "keys", "--reason", "vendor  sandbox"])
        .is(0, "Marked blocked: Rotate keys (vendor sandbox)\n", "");
    env.run(&["block", "keys", "-r", "legal review"]).is(
        0,
        "Marked blocked: Rotate keys (legal review)\n",
        "",
    );
    assert_eq!(
        env.plan()["phases"][0]["tasks"][1]["blocker"],
        "legal review"
    );
    env.run(&["block", "invoice"])
        .is(0, "Marked blocked: Invoice export\n", "");
    assert!(env.plan()["phases"][1]["tasks"][1].get("blocker").is_none());
    env.run(&["block", "x", "--reason", " "])
        .is(2, "", "The reason is empty.\n");
}

#[test]
fn blocking_the_task_in_progress_starts_the_next() {
    let env = TestEnv::new();
    env.web_app();
    env.run(&["block", "oauth"]).ok();
    assert_eq!(
        env.statuses()[..2],
        s(&[
            ("Wire OAuth providers", "blocked"),
            ("Rotate keys", "in_progress")
        ])
    );
}

#[test]
fn blocking_finished_work_is_refused_but_a_phase_skips_it() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"]]);
    let before = env.plan_text();
    env.run(&["block", "oauth"]).is(
        7,
        "",
        "Cannot block \"Wire OAuth providers\": it is completed.\n",
    );
    assert_eq!(env.plan_text(), before);
    env.run(&["block", "auth", "--reason", "freeze"]).is(
        0,
        "Marked phase Auth blocked (2 tasks: \"Rotate keys\", \"Add login rate limiting\").\nNow in progress: Wire Stripe webhooks (in Billing)\n",
        "",
    );
    let statuses: Vec<_> = env.statuses().into_iter().map(|(_, st)| st).collect();
    assert_eq!(statuses[..3], ["completed", "blocked", "blocked"]);
}

#[test]
fn unblock_returns_to_pending_and_says_so_when_not_blocked() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["block", "auth", "--reason", "freeze"]]);
    env.run(&["unblock", "keys"])
        .is(0, "Unblocked: Rotate keys\n", "");
    let task = &env.plan()["phases"][0]["tasks"][1];
    assert_eq!(task["status"], "pending");
    assert!(task.get("blocker").is_none());
    let rev = env.rev();
    env.run(&["unblock", "keys"]).is(
        0,
        "Not blocked: Rotate keys (it is pending); nothing changed.\n",
        "",
    );
    assert_eq!(env.rev(), rev);
    env.run(&["unblock", "auth"])
        .is(0, "Unblocked phase Auth.\n", "");
    env.run(&["unblock", "auth"])
        .is(0, "No blocked tasks in phase Auth; nothing changed.\n", "");
    env.run(&["unblock", "zzz"])
        .is(3, "", "No task or phase matched \"zzz\".\n");
}

#[test]
fn quiet_silences_confirmations_only() {
    let env = TestEnv::new();
    env.run(&["-q", "append", "a"]).is(0, "", "");
    env.run(&["done", "--quiet", "zzz"])
        .is(3, "", "No task or phase matched \"zzz\".\n");
    env.run(&["--quiet"]).is(0, "# Todos\n- [/] A\n", "");
}

/// What shows a rewrite of the plan: its inode, its time, its text.
fn stamp(env: &TestEnv) -> (u64, Option<std::time::SystemTime>, String) {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(env.plan_path()).expect("plan");
    (meta.ino(), meta.modified().ok(), env.plan_text())
}

#[test]
fn a_command_that_changes_nothing_does_not_write() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"]]);
    // A write replaces the file (a new inode) and sets its time; bytes
    // alone would not show a rewrite of the same text. The file is made
    // old before each stamp, so a rewrite at once still shows a new time.
    let aged_stamp = || {
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(86_400);
        let file = std::fs::File::options().write(true).open(env.plan_path());
        file.and_then(|f| f.set_modified(old)).expect("plan");
        stamp(&env)
    };
    let before = aged_stamp();
    env.run(&["done", "oauth"]).is(
        0,
        "Already completed: Wire OAuth providers; nothing changed.\n",
        "",
    );
    assert_eq!(stamp(&env), before, "done on a completed task");
    env.run(&["unblock", "keys"]).ok();
    assert_eq!(stamp(&env), before, "unblock on a task that is not blocked");
    env.run(&["done", "auth"]).ok(); // open tasks remain: this one does change
    assert_ne!(stamp(&env), before);
    let after_auth = aged_stamp();
    env.run(&["done", "auth"]).ok(); // now nothing is open in Auth
    assert_eq!(stamp(&env), after_auth, "done on a phase with nothing open");
    env.run(&["start", "stripe"]).ok();
    let started = aged_stamp();
    env.run(&["start", "stripe"]).ok(); // already in progress
    assert_eq!(stamp(&env), started, "start on the task in progress");
}

#[test]
fn done_and_drop_with_nothing_open_say_nothing_changed() {
    let env = TestEnv::new();
    for verb in ["done", "drop"] {
        env.run(&[verb])
            .is(0, "No open tasks; nothing changed.\n", "");
    }
    assert!(!env.plan_path().exists());
    env.web_app();
    env.given(&[&["done", "auth"], &["drop", "billing"]]);
    let before = env.plan_text();
    for verb in ["done", "drop"] {
        env.run(&[verb])
            .is(0, "No open tasks; nothing changed.\n", "");
        env.run(&[verb, "auth"])
            .is(0, "No open tasks in phase Auth; nothing changed.\n", "");
    }
    env.run(&["done", "oauth"]).is(
        0,
        "Already completed: Wire OAuth providers; nothing changed.\n",
        "",
    );
    env.run(&["drop", "invoice"]).is(
        0,
        "Already abandoned: Invoice export; nothing changed.\n",
        "",
    );
    assert_eq!(env.plan_text(), before);
}

/// `block` on a phase with nothing open, `block` again with the same
/// reason, and `rename` to the text something already has change nothing:
/// they say so (exit 0) instead of claiming they blocked or renamed, and
/// the file is not written.
#[test]
fn block_and_rename_that_change_nothing_say_so() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["done", "billing"],
        &["block", "keys", "--reason", "vendor"],
    ]);
    let before = env.plan_text();
    env.run(&["block", "billing"])
        .is(0, "No open tasks in phase Billing; nothing changed.\n", "");
    env.run(&["block", "keys", "--reason", "vendor"]).is(
        0,
        "Already blocked: Rotate keys (vendor); nothing changed.\n",
        "",
    );
    env.run(&["rename", "keys", "--to", "Rotate keys"]).is(
        0,
        "Task \"Rotate keys\" already has that text; nothing changed.\n",
        "",
    );
    env.run(&["rename", "auth", "--to", "Auth"]).is(
        0,
        "Phase \"Auth\" already has that name; nothing changed.\n",
        "",
    );
    assert_eq!(env.plan_text(), before);
    env.given(&[&["block", "auth", "--reason", "freeze"]]);
    let blocked = env.plan_text();
    env.run(&["block", "auth", "--reason", "freeze"]).is(
        0,
        "Phase Auth is already blocked; nothing changed.\n",
        "",
    );
    assert_eq!(env.plan_text(), blocked);
    env.run(&["undo"]).ok();
    let undone = env.plan_text();
    let json = env.run(&["--json", "block", "billing"]).ok().json();
    assert_eq!(json["changed"], false);
    assert_eq!(env.plan_text(), undone);
    // What does change still says what it did.
    env.run(&["block", "keys", "--reason", "legal"]).is(
        0,
        "Marked blocked: Rotate keys (legal)\n",
        "",
    );
    env.run(&["rename", "auth", "--to", "AUTH"])
        .is(0, "Renamed phase \"Auth\" to \"AUTH\".\n", "");
}
