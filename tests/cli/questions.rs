//! The questions `todo` asks a person at a terminal, and the must-nots: a
//! script, a pipe or an agent is never asked and behaves as before. Every
//! question is driven through a real pseudo-terminal.

use crate::common::TestEnv;

/// Two phases of three open tasks each, one finished.
fn six_open(env: &TestEnv) {
    env.given(&[
        &["append", "build", "compile it"],
        &["append", "build", "link it"],
        &["append", "build", "strip it"],
        &["append", "ship", "tag it"],
        &["append", "ship", "upload it"],
        &["append", "ship", "announce it"],
        &["append", "ship", "celebrate"],
        &["done", "celebrate"],
    ]);
}

#[test]
fn a_bare_done_at_a_terminal_asks_first_and_yes_goes_ahead() {
    let env = TestEnv::new();
    six_open(&env);
    let mut term = env.terminal(&["done"], |_| {});
    term.expect("Mark 6 tasks completed? `todo undo` reverts it. [y/N] ");
    term.send_line("y");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.contains("Marked all tasks completed.\n6 tasks changed; `todo undo` reverts it."),
        "{seen}"
    );
    assert!(env.statuses().iter().all(|(_, s)| s == "completed"));
    // And `todo undo` does revert it.
    env.run(&["undo"]).ok();
    assert_eq!(
        env.statuses()
            .iter()
            .filter(|(_, s)| s == "completed")
            .count(),
        1
    );
}

#[test]
fn no_enter_or_end_of_input_at_the_question_changes_nothing_exit_7() {
    for answer in ["n", "", "eof"] {
        let env = TestEnv::new();
        six_open(&env);
        let before = std::fs::read(env.plan_path()).unwrap();
        for args in [&["done"][..], &["drop"], &["rm"], &["rm", "ship"]] {
            let mut term = env.terminal(args, |_| {});
            term.expect("`todo undo` reverts it. [y/N] ");
            if answer == "eof" {
                term.send_eof();
            } else {
                term.send_line(answer);
            }
            let (code, seen) = term.finish();
            assert_eq!(code, 7, "{args:?} {answer:?}: {seen}");
            assert!(seen.ends_with("Nothing changed.\n"), "{args:?}: {seen}");
            assert_eq!(std::fs::read(env.plan_path()).unwrap(), before, "{args:?}");
        }
    }
}

#[test]
fn each_bulk_verb_says_what_it_would_do() {
    let env = TestEnv::new();
    six_open(&env);
    for (args, question) in [
        (&["drop"][..], "Mark 6 tasks abandoned?"),
        (&["rm"], "Remove 7 tasks?"),
        (&["rm", "ship"], "Remove 4 tasks?"),
        (&["done", "ship"], "Mark 3 tasks completed?"),
    ] {
        let mut term = env.terminal(args, |_| {});
        let shown = if question.starts_with("Mark 3") {
            // Three is not many: no question.
            let (code, seen) = term.finish();
            assert_eq!(code, 0, "{seen}");
            assert!(!seen.contains("[y/N]"), "{seen}");
            env.run(&["undo"]).ok();
            continue;
        } else {
            term.expect(question)
        };
        assert_eq!(shown, "", "{args:?}");
        term.send_line("n");
        assert_eq!(term.finish().0, 7);
    }
    // Prune counts what it removes.
    env.given(&[&["done", "ship"], &["done", "compile it"]]);
    let mut term = env.terminal(&["prune"], |_| {});
    term.expect(
        "Remove 5 tasks (finished) and the phases left empty? `todo undo` reverts it. [y/N] ",
    );
    term.send_line("yes");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.contains("5 tasks changed; `todo undo` reverts it."),
        "{seen}"
    );
}

#[test]
fn yes_skips_the_question() {
    let env = TestEnv::new();
    six_open(&env);
    let (code, seen) = env.tty(&["done", "--yes"]);
    assert_eq!(code, 0, "{seen}");
    assert!(!seen.contains("[y/N]"), "{seen}");
    assert!(seen.contains("6 tasks changed"), "{seen}");
    assert!(env.statuses().iter().all(|(_, s)| s == "completed"));
}

#[test]
fn a_script_or_pipe_is_never_asked_and_behaves_as_before() {
    let env = TestEnv::new();
    six_open(&env);
    // stdin a pipe (with a "n" waiting that must not be read as an answer).
    env.run_stdin(&["done"], b"n\n", |_| {})
        .is(0, "Marked all tasks completed.\n", "");
    assert!(env.statuses().iter().all(|(_, s)| s == "completed"));
    env.run(&["rm"]).is(0, "Cleared all todos.\n", "");
}

#[test]
fn an_agent_is_never_asked_even_at_a_terminal() {
    let env = TestEnv::new();
    six_open(&env);
    let (code, seen) = env.tty(&["--as", "agent", "done"]);
    assert_eq!((code, seen.as_str()), (0, "Marked all tasks completed.\n"));
    assert!(env.statuses().iter().all(|(_, s)| s == "completed"));
    let env = TestEnv::new();
    six_open(&env);
    let (code, seen) = env
        .terminal(&["drop"], |cmd| {
            cmd.env("TODO_ACTOR", "agent");
        })
        .finish();
    assert_eq!((code, seen.as_str()), (0, "Marked all tasks abandoned.\n"));
}

#[test]
fn an_ambiguous_query_at_a_terminal_offers_a_numbered_choice() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "wire oauth"],
        &["append", "build", "wire stripe"],
        &["start", "wire oauth"],
    ]);
    let n = env.names();
    let mut term = env.terminal(&["rm", "wire"], |_| {});
    let shown = term.expect("Which one? [1-2, Enter to cancel] ");
    assert_eq!(
        n.of(&shown),
        "\"wire\" matches 2 items:\n  1) t1  Wire oauth  (in Build, in progress)\n  2) t2  Wire stripe  (in Build, pending)\n"
    );
    term.send_line("2");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(seen.contains("Removed: Wire stripe"), "{seen}");
    assert_eq!(env.statuses().len(), 1);
    // Enter cancels: nothing changes, exit 7.
    env.run(&["undo"]).ok();
    let before = env.plan_text();
    let mut term = env.terminal(&["done", "wire"], |_| {});
    term.expect("Which one? [1-2, Enter to cancel] ");
    term.send_line("");
    let (code, seen) = term.finish();
    assert_eq!(code, 7, "{seen}");
    assert!(seen.ends_with("Nothing changed.\n"), "{seen}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn an_ambiguous_query_in_a_script_names_the_command_that_picks_each() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "wire oauth"],
        &["append", "build", "wire stripe"],
    ]);
    let n = env.names();
    let before = env.plan_text();
    env.run(&["done", "wire"]).named(&n).is(
        3,
        "",
        "\"wire\" is ambiguous; it matches:\n  t1  Wire oauth  (in Build, in progress)  →  todo done t1\n  t2  Wire stripe  (in Build, pending)  →  todo done t2\nHint: Use an id (such as t1) or more words.\n",
    );
    assert_eq!(env.plan_text(), before);
    // An agent at a terminal gets the list too, not a question.
    let (code, seen) = env.tty(&["--as", "agent", "rm", "wire"]);
    assert_eq!(code, 3, "{seen}");
    assert!(seen.contains("→  todo --as agent rm"), "{seen}");
    // The command given does pick it.
    let id = env.id("Wire stripe");
    env.run(&["done", &id]).ok();
    assert_eq!(env.statuses()[1].1, "completed");
}

#[test]
fn a_phase_typo_at_a_terminal_offers_use_create_or_cancel() {
    let env = TestEnv::new();
    env.given(&[&["append", "auth", "wire oauth"]]);
    // u: the phase meant.
    let mut term = env.terminal(&["append", "auht", "fix", "it"], |_| {});
    term.expect("No phase matched \"auht\". Use \"Auth\" (u), create phase \"Auht\" (c), or cancel (Enter)? [u/c/N] ");
    term.send_line("u");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(seen.ends_with("Appended to Auth: Fix it\n"), "{seen}");
    // Enter: nothing, exit 7.
    let before = env.plan_text();
    let mut term = env.terminal(&["append", "auht", "third"], |_| {});
    term.expect("[u/c/N] ");
    term.send_line("");
    let (code, seen) = term.finish();
    assert_eq!(code, 7, "{seen}");
    assert_eq!(env.plan_text(), before);
    // In a script, or for an agent at a terminal: refused as before.
    env.run(&["append", "auht", "x"]).code(3);
    let (code, seen) = env.tty(&["--as", "agent", "append", "auht", "x"]);
    assert_eq!(code, 3, "{seen}");
    assert_eq!(env.plan_text(), before);
    // c: a new phase, said so.
    let mut term = env.terminal(&["append", "auht", "other"], |_| {});
    term.expect("[u/c/N] ");
    term.send_line("c");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.ends_with("Appended to Auht: Other\nCreated phase \"Auht\".\n"),
        "{seen}"
    );
}

#[test]
fn json_at_a_terminal_is_never_asked() {
    let env = TestEnv::new();
    six_open(&env);
    let (code, seen) = env.tty(&["--json", "done"]);
    assert_eq!(code, 0, "{seen}");
    assert!(!seen.contains("[y/N]"), "{seen}");
    assert!(
        seen.contains("\"message\":\"Marked all tasks completed.\""),
        "{seen}"
    );
    assert!(env.statuses().iter().all(|(_, s)| s == "completed"));
}

#[test]
fn a_plan_changed_while_the_person_answers_is_not_overwritten() {
    let env = TestEnv::new();
    six_open(&env);
    let mut term = env.terminal(&["done"], |_| {});
    term.expect("[y/N] ");
    // Someone else (an agent, say) changes the plan meanwhile.
    env.run(&["--as", "agent", "append", "ship", "late news"])
        .ok();
    let before = env.plan_text();
    term.send_line("y");
    let (code, seen) = term.finish();
    assert_eq!(code, 4, "{seen}");
    assert!(
        seen.ends_with("The plan changed while you answered; nothing was changed.\nHint: Run the command again to see what it would change now.\n"),
        "{seen}"
    );
    assert_eq!(env.plan_text(), before);
}

/// `todo done deploy` with a phase "Deploy" and a task "Deploy to staging"
/// in another phase: the phase-wide change is not guessed at. A person at a
/// terminal picks one (the phase here, and the confirmation names the tasks
/// it completed); a script gets both listed and nothing changes.
#[test]
fn a_phase_name_that_also_starts_a_task_elsewhere_is_asked_not_guessed() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "deploy", "push image"],
        &["append", "deploy", "run migrations"],
        &["append", "ops", "deploy to staging"],
    ]);
    let n = env.names();
    let before = env.plan_text();
    let (code, seen) = env.tty(&["--json", "done", "deploy"]);
    assert_eq!(code, 3, "{seen}");
    assert_eq!(env.plan_text(), before);
    let mut term = env.terminal(&["done", "deploy"], |_| {});
    let shown = term.expect("Which one? [1-2, Enter to cancel] ");
    assert_eq!(
        n.of(&shown),
        "\"deploy\" matches 2 items:\n  1) p1  Deploy  (phase)\n  2) t3  Deploy to staging  (in Ops, pending)\n"
    );
    term.send_line("1");
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(
        seen.contains(
            "Marked phase Deploy completed (2 tasks: \"Push image\", \"Run migrations\")."
        ),
        "{seen}"
    );
    let statuses: Vec<String> = env.statuses().into_iter().map(|(_, s)| s).collect();
    assert_eq!(statuses, ["completed", "completed", "in_progress"]);
    // A phase whose own tasks start with its name is no question: they are
    // what it acts on either way.
    let env = TestEnv::new();
    env.given(&[
        &["append", "docs", "docs for the api"],
        &["append", "docs", "more"],
    ]);
    env.run(&["done", "docs"]).is(
        0,
        "Marked phase Docs completed (2 tasks: \"Docs for the api\", \"More\").\n",
        "",
    );
}
