//! `todo edit` with real editor commands.

use std::path::PathBuf;

use crate::common::{Run, TestEnv, s};

fn edit_with(env: &TestEnv, editor: &str) -> Run {
    env.run_with(&["edit"], |c| {
        c.env("EDITOR", editor).env("TMPDIR", env.home.join("tmp"));
    })
}

fn tmp(env: &TestEnv) -> PathBuf {
    let dir = env.home.join("tmp");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The path printed after "Your text is kept in ".
fn kept(run: &Run) -> PathBuf {
    let line = run
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("Your text is kept in "))
        .unwrap_or_else(|| panic!("no kept path:\n{run:?}"));
    PathBuf::from(line)
}

#[test]
fn an_editor_that_rewrites_the_file_updates_the_plan_and_keeps_ids() {
    let env = TestEnv::new();
    env.web_app();
    let n = env.names();
    tmp(&env);
    let script = env.script("rewrite.sh",
        "sed -i 's/- \\[ \\] Rotate keys/- [x] Rotate signing keys/' \"$1\"\nprintf -- '- [ ] New task\\n' >> \"$1\"",
    );
    edit_with(&env, script.to_str().unwrap()).is(
        0,
        "Todos updated from editor: 2 phase(s), 6 task(s).\n",
        "",
    );
    let plan = env.plan();
    assert_eq!(plan["phases"][0]["tasks"][0]["id"], n.id("t1").as_str());
    assert_eq!(
        plan["phases"][0]["tasks"][1]["content"],
        "Rotate signing keys"
    );
    assert_eq!(plan["phases"][0]["tasks"][1]["id"], n.id("t2").as_str());
    assert_eq!(plan["phases"][1]["tasks"][2]["content"], "New task");
    assert_eq!(plan["phases"][1]["tasks"][1]["id"], n.id("t5").as_str());
    let new = env.id("New task");
    assert!(crate::common::minted(&new, 't') && n.0.iter().all(|(_, id)| *id != new));
    let leftovers: Vec<_> = std::fs::read_dir(env.home.join("tmp")).unwrap().collect();
    assert!(
        leftovers.is_empty(),
        "the edit file is removed after success"
    );
}

#[test]
fn an_editor_command_with_arguments_is_split_without_a_shell() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    edit_with(&env, "sed -i 's/Invoice export/Invoice CSV export/'").is(
        0,
        "Todos updated from editor: 2 phase(s), 5 task(s).\n",
        "",
    );
    assert_eq!(
        env.statuses()[4],
        ("Invoice CSV export".to_string(), "pending".to_string())
    );
    // VISUAL wins over EDITOR.
    env.run_with(&["edit"], |c| {
        c.env("VISUAL", "sed -i s/CSV/PDF/").env("EDITOR", "false");
    })
    .ok();
    assert_eq!(env.statuses()[4].0, "Invoice PDF export");
}

#[test]
fn exiting_without_saving_changes_nothing() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    let before = env.plan_text();
    edit_with(&env, "true").is(0, "", "Editor exited without saving; todos unchanged.\n");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn an_editor_that_fails_or_is_missing_is_exit_6() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    let before = env.plan_text();
    let run = edit_with(&env, "false");
    run.is(
        6,
        "",
        "Editor \"false\" exited with exit status: 1; todos unchanged.\n",
    );
    edit_with(&env, "no-such-editor-xyz --wait").is(
        6,
        "",
        "Could not start editor \"no-such-editor-xyz --wait\": command not found; todos unchanged.\n",
    );
    // The reason in words, as for files; never std's "(os error 13)".
    let dir = env.home.join("a-directory");
    std::fs::create_dir(&dir).unwrap();
    edit_with(&env, dir.to_str().unwrap()).is(
        6,
        "",
        &format!(
            "Could not start editor \"{}\": permission denied; todos unchanged.\n",
            dir.display()
        ),
    );
    env.run(&["edit"]).is(
        6,
        "",
        "No editor configured. Set $VISUAL or $EDITOR environment variable.\n",
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn unparsable_text_is_kept_outside_the_project() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    let before = env.plan_text();
    let script = env.script(
        "prose.sh",
        "printf '# Auth\\nsome prose here\\n- [?] odd\\n' > \"$1\"",
    );
    let run = edit_with(&env, script.to_str().unwrap());
    run.code(5);
    assert!(
        run.stderr.starts_with("Could not parse Markdown:\n  Line 2: unrecognized syntax \"some prose here\"\n  Line 3: unknown status marker \"[?]\" (use [ ], [x], [/], [-], [!])\nYour text is kept in "),
        "{run:?}"
    );
    let path = kept(&run);
    assert!(
        !path.starts_with(&env.root),
        "kept outside the project: {}",
        path.display()
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# Auth\nsome prose here\n- [?] odd\n"
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_plan_changed_while_the_editor_was_open_is_not_overwritten() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    let bin = crate::common::bin();
    let script = env.script(
        "racing.sh",
        &format!(
            "'{}' append -q 'added meanwhile'\nsed -i 's/Invoice export/Invoice export v2/' \"$1\"",
            bin.display()
        ),
    );
    let run = edit_with(&env, script.to_str().unwrap());
    run.code(4);
    assert!(
        run.stderr.starts_with("The plan changed while the editor was open; your edit was not applied.\nYour text is kept in "),
        "{run:?}"
    );
    let path = kept(&run);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("Invoice export v2")
    );
    let names: Vec<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
    assert!(names.contains(&"Added meanwhile".to_string()), "{names:?}");
    assert!(names.contains(&"Invoice export".to_string()), "{names:?}");
    // The kept text can be imported deliberately.
    env.run(&["import", path.to_str().unwrap()]).ok();
}

#[test]
fn an_empty_plan_opens_as_a_template_and_an_empty_file_empties_the_plan() {
    let env = TestEnv::new();
    tmp(&env);
    let seen = env.home.join("seen.md");
    let script = env.script(
        "fill.sh",
        &format!(
            "cp \"$1\" '{}'\nprintf '# Launch\\n- [ ] write post\\n- [ ] ship\\n' > \"$1\"",
            seen.display()
        ),
    );
    edit_with(&env, script.to_str().unwrap()).is(
        0,
        "Todos updated from editor: 1 phase(s), 2 task(s).\n",
        "",
    );
    // What the buffer says of itself (git's way), then the template.
    let template = std::fs::read_to_string(&seen).unwrap();
    assert!(
        template.starts_with(
            "<!-- todo edit: save and quit to apply; quit without saving to change nothing.\n"
        ) && template.ends_with(
            "This comment is not kept. -->\n\n# Todos\n- [ ] (replace this with your tasks)\n"
        ),
        "{template}"
    );
    assert_eq!(
        env.statuses(),
        s(&[("write post", "in_progress"), ("ship", "pending")])
    );
    let blank = env.script("blank.sh", ": > \"$1\"");
    edit_with(&env, blank.to_str().unwrap()).is(
        0,
        "Todos updated from editor: 0 phase(s), 0 task(s).\n",
        "",
    );
    env.run(&[])
        .is(0, "No todos. Use todo append <task> to start one.\n", "");
    env.run(&["undo"]).ok();
    assert_eq!(env.statuses().len(), 2);
}

#[test]
fn on_a_terminal_the_editor_is_reopened_on_the_same_text() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    // First save: unparsable. Second: the person fixes the line they wrote.
    let log = env.home.join("opened.log");
    let script = env.script("twice.sh",
        &format!(
            "echo opened >> '{log}'\n\
             if [ $(wc -l < '{log}') -eq 1 ]; then printf -- '- [ ] Fix typo\\nstray prose\\n' >> \"$1\";\n\
             else sed -i 's/^stray prose$/- [ ] Stray task/' \"$1\"; fi",
            log = log.display()
        ),
    );
    let mut term = env.terminal(&["edit"], |c| {
        c.env("TMPDIR", env.home.join("tmp")).env("EDITOR", &script);
    });
    term.expect("Reopen the editor to fix it? [Y/n]");
    term.send_line("y");
    let (code, shown) = term.finish();
    assert_eq!(code, 0, "{shown}");
    assert!(
        shown.contains("Todos updated from editor: 2 phase(s), 7 task(s)."),
        "{shown}"
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "opened\nopened\n");
    let names: Vec<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
    assert!(names.contains(&"Stray task".to_string()), "{names:?}");
}

/// Issue 9, defect 5: text edited in place keeps the task's id and the
/// fields todo does not know.
#[test]
fn a_task_reworded_in_the_editor_keeps_its_id_and_unknown_fields() {
    let env = TestEnv::new();
    env.write_plan(
        r#"{
  "version": 1,
  "rev": 3,
  "nextPhaseId": 2,
  "nextTaskId": 4,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
        { "id": "t1", "content": "Wire oauth", "status": "in_progress", "estimate": 3 },
        { "id": "t2", "content": "Rotate keys", "status": "pending", "owner": "kim" },
        { "id": "t3", "content": "Add login rate limiting", "status": "pending" }
      ]
    }
  ]
}
"#,
    );
    tmp(&env);
    let script = env.script("reword.sh",
        "sed -i -e 's/Wire oauth/Wire OAuth providers/' -e 's/Rotate keys/Rotate the signing keys/' -e 's/Add login rate limiting/Write the changelog/' \"$1\"",
    );
    edit_with(&env, script.to_str().unwrap()).is(
        0,
        "Todos updated from editor: 1 phase(s), 3 task(s).\n",
        "",
    );
    let plan = env.plan();
    let tasks = &plan["phases"][0]["tasks"];
    assert_eq!(tasks[0]["content"], "Wire OAuth providers");
    assert_eq!(tasks[0]["id"], "t1");
    assert_eq!(tasks[0]["estimate"], 3);
    assert_eq!(tasks[1]["content"], "Rotate the signing keys");
    assert_eq!(tasks[1]["id"], "t2");
    assert_eq!(tasks[1]["owner"], "kim");
    // Another task written in its place is a new task, not a rename.
    assert_eq!(tasks[2]["content"], "Write the changelog");
    let new = tasks[2]["id"].as_str().unwrap();
    assert!(crate::common::minted(new, 't'), "{new}");
}

#[test]
fn the_file_to_edit_is_in_a_private_directory_of_its_own_that_goes_away() {
    let env = TestEnv::new();
    env.web_app();
    let dir = tmp(&env);
    // A directory of the same kind left by another run is never reused.
    std::fs::create_dir(dir.join("todo-edit-1.2.0")).unwrap();
    let script = env.script("look.sh",
        "d=$(dirname \"$1\"); stat -c '%a %n' \"$d\" > \"$HOME/seen\"; ls -A \"$d\" >> \"$HOME/seen\"",
    );
    edit_with(&env, script.to_str().unwrap()).is(
        0,
        "",
        "Editor exited without saving; todos unchanged.\n",
    );
    let seen = std::fs::read_to_string(env.home.join("seen")).unwrap();
    let (mode, rest) = seen.split_once(' ').unwrap();
    // Not readable by anyone else.
    assert_eq!(mode, "700", "{seen}");
    let name = rest.lines().next().unwrap();
    let name = name.rsplit('/').next().unwrap();
    assert!(
        name.starts_with("todo-edit-") && name != "todo-edit-1.2.0",
        "{seen}"
    );
    assert_eq!(rest.lines().nth(1), Some("TODO.md"), "{seen}");
    assert_eq!(rest.lines().count(), 2, "only the file to edit: {seen}");
    // Gone after an edit that changed nothing; the stranger stays.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["todo-edit-1.2.0"]);
}

/// Text an edit keeps (it did not parse) stays where the person is told
/// it is; the tests point the system's temporary directory into their own
/// scratch directory, so what an edit keeps goes away with the test and no
/// `todo-edit-*` directory is left in the machine's /tmp.
#[test]
fn kept_text_is_where_it_says_and_no_test_leaves_it_in_the_system_tmp() {
    let env = TestEnv::new();
    env.web_app();
    let script = env.script("garble.sh", "echo 'not a checklist' > \"$1\"");
    // No TMPDIR given here: the test environment's own applies.
    let run = env.run_with(&["edit"], |c| {
        c.env("EDITOR", &script);
    });
    run.code(5);
    let path = kept(&run);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "not a checklist\n");
    assert!(path.starts_with(env.home.join("tmp")), "{}", path.display());
}

/// With neither $VISUAL nor $EDITOR set, a person at a terminal gets `vi`
/// as git gives it (here a `vi` on PATH that edits the file as a person
/// would); a script still gets the error and a plan left alone, never an
/// editor waiting for keys no one types.
#[test]
fn a_person_with_no_editor_set_gets_vi() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    std::fs::create_dir_all(env.home.join("bin")).unwrap();
    let vi = env.script(
        "bin/vi",
        "sed -i 's/Invoice export/Invoice export as PDF/' \"$1\"",
    );
    let bin = vi.parent().unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let before = env.plan_text();
    env.run_with(&["edit"], |c| {
        c.env_remove("VISUAL")
            .env_remove("EDITOR")
            .env("PATH", &path);
    })
    .is(
        6,
        "",
        "No editor configured. Set $VISUAL or $EDITOR environment variable.\n",
    );
    assert_eq!(env.plan_text(), before);
    let term = env.terminal(&["edit"], |c| {
        c.env_remove("VISUAL")
            .env_remove("EDITOR")
            .env("PATH", &path)
            .env("TMPDIR", env.home.join("tmp"));
    });
    let (code, seen) = term.finish();
    assert_eq!(code, 0, "{seen}");
    assert!(env.plan_text().contains("Invoice export as PDF"), "{seen}");
}

/// The buffer explains itself before the checklist (the statuses, phases,
/// notes, how to apply or cancel) and the explanation is never kept: left
/// in place, moved up or deleted, the plan gets only the checklist.
#[test]
fn the_buffer_explains_itself_and_the_explanation_is_not_kept() {
    let env = TestEnv::new();
    env.web_app();
    tmp(&env);
    let seen = env.home.join("seen.md");
    let keep = env.script(
        "keep.sh",
        &format!(
            "cp \"$1\" '{}'\nsed -i 's/Invoice export/Invoice export as PDF/' \"$1\"",
            seen.display()
        ),
    );
    edit_with(&env, keep.to_str().unwrap()).ok();
    let buffer = std::fs::read_to_string(&seen).unwrap();
    for words in [
        "[/] in progress",
        "[!] blocked",
        "a heading starts a phase",
        "quit without saving to change nothing",
    ] {
        assert!(buffer.contains(words), "{words}: {buffer}");
    }
    let plan = env.plan_text();
    assert!(
        plan.contains("Invoice export as PDF") && !plan.contains("todo edit"),
        "{plan}"
    );
    // Deleted by the person: the same.
    let cut = env.script("cut.sh", "sed -i '1,/-->$/d; s/as PDF/as CSV/' \"$1\"");
    edit_with(&env, cut.to_str().unwrap()).ok();
    assert!(env.plan_text().contains("Invoice export as CSV"));
    // Moved to the end: the same.
    let moved = env.script(
        "moved.sh",
        "{ sed '1,/-->$/d' \"$1\"; sed -n '1,/-->$/p' \"$1\"; } > \"$1.new\" && sed -i 's/as CSV/as ODS/' \"$1.new\" && mv \"$1.new\" \"$1\"",
    );
    edit_with(&env, moved.to_str().unwrap()).ok();
    assert!(env.plan_text().contains("Invoice export as ODS"));
    assert!(!env.plan_text().contains("todo edit"));
}
