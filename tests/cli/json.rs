//! `--json`: one object on stdout, same exit status as without it.

use std::collections::BTreeSet;

use clap::CommandFactory;
use serde_json::{Value, json};

use crate::common::{Run, TestEnv};

/// One run of a verb with `--json`, on the plan of `TestEnv::web_app`
/// (rev 5: Auth with t1 "Wire OAuth providers" in progress, t2 "Rotate
/// keys", t3; Billing with t4, t5 — ids that messages show are compared
/// under these names, see `TestEnv::names`).
struct Case {
    verb: &'static str,
    args: &'static [&'static str],
    /// Shell commands run in the project first (`$TODO` is the binary).
    setup: &'static str,
    env: &'static [(&'static str, &'static str)],
    stdin: &'static str,
    exit: i32,
    /// `None`: success; else the `error.code`.
    error: Option<&'static str>,
    /// The exact message; `{root}` is the project directory, and
    /// `file:PATH` the committed file PATH without its final newline.
    message: &'static str,
    /// The rev reported (`None`: null, for a failure before the plan is read).
    rev: Option<u64>,
}

const OK: Case = Case {
    verb: "",
    args: &[],
    setup: "",
    env: &[],
    stdin: "",
    exit: 0,
    error: None,
    message: "",
    rev: Some(5),
};

const NO_TASK: &str = "No task matched \"zzz\". Use todo to list current tasks.";
const NO_TARGET: &str = "No task or phase matched \"zzz\".";
const BROKEN: &str = "Plan file {root}/.todo.json:1:1 is broken: EOF while parsing an object\nNothing was changed. Fix the file (or restore it, e.g. with git), then retry.";
const CHECKLIST: &str = "# Auth\n- [/] Wire OAuth providers\n- [ ] Rotate keys\n- [ ] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export";

fn cases() -> Vec<Case> {
    let broken = |verb| Case {
        verb,
        args: &[],
        setup: "printf '{' > .todo.json",
        exit: 5,
        error: Some("broken_plan"),
        message: BROKEN,
        rev: None,
        ..OK
    };
    let no_match = |verb, message| Case {
        verb,
        args: &["zzz"],
        exit: 3,
        error: Some("no_match"),
        message,
        ..OK
    };
    vec![
        Case {
            verb: "show",
            message: CHECKLIST,
            ..OK
        },
        broken("show"),
        Case {
            verb: "append",
            args: &["billing", "refund flow"],
            message: "Appended to Billing: Refund flow",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "append",
            args: &["auth", "rotate keys"],
            exit: 7,
            error: Some("refused"),
            message: "Task \"Rotate keys\" already exists",
            ..OK
        },
        Case {
            verb: "start",
            args: &["keys"],
            message: "Started: Rotate keys\nWire OAuth providers is back to pending.",
            rev: Some(6),
            ..OK
        },
        no_match("start", NO_TASK),
        Case {
            verb: "done",
            args: &["keys"],
            message: "Marked completed: Rotate keys",
            rev: Some(6),
            ..OK
        },
        no_match("done", NO_TARGET),
        Case {
            verb: "drop",
            args: &["keys"],
            message: "Marked abandoned: Rotate keys",
            rev: Some(6),
            ..OK
        },
        no_match("drop", NO_TARGET),
        Case {
            verb: "rm",
            args: &["keys"],
            message: "Removed: Rotate keys",
            rev: Some(6),
            ..OK
        },
        no_match("rm", NO_TARGET),
        Case {
            verb: "block",
            args: &["keys", "-r", "vendor"],
            message: "Marked blocked: Rotate keys (vendor)",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "block",
            args: &["keys"],
            setup: "$TODO done -q keys",
            exit: 7,
            error: Some("refused"),
            message: "Cannot block \"Rotate keys\": it is completed.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "unblock",
            args: &["keys"],
            setup: "$TODO block -q keys",
            message: "Unblocked: Rotate keys",
            rev: Some(7),
            ..OK
        },
        no_match("unblock", NO_TARGET),
        Case {
            verb: "apply",
            stdin: "{\"op\":\"done\",\"task\":\"keys\"}",
            message: "# Auth\n- [/] Wire OAuth providers\n- [x] Rotate keys <!-- todo: by=agent at=2026-01-02T03:04:05Z -->\n- [ ] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "apply",
            stdin: "{\"op\":\"done\",\"task\":\"t99\"}",
            exit: 3,
            error: Some("plan-missing-item"),
            message: "Refused (plan-missing-item): \"t99\" names no task or phase. Known ids: p1, p2, t1, t2, t3, t4, t5.\n\nThe plan is unchanged:\n# Auth\n- [/] Wire OAuth providers\n- [ ] Rotate keys\n- [ ] Add login rate limiting\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export",
            rev: Some(5),
            ..OK
        },
        Case {
            verb: "reopen",
            args: &["keys"],
            setup: "$TODO done -q keys",
            message: "Reopened: Rotate keys",
            rev: Some(7),
            ..OK
        },
        no_match("reopen", NO_TASK),
        Case {
            verb: "unlock",
            args: &["--all"],
            setup: "$TODO append -q --checks agent Billing refunds",
            message: "Unlocked 1 task: anyone may set it now.",
            rev: Some(7),
            ..OK
        },
        Case {
            verb: "unlock",
            args: &["--all"],
            env: &[("TODO_ACTOR", "agent")],
            exit: 7,
            error: Some("op-not-allowed"),
            message: "Refused (op-not-allowed): only a person may unlock tasks; ask the person to run `todo unlock`.",
            rev: Some(5),
            ..OK
        },
        Case {
            verb: "verify",
            args: &["rotate keys", "cargo test keys"],
            message: "Rotate keys now has a check (`todo done` runs it first): cargo test keys",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "verify",
            args: &["rotate keys", ""],
            exit: 2,
            error: Some("usage"),
            message: "a check is a command on one line, not empty: todo verify <task> \"cargo test auth\"",
            rev: Some(5),
            ..OK
        },
        Case {
            verb: "trust",
            args: &["--yes"],
            setup: "$TODO verify -q keys 'echo ok'",
            message: "Checks of {root}/.todo.json (run by `sh -c` in {root}):\n  NEW      echo ok\nTrusted 1 check(s) on this machine; a changed command asks again.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "trust",
            setup: "$TODO verify -q keys 'echo ok'",
            exit: 7,
            error: Some("check-untrusted"),
            message: "Refused (check-untrusted): Checks of {root}/.todo.json (run by `sh -c` in {root}):\n  NEW      echo ok\n1 check(s) not trusted; nothing was allowed. Run `todo trust --yes` to allow them.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "check",
            exit: 1,
            message: "Not done: 5 tasks pending or in progress:\n- Auth\n  - Wire OAuth providers\n  - Rotate keys\n  - Add login rate limiting\n- Billing\n  - Wire Stripe webhooks\n  - Invoice export",
            ..OK
        },
        broken("check"),
        Case {
            verb: "next",
            message: "Wire OAuth providers",
            ..OK
        },
        broken("next"),
        Case {
            verb: "ready",
            message: "t1  Wire OAuth providers\nt2  Rotate keys\nt3  Add login rate limiting\nt4  Wire Stripe webhooks\nt5  Invoice export",
            ..OK
        },
        broken("ready"),
        Case {
            verb: "handoff",
            message: "Where the work stands in the plan {root}/.todo.json (rev 5): 5 open (1 in progress, 0 blocked), 0 done, 0 dropped.\nPhase being worked: Auth (p1)\n- t1 Wire OAuth providers (in progress)\nReady next (4):\n- t2 Rotate keys\n- t3 Add login rate limiting\n- t4 Wire Stripe webhooks\n- t5 Invoice export\nThe whole plan: `todo show`; open work: `todo check`.",
            ..OK
        },
        broken("handoff"),
        Case {
            verb: "needs",
            args: &["invoice", "stripe"],
            message: "t5 \"Invoice export\" now needs t4 \"Wire Stripe webhooks\".\nIt waits until t4 is completed.",
            rev: Some(6),
            ..OK
        },
        no_match("needs", NO_TASK),
        Case {
            verb: "claim",
            args: &["keys", "--owner", "ann"],
            message: "Claimed t2 \"Rotate keys\" for ann; it is in progress.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "claim",
            args: &["keys", "--owner", "bob"],
            setup: "$TODO claim keys --owner ann",
            exit: 7,
            error: Some("claimed"),
            message: "Refused (claimed): t2 \"Rotate keys\" is claimed by ann. Take another ready task (todo ready), or ask ann to release it.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "release",
            args: &["keys"],
            message: "t2 \"Rotate keys\" was not claimed.",
            ..OK
        },
        no_match("release", NO_TASK),
        Case {
            verb: "heartbeat",
            args: &["--owner", "ann"],
            message: "No leases of ann to renew in this clone.",
            ..OK
        },
        Case {
            verb: "heartbeat",
            args: &["--ttl", "soon"],
            exit: 2,
            error: Some("usage"),
            message: "--ttl \"soon\" is not a duration such as 90s, 15m or 2h.",
            rev: None,
            ..OK
        },
        Case {
            verb: "claims",
            exit: 2,
            error: Some("usage"),
            message: "No git remote keeps this plan's leases: name one with --remote NAME, or set it with git config todo.remote NAME.",
            rev: None,
            ..OK
        },
        Case {
            verb: "where",
            message: "{root}/.todo.json",
            ..OK
        },
        Case {
            verb: "hook",
            args: &["stop"],
            stdin: "{\"session_id\":\"s\"}",
            message: "{\"decision\":\"block\",\"reason\":\"You stopped with 5 incomplete todo item(s):\\n- Auth\\n  - Wire OAuth providers\\n  - Rotate keys\\n  - Add login rate limiting\\n- Billing\\n  - Wire Stripe webhooks\\n  - Invoice export\\n\\nPlease continue working on these tasks or mark them complete if finished.\\n(Reminder 1/3)\"}",
            ..OK
        },
        Case {
            verb: "hook",
            args: &["prompt"],
            stdin: "garbage",
            ..OK
        },
        Case {
            verb: "setup",
            args: &["claude", "--check"],
            exit: 1,
            message: "todo is not fully set up for Claude Code (run todo setup claude):\n- hooks: missing from {root}/.claude/settings.json (SessionStart, UserPromptSubmit, Stop, PostToolUse (TodoWrite), PostToolUse (TaskCreate|TaskUpdate), TaskCreated, TaskCompleted)\n- identity: missing from {root}/.claude/settings.json (env TODO_AGENT=claude)\n- mcp: missing from {root}/.mcp.json (mcpServers.todo: todo mcp)\n- skill: missing from {root}/.claude/skills/todo/SKILL.md",
            ..OK
        },
        Case {
            verb: "setup",
            args: &["claude"],
            setup: "mkdir .claude && printf '{' > .claude/settings.json",
            exit: 5,
            error: Some("invalid_input"),
            message: "Not changing {root}/.claude/settings.json: it is not valid JSON (line 1, column 1: EOF while parsing an object at line 1 column 1). Fix it by hand, then run todo setup again; nothing was written.",
            rev: None,
            ..OK
        },
        Case {
            verb: "copy",
            env: &[("TODO_CLIPBOARD", "cat")],
            message: "Copied todos as Markdown to clipboard.",
            ..OK
        },
        Case {
            verb: "copy",
            env: &[("TODO_CLIPBOARD", "false")],
            exit: 6,
            error: Some("environment"),
            message: "Clipboard command \"false\" failed: exit status: 1",
            ..OK
        },
        Case {
            verb: "export",
            args: &["out.md"],
            message: "Wrote todos to out.md",
            ..OK
        },
        Case {
            verb: "export",
            args: &["--into", "two.md"],
            setup: "printf '<!-- todo:begin -->\\n<!-- todo:end -->\\n<!-- todo:begin -->\\n<!-- todo:end -->\\n' > two.md",
            exit: 5,
            error: Some("invalid_input"),
            message: "Cannot update two.md: line 3: a second <!-- todo:begin --> region (only one is allowed); it was left as it was.",
            ..OK
        },
        Case {
            verb: "import",
            args: &["in.md"],
            setup: "printf '# A\\n- [ ] x\\n' > in.md",
            message: "Imported 1 phase(s), 1 task(s) from in.md.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "import",
            args: &["in.md"],
            setup: "printf '# A\\nprose\\n' > in.md",
            exit: 5,
            error: Some("invalid_input"),
            message: "Could not parse in.md:\n  Line 2: unrecognized syntax \"prose\"",
            rev: None,
            ..OK
        },
        Case {
            verb: "edit",
            env: &[("EDITOR", "true")],
            message: "Editor exited without saving; todos unchanged.",
            ..OK
        },
        Case {
            verb: "edit",
            exit: 6,
            error: Some("environment"),
            message: "No editor configured. Set $VISUAL or $EDITOR environment variable.",
            rev: None,
            ..OK
        },
        Case {
            verb: "rename",
            args: &["keys", "--to", "Rotate all keys"],
            message: "Renamed task \"Rotate keys\" to \"Rotate all keys\".",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "rename",
            args: &["zzz", "--to", "y"],
            exit: 3,
            error: Some("no_match"),
            message: NO_TARGET,
            ..OK
        },
        Case {
            verb: "mv",
            args: &["keys", "billing"],
            message: "Moved \"Rotate keys\" to Billing.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "mv",
            args: &["zzz", "billing"],
            exit: 3,
            error: Some("no_match"),
            message: NO_TASK,
            ..OK
        },
        Case {
            verb: "note",
            args: &["keys", "ask vendor"],
            message: "Added a note to Rotate keys: ask vendor",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "note",
            args: &["zzz", "x"],
            exit: 3,
            error: Some("no_match"),
            message: NO_TASK,
            ..OK
        },
        Case {
            verb: "objective",
            args: &["add", "Ship a plan people trust"],
            message: "Added objective o1: Ship a plan people trust",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "objective",
            args: &["done", "zzz"],
            exit: 3,
            error: Some("no_match"),
            message: "No objective matched \"zzz\". Known objectives: none.",
            ..OK
        },
        Case {
            verb: "finding",
            args: &["the sandbox resets nightly"],
            message: "Recorded finding f1: the sandbox resets nightly",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "finding",
            args: &[" "],
            exit: 2,
            error: Some("usage"),
            message: "The finding is empty.",
            ..OK
        },
        Case {
            verb: "prune",
            setup: "$TODO done -q keys",
            message: "Pruned 1 finished task and 0 empty phases.",
            rev: Some(7),
            ..OK
        },
        broken("prune"),
        Case {
            verb: "undo",
            setup: "$TODO done -q keys",
            message: "Undid: Marked completed: Rotate keys",
            rev: Some(7),
            ..OK
        },
        Case {
            verb: "undo",
            setup: "rm -r \"$TODO_HISTORY_DIR\"",
            exit: 7,
            error: Some("refused"),
            message: "Nothing to undo.",
            // rev is kept beside the history: with it gone, this working
            // copy counts afresh (the file, unknown there, is one change).
            rev: Some(1),
            ..OK
        },
        Case {
            verb: "batch",
            stdin: "done keys\nstart invoice\n",
            message: "Marked completed: Rotate keys\nStarted: Invoice export\nWire OAuth providers (in Auth) is back to pending.",
            rev: Some(6),
            ..OK
        },
        Case {
            verb: "batch",
            stdin: "done keys\ndone zzz\n",
            exit: 3,
            error: Some("no_match"),
            message: "Line 2: No task or phase matched \"zzz\".",
            ..OK
        },
        Case {
            verb: "__complete",
            args: &["open"],
            message: "Wire OAuth providers\nRotate keys\nAdd login rate limiting\nWire Stripe webhooks\nInvoice export",
            ..OK
        },
        Case {
            verb: "merge-file",
            args: &["base", "ours", "theirs"],
            setup: "cp .todo.json base; cp .todo.json ours; cp .todo.json theirs",
            message: "Merged the plan by id: clean.",
            // One more than the larger side's rev; version 2 files hold
            // none (they read as 0), so the merge's reply says 1.
            rev: Some(1),
            ..OK
        },
        Case {
            verb: "merge-file",
            args: &["base", "nothing", "theirs"],
            exit: 6,
            error: Some("io"),
            message: "Cannot read our version nothing: no such file or directory",
            rev: None,
            ..OK
        },
        Case {
            verb: "resolve",
            message: "No merge conflict in {root}/.todo.json; nothing to resolve.",
            rev: Some(5),
            ..OK
        },
        Case {
            verb: "resolve",
            setup: "printf '<<<<<<< ours\\n{}\\n' > .todo.json",
            exit: 5,
            error: Some("cannot_resolve"),
            message: "Cannot resolve the merge conflict in {root}/.todo.json; nothing was written. What needs a person:\n  the conflict markers: line 1: the conflict opened here never ends (no >>>>>>> line); git never writes them so",
            rev: None,
            ..OK
        },
        Case {
            verb: "show",
            setup: "printf '<<<<<<< ours\\n{}\\n=======\\n>>>>>>> theirs\\n' > .todo.json",
            exit: 5,
            error: Some("merge_conflict"),
            message: "Plan file {root}/.todo.json has a merge conflict (git's conflict markers from line 1); nothing was changed.",
            rev: None,
            ..OK
        },
        Case {
            verb: "git-setup",
            args: &["--check"],
            setup: "git init -q .",
            exit: 1,
            message: "",
            ..OK
        },
        Case {
            verb: "git-setup",
            args: &["--check"],
            exit: 6,
            error: Some("environment"),
            message: "git check-attr -z merge -- .todo.json failed: fatal: not a git repository (or any of the parent directories): .git",
            rev: None,
            ..OK
        },
        Case {
            verb: "completions",
            args: &["bash"],
            message: "file:completions/todo.bash",
            ..OK
        },
        Case {
            verb: "completions",
            args: &["tcsh"],
            exit: 2,
            error: Some("usage"),
            message: "error: invalid value 'tcsh' for '<SHELL>'\n  [possible values: bash, elvish, fish, powershell, zsh]\n\n  tip: a similar value exists: 'zsh'\n\nFor more information, try '--help'.",
            rev: None,
            ..OK
        },
        Case {
            verb: "man",
            args: &["done"],
            message: "file:man/todo-done.1",
            ..OK
        },
        Case {
            verb: "man",
            args: &["bogus"],
            exit: 2,
            error: Some("usage"),
            message: "No man page for \"bogus\". Verbs: show, append, start, done, drop, rm, block, unblock, check, next, ready, handoff, needs, claim, release, heartbeat, claims, where, copy, export, import, edit, rename, mv, note, prune, objective, finding, undo, reopen, verify, trust, unlock, apply, hook, setup, mcp, batch, merge-file, resolve, git-setup, completions, man.",
            rev: None,
            ..OK
        },
    ]
}

fn run_case(case: &Case) -> (TestEnv, Run, crate::common::Names) {
    let env = TestEnv::new();
    env.web_app();
    let names = env.names();
    if !case.setup.is_empty() {
        let out = std::process::Command::new("sh")
            .args(["-c", case.setup])
            .current_dir(&env.root)
            .env("TODO", crate::common::bin())
            .env("TODO_HISTORY_DIR", env.home.join("history"))
            .env("HOME", &env.home)
            .output()
            .expect("sh");
        assert!(out.status.success(), "setup of {}: {out:?}", case.verb);
    }
    let args: Vec<&str> = ["--json", case.verb]
        .into_iter()
        .chain(case.args.iter().copied())
        .collect();
    let run = env.run_stdin(&args, case.stdin.as_bytes(), |cmd| {
        for (k, v) in case.env {
            cmd.env(k, v);
        }
    });
    // Ids the case made, named by their place in the plan after it.
    let mut names = names;
    if let Some(after) = env.try_names() {
        for (name, id) in after.0 {
            if !names.0.iter().any(|(_, known)| *known == id) {
                names.0.push((name, id));
            }
        }
    }
    (env, run, names)
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn every_verb_answers_json_with_ok_verb_message_rev_and_error_code() {
    // `todo mcp`'s stdout is the protocol's alone, `--json` or not
    // (tests/cli/mcp.rs).
    let subcommands: BTreeSet<String> = todo::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "mcp")
        .collect();
    let cases = cases();
    let covered: BTreeSet<String> = cases.iter().map(|c| c.verb.to_string()).collect();
    assert_eq!(covered, subcommands, "every verb needs a --json case here");
    let failures: BTreeSet<&str> = cases
        .iter()
        .filter(|c| c.error.is_some())
        .map(|c| c.verb)
        .collect();
    // Verbs that cannot fail once the command line parses.
    // A hook never fails its agent (docs/contract.md, "Agent hooks, setup and restore").
    let never_fail = BTreeSet::from(["where", "__complete", "hook"]);
    for verb in &subcommands {
        assert!(
            failures.contains(verb.as_str()) || never_fail.contains(verb.as_str()),
            "{verb} needs a failing --json case"
        );
    }
    if std::process::Command::new("git")
        .arg("--version")
        .output()
        .is_err()
    {
        crate::common::missing_tool("git is not installed");
        return;
    }
    for case in &cases {
        let (env, run, names) = run_case(case);
        let what = format!("todo --json {} {:?}", case.verb, case.args);
        assert_eq!(run.code, case.exit, "{what}\n{run:?}");
        assert_eq!(run.stderr, "", "{what}: --json keeps stderr empty\n{run:?}");
        assert!(
            run.stdout.ends_with("}\n") && run.stdout.lines().count() == 1,
            "{what}: one object on one line\n{run:?}"
        );
        let v = run.json();
        let message = match case.message.strip_prefix("file:") {
            Some(path) => {
                let committed = std::fs::read_to_string(
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
                )
                .unwrap_or_default();
                committed
                    .strip_suffix('\n')
                    .unwrap_or(&committed)
                    .to_string()
            }
            None => case
                .message
                .replace("{root}", &env.root.display().to_string()),
        };
        let v = if v["message"].is_string() {
            let mut v = v;
            v["message"] = Value::from(names.of(v["message"].as_str().unwrap_or_default()));
            v
        } else {
            v
        };
        let git_setup_check = case.verb == "git-setup" && case.error.is_none();
        // `ok` follows the exit status (`check` with open work: false).
        assert_eq!(v["ok"], case.exit == 0, "{what}: {v}");
        assert_eq!(
            case.error.is_none(),
            v.get("error").is_none(),
            "{what}: {v}"
        );
        assert_eq!(v["verb"], case.verb, "{what}: {v}");
        if !git_setup_check {
            assert_eq!(v["message"], message.as_str(), "{what}: {v}");
        }
        assert!(
            v["message"].is_string() && !v["message"].as_str().unwrap_or_default().ends_with('\n'),
            "{what}: {v}"
        );
        assert_eq!(
            v["rev"],
            case.rev.map_or(Value::Null, Value::from),
            "{what}: {v}"
        );
        match case.error {
            Some(code) => {
                assert_eq!(v["error"]["code"], code, "{what}: {v}");
                assert_eq!(v["error"]["exit"], case.exit, "{what}: {v}");
            }
            None => {
                assert!(v.get("error").is_none(), "{what}: {v}");
                assert!(
                    v["tasks"].is_array() && v["phases"].is_array(),
                    "{what}: {v}"
                );
            }
        }
    }
}

#[test]
fn mutating_verbs_report_the_tasks_they_touched() {
    let env = TestEnv::new();
    let v = env
        .run(&["--json", "append", "auth", "wire oauth"])
        .ok()
        .json();
    assert_eq!(v["ok"], true);
    assert_eq!(v["verb"], "append");
    assert_eq!(
        v["message"],
        "Appended to Auth: Wire oauth\nCreated phase \"Auth\"."
    );
    assert_eq!(v["rev"], 1);
    assert_eq!(v["changed"], true);
    let (t1, p1) = (env.id("Wire oauth"), env.phase_id("Auth"));
    assert_eq!(
        v["tasks"],
        json!([{ "id": t1, "content": "Wire oauth", "status": "in_progress",
                 "phase": { "id": p1, "name": "Auth" } }])
    );
    assert_eq!(v["phases"][0]["id"], p1.as_str());

    env.given(&[&["append", "auth", "rotate keys"]]);
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["start", "keys", "--json"],
            "start",
            "Started: Rotate keys\nWire oauth is back to pending.",
        ),
        (
            &["block", "keys", "--json", "-r", "x"],
            "block",
            "Marked blocked: Rotate keys (x)\nNow in progress: Wire oauth",
        ),
        (
            &["unblock", "keys", "--json"],
            "unblock",
            "Unblocked: Rotate keys",
        ),
        (
            &["done", "keys", "--json"],
            "done",
            "Marked completed: Rotate keys",
        ),
        (
            &["drop", "keys", "--json"],
            "drop",
            "Marked abandoned: Rotate keys",
        ),
        (&["rm", "keys", "--json"], "rm", "Removed: Rotate keys"),
    ];
    for (args, verb, message) in cases {
        let v = env.run(args).ok().json();
        assert_eq!(
            (v["verb"].as_str(), v["message"].as_str()),
            (Some(*verb), Some(*message))
        );
        assert_eq!(v["tasks"][0]["content"], "Rotate keys", "{v}");
        assert_eq!(v["rev"], env.rev());
    }
}

#[test]
fn show_prints_the_plan_and_check_and_next_keep_their_exit_status() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let v = env.run(&["--json"]).ok().json();
    assert_eq!(v["plan"]["phases"][0]["tasks"][0]["content"], "A");
    // rev is the reply's, not the plan's: the file no longer holds it.
    assert_eq!(v["rev"], 1);
    assert!(v["plan"].get("rev").is_none(), "{v}");
    assert_eq!(v["message"], "# Todos\n- [/] A");

    let v = env.run(&["check", "--json"]).code(1).json();
    assert_eq!(v["complete"], false);
    assert_eq!(
        v["message"],
        "Not done: 1 task pending or in progress:\n- Todos\n  - A"
    );
    assert_eq!(v["tasks"][0]["id"], env.id("A").as_str());
    let v = env.run(&["next", "--json"]).ok().json();
    assert_eq!(v["tasks"][0]["content"], "A");
    env.given(&[&["done"]]);
    let v = env.run(&["next", "--json"]).code(1).json();
    assert_eq!(v["tasks"], json!([]));
    let v = env.run(&["where", "--json"]).ok().json();
    assert_eq!(v["exists"], true);
}

#[test]
fn failures_carry_a_stable_code_and_the_same_exit_status() {
    let env = TestEnv::new();
    env.given(&[&["append", "fix login"], &["append", "fix logout"]]);
    let v = env.run(&["--json", "done", "zzz"]).code(3).json();
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["code"], "no_match");
    assert_eq!(v["message"], "No task or phase matched \"zzz\".");
    assert_eq!(v["rev"], 2);

    let v = env.run(&["--json", "done", "fix"]).code(3).json();
    assert_eq!(v["error"]["code"], "ambiguous");
    let [t1, t2] = env.ids(["Fix login", "Fix logout"]);
    assert_eq!(
        v["error"]["candidates"],
        json!([
            { "kind": "task", "id": t1, "text": "Fix login", "phase": "Todos", "status": "in_progress" },
            { "kind": "task", "id": t2, "text": "Fix logout", "phase": "Todos", "status": "pending" }
        ])
    );
    let v = env.run(&["--json", "append", "fix login"]).code(7).json();
    assert_eq!(v["error"]["code"], "refused");
    let v = env
        .run(&["--json", "--if-rev", "9", "done", &t1])
        .code(4)
        .json();
    assert_eq!(v["error"]["code"], "conflict");
    let v = env.run(&["--json", "append", " "]).code(2).json();
    assert_eq!(v["error"]["code"], "usage");
    let v = env.run(&["--json", "frobnicate"]).code(2).json();
    assert_eq!(v["error"]["code"], "usage");
    assert_eq!(v["verb"], Value::Null, "no verb can be read: {v}");
    env.write_plan("{");
    let v = env.run(&["--json", "next"]).code(5).json();
    assert_eq!(v["error"]["code"], "broken_plan");
    assert_eq!(v["error"]["line"], 1);
}

#[test]
fn a_command_line_that_does_not_parse_still_names_its_verb() {
    let env = TestEnv::new();
    for (args, verb) in [
        (&["--json", "done", "--bogus"][..], json!("done")),
        (
            &["--file", "x.json", "--json", "block", "t1", "--reason"],
            json!("block"),
        ),
        (
            &["--color", "always", "--json", "list", "--nope"],
            json!("show"),
        ),
        (&["--json", "--bogus"], json!("show")),
        (&["--json", "--if-rev", "x", "append", "a"], json!("append")),
        (&["--json", "merge-file", "a"], json!("merge-file")),
        (&["--json", "frobnicate", "done"], Value::Null),
    ] {
        let v = env.run(args).code(2).json();
        assert_eq!(
            (&v["verb"], &v["error"]["code"]),
            (&verb, &json!("usage")),
            "{args:?}: {v}"
        );
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("error: ")),
            "{v}"
        );
    }
}

#[test]
fn json_escapes_c1_and_invisible_characters_and_stays_the_same_value() {
    let env = TestEnv::new();
    env.write_plan(
        r#"{"version":1,"rev":1,"nextPhaseId":2,"nextTaskId":2,"phases":[{"id":"p1","name":"A","tasks":[
  {"id":"t1","content":"x\u0085y\u009b2J\u202e\u2066\u200b\u007f\udb40\udc41","status":"pending"}]}]}"#,
    );
    let run = env.run(&["--json", "next"]);
    run.ok();
    assert!(
        run.stdout
            .contains(r#""message":"x\u0085y\u009b2J\u202e\u2066\u200b\u007f\udb40\udc41""#),
        "{run:?}"
    );
    assert!(run.stdout.is_ascii(), "{run:?}");
    assert_eq!(
        run.json()["tasks"][0]["content"],
        "x\u{85}y\u{9b}2J\u{202e}\u{2066}\u{200b}\u{7f}\u{e0041}"
    );
}
