//! `todo copy`: a real clipboard under Xvfb, the override, and the fallback.

use std::process::{Command, Stdio};

use crate::common::{HUNG, Running, TestEnv, has, wait_until};

#[test]
fn todo_clipboard_is_split_and_fed_the_checklist() {
    let env = TestEnv::new();
    env.web_app();
    let out = env.root.join("clip out.md");
    let cmd = format!("tee '{}'", out.display());
    env.run_with(&["copy"], |c| {
        c.env("TODO_CLIPBOARD", &cmd);
    })
    .is(0, "Copied todos as Markdown to clipboard.\n", "");
    let shown = env.run(&[]).stdout.clone();
    assert_eq!(std::fs::read_to_string(out).unwrap(), shown);
}

#[test]
fn a_failing_or_missing_tool_is_exit_6() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    env.run_with(&["copy"], |c| {
        c.env("TODO_CLIPBOARD", "false");
    })
    .is(
        6,
        "",
        "Clipboard command \"false\" failed: exit status: 1\n",
    );
    env.run_with(&["copy"], |c| {
        c.env("TODO_CLIPBOARD", "no-such-clipboard-tool --in");
    })
    .is(
        6,
        "",
        "Clipboard command \"no-such-clipboard-tool --in\" failed: cannot start it (command not found)\n",
    );
    // The reason in words, as for files; never std's "(os error 13)".
    let dir = env.home.join("a-directory");
    std::fs::create_dir(&dir).unwrap();
    let run = env.run_with(&["copy"], |c| {
        c.env("TODO_CLIPBOARD", &dir);
    });
    run.is(
        6,
        "",
        &format!(
            "Clipboard command \"{}\" failed: cannot start it (permission denied)\n",
            dir.display()
        ),
    );
}

#[test]
fn with_nothing_to_copy_with_it_prints_the_checklist() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    env.run_with(&["copy"], |c| {
        c.env("PATH", "/nonexistent").env("DISPLAY", ":0");
    })
    .is(
        0,
        "# Todos\n- [/] A\n",
        "Copy not available: no clipboard tool found (install wl-clipboard, xclip or xsel, or set TODO_CLIPBOARD). The checklist follows on stdout.\n",
    );
}

#[test]
fn an_empty_plan_has_nothing_to_copy() {
    let env = TestEnv::new();
    env.run(&["copy"]).is(0, "", "No todos to copy.\n");
}

#[test]
#[cfg_attr(
    todo_tests_no_x11,
    ignore = "needs Xvfb and xclip (.ci/run installs xvfb and xclip)"
)]
fn copy_reaches_a_real_x11_clipboard() {
    if !has("Xvfb") || !has("xclip") {
        crate::common::missing_tool("needs Xvfb and xclip (.ci/run installs xvfb and xclip)");
        return;
    }
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["block", "keys", "-r", "vendor & <!-- sandbox -->"]]);
    // The server picks a free display and names it once it accepts
    // clients.
    let server = Running::start(
        Command::new("Xvfb")
            .args(["-displayfd", "1", "-nolisten", "tcp"])
            .args(["-screen", "0", "640x480x24"])
            .stdin(Stdio::null()),
    );
    let display = format!(":{}", server.line(HUNG));
    env.run_with(&["copy"], |c| {
        c.env("DISPLAY", &display);
    })
    .is(0, "Copied todos as Markdown to clipboard.\n", "");
    // xclip's parent exits once it has read the text; the child it leaves
    // behind to serve the selection takes ownership a moment later, with
    // nothing to announce it. So paste until something is there.
    let paste = || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o"])
            .env("DISPLAY", &display)
            .output()
            .expect("xclip -o");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mut pasted = String::new();
    wait_until(HUNG, "xclip to hold the clipboard", || {
        pasted = paste();
        !pasted.is_empty()
    });
    let shown = env.run(&[]).stdout.clone();
    assert_eq!(pasted, shown);
    drop(server);
}
