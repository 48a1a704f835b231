//! `todo export`, including `--into` and the formats.

use crate::common::TestEnv;

fn abs(env: &TestEnv, name: &str) -> String {
    env.root.join(name).display().to_string()
}

#[test]
fn export_writes_todo_md_beside_the_plan() {
    let env = TestEnv::new();
    env.web_app();
    let sub = env.root.join("src");
    std::fs::create_dir(&sub).unwrap();
    env.run_in(&sub, &["export"])
        .is(0, &format!("Wrote todos to {}\n", abs(&env, "TODO.md")), "");
    let shown = env.run(&[]).stdout.clone();
    assert_eq!(
        std::fs::read_to_string(env.root.join("TODO.md")).unwrap(),
        shown
    );
    env.run(&["export", "notes/plan.md"]).code(6);
    std::fs::create_dir(env.root.join("notes")).unwrap();
    env.run(&["export", "notes/plan.md"])
        .is(0, "Wrote todos to notes/plan.md\n", "");
}

#[test]
fn export_to_stdout_prints_only_the_checklist() {
    let env = TestEnv::new();
    env.web_app();
    let shown = env.run(&[]).stdout.clone();
    env.run(&["export", "-"]).is(0, &shown, "");
    env.run(&["export", "-", "--quiet"]).is(0, &shown, "");
}

#[test]
fn an_empty_plan_exports_nothing() {
    let env = TestEnv::new();
    env.run(&["export"]).is(0, "", "No todos to export.\n");
    env.run(&["export", "-"]).is(0, "", "No todos to export.\n");
    assert!(!env.root.join("TODO.md").exists());
}

#[test]
fn json_format_writes_the_phases() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["block", "a", "-r", "why"]]);
    let run = env.run(&["export", "--format", "json", "-"]);
    run.ok();
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v, env.plan()["phases"]);
}

const BODY: &str =
    "## Summary\n\nAdds OAuth.  \n\n<!-- todo:begin -->\nstale\n<!-- todo:end -->\n\nThanks!\n";

#[test]
fn into_rewrites_only_the_region() {
    let env = TestEnv::new();
    env.web_app();
    std::fs::write(env.root.join("body.md"), BODY).unwrap();
    env.run(&["export", "--into", "body.md"])
        .is(0, "Wrote todos to body.md\n", "");
    let checklist = env.run(&["export", "-"]).stdout.clone();
    let want = BODY.replace("stale\n", &checklist);
    assert_eq!(
        std::fs::read_to_string(env.root.join("body.md")).unwrap(),
        want
    );
    // Again: nothing else moves.
    env.given(&[&["done", "oauth"]]);
    env.run(&["export", "--into", "body.md"]).ok();
    let checklist = env.run(&["export", "-"]).stdout.clone();
    assert_eq!(
        std::fs::read_to_string(env.root.join("body.md")).unwrap(),
        BODY.replace("stale\n", &checklist)
    );
}

#[test]
fn into_appends_a_region_or_creates_the_file() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    std::fs::write(env.root.join("body.md"), "Just prose").unwrap();
    env.run(&["export", "--into", "body.md"]).ok();
    assert_eq!(
        std::fs::read_to_string(env.root.join("body.md")).unwrap(),
        "Just prose\n\n<!-- todo:begin -->\n# Todos\n- [/] A\n<!-- todo:end -->\n"
    );
    env.run(&["export", "--into", "new.md"]).ok();
    assert_eq!(
        std::fs::read_to_string(env.root.join("new.md")).unwrap(),
        "<!-- todo:begin -->\n# Todos\n- [/] A\n<!-- todo:end -->\n"
    );
}

#[test]
fn into_keeps_crlf_and_an_empty_plan_leaves_an_empty_region() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let crlf = BODY.replace('\n', "\r\n");
    std::fs::write(env.root.join("body.md"), &crlf).unwrap();
    env.run(&["export", "--into", "body.md"]).ok();
    assert_eq!(
        std::fs::read_to_string(env.root.join("body.md")).unwrap(),
        crlf.replace("stale\r\n", "# Todos\r\n- [/] A\r\n")
    );
    env.given(&[&["rm"]]);
    env.run(&["export", "--into", "body.md"]).ok();
    assert_eq!(
        std::fs::read_to_string(env.root.join("body.md")).unwrap(),
        crlf.replace("stale\r\n", "")
    );
}

#[test]
fn two_regions_or_an_unterminated_one_are_errors_and_the_file_is_untouched() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let two = format!("{BODY}{BODY}");
    std::fs::write(env.root.join("two.md"), &two).unwrap();
    env.run(&["export", "--into", "two.md"]).is(
        5,
        "",
        "Cannot update two.md: line 14: a second <!-- todo:begin --> region (only one is allowed); it was left as it was.\n",
    );
    assert_eq!(
        std::fs::read_to_string(env.root.join("two.md")).unwrap(),
        two
    );
    let open = "Intro\n<!-- todo:begin -->\n- [ ] x\n";
    std::fs::write(env.root.join("open.md"), open).unwrap();
    env.run(&["export", "--into", "open.md"]).is(
        5,
        "",
        "Cannot update open.md: line 2: <!-- todo:begin --> has no <!-- todo:end --> after it; it was left as it was.\n",
    );
    assert_eq!(
        std::fs::read_to_string(env.root.join("open.md")).unwrap(),
        open
    );
}

#[test]
fn into_a_pr_body_then_import_from_block_round_trips() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["done", "oauth"],
        &["block", "keys", "-r", "vendor sandbox"],
        &["drop", "invoice"],
    ]);
    let before = env.plan();
    std::fs::write(env.root.join("body.md"), BODY).unwrap();
    for (format, said) in [
        ("md", "Imported 2 phase(s), 5 task(s) from body.md.\n"),
        (
            "gfm",
            "Nothing to take back from body.md: the plan has what it shows.\n",
        ),
    ] {
        env.run(&["export", "--format", format, "--into", "body.md"])
            .ok();
        env.run(&["import", "--from-block", "body.md"])
            .is(0, said, "");
        assert_eq!(env.plan()["phases"], before["phases"], "{format}");
    }
    std::fs::write(env.root.join("plain.md"), "# x\n- [ ] y\n").unwrap();
    env.run(&["import", "--from-block", "plain.md"]).is(
        5,
        "",
        "Could not parse plain.md:\n  no <!-- todo:begin --> / <!-- todo:end --> region\n",
    );
}

/// A phase name with markup in a pull-request export: GitHub must show it as
/// typed (no image tag, no emphasis, no hidden `<Enter>`), the heading says
/// it is in that flavour, and importing it gives back the same names. Plain
/// names keep their heading byte for byte, with no comment.
#[test]
fn gfm_phase_headings_show_and_read_back_as_typed() {
    let env = TestEnv::new();
    let names = [
        "<img src=x> *bold* <Enter> & a_b [l](u) #",
        "# *",
        "C#",
        "x <!-- todo: gfm -->",
    ];
    let phases: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let tasks = if i == 0 {
                serde_json::json!([{"id": "t1", "content": "Task", "status": "pending"}])
            } else {
                serde_json::json!([])
            };
            serde_json::json!({"id": format!("p{}", i + 1), "name": name, "tasks": tasks})
        })
        .collect();
    env.write_plan(&serde_json::json!({"version": 1, "phases": phases}).to_string());
    let run = env.run(&["export", "--format", "gfm", "-"]);
    run.is(
        0,
        "### &lt;img src=x> \\*bold\\* &lt;Enter> &amp; a\\_b \\[l\\](u) \\# <!-- todo: gfm -->\n\
         - [ ] Task <!-- todo:pending -->\n\
         \n\
         ### # \\* <!-- todo: gfm -->\n\
         \n\
         ### C\\#\n\
         \n\
         ### x &lt;!-- todo: gfm --> <!-- todo: gfm -->\n",
        "",
    );
    // The plain checklist never writes that comment: its `<!--` is escaped.
    let md = env.run(&["export", "-"]).ok().stdout.clone();
    assert_eq!(
        md,
        "# <img src=x> *bold* <Enter> &amp; a_b [l](u) \\#\n- [ ] Task\n\n# # *\n\n# C\\#\n\n# x &lt;!-- todo: gfm --&gt;\n"
    );
    for (file, text) in [("pr.md", &run.stdout), ("plain.md", &md)] {
        let other = TestEnv::new();
        std::fs::write(other.root.join(file), text).unwrap();
        other.run(&["import", file]).ok();
        let json = other.run(&["--json"]).ok().json();
        let got: Vec<_> = json["plan"]["phases"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| p["name"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(got, names, "{file}");
    }
}

/// An editor that keeps a copy of the buffer it was given at `copy`.
fn keeping_editor(env: &TestEnv, copy: &std::path::Path) -> std::path::PathBuf {
    env.script("keep-buffer.sh", &format!("cp \"$1\" '{}'", copy.display()))
}

const LATER: &str = "2027-05-06T07:08:09Z";

#[test]
fn exported_markdown_leaves_who_and_when_out_and_the_edit_buffer_keeps_them() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "A", "two"],
        &["append", "--checks", "person", "A", "three"],
        &["done", "one"],
    ]);
    env.run(&["--as", "agent", "done", "two"]).ok();
    env.run(&["objective", "add", "ship it"]).ok();
    env.run(&["objective", "done", "ship it"]).ok();
    env.run(&["finding", "learned a thing"]).ok();
    env.run(&["export"]).ok();
    let md = std::fs::read_to_string(env.root.join("TODO.md")).unwrap();
    let o1 = env.aim_id("objectives", "ship it");
    let f1 = env.aim_id("findings", "learned a thing");
    assert_eq!(
        md,
        format!(
            "Objectives:\n- [{o1} done] ship it\n\n\
             # A\n- [x] One\n- [x] Two\n- [/] Three <!-- todo: checks=person -->\n\n\
             Findings:\n- [{f1}] learned a thing\n"
        )
    );
    // The edit buffer, whose text comes back into the plan, says who and when.
    let buffer = env.home.join("buffer.md");
    let editor = keeping_editor(&env, &buffer);
    env.run_with(&["edit"], |c| {
        c.env("VISUAL", &editor);
    })
    .ok();
    let buffer = std::fs::read_to_string(&buffer).unwrap();
    for line in [
        "- [x] One <!-- todo: by=person at=2026-01-02T03:04:05Z -->",
        "- [x] Two <!-- todo: by=agent at=2026-01-02T03:04:05Z -->",
        "- [/] Three <!-- todo: checks=person -->",
    ] {
        assert!(buffer.contains(line), "{line} not in:\n{buffer}");
    }
    // And the plan file keeps them.
    let plan = env.plan();
    assert_eq!(plan["phases"][0]["tasks"][0]["by"], "person");
    assert_eq!(plan["phases"][0]["tasks"][1]["by"], "agent");
}

#[test]
fn importing_the_exported_checklist_keeps_who_set_what() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "A", "two"],
        &["append", "A", "three"],
        &["done", "one"],
    ]);
    let before = env.plan_text();
    env.run(&["export"]).ok();
    // Imported unchanged, by a person or by the agent, later: nothing moves.
    for actor in ["person", "agent"] {
        env.run_with(&["--as", actor, "import"], |c| {
            c.env("TODO_NOW", LATER);
        })
        .ok();
        assert_eq!(env.plan_text(), before, "{actor}");
    }
    // A box ticked in TODO.md is the importer's, now; the rest keep theirs.
    let md = std::fs::read_to_string(env.root.join("TODO.md")).unwrap();
    std::fs::write(
        env.root.join("TODO.md"),
        md.replace("- [ ] Three", "- [x] Three"),
    )
    .unwrap();
    env.run_with(&["import"], |c| {
        c.env("TODO_NOW", LATER);
    })
    .ok();
    let tasks = env.plan()["phases"][0]["tasks"].clone();
    assert_eq!(tasks[0]["at"], "2026-01-02T03:04:05Z");
    assert_eq!(tasks[0]["by"], "person");
    assert_eq!(tasks[2]["at"], LATER);
    assert_eq!(tasks[2]["by"], "person");
}

#[test]
fn a_checklist_from_an_older_todo_with_by_and_at_still_imports() {
    let env = TestEnv::new();
    std::fs::write(
        env.root.join("TODO.md"),
        "# A\n- [x] One <!-- todo: by=person at=2025-03-04T05:06:07Z -->\n\
         - [-] Old idea <!-- dropped-by: user -->\n- [ ] Two\n",
    )
    .unwrap();
    env.run(&["import"]).ok();
    let tasks = env.plan()["phases"][0]["tasks"].clone();
    assert_eq!(tasks[0]["by"], "person");
    assert_eq!(tasks[0]["at"], "2025-03-04T05:06:07Z");
    assert_eq!(tasks[1]["status"], "abandoned");
    assert_eq!(tasks[1]["droppedBy"], "user");
    // A pull-request body written before says `dropped-by=user`: the same.
    let body = "<!-- todo:begin -->\n### A\n\
                - [x] ~~Old idea~~ <!-- todo:abandoned dropped-by=user --> (dropped)\n\
                <!-- todo:end -->\n";
    let env = TestEnv::new();
    std::fs::write(env.root.join("body.md"), body).unwrap();
    env.run(&["import", "--from-block", "body.md"]).ok();
    let task = env.plan()["phases"][0]["tasks"][0].clone();
    assert_eq!(task["droppedBy"], "user", "{task}");
}

#[test]
fn a_task_a_person_dropped_says_person_wherever_a_person_reads_it() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "one"], &["append", "A", "old idea"]]);
    env.run(&["drop", "old idea"]).ok();
    let shown = env.run(&[]).ok().stdout.clone();
    assert_eq!(
        shown,
        "# A\n- [/] One\n- [-] Old idea <!-- dropped-by: person -->\n"
    );
    let md = env.run(&["export", "-"]).ok().stdout.clone();
    assert_eq!(md, shown);
    let gfm = env
        .run(&["export", "--format", "gfm", "-"])
        .ok()
        .stdout
        .clone();
    assert!(
        gfm.contains("- [x] ~~Old idea~~ <!-- todo:abandoned dropped-by=person"),
        "{gfm}"
    );
    for text in [&shown, &md, &gfm] {
        assert!(!text.contains("user"), "{text}");
    }
    // The plan file keeps the word oh-my-pi's readers of `phases` know,
    // and each format reads back to it.
    assert_eq!(env.plan()["phases"][0]["tasks"][1]["droppedBy"], "user");
    let before = env.plan_text();
    std::fs::write(env.root.join("TODO.md"), &md).unwrap();
    env.run(&["import"]).ok();
    std::fs::write(env.root.join("pr.md"), &gfm).unwrap();
    env.run(&["import", "pr.md"]).ok();
    assert_eq!(env.plan_text(), before);
}

/// Boxes ticked on GitHub come back into the plan as it is now, not as it
/// was at the export: a task finished here since stays finished, one added
/// here stays, a box ticked there is ticked here, one unticked there is
/// reopened, a task added there is added (issue: ticks coming back used to
/// replace the whole plan, silently undoing what was done here).
#[test]
fn ticks_from_a_pr_body_merge_with_what_changed_here() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "A", "two"],
        &["append", "A", "three"],
        &["append", "A", "four"],
        &["done", "four"],
    ]);
    std::fs::write(env.root.join("body.md"), "Prose.\n").unwrap();
    env.run(&["export", "--format", "gfm", "--into", "body.md"])
        .ok();
    // Here, after the export: One done, Five added.
    env.given(&[&["done", "one"], &["append", "A", "five"]]);
    // There: Three ticked, Four unticked, Six added.
    let body = std::fs::read_to_string(env.root.join("body.md")).unwrap();
    let body = body
        .replace("- [ ] Three", "- [x] Three")
        .replace("- [x] Four", "- [ ] Four")
        .replace("<!-- todo:end -->", "- [ ] Six\n<!-- todo:end -->");
    std::fs::write(env.root.join("body.md"), &body).unwrap();
    env.run(&["import", "--from-block", "body.md"]).is(
        0,
        "Took back from body.md: ticked there: Three; unticked there: Four; added there: Six.\n",
        "",
    );
    env.run(&[]).is(
        0,
        "# A\n- [x] One\n- [/] Two\n- [x] Three\n- [ ] Four\n- [ ] Five\n- [ ] Six\n",
        "",
    );
    // Taken back once: the same block again changes nothing, and costs no
    // undo step.
    let rev = env.run(&["--json", "show"]).ok().json()["rev"].clone();
    let again = env
        .run(&["--json", "import", "--from-block", "body.md"])
        .ok()
        .json();
    assert_eq!(again["changed"], false, "{again}");
    assert_eq!(again["rev"], rev, "{again}");
    assert!(rev.as_u64().is_some_and(|r| r > 0), "{rev}");
    // What a person ticked there is the person's decision.
    let plan = env.plan();
    let three = &plan["phases"][0]["tasks"][2];
    assert_eq!(three["by"], "person", "{three}");
}
