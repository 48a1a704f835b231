//! Shell completion of task and phase names, typed in the real shells
//! (bash, zsh, fish) running in a pseudo-terminal: `todo done wi<TAB>`
//! must offer "Wire stripe webhooks" whatever the case typed.

use std::path::Path;
use std::process::Command;

use rexpect::session::PtySession;

use crate::common::{TestEnv, has};

/// An interactive `shell` in a pseudo-terminal, in the project, with
/// `todo` on its PATH and the committed completion script loaded.
pub(crate) fn shell(env: &TestEnv, argv: &[&str], load: &str) -> PtySession {
    let bin_dir = crate::common::bin().parent().unwrap().to_path_buf();
    let mut cmd = Command::new(argv[0]);
    cmd.args(&argv[1..])
        .current_dir(&env.root)
        .env_clear()
        .env(
            "PATH",
            format!(
                "{}:{}",
                bin_dir.display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .env("HOME", &env.home)
        .env("TODO_HISTORY_DIR", env.home.join("history"))
        .env("TERM", "xterm")
        .env("LC_ALL", "C.UTF-8")
        .env("PS1", "$ ");
    let mut session =
        rexpect::session::spawn_command(cmd, Some(10_000)).expect("start the shell in a pty");
    session.send_line(load).expect("type");
    session.send_line("echo LOADED").expect("type");
    session
        .exp_string("LOADED\r\n")
        .expect("the completion script loads");
    session
}

/// Type `line`, press TAB, then Enter once the shell shows the completed
/// name (its last word: shells redraw only what changed, so the line
/// itself is not on screen in one piece): the shell runs the completed
/// command, and `todo` says what it did.
pub(crate) fn completes(mut session: PtySession, line: &str, said: &str) {
    session.send(&format!("{line}\t")).expect("type");
    session.flush().expect("flush");
    let last = said.rsplit(' ').next().unwrap_or(said);
    if let Err(e) = session.exp_string(last) {
        panic!("`{line}<TAB>` never showed {last:?}: {e}");
    }
    session.send("\r").expect("enter");
    session.flush().expect("flush");
    if let Err(e) = session.exp_string(said) {
        panic!("`{line}<TAB>` then Enter never said {said:?}: {e}");
    }
    session.send_line("exit").expect("exit");
}

/// "wi" and "inv" alone are ambiguous queries (each starts a word of two
/// tasks), so `todo` acts only if the shell completed the whole name.
pub(crate) fn plan(env: &TestEnv) {
    env.given(&[
        &["append", "billing", "Wire stripe webhooks"],
        &["append", "billing", "invoice export"],
        &["append", "billing", "add wire transfer"],
        &["append", "billing", "send invoice reminders"],
    ]);
    env.run(&["done", "wi"]).code(3);
    env.run(&["start", "inv"]).code(3);
}

fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("completions")
        .join(name)
        .display()
        .to_string()
}

#[test]
#[cfg_attr(todo_tests_no_bash, ignore = "bash is not installed")]
fn bash_completes_task_names_ignoring_case() {
    if !has("bash") {
        crate::common::missing_tool("bash is not installed");
        return;
    }
    let env = TestEnv::new();
    plan(&env);
    // The pty starts with echo off, and readline then shows nothing typed.
    let load = format!("stty echo; source '{}'", script("todo.bash"));
    let sh = shell(&env, &["bash", "--norc", "--noprofile", "-i"], &load);
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
    let sh = shell(&env, &["bash", "--norc", "--noprofile", "-i"], &load);
    completes(sh, "todo start INV", "Started: Invoice export");
    // No name starts with "remind": a word of one does.
    let sh = shell(&env, &["bash", "--norc", "--noprofile", "-i"], &load);
    completes(
        sh,
        "todo drop remind",
        "Marked abandoned: Send invoice reminders",
    );
}

#[test]
#[cfg_attr(
    todo_tests_no_zsh,
    ignore = "zsh is not installed (.ci/run installs it)"
)]
fn zsh_completes_task_names_ignoring_case() {
    if !has("zsh") {
        crate::common::missing_tool("zsh is not installed (.ci/run installs it)");
        return;
    }
    let env = TestEnv::new();
    plan(&env);
    let load = format!(
        "autoload -U compinit; compinit -u; source '{}'",
        script("_todo")
    );
    let sh = shell(&env, &["zsh", "-f", "-i"], &load);
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
    let sh = shell(&env, &["zsh", "-f", "-i"], &load);
    completes(sh, "todo start INV", "Started: Invoice export");
    let sh = shell(&env, &["zsh", "-f", "-i"], &load);
    completes(
        sh,
        "todo drop remind",
        "Marked abandoned: Send invoice reminders",
    );
}

#[test]
#[cfg_attr(
    todo_tests_no_fish,
    ignore = "fish is not installed (.ci/run installs it)"
)]
fn fish_completes_task_names_ignoring_case() {
    if !has("fish") {
        crate::common::missing_tool("fish is not installed (.ci/run installs it)");
        return;
    }
    let env = TestEnv::new();
    plan(&env);
    let load = format!("source '{}'", script("todo.fish"));
    let sh = shell(&env, &["fish", "--no-config", "-i"], &load);
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
    let sh = shell(&env, &["fish", "--no-config", "-i"], &load);
    completes(sh, "todo start INV", "Started: Invoice export");
    let sh = shell(&env, &["fish", "--no-config", "-i"], &load);
    completes(
        sh,
        "todo drop remind",
        "Marked abandoned: Send invoice reminders",
    );
}

#[test]
fn text_that_could_drive_a_terminal_is_never_offered() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "Wire stripe webhooks"],
        &["append", "Wipe \u{1b}]0;pwned\u{7}\u{1b}[2J title"],
        &["append", "Wide \u{202e}txt.exe"],
    ]);
    let run = env.run(&["__complete", "tasks", "wi"]);
    run.is(0, "Wire stripe webhooks\n", "");
}
