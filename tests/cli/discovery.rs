//! Finding the plan file, naming it explicitly, and `--if-rev`.

use std::os::unix::fs::PermissionsExt;

use crate::common::TestEnv;

#[test]
fn a_subdirectory_uses_the_plan_at_the_project_root() {
    let env = TestEnv::new();
    env.given(&[&["append", "root task"]]);
    let deep = env.root.join("src/deep");
    std::fs::create_dir_all(&deep).unwrap();
    env.run_in(&deep, &["next"]).is(0, "Root task\n", "");
    env.run_in(&deep, &["where"])
        .is(0, &format!("{}\n", env.plan_path().display()), "");
}

#[test]
fn a_new_plan_is_created_at_the_git_root() {
    let env = TestEnv::new();
    let deep = env.root.join("a/b");
    std::fs::create_dir_all(&deep).unwrap();
    env.run_in(&deep, &["where"]).is(
        0,
        &format!("{}\n", env.plan_path().display()),
        "(no plan file there yet; the first change creates it)\n",
    );
    env.run_in(&deep, &["append", "x"]).ok();
    assert!(env.plan_path().is_file());
    assert!(!deep.join(".todo.json").exists());
}

#[test]
fn the_nearest_plan_wins_below_the_root() {
    let env = TestEnv::new();
    env.given(&[&["append", "root task"]]);
    let sub = env.root.join("sub");
    std::fs::create_dir_all(sub.join("inner")).unwrap();
    std::fs::write(
        sub.join(".todo.json"),
        "{\"version\":1,\"rev\":0,\"nextPhaseId\":2,\"nextTaskId\":2,\"phases\":[{\"id\":\"p1\",\"name\":\"Sub\",\"tasks\":[{\"id\":\"t1\",\"content\":\"Sub task\",\"status\":\"pending\"}]}]}",
    )
    .unwrap();
    env.run_in(&sub.join("inner"), &["next"])
        .is(0, "Sub task\n", "");
}

#[test]
fn a_plan_above_the_git_root_is_never_used() {
    let env = TestEnv::new();
    let above = env.root.parent().unwrap().join(".todo.json");
    let outer = "{\"version\":1,\"rev\":0,\"nextPhaseId\":2,\"nextTaskId\":2,\"phases\":[{\"id\":\"p1\",\"name\":\"Outer\",\"tasks\":[{\"id\":\"t1\",\"content\":\"Outer task\",\"status\":\"pending\"}]}]}";
    std::fs::write(&above, outer).unwrap();
    env.run(&[])
        .is(0, "No todos. Use todo append <task> to start one.\n", "");
    env.run(&["append", "inner"]).ok();
    assert_eq!(std::fs::read_to_string(&above).unwrap(), outer);
    assert!(env.plan_path().is_file());
}

#[test]
fn without_git_only_the_current_directory_counts() {
    let env = TestEnv::new();
    // A directory with no .git above it (the temp dir has none).
    let lone = env.home.join("lone/child");
    std::fs::create_dir_all(&lone).unwrap();
    std::fs::write(
        env.home.join("lone/.todo.json"),
        "{\"version\":1,\"rev\":0,\"nextPhaseId\":1,\"nextTaskId\":1,\"phases\":[]}",
    )
    .unwrap();
    env.run_in(&lone, &["append", "here"]).ok();
    assert!(lone.join(".todo.json").is_file());
}

#[test]
fn file_flag_and_todo_file_name_the_plan_and_the_flag_wins() {
    let env = TestEnv::new();
    std::fs::create_dir(env.root.join("plans")).unwrap();
    env.run(&["--file", "plans/a.json", "append", "in a"]).ok();
    env.run(&["where", "--file", "plans/a.json"])
        .is(0, "plans/a.json\n", "");
    env.run_with(&["append", "in b"], |c| {
        c.env("TODO_FILE", "plans/b.json");
    })
    .ok();
    env.run_with(&["next", "--file", "plans/a.json"], |c| {
        c.env("TODO_FILE", "plans/b.json");
    })
    .is(0, "In a\n", "");
    env.run_with(&["next"], |c| {
        c.env("TODO_FILE", "plans/b.json");
    })
    .is(0, "In b\n", "");
    assert!(!env.plan_path().exists());
    let run = env.run(&["--file", "missing/dir/x.json", "append", "x"]);
    run.code(6);
    assert!(
        run.stderr
            .starts_with("Cannot open the plan's directory missing/dir"),
        "{run:?}"
    );
}

#[test]
fn if_rev_accepts_the_current_rev_and_refuses_another() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    assert_eq!(env.rev(), 2);
    let before = env.plan_text();
    env.run(&["--if-rev", "1", "done", "a"]).is(
        4,
        "",
        "The plan is at rev 2, not 1 (--if-rev); nothing was changed.\nHint: Read it again and retry.\n",
    );
    assert_eq!(env.plan_text(), before);
    env.run(&["done", "a", "--if-rev", "2"])
        .is(0, "Marked completed: A\nNow in progress: B\n", "");
    assert_eq!(env.rev(), 3);
    // A missing plan is rev 0.
    let fresh = TestEnv::new();
    fresh.run(&["--if-rev", "0", "append", "x"]).ok();
}

#[test]
fn a_symlinked_plan_is_updated_at_its_target_and_the_link_stays() {
    let env = TestEnv::new();
    let real = env.root.join("shared/plan.json");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("shared/plan.json", env.plan_path()).unwrap();
    env.run(&["append", "through the link"]).ok();
    env.run(&["done", "link"]).ok();
    assert!(
        std::fs::symlink_metadata(env.plan_path())
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.contains("\"status\": \"completed\""), "{text}");
}

#[test]
fn permissions_are_kept_and_nothing_else_is_left_behind() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    std::fs::set_permissions(env.plan_path(), std::fs::Permissions::from_mode(0o600)).unwrap();
    env.given(&[&["append", "b"], &["done", "a"]]);
    let mode = std::fs::metadata(env.plan_path())
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let mut names: Vec<_> = std::fs::read_dir(&env.root)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".git", ".todo.json"]);
}

#[test]
fn a_stranded_temporary_file_is_removed_by_the_next_change() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let stranded = env.root.join(".todo.json.tmp.12345.678");
    std::fs::write(&stranded, "half a pl").unwrap();
    env.run(&["next"]).ok();
    assert!(stranded.exists(), "readers do not touch it");
    env.run(&["append", "b"]).ok();
    assert!(!stranded.exists());
}

#[test]
fn an_empty_todo_file_means_unset() {
    let env = TestEnv::new();
    let empty = |c: &mut std::process::Command| {
        c.env("TODO_FILE", "");
    };
    env.run_with(&["append", "here"], empty)
        .is(0, "Appended to Todos: Here\n", "");
    assert!(env.plan_path().is_file());
    env.run_with(&["where"], empty)
        .is(0, &format!("{}\n", env.plan_path().display()), "");
    env.run_with(&["next", "--file", "other.json"], empty).is(
        1,
        "",
        "Nothing to do: the plan has no tasks. `todo append <task>` adds one.\n",
    );
    env.run_with(&["--file", "other.json", "append", "there"], empty)
        .is(0, "Appended to Todos: There\n", "");
    assert!(env.root.join("other.json").is_file());
    // An empty --file typed on the command line is a usage error.
    env.run(&["--file", "", "next"]).code(2);
}

#[test]
fn where_refuses_a_plan_path_that_is_a_directory() {
    let env = TestEnv::new();
    std::fs::create_dir(env.root.join("plans")).unwrap();
    env.run_with(&["where"], |c| {
        c.env("TODO_FILE", "plans");
    })
    .is(6, "", "Cannot use plan file plans: it is a directory\n");
    env.run(&["where", "--file", "plans"]).is(
        6,
        "",
        "Cannot use plan file plans: it is a directory\n",
    );
}
