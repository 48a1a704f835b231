//! What a newcomer meets in the first hour: confirmations that say what
//! happened besides, no dead ends, real plurals, colour and ids together.

use crate::common::TestEnv;

#[test]
fn every_phase_creation_says_so() {
    let env = TestEnv::new();
    env.run(&["append", "docs", "write the guide"]).is(
        0,
        "Appended to Docs: Write the guide\nCreated phase \"Docs\".\n",
        "",
    );
    // The first phase of an empty plan, from one argument, is no surprise.
    let fresh = TestEnv::new();
    fresh
        .run(&["append", "first thing"])
        .is(0, "Appended to Todos: First thing\n", "");
    env.run(&["append", "auth", "wire it"]).is(
        0,
        "Appended to Auth: Wire it\nCreated phase \"Auth\".\n",
        "",
    );
    env.run(&["append", "Auth Work", "fix it"]).is(
        0,
        "Appended to Auth Work: Fix it\nCreated phase \"Auth Work\".\n",
        "",
    );
    // Into a phase that is there: the seed's one line.
    env.run(&["append", "auth", "more"])
        .is(0, "Appended to Auth: More\n", "");
    env.run(&["append", "last one"])
        .is(0, "Appended to Auth Work: Last one\n", "");
    let v = env.run(&["--json", "append", "-p", "New", "x"]).json();
    assert_eq!(v["phases"][0]["name"], "New");
    assert_eq!(v["message"], "Appended to New: X\nCreated phase \"New\".");
}

#[test]
fn start_says_what_it_did_to_other_tasks() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "compile"],
        &["append", "build", "link"],
        &["append", "ship", "tag"],
        &["append", "ship", "upload"],
        &["block", "tag", "--reason", "waiting on CI"],
        &["done", "upload"],
    ]);
    // Compile is in progress (the first task appended).
    env.run(&["start", "tag"]).is(
        0,
        "Started: Tag\nIt was blocked (waiting on CI); the blocker is cleared.\nCompile (in Build) is back to pending.\n",
        "",
    );
    env.run(&["start", "upload"]).is(
        0,
        "Started: Upload\nIt was completed; it is open again.\nTag is back to pending.\n",
        "",
    );
    // Nothing else touched: the seed's one line.
    env.run(&["start", "upload"]).is(0, "Started: Upload\n", "");
}

#[test]
fn next_with_nothing_to_do_says_why_on_stderr() {
    let env = TestEnv::new();
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: the plan has no tasks. `todo append <task>` adds one.\n",
    );
    env.given(&[
        &["append", "a"],
        &["append", "b"],
        &["block", "a"],
        &["block", "b"],
    ]);
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: all 2 open tasks are blocked. `todo unblock <task>` when one can go on.\n",
    );
    env.given(&[&["done", "a"]]);
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: the one open task is blocked. `todo unblock <task>` when it can go on.\n",
    );
    env.given(&[&["done", "b"]]);
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: all 2 tasks are finished. `todo append <task>` adds one.\n",
    );
    let v = env.run(&["--json", "next"]).code(1).json();
    assert_eq!(v["ok"], false);
    assert!(v.get("error").is_none(), "{v}");
}

#[test]
fn check_speaks_to_a_person_and_ci_and_the_agent_keeps_its_reminder() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "compile"],
        &["append", "build", "link"],
    ]);
    env.run(&["check"]).is(
        1,
        "Not done: 2 tasks pending or in progress:\n- Build\n  - Compile\n  - Link\n",
        "",
    );
    env.run(&["--as", "agent", "check"]).is(
        1,
        "You stopped with 2 incomplete todo item(s):\n- Build\n  - Compile\n  - Link\n",
        "",
    );
    env.run_with(&["check"], |c| {
        c.env("TODO_ACTOR", "agent");
    })
    .code(1);
    // `ok` follows the exit status, the verdict stays in `complete`.
    let v = env.run(&["--json", "check"]).code(1).json();
    assert_eq!(
        (v["ok"].clone(), v["complete"].clone()),
        (false.into(), false.into())
    );
    assert!(v.get("error").is_none(), "{v}");
    env.given(&[&["done", "--yes"]]);
    let v = env.run(&["--json", "check"]).ok().json();
    assert_eq!(
        (v["ok"].clone(), v["complete"].clone()),
        (true.into(), true.into())
    );
}

#[test]
fn objectives_and_findings_can_be_removed_and_undone_but_not_by_the_agent() {
    let env = TestEnv::new();
    env.given(&[
        &["objective", "add", "ship the beta"],
        &["finding", "the api is slow"],
    ]);
    let n = env.names();
    let (o, f) = (n.id("o1"), n.id("f1"));
    // The agent may not remove what the person wrote.
    let run = env.run(&["--as", "agent", "rm", &f]);
    run.code(7);
    assert!(run.stderr.contains("an agent may not remove it"), "{run:?}");
    env.run(&["--as", "agent", "objective", "rm", "beta"])
        .code(7);
    // The person may; undo brings them back.
    env.run(&["rm", &f])
        .named(&n)
        .is(0, "Removed finding f1: the api is slow\n", "");
    env.run(&["objective", "rm", "beta"]).named(&n).is(
        0,
        "Removed objective o1: ship the beta\n",
        "",
    );
    assert!(
        env.show_json()["plan"]["objectives"]
            .as_array()
            .is_none_or(|a| a.is_empty())
    );
    env.run(&["undo"]).ok();
    env.run(&["undo"]).ok();
    let plan = env.show_json()["plan"].clone();
    assert_eq!(plan["objectives"][0]["id"], o.as_str());
    assert_eq!(plan["findings"][0]["id"], f.as_str());
    // The agent removes its own.
    env.run(&["--as", "agent", "finding", "agent note"]).ok();
    let mine = env.aim_id("findings", "agent note");
    env.run(&["--as", "agent", "rm", &mine]).ok();
    // An id shaped like one that is not there gets a hint.
    env.run(&["rm", "f1"]).is(
        3,
        "",
        "No task or phase matched \"f1\". No objective or finding has that id either; `todo show --ids` lists them.\n",
    );
}

#[test]
fn counts_are_real_plurals_and_only_task_text_gets_a_capital() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"], &["done", "a"]]);
    env.run(&["prune"])
        .is(0, "Pruned 1 finished task and 0 empty phases.\n", "");
    env.given(&[&["done", "b"]]);
    env.run(&["prune"])
        .is(0, "Pruned 1 finished task and 1 empty phase.\n", "");
    env.given(&[&["append", "x"]]);
    env.run(&["rename", "x", "--", "lower case"]).is(
        0,
        "Renamed task \"X\" to \"Lower case\".\n",
        "",
    );
    env.run(&["objective", "add", "make it fast"]).ok();
    env.run(&["finding", "it is slow"]).ok();
    let plan = env.show_json()["plan"].clone();
    assert_eq!(plan["objectives"][0]["text"], "make it fast");
    assert_eq!(plan["findings"][0]["text"], "it is slow");
}

#[test]
fn ids_keep_the_colour_at_a_terminal() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "done one"],
        &["append", "build", "open one"],
        &["done", "done one"],
    ]);
    let n = env.names();
    let (code, shown) = env.tty(&["--ids"]);
    assert_eq!(code, 0, "{shown}");
    let shown = n.of(&shown);
    // The column plain, the heading bold, each marker in its colour.
    assert!(shown.contains("p1  \u{1b}[1m# Build\u{1b}[0m"), "{shown:?}");
    assert!(shown.contains("t1  - \u{1b}[1m\u{1b}[32m[x]"), "{shown:?}");
    assert!(shown.contains("t2  - \u{1b}[1m\u{1b}[33m[/]"), "{shown:?}");
    // Piped: no colour, the same lines.
    let piped = env.run(&["--ids"]);
    assert!(!piped.stdout.contains('\u{1b}'));
}

#[test]
fn copy_under_tmux_or_screen_is_passed_through_and_not_claimed() {
    let env = TestEnv::new();
    env.given(&[&["append", "hi"]]);
    for (var, value, mux, start) in [
        (
            "TMUX",
            "/tmp/tmux-0/default,1,0",
            "tmux",
            "\u{1b}Ptmux;\u{1b}\u{1b}]52;c;",
        ),
        ("STY", "123.pts-0.host", "screen", "\u{1b}P\u{1b}]52;c;"),
    ] {
        let (code, seen) = env
            .terminal(&["copy"], |c| {
                c.env(var, value).env("PATH", "/nonexistent");
            })
            .finish();
        assert_eq!(code, 0, "{seen}");
        assert!(seen.contains(start), "{mux}: {seen:?}");
        assert!(
            seen.contains(&format!(
                "Sent todos as Markdown to the clipboard through {mux} (OSC 52); todo cannot confirm it arrived.\nHint: If it did not arrive"
            )),
            "{seen:?}"
        );
        assert!(!seen.contains("Copied todos"), "{seen:?}");
    }
    // Without a multiplexer: the plain escape and the seed's message.
    let (code, seen) = env
        .terminal(&["copy"], |c| {
            c.env("PATH", "/nonexistent");
        })
        .finish();
    assert_eq!(code, 0, "{seen}");
    assert!(seen.starts_with("\u{1b}]52;c;"), "{seen:?}");
    assert!(
        seen.ends_with("Copied todos as Markdown to clipboard.\n"),
        "{seen:?}"
    );
}

/// Help in a real pseudo-terminal of `cols` columns: its widest line.
fn help_width(cols: u16) -> usize {
    let env = TestEnv::new();
    let cmd = env.command();
    let bin = crate::common::bin();
    let script = format!(
        "stty cols {cols} rows 40; exec '{}' help objective",
        bin.display()
    );
    let mut sh = std::process::Command::new("sh");
    sh.args(["-c", &script])
        .current_dir(&env.root)
        .env_clear()
        .envs(cmd.get_envs().filter_map(|(k, v)| Some((k, v?))))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let mut session = rexpect::session::spawn_command(sh, Some(10_000))
        .unwrap_or_else(|e| panic!("cannot start a pseudo-terminal: {e}"));
    let shown = session
        .exp_eof()
        .unwrap_or_else(|e| panic!("help never ended: {e}"));
    // rexpect hands over each byte as a char: make the text UTF-8 again.
    let bytes: Vec<u8> = shown.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes)
        .replace("\r\n", "\n")
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn help_uses_the_terminals_width() {
    // An 80-column terminal gets lines up to 80 columns, not 60.
    let at_80 = help_width(80);
    assert!(
        (71..=80).contains(&at_80),
        "widest line at 80 columns: {at_80}"
    );
    // A narrow one is not overrun.
    let at_50 = help_width(50);
    assert!(
        (41..=50).contains(&at_50),
        "widest line at 50 columns: {at_50}"
    );
    // A wide one gets it all.
    let at_140 = help_width(140);
    assert!(
        (121..=140).contains(&at_140),
        "widest line at 140 columns: {at_140}"
    );
}

#[test]
fn the_task_the_rule_starts_next_is_named() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "auth", "wire oauth"],
        &["append", "auth", "rotate keys"],
        &["append", "billing", "wire stripe"],
    ]);
    env.run(&["done", "oauth"]).is(
        0,
        "Marked completed: Wire oauth\nNow in progress: Rotate keys\n",
        "",
    );
    // Into another phase: named with it.
    env.run(&["block", "keys"]).is(
        0,
        "Marked blocked: Rotate keys\nNow in progress: Wire stripe (in Billing)\n",
        "",
    );
    // Nothing left to start: nothing said.
    env.run(&["rm", "stripe"])
        .is(0, "Removed: Wire stripe\n", "");
    // A change that leaves the task in progress alone says nothing more.
    env.given(&[&["append", "billing", "a"], &["append", "billing", "b"]]);
    env.run(&["drop", "b"]).is(0, "Marked abandoned: B\n", "");
}
