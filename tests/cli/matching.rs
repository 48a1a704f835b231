//! The matching order of docs/contract.md, "Matching a query", through the real binary.

use crate::common::TestEnv;

#[test]
fn exact_task_beats_exact_phase_beats_id_beats_substring() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "-p", "Docs", "docs"], // a task named like the phase
        &["append", "-p", "Docs", "write docs"],
    ]);
    let (t2, p1) = (env.id("Write docs"), env.phase_id("Docs"));
    env.given(&[
        &["append", "-p", "Ship", "--", &t2], // a task named like an id
        &["append", "-p", "Ship", &format!("{p1} review")], // contains p1's id
    ]);
    // Capitalised as `append` does.
    let cap = |id: &str| id[..1].to_uppercase() + &id[1..];
    // "docs" is the first task's exact content, also phase Docs and a
    // substring of "Write docs".
    env.run(&["done", "docs"]).is(
        0,
        "Marked completed: Docs\nNow in progress: Write docs\n",
        "",
    );
    // "ship" is the exact name of a phase, and nothing's exact content.
    env.run(&["drop", "ship"]).is(
        0,
        &format!(
            "Marked phase Ship abandoned (2 tasks: \"{}\", \"{} review\").\n",
            cap(&t2),
            cap(&p1)
        ),
        "",
    );
    // t2's id is the exact content of another task, which beats the id.
    env.run(&["start", &t2])
        .is(
            0,
            &format!(
                "Started: {}\nIt was abandoned; it is open again.\nWrite docs (in Docs) is back to pending.\n",
                cap(&t2)
            ),
            "",
        );
    // p1's id is a phase id, which beats the substring in "<p1> review".
    env.run(&["block", &p1]).is(
        0,
        "Marked phase Docs blocked (1 task: \"Write docs\").\n",
        "",
    );
    // A bare number is a task id (of the counter form, `t2`, that
    // version 1 files hold).
    let env = TestEnv::new();
    env.write_plan(crate::common::TWO_TASKS);
    env.run(&["start", "2"]).is(
        0,
        "Started: Rotate keys\nWire OAuth providers is back to pending.\n",
        "",
    );
}

#[test]
fn an_id_shaped_query_that_names_nothing_matches_nothing() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "release 3.7 notes"],
        &["append", "phase 7 review"],
    ]);
    env.run(&["done", "7"])
        .is(3, "", "No task or phase matched \"7\".\n");
    env.run(&["done", "t7"])
        .is(3, "", "No task or phase matched \"t7\".\n");
    env.run(&["start", "p1"]).is(
        3,
        "",
        "No task matched \"p1\". Use todo to list current tasks.\n",
    );
}

#[test]
fn substring_prefers_the_one_active_task() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "fix login"],
        &["append", "fix signup"],
        &["done", "login"],
    ]);
    // Two tasks contain "fix"; only "Fix signup" is still open.
    env.run(&["start", "fix"])
        .is(0, "Started: Fix signup\n", "");
}

#[test]
fn ambiguity_lists_candidates_with_ids_and_never_falls_through() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "auth", "fix login"],
        &["append", "auth", "fix logout"],
        &["append", "billing", "fixture data"],
    ]);
    let before = env.plan_text();
    // The ids in the messages written as t1, t2… in the order made.
    let n = env.names();
    env.run(&["done", "fix"]).named(&n).is(
        3,
        "",
        "\"fix\" is ambiguous; it matches:\n  \
           t1  Fix login  (in Auth, in progress)  →  todo done t1\n  \
           t2  Fix logout  (in Auth, pending)  →  todo done t2\n  \
           t3  Fixture data  (in Billing, pending)  →  todo done t3\n\
         Hint: Use an id (such as t1) or more words.\n",
    );
    assert_eq!(env.plan_text(), before);
    // "fix logn" is nobody's substring, so typo tolerance runs; the closer
    // task is offered only when it is clearly closer, and only as a guess.
    env.run(&["done", "fix logn"]).named(&n).is(
        3,
        "",
        "No task or phase matched \"fix logn\". Did you mean \"Fix login\" (t1)?\n",
    );
    env.run(&["done", "fix logot"]).named(&n).is(
        3,
        "",
        "No task or phase matched \"fix logot\". Did you mean \"Fix logout\" (t2)?\n",
    );
    // Two phases a typo fits equally well: ambiguous, not a guess.
    env.given(&[
        &["append", "-p", "Alpha One", "x"],
        &["append", "-p", "Alpha Two", "y"],
    ]);
    env.run(&["done", "alpah"]).code(3);
}

#[test]
fn typo_tolerance_finds_the_task_but_never_an_unrelated_one() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "auth", "wire OAuth providers"],
        &["append", "billing", "wire Stripe webhooks"],
    ]);
    let n = env.names();
    env.run(&["start", "stirpe"]).named(&n).is(
        3,
        "",
        "No task matched \"stirpe\". Use todo to list current tasks. Did you mean \"Wire Stripe webhooks\" (t2)?\n",
    );
    env.run(&["done", "deploy"])
        .is(3, "", "No task or phase matched \"deploy\".\n");
    // Not a typo but not a match either: only a hint, never a prompt.
    env.run(&["done", "stripy hooks"]).named(&n).is(
        3,
        "",
        "No task or phase matched \"stripy hooks\". Did you mean \"Wire Stripe webhooks\" (t2)?\n",
    );
}

/// Issue 9, defect 2: each of these completed the wrong task, exit 0, with
/// one task in the plan. Now nothing matches and nothing is written.
#[test]
fn opposite_and_unrelated_tasks_are_never_matched() {
    let cases = [
        ("Increase timeout", "decrease"),
        ("Add export endpoint", "import"),
        ("Decode base64 payloads", "encode"),
        ("External API client", "internal"),
        ("Sort descending", "ascending"),
        ("Uninstall old agent", "install"),
        ("Unlock the vault", "lock"),
        ("Undeploy staging", "deploy"),
        ("Remove unused deps", "used"),
        ("Pull release tag", "push"),
        ("Disable cache", "enable"),
        ("Rebuild index", "build"),
    ];
    for (task, query) in cases {
        let env = TestEnv::new();
        env.run(&["append", task]).ok();
        let before = env.plan_text();
        for verb in ["done", "drop", "rm", "start", "block"] {
            let run = env.run(&[verb, query]);
            run.code(3);
            assert!(
                !run.stderr.contains("Did you mean"),
                "{verb} {query:?} must not even suggest {task:?}:\n{run:?}"
            );
            assert_eq!(env.plan_text(), before, "{verb} {query:?} wrote the plan");
        }
    }
}

#[test]
fn phases_are_matched_at_word_starts_only() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "-p", "Build", "compile it"],
        &["append", "-p", "Rapid prototyping", "sketch"],
    ]);
    // "ui" is inside "Build", but not at a word start: a new phase.
    env.run(&["append", "ui", "fix", "button"]).is(
        0,
        "Appended to Ui: Fix button\nCreated phase \"Ui\".\n",
        "",
    );
    let before = env.plan_text();
    // "api" is inside "Rapid prototyping": not a phase it names.
    env.run(&["rm", "api"])
        .is(3, "", "No task or phase matched \"api\".\n");
    assert_eq!(env.plan_text(), before);
    // A word start does name it.
    env.run(&["done", "proto"]).is(
        0,
        "Marked phase Rapid prototyping completed (1 task: \"Sketch\").\n",
        "",
    );
}

#[test]
fn tasks_are_matched_at_word_starts_including_case_changes() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Wire OAuth providers"],
        &["append", "Fix getUser crash"],
        &["append", "Bump lib-v2 dependency"],
    ]);
    env.run(&["start", "wire oauth"])
        .is(0, "Started: Wire OAuth providers\n", "");
    env.run(&["start", "user crash"]).is(
        0,
        "Started: Fix getUser crash\nWire OAuth providers is back to pending.\n",
        "",
    );
    env.run(&["start", "v2"]).is(
        0,
        "Started: Bump lib-v2 dependency\nFix getUser crash is back to pending.\n",
        "",
    );
    // "auth" is inside "OAuth", not at a word start; "ser" inside "getUser".
    env.run(&["start", "auth"]).code(3);
    env.run(&["start", "ser"]).code(3);
}

#[test]
fn several_word_start_hits_take_the_only_open_one_else_are_ambiguous() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "fix login"],
        &["append", "fix signup"],
        &["append", "fix logout"],
        &["done", "fix login"],
        &["block", "fix logout"],
    ]);
    // Three tasks start with "fix"; one is pending, one done, one blocked.
    env.run(&["done", "fix"])
        .is(0, "Marked completed: Fix signup\n", "");
    // Now none is pending or in progress: ambiguous, nothing written.
    let before = env.plan_text();
    env.run(&["drop", "fix"]).code(3);
    assert_eq!(env.plan_text(), before);
}

/// A typo is a guess: in a script it changes nothing and says what it
/// would have taken (exit 3), in each verb's own words.
#[test]
fn a_typo_guess_never_acts_off_a_terminal() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    let n = env.names();
    env.run(&["done", "oaht"]).named(&n).is(
        3,
        "",
        "No task or phase matched \"oaht\". Did you mean \"Wire OAuth providers\" (t1)?\n",
    );
    env.run(&["start", "stirpe"]).named(&n).is(
        3,
        "",
        "No task matched \"stirpe\". Use todo to list current tasks. Did you mean \"Wire Stripe webhooks\" (t4)?\n",
    );
    env.run(&["rm", "bilingg"]).named(&n).is(
        3,
        "",
        "No task or phase matched \"bilingg\". Did you mean \"Billing\" (p2)?\n",
    );
    let json = env.run(&["--json", "drop", "oaht"]);
    json.code(3);
    let v = json.json();
    assert_eq!(v["error"]["code"], "no_match");
    assert_eq!(v["error"]["suggestion"]["id"], n.id("t1"));
    assert_eq!(v["error"]["suggestion"]["text"], "Wire OAuth providers");
    // A batch line never guesses either.
    let input = env.home.join("batch.txt");
    std::fs::write(&input, "append x\ndone oaht\n").unwrap();
    env.run_with(&["batch"], |c| {
        c.stdin(std::fs::File::open(&input).unwrap());
    })
    .named(&n)
    .is(
        3,
        "",
        "Line 2: No task or phase matched \"oaht\". Did you mean \"Wire OAuth providers\" (t1)?\n",
    );
    assert_eq!(env.plan_text(), before, "a guess wrote the plan");
}

#[test]
fn a_typo_guess_asks_on_a_terminal_and_enter_accepts_it() {
    let env = TestEnv::new();
    env.web_app();
    let mut term = env.terminal(&["done", "oaht"], |_| {});
    term.expect("Did you mean \"Wire OAuth providers\"? [Y/n] ");
    term.send_line("");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.contains("Marked completed: Wire OAuth providers"),
        "{seen}"
    );
    assert_eq!(env.statuses()[0].1, "completed");
    // `y` accepts too.
    let mut term = env.terminal(&["start", "stirpe"], |_| {});
    term.expect("Did you mean \"Wire Stripe webhooks\"? [Y/n] ");
    term.send_line("y");
    assert_eq!(term.finish().0, 0);
    assert_eq!(env.statuses()[3].1, "in_progress");
}

#[test]
fn a_typo_guess_answered_no_changes_nothing() {
    let env = TestEnv::new();
    env.web_app();
    let before = std::fs::read(env.plan_path()).unwrap();
    let mut term = env.terminal(&["rm", "oaht"], |_| {});
    term.expect("Did you mean \"Wire OAuth providers\"? [Y/n] ");
    term.send_line("n");
    let (code, seen) = term.finish();
    assert_eq!(code, 3, "{seen}");
    assert!(seen.contains("Nothing changed."), "{seen}");
    assert_eq!(std::fs::read(env.plan_path()).unwrap(), before);
}

/// Ctrl-D at the question is a no; what follows starts on a line of its
/// own instead of after the unanswered `[Y/n] `.
#[test]
fn a_typo_guess_answered_with_end_of_input_changes_nothing() {
    let env = TestEnv::new();
    env.web_app();
    let before = std::fs::read(env.plan_path()).unwrap();
    let mut term = env.terminal(&["done", "oaht"], |_| {});
    term.expect("Did you mean \"Wire OAuth providers\"? [Y/n] ");
    term.send_eof();
    let (code, seen) = term.finish();
    assert_eq!(code, 3, "{seen}");
    assert!(
        seen.ends_with("[Y/n] \nNo task or phase matched \"oaht\". Nothing changed.\n"),
        "{seen:?}"
    );
    assert_eq!(std::fs::read(env.plan_path()).unwrap(), before);
}

#[test]
fn only_a_guess_is_asked_and_never_under_json() {
    let env = TestEnv::new();
    env.web_app();
    let (code, seen) = env.tty(&["done", "oauth"]);
    assert_eq!(code, 0, "{seen}");
    assert!(!seen.contains("Did you mean"), "{seen}");
    // A hint (not a near miss of every word) is said, never asked.
    let (code, seen) = env.tty(&["done", "stripy hooks"]);
    assert_eq!(code, 3, "{seen}");
    assert!(seen.contains("Did you mean"), "{seen}");
    assert!(!seen.contains("[Y/n]"), "{seen}");
    // --json is for programs: a guess is reported, never asked.
    let before = env.plan_text();
    let (code, seen) = env.tty(&["--json", "drop", "stirpe"]);
    assert_eq!(code, 3, "{seen}");
    assert!(!seen.contains("[Y/n]"), "{seen}");
    assert!(seen.contains("\"guess\":true"), "{seen}");
    assert_eq!(env.plan_text(), before);
}

/// `-p` names a phase: an exact name (any case) or an id, else a new one
/// as typed. It is never a query (`#` is not "C#", `rel` is not "Release").
#[test]
fn phase_flag_is_a_name_not_a_query() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "-p", "C#", "port the parser"],
        &["append", "-p", "Release", "tag it"],
    ]);
    env.run(&["append", "-p", "#", "hash things"]).is(
        0,
        "Appended to #: Hash things\nCreated phase \"#\".\n",
        "",
    );
    env.run(&["append", "-p", "rel", "x"]).is(
        0,
        "Appended to rel: X\nCreated phase \"rel\".\n",
        "",
    );
    env.run(&["append", "-p", "RELEASE", "y"])
        .is(0, "Appended to Release: Y\n", "");
    let p1 = env.phase_id("C#");
    env.run(&["append", "-p", &p1, "z"])
        .is(0, "Appended to C#: Z\n", "");
    // mv with -p: every argument names the task, the phase is a name.
    env.run(&["mv", "hash", "things", "-p", "c#"])
        .is(0, "Moved \"Hash things\" to C#.\n", "");
    env.run(&["mv", "tag", "-p", "Rel"])
        .is(0, "Moved \"Tag it\" to rel.\n", "");
    env.run(&["mv", "port", "-p", "Backlog"])
        .is(0, "Moved \"Port the parser\" to Backlog.\n", "");
}

/// Defect 7: two phases with one name make every `-p` ambiguous.
#[test]
fn renaming_a_phase_to_another_phases_name_is_refused() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    env.run(&["rename", "billing", "--to", "auth"])
        .is(7, "", "Phase \"Auth\" already exists\n");
    let [p1, p2] = [env.phase_id("Auth"), env.phase_id("Billing")];
    env.run(&["rename", &p2, "--to", "AUTH"]).code(7);
    assert_eq!(env.plan_text(), before);
    // A phase may change the case of its own name.
    env.run(&["rename", &p1, "--to", "AUTH"])
        .is(0, "Renamed phase \"Auth\" to \"AUTH\".\n", "");
}

/// The phase word of `append` is a phase query: a typo of a phase is a
/// guess too (asked on a terminal), never a silent new phase "Billng".
#[test]
fn a_phase_typo_in_append_is_a_guess_too() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    let n = env.names();
    env.run(&["append", "billng", "refund", "flow"]).named(&n).is(
        3,
        "",
        "No phase matched \"billng\" (-p \"billng\" makes a new one). Did you mean \"Billing\" (p2)?\n",
    );
    assert_eq!(env.plan_text(), before);
    let mut term = env.terminal(&["append", "billng", "refund", "flow"], |_| {});
    term.expect("Use \"Billing\" (u), create phase \"Billng\" (c), or cancel (Enter)? [u/c/N] ");
    term.send_line("u");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(seen.contains("Appended to Billing: Refund flow"), "{seen}");
}
