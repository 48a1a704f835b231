//! `todo undo`: back through the changes made with todo.

use crate::common::{HUNG, TestEnv, minted};
use crate::reshape::assert_same_tasks;

#[test]
fn undo_after_each_mutating_verb_restores_the_previous_plan() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["block", "invoice", "-r", "x"],
        &["append", "billing", "old task"],
        &["done", "old task"],
    ]);
    let verbs: &[&[&str]] = &[
        &["append", "billing", "refunds"],
        &["start", "keys"],
        &["done", "oauth"],
        &["done", "billing"],
        &["done"],
        &["drop", "rate"],
        &["drop"],
        &["rm", "keys"],
        &["rm", "auth"],
        &["rm"],
        &["block", "stripe", "--reason", "api down"],
        &["unblock", "invoice"],
        &["rename", "stripe", "--", "Wire Stripe"],
        &["mv", "stripe", "auth"],
        &["note", "stripe", "see docs"],
        &["prune"],
    ];
    for args in verbs {
        let before = env.plan_text();
        let rev = env.rev();
        env.run(args).ok();
        assert_ne!(env.plan_text(), before, "{args:?} changed nothing");
        let run = env.run(&["undo"]);
        run.ok();
        assert!(run.stdout.starts_with("Undid: "), "{run:?}");
        assert_same_tasks(&env, &before);
        assert_eq!(env.rev(), rev + 2, "undo is itself a change");
    }
}

#[test]
fn two_undos_go_back_two_changes_and_ids_are_never_reused() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let one = env.plan_text();
    env.given(&[&["append", "b"]]);
    let two = env.plan_text();
    env.given(&[&["append", "c"]]);
    let three = env.plan_text();
    env.run(&["undo"])
        .is(0, "Undid: Appended to Todos: C\n", "");
    assert_same_tasks(&env, &two);
    env.run(&["undo"])
        .is(0, "Undid: Appended to Todos: B\n", "");
    assert_same_tasks(&env, &one);
    // The ids of B and C, which undo took back, are not handed out again.
    let (b, c) = (id_in(&two, "B"), id_in(&three, "C"));
    env.run(&["append", "d"]).ok();
    let d = env.id("D");
    assert!(minted(&d, 't'), "{d}");
    assert!(d != b && d != c, "{b} or {c} reused as {d}");
    assert_eq!(env.rev(), 6);
}

/// The id of the task `content` in a plan file's text.
fn id_in(text: &str, content: &str) -> String {
    let plan: serde_json::Value = serde_json::from_str(text).unwrap();
    let task = crate::common::task(&plan, content);
    task["id"].as_str().expect("an id").to_string()
}

#[test]
fn undo_brings_back_everything_after_rm() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"], &["block", "keys", "-r", "vendor"]]);
    let before = env.plan_text();
    env.run(&["rm"]).is(0, "Cleared all todos.\n", "");
    env.run(&["undo"]).is(0, "Undid: Cleared all todos.\n", "");
    assert_same_tasks(&env, &before);
    env.run(&[]).is(
        0,
        "# Auth\n- [x] Wire OAuth providers\n- [!] Rotate keys <!-- blocker: vendor -->\n- [/] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export\n",
        "",
    );
}

#[test]
fn nothing_to_undo_is_refused() {
    let env = TestEnv::new();
    env.run(&["undo"]).is(7, "", "Nothing to undo.\n");
    env.given(&[&["append", "a"], &["undo"]]);
    env.run(&["undo"]).is(7, "", "Nothing to undo.\n");
}

#[test]
fn undo_after_a_hand_edit_refuses_unless_forced() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    let text = env.plan_text().replace("\"A\"", "\"A edited by hand\"");
    env.write_plan(&text);
    env.run(&["undo"]).is(
        4,
        "",
        "The plan file was changed outside todo since its last change (\"Appended to Todos: B\"); undo would throw that away.\nLook at it, then run `todo undo --force` to undo anyway.\n",
    );
    assert_eq!(env.plan_text(), text);
    // Forced, it takes back the last change and keeps the edit elsewhere.
    env.run(&["undo", "--force"])
        .is(0, "Undid: Appended to Todos: B\n", "");
    assert_eq!(
        env.statuses(),
        crate::common::s(&[("A edited by hand", "in_progress")])
    );
}

#[test]
fn history_lives_outside_the_project_and_a_failure_to_write_it_only_warns() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let names: Vec<_> = std::fs::read_dir(&env.root)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(env.home.join("history").is_dir());
    // A history directory that cannot be created: the change still happens.
    let blocker = env.home.join("not-a-dir");
    std::fs::write(&blocker, "").unwrap();
    let run = env.run_with(&["append", "b"], |c| {
        c.env("TODO_HISTORY_DIR", blocker.join("history"));
    });
    run.ok();
    assert_eq!(run.stdout, "Appended to Todos: B\n");
    assert!(
        run.stderr
            .starts_with("Warning: could not record undo history in "),
        "{run:?}"
    );
    assert_eq!(env.statuses().len(), 2);
}

#[test]
fn undo_works_on_a_plan_written_in_another_layout() {
    let env = TestEnv::new();
    // One line, other spacing, fields in another order: valid, not ours.
    env.write_plan(
        r#"{"phases":[{"tasks":[{"status":"in_progress","content":"A","id":"t1"},{"id":"t2","content":"B","status":"pending"}],"name":"P","id":"p1"}],"nextTaskId":3,"nextPhaseId":2,"rev":5,"version":1}"#,
    );
    let before = env.plan();
    env.run(&["done", "a"]).ok();
    env.run(&["undo"]).is(0, "Undid: Marked completed: A\n", "");
    assert_eq!(env.plan()["phases"], before["phases"]);
}

#[test]
fn history_of_a_deleted_plan_never_applies_to_a_new_one() {
    let env = TestEnv::new();
    env.given(&[&["append", "old one"], &["append", "old two"]]);
    std::fs::remove_file(env.plan_path()).unwrap();
    // The plan is gone: nothing to undo, and nothing is created.
    env.run(&["undo"]).is(7, "", "Nothing to undo.\n");
    env.run(&["undo", "--force"])
        .is(7, "", "Nothing to undo.\n");
    assert!(!env.plan_path().exists());
    // A new plan at the same path starts its own history.
    env.given(&[&["append", "new"]]);
    env.run(&["undo"])
        .is(0, "Undid: Appended to Todos: New\n", "");
    env.run(&["undo"]).is(7, "", "Nothing to undo.\n");
    env.run(&["undo", "--force"])
        .is(7, "", "Nothing to undo.\n");
    assert_eq!(env.statuses(), crate::common::s(&[]));
}

#[test]
fn undo_does_not_step_back_over_a_change_made_outside_todo() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    // Replaced by hand (another plan at the same path), then changed by todo.
    env.write_plan(crate::common::TWO_TASKS);
    env.given(&[&["done", "keys"]]);
    env.run(&["undo"])
        .is(0, "Undid: Marked completed: Rotate keys\n", "");
    // Back to the hand-written plan, in todo's own layout (version 2);
    // its rev went on from the one that file had.
    assert_eq!(env.plan_text(), crate::common::TWO_TASKS_V2);
    assert_eq!(env.rev(), 5);
    let before = env.plan_text();
    env.run(&["undo"]).is(
        4,
        "",
        "The plan file was changed outside todo since its last change (\"Appended to Todos: A\"); undo would throw that away.\nLook at it, then run `todo undo --force` to undo anyway.\n",
    );
    assert_eq!(env.plan_text(), before);
}

/// The one history file of this test's plan.
/// A plan with unknown fields of every JSON type at every level.
const EXTRAS: &str = r#"{
  "version": 1,
  "rev": 3,
  "nextPhaseId": 2,
  "nextTaskId": 3,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
        { "id": "t1", "content": "Wire OAuth providers", "status": "in_progress", "big": 118446744073709551616, "z": -0, "e": 1e2, "f": 1.50, "n": null, "b": true, "o": {"k": [1, "x", -0.0]} },
        { "id": "t2", "content": "Rotate keys", "status": "pending" }
      ],
      "big": 118446744073709551616,
      "z": -0,
      "e": 1e2,
      "a": [],
      "s": "é"
    }
  ],
  "tags": [
    "x"
  ],
  "big": 118446744073709551616,
  "z": -0,
  "e": 1e2,
  "neg": -1E-7
}
"#;

/// [`EXTRAS`] as `todo` writes it (version 2): unknown top-level fields
/// before the phases, a task's and a phase's on their lines.
const EXTRAS_V2: &str = r#"{
  "version": 2,
  "tags": [
    "x"
  ],
  "big": 118446744073709551616,
  "z": -0,
  "e": 1e2,
  "neg": -1E-7,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t1",
        "content": "Wire OAuth providers", "status": "in_progress", "big": 118446744073709551616, "z": -0, "e": 1e2, "f": 1.50, "n": null, "b": true, "o": {"k":[1,"x",-0.0]} }

      ,
      { "id": "t2",
        "content": "Rotate keys", "status": "pending" }

    ], "name": "Auth", "big": 118446744073709551616, "z": -0, "e": 1e2, "a": [], "s": "é" }

  ]
}
"#;

#[test]
fn undo_works_with_unknown_fields_of_every_kind_at_every_level() {
    let env = TestEnv::new();
    env.write_plan(EXTRAS);
    env.run(&["done", "oauth"]).ok();
    let text = env.plan_text();
    // Numbers are kept as written, not as floats.
    for kept in [
        "118446744073709551616",
        "\"z\": -0,",
        "\"e\": 1e2",
        "1.50",
        "-1E-7",
        "-0.0]",
    ] {
        assert!(text.contains(kept), "{kept} lost:\n{text}");
    }
    assert!(!text.contains("e+20"), "{text}");
    assert!(!text.contains("100.0"), "{text}");
    env.run(&["undo"])
        .is(0, "Undid: Marked completed: Wire OAuth providers\n", "");
    // Rewritten in todo's own layout (version 2): same values, same text.
    assert_eq!(env.plan_text(), EXTRAS_V2);
    assert_eq!(env.rev(), 5);
    // Forced as well.
    env.run(&["append", "c"]).ok();
    env.run(&["undo", "--force"])
        .is(0, "Undid: Appended to Auth: C\n", "");
    assert_eq!(env.statuses().len(), 2);
}

#[test]
fn a_torn_history_line_is_skipped_and_never_swallows_the_next_entry() {
    let env = TestEnv::new();
    env.given(&[&["append", "éé first"], &["append", "éé second"]]);
    let file = env.history_file();
    // Cut the last entry inside a multi-byte character (a full disk).
    let bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 2;
    let start = bytes[..last].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    let cut = start + bytes[start..].iter().position(|&b| b >= 0x80).unwrap() + 1;
    std::fs::write(&file, &bytes[..cut]).unwrap();
    // The next change is recorded whole, not glued to the torn line.
    env.run(&["append", "third"]).ok();
    env.run(&["undo"])
        .is(0, "Undid: Appended to Todos: Third\n", "");
    // The torn change cannot be undone: the entry before it no longer
    // describes the file, which undo says (a conflict, not an I/O error),
    // and forced it still refuses to undo over the change it cannot see.
    env.run(&["undo"]).code(4);
    env.run(&["undo", "--force"]).is(
        4,
        "",
        "Cannot undo \"Appended to Todos: Éé first\": the tasks it changed were edited outside todo since.\n",
    );
    assert_eq!(env.statuses().len(), 2);
}

#[test]
fn history_is_bounded_by_size_and_keeps_the_newest_changes() {
    let env = TestEnv::new();
    // Each import replaces 3,000 tasks: its entry keeps them all.
    for round in 0..12 {
        let mut md = String::from("# Big\n");
        for i in 0..3000 {
            md.push_str(&format!(
                "- [ ] Round {round} task {i} with some words to make it longer than a few bytes\n"
            ));
        }
        let path = env.root.join("big.md");
        std::fs::write(&path, md).unwrap();
        env.run(&["import", "big.md"]).ok();
    }
    let size = std::fs::metadata(env.history_file()).unwrap().len();
    assert!(size <= 4 << 20, "history is {size} bytes");
    env.run(&["append", "small"]).ok();
    env.run(&["undo"])
        .is(0, "Undid: Appended to Big: Small\n", "");
    // The last import can still be undone.
    let run = env.run(&["undo"]);
    run.ok();
    assert!(run.stdout.starts_with("Undid: "), "{run:?}");
    let size = std::fs::metadata(env.history_file()).unwrap().len();
    assert!(size <= 4 << 20, "history is {size} bytes");
}

#[test]
fn undo_that_changes_nothing_drops_its_entry_under_the_lock() {
    // An entry whose undo changes nothing (here written by hand, in a form
    // both this and the previous history format read), raced against
    // appends by real processes: the append's entry is never the one
    // dropped.
    for round in 0..20 {
        let env = TestEnv::new();
        env.given(&[&["append", "a"]]);
        let file = env.history_file();
        let mut text = std::fs::read_to_string(&file).unwrap();
        text.push_str(
            "{\"seq\":99,\"v\":2,\"plan\":\"x\",\"rev\":1,\"digest\":\"0\",\"what\":\"nothing\",\"start\":0,\"before\":[],\"after\":[]}\n",
        );
        std::fs::write(&file, text).unwrap();
        let undo = env.start(&["undo", "--force"], b"");
        let append = env.start(&["append", "b"], b"");
        let undo = undo.finish(HUNG);
        append.finish(HUNG);
        assert_eq!(undo.code, 0, "round {round}: {undo:?}");
        if undo.stdout == "Undid: nothing\n" {
            // The undo came first: the append's entry is the last one.
            env.run(&["undo"])
                .is(0, "Undid: Appended to Todos: B\n", "");
        } else {
            // The append came first and was undone.
            assert_eq!(env.statuses().len(), 1, "round {round}");
        }
    }
}

#[test]
fn history_keeps_the_last_100_changes_and_drops_the_oldest_twenty_at_a_time() {
    let env = TestEnv::new();
    let lines = || {
        std::fs::read_to_string(env.history_file())
            .unwrap()
            .lines()
            .count()
    };
    // The change that creates the plan, then 119 more: 120 entries, none
    // dropped yet (the file is not rewritten at every change once full).
    env.run(&["append", "Work", "task 0"]).ok();
    for i in 1..120 {
        env.run(&["append", "Work", &format!("task {i}")]).ok();
    }
    assert_eq!(lines(), 120);
    // One more: the oldest are dropped, the newest 100 kept.
    env.run(&["append", "Work", "task 120"]).ok();
    assert_eq!(lines(), 100);
    // All 100 undo, newest first; then there is nothing left to undo.
    for i in (21..=120).rev() {
        let run = env.run(&["undo"]);
        assert_eq!(
            run.stdout,
            format!("Undid: Appended to Work: Task {i}\n"),
            "{run:?}"
        );
    }
    assert_eq!(env.run(&["undo"]).code, 7);
    assert_eq!(env.statuses().len(), 21);
}

/// Issue 40, item 16: a change todo wrote but could not record for undo
/// (the command killed between replacing the plan and appending its entry;
/// here the history file cannot be opened, which leaves the same state) is
/// not blamed on someone outside todo.
#[test]
fn an_unrecorded_change_of_todo_is_not_called_an_outside_change() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "first"], &["append", "A", "second"]]);
    let history = env.history_file();
    let aside = history.with_extension("aside");
    std::fs::rename(&history, &aside).unwrap();
    std::fs::create_dir(&history).unwrap();
    let out = env.run(&["done", "first"]);
    out.code(0);
    assert!(
        out.stderr.contains("could not record undo history"),
        "{out:?}"
    );
    std::fs::remove_dir(&history).unwrap();
    std::fs::rename(&aside, &history).unwrap();
    let out = env.run(&["undo"]);
    out.code(4);
    assert!(
        out.stderr.starts_with(
            "The plan file was last changed by a todo command that was stopped before it recorded the change for undo (after \"Appended to A: Second\"); undo would throw that away.\n"
        ),
        "{out:?}"
    );
    // A change made outside todo is still called so.
    let text = env.plan_text().replace("\"Second\"", "\"Second by hand\"");
    env.write_plan(&text);
    let out = env.run(&["undo"]);
    out.code(4);
    assert!(
        out.stderr
            .starts_with("The plan file was changed outside todo since its last change"),
        "{out:?}"
    );
}
