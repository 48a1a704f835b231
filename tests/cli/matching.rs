//! The matching order of SPEC §5, through the real binary.

use crate::common::TestEnv;

#[test]
fn exact_task_beats_exact_phase_beats_id_beats_substring() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "-p", "Docs", "docs"], // t1: a task named like the phase
        &["append", "-p", "Docs", "write docs"], // t2
        &["append", "-p", "Ship", "--", "t2"], // t3: a task named like an id
        &["append", "-p", "Ship", "p1 review"], // t4: contains "p1"
    ]);
    // "docs" is t1's exact content, also phase Docs and a substring of t2.
    env.run(&["done", "docs"])
        .is(0, "Marked completed: Docs\n", "");
    // "ship" is the exact name of a phase, and nothing's exact content.
    env.run(&["drop", "ship"])
        .is(0, "Marked phase Ship abandoned.\n", "");
    // "t2" is the exact content of t3, which beats the id t2.
    env.run(&["start", "t2"]).is(0, "Started: T2\n", "");
    // "p1" is a phase id, which beats the substring in "P1 review".
    env.run(&["block", "p1"])
        .is(0, "Marked phase Docs blocked.\n", "");
    // A bare number is a task id.
    env.run(&["start", "4"]).is(0, "Started: P1 review\n", "");
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
    env.run(&["done", "fix"]).is(
        3,
        "",
        "\"fix\" is ambiguous; it matches:\n  \
           t1  Fix login  (Auth, in_progress)\n  \
           t2  Fix logout  (Auth, pending)\n  \
           t3  Fixture data  (Billing, pending)\n\
         Use an id (such as t1) or more words.\n",
    );
    assert_eq!(env.plan_text(), before);
    // "fix logn" is nobody's substring, so typo tolerance runs; the closer
    // task wins only when it is clearly closer.
    env.run(&["done", "fix logn"])
        .is(0, "Marked completed: Fix login\n", "");
    env.run(&["done", "fix logot"])
        .is(0, "Marked completed: Fix logout\n", "");
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
    env.run(&["start", "stirpe"])
        .is(0, "Started: Wire Stripe webhooks\n", "");
    env.run(&["done", "oaht"])
        .is(0, "Marked completed: Wire OAuth providers\n", "");
    env.run(&["done", "deploy"])
        .is(3, "", "No task or phase matched \"deploy\".\n");
    env.run(&["done", "bilingg"])
        .is(0, "Marked phase Billing completed.\n", "");
}
