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
    for format in ["md", "gfm"] {
        env.run(&["export", "--format", format, "--into", "body.md"])
            .ok();
        env.run(&["import", "--from-block", "body.md"]).is(
            0,
            "Imported 2 phase(s), 5 task(s) from body.md.\n",
            "",
        );
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
