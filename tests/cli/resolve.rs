//! A conflicted plan and `todo resolve`, with real git: `merge`, `rebase`,
//! `cherry-pick` and `stash pop` that leave the plan conflicted (no merge
//! driver), each marker style, and markers with nothing unmerged in the
//! index. Ids are read back with `todo show --json`, never assumed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{Run, TestEnv, bin, run_input};

/// A real git repository in a `TestEnv`, with no global or system config.
struct Repo {
    env: TestEnv,
}

fn run(cmd: &mut Command, input: Option<&[u8]>) -> Run {
    run_input(cmd.stdin(Stdio::piped()), input.unwrap_or_default())
}

impl Repo {
    /// A repository whose git writes conflicts in `style` (merge, diff3, zdiff3).
    fn new(style: &str) -> Repo {
        let repo = Repo {
            env: TestEnv::new(),
        };
        repo.env.git_init(|args| repo.git(args).ok().code);
        repo.git(&["config", "merge.conflictStyle", style]).ok();
        repo
    }

    fn env_for(&self, cmd: &mut Command, dir: &Path) {
        cmd.current_dir(dir)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.env.home)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_EDITOR", "true")
            .env("TODO_HISTORY_DIR", self.env.home.join("history"))
            .env("TODO_NOW", "2026-01-02T03:04:05Z")
            .env("LC_ALL", "C.UTF-8");
    }

    fn git(&self, args: &[&str]) -> Run {
        let mut cmd = Command::new("git");
        self.env_for(&mut cmd, &self.env.root);
        run(cmd.args(args), None)
    }

    fn todo(&self, args: &[&str]) -> Run {
        self.todo_in(&self.env.root, args, None)
    }

    fn todo_in(&self, dir: &Path, args: &[&str], input: Option<&[u8]>) -> Run {
        let mut cmd = Command::new(bin());
        self.env_for(&mut cmd, dir);
        run(cmd.args(args), input)
    }

    fn given(&self, commands: &[&[&str]]) {
        for args in commands {
            self.todo(args).ok();
        }
    }

    fn commit(&self, message: &str) {
        self.git(&["add", "-A"]).ok();
        self.git(&["commit", "-q", "--allow-empty", "-m", message])
            .ok();
    }

    fn switch(&self, branch: &str) {
        self.git(&["switch", "-q", branch]).ok();
    }

    fn plan_path(&self) -> PathBuf {
        self.env.plan_path()
    }

    fn plan_bytes(&self) -> Vec<u8> {
        std::fs::read(self.plan_path()).expect("plan file")
    }

    /// The id of the task whose content is `content`, from `show --json`.
    fn id(&self, content: &str) -> String {
        let plan = self.todo(&["show", "--json"]).ok().json();
        tasks(&plan["plan"])
            .into_iter()
            .find(|(_, _, c, _)| c == content)
            .map(|(_, id, _, _)| id)
            .unwrap_or_else(|| panic!("no task {content:?} in {plan}"))
    }

    /// `(phase, content, status)` of every task of the plan in the file.
    fn outline(&self) -> Vec<(String, String, String)> {
        let plan = self.todo(&["show", "--json"]).ok().json();
        tasks(&plan["plan"])
            .into_iter()
            .map(|(phase, _, content, status)| (phase, content, status))
            .collect()
    }

    /// A base of two phases, then `main` and `feature` changing it: each
    /// finishes a different task and appends one to Auth, and both change
    /// "Rotate keys" (feature finishes it, main notes on it: the same line,
    /// so git's line merge conflicts). `main` is checked out.
    fn two_branches(&self) {
        self.given(&[
            &["append", "auth", "wire OAuth providers"],
            &["append", "auth", "rotate keys"],
            &["append", "billing", "wire Stripe webhooks"],
            &["append", "billing", "invoice export"],
        ]);
        self.commit("base");
        self.git(&["switch", "-q", "-c", "feature"]).ok();
        let rotate = self.id("Rotate keys");
        self.given(&[&["done", &rotate], &["append", "auth", "add SSO"]]);
        self.commit("feature");
        self.switch("main");
        let invoice = self.id("Invoice export");
        self.given(&[
            &["done", &invoice],
            &["append", "auth", "add 2FA"],
            &["note", &rotate, "ask the vendor"],
        ]);
        self.commit("main");
    }
}

/// `(phase name, id, content, status)` of every task of a `plan` object.
fn tasks(plan: &Value) -> Vec<(String, String, String, String)> {
    let mut out = Vec::new();
    for phase in plan["phases"].as_array().into_iter().flatten() {
        for task in phase["tasks"].as_array().into_iter().flatten() {
            let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
            out.push((
                s(&phase["name"]),
                s(&task["id"]),
                s(&task["content"]),
                s(&task["status"]),
            ));
        }
    }
    out
}

/// What both branches of [`Repo::two_branches`] did, merged.
fn both_branches() -> Vec<(String, String, String)> {
    [
        ("Auth", "Wire OAuth providers", "in_progress"),
        ("Auth", "Rotate keys", "completed"),
        ("Auth", "Add 2FA", "pending"),
        ("Auth", "Add SSO", "pending"),
        ("Billing", "Wire Stripe webhooks", "pending"),
        ("Billing", "Invoice export", "completed"),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect()
}

/// `todo merge-file` of three versions, as git runs the driver (exit 0,
/// or 1 when it settled clashes by its rules); the plan it wrote.
fn merge_file(repo: &Repo, base: &str, ours: &str, theirs: &str) -> Value {
    let dir = &repo.env.home;
    for (name, text) in [
        ("base.json", base),
        ("ours.json", ours),
        ("theirs.json", theirs),
    ] {
        std::fs::write(dir.join(name), text).expect("write a version");
    }
    let out = repo.todo_in(
        dir,
        &["merge-file", "base.json", "ours.json", "theirs.json"],
        None,
    );
    assert!(matches!(out.code, 0 | 1), "{out:?}");
    let merged = std::fs::read_to_string(dir.join("ours.json")).expect("merged");
    serde_json::from_str(&merged).expect("merged plan is JSON")
}

/// The line of the first `<<<<<<<` in the plan file.
fn first_marker(repo: &Repo) -> usize {
    let text = String::from_utf8(repo.plan_bytes()).expect("UTF-8");
    text.lines()
        .position(|l| l.starts_with("<<<<<<<"))
        .expect("a marker")
        + 1
}

/// Every verb, reads included, refuses a conflicted plan: exit 5, the
/// conflict and `todo resolve` named, the file untouched.
#[track_caller]
fn assert_named_as_conflict(repo: &Repo, sign: &str) {
    let before = repo.plan_bytes();
    let import = repo.env.home.join("import.md");
    std::fs::write(&import, "# Other\n- [ ] a task\n").expect("write");
    let import = import.display().to_string();
    let verbs: &[&[&str]] = &[
        &[],
        &["show"],
        &["check"],
        &["next"],
        &["done", "t1"],
        &["append", "auth", "more"],
        &["export", "-"],
        &["rm", "t2"],
        &["undo", "--force"],
        &["import", &import],
        &["objective"],
        &["prune"],
    ];
    for args in verbs {
        let out = repo.todo(args);
        assert_eq!(out.code, 5, "{args:?}: {out:?}");
        assert_eq!(out.stdout, "", "{args:?}: {out:?}");
        let path = repo.plan_path().display().to_string();
        assert_eq!(
            out.stderr,
            format!(
                "Plan file {path} has a merge conflict ({sign}); nothing was changed.\nHint: Run `todo resolve` to merge both sides by task id.\n"
            ),
            "{args:?}"
        );
    }
    let out = repo.todo(&["show", "--json"]);
    out.code(5);
    let json = out.json();
    assert_eq!(json["ok"], false);
    assert_eq!(json["error"]["code"], "merge_conflict", "{json}");
    assert_eq!(json["error"]["exit"], 5);
    assert!(
        json["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("todo resolve")),
        "{json}"
    );
    // A hook fails open: the agent goes on, told in one line.
    let input = serde_json::json!({"session_id": "s", "cwd": repo.env.root, "hook_event_name": "SessionStart"});
    let out = repo.todo_in(
        &repo.env.root,
        &["hook", "session-start"],
        Some(input.to_string().as_bytes()),
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
    assert!(out.stderr.contains("merge conflict"), "{out:?}");
    assert_eq!(
        repo.plan_bytes(),
        before,
        "a verb wrote the conflicted plan"
    );
}

#[test]
fn every_verb_names_a_conflicted_plan_in_each_marker_style() {
    for (style, base_marker) in [("merge", false), ("diff3", true), ("zdiff3", true)] {
        let repo = Repo::new(style);
        repo.two_branches();
        repo.git(&["merge", "--no-edit", "feature"]).code(1);
        let text = String::from_utf8(repo.plan_bytes()).expect("UTF-8");
        assert!(text.contains("\n<<<<<<< HEAD\n"), "{style}: {text}");
        assert_eq!(text.contains("\n||||||| "), base_marker, "{style}: {text}");
        let line = first_marker(&repo);
        assert_named_as_conflict(&repo, &format!("git's conflict markers from line {line}"));
        let json = repo.todo(&["check", "--json"]).json();
        assert_eq!(json["error"]["line"], line, "{json}");
    }
}

#[test]
fn a_plan_unmerged_in_the_index_without_markers_is_a_conflict_too() {
    let repo = Repo::new("merge");
    repo.two_branches();
    repo.git(&["merge", "--no-edit", "feature"]).code(1);
    // Something else than markers where git left the conflict (a tool that
    // stripped them, a union merge): git's index still tells.
    std::fs::write(repo.plan_path(), "{\n  \"version\": 1,\n  \"phases\": [\n").expect("write");
    assert_named_as_conflict(&repo, "git lists it as unmerged");
    // Once git has it merged, the same file is only broken.
    repo.git(&["add", ".todo.json"]).ok();
    let out = repo.todo(&["show", "--json"]);
    out.code(5);
    assert_eq!(out.json()["error"]["code"], "broken_plan");
}

#[test]
fn marker_like_lines_in_task_text_leave_the_plan_a_plan() {
    let env = TestEnv::new();
    // Task text is one JSON string on one line: a "line" inside it is
    // escaped, so no line of the file starts with a marker.
    let plan = r#"{
  "version": 1,
  "rev": 1,
  "nextPhaseId": 2,
  "nextTaskId": 4,
  "phases": [
    {
      "id": "p1",
      "name": "=======",
      "tasks": [
        { "id": "t1", "content": "<<<<<<< HEAD", "status": "pending" },
        { "id": "t2", "content": "a\n=======\nb", "status": "pending" },
        { "id": "t3", "content": ">>>>>>> feature\n<<<<<<< x", "status": "pending" }
      ]
    }
  ]
}
"#;
    env.write_plan(plan);
    env.run(&["show", "--json"]).ok();
    env.run(&["check"]).code(1);
    env.run(&["done", "t1"]).ok();
    // A broken file with a stray `=======` line but no conflict is broken,
    // not conflicted.
    env.write_plan("{\n=======\n}\n");
    let out = env.run(&["show", "--json"]);
    out.code(5);
    assert_eq!(out.json()["error"]["code"], "broken_plan", "{out:?}");
    // Nor is `todo resolve` fooled: nothing to resolve there, and the
    // broken plan is reported as any verb reports it.
    let out = env.run(&["resolve", "--json"]);
    out.code(5);
    assert_eq!(out.json()["error"]["code"], "broken_plan", "{out:?}");
    assert_eq!(env.plan_text(), "{\n=======\n}\n");
}

#[test]
fn resolve_after_git_merge_uses_the_index_and_names_the_next_step() {
    let repo = Repo::new("merge");
    repo.two_branches();
    repo.git(&["merge", "--no-edit", "feature"]).code(1);
    let out = repo.todo(&["resolve"]);
    out.ok();
    let path = repo.plan_path().display().to_string();
    assert!(
        out.stdout.starts_with(&format!(
            "Resolved the merge conflict in {path} by task id (from git's index: base, ours and theirs)"
        )),
        "{out:?}"
    );
    assert!(
        out.stdout
            .ends_with("Next: review it (todo show), then git add .todo.json, then git commit\n"),
        "{out:?}"
    );
    assert_eq!(repo.outline(), both_branches());
    // Not staged: git still has it unmerged until the person adds it.
    assert_eq!(repo.git(&["status", "--short"]).stdout, "UU .todo.json\n");
    // Run again: the file is a plan now, so nothing is overwritten.
    let again = repo.todo(&["resolve", "--json"]).ok().json();
    assert_eq!(again["resolved"], false, "{again}");
    assert_eq!(
        again["next"],
        serde_json::json!(["git add .todo.json", "git commit"])
    );
    repo.git(&["add", ".todo.json"]).ok();
    repo.git(&["commit", "-q", "--no-edit"]).ok();
    assert_eq!(repo.git(&["status", "--short"]).stdout, "");
}

#[test]
fn resolve_json_reply_lists_decisions_and_next_steps() {
    let repo = Repo::new("diff3");
    repo.given(&[
        &["append", "auth", "rotate keys"],
        &["append", "auth", "wire OAuth"],
    ]);
    repo.commit("base");
    let rotate = repo.id("Rotate keys");
    let oauth = repo.id("Wire OAuth");
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["drop", &rotate], &["done", &oauth]]);
    repo.commit("feature drops it");
    repo.switch("main");
    repo.given(&[&["done", &rotate], &["done", &oauth]]);
    repo.commit("main finishes it");
    repo.git(&["merge", "--no-edit", "feature"]).code(1);
    let json = repo.todo(&["resolve", "--json"]).ok().json();
    assert_eq!(json["ok"], true, "{json}");
    assert_eq!(json["verb"], "resolve");
    assert_eq!(json["resolved"], true);
    assert_eq!(json["source"], "index");
    assert_eq!(json["operation"], "merge");
    assert!(json["rev"].as_u64().is_some_and(|r| r > 0), "{json}");
    assert_eq!(
        json["next"],
        serde_json::json!(["git add .todo.json", "git commit"])
    );
    let decided = json["decided"].as_array().expect("decided");
    assert_eq!(decided.len(), 2, "{json}");
    assert_eq!(decided[0]["id"], rotate.as_str());
    assert_eq!(decided[0]["severity"], "conflict");
    assert!(
        decided[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("kept abandoned")),
        "{json}"
    );
    // A task both sides changed alike is listed too.
    assert_eq!(decided[1]["id"], oauth.as_str());
    assert_eq!(decided[1]["severity"], "note");
    assert_eq!(
        decided[1]["message"],
        "changed on both sides without a clash; now completed"
    );
    // Theirs, the branch merged in, is applied last (the engine's rule).
    assert_eq!(
        repo.outline(),
        [
            ("Auth".into(), "Rotate keys".into(), "abandoned".into()),
            ("Auth".into(), "Wire OAuth".into(), "completed".into()),
        ]
    );
}

#[test]
fn resolve_after_git_rebase_then_rebase_continues() {
    let repo = Repo::new("merge");
    repo.two_branches();
    repo.switch("feature");
    repo.git(&["rebase", "main"]).code(1);
    assert!(repo.todo(&["show"]).code(5).stderr.contains("todo resolve"));
    let out = repo.todo(&["resolve"]);
    out.ok();
    assert!(
        out.stdout.ends_with(
            "Next: review it (todo show), then git add .todo.json, then git rebase --continue\n"
        ),
        "{out:?}"
    );
    // In a rebase, ours is main (the base being built on), theirs the
    // commit replayed.
    assert_eq!(repo.outline(), both_branches());
    repo.git(&["add", ".todo.json"]).ok();
    repo.git(&["rebase", "--continue"]).ok();
    assert_eq!(repo.outline(), both_branches());
    let log = repo.git(&["log", "--format=%s", "main..feature"]);
    assert_eq!(log.stdout, "feature\n");
}

#[test]
fn resolve_after_git_cherry_pick_then_cherry_pick_continues() {
    let repo = Repo::new("zdiff3");
    repo.two_branches();
    repo.git(&["cherry-pick", "feature"]).code(1);
    let json = repo.todo(&["resolve", "--json"]).ok().json();
    assert_eq!(json["operation"], "cherry-pick", "{json}");
    assert_eq!(
        json["next"],
        serde_json::json!(["git add .todo.json", "git cherry-pick --continue"])
    );
    assert_eq!(repo.outline(), both_branches());
    repo.git(&["add", ".todo.json"]).ok();
    repo.git(&["cherry-pick", "--continue"]).ok();
    assert_eq!(repo.git(&["status", "--short"]).stdout, "");
}

#[test]
fn resolve_after_git_stash_pop_leaves_the_change_unstaged() {
    let repo = Repo::new("merge");
    repo.given(&[
        &["append", "auth", "rotate keys"],
        &["append", "auth", "wire OAuth"],
    ]);
    repo.commit("base");
    let rotate = repo.id("Rotate keys");
    let oauth = repo.id("Wire OAuth");
    // Work in progress, stashed; meanwhile the branch moves on.
    repo.given(&[&["done", &oauth]]);
    repo.git(&["stash", "-q"]).ok();
    repo.given(&[&["done", &rotate]]);
    repo.commit("rotate done");
    repo.git(&["stash", "pop"]).code(1);
    repo.todo(&["show"]).code(5);
    let json = repo.todo(&["resolve", "--json"]).ok().json();
    assert_eq!(json["operation"], "other", "{json}");
    assert_eq!(json["next"][0], "git restore --staged .todo.json", "{json}");
    assert_eq!(
        repo.outline(),
        [
            ("Auth".into(), "Rotate keys".into(), "completed".into()),
            ("Auth".into(), "Wire OAuth".into(), "completed".into()),
        ]
    );
    repo.git(&["restore", "--staged", ".todo.json"]).ok();
    assert_eq!(repo.git(&["status", "--short"]).stdout, " M .todo.json\n");
    repo.git(&["stash", "drop", "-q"]).ok();
}

/// The conflicted file committed with its markers in (what a hasty `git
/// add` makes, or a forge's web editor): nothing is unmerged in the index,
/// so `todo resolve` reads the versions back from the markers.
fn committed_markers(style: &str) -> Repo {
    let repo = Repo::new(style);
    repo.two_branches();
    repo.git(&["merge", "--no-edit", "feature"]).code(1);
    repo.git(&["add", ".todo.json"]).ok();
    repo.git(&["commit", "-q", "--no-edit"]).ok();
    assert_eq!(repo.git(&["ls-files", "-u"]).stdout, "");
    repo
}

#[test]
fn resolve_from_diff3_and_zdiff3_markers_equals_merge_file() {
    for style in ["diff3", "zdiff3"] {
        let repo = committed_markers(style);
        assert_named_as_conflict(
            &repo,
            &format!("git's conflict markers from line {}", first_marker(&repo)),
        );
        let show = |rev: &str| {
            repo.git(&["show", &format!("{rev}:.todo.json")])
                .ok()
                .stdout
                .clone()
        };
        let (base, ours, theirs) = (show("main~2"), show("main~1"), show("feature"));
        let json = repo.todo(&["resolve", "--json"]).ok().json();
        assert_eq!(json["source"], "markers", "{style}: {json}");
        assert_eq!(json["base"], true, "{style}: {json}");
        assert_eq!(json["hunks"], 1, "{style}: {json}");
        assert_eq!(
            json["next"],
            serde_json::json!(["git add .todo.json", "git commit"])
        );
        let resolved = String::from_utf8(repo.plan_bytes()).expect("UTF-8");
        let merged = merge_file(&repo, &base, &ours, &theirs);
        let resolved: Value = serde_json::from_str(&resolved).expect("JSON");
        assert_eq!(resolved, merged, "{style}");
        assert_eq!(repo.outline(), both_branches());
    }
}

#[test]
fn resolve_from_merge_style_markers_says_there_is_no_base() {
    let repo = committed_markers("merge");
    let out = repo.todo(&["resolve"]);
    out.ok();
    assert!(
        out.stdout.contains("which show no base (merge style)"),
        "{out:?}"
    );
    assert!(
        out.stdout
            .contains("note: merge-style markers show no base"),
        "{out:?}"
    );
    // Both finished tasks stay finished: their lines were outside the
    // conflict, and inside it the appends are kept, each once.
    assert_eq!(repo.outline(), both_branches());
}

#[test]
fn with_no_base_the_more_finished_state_and_both_notes_win_and_two_texts_stay_two() {
    let env = TestEnv::new();
    // Merge-style markers around one task held differently on each side,
    // and around an id both sides gave to a different new task.
    let text = r#"{
  "version": 1,
  "rev": 5,
  "nextPhaseId": 2,
  "nextTaskId": 4,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
<<<<<<< HEAD
        { "id": "t1", "content": "Rotate keys", "status": "pending", "notes": ["ours"] },
        { "id": "t3", "content": "Add 2FA", "status": "pending" }
=======
        { "id": "t1", "content": "Rotate keys", "status": "completed", "notes": ["theirs"] },
        { "id": "t3", "content": "Add SSO", "status": "pending" }
>>>>>>> feature
      ]
    }
  ]
}
"#;
    env.write_plan(text);
    let json = env.run(&["resolve", "--json"]).ok().json();
    assert_eq!(json["base"], false, "{json}");
    assert_eq!(json["operation"], Value::Null, "{json}");
    assert_eq!(json["next"], serde_json::json!([]), "{json}");
    let messages: Vec<&str> = json["decided"]
        .as_array()
        .expect("decided")
        .iter()
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("took completed over pending, both sides' notes")),
        "{json}"
    );
    assert!(messages.iter().any(|m| m.contains("kept both")), "{json}");
    let plan = env.plan();
    let tasks = tasks(&plan);
    let contents: Vec<(&str, &str)> = tasks
        .iter()
        .map(|(_, _, c, s)| (c.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        contents,
        [
            ("Rotate keys", "completed"),
            // The one task in progress rule started the first open one.
            ("Add 2FA", "in_progress"),
            ("Add SSO", "pending")
        ]
    );
    assert_eq!(
        plan["phases"][0]["tasks"][0]["notes"],
        serde_json::json!(["ours", "theirs"])
    );
    // Ids stay unique.
    assert_ne!(tasks[1].1, tasks[2].1);
}

#[test]
fn resolve_with_no_conflict_says_so_and_changes_nothing() {
    let repo = Repo::new("merge");
    repo.given(&[&["append", "auth", "rotate keys"]]);
    repo.commit("base");
    let before = repo.plan_bytes();
    let path = repo.plan_path().display().to_string();
    repo.todo(&["resolve"]).is(
        0,
        &format!("No merge conflict in {path}; nothing to resolve.\n"),
        "",
    );
    let json = repo.todo(&["resolve", "--json"]).ok().json();
    assert_eq!(json["resolved"], false);
    assert_eq!(repo.plan_bytes(), before);
    // No plan at all: nothing to resolve either, and nothing is created.
    let env = TestEnv::new();
    env.run(&["resolve"]).ok();
    assert!(!env.plan_path().exists());
}

#[test]
fn what_resolve_cannot_decide_is_listed_and_nothing_is_written() {
    let env = TestEnv::new();
    let cases: Vec<(String, &str)> = vec![
        // One side is not a plan.
        (
            "{\n  \"version\": 1,\n  \"phases\": [\n<<<<<<< a\n    { \"id\": \"p1\", \"name\": \"A\", \"tasks\": [] }\n=======\n    { oops\n>>>>>>> b\n  ]\n}\n".to_string(),
            "theirs (the >>>>>>> sections) does not read as a plan",
        ),
        // A newer version on one side.
        (
            "<<<<<<< a\n{ \"version\": 1, \"phases\": [] }\n=======\n{ \"version\": 99, \"phases\": [] }\n>>>>>>> b\n".to_string(),
            "theirs (the >>>>>>> sections) does not read as a plan",
        ),
        // Unterminated.
        (
            "{\n<<<<<<< a\n  \"version\": 1,\n=======\n".to_string(),
            "the conflict markers: line 2: the conflict opened here never ends",
        ),
        // Nested.
        (
            "<<<<<<< a\n<<<<<<< b\n=======\n>>>>>>> b\n=======\n>>>>>>> a\n".to_string(),
            "nested conflicts",
        ),
        // A megabyte of markers.
        ("<<<<<<< a\n=======\n".repeat(60_000), "nested conflicts"),
        ("<<<<<<< a\n".to_string() + &"x\n".repeat(500_000), "never ends"),
        (
            "<<<<<<< a\n=======\n>>>>>>> b\n".repeat(40_000) + ">>>>>>> c\n",
            "outside any conflict",
        ),
    ];
    for (text, problem) in cases {
        env.write_plan(&text);
        let out = env.run(&["resolve"]);
        assert_eq!(out.code, 5, "{out:?}");
        assert!(
            out.stderr.starts_with(&format!(
                "Cannot resolve the merge conflict in {}; nothing was written. What needs a person:\n",
                env.plan_path().display()
            )),
            "{out:?}"
        );
        assert!(out.stderr.contains(problem), "{problem}: {out:?}");
        assert!(
            out.stderr.ends_with("then run `todo resolve` again.\n"),
            "{out:?}"
        );
        let json = env.run(&["resolve", "--json"]).json();
        assert_eq!(json["error"]["code"], "cannot_resolve", "{json}");
        assert!(
            json["error"]["problems"]
                .as_array()
                .is_some_and(|p| !p.is_empty())
        );
        assert_eq!(
            env.plan_text(),
            text,
            "resolve wrote a file it could not settle"
        );
        // Every other verb names the conflict.
        env.run(&["show"]).code(5);
    }
}

/// A random command on a side: (verb, task index or phase, text).
#[derive(Debug, Clone)]
enum Step {
    Append(usize, u8),
    Done(usize),
    Drop(usize),
    Start(usize),
    Rm(usize),
    Rename(usize, u8),
}

mod property {
    use proptest::prelude::*;

    use super::*;

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (0..3usize, any::<u8>()).prop_map(|(p, n)| Step::Append(p, n)),
            (0..8usize).prop_map(Step::Done),
            (0..8usize).prop_map(Step::Drop),
            (0..8usize).prop_map(Step::Start),
            (0..8usize).prop_map(Step::Rm),
            (0..8usize, any::<u8>()).prop_map(|(i, n)| Step::Rename(i, n)),
        ]
    }

    const PHASES: [&str; 3] = ["auth", "billing", "docs"];

    /// Apply steps on the checked-out branch; a step naming a task that is
    /// not there (or refused) is skipped, as a person would.
    fn apply(repo: &Repo, side: &str, steps: &[Step]) {
        for (k, s) in steps.iter().enumerate() {
            let plan = repo.todo(&["show", "--json"]).ok().json();
            let ids: Vec<String> = tasks(&plan["plan"]).into_iter().map(|t| t.1).collect();
            let pick = |i: usize| ids.get(i % ids.len().max(1)).cloned();
            let text = |n: u8| format!("{side} task {k} {n}");
            let _ = match s {
                Step::Append(p, n) => repo.todo(&["append", PHASES[*p], &text(*n)]),
                Step::Done(i) => match pick(*i) {
                    Some(id) => repo.todo(&["done", &id]),
                    None => continue,
                },
                Step::Drop(i) => match pick(*i) {
                    Some(id) => repo.todo(&["drop", &id]),
                    None => continue,
                },
                Step::Start(i) => match pick(*i) {
                    Some(id) => repo.todo(&["start", &id]),
                    None => continue,
                },
                Step::Rm(i) => match pick(*i) {
                    Some(id) => repo.todo(&["rm", &id]),
                    None => continue,
                },
                Step::Rename(i, n) => match pick(*i) {
                    Some(id) => repo.todo(&["rename", &id, &text(*n)]),
                    None => continue,
                },
            };
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

        /// Base, ours and theirs made with the CLI, merged with real `git
        /// merge`: where git stops on the plan, `todo resolve` writes what
        /// `todo merge-file` makes of the same three texts (from the index),
        /// and from a copy of the diff3 markers alone the same tasks.
        #[test]
        fn resolve_equals_merge_file_on_the_same_versions(
            base in proptest::collection::vec(step(), 3..8),
            ours in proptest::collection::vec(step(), 1..5),
            theirs in proptest::collection::vec(step(), 1..5),
        ) {
            let repo = Repo::new("diff3");
            for (p, phase) in PHASES.iter().enumerate() {
                repo.todo(&["append", phase, &format!("seed {p}")]).ok();
            }
            apply(&repo, "base", &base);
            repo.commit("base");
            repo.git(&["switch", "-q", "-c", "feature"]).ok();
            apply(&repo, "theirs", &theirs);
            repo.commit("theirs");
            repo.switch("main");
            apply(&repo, "ours", &ours);
            repo.commit("ours");
            let merge = repo.git(&["merge", "--no-edit", "feature"]);
            prop_assume!(merge.code == 1);
            let stage = |n: u8| repo.git(&["show", &format!(":{n}:.todo.json")]).ok().stdout.clone();
            let (b, o, t) = (stage(1), stage(2), stage(3));
            let conflicted = repo.plan_bytes();
            // The markers alone, away from git: a copy outside any repository.
            let copy = repo.env.home.join("copy.json");
            std::fs::write(&copy, &conflicted).expect("copy");
            let copy_arg = copy.display().to_string();
            repo.todo(&["show"]).code(5);
            repo.todo(&["resolve"]).ok();
            let resolved: Value = serde_json::from_slice(&repo.plan_bytes()).expect("resolved JSON");
            let merged = merge_file(&repo, &b, &o, &t);
            prop_assert_eq!(&resolved, &merged);
            let from_markers = repo.todo_in(&repo.env.home, &["--file", &copy_arg, "resolve", "--json"], None);
            match from_markers.code {
                0 => {
                    let text = std::fs::read_to_string(&copy).expect("copy");
                    let plan: Value = serde_json::from_str(&text).expect("JSON");
                    // The markers' sides are not git's stages: the lines git
                    // merged cleanly are in both, so the order of the tasks
                    // new in one phase (ours' first, then theirs') can come
                    // out otherwise, and with it which open task the
                    // one-in-progress rule starts. The same tasks, in the
                    // same phases, finished alike, and one in progress.
                    let strip = |plan: &Value| {
                        let mut all: Vec<_> = tasks(plan)
                            .into_iter()
                            .map(|(p, _, c, s)| {
                                let s = if s == "in_progress" { "pending".to_string() } else { s };
                                (p, c, s)
                            })
                            .collect();
                        all.sort();
                        all
                    };
                    prop_assert_eq!(strip(&plan), strip(&merged), "{:?}", from_markers);
                    let running = |plan: &Value| tasks(plan).iter().filter(|t| t.3 == "in_progress").count();
                    prop_assert_eq!(running(&plan), running(&merged));
                }
                // Today's layout puts ids minted on both branches in lines
                // git merges cleanly: the markers' sides then hold one id
                // twice, which is listed, and nothing is written.
                5 => {
                    prop_assert!(from_markers.stdout.contains("duplicate id"), "{:?}", from_markers);
                    prop_assert_eq!(std::fs::read(&copy).expect("copy"), conflicted);
                }
                _ => prop_assert!(false, "{:?}", from_markers),
            }
        }
    }
}

/// Each branch left a task in progress and git merged one start's line
/// cleanly, so each side rebuilt from the diff3 markers holds both starts:
/// resolving from the markers alone must not let the clean line undo the
/// start inside the hunk (theirs started "Seed 1" again after finishing
/// it, ours finished it). Found by the property test above.
#[test]
fn a_start_inside_a_hunk_is_not_lost_to_a_clean_start_when_resolving_from_markers() {
    let repo = Repo::new("diff3");
    repo.given(&[
        &["append", "auth", "seed 0"],
        &["append", "billing", "seed 1"],
        &["append", "docs", "seed 2"],
        &["start", "seed 0"],
        &["drop", "seed 2"],
        &["done", "seed 0"],
    ]);
    repo.commit("base");
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["done", "seed 1"], &["start", "seed 1"]]);
    repo.commit("theirs");
    repo.switch("main");
    repo.given(&[&["done", "seed 1"], &["start", "seed 0"]]);
    repo.commit("ours");
    assert_eq!(repo.git(&["merge", "--no-edit", "feature"]).code, 1);
    let stage = |n: u8| {
        repo.git(&["show", &format!(":{n}:.todo.json")])
            .ok()
            .stdout
            .clone()
    };
    let merged = merge_file(&repo, &stage(1), &stage(2), &stage(3));
    let copy = repo.env.home.join("copy.json");
    std::fs::write(&copy, repo.plan_bytes()).expect("copy");
    let copy_arg = copy.display().to_string();
    repo.todo_in(&repo.env.home, &["--file", &copy_arg, "resolve"], None)
        .ok();
    let text = std::fs::read_to_string(&copy).expect("resolved");
    let resolved: Value = serde_json::from_str(&text).expect("JSON");
    let statuses = |plan: &Value| -> Vec<(String, String)> {
        tasks(plan).into_iter().map(|t| (t.2, t.3)).collect()
    };
    assert_eq!(statuses(&resolved), statuses(&merged));
    assert_eq!(
        statuses(&resolved),
        [
            ("Seed 0", "in_progress"),
            ("Seed 1", "pending"),
            ("Seed 2", "abandoned")
        ]
        .map(|(c, s)| (c.to_string(), s.to_string()))
    );
}

/// The current branch removes a task, the branch merged in starts it,
/// which moved the task in progress back to pending. Run in that order,
/// the start finds nothing, so the task in progress stays so: `resolve`
/// gives that, not the plan's first pending task. A rebase replays the
/// other way round (the start first, then the removal), and gives that.
#[test]
fn a_task_moved_aside_by_a_start_of_a_removed_task_stays_in_progress() {
    let repo = Repo::new("diff3");
    repo.given(&[
        &["append", "auth", "wire OAuth providers"],
        &["append", "auth", "rotate keys"],
        &["append", "auth", "add SSO"],
        &["start", "rotate keys"],
    ]);
    repo.commit("base");
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["start", "add SSO"]]);
    let status = |content: &str| {
        repo.outline()
            .into_iter()
            .find(|t| t.1 == content)
            .map(|t| t.2)
    };
    assert_eq!(status("Rotate keys").as_deref(), Some("pending"));
    repo.commit("feature");
    repo.switch("main");
    repo.given(&[&["rm", "add SSO"]]);
    repo.commit("main");
    let outline = |in_progress: &str| {
        ["Wire OAuth providers", "Rotate keys"].map(|task| {
            let status = if task == in_progress {
                "in_progress"
            } else {
                "pending"
            };
            ("Auth".to_string(), task.to_string(), status.to_string())
        })
    };
    assert_eq!(repo.git(&["merge", "--no-edit", "feature"]).code, 1);
    repo.todo(&["resolve"]).ok();
    assert_eq!(repo.outline(), outline("Rotate keys"));

    repo.git(&["merge", "--abort"]).ok();
    assert_eq!(repo.git(&["rebase", "feature"]).code, 1);
    repo.todo(&["resolve"]).ok();
    assert_eq!(repo.outline(), outline("Wire OAuth providers"));
}

#[test]
fn a_read_only_plan_is_resolved_only_when_writable() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    let conflicted = "<<<<<<< ours\n{ \"version\": 1, \"phases\": [] }\n=======\n{ \"version\": 1, \"phases\": [] }\n>>>>>>> theirs\n";
    env.write_plan(conflicted);
    let read_only = |mode| {
        std::fs::set_permissions(env.plan_path(), std::fs::Permissions::from_mode(mode))
            .expect("chmod");
    };
    read_only(0o444);
    let out = env.run(&["resolve", "--json"]);
    out.code(6);
    assert_eq!(out.json()["error"]["kind"], "read_only_plan");
    assert_eq!(env.plan_text(), conflicted);
    // With no conflict there is nothing to write: it says so.
    read_only(0o644);
    env.run(&["resolve"]).ok();
    read_only(0o444);
    env.run(&["resolve"]).ok();
    read_only(0o644);
}

/// Issue 40, item 20: markers around nothing on both sides are no plan
/// to merge: `resolve` says it cannot, and writes nothing (it used to
/// write an empty plan and exit 0).
#[test]
fn empty_sides_cannot_be_resolved() {
    for text in [
        "<<<<<<< ours\n=======\n>>>>>>> theirs\n",
        "<<<<<<< ours\n\n  \n=======\n\n>>>>>>> theirs\n",
        "<<<<<<< ours\n||||||| base\n=======\n>>>>>>> theirs\n",
    ] {
        let env = crate::common::TestEnv::new();
        env.write_plan(text);
        let out = env.run(&["resolve"]);
        out.code(5);
        assert!(
            out.stderr
                .starts_with("Cannot resolve the merge conflict in ")
                && out
                    .stderr
                    .contains("both sides of the conflict markers are empty"),
            "{out:?}"
        );
        assert_eq!(env.plan_text(), text, "nothing written");
    }
}
