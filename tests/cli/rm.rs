use crate::common::TestEnv;

#[test]
fn rm_a_task_a_phase_and_everything() {
    let env = TestEnv::new();
    env.web_app();
    let old = env.names();
    env.run(&["rm", "keys"]).is(0, "Removed: Rotate keys\n", "");
    env.run(&["rm", "billing"])
        .is(0, "Removed phase: Billing\n", "");
    env.run(&[]).is(
        0,
        "# Auth\n- [/] Wire OAuth providers\n- [ ] Add login rate limiting\n",
        "",
    );
    env.run(&["rm"]).is(0, "Cleared all todos.\n", "");
    env.run(&[])
        .is(0, "No todos. Use todo append <task> to start one.\n", "");
    let plan = env.plan();
    assert_eq!(plan["phases"], serde_json::json!([]));
    // Ids never go back: a new task and phase get none of the removed ids.
    env.run(&["append", "again"]).ok();
    let (task, phase) = (env.id("Again"), env.phase_id("Todos"));
    for (_, id) in &old.0 {
        assert!(*id != task && *id != phase, "{id} reused");
    }
}

#[test]
fn rm_with_no_match_changes_nothing() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.plan_text();
    env.run(&["rm", "t42"])
        .is(3, "", "No task or phase matched \"t42\".\n");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn rm_on_an_empty_plan_says_nothing_changed_and_writes_nothing() {
    let env = TestEnv::new();
    env.run(&["rm"]).is(0, "No todos; nothing changed.\n", "");
    assert!(!env.plan_path().exists());
    env.given(&[&["append", "a"], &["rm"]]);
    let before = env.plan_text();
    env.run(&["rm"]).is(0, "No todos; nothing changed.\n", "");
    assert_eq!(env.plan_text(), before);
    let run = env.run(&["rm", "--json"]);
    run.ok();
    assert_eq!(run.json()["message"], "No todos; nothing changed.");
    assert_eq!(env.plan_text(), before);
}
