use crate::common::TestEnv;

#[test]
fn an_empty_plan_says_how_to_start() {
    let env = TestEnv::new();
    for args in [&[][..], &["show"], &["list"]] {
        env.run(args)
            .is(0, "No todos. Use todo append <task> to start one.\n", "");
    }
    assert!(
        !env.plan_path().exists(),
        "reading must not create the plan"
    );
}

#[test]
fn show_prints_the_checklist_with_markers_and_comments() {
    let env = TestEnv::new();
    env.web_app();
    env.given(&[
        &["done", "oauth"],
        &["block", "keys", "--reason", "vendor sandbox"],
        &["drop", "invoice"],
    ]);
    let want = "# Auth\n\
                - [x] Wire OAuth providers\n\
                - [!] Rotate keys <!-- blocker: vendor sandbox -->\n\
                - [/] Add login rate limiting\n\
                \n\
                # Billing\n\
                - [ ] Wire Stripe webhooks\n\
                - [-] Invoice export <!-- dropped-by: person -->\n";
    env.run(&[]).is(0, want, "");
    env.run(&["show"]).is(0, want, "");
    env.run(&["list"]).is(0, want, "");
}

#[test]
fn ids_are_shown_in_a_left_column() {
    let env = TestEnv::new();
    env.web_app();
    // Ids written as their names in the order made; the column is as wide
    // as the widest id (six characters for minted ones) plus two.
    let n = env.names();
    let run = env.run(&["show", "--ids"]);
    assert!(
        run.stdout
            .lines()
            .all(|l| l.is_empty() || l.as_bytes()[6..8] == *b"  "),
        "{run:?}"
    );
    run.named(&n).is(
        0,
        "p1  # Auth\n\
         t1  - [/] Wire OAuth providers\n\
         t2  - [ ] Rotate keys\n\
         t3  - [ ] Add login rate limiting\n\
         \n\
         p2  # Billing\n\
         t4  - [ ] Wire Stripe webhooks\n\
         t5  - [ ] Invoice export\n",
        "",
    );
    env.run(&["--ids"]).ok();
}

#[test]
fn markdown_special_text_is_escaped_in_the_checklist() {
    let env = TestEnv::new();
    env.given(&[&["append", "-p", "C#", "--", "use <!-- x --> & more"]]);
    env.run(&[])
        .is(0, "# C\\#\n- [/] Use &lt;!-- x --&gt; &amp; more\n", "");
}
