//! `todo import`: Markdown (both flavours) and JSON, keeping ids.

use crate::common::{TestEnv, s};

#[test]
fn export_edit_one_line_import_keeps_every_other_id() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["note", "keys", "ask vendor"]]);
    let n = env.names();
    let before = env.plan();
    env.run(&["export"]).ok();
    let md = std::fs::read_to_string(env.root.join("TODO.md")).unwrap();
    let edited = md.replace("- [ ] Rotate keys", "- [x] Rotate signing keys");
    std::fs::write(env.root.join("TODO.md"), edited).unwrap();
    env.run(&["import"]).is(
        0,
        &format!(
            "Imported 2 phase(s), 5 task(s) from {}.\n",
            env.root.join("TODO.md").display()
        ),
        "",
    );
    let after = env.plan();
    let ids = |v: &serde_json::Value| -> Vec<String> {
        v["phases"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["tasks"].as_array().unwrap().iter())
            .map(|t| {
                format!(
                    "{}={}",
                    t["id"].as_str().unwrap(),
                    t["content"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert_eq!(
        ids(&after).iter().map(|l| n.of(l)).collect::<Vec<_>>(),
        [
            "t1=Wire OAuth providers",
            "t2=Rotate signing keys",
            "t3=Add login rate limiting",
            "t4=Wire Stripe webhooks",
            "t5=Invoice export",
        ]
    );
    assert_eq!(after["phases"][0]["id"], before["phases"][0]["id"]);
    assert_eq!(
        after["phases"][0]["tasks"][1]["notes"],
        serde_json::json!(["ask vendor"])
    );
    assert_eq!(after["phases"][0]["tasks"][1]["status"], "completed");
    env.run(&["undo"]).ok();
    assert_eq!(env.plan()["phases"], before["phases"]);
}

#[test]
fn import_reads_stdin_and_every_json_shape() {
    let env = TestEnv::new();
    let snapshot = r#"{"phases":[{"name":"Auth","tasks":[{"content":"Wire OAuth","status":"completed"},{"content":"Keys","status":"blocked","blocker":"vendor"},{"content":"Old","status":"abandoned","droppedBy":"user"}]}]}"#;
    let bare = r#"[{"name":"Only","tasks":[{"content":"One","status":"pending"}]}]"#;
    for (text, want) in [
        (snapshot, "Imported 1 phase(s), 3 task(s) from -.\n"),
        (bare, "Imported 1 phase(s), 1 task(s) from -.\n"),
    ] {
        let out = pipe(&env, &["import", "-"], text);
        assert_eq!((out.0, out.1.as_str()), (0, want), "{}", out.2);
    }
    // A plan file itself imports too.
    std::fs::write(env.root.join("copy.json"), env.plan_text()).unwrap();
    env.run(&["import", "copy.json"])
        .is(0, "Imported 1 phase(s), 1 task(s) from copy.json.\n", "");
    assert_eq!(env.statuses(), s(&[("One", "in_progress")]));
}

fn pipe(env: &TestEnv, args: &[&str], input: &str) -> (i32, String, String) {
    let run = env.run_stdin(args, input.as_bytes(), |_| {});
    (run.code, run.stdout, run.stderr)
}

#[test]
fn unreadable_and_unparsable_input_leave_the_plan_alone() {
    let env = TestEnv::new();
    env.given(&[&["append", "keep me"]]);
    let before = env.plan_text();
    env.run(&["import", "missing.md"]).is(
        6,
        "",
        "Failed to read todos: missing.md: no such file or directory\n",
    );
    std::fs::write(
        env.root.join("bad.md"),
        "# Phase\n- [ ] ok\nsome prose\n- [?] what\n```\n- [ ] in code\n```\n",
    )
    .unwrap();
    env.run(&["import", "bad.md"]).is(
        5,
        "",
        "Could not parse bad.md:\n  Line 3: unrecognized syntax \"some prose\"\n  Line 4: unknown status marker \"[?]\" (use [ ], [x], [/], [-], [!])\n  Line 5: unrecognized syntax \"```\"\n  Line 6: unrecognized syntax \"- [ ] in code\"\n  Line 7: unrecognized syntax \"```\"\n",
    );
    std::fs::write(env.root.join("bad.json"), "{\"phases\": [{\"name\": \"A\", \"tasks\": [\n {\"content\": \"x\", \"status\": \"doing\"}]}]}").unwrap();
    let run = env.run(&["import", "bad.json"]);
    run.code(5);
    assert!(
        run.stderr
            .starts_with("Could not parse bad.json:\n  Line 2: unknown variant `doing`"),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn lenient_skips_prose_but_never_reads_code_blocks() {
    let env = TestEnv::new();
    std::fs::write(
        env.root.join("notes.md"),
        "Intro prose.\n\n# Phase\n- [ ] real task\nmore prose\n```\n- [ ] not a task\n```\n",
    )
    .unwrap();
    env.run(&["import", "--lenient", "notes.md"]).is(
        0,
        "Imported 1 phase(s), 1 task(s) from notes.md.\n",
        "",
    );
    env.run(&[]).is(0, "# Phase\n- [/] real task\n", "");
}

#[test]
fn an_empty_path_is_a_usage_error() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let before = env.plan_text();
    env.run(&["import", ""]).is(2, "", "The path is empty.\n");
    env.run(&["export", ""]).is(2, "", "The path is empty.\n");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn import_from_stdin_names_it_as_typed() {
    let env = TestEnv::new();
    let out = pipe(&env, &["import", "-", "--json"], "# P\n- [ ] x\n");
    let v: serde_json::Value = serde_json::from_str(&out.1).unwrap();
    assert_eq!(v["message"], "Imported 1 phase(s), 1 task(s) from -.");
    assert_eq!(v["imported"]["from"], "-");
    let out = pipe(&env, &["import", "-"], "what\n");
    assert_eq!(out.0, 5);
    assert!(out.2.starts_with("Could not parse -:\n"), "{}", out.2);
}

/// Importing an unchanged export changes nothing: `changed` is false, `rev`
/// stays, and no undo step is spent (a plain checklist carries no marks of
/// who set a status, and used to count as a change for every task a person
/// had finished or blocked).
#[test]
fn an_unchanged_export_imports_as_no_change() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "A", "one"],
        &["append", "A", "two"],
        &["append", "A", "three"],
        &["done", "one"],
        &["note", "two", "a note"],
        &["objective", "add", "ship it"],
        &["finding", "learned"],
        &["block", "two", "--reason", "vendor"],
        &["append", "A", "four", "--verify", "exit 0"],
        &["trust", "--yes"],
        &["done", "four"],
    ]);
    // A verified task: the plain checklist says only `verified`, not the
    // proof, which the plan keeps.
    assert!(env.plan_text().contains("\"proof\""));
    let before = env.plan_text();
    let rev = env.run(&["--json", "show"]).ok().json()["rev"].clone();
    for format in ["md", "gfm", "json"] {
        let file = format!("plan.{format}");
        env.run(&["export", "--format", format, &file]).ok();
        let reply = env.run(&["--json", "import", &file]).ok().json();
        assert_eq!(reply["changed"], false, "{format}: {reply}");
        assert_eq!(reply["rev"], rev, "{format}: {reply}");
        assert_eq!(env.plan_text(), before, "{format}");
    }
    // The last change is still `done four`: undo takes that back.
    env.run(&["undo"]).ok();
    let four = &env.plan()["phases"][0]["tasks"][3];
    assert_eq!(four["content"], "Four");
    assert_ne!(four["status"], "completed", "{four}");
}
