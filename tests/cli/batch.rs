//! `todo batch`: all lines or none, one rev.

use crate::common::{Run, TestEnv};

fn batch(env: &TestEnv, input: &str) -> Run {
    env.run_stdin(&["batch"], input.as_bytes(), |_| {})
}

#[test]
fn a_good_batch_is_one_change() {
    let env = TestEnv::new();
    env.web_app();
    let rev = env.rev();
    batch(
        &env,
        "# plan for today\n\ntodo done oauth\n/todo start keys\n  append billing refunds\nappend -p Docs Fix issue #42\nblock rate --reason 'legal #7'\n",
    )
    .is(
        0,
        "Marked completed: Wire OAuth providers\nStarted: Rotate keys\nAppended to Billing: Refunds\nAppended to Docs: Fix issue #42\nCreated phase \"Docs\".\nMarked blocked: Add login rate limiting (legal #7)\n",
        "",
    );
    assert_eq!(env.rev(), rev + 1);
    env.run(&["undo"]).ok();
    assert_eq!(
        env.statuses().len(),
        5,
        "one undo takes the whole batch back"
    );
}

#[test]
fn a_failing_third_line_changes_nothing_and_exits_with_its_status() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    batch(
        &env,
        "done oauth\nappend billing refunds\ndone kubernetes\nappend never\n",
    )
    .is(3, "", "Line 3: No task or phase matched \"kubernetes\".\n");
    assert_eq!(env.plan_text(), before);
    batch(&env, "append x\nappend x\n").is(7, "", "Line 2: Task \"X\" already exists\n");
    batch(&env, "done\nfrobnicate\n").is(2, "", "Line 2: unrecognized subcommand 'frobnicate'\n");
    batch(&env, "done\ncheck\n").is(
        2,
        "",
        "Line 2: not a verb a batch can run (allowed: append, start, done, drop, rm, block, unblock, reopen, unlock, rename, mv, note, prune)\n",
    );
    batch(&env, "append 'unclosed\n").is(
        2,
        "",
        "Line 1: cannot split the line: missing closing quote\n",
    );
    assert_eq!(env.plan_text(), before);
}

#[test]
fn a_hash_inside_a_line_is_text() {
    let env = TestEnv::new();
    batch(&env, "append Fix issue #42\n#append ignored\n").ok();
    env.run(&["show"]).is(0, "# Fix\n- [/] Issue #42\n", "");
}

#[test]
fn an_empty_batch_changes_nothing() {
    let env = TestEnv::new();
    batch(&env, "\n# nothing\n").is(0, "Nothing to do.\n", "");
    assert!(!env.plan_path().exists());
}
