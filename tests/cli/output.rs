//! Streams, colour, terminal safety and broken pipes.

use std::process::Command;

use serde_json::json;

use crate::common::TestEnv;

/// Run `todo` under a real pseudo-terminal with `script(1)`.
fn in_terminal(env: &TestEnv, args: &str, no_color: bool) -> Option<String> {
    if Command::new("script").arg("--version").output().is_err() {
        crate::common::missing_tool("script(1) is not installed");
        return None;
    }
    let line = format!("{} {args}", crate::common::bin().display());
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &line, "/dev/null"])
        .current_dir(&env.root)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.home)
        .env("TERM", "xterm");
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let out = cmd.output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
#[cfg_attr(
    todo_tests_no_script,
    ignore = "script(1) is not installed (util-linux)"
)]
fn colour_on_a_terminal_unless_no_color() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"], &["done", "a"]]);
    let Some(tty) = in_terminal(&env, "", false) else {
        return;
    };
    assert!(tty.contains("\u{1b}["), "colour on a terminal: {tty:?}");
    let plain = in_terminal(&env, "", true).unwrap_or_default();
    assert!(!plain.contains("\u{1b}["), "NO_COLOR: {plain:?}");
    let forced = in_terminal(&env, "--color never", false).unwrap_or_default();
    assert!(!forced.contains("\u{1b}["), "--color never: {forced:?}");
}

#[test]
fn colour_flag_wins_over_pipes_and_no_color() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let piped = env.run(&[]).ok().stdout.clone();
    assert!(!piped.contains('\u{1b}'));
    let forced = env.run_with(&["--color", "always"], |c| {
        c.env("NO_COLOR", "1");
    });
    assert!(forced.stdout.contains("\u{1b}["), "{forced:?}");
}

#[test]
#[cfg_attr(
    todo_tests_no_script,
    ignore = "script(1) is not installed (util-linux)"
)]
fn control_characters_never_reach_a_terminal_raw() {
    let env = TestEnv::new();
    env.given(&[&["append", "evil \u{1b}]0;pwned\u{7} title"]]);
    // Piped, it is data: kept as it is.
    let piped = env.run(&["next"]).ok().stdout.clone();
    assert_eq!(piped, "Evil \u{1b}]0;pwned\u{7} title\n");
    let Some(tty) = in_terminal(&env, "next", true) else {
        return;
    };
    assert!(tty.contains("Evil ^[]0;pwned^G title"), "{tty:?}");
    assert!(!tty.contains('\u{7}'));
    let shown = in_terminal(&env, "", false).unwrap_or_default();
    assert!(shown.contains("^[]0;pwned^G"), "{shown:?}");
    let forced = env.run(&["--color", "always"]).stdout.clone();
    assert!(forced.contains("^[]0;pwned^G"), "{forced:?}");
}

/// A plan too big for a pipe's buffer: 20,000 pending tasks.
fn big_plan(env: &TestEnv) {
    let plan = crate::common::big_plan([("Big", 20_000)], |_| json!({"status": "pending"}));
    env.write_plan(&plan.to_string());
}

/// Run a bash script in the project with `$TODO` set: (stdout, stderr).
fn bash(env: &TestEnv, script: &str) -> (String, String) {
    let out = Command::new("bash")
        .args(["-c", script])
        .current_dir(&env.root)
        .env("TODO", crate::common::bin())
        .env("HOME", &env.home)
        .env("TODO_HISTORY_DIR", env.home.join("history"))
        .output()
        .expect("bash");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_quietly_with_exit_0() {
    let env = TestEnv::new();
    big_plan(&env);
    let (out, err) = bash(&env, "\"$TODO\" | head -1; echo \"exit=${PIPESTATUS[0]}\"");
    assert_eq!((out.as_str(), err.as_str()), ("# Big\nexit=0\n", ""));
    let (out, err) = bash(
        &env,
        "set -o pipefail; \"$TODO\" export - | head -1; echo \"exit=$?\"",
    );
    assert_eq!((out.as_str(), err.as_str()), ("# Big\nexit=0\n", ""));
}

#[test]
fn a_closed_pipe_never_turns_a_failing_check_into_success() {
    let env = TestEnv::new();
    big_plan(&env);
    let (out, err) = bash(
        &env,
        "\"$TODO\" check | head -1; echo \"exit=${PIPESTATUS[0]}\"",
    );
    assert_eq!(
        (out.as_str(), err.as_str()),
        (
            "Not done: 20000 tasks pending or in progress:\nexit=1\n",
            ""
        )
    );
    // The CI gate: `set -o pipefail` sees check's failure.
    let (out, _) = bash(
        &env,
        "set -o pipefail; if \"$TODO\" check | head -1 >/dev/null; then echo passed; else echo failed=$?; fi",
    );
    assert_eq!(out, "failed=1\n");
    let (out, _) = bash(
        &env,
        "\"$TODO\" check --json | head -c 1 >/dev/null; echo \"exit=${PIPESTATUS[0]}\"",
    );
    assert_eq!(out, "exit=1\n");
    // `next` with nothing to do, its JSON written to a reader already gone:
    // the reader closes the pipe, then opens the FIFO `gone`, which lets
    // the writer go on.
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["done", "a"]]);
    crate::common::mkfifo(&env.home.join("gone"));
    let after_the_reader = |command: &str| {
        format!(
            "{{ read -r _ < \"$HOME/gone\"; \"$TODO\" {command}; }} | {{ exec 0<&-; : > \"$HOME/gone\"; }}; echo \"exit=${{PIPESTATUS[0]}}\""
        )
    };
    let (out, err) = bash(&env, &after_the_reader("next --json"));
    assert_eq!((out.as_str(), err.as_str()), ("exit=1\n", ""));
    let (out, _) = bash(&env, &after_the_reader("check"));
    assert_eq!(out, "exit=0\n", "no open work: check passes, pipe or not");
}

#[test]
fn a_confirmation_on_a_terminal_is_one_plain_line() {
    let env = TestEnv::new();
    assert_eq!(
        env.tty(&["append", "wire oauth"]),
        (0, "Appended to Todos: Wire oauth\n".to_string())
    );
}
