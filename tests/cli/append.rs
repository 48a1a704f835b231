use crate::common::{TestEnv, s};

#[test]
fn the_spec_examples() {
    let env = TestEnv::new();
    env.run(&["append", "auth work", "set up"]).ok();
    env.run(&["append", "auth", "wire", "oauth"])
        .is(0, "Appended to Auth Work: Wire oauth\n", "");

    let env = TestEnv::new();
    env.given(&[&["append", "one", "a"], &["append", "two", "b"]]);
    env.run(&["append", "fix the \"quoted\" thing"]).is(
        0,
        "Appended to Two: Fix the \"quoted\" thing\n",
        "",
    );
}

#[test]
fn one_argument_goes_to_the_last_phase_or_todos() {
    let env = TestEnv::new();
    env.run(&["append", "first thing"])
        .is(0, "Appended to Todos: First thing\n", "");
    env.run(&["append", "Later", "x"]).ok();
    env.run(&["append", "second"])
        .is(0, "Appended to Later: Second\n", "");
}

#[test]
fn new_phases_get_capitalised_words_and_existing_ones_are_matched() {
    let env = TestEnv::new();
    env.run(&["append", "auth work", "a"]).is(
        0,
        "Appended to Auth Work: A\nCreated phase \"Auth Work\".\n",
        "",
    );
    // Matched by prefix, by id, and by exact name in another case.
    env.run(&["append", "auth", "b"])
        .is(0, "Appended to Auth Work: B\n", "");
    env.run(&["append", &env.phase_id("Auth Work"), "c"])
        .is(0, "Appended to Auth Work: C\n", "");
    env.run(&["append", "AUTH WORK", "d"])
        .is(0, "Appended to Auth Work: D\n", "");
    let plan = env.plan();
    assert_eq!(plan["phases"].as_array().map(Vec::len), Some(1));
}

#[test]
fn phase_flag_names_the_phase_and_creates_it_as_typed() {
    let env = TestEnv::new();
    env.run(&["append", "-p", "release candidate", "tag", "it"])
        .is(
            0,
            "Appended to release candidate: Tag it\nCreated phase \"release candidate\".\n",
            "",
        );
    // A name, not a query: the exact name in any case, or a new phase.
    env.run(&["append", "--phase", "Release Candidate", "ship"])
        .is(0, "Appended to release candidate: Ship\n", "");
    // With --phase, every argument is text, even the first.
    env.run(&["append", "-p", "rel", "docs", "page"]).is(
        0,
        "Appended to rel: Docs page\nCreated phase \"rel\".\n",
        "",
    );
}

#[test]
fn text_is_normalised_and_hyphen_text_needs_double_dash() {
    let env = TestEnv::new();
    env.run(&["append", "  spaced \t out\nwords  "]).is(
        0,
        "Appended to Todos: Spaced out words\n",
        "",
    );
    env.run(&["append", "--", "-v flag handling"]).is(
        0,
        "Appended to Todos: -v flag handling\n",
        "",
    );
    let run = env.run(&["append", "-v"]);
    run.code(2);
    assert!(run.stderr.contains("unexpected argument '-v'"), "{run:?}");
}

#[test]
fn empty_text_is_a_usage_error_and_changes_nothing() {
    let env = TestEnv::new();
    env.run(&["append", "   "])
        .is(2, "", "The task is empty.\n");
    env.run(&["append", "phase", " \t "])
        .is(2, "", "The task is empty.\n");
    env.run(&["append", "-p", " ", "x"])
        .is(2, "", "The phase name is empty.\n");
    assert!(!env.plan_path().exists());
    env.run(&["append"]).code(2);
}

#[test]
fn duplicates_are_refused_whatever_their_status() {
    let env = TestEnv::new();
    env.given(&[&["append", "ship it"], &["done", "ship it"]]);
    let before = env.plan_text();
    env.run(&["append", "ship it"])
        .is(7, "", "Task \"Ship it\" already exists\n");
    env.run(&["append", "other", "Ship it"])
        .is(7, "", "Task \"Ship it\" already exists\n");
    assert_eq!(env.plan_text(), before, "a refused append writes nothing");
    // Case matters for duplicates.
    env.run(&["append", "-p", "Todos", "--", "ship IT"]).ok();
}

#[test]
fn an_ambiguous_phase_changes_nothing() {
    let env = TestEnv::new();
    env.given(&[&["append", "auth api", "a"], &["append", "auth ui", "b"]]);
    let before = env.plan_text();
    let run = env.run(&["append", "auth", "c"]).named(&env.names());
    run.code(3);
    assert!(
        run.stderr.starts_with(
            "\"auth\" is ambiguous; it matches:\n  p1  Auth Api  (phase)  →  todo append p1 c\n  p2  Auth Ui  (phase)  →  todo append p2 c\n"
        ),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_new_plan_starts_its_first_task_and_appending_to_finished_work_starts_the_new_one() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "a1"], &["append", "A", "a2"]]);
    env.run(&[]).is(0, "# A\n- [/] A1\n- [ ] A2\n", "");
    env.given(&[&["done"]]);
    env.run(&["append", "a3"]).ok();
    assert_eq!(
        env.statuses(),
        s(&[
            ("A1", "completed"),
            ("A2", "completed"),
            ("A3", "in_progress")
        ])
    );
}

#[test]
fn ids_are_new_and_never_reused() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    let [a, b] = env.ids(["A", "B"]);
    env.given(&[&["rm", "b"], &["append", "c"]]);
    let c = env.id("C");
    assert!(crate::common::minted(&c, 't'), "{c}");
    assert!(c != a && c != b, "{c} reused");
    assert_eq!(env.rev(), 4);
}

/// One argument in a plan of several phases goes to the last phase: a
/// person at a terminal is told so, and how to choose, where the rule acts
/// (a script keeps the one confirmation line it reads). With
/// one phase there is nothing to choose; scripts and `--json` get nothing
/// more.
#[test]
fn one_argument_says_it_went_to_the_last_phase_when_there_was_a_choice() {
    let env = TestEnv::new();
    env.run(&["append", "first"]).ok();
    let (code, seen) = env.tty(&["append", "second"]);
    assert_eq!((code, seen.as_str()), (0, "Appended to Todos: Second\n"));
    env.run(&["append", "ops", "deploy"]).ok();
    let (code, seen) = env.tty(&["append", "write a README"]);
    assert_eq!(code, 0, "{seen}");
    assert_eq!(
        seen,
        "Appended to Ops: Write a README\nOne argument goes to the last phase; name one first to \
         choose (todo append <phase> <task>), or move it (todo mv <task> <phase>).\n"
    );
    env.run(&["append", "from a script"])
        .is(0, "Appended to Ops: From a script\n", "");
    let reply = env.run(&["--json", "append", "json"]).ok().json();
    assert!(reply.get("toLastPhase").is_none(), "{reply}");
    assert_eq!(reply["warnings"], serde_json::Value::Null, "{reply}");
}
