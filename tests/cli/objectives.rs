//! Objectives and findings (docs/contract.md, "Objectives and findings"): the verbs, how `todo` shows them,
//! `--json`, undo, round trips through Markdown, GFM and JSON, and plans
//! without them left exactly as they were. Also `append --after`.

use serde_json::json;

use crate::common::{TWO_TASKS, TestEnv, live};

fn with_aims() -> TestEnv {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["objective", "add", "Ship a plan people trust"],
        &["objective", "add", "Keep R&D <!-- notes --> out"],
        &["objective", "add", "Support Windows"],
        &["objective", "done", "trust"],
        &["objective", "drop", "windows"],
        &["finding", "the sandbox resets nightly"],
        &["finding", "tokens last 1h & refresh"],
    ]);
    env
}

const SHOWN: &str = "Objectives:
- [o1 done] Ship a plan people trust
- [o2] Keep R&amp;D &lt;!-- notes --&gt; out
- [o3 dropped] Support Windows

# Auth
- [/] Wire OAuth providers
- [ ] Rotate keys
- [ ] Add login rate limiting

# Billing
- [ ] Wire Stripe webhooks
- [ ] Invoice export

Findings:
- [f1] the sandbox resets nightly
- [f2] tokens last 1h &amp; refresh
";

#[test]
fn verbs_add_and_set_objectives_and_record_findings() {
    let env = TestEnv::new();
    env.web_app();
    let run = env.run(&["objective", "add", "Ship", "a", "plan"]);
    let o1 = env.aim_id("objectives", "Ship a plan");
    assert!(crate::common::minted(&o1, 'o'), "{o1}");
    run.is(0, &format!("Added objective {o1}: Ship a plan\n"), "");
    env.run(&["objective", "done", "ship"]).is(
        0,
        &format!("Marked objective {o1} done: Ship a plan\n"),
        "",
    );
    env.run(&["objective", "drop", &o1]).is(
        0,
        &format!("Marked objective {o1} dropped: Ship a plan\n"),
        "",
    );
    env.run(&["objective", "reopen", "plan"]).is(
        0,
        &format!("Marked objective {o1} open: Ship a plan\n"),
        "",
    );
    let run = env.run(&["finding", "webhooks", "retry"]);
    let f1 = env.aim_id("findings", "webhooks retry");
    assert!(crate::common::minted(&f1, 'f'), "{f1}");
    run.is(0, &format!("Recorded finding {f1}: webhooks retry\n"), "");
    env.run(&["objective"])
        .is(0, &format!("- [{o1}] Ship a plan\n"), "");
    // Must not match: nothing, or more than one.
    env.given(&[&["objective", "add", "Ship docs"]]);
    let o2 = env.aim_id("objectives", "Ship docs");
    let run = env.run(&["objective", "done", "ship"]);
    run.code(3);
    assert!(run.stderr.contains(&format!("\"ship\" matches several objectives: {o1} \"Ship a plan\", {o2} \"Ship docs\". Name one by its id.")), "{run:?}");
    let run = env.run(&["objective", "done", "zzz"]);
    run.code(3);
    assert!(
        run.stderr.contains(&format!(
            "No objective matched \"zzz\". Known objectives: {o1}, {o2}."
        )),
        "{run:?}"
    );
    // Limits: empty, and over 300 characters; nothing written.
    let before = env.plan_text();
    env.run(&["finding", "  "]).code(2);
    let long = "x".repeat(301);
    let run = env.run(&["finding", &long]);
    run.code(2);
    assert!(
        run.stderr
            .contains("The finding is 301 characters long; at most 300 are allowed."),
        "{run:?}"
    );
    env.run(&["objective", "add", &long]).code(2);
    assert_eq!(env.plan_text(), before);
    // Ids are never reused, not even after undo.
    env.given(&[&["undo"], &["objective", "add", "Third"]]);
    let third = env.plan()["objectives"][1]["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(crate::common::minted(&third, 'o'), "{third}");
    assert!(third != o1 && third != o2, "{third} reused");
}

#[test]
fn show_puts_objectives_before_the_phases_and_findings_after() {
    let env = with_aims();
    // Ids shown under the names their order gives them (`o1`, `t1`…).
    let n = env.names();
    let run = env.run(&[]);
    run.ok();
    assert_eq!(n.of(&run.stdout), SHOWN);
    let run = env.run(&["--ids"]);
    run.ok();
    // Minted ids are six characters wide: so is the column (the ids here
    // written as their two-character names).
    let ids = n.of(&run.stdout);
    assert!(
        ids.starts_with("        Objectives:\n        - [o1 done] Ship a plan people trust\n"),
        "{ids}"
    );
    assert!(
        ids.contains("\np1  # Auth\nt1  - [/] Wire OAuth providers\n"),
        "{ids}"
    );
    assert!(ids.ends_with("\n        Findings:\n        - [f1] the sandbox resets nightly\n        - [f2] tokens last 1h &amp; refresh\n"), "{ids}");
    // A person at a terminal reads the text as typed.
    let (code, seen) = env.tty(&["--color", "never"]);
    let seen = n.of(&seen);
    assert_eq!(code, 0);
    assert!(
        seen.contains("- [o2] Keep R&D <!-- notes --> out"),
        "{seen}"
    );
    assert!(seen.contains("- [f2] tokens last 1h & refresh"), "{seen}");
    // In colour, the same lines: only escapes added.
    let (code, seen) = env.tty(&[]);
    let seen = n.of(&seen);
    assert_eq!(code, 0);
    assert!(seen.contains("\u{1b}[1mObjectives:"), "{seen}");
    let mut plain = String::new();
    let mut in_escape = false;
    for c in seen.chars() {
        match (in_escape, c) {
            (false, '\u{1b}') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, c) => plain.push(c),
        }
    }
    assert!(plain.starts_with("Objectives:\n- [o1 done] Ship a plan people trust\n- [o2] Keep R&D <!-- notes --> out\n- [o3 dropped] Support Windows\n\n# Auth\n"), "{plain}");
    assert!(
        plain.ends_with(
            "Findings:\n- [f1] the sandbox resets nightly\n- [f2] tokens last 1h & refresh\n"
        ),
        "{plain}"
    );
    // --json carries them.
    let shown = env.run(&["--json"]).json();
    assert_eq!(
        shown["plan"]["objectives"][0],
        json!({"id": n.id("o1"), "text": "Ship a plan people trust", "status": "done", "by": "person", "at": shown["plan"]["objectives"][0]["at"], "addedBy": "person"})
    );
    assert_eq!(
        shown["plan"]["findings"][1],
        json!({"id": n.id("f2"), "text": "tokens last 1h & refresh", "by": "person", "at": "2026-01-02T03:04:05Z"})
    );
    let listed = env.run(&["--json", "objective"]).json();
    assert_eq!(
        listed["objectives"][2],
        json!({"id": n.id("o3"), "text": "Support Windows", "status": "dropped"})
    );
    let added = env.run(&["--json", "finding", "x"]).json();
    assert_eq!(
        added["finding"],
        json!({"id": env.aim_id("findings", "x"), "text": "x"})
    );
}

#[test]
fn undo_takes_back_objectives_and_findings_one_change_at_a_time() {
    let env = with_aims();
    let n = env.names();
    let full = env.plan();
    env.run(&["undo"]).ok();
    assert_eq!(
        env.plan()["findings"],
        json!([{"id": n.id("f1"), "text": "the sandbox resets nightly", "by": "person", "at": "2026-01-02T03:04:05Z"}])
    );
    env.run(&["undo"]).ok();
    assert!(env.plan().get("findings").is_none());
    env.run(&["undo"]).ok();
    assert_eq!(env.plan()["objectives"][2]["status"], "open");
    env.given(&[&["undo"], &["undo"], &["undo"], &["undo"]]);
    assert!(env.plan().get("objectives").is_none());
    // New ids are new: none of the undone ones comes back.
    let run = env.run(&["objective", "add", "Again"]);
    let o4 = env.aim_id("objectives", "Again");
    run.is(0, &format!("Added objective {o4}: Again\n"), "");
    let run = env.run(&["finding", "again"]);
    let f3 = env.aim_id("findings", "again");
    run.is(0, &format!("Recorded finding {f3}: again\n"), "");
    for (_, old) in &n.0 {
        assert!(*old != o4 && *old != f3, "{old} reused");
    }
    assert_ne!(env.plan(), full);
}

#[test]
fn a_plan_without_objectives_is_byte_for_byte_as_before() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    env.run(&["done", "t1"]).ok();
    let text = env.plan_text();
    assert!(
        !text.contains("objectives")
            && !text.contains("findings")
            && !text.contains("nextObjectiveId"),
        "{text}"
    );
    // An oh-my-pi reader of `phases` sees the same phases as before.
    let before: serde_json::Value = serde_json::from_str(TWO_TASKS).unwrap();
    let after = env.plan();
    assert_eq!(after["phases"][0]["name"], before["phases"][0]["name"]);
    // Export and show are the checklist alone, no empty blocks.
    let md = env.run(&["export", "-"]);
    md.ok();
    assert!(
        !md.stdout.contains("Objectives:") && !md.stdout.contains("Findings:"),
        "{md:?}"
    );
    let json = env.run(&["export", "--format", "json", "-"]);
    assert!(json.stdout.starts_with("[\n"), "{json:?}");
    // Version 2 writes objectives and findings before `phases`, with no
    // id counter; readers of `phases` are unaffected.
    env.given(&[&["objective", "add", "o"], &["finding", "f"]]);
    let text = env.plan_text();
    let phases_at = text.find("\"phases\"").unwrap();
    assert!(text.find("\"objectives\"").unwrap() < phases_at, "{text}");
    assert!(text.find("\"findings\"").unwrap() < phases_at, "{text}");
    assert!(!text.contains("nextObjectiveId"), "{text}");
    assert_eq!(env.plan()["phases"][0]["name"], before["phases"][0]["name"]);
}

#[test]
fn markdown_gfm_and_json_round_trip_objectives_and_findings() {
    for format in ["md", "gfm", "json"] {
        let env = with_aims();
        let plan = env.plan();
        let file = format!("plan.{format}");
        env.run(&["export", "--format", format, &file]).ok();
        env.given(&[
            &["done", "rotate keys"],
            &["objective", "add", "other"],
            &["finding", "other"],
        ]);
        env.run(&["import", &file]).ok();
        let back = env.plan();
        assert_eq!(back["objectives"], plan["objectives"], "{format}");
        assert_eq!(back["findings"], plan["findings"], "{format}");
        assert_eq!(live(&back["phases"]), live(&plan["phases"]), "{format}");
    }
    // Edit: the checklist opens with its objectives and findings, and what
    // is saved comes back (here, unchanged but for one status and a line).
    let env = with_aims();
    let o2 = env.names().id("o2");
    let script = sed_editor(
        &env,
        &[
            &format!("s/^- \\[{o2}\\] /- [{o2} done] /"),
            "$a - [f9] learned in the editor",
        ],
    );
    let run = env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    run.ok();
    let plan = env.plan();
    assert_eq!(plan["objectives"][1]["status"], "done");
    assert_eq!(
        plan["findings"][2],
        json!({"id": "f9", "text": "learned in the editor", "by": "person", "at": "2026-01-02T03:04:05Z"})
    );
    assert!(plan.get("nextFindingId").is_none(), "{plan}");
}

#[test]
fn a_hand_edited_duplicate_id_gets_a_new_one() {
    let env = TestEnv::new();
    env.web_app();
    std::fs::write(
        env.root.join("in.md"),
        "Objectives:\n- [o1] One\n- [o1 done] Two\n\n# A\n- [ ] a\n\nFindings:\n- [f2] x\n",
    )
    .unwrap();
    env.run(&["import", "in.md"]).ok();
    let plan = env.plan();
    assert_eq!(plan["objectives"][0]["id"], "o1");
    let two = plan["objectives"][1]["id"].as_str().unwrap();
    assert!(crate::common::minted(two, 'o'), "{two}");
    assert_eq!(
        plan["objectives"][1],
        json!({"id": two, "text": "Two", "status": "done", "addedBy": "person"})
    );
    assert_eq!(plan["findings"][0]["id"], "f2");
}

#[test]
fn append_after_places_the_task_right_after_another() {
    let env = TestEnv::new();
    env.web_app();
    let t1 = env.id("Wire OAuth providers");
    env.run(&["append", "--after", &t1, "audit", "scopes"]).is(
        0,
        "Appended to Auth: Audit scopes\n",
        "",
    );
    env.run(&[
        "append",
        "--after",
        "webhooks",
        "-p",
        "Billing",
        "retry policy",
    ])
    .is(0, "Appended to Billing: Retry policy\n", "");
    // The phase named first, as `todo append <phase> <task>` takes it.
    env.run(&[
        "append",
        "--after",
        "retry policy",
        "billing",
        "refund flow",
    ])
    .is(0, "Appended to Billing: Refund flow\n", "");
    // Must not: a lone word is the task, and another phase's name is text.
    env.run(&["append", "--after", "refund", "Auth", "tokens"])
        .is(0, "Appended to Billing: Auth tokens\n", "");
    let names: Vec<String> = env.statuses().into_iter().map(|(c, _)| c).collect();
    assert_eq!(
        names,
        [
            "Wire OAuth providers",
            "Audit scopes",
            "Rotate keys",
            "Add login rate limiting",
            "Wire Stripe webhooks",
            "Retry policy",
            "Refund flow",
            "Auth tokens",
            "Invoice export",
        ]
    );
    // A phase that disagrees: plan-bad-position, nothing written.
    let before = env.plan_text();
    let run = env.run(&["--json", "append", "--after", &t1, "-p", "Billing", "x"]);
    run.code(5);
    assert_eq!(run.json()["error"]["code"], "plan-bad-position");
    let run = env.run(&["append", "--after", "nothing like it", "x"]);
    run.code(3);
    assert_eq!(env.plan_text(), before);
    // Undo takes them back out of the middle.
    for _ in 0..4 {
        env.run(&["undo"]).ok();
    }
    assert_eq!(env.statuses().len(), 5);
}

/// A pull-request body shows objectives and findings as typed: no `*` read
/// as emphasis, no `<b>` as HTML, no backticks as code — and the export
/// still reads back exactly.
#[test]
fn objectives_and_findings_in_the_pull_request_flavour_read_on_github_as_typed() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["objective", "add", "Ship *fast* and <b>safe</b>"],
        &["objective", "add", "Keep `todo` & [docs](x) _small_"],
        &["objective", "done", "keep"],
        &["finding", "a|b ~~c~~ $x$ \\ <!-- not hidden -->"],
    ]);
    let before = env.plan();
    let run = env.run(&["export", "--format", "gfm", "-"]);
    run.ok();
    let shown = crate::hostile::github_text(&env.names().of(&run.stdout));
    for line in [
        "[o1] Ship *fast* and <b>safe</b>",
        "[o2 done] Keep `todo` & [docs](x) _small_",
        "[f1] a|b ~~c~~ $x$ \\ <!-- not hidden -->",
    ] {
        assert!(
            shown.contains(&line.to_string()),
            "{line:?} not in {shown:#?}\n{}",
            run.stdout
        );
    }
    std::fs::write(env.root.join("pr.md"), &run.stdout).unwrap();
    env.given(&[&["objective", "add", "other"], &["finding", "other"]]);
    env.run(&["import", "pr.md"]).ok();
    let back = env.plan();
    assert_eq!(back["objectives"], before["objectives"]);
    assert_eq!(back["findings"], before["findings"]);
}

/// An editor script that runs `sed` with these expressions on the file.
fn sed_editor(env: &TestEnv, expressions: &[&str]) -> std::path::PathBuf {
    let args: Vec<String> = expressions.iter().map(|e| format!("-e '{e}'")).collect();
    env.script("ed.sh", &format!("sed -i {} \"$1\"", args.join(" ")))
}

/// Deleting the last objective or finding line in the editor leaves its
/// block's title alone; that is an empty block, not a parse error.
#[test]
fn edit_deleting_every_objective_and_finding_line_keeps_no_empty_title() {
    let env = with_aims();
    let n = env.names();
    let script = sed_editor(&env, &["/^- \\[o[0-9]/d", "/^- \\[f[0-9]/d"]);
    let run = env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    run.is(0, "Todos updated from editor: 2 phase(s), 5 task(s).\n", "");
    let plan = env.plan();
    assert_eq!(plan["objectives"], json!(null), "{plan:#}");
    assert_eq!(plan["findings"], json!(null), "{plan:#}");
    // The titles are gone with their items, and ids are still not reused.
    let shown = env.run(&["show"]);
    assert!(!shown.stdout.contains("Objectives:"), "{shown:?}");
    assert!(!shown.stdout.contains("Findings:"), "{shown:?}");
    let run = env.run(&["objective", "add", "again"]);
    let o4 = env.aim_id("objectives", "again");
    run.is(0, &format!("Added objective {o4}: again\n"), "");
    let run = env.run(&["finding", "again"]);
    let f3 = env.aim_id("findings", "again");
    run.is(0, &format!("Recorded finding {f3}: again\n"), "");
    for (_, old) in &n.0 {
        assert!(*old != o4 && *old != f3, "{old} reused");
    }
    // Only the title's own place counts: a lone `Findings:` line among the
    // tasks is still prose.
    let script = sed_editor(&env, &["/^# Billing/i Findings:"]);
    env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .code(5);
}

/// Findings and objectives are at most 300 characters however they come
/// in: `import` (Markdown, GFM or JSON) and `edit` hold them to it as the
/// verbs do, counting characters, not bytes.
#[test]
fn import_and_edit_hold_objectives_and_findings_to_300_characters() {
    let env = with_aims();
    let before = env.plan_text();
    let fits = "é".repeat(300);
    let long = "é".repeat(301);
    let md = |objective: &str, finding: &str| {
        format!("Objectives:\n- [o1] {objective}\n\n# A\n- [ ] a\n\nFindings:\n- [f1] {finding}\n")
    };
    std::fs::write(env.root.join("long.md"), md("ok", &long)).unwrap();
    env.run(&["import", "long.md"]).is(
        5,
        "",
        "Could not parse long.md:\n  Line 8: finding f1 is 301 characters long; at most 300 are allowed.\n",
    );
    std::fs::write(env.root.join("long.md"), md(&long, &long)).unwrap();
    env.run(&["import", "long.md"]).is(
        5,
        "",
        "Could not parse long.md:\n  Line 2: objective o1 is 301 characters long; at most 300 are allowed.\n  Line 8: finding f1 is 301 characters long; at most 300 are allowed.\n",
    );
    let json = json!({"phases": [{"name": "A", "tasks": []}],
        "objectives": [{"id": "o1", "text": "ok", "status": "open"}],
        "findings": [{"id": "f1", "text": long}]});
    std::fs::write(env.root.join("long.json"), json.to_string()).unwrap();
    env.run(&["import", "long.json"]).is(
        5,
        "",
        "Could not parse long.json:\n  finding f1 is 301 characters long; at most 300 are allowed.\n",
    );
    assert_eq!(env.plan_text(), before, "nothing written");
    // The editor: the text is kept, nothing written.
    let f1 = env.names().id("f1");
    let script = sed_editor(&env, &[&format!("s/^- \\[{f1}\\] .*/- [{f1}] {long}/")]);
    let run = env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    run.code(5);
    assert!(
        run.stderr.starts_with(
            // Line 16 of the checklist, after the buffer's guide (8 lines).
            &format!("Could not parse Markdown:\n  Line 24: finding {f1} is 301 characters long; at most 300 are allowed.\n")
        ),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before, "nothing written");
    // 300 characters are fine.
    std::fs::write(env.root.join("fits.md"), md(&fits, &fits)).unwrap();
    env.run(&["import", "fits.md"]).ok();
    assert_eq!(env.plan()["findings"][0]["text"], fits.as_str());
}
