//! `TODO_AGENT` (written by `todo setup` into the agent's environment):
//! every `todo` run from there is the agent, and the person's actor is
//! refused there, whether typed (`--as person`) or set (`TODO_ACTOR`).

use crate::common::{Run, TestEnv};

/// `todo ARGS` from an agent's shell (`TODO_AGENT=claude`), with `extra`
/// variables.
fn agent_shell(env: &TestEnv, args: &[&str], extra: &[(&str, &str)]) -> Run {
    env.run_with(args, |cmd| {
        cmd.env("TODO_AGENT", "claude");
        for (k, v) in extra {
            cmd.env(k, v);
        }
    })
}

fn by(env: &TestEnv, content: &str) -> String {
    crate::common::task(&env.plan(), content)["by"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn todo_from_an_agents_shell_is_the_agent() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Build", "parser"],
        &["append", "Build", "lexer"],
    ]);
    agent_shell(&env, &["done", "parser"], &[]).ok();
    assert_eq!(by(&env, "Parser"), "agent");
    // A person's decision stays the person's: the agent's shell cannot undo it.
    env.run(&["done", "lexer"]).ok();
    assert_eq!(by(&env, "Lexer"), "person");
    let before = env.plan_text();
    let out = agent_shell(&env, &["reopen", "lexer"], &[]);
    out.code(7);
    assert!(out.stderr.contains("set-by-person"), "{out:?}");
    assert_eq!(env.plan_text(), before);
    // `--as agent` typed there is the same agent.
    agent_shell(&env, &["--as", "agent", "show"], &[]).ok();
}

#[test]
fn the_person_is_refused_in_an_agents_shell() {
    let env = TestEnv::new();
    env.given(&[&["append", "Build", "parser"]]);
    let before = env.plan_text();
    for (args, extra, how) in [
        (
            &["--as", "person", "done", "parser"][..],
            &[][..],
            "`--as person`",
        ),
        (
            &["--as=person", "done", "parser"][..],
            &[][..],
            "`--as person`",
        ),
        (
            &["done", "parser"][..],
            &[("TODO_ACTOR", "person")][..],
            "TODO_ACTOR=person",
        ),
    ] {
        let out = agent_shell(&env, args, extra);
        out.code(7);
        assert!(out.stdout.is_empty(), "{out:?}");
        assert!(
            out.stderr.starts_with(&format!("Refused (op-not-allowed): {how} is refused here: this is an agent's shell (TODO_AGENT=claude)")),
            "{out:?}"
        );
        assert!(
            out.stderr
                .contains("in their own terminal, where TODO_AGENT is not set"),
            "{out:?}"
        );
        assert_eq!(env.plan_text(), before, "nothing written");
    }
    // --json gives the code an agent acts on.
    let out = agent_shell(&env, &["--json", "--as", "person", "done", "parser"], &[]);
    out.code(7);
    assert_eq!(out.json()["error"]["code"], "op-not-allowed", "{out:?}");
    // Reading as the person is refused too: the flag itself is the person's.
    agent_shell(&env, &["--as", "person", "show"], &[]).code(7);
    // Outside the agent's shell the person is the person (and an empty
    // TODO_AGENT is unset).
    env.run(&["--as", "person", "show"]).ok();
    env.run_with(&["--as", "person", "done", "parser"], |c| {
        c.env("TODO_AGENT", "");
    })
    .ok();
    assert_eq!(by(&env, "Parser"), "person");
}

#[test]
fn an_agents_shell_cannot_trust_checks_or_unlock() {
    let env = TestEnv::new();
    env.given(&[&["append", "--checks", "agent", "Build", "bench"]]);
    agent_shell(&env, &["unlock", "bench"], &[]).code(7);
    let out = agent_shell(&env, &["trust"], &[]);
    assert_ne!(out.code, 0, "{out:?}");
}

#[test]
fn a_hook_in_an_agents_shell_still_answers() {
    let env = TestEnv::new();
    env.given(&[&["append", "Build", "parser"]]);
    let out = env.run_stdin(
        &["hook", "stop"],
        br#"{"session_id":"s","hook_event_name":"Stop"}"#,
        |cmd| {
            cmd.env("TODO_AGENT", "claude").env("TODO_ACTOR", "person");
        },
    );
    out.ok();
    assert!(out.stdout.contains("\"decision\":\"block\""), "{out:?}");
}
