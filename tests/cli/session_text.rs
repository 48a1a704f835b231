//! What a session is told: the plan is its task list, with the plan's own
//! ids (never example ids no plan has), how to drive it from its shell,
//! the mirror of its own list only where the session has list tools, and
//! after a compaction or a resume the handoff brief, which `todo handoff`
//! prints too; all of it small on a 10,000-task plan.

use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

fn session_start(env: &TestEnv, input: &Value, agent_shell: bool) -> String {
    let out = env.run_stdin(
        &["hook", "session-start"],
        input.to_string().as_bytes(),
        |c| {
            if agent_shell {
                c.env("TODO_AGENT", "claude");
            }
        },
    );
    out.ok();
    context(&out)
}

fn context(out: &Run) -> String {
    let v = out.json();
    v["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn start(env: &TestEnv, model: Option<&str>) -> Value {
    let mut v = json!({"session_id": "s1", "cwd": env.root, "hook_event_name": "SessionStart", "source": "startup"});
    if let Some(m) = model {
        v["model"] = json!(m);
    }
    v
}

#[test]
fn session_start_speaks_with_the_plans_own_ids() {
    let env = TestEnv::new();
    env.run(&["append", "Build", "parser"]).ok();
    env.run(&["append", "Build", "lexer"]).ok();
    env.run(&["objective", "add", "Ship a parser"]).ok();
    let [parser, lexer] = env.ids(["Parser", "Lexer"]);
    let phase = env.phase_id("Build");
    let aim = env.aim_id("objectives", "Ship a parser");
    let text = session_start(&env, &start(&env, Some("claude-opus-4-8")), false);
    assert!(text.contains("it is your task list"), "{text}");
    for shown in [
        format!("`todo --as agent start {parser}`"),
        format!("`todo --as agent done {parser}`"),
        format!("`todo --as agent block {lexer} --reason"),
        format!("`todo --as agent append {phase} \"<task>\"`"),
        format!(
            "\"task\":\"{parser}\"}},{{\"op\":\"start\",\"task\":\"{lexer}\"}}]' | todo apply`"
        ),
        format!("`todo --as agent objective done {aim}`"),
    ] {
        assert!(text.contains(&shown), "{shown} in {text}");
    }
    // No example ids that no plan has.
    for example in [" t4`", " t4 ", "\"t4\"", "\"t5\"", " o1`"] {
        assert!(!text.contains(example), "{example} in {text}");
    }
    // From a shell set up as the agent's, plain `todo`.
    let text = session_start(&env, &start(&env, Some("claude-opus-4-8")), true);
    assert!(text.contains(&format!("`todo done {parser}`")), "{text}");
    assert!(
        text.contains("every `todo` you run there is the agent"),
        "{text}"
    );
    assert!(!text.contains("--as agent"), "{text}");
    // A plan with no open task: placeholders, not ids.
    env.run(&["done", "--yes", "Build"]).ok();
    let text = session_start(&env, &start(&env, Some("claude-opus-4-8")), true);
    assert!(text.contains("`todo done <id>`"), "{text}");
}

#[test]
fn the_mirror_is_spoken_of_only_where_the_session_has_list_tools() {
    let env = TestEnv::new();
    env.run(&["append", "Build", "parser"]).ok();
    let mirror = "is mirrored into the phase \"Claude Code\"";
    for (model, offered) in [
        ("claude-opus-4-8", false),
        ("claude-fennec-5", false),
        ("claude-opus-4-7", true),
        ("claude-opus-4-1-20250805", true),
        ("claude-opus-4-20250514", true),
        ("claude-sonnet-4-6", true),
        ("claude-sonnet-4-7", false),
        ("claude-haiku-4-5-20251001", true),
        ("claude-3-7-sonnet-20250219", true),
    ] {
        let text = session_start(&env, &start(&env, Some(model)), true);
        assert_eq!(text.contains(mirror), offered, "{model}: {text}");
    }
    // Turned on for any model by Claude Code's variable.
    let input = start(&env, Some("claude-opus-4-8"));
    let out = env.run_stdin(
        &["hook", "session-start"],
        input.to_string().as_bytes(),
        |c| {
            c.env("CLAUDE_CODE_ENABLE_TODO_TOOLS", "1");
        },
    );
    assert!(context(&out).contains(mirror), "{out:?}");
    // Codex: only where its config offers update_plan (the user's here).
    let mut codex = start(&env, Some("gpt-5.5"));
    codex["turn_id"] = json!("u1");
    let codex_home = env.home.join("codex");
    std::fs::create_dir_all(&codex_home).unwrap();
    let run = |input: &Value| {
        let out = env.run_stdin(
            &["hook", "session-start"],
            input.to_string().as_bytes(),
            |c| {
                c.env("CODEX_HOME", &codex_home);
            },
        );
        context(&out)
    };
    assert!(!run(&codex).contains("update_plan"));
    std::fs::write(
        codex_home.join("config.toml"),
        "# mine\n[tools.update_plan]\nenabled = true\n",
    )
    .unwrap();
    assert!(run(&codex).contains("your update_plan list is mirrored into the phase \"Codex\""));
}

/// A plan of 10,000 tasks in 100 phases: the first 40 done (each with a
/// passing proof), two claimed and in progress, one blocked, the rest
/// pending.
fn big_plan() -> Value {
    crate::common::big_plan(
        (1..=100).map(|p| (format!("Phase {p}"), 100)),
        |n| match n {
            1..=40 => json!({"status": "completed", "by": "agent", "at": "2026-01-01T00:00:00Z",
                "verify": "cargo test", "proof": {"command": "cargo test", "exit": 0, "ms": 10, "at": format!("2026-01-01T00:{:02}:00Z", n % 60)}}),
            41 | 42 => {
                json!({"status": "in_progress", "owner": format!("agent-{n}"), "claimedBy": "agent"})
            }
            43 => json!({"status": "blocked", "blocker": "waiting for the keys"}),
            _ => json!({"status": "pending"}),
        },
    )
}

#[test]
fn on_a_10000_task_plan_every_text_stays_small() {
    let env = TestEnv::new();
    env.write_plan(&big_plan().to_string());
    let startup = session_start(&env, &start(&env, Some("claude-opus-4-8")), true);
    let mut compact = start(&env, Some("claude-opus-4-8"));
    compact["source"] = json!("compact");
    let after_compact = session_start(&env, &compact, true);
    let out = env.run(&["handoff"]);
    out.ok();
    let handoff = out.stdout.clone();
    eprintln!(
        "10,000 tasks: session-start {} bytes, after compaction {} bytes, todo handoff {} bytes",
        startup.len(),
        after_compact.len(),
        handoff.len()
    );
    // Codex moves a hook context longer than 2,500 tokens out of the
    // prompt: each stays under 10,000 bytes (about 2,500 tokens at 4
    // bytes a token), the brief under its 4,000-byte cap.
    assert!(startup.len() < 10_000, "{}", startup.len());
    assert!(after_compact.len() < 10_000, "{}", after_compact.len());
    assert!(handoff.len() <= 4_001, "{}", handoff.len());
    assert!(
        handoff.starts_with("Where the work stands in the plan "),
        "{handoff}"
    );
    assert!(handoff.contains("(rev "), "{handoff}");
    assert!(
        handoff.contains(": 9960 open (2 in progress, 1 blocked), 40 done, 0 dropped.\n"),
        "{handoff}"
    );
    assert!(
        handoff.contains("Phase being worked: Phase 1 (p1)\n- t41 Task number 41"),
        "{handoff}"
    );
    assert!(handoff.contains("Claims (2):\n- t41 "), "{handoff}");
    assert!(handoff.contains("(claimed by agent-42)"), "{handoff}");
    assert!(
        handoff.contains("Last verified: t40 Task number 40"),
        "{handoff}"
    );
    assert!(handoff.contains("Ready next (9957):\n- t44 "), "{handoff}");
    assert!(handoff.contains("Blocked (1):\n- t43 Task number 43 of the big plan, with a few words (blocked: waiting for the keys)"), "{handoff}");
    assert!(
        handoff.ends_with("The whole plan: `todo show`; open work: `todo check`.\n"),
        "{handoff}"
    );
    // After a compaction the session gets the brief, not the whole list.
    assert!(
        after_compact.contains("\nWhere the work stands in the plan "),
        "{after_compact}"
    );
    assert!(
        !after_compact.contains("\n# Phase 2 (p2)"),
        "{after_compact}"
    );
}

#[test]
fn handoff_names_what_a_person_changed_since_the_agent_saw_the_plan() {
    let env = TestEnv::new();
    let out = env.run(&["handoff"]);
    out.code(1);
    assert!(out.stderr.contains("nothing to hand over"), "{out:?}");
    assert!(!env.plan_path().exists());
    env.run(&["append", "Build", "parser"]).ok();
    env.run(&["append", "Build", "lexer"]).ok();
    // The agent sees the plan (its session starts), then a person works.
    session_start(&env, &start(&env, Some("claude-opus-4-8")), true);
    env.run(&["done", "lexer"]).ok();
    let out = env.run(&["handoff"]);
    out.ok();
    assert!(
        out.stdout
            .contains("A person changed the plan since the agent last saw it: todo done lexer."),
        "{out:?}"
    );
    // After a resume the agent is told the same, once.
    let mut resume = start(&env, Some("claude-opus-4-8"));
    resume["source"] = json!("resume");
    let text = session_start(&env, &resume, true);
    assert!(
        text.contains("A person changed the plan since the agent last saw it: todo done lexer."),
        "{text}"
    );
    let text = session_start(&env, &resume, true);
    assert!(!text.contains("A person changed"), "{text}");
    let out = env.run(&["handoff", "--json"]);
    out.ok();
    assert_eq!(out.json()["verb"], "handoff");
    assert!(out.json()["bytes"].as_u64().is_some_and(|b| b > 0));
}

/// Codex gives `shell_environment_policy.set` to its shell tool, not to
/// its hooks (measured with Codex 0.171.0): the session-start hook reads
/// the config `todo setup codex` wrote to know the agent's shell is marked.
#[test]
fn codex_set_up_is_told_plain_todo_though_its_hooks_lack_the_variable() {
    let env = TestEnv::new();
    env.run(&["append", "Build", "parser"]).ok();
    let parser = env.id("Parser");
    let mut input = start(&env, Some("gpt-5.5"));
    input["turn_id"] = json!("u1");
    let text = session_start(&env, &input, false);
    assert!(
        text.contains(&format!("`todo --as agent done {parser}`")),
        "{text}"
    );
    env.run(&["setup", "codex"]).ok();
    let text = session_start(&env, &input, false);
    assert!(text.contains(&format!("`todo done {parser}`")), "{text}");
    assert!(!text.contains("--as agent"), "{text}");
}
