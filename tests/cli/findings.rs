//! Who recorded a finding (docs/contract.md, "A plan a person and an agent share", "Objectives and findings"): `by`/`at` on every path a
//! finding comes in by, kept through JSON, Markdown, GFM and the merge
//! driver, and a person's finding is the person's: no agent route removes
//! or rewords it.

use serde_json::json;

use crate::common::{Run, TestEnv};

const NOW: &str = "2026-01-02T03:04:05Z";

const SANDBOX: &str = "the sandbox resets nightly";

/// The web app plan with one finding a person recorded ([`SANDBOX`]).
fn with_person_finding() -> TestEnv {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["finding", SANDBOX]]);
    env
}

/// The id of the finding `text`.
fn finding(env: &TestEnv, text: &str) -> String {
    env.aim_id("findings", text)
}

fn agent(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = vec!["--as", "agent"];
    all.extend_from_slice(args);
    env.run(&all)
}

/// An editor script that runs `sed` with this expression on the file.
fn sed_editor(env: &TestEnv, expression: &str) -> std::path::PathBuf {
    env.script("ed.sh", &format!("sed -i -e '{expression}' \"$1\""))
}

/// The refusal an agent gets for a person's finding, the file untouched.
#[track_caller]
fn refused(env: &TestEnv, run: &Run, before: &str, what: &str) {
    run.code(7);
    let f1 = finding(env, SANDBOX);
    assert_eq!(
        run.stderr,
        format!(
            "Refused (set-by-person): finding {f1} \"the sandbox resets nightly\" was recorded by a person; an agent may not {what}.\n"
        ),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before, "must not be written");
}

#[test]
fn a_person_s_todo_finding_records_who_and_when() {
    let env = with_person_finding();
    let f1 = finding(&env, SANDBOX);
    assert!(crate::common::minted(&f1, 'f'), "{f1}");
    assert_eq!(
        env.plan()["findings"],
        json!([{"id": f1, "text": "the sandbox resets nightly", "by": "person", "at": NOW}])
    );
    // The exported checklist leaves who and when out; `edit`'s buffer,
    // whose text comes back into the plan, carries them.
    let md = env.run(&["export", "-"]);
    md.ok();
    assert!(
        md.stdout
            .ends_with(&format!("Findings:\n- [{f1}] the sandbox resets nightly\n")),
        "{md:?}"
    );
    let seen = env.root.join("buffer.md");
    let editor = env.script("keep.sh", &format!("cp \"$1\" '{}'", seen.display()));
    env.run_with(&["edit"], |c| {
        c.env("VISUAL", &editor);
    })
    .ok();
    assert!(std::fs::read_to_string(&seen).unwrap().ends_with(&format!(
        "Findings:\n- [{f1}] the sandbox resets nightly <!-- todo: by=person at={NOW} -->\n"
    )));
    // A person reading the plan sees no comment.
    let shown = env.run(&[]);
    assert!(
        shown
            .stdout
            .ends_with(&format!("Findings:\n- [{f1}] the sandbox resets nightly\n")),
        "{shown:?}"
    );
    // An agent's `todo finding` is the agent's.
    agent(&env, &["finding", "tokens last 1h"]).ok();
    assert_eq!(env.plan()["findings"][1]["by"], "agent");
}

#[test]
fn import_as_agent_may_not_remove_a_person_s_finding() {
    let env = with_person_finding();
    let f1 = finding(&env, SANDBOX);
    env.run(&["export", "plan.md"]).ok();
    let md = std::fs::read_to_string(env.root.join("plan.md")).unwrap();
    let without: String = md
        .lines()
        .filter(|l| !l.starts_with(&format!("- [{f1}]")) && *l != "Findings:")
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(without, md);
    std::fs::write(env.root.join("plan.md"), &without).unwrap();
    let before = env.plan_text();
    let run = agent(&env, &["import", "plan.md"]);
    refused(&env, &run, &before, "remove it");
    let run = agent(&env, &["--json", "import", "plan.md"]);
    run.code(7);
    assert_eq!(run.json()["error"]["code"], "set-by-person");
    assert_eq!(env.plan_text(), before);
    // Nor by dropping the comment and the line's text: rewording.
    std::fs::write(
        env.root.join("plan.md"),
        md.replace("the sandbox resets nightly", "the sandbox is fine"),
    )
    .unwrap();
    let run = agent(&env, &["import", "plan.md"]);
    refused(&env, &run, &before, "reword it");
    // A person may.
    env.run(&["import", "plan.md"]).ok();
    assert_eq!(env.plan()["findings"][0]["text"], "the sandbox is fine");
    assert_eq!(env.plan()["findings"][0]["by"], "person");
}

#[test]
fn edit_as_agent_may_not_remove_or_reword_a_person_s_finding() {
    let env = with_person_finding();
    let f1 = finding(&env, SANDBOX);
    let before = env.plan_text();
    let script = sed_editor(&env, &format!("/^- \\[{f1}\\]/d"));
    let run = env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    refused(&env, &run, &before, "remove it");
    let script = sed_editor(&env, "s/resets nightly/never resets/");
    let run = env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    refused(&env, &run, &before, "reword it");
    // Must not: a forged mark on the line does not free it either.
    let script = sed_editor(&env, "s/by=person/by=agent/");
    env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    assert_eq!(env.plan()["findings"][0]["by"], "person");
    let script = sed_editor(&env, &format!("/^- \\[{f1}\\]/d"));
    let run = env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    });
    refused(&env, &run, &before, "remove it");
    // The person may remove it.
    env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    assert!(env.plan().get("findings").is_none());
}

#[test]
fn an_agent_s_own_finding_and_an_old_unmarked_one_stay_open_to_it() {
    let env = TestEnv::new();
    env.web_app();
    // An older file: a finding with no `by`.
    let mut plan = env.plan();
    plan["findings"] = json!([{"id": "f1", "text": "old"}]);
    env.write_plan(&format!("{plan:#}\n"));
    let run = env.run_stdin(
        &["apply"],
        json!({"add_findings": ["agent learned"]})
            .to_string()
            .as_bytes(),
        |_| {},
    );
    run.ok();
    let findings = env.plan()["findings"].clone();
    assert_eq!(findings[0], json!({"id": "f1", "text": "old"}));
    let f2 = finding(&env, "agent learned");
    assert!(crate::common::minted(&f2, 'f'), "{f2}");
    assert_eq!(
        findings[1],
        json!({"id": f2, "text": "agent learned", "by": "agent", "at": NOW})
    );
    // The agent rewords and removes both.
    let script = sed_editor(&env, "s/agent learned/agent learned more/");
    env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    assert_eq!(env.plan()["findings"][1]["text"], "agent learned more");
    assert_eq!(env.plan()["findings"][1]["by"], "agent");
    let script = sed_editor(&env, &format!("/^- \\[\\(f1\\|{f2}\\)\\]/d"));
    env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    assert!(env.plan().get("findings").is_none());
}

#[test]
fn a_new_finding_line_from_import_or_edit_is_the_actor_s() {
    let env = with_person_finding();
    let f1 = finding(&env, SANDBOX);
    let script = sed_editor(&env, "$a - [f7] added in the editor");
    env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    let findings = env.plan()["findings"].clone();
    assert_eq!(findings[0]["by"], "person");
    assert_eq!(
        findings[1],
        json!({"id": "f7", "text": "added in the editor", "by": "agent", "at": NOW})
    );
    // The agent may take its own back out; the person's stays.
    let script = sed_editor(&env, "/^- \\[f7\\]/d");
    env.run_with(&["--as", "agent", "edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    assert_eq!(env.plan()["findings"].as_array().map(Vec::len), Some(1));
    // A plain checklist without comments: the person's mark stays, the
    // change is no change.
    std::fs::write(
        env.root.join("plain.md"),
        format!("# Auth\n- [/] Wire OAuth providers\n- [ ] Rotate keys\n- [ ] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export\n\nFindings:\n- [{f1}] the sandbox resets nightly\n- [f2] learned by hand\n"),
    )
    .unwrap();
    env.run(&["import", "plain.md"]).ok();
    let findings = env.plan()["findings"].clone();
    assert_eq!(findings[0]["by"], "person");
    assert_eq!(findings[1]["by"], "person");
}

#[test]
fn undo_by_an_agent_may_not_take_back_a_person_s_finding() {
    let env = with_person_finding();
    let f1 = finding(&env, SANDBOX);
    let before = env.plan_text();
    // The last change was the person's: an agent may undo only its own.
    let run = agent(&env, &["undo"]);
    run.code(7);
    assert_eq!(
        run.stderr,
        format!(
            "Refused (set-by-person): the last change, \"Recorded finding {f1}: the sandbox resets nightly\", was a person's (todo finding \"the sandbox resets nightly\"); an agent may undo only its own changes.\n"
        ),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before, "must not be written");
    // An agent's own is undone; the person's mark comes back with undo.
    agent(&env, &["finding", "mine"]).ok();
    agent(&env, &["undo"]).ok();
    let findings = env.plan()["findings"].clone();
    assert_eq!(
        findings,
        json!([{"id": f1, "text": "the sandbox resets nightly", "by": "person", "at": NOW}])
    );
}

#[test]
fn by_and_at_round_trip_through_json_markdown_and_gfm() {
    let env = with_person_finding();
    agent(&env, &["finding", "tokens *last* 1h"]).ok();
    let plan = env.plan();
    assert_eq!(plan["findings"][0]["by"], "person");
    assert_eq!(plan["findings"][1]["by"], "agent");
    // The Markdown people read leaves who and when out; imported back over
    // the plan, it keeps the plan's marks.
    env.run(&["export", "--format", "md", "plan.md"]).ok();
    let md = std::fs::read_to_string(env.root.join("plan.md")).unwrap();
    assert!(!md.contains("by="), "{md}");
    env.run(&["import", "plan.md"]).ok();
    assert_eq!(env.plan()["findings"], plan["findings"], "md");
    for format in ["json", "gfm"] {
        let file = format!("plan.{format}");
        env.run(&["export", "--format", format, &file]).ok();
        // A fresh plan takes the marks as the file gives them.
        let other = TestEnv::new();
        std::fs::copy(env.root.join(&file), other.root.join(&file)).unwrap();
        other.run(&["import", &file]).ok();
        assert_eq!(other.plan()["findings"], plan["findings"], "{format}");
        env.run(&["import", &file]).ok();
        assert_eq!(env.plan()["findings"], plan["findings"], "{format}");
    }
}

#[test]
fn the_merge_driver_keeps_who_recorded_a_finding() {
    let env = TestEnv::new();
    env.web_app();
    let base = env.plan_text();
    env.run(&["finding", "person on theirs"]).ok();
    let theirs = env.plan_text();
    env.write_plan(&base);
    let on_theirs = aim_in(&theirs, "person on theirs");
    agent(&env, &["finding", "agent on ours"]).ok();
    let on_ours = finding(&env, "agent on ours");
    let merged = env.merge_file(&base, &env.plan_text(), &theirs);
    assert_eq!(
        merged["findings"],
        json!([
            {"id": on_ours, "text": "agent on ours", "by": "agent", "at": NOW},
            {"id": on_theirs, "text": "person on theirs", "by": "person", "at": NOW},
        ])
    );
    // Reworded on one side only: the merge takes the words with their mark.
    env.write_plan(&base);
    agent(&env, &["finding", "agent wrote"]).ok();
    let wrote = finding(&env, "agent wrote");
    let agents = env.plan_text();
    let script = sed_editor(&env, "s/agent wrote/a person reworded/");
    env.run_with(&["edit"], |cmd| {
        cmd.env("EDITOR", &script);
    })
    .ok();
    let merged = env.merge_file(&agents, &agents, &env.plan_text());
    assert_eq!(
        merged["findings"],
        json!([{"id": wrote, "text": "a person reworded", "by": "person", "at": NOW}])
    );
}

/// The id of the finding `text` in a plan file's text.
fn aim_in(plan: &str, text: &str) -> String {
    let plan: serde_json::Value = serde_json::from_str(plan).unwrap();
    plan["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["text"] == text)
        .and_then(|f| f["id"].as_str())
        .unwrap_or_else(|| panic!("no finding {text:?} in {plan}"))
        .to_string()
}

/// Must not: a plain checklist (no comments) from an agent strips the mark
/// of an objective a person set, which would then be the agent's to change.
#[test]
fn a_plain_import_keeps_the_person_s_mark_on_an_objective() {
    let env = TestEnv::new();
    env.given(&[&["append", "A", "one"], &["objective", "add", "Ship"]]);
    let o1 = env.aim_id("objectives", "Ship");
    env.given(&[&["objective", "done", &o1]]);
    std::fs::write(
        env.root.join("p.md"),
        format!("Objectives:\n- [{o1} done] Ship\n\n# A\n- [/] One\n"),
    )
    .unwrap();
    agent(&env, &["import", "p.md"]).ok();
    assert_eq!(env.plan()["objectives"][0]["by"], "person");
    let before = env.plan_text();
    agent(&env, &["objective", "reopen", &o1]).code(7);
    assert_eq!(env.plan_text(), before);
    // A status changed in the file is set on purpose: the actor's.
    std::fs::write(
        env.root.join("p.md"),
        format!("Objectives:\n- [{o1} dropped] Ship\n\n# A\n- [/] One\n"),
    )
    .unwrap();
    agent(&env, &["import", "p.md"]).code(7);
    env.run(&["import", "p.md"]).ok();
    assert_eq!(
        env.plan()["objectives"][0],
        json!({"id": o1, "text": "Ship", "status": "dropped", "by": "person", "at": NOW, "addedBy": "person"})
    );
}
