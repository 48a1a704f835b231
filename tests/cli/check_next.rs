use crate::common::TestEnv;

#[test]
fn check_lists_open_work_per_phase_and_exits_1() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[&["done", "oauth"], &["block", "keys"], &["drop", "invoice"]]);
    env.run(&["check"]).is(
        1,
        "Not done: 2 tasks pending or in progress:\n\
         - Auth\n  - Add login rate limiting\n\
         - Billing\n  - Wire Stripe webhooks\n",
        "",
    );
}

#[test]
fn check_passes_when_only_blocked_or_finished_work_is_left() {
    let env = TestEnv::new();
    env.run(&["check"]).is(0, "No incomplete todos.\n", "");
    env.web_app();
    env.given(&[&["done"], &["append", "later"], &["block", "later"]]);
    env.run(&["check"]).is(0, "No incomplete todos.\n", "");
    env.run(&["check", "-q"]).is(0, "", "");
}

#[test]
fn check_on_a_broken_plan_fails_loudly() {
    let env = TestEnv::new();
    env.write_plan("{ not json");
    let run = env.run(&["check"]);
    run.code(5);
}

#[test]
fn next_prints_the_task_in_progress_else_the_first_pending() {
    let env = TestEnv::new();
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: the plan has no tasks. `todo append <task>` adds one.\n",
    );
    env.web_app();
    env.run(&["next"]).is(0, "Wire OAuth providers\n", "");
    env.given(&[&["start", "invoice"]]);
    env.run(&["next"]).is(0, "Invoice export\n", "");
    env.given(&[&["done", "auth"], &["done", "billing"]]);
    env.run(&["next"]).is(
        1,
        "",
        "Nothing to do: all 5 tasks are finished. `todo append <task>` adds one.\n",
    );
}
