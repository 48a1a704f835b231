//! Files a cloned repository may plant: symbolic links out of the project,
//! links to directories, dangling links, loops, and FIFOs. `todo` must not
//! write through them, must not create their targets, and must never block
//! on them (SECURITY.md).

use std::os::unix::fs::{FileTypeExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{HUNG, Run, Running, TestEnv, run_within};

/// A plan whose task would run a command if it ever landed in a shell file.
fn hostile_plan(env: &TestEnv) {
    env.given(&[&["append", "run $(touch ~/pwned) now"]]);
}

/// Every file under `dir`, with its bytes (links as their target text).
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&path).unwrap();
                out.push((path, target.as_os_str().as_encoded_bytes().to_vec()));
            } else if meta.is_dir() {
                stack.push(path.clone());
                out.push((path, Vec::new()));
            } else if meta.is_file() {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path, bytes));
            } else {
                out.push((path, b"(special)".to_vec()));
            }
        }
    }
    out.sort();
    out
}

/// The home directory with a `.bashrc` a hostile link points at.
fn bashrc(env: &TestEnv) -> PathBuf {
    let rc = env.home.join(".bashrc");
    std::fs::write(&rc, "# my shell setup\nalias ll='ls -l'\n").unwrap();
    rc
}

#[track_caller]
fn refused(run: &Run, shown: &str, why: &str) {
    run.code(6);
    assert_eq!(run.stdout, "", "{run:?}");
    assert!(
        run.stderr
            .starts_with(&format!("Not writing {shown}: {why}")),
        "{run:?}"
    );
    assert!(run.stderr.contains("nothing was written"), "{run:?}");
}

#[test]
fn export_never_writes_through_a_default_todo_md_linked_out_of_the_project() {
    let env = TestEnv::new();
    hostile_plan(&env);
    let rc = bashrc(&env);
    let todo_md = env.root.join("TODO.md");
    let shown = todo_md.display().to_string();
    for target in [rc.clone(), PathBuf::from("../home/.bashrc")] {
        let _ = std::fs::remove_file(&todo_md);
        symlink(&target, &todo_md).unwrap();
        let home_before = snapshot(&env.home);
        let project_before = snapshot(&env.root);
        let run = env.run(&["export"]);
        refused(
            &run,
            &shown,
            "it is a symbolic link that leads outside the project",
        );
        let run = env.run(&["export", "--format", "gfm"]);
        refused(
            &run,
            &shown,
            "it is a symbolic link that leads outside the project",
        );
        // Nothing anywhere changed or appeared, byte for byte.
        assert_eq!(snapshot(&env.home), home_before);
        assert_eq!(snapshot(&env.root), project_before);
        assert!(!env.home.join("pwned").exists());
    }
    // --json says the same, with the environment code.
    let run = env.run(&["export", "--json"]);
    run.code(6);
    assert_eq!(run.json()["error"]["code"], "environment");
}

#[test]
fn export_refuses_a_default_link_to_a_directory_a_dangling_one_and_a_loop() {
    let env = TestEnv::new();
    hostile_plan(&env);
    let todo_md = env.root.join("TODO.md");
    let shown = todo_md.display().to_string();
    std::fs::create_dir(env.root.join("docs")).unwrap();
    std::fs::create_dir(env.home.join("dir")).unwrap();
    let cases: Vec<(PathBuf, &str)> = vec![
        (
            "docs".into(),
            "it is a symbolic link to a directory, not a file",
        ),
        (
            env.home.join("dir"),
            "it is a symbolic link to a directory, not a file",
        ),
        (
            "docs/missing.md".into(),
            "it is a symbolic link to a file that does not exist",
        ),
        (
            env.home.join("new.md"),
            "it is a symbolic link to a file that does not exist",
        ),
        ("TODO.md".into(), "it is a symbolic link loop"),
        ("loop-b".into(), "it is a symbolic link loop"),
    ];
    symlink("TODO.md", env.root.join("loop-b")).unwrap();
    for (target, why) in cases {
        let _ = std::fs::remove_file(&todo_md);
        symlink(&target, &todo_md).unwrap();
        let home_before = snapshot(&env.home);
        let project_before = snapshot(&env.root);
        refused(&env.run(&["export"]), &shown, why);
        assert_eq!(snapshot(&env.home), home_before, "{target:?}");
        assert_eq!(snapshot(&env.root), project_before, "{target:?}");
    }
    assert!(!env.home.join("new.md").exists());
    assert!(!env.root.join("docs/missing.md").exists());
    // A plain directory named TODO.md is refused too.
    std::fs::remove_file(&todo_md).unwrap();
    std::fs::create_dir(&todo_md).unwrap();
    refused(&env.run(&["export"]), &shown, "it is a directory");
}

#[test]
fn a_default_link_that_stays_inside_the_project_is_followed() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    std::fs::create_dir(env.root.join("docs")).unwrap();
    std::fs::write(env.root.join("docs/TODO.md"), "old\n").unwrap();
    symlink("docs/TODO.md", env.root.join("TODO.md")).unwrap();
    env.run(&["export"]).ok();
    assert_eq!(
        std::fs::read_to_string(env.root.join("docs/TODO.md")).unwrap(),
        "# Todos\n- [/] A\n"
    );
    assert!(
        std::fs::symlink_metadata(env.root.join("TODO.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_typed_path_is_followed_as_cp_would() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let out = env.home.join("out.md");
    std::fs::write(&out, "old\n").unwrap();
    symlink(&out, env.root.join("typed.md")).unwrap();
    env.run(&["export", "typed.md"])
        .is(0, "Wrote todos to typed.md\n", "");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "# Todos\n- [/] A\n");
    assert!(
        std::fs::symlink_metadata(env.root.join("typed.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // A path outside the project, typed, is written.
    let typed = env.home.join("plain.md").display().to_string();
    env.run(&["export", &typed]).ok();
    assert_eq!(
        std::fs::read_to_string(env.home.join("plain.md")).unwrap(),
        "# Todos\n- [/] A\n"
    );
    // Like cp: not through a dangling link, not into a directory, a loop fails.
    symlink(env.home.join("gone.md"), env.root.join("dangling.md")).unwrap();
    refused(
        &env.run(&["export", "dangling.md"]),
        "dangling.md",
        "it is a symbolic link to a file that does not exist",
    );
    assert!(!env.home.join("gone.md").exists());
    refused(&env.run(&["export", "."]), ".", "it is a directory");
    symlink("self.md", env.root.join("self.md")).unwrap();
    refused(
        &env.run(&["export", "self.md"]),
        "self.md",
        "it is a symbolic link loop",
    );
}

#[test]
fn into_follows_a_link_only_while_it_stays_in_the_project() {
    let env = TestEnv::new();
    hostile_plan(&env);
    let rc = bashrc(&env);
    symlink(&rc, env.root.join("body.md")).unwrap();
    let before = snapshot(&env.home);
    refused(
        &env.run(&["export", "--into", "body.md"]),
        "body.md",
        "it is a symbolic link that leads outside the project",
    );
    assert_eq!(snapshot(&env.home), before);
    // A directory on the way that leads out counts the same.
    symlink("../home", env.root.join("docs")).unwrap();
    refused(
        &env.run(&["export", "--into", "docs/README.md"]),
        "docs/README.md",
        "a directory on its way is a symbolic link that leads outside the project",
    );
    assert!(!env.home.join("README.md").exists());
    assert_eq!(snapshot(&env.home), before);
    // Typed directly, the file outside is the person's choice.
    let body = env.home.join("body.md");
    std::fs::write(&body, "Prose\n").unwrap();
    let typed = body.display().to_string();
    env.run(&["export", "--into", &typed])
        .is(0, &format!("Wrote todos to {typed}\n"), "");
    assert!(
        std::fs::read_to_string(&body)
            .unwrap()
            .starts_with("Prose\n\n<!-- todo:begin -->\n")
    );
    // A link inside the project is followed; the link stays.
    std::fs::write(env.root.join("real.md"), "Intro\n").unwrap();
    symlink("real.md", env.root.join("pr.md")).unwrap();
    env.run(&["export", "--into", "pr.md"]).ok();
    assert!(
        std::fs::read_to_string(env.root.join("real.md"))
            .unwrap()
            .starts_with("Intro\n\n<!-- todo:begin -->\n")
    );
    assert!(
        std::fs::symlink_metadata(env.root.join("pr.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn import_of_the_default_todo_md_does_not_follow_a_link_out_of_the_project() {
    let env = TestEnv::new();
    env.given(&[&["append", "keep me"]]);
    let before = env.plan_text();
    let outside = env.home.join("secret.md");
    std::fs::write(&outside, "# Stolen\n- [ ] secret\n").unwrap();
    symlink(&outside, env.root.join("TODO.md")).unwrap();
    let run = env.run(&["import"]);
    run.code(6);
    assert!(
        run.stderr.starts_with(&format!(
            "Failed to read todos: {}: it is a symbolic link that leads outside the project",
            env.root.join("TODO.md").display()
        )),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), before);
}

/// Run todo with a time limit: a hang fails the test instead of CI.
fn run_bounded(env: &TestEnv, args: &[&str]) -> Run {
    run_within(env.command().args(args), Duration::from_secs(10))
}

#[track_caller]
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status();
    match status {
        Ok(s) if s.success() => {}
        _ => panic!("mkfifo {} failed", path.display()),
    }
}

#[test]
fn a_fifo_as_the_plan_file_is_refused_without_blocking() {
    let env = TestEnv::new();
    mkfifo(&env.plan_path());
    let path = env.plan_path().display().to_string();
    let want = format!("Cannot read plan file {path}: it is a FIFO, not a regular file\n");
    for args in [
        &[][..],
        &["append", "x"],
        &["next"],
        &["check"],
        &["export", "-"],
        &["undo"],
    ] {
        run_bounded(&env, args).is(6, "", &want);
    }
    run_bounded(&env, &["where"]).is(
        6,
        "",
        &format!("Cannot use plan file {path}: it is a FIFO, not a regular file\n"),
    );
    assert!(
        std::fs::symlink_metadata(env.plan_path())
            .unwrap()
            .file_type()
            .is_fifo()
    );
    // Through a link, and named with --file, the same.
    let env = TestEnv::new();
    mkfifo(&env.root.join("pipe"));
    symlink("pipe", env.plan_path()).unwrap();
    run_bounded(&env, &["append", "x"]).code(6);
    run_bounded(&env, &["--file", "pipe", "append", "x"]).is(
        6,
        "",
        "Cannot read plan file pipe: it is a FIFO, not a regular file\n",
    );
}

#[test]
fn a_default_todo_md_that_is_a_fifo_is_refused_without_blocking() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    mkfifo(&env.root.join("TODO.md"));
    let shown = env.root.join("TODO.md").display().to_string();
    let run = run_bounded(&env, &["import"]);
    run.code(6);
    assert!(
        run.stderr.starts_with(&format!(
            "Failed to read todos: {shown}: it is a FIFO, not a regular file"
        )),
        "{run:?}"
    );
    let run = run_bounded(&env, &["export"]);
    refused(&run, &shown, "it is a FIFO, not a regular file");
}

/// The one history file of this test's plan (rev is kept beside it, in
/// a `.rev` file).
#[test]
fn a_history_file_that_is_a_link_is_never_followed() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let file = env.history_file();
    // A link to an existing file: nothing is appended to it.
    let victim = env.home.join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    std::fs::remove_file(&file).unwrap();
    symlink(&victim, &file).unwrap();
    let run = env.run(&["append", "b"]);
    run.ok();
    assert!(
        run.stderr
            .starts_with("Warning: could not record undo history in "),
        "{run:?}"
    );
    assert!(run.stderr.contains("is a symbolic link"), "{run:?}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let run = env.run(&["undo"]);
    run.code(6);
    assert!(run.stderr.contains("is a symbolic link"), "{run:?}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(env.statuses().len(), 2);
    // A dangling link: its target is not created.
    let gone = env.home.join("gone");
    std::fs::remove_file(&file).unwrap();
    symlink(&gone, &file).unwrap();
    env.run(&["append", "c"]).ok();
    env.run(&["undo"]).code(6);
    assert!(!gone.exists());
    assert!(
        std::fs::symlink_metadata(&file)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_history_file_that_is_a_fifo_is_refused_without_blocking() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let file = env.history_file();
    std::fs::remove_file(&file).unwrap();
    mkfifo(&file);
    let run = run_bounded(&env, &["append", "b"]);
    run.ok();
    assert!(
        run.stderr.contains("it is a FIFO, not a regular file"),
        "{run:?}"
    );
    let run = run_bounded(&env, &["undo"]);
    run.code(6);
    assert!(
        run.stderr.contains("it is a FIFO, not a regular file"),
        "{run:?}"
    );
    assert_eq!(env.statuses().len(), 2);
    // Held open by a reader, it is still refused and nothing is written to it.
    // The reader says when it holds the FIFO, and holds it until its
    // stdin closes.
    let reader = Running::start(
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec 3<>'{}'; echo held; cat >/dev/null",
                file.display()
            ))
            .stdin(Stdio::piped()),
    );
    assert_eq!(reader.line(HUNG), "held");
    let run = run_bounded(&env, &["append", "c"]);
    run.ok();
    assert!(
        run.stderr.contains("it is a FIFO, not a regular file"),
        "{run:?}"
    );
    reader.finish(HUNG).ok();
}

#[test]
fn a_discovered_plan_linked_out_of_the_project_is_never_written() {
    let env = TestEnv::new();
    std::fs::write(
        env.root.join("TODO.md"),
        "# Evil\n- [ ] run $(touch ~/pwned) now\n",
    )
    .unwrap();
    let profile = env.home.join(".profile");
    symlink(&profile, env.plan_path()).unwrap();
    let shown = env.plan_path().display().to_string();
    let before = snapshot(&env.home);
    for args in [&["import"][..], &["append", "x"], &["rm"]] {
        let run = env.run(args);
        run.code(6);
        assert!(
            run.stderr.starts_with(&format!(
                "Not writing plan file {shown}: it is a symbolic link that leads outside the project (to {}); nothing was written.",
                profile.display()
            )),
            "{run:?}"
        );
        // The way out stands on its own line, as a hint.
        assert!(
            run.stderr.ends_with(
                "; nothing was written.\nHint: To use it there, name it with --file or TODO_FILE.\n"
            ),
            "{run:?}"
        );
    }
    assert!(!profile.exists());
    assert_eq!(snapshot(&env.home), before);
    // Reading is harmless: an empty plan.
    env.run(&["next"]).code(1);
    // Named by the person, it is followed wherever it leads.
    let run = env.run(&["--file", ".todo.json", "append", "mine"]);
    run.ok();
    assert!(profile.is_file());
}
