//! Broken plan files are reported, never reset; unwritable ones are refused.

use std::os::unix::fs::PermissionsExt;

use crate::common::{TWO_TASKS as GOOD, TestEnv};

/// Every verb, reading or writing, reports the problem with file and
/// position, exits 5, and leaves the bytes alone.
fn assert_reported(env: &TestEnv, text: &str, place: &str, problem: &str) {
    env.write_plan(text);
    let path = env.plan_path().display().to_string();
    for args in [
        &[][..],
        &["append", "x"],
        &["done", "oauth"],
        &["rm"],
        &["check"],
        &["next"],
    ] {
        let run = env.run(args);
        run.code(5);
        assert!(run.stdout.is_empty(), "{run:?}");
        let first = run.stderr.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            format!("Plan file {path}:{place} is broken: {problem}"),
            "{args:?}"
        );
        assert!(run.stderr.contains("Nothing was changed."), "{run:?}");
        assert_eq!(env.plan_text(), text, "bytes must stay as they were");
    }
    let dir: Vec<_> = std::fs::read_dir(&env.root)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert_eq!(dir.len(), 2, "only .git and the plan: {dir:?}");
}

#[test]
fn truncated_json() {
    let env = TestEnv::new();
    let cut = &GOOD[..GOOD.find("\"Rotate").unwrap_or(10)];
    assert_reported(&env, cut, "12:33", "EOF while parsing a value");
}

#[test]
fn unknown_version() {
    let env = TestEnv::new();
    let text = GOOD.replace("\"version\": 1", "\"version\": 3");
    let run_place = "2:14";
    let problem = format!(
        "unknown version 3 (this todo {} reads versions 1 and 2; a newer todo may read it)",
        env!("CARGO_PKG_VERSION")
    );
    assert_reported(&env, &text, run_place, &problem);
}

#[test]
fn unknown_status() {
    let env = TestEnv::new();
    let text = GOOD.replace("\"pending\"", "\"waiting\"");
    assert_reported(
        &env,
        &text,
        "12:59",
        "unknown status \"waiting\" (expected pending, in_progress, completed, abandoned or blocked)",
    );
}

/// The other words of a fixed set are named with the words they may be,
/// at the place of the value.
#[test]
fn unknown_actor_checks_and_claim() {
    for (field, problem) in [
        (
            r#""by": "robot""#,
            r#"unknown actor "robot" (expected person or agent)"#,
        ),
        (
            r#""checks": "robot""#,
            r#"unknown checks "robot" (expected anyone, person or agent)"#,
        ),
        (
            r#""owner": "me", "claimedBy": "robot""#,
            r#"unknown claimedBy "robot" (expected person or agent)"#,
        ),
    ] {
        let env = TestEnv::new();
        let text = GOOD.replace("\"pending\"", &format!("\"pending\", {field}"));
        let line = text.lines().nth(11).unwrap_or_default();
        let column = line.find("\"robot\"").map_or(0, |c| c + 1);
        assert_reported(&env, &text, &format!("12:{column}"), problem);
    }
}

/// An id twice is what git's line merge can leave (two branches adding
/// under one id): no longer an error. The file is read, the later task
/// settled under a new id, a note on stderr names the id, the bytes stay
/// until the next change writes the settled plan down.
#[test]
fn duplicate_id() {
    let env = TestEnv::new();
    let text = GOOD.replace("\"t2\"", "\"t1\"");
    env.write_plan(&text);
    // `show` and `check` say what was settled; other verbs just read it.
    for args in [&["show"][..], &[], &["check"]] {
        let run = env.run(args);
        assert!(run.code == 0 || args == ["check"], "{args:?}: {run:?}");
        assert!(
            run.stderr
                .contains("t1 named two tasks; \"Rotate keys\" is now t"),
            "{args:?}: {run:?}"
        );
        assert_eq!(env.plan_text(), text, "reading writes nothing");
    }
    env.run(&["next"]).is(0, "Wire OAuth providers\n", "");
    let run = env.run(&["show"]);
    run.ok();
    assert_eq!(
        run.stdout,
        "# Auth\n- [/] Wire OAuth providers\n- [ ] Rotate keys\n"
    );
    let settled = env.id("Rotate keys");
    assert!(crate::common::minted(&settled, 't'), "{settled}");
    assert_eq!(env.id("Wire OAuth providers"), "t1");
    // The next change writes the settled plan, and the note is gone.
    env.run(&["done", "oauth"]).ok();
    assert_eq!(env.id("Rotate keys"), settled);
    let plan = env.plan_text();
    assert_eq!(plan.matches("\"t1\"").count(), 1, "{plan}");
    let run = env.run(&["show"]);
    run.is(
        0,
        "# Auth\n- [x] Wire OAuth providers\n- [/] Rotate keys\n",
        "",
    );
}

#[test]
fn empty_file_and_wrong_shape() {
    let env = TestEnv::new();
    assert_reported(&env, "", "1:1", "the file is empty");
    assert_reported(
        &env,
        "[]\n",
        "1:1",
        "invalid type: sequence, expected a todo plan object",
    );
}

#[test]
fn a_directory_where_the_file_should_be() {
    let env = TestEnv::new();
    std::fs::create_dir(env.plan_path()).unwrap();
    let path = env.plan_path().display().to_string();
    env.run(&[]).is(
        6,
        "",
        &format!("Cannot read plan file {path}: it is a directory\n"),
    );
    env.run(&["append", "x"]).is(
        6,
        "",
        &format!("Cannot read plan file {path}: it is a directory\n"),
    );
    assert!(env.plan_path().is_dir());
}

#[test]
fn unknown_fields_survive_a_rewrite() {
    let env = TestEnv::new();
    let text = GOOD
        .replace("\"rev\": 3,", "\"rev\": 3,\n  \"owner\": \"team-a\",")
        .replace(
            "\"name\": \"Auth\",",
            "\"name\": \"Auth\",\n      \"color\": \"red\",",
        )
        .replace(
            "\"status\": \"pending\" }",
            "\"status\": \"pending\", \"due\": \"2027-01-01\", \"estimate\": {\"h\": 3} }",
        );
    env.write_plan(&text);
    env.run(&["done", "keys"]).ok();
    let out = env.plan_text();
    assert!(out.contains("{ \"id\": \"t2\",\n        \"content\": \"Rotate keys\", \"status\": \"completed\", \"by\": \"person\", \"at\": \"2026-01-02T03:04:05Z\", \"due\": \"2027-01-01\", \"estimate\": {\"h\":3} }\n"), "{out}");
    assert!(
        out.contains("], \"name\": \"Auth\", \"color\": \"red\" }"),
        "{out}"
    );
    assert!(out.contains("\"owner\": \"team-a\""), "{out}");
    // rev is no longer in the file; it went on from the one it had.
    assert!(!out.contains("\"rev\""), "{out}");
    assert_eq!(env.rev(), 4);
}

#[test]
fn a_read_only_plan_is_refused_even_for_root() {
    let env = TestEnv::new();
    env.write_plan(GOOD);
    std::fs::set_permissions(env.plan_path(), std::fs::Permissions::from_mode(0o444)).unwrap();
    let path = env.plan_path().display().to_string();
    env.run(&["done", "oauth"]).is(
        6,
        "",
        &format!("Plan file {path} is read-only; not changing it. Make it writable (chmod u+w) to allow changes.\n"),
    );
    assert_eq!(env.plan_text(), GOOD);
    // Reading still works.
    env.run(&["next"]).is(0, "Wire OAuth providers\n", "");
}

/// Run `todo` as `nobody`, where the kernel really refuses the write.
fn as_nobody(env: &TestEnv, args: &[&str]) -> Option<crate::common::Run> {
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let is_root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout == b"0\n")
        .unwrap_or(false);
    let (Some(setpriv), true) = (setpriv, is_root) else {
        crate::common::missing_tool("needs root and setpriv to drop privileges");
        return None;
    };
    // Let nobody reach the project.
    let mut dir = env.root.clone();
    while dir.pop() {
        if dir == std::env::temp_dir() {
            break;
        }
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755));
    }
    let out = std::process::Command::new(setpriv)
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(crate::common::bin())
        .args(args)
        .current_dir(&env.root)
        .env_clear()
        .env("HOME", &env.home)
        .env("TODO_HISTORY_DIR", env.home.join("history"))
        .output()
        .ok()?;
    Some(crate::common::Run::from(out))
}

#[test]
#[cfg_attr(
    todo_tests_no_root_setpriv,
    ignore = "needs root and setpriv(1) to drop privileges"
)]
fn a_plan_the_user_may_not_write_is_refused() {
    let env = TestEnv::new();
    env.write_plan(GOOD);
    std::fs::set_permissions(&env.root, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(env.plan_path(), std::fs::Permissions::from_mode(0o644)).unwrap();
    let Some(run) = as_nobody(&env, &["done", "oauth"]) else {
        return;
    };
    let path = env.plan_path().display().to_string();
    run.is(
        6,
        "",
        &format!("Cannot write plan file {path}: permission denied\n"),
    );
    assert_eq!(env.plan_text(), GOOD);
}

#[test]
#[cfg_attr(
    todo_tests_no_root_setpriv,
    ignore = "needs root and setpriv(1) to drop privileges"
)]
fn a_read_only_folder_is_refused_and_the_plan_kept() {
    let env = TestEnv::new();
    env.write_plan(GOOD);
    std::fs::set_permissions(env.plan_path(), std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(&env.root, std::fs::Permissions::from_mode(0o555)).unwrap();
    let Some(run) = as_nobody(&env, &["done", "oauth"]) else {
        return;
    };
    let path = env.plan_path().display().to_string();
    run.is(
        6,
        "",
        &format!("Cannot write plan file {path}: permission denied\n"),
    );
    assert_eq!(env.plan_text(), GOOD);
    // Reading works for nobody too.
    as_nobody(&env, &["next"])
        .expect("ran before")
        .is(0, "Wire OAuth providers\n", "");
    std::fs::set_permissions(&env.root, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A key given twice would let the last one win and drop the first on the
/// next write: refused at the second one, at every level todo reads.
#[test]
fn duplicate_keys_at_every_level() {
    let env = TestEnv::new();
    let twice = GOOD.replace("\n  ]\n}\n", "\n  ],\n  \"phases\": []\n}\n");
    assert_reported(&env, &twice, "16:3", "duplicate key \"phases\"");
    let name = GOOD.replace(
        "\"name\": \"Auth\",",
        "\"name\": \"Auth\",\n      \"name\": \"Billing\",",
    );
    assert_reported(&env, &name, "10:7", "duplicate key \"name\"");
    let status = GOOD.replace(
        "\"status\": \"pending\" }",
        "\"status\": \"pending\", \"status\": \"completed\" }",
    );
    assert_reported(&env, &status, "12:70", "duplicate key \"status\"");
    // Fields todo does not know are kept, so they may not repeat either.
    let unknown = GOOD.replace(
        "\"status\": \"in_progress\" }",
        "\"status\": \"in_progress\", \"due\": 1, \"due\": 2 }",
    );
    assert_reported(&env, &unknown, "11:93", "duplicate key \"due\"");
    let top = GOOD.replace("\"rev\": 3,", "\"rev\": 3,\n  \"rev\": 9,");
    assert_reported(&env, &top, "4:3", "duplicate key \"rev\"");
}

/// Columns count characters, not bytes: text before the problem in
/// Cyrillic or emoji must not push the column to the right.
#[test]
fn columns_count_characters() {
    let env = TestEnv::new();
    let text = GOOD
        .replace("Rotate keys", "Rotate ключи 🔑")
        .replace("\"pending\"", "\"waiting\"");
    assert_reported(
        &env,
        &text,
        "12:62",
        "unknown status \"waiting\" (expected pending, in_progress, completed, abandoned or blocked)",
    );
    // (A duplicate id, once an error with its column here, is now read
    // and settled: see `duplicate_id`.)

    // Invalid UTF-8: the column of the bad byte, in characters.
    let mut bytes = GOOD
        .replace("Rotate keys", "Rotate ключи \u{1}")
        .into_bytes();
    let at = bytes.iter().position(|&b| b == 1).unwrap_or(0);
    bytes[at] = 0xff;
    std::fs::write(env.plan_path(), &bytes).unwrap();
    let path = env.plan_path().display().to_string();
    env.run(&["next"]).code(5);
    let run = env.run(&["next"]);
    assert!(
        run.stderr.starts_with(&format!(
            "Plan file {path}:12:48 is broken: not valid UTF-8"
        )),
        "{run:?}"
    );
    assert_eq!(std::fs::read(env.plan_path()).unwrap(), bytes);

    // The merge driver reports positions the same way.
    let dir = env.root.join("m");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("base"), GOOD).unwrap();
    std::fs::write(dir.join("ours"), GOOD).unwrap();
    std::fs::write(dir.join("theirs"), &text).unwrap();
    let run = env.run_in(&dir, &["merge-file", "base", "ours", "theirs"]);
    run.code(5);
    assert!(
        run.stderr
            .starts_with("Plan file theirs:12:62 is broken: unknown status"),
        "{run:?}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("ours")).unwrap(), GOOD);
}
