//! The git merge driver with real git: `todo git-setup`, then `git merge`
//! and `git rebase` of two branches that both changed the plan, which git
//! hands to `todo merge-file`; and what happens without the driver.

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{HUNG, Run, Running, TWO_TASKS as BASE, TestEnv, bin, wait_until};

/// A real git repository in a `TestEnv`, with no global or system git
/// config, and the `todo` under test first on PATH so git can run the driver.
struct Repo {
    env: TestEnv,
}

fn path_with_todo() -> OsString {
    let mut dirs: Vec<_> = bin().parent().map(Path::to_path_buf).into_iter().collect();
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).expect("PATH")
}

impl Repo {
    fn new() -> Repo {
        let repo = Repo {
            env: TestEnv::new(),
        };
        repo.env.git_init(|args| repo.git(args).ok().code);
        repo
    }

    fn env_for(&self, cmd: &mut Command) {
        cmd.current_dir(&self.env.root)
            .env_clear()
            .env("PATH", path_with_todo())
            .env("HOME", &self.env.home)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_EDITOR", "true")
            .env("TODO_HISTORY_DIR", self.env.home.join("history"))
            .env("LC_ALL", "C.UTF-8");
    }

    fn git(&self, args: &[&str]) -> Run {
        let mut cmd = Command::new("git");
        self.env_for(&mut cmd);
        run(cmd.args(args))
    }

    fn todo(&self, args: &[&str]) -> Run {
        let mut cmd = Command::new(bin());
        self.env_for(&mut cmd);
        run(cmd.args(args))
    }

    /// Run todo verbs, asserting success.
    fn given(&self, commands: &[&[&str]]) {
        for args in commands {
            self.todo(args).ok();
        }
    }

    fn commit(&self, message: &str) {
        self.git(&["add", "-A"]).ok();
        self.git(&["commit", "-q", "-m", message]).ok();
    }

    fn switch(&self, branch: &str) {
        self.git(&["switch", "-q", branch]).ok();
    }

    /// Edit the plan file by hand (a change outside todo, which todo
    /// counts as one change when it next reads the file).
    fn edit_plan(&self, change: impl FnOnce(&mut Value)) {
        let mut plan = self.env.plan();
        change(&mut plan);
        let text = serde_json::to_string_pretty(&plan).expect("json") + "\n";
        self.env.write_plan(&text);
    }

    /// The id of the task `content` / the phase `name`.
    fn id(&self, content: &str) -> String {
        self.env.id(content)
    }

    /// Add a task under `id` to the phase `phase` by hand, as a branch of
    /// an older todo (counter ids) could have.
    fn add_task_by_hand(&self, phase: &str, id: &str, content: &str) {
        self.edit_plan(|plan| {
            for p in plan["phases"].as_array_mut().into_iter().flatten() {
                if p["name"] == phase {
                    p["tasks"]
                        .as_array_mut()
                        .expect("tasks")
                        .push(serde_json::json!(
                            {"id": id, "content": content, "status": "pending"}
                        ));
                }
            }
        });
    }

    fn rename_phase(&self, id: &str, name: &str) {
        self.edit_plan(|plan| {
            for phase in plan["phases"].as_array_mut().into_iter().flatten() {
                if phase["id"] == id {
                    phase["name"] = Value::from(name);
                }
            }
        });
    }

    fn rename_task(&self, id: &str, content: &str) {
        self.edit_plan(|plan| {
            for_task(plan, id, |task| task["content"] = Value::from(content));
        });
    }

    fn add_note(&self, id: &str, text: &str) {
        self.edit_plan(|plan| {
            for_task(plan, id, |task| {
                let notes = task
                    .as_object_mut()
                    .expect("task object")
                    .entry("notes")
                    .or_insert_with(|| Value::Array(vec![]));
                notes.as_array_mut().expect("notes").push(Value::from(text));
            });
        });
    }

    /// `(id, content, status)` of every task, phase by phase: `(phase, [...])`.
    fn layout(&self) -> Vec<(String, Vec<Row>)> {
        let plan = self.env.plan();
        let str_of = |v: &Value| v.as_str().unwrap_or_default().to_string();
        plan["phases"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| {
                let tasks = p["tasks"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|t| t.get("removed").is_none())
                    .map(|t| {
                        (
                            str_of(&t["id"]),
                            str_of(&t["content"]),
                            str_of(&t["status"]),
                        )
                    })
                    .collect();
                (
                    format!("{} {}", str_of(&p["id"]), str_of(&p["name"])),
                    tasks,
                )
            })
            .collect()
    }

    fn task(&self, id: &str) -> Value {
        let plan = self.env.plan();
        let found =
            crate::common::tasks(&plan).filter(|t| t["id"] == id && t.get("removed").is_none());
        found.last().cloned().unwrap_or(Value::Null)
    }

    /// The plan file is one todo reads, with unique ids and no conflict markers.
    #[track_caller]
    fn assert_valid_plan(&self) {
        let text = self.env.plan_text();
        assert!(
            !text.contains("<<<<<<<") && !text.contains(">>>>>>>"),
            "{text}"
        );
        self.todo(&["show"]).ok();
        let plan = self.env.plan();
        let mut ids = HashSet::new();
        for phase in plan["phases"].as_array().into_iter().flatten() {
            assert!(ids.insert(phase["id"].to_string()), "{text}");
            // (A removed task's tombstone may share the id of the task,
            // moved elsewhere: it is no task.)
            for task in phase["tasks"].as_array().into_iter().flatten() {
                if task.get("removed").is_none() {
                    assert!(ids.insert(task["id"].to_string()), "{text}");
                }
            }
        }
    }

    /// The plan's rev in this working copy (`todo show --json`).
    fn rev(&self) -> u64 {
        let run = self.todo(&["show", "--json"]);
        run.ok();
        run.json()["rev"].as_u64().expect("rev")
    }
}

fn run(cmd: &mut Command) -> Run {
    Run::from(cmd.output().expect("run command"))
}

fn for_task(plan: &mut Value, id: &str, f: impl FnOnce(&mut Value)) {
    let mut f = Some(f);
    for phase in plan["phases"].as_array_mut().into_iter().flatten() {
        for task in phase["tasks"].as_array_mut().into_iter().flatten() {
            if task["id"] == id
                && let Some(f) = f.take()
            {
                f(task);
            }
        }
    }
}

/// One task as `(id, content, status)`.
type Row = (String, String, String);

fn tasks(list: &[(&str, &str, &str)]) -> Vec<Row> {
    list.iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

/// The web app plan (`TestEnv::web_app`) on `main`, with the driver set up and committed:
/// Auth t1 t2 t3, Billing t4 t5; rev 5.
fn repo_with_plan(driver: bool) -> Repo {
    let repo = Repo::new();
    repo.env.web_app();
    if driver {
        repo.todo(&["git-setup"]).ok();
    }
    repo.commit("plan");
    repo
}

/// Two branches that both changed the plan, one commit per change:
/// `feature` appends a task (SSO), completes t2, renames Billing, notes t4
/// and blocks its new task; `main` completes t1 (which auto-starts t2),
/// appends its own task (Refunds), renames Auth, notes t3 and blocks t5.
/// The ids the plan had, named as then (`t1`…`t5`, `p1`, `p2`).
fn two_branches(repo: &Repo) -> crate::common::Names {
    let names = repo.env.names();
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["append", "auth", "add SSO"]]);
    repo.commit("feature: plan SSO");
    repo.given(&[&["done", "rotate keys"]]);
    repo.commit("feature: keys rotated");
    repo.rename_phase(&names.id("p2"), "Payments");
    repo.commit("feature: Billing is Payments");
    repo.add_note(&names.id("t4"), "secret in vault");
    repo.commit("feature: note on webhooks");
    repo.given(&[&["block", "SSO", "--reason", "IdP contract"]]);
    repo.commit("feature: SSO waits for the IdP");

    repo.switch("main");
    repo.given(&[&["done", "oauth"]]);
    repo.commit("main: OAuth done");
    repo.given(&[&["append", "billing", "refunds"]]);
    repo.commit("main: plan refunds");
    repo.rename_phase(&names.id("p1"), "Identity");
    repo.commit("main: Auth is Identity");
    repo.add_note(&names.id("t3"), "per IP");
    repo.commit("main: note on rate limiting");
    repo.given(&[&["block", "invoice", "--reason", "tax rules"]]);
    repo.commit("main: invoices wait for tax rules");
    names
}

/// Everything both branches did, in one plan: every task under the id it
/// was made with (the two new tasks were minted apart, so none had to be
/// renumbered), with the ids written as their names (`sso`, `refunds` for
/// the new ones).
#[track_caller]
fn assert_both_branches(repo: &Repo, names: &crate::common::Names, sso: &str, refunds: &str) {
    repo.assert_valid_plan();
    let name = |id: &str| match id {
        id if id == sso => "sso".to_string(),
        id if id == refunds => "refunds".to_string(),
        id => names.of(id),
    };
    let layout: Vec<(String, Vec<Row>)> = repo
        .layout()
        .into_iter()
        .map(|(p, rows)| {
            (
                names.of(&p),
                rows.into_iter()
                    .map(|(id, c, st)| (name(&id), c, st))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        layout,
        vec![
            (
                "p1 Identity".to_string(),
                tasks(&[
                    ("t1", "Wire OAuth providers", "completed"),
                    ("t2", "Rotate keys", "completed"),
                    ("t3", "Add login rate limiting", "in_progress"),
                    ("sso", "Add SSO", "blocked"),
                ])
            ),
            (
                "p2 Payments".to_string(),
                tasks(&[
                    ("t4", "Wire Stripe webhooks", "pending"),
                    ("t5", "Invoice export", "blocked"),
                    ("refunds", "Refunds", "pending"),
                ])
            ),
        ]
    );
    assert_eq!(repo.task(sso)["blocker"], "IdP contract");
    assert_eq!(repo.task(&names.id("t5"))["blocker"], "tax rules");
    assert_eq!(
        repo.task(&names.id("t4"))["notes"],
        serde_json::json!(["secret in vault"])
    );
    assert_eq!(
        repo.task(&names.id("t3"))["notes"],
        serde_json::json!(["per IP"])
    );
    assert!(repo.git(&["status", "--porcelain"]).ok().stdout.is_empty());
}

/// The ids of SSO on `feature` and Refunds on `main`, as made there.
fn new_ids(repo: &Repo) -> (String, String) {
    repo.switch("feature");
    let sso = repo.id("Add SSO");
    repo.switch("main");
    let refunds = repo.id("Refunds");
    assert_ne!(sso, refunds);
    (sso, refunds)
}

#[test]
fn git_merge_of_two_branches_keeps_everything_both_did() {
    let repo = repo_with_plan(true);
    let names = two_branches(&repo);
    let (sso, refunds) = new_ids(&repo);
    let before = repo.rev();
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    run.ok();
    // Ids minted on two branches do not meet: nothing is renumbered.
    assert!(!run.stderr.contains("is now"), "{run:?}");
    assert_both_branches(&repo, &names, &sso, &refunds);
    // rev goes on rising in this working copy.
    assert!(repo.rev() > before);
}

#[test]
fn git_rebase_of_two_branches_keeps_everything_both_did() {
    let repo = repo_with_plan(true);
    let names = two_branches(&repo);
    let (sso, refunds) = new_ids(&repo);
    let before = repo.rev();
    repo.switch("feature");
    let run = repo.git(&["rebase", "main"]);
    run.ok();
    // Each replayed commit is merged by id; SSO keeps its id throughout
    // and the later commits still find it (the block lands on SSO).
    assert!(!run.stderr.contains("is now"), "{run:?}");
    assert_both_branches(&repo, &names, &sso, &refunds);
    assert!(repo.rev() > before);
    let log = repo.git(&["log", "--format=%s", "main..feature"]);
    assert_eq!(log.stdout.lines().count(), 5, "{log:?}");
}

#[test]
fn both_sides_append_a_task_under_the_same_new_id() {
    // Minted ids rarely meet; ids written by hand (or by an older todo's
    // counters) can: both branches add a task as t6.
    let repo = repo_with_plan(true);
    let n = repo.env.names();
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.add_task_by_hand("Billing", "t6", "Tax export");
    repo.commit("feature: tax export");
    repo.switch("main");
    repo.add_task_by_hand("Billing", "t6", "Refunds");
    repo.commit("main: refunds");
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    run.ok();
    let tax = repo.id("Tax export");
    assert!(crate::common::minted(&tax, 't'), "{tax}");
    assert!(
        run.stderr.contains(&format!(
            "  note {tax} \"Tax export\": new on both sides as t6 (ours: \"Refunds\"); theirs' is now {tax}\n"
        )),
        "{run:?}"
    );
    repo.assert_valid_plan();
    assert_eq!(
        repo.layout()[1].1,
        tasks(&[
            (&n.id("t4"), "Wire Stripe webhooks", "pending"),
            (&n.id("t5"), "Invoice export", "pending"),
            ("t6", "Refunds", "pending"),
            (&tax, "Tax export", "pending"),
        ])
    );
    // The next task appended gets a new id, not one of the merged ones.
    repo.todo(&["append", "billing", "dunning"]).ok();
    let dunning = repo.id("Dunning");
    assert!(![tax.as_str(), "t6"].contains(&dunning.as_str()));
    assert!(n.0.iter().all(|(_, id)| *id != dunning));
}

#[test]
fn completed_on_one_side_and_dropped_on_the_other_keeps_the_side_merged_in() {
    let repo = repo_with_plan(true);
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["drop", "rotate keys"]]);
    repo.commit("feature: drop key rotation");
    repo.switch("main");
    repo.given(&[&["done", "rotate keys"]]);
    repo.commit("main: keys rotated");
    let t2 = repo.id("Rotate keys");
    let before = repo.rev();
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    run.code(1);
    assert!(
        run.stderr.contains(&format!(
            "Merged the plan by id with 1 conflict (each resolved as shown; the plan written is complete and valid: review it, then git add it):\n  conflict {t2} \"Rotate keys\": status changed on both sides: completed on ours, abandoned on theirs; kept abandoned (theirs, merged in last)\n"
        )),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("CONFLICT (content): Merge conflict in .todo.json"),
        "{run:?}"
    );
    // The documented outcome, in a plan todo reads; git waits for a look:
    // as if feature's `drop` ran after main's `done`.
    repo.assert_valid_plan();
    assert_eq!(repo.task(&t2)["status"], "abandoned");
    assert_eq!(repo.task(&t2)["droppedBy"], "user");
    assert_eq!(
        repo.git(&["status", "--porcelain"]).stdout,
        "UU .todo.json\n"
    );
    repo.git(&["add", ".todo.json"]).ok();
    repo.git(&["commit", "--no-edit", "-q"]).ok();
    // The merged plan is not ours': one change to count, as any other
    // change made outside todo.
    assert_eq!(repo.rev(), before + 1);
}

#[test]
fn renamed_differently_on_both_sides_keeps_theirs_and_names_ours() {
    let repo = repo_with_plan(true);
    let t2 = repo.id("Rotate keys");
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.rename_task(&t2, "Rotate signing keys");
    repo.commit("feature: rename");
    repo.switch("main");
    repo.rename_task(&t2, "Rotate API keys");
    repo.commit("main: rename");
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    run.code(1);
    assert!(
        run.stderr.contains(&format!(
            "  conflict {t2} \"Rotate signing keys\": text changed on both sides; kept theirs, ours was \"Rotate API keys\"\n"
        )),
        "{run:?}"
    );
    repo.assert_valid_plan();
    assert_eq!(repo.task(&t2)["content"], "Rotate signing keys");
}

#[test]
fn without_the_driver_git_merges_the_plan_by_lines() {
    // Version 1 put `rev` and the id counters on lines every change
    // rewrote, so git's line merge conflicted or left two tasks under one
    // id. Version 2 has no such line and mints ids apart: the same two
    // branches now merge line by line, into a plan todo reads whole.
    let repo = repo_with_plan(false);
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[&["append", "auth", "add SSO"], &["done", "keys"]]);
    repo.commit("feature");
    repo.switch("main");
    repo.given(&[&["append", "billing", "refunds"]]);
    repo.commit("main");
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    run.ok();
    assert!(!repo.env.plan_text().contains("<<<<<<<"));
    repo.assert_valid_plan();
    let show = repo.todo(&["show"]);
    show.is(
        0,
        "# Auth\n- [/] Wire OAuth providers\n- [x] Rotate keys\n- [ ] Add login rate limiting\n- [ ] Add SSO\n\n# Billing\n- [ ] Wire Stripe webhooks\n- [ ] Invoice export\n- [ ] Refunds\n",
        "",
    );

    // With the driver set up, the same kind of merge is clean too.
    repo.git(&["switch", "-q", "-c", "other", "HEAD~2"]).ok();
    repo.given(&[&["append", "auth", "add MFA"]]);
    repo.commit("other");
    repo.switch("main");
    repo.todo(&["git-setup"]).ok();
    repo.commit("merge the plan by id");
    repo.git(&["merge", "--no-edit", "other"]).ok();
    repo.assert_valid_plan();
    assert!(repo.task(&repo.id("Add MFA"))["content"] == "Add MFA");
}

#[test]
fn git_setup_is_idempotent_and_check_tells() {
    let repo = Repo::new();
    let root = repo.env.root.display().to_string();
    std::fs::write(repo.env.root.join(".gitattributes"), "*.png binary").unwrap();
    repo.todo(&["git-setup", "--check"]).is(
        1,
        &format!("Git does not merge .todo.json with todo merge-file in {root}: git's merge attribute for .todo.json is unspecified, not todo; merge.todo.driver is not set. Run todo git-setup.\n"),
        "",
    );
    repo.todo(&["git-setup"]).is(
        0,
        &format!(
            "Added \".todo.json merge=todo\" to {root}/.gitattributes (commit it, so that every clone merges the plan by id).\n\
             Set git config merge.todo.name to \"todo: merge plan files by task id\".\n\
             Set git config merge.todo.driver to \"todo merge-file %O %A %B\".\n"
        ),
        "",
    );
    let attributes = std::fs::read_to_string(repo.env.root.join(".gitattributes")).unwrap();
    assert_eq!(attributes, "*.png binary\n.todo.json merge=todo\n");
    assert_eq!(
        repo.git(&["config", "merge.todo.driver"]).stdout,
        "todo merge-file %O %A %B\n"
    );
    repo.todo(&["git-setup"]).is(
        0,
        &format!("Already set up: git merges .todo.json with todo merge-file in {root}. Nothing changed.\n"),
        "",
    );
    assert_eq!(
        std::fs::read_to_string(repo.env.root.join(".gitattributes")).unwrap(),
        attributes
    );
    repo.todo(&["git-setup", "--check"]).is(
        0,
        &format!("Git merges .todo.json with todo merge-file in {root}.\n"),
        "",
    );

    // A fresh clone has the committed attribute but not the config: only
    // the config is set, from a subdirectory too.
    repo.git(&["config", "--unset", "merge.todo.driver"]).ok();
    std::fs::create_dir(repo.env.root.join("src")).unwrap();
    let mut cmd = Command::new(bin());
    repo.env_for(&mut cmd);
    let run = run(cmd
        .args(["git-setup"])
        .current_dir(repo.env.root.join("src")));
    run.is(
        0,
        "Set git config merge.todo.driver to \"todo merge-file %O %A %B\".\n",
        "",
    );
    assert_eq!(
        std::fs::read_to_string(repo.env.root.join(".gitattributes")).unwrap(),
        attributes
    );

    // A driver naming todo by its full path is kept.
    repo.git(&[
        "config",
        "merge.todo.driver",
        "/opt/todo merge-file %O %A %B",
    ])
    .ok();
    repo.todo(&["git-setup", "--check"]).ok();
    let json = repo.todo(&["git-setup", "--json"]).ok().json();
    assert_eq!(json["changes"], serde_json::json!([]));
    assert_eq!(json["configured"], true);
}

#[test]
fn git_setup_outside_a_repository_says_so() {
    let repo = Repo::new();
    let mut cmd = Command::new(bin());
    repo.env_for(&mut cmd);
    let outside = repo.env.home.clone();
    let run = run(cmd.args(["git-setup", "--check"]).current_dir(&outside));
    run.is(
        6,
        "",
        &format!(
            "Not in a git repository: no .git in {} or above. Run todo git-setup inside the repository.\n",
            outside.display()
        ),
    );
}

#[test]
fn merge_file_writes_the_result_over_ours() {
    let env = TestEnv::new();
    let dir = &env.root;
    let ours = BASE
        .replace("\"rev\": 3", "\"rev\": 4")
        .replace("\"in_progress\" }", "\"completed\" }")
        .replace(
            "\"Rotate keys\", \"status\": \"pending\"",
            "\"Rotate keys\", \"status\": \"in_progress\"",
        );
    let theirs = BASE
        .replace("\"rev\": 3", "\"rev\": 6")
        .replace("\"nextTaskId\": 3", "\"nextTaskId\": 4")
        .replace(
            "\"status\": \"pending\" }\n",
            "\"status\": \"pending\" },\n        { \"id\": \"t3\", \"content\": \"Add rate limiting\", \"status\": \"pending\" }\n",
        );
    std::fs::write(dir.join("base"), BASE).unwrap();
    std::fs::write(dir.join("ours"), &ours).unwrap();
    std::fs::write(dir.join("theirs"), &theirs).unwrap();
    env.run(&["merge-file", "base", "ours", "theirs"])
        .is(0, "", "");
    // Written in version 2's layout (its rev, one more than the larger
    // side's, is no longer in the file).
    let merged = std::fs::read_to_string(dir.join("ours")).unwrap();
    assert_eq!(
        merged,
        r#"{
  "version": 2,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t1",
        "content": "Wire OAuth providers", "status": "completed" }

      ,
      { "id": "t2",
        "content": "Rotate keys", "status": "in_progress" }

      ,
      { "id": "t3",
        "content": "Add rate limiting", "status": "pending" }

    ], "name": "Auth" }

  ]
}
"#
    );
    // Only the three files: the temporary file was renamed into place.
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".git", "base", "ours", "theirs"]);

    // A missing or empty base is an empty plan: tasks on both sides with
    // the same text are the same task made twice; the rest are new.
    for base in ["empty", "missing"] {
        std::fs::write(dir.join("ours"), &ours).unwrap();
        std::fs::write(dir.join("empty"), "").unwrap();
        let run = env.run(&["merge-file", "--json", base, "ours", "theirs"]);
        run.ok();
        let json = run.json();
        assert_eq!(json["clean"], true);
        assert_eq!(json["notes"], serde_json::json!([]));
        assert_eq!(json["rev"], 7, "one more than the larger side");
        assert_eq!(
            env.run(&["--file", "ours", "show", "--ids"]).ok().stdout,
            "p1  # Auth\nt1  - [x] Wire OAuth providers\nt2  - [/] Rotate keys\nt3  - [ ] Add rate limiting\n"
        );
    }
}

#[test]
fn merge_file_with_a_conflict_exits_1_and_lists_it() {
    let env = TestEnv::new();
    let dir = &env.root;
    let ours = BASE.replace("\"pending\"", "\"completed\"");
    let theirs = BASE.replace("\"pending\"", "\"abandoned\", \"droppedBy\": \"user\"");
    std::fs::write(dir.join("base"), BASE).unwrap();
    std::fs::write(dir.join("ours"), &ours).unwrap();
    std::fs::write(dir.join("theirs"), &theirs).unwrap();
    env.run(&["merge-file", "base", "ours", "theirs"]).is(
        1,
        "",
        "Merged the plan by id with 1 conflict (each resolved as shown; the plan written is complete and valid: review it, then git add it):\n  conflict t2 \"Rotate keys\": status changed on both sides: completed on ours, abandoned on theirs; kept abandoned (theirs, merged in last)\n",
    );
    assert_eq!(
        env.run(&["--file", "ours", "show"]).ok().stdout,
        "# Auth\n- [/] Wire OAuth providers\n- [-] Rotate keys <!-- dropped-by: person -->\n"
    );
    std::fs::write(dir.join("ours"), &ours).unwrap();
    let run = env.run(&["merge-file", "--json", "base", "ours", "theirs"]);
    run.code(1);
    let json = run.json();
    assert_eq!(json["clean"], false);
    assert_eq!(json["conflicts"][0]["id"], "t2");
    assert_eq!(json["rev"], 4);
}

#[test]
fn merge_file_refuses_a_broken_version_and_leaves_ours_alone() {
    let env = TestEnv::new();
    let dir = &env.root;
    // (A duplicate id is no longer broken: an unknown status is.)
    let broken = BASE.replace("\"pending\"", "\"waiting\"");
    std::fs::write(dir.join("base"), BASE).unwrap();
    std::fs::write(dir.join("ours"), BASE).unwrap();
    std::fs::write(dir.join("theirs"), &broken).unwrap();
    env.run(&["merge-file", "base", "ours", "theirs"]).is(
        5,
        "",
        "Plan file theirs:12:59 is broken: unknown status \"waiting\" (expected pending, in_progress, completed, abandoned or blocked) (in their version)\nNothing was changed. Fix the file (or restore it, e.g. with git), then retry.\n",
    );
    assert_eq!(std::fs::read_to_string(dir.join("ours")).unwrap(), BASE);

    std::fs::write(dir.join("ours"), "{\n  \"version\": 1,\n").unwrap();
    let run = env.run(&["merge-file", "base", "ours", "theirs"]);
    run.code(5);
    assert!(
        run.stderr.starts_with(
            "Plan file ours:3:1 is broken: EOF while parsing a value (in our version)"
        ),
        "{run:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("ours")).unwrap(),
        "{\n  \"version\": 1,\n"
    );
    env.run(&["merge-file", "base", "nothing", "theirs"]).is(
        6,
        "",
        "Cannot read our version nothing: no such file or directory\n",
    );
}

#[test]
fn the_merge_verbs_have_help() {
    let env = TestEnv::new();
    let help = env.run(&["help"]).ok().stdout.clone();
    assert!(help.contains("merge-file"), "{help}");
    assert!(help.contains("git-setup"), "{help}");
}

#[test]
fn git_setup_never_writes_through_a_gitattributes_linked_out_of_the_project() {
    let repo = Repo::new();
    let rc = repo.env.home.join(".bashrc");
    std::fs::write(&rc, "alias ll='ls -l'\n").unwrap();
    let attributes = repo.env.root.join(".gitattributes");
    std::os::unix::fs::symlink(&rc, &attributes).unwrap();
    for args in [&["git-setup"][..], &["git-setup", "--check"]] {
        let run = repo.todo(args);
        run.code(6);
        assert!(
            run.stderr.starts_with(&format!(
                "Not using {}: it is a symbolic link that leads outside the project",
                attributes.display()
            )),
            "{run:?}"
        );
    }
    assert_eq!(std::fs::read_to_string(&rc).unwrap(), "alias ll='ls -l'\n");
    // Nothing was configured either.
    repo.git(&["config", "--get", "merge.todo.driver"]).code(1);
}

/// BASE with one more task in phase Auth.
fn with_task(plan: &str, id: &str, content: &str) -> String {
    plan.replace(
        "\"status\": \"pending\" }\n",
        &format!(
            "\"status\": \"pending\" }},\n        {{ \"id\": \"{id}\", \"content\": \"{content}\", \"status\": \"pending\" }}\n"
        ),
    )
}

#[test]
fn merge_file_ends_when_both_sides_add_the_largest_id() {
    let env = TestEnv::new();
    let dir = &env.root;
    let top = format!("t{}", u64::MAX);
    let ours = with_task(BASE, &top, "Ours' new");
    let theirs = with_task(BASE, &top, "Theirs' new");
    std::fs::write(dir.join("base"), BASE).unwrap();
    std::fs::write(dir.join("ours"), &ours).unwrap();
    std::fs::write(dir.join("theirs"), &theirs).unwrap();
    let mut cmd = env.command();
    cmd.args(["merge-file", "base", "ours", "theirs"]);
    // It used to loop forever here, then stopped at the spent counter;
    // with no counters, theirs' task is renumbered like any other.
    let run = crate::common::run_within(&mut cmd, std::time::Duration::from_secs(20));
    run.code(0);
    let new =
        env.run(&["--file", "ours", "show", "--json"]).ok().json()["plan"]["phases"][0]["tasks"][3]
            ["id"]
            .as_str()
            .unwrap()
            .to_string();
    assert!(crate::common::minted(&new, 't'), "{new}");
    assert_eq!(
        run.stderr,
        format!(
            "Merged the plan by id: clean, 1 note:\n  note {new} \"Theirs' new\": new on both sides as {top} (ours: \"Ours' new\"); theirs' is now {new}\n"
        )
    );
    std::fs::write(dir.join("ours"), &ours).unwrap();
    // The same task made on both sides needs no new id, and merges.
    std::fs::write(dir.join("theirs"), &ours).unwrap();
    env.run(&["merge-file", "base", "ours", "theirs"])
        .is(0, "", "");
    let merged = std::fs::read_to_string(dir.join("ours")).unwrap();
    assert_eq!(merged.matches(&top).count(), 1, "{merged}");
}

/// Base and theirs (t2 completed) outside the project; ours is the live plan.
fn live_plan_merge(env: &TestEnv) -> Command {
    let theirs = BASE.replace("\"rev\": 3", "\"rev\": 4").replace(
        "\"Rotate keys\", \"status\": \"pending\"",
        "\"Rotate keys\", \"status\": \"completed\"",
    );
    std::fs::write(env.home.join("base.json"), BASE).unwrap();
    std::fs::write(env.home.join("theirs.json"), theirs).unwrap();
    env.write_plan(BASE);
    let mut cmd = env.command();
    cmd.arg("merge-file")
        .arg(env.home.join("base.json"))
        .arg(".todo.json")
        .arg(env.home.join("theirs.json"));
    cmd
}

/// Does process `pid` have `path` open? Read from `/proc`; where there is
/// none (macOS), `true`: the test goes on at once and proves less.
fn has_open(pid: u32, path: &Path) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return !Path::new("/proc/self/fd").exists();
    };
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    fds.flatten()
        .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|p| p == path))
}

#[test]
fn merge_file_reads_the_live_plan_under_the_plan_lock() {
    let env = TestEnv::new();
    let mut cmd = live_plan_merge(&env);
    // Hold the plan's lock (todo's lock is on the plan's directory), start
    // the driver, and change the plan as a `todo append` holding the lock
    // would. The driver must read the plan only once it has the lock.
    let lock = std::fs::File::open(&env.root).expect("project directory");
    lock.lock().expect("lock");
    let child = Running::start(cmd.stdin(std::process::Stdio::null()));
    // The driver opens the plan's directory to take the lock: once it has
    // it open, it is waiting for the lock.
    wait_until(HUNG, "the driver to reach the plan's lock", || {
        has_open(child.id(), &env.root)
    });
    let appended = with_task(BASE, "t3", "Appended meanwhile")
        .replace("\"rev\": 3", "\"rev\": 4")
        .replace("\"nextTaskId\": 3", "\"nextTaskId\": 4");
    env.write_plan(&appended);
    lock.unlock().expect("unlock");
    child.finish(HUNG).ok();
    assert_eq!(
        env.statuses(),
        crate::common::s(&[
            ("Wire OAuth providers", "in_progress"),
            ("Rotate keys", "completed"),
            ("Appended meanwhile", "pending"),
        ])
    );
    // The merge is one change of the live plan (at rev 4, a version 1
    // file's own): rev 5, never lower.
    assert_eq!(env.rev(), 5);
}

#[test]
fn merge_file_on_the_live_plan_loses_no_concurrent_append() {
    let env = TestEnv::new();
    let mut merge = live_plan_merge(&env);
    let mut children = Vec::new();
    for i in 0..20 {
        if i == 8 {
            children.push(Running::start(merge.stdin(std::process::Stdio::null())));
        }
        children.push(env.start(&["append", "-q", &format!("task number {i}")], b""));
    }
    for child in children {
        child.finish(HUNG).ok();
    }
    let statuses = env.statuses();
    for i in 0..20 {
        let want = format!("Task number {i}");
        assert!(
            statuses.iter().any(|(c, _)| *c == want),
            "{want} was lost: {statuses:?}"
        );
    }
    assert!(statuses.contains(&("Rotate keys".to_string(), "completed".to_string())));
    assert_eq!(statuses.len(), 22);
}

#[test]
fn objectives_and_findings_added_on_both_branches_are_all_kept() {
    let repo = repo_with_plan(true);
    repo.given(&[&["objective", "add", "Ship auth"]]);
    repo.commit("objective");
    let o1 = repo.env.aim_id("objectives", "Ship auth");
    repo.git(&["switch", "-q", "-c", "feature"]).ok();
    repo.given(&[
        &["objective", "add", "Bill monthly"],
        &["finding", "Stripe retries for 3 days"],
        &["objective", "drop", &o1],
    ]);
    repo.commit("feature: billing aims");
    let (bill, stripe) = (
        repo.env.aim_id("objectives", "Bill monthly"),
        repo.env.aim_id("findings", "Stripe retries for 3 days"),
    );
    repo.switch("main");
    repo.given(&[
        &["objective", "add", "Keep keys safe"],
        &["finding", "the IdP caps tokens"],
        &["objective", "done", &o1],
    ]);
    repo.commit("main: key aims");
    let (keys, idp) = (
        repo.env.aim_id("objectives", "Keep keys safe"),
        repo.env.aim_id("findings", "the IdP caps tokens"),
    );
    let run = repo.git(&["merge", "--no-edit", "feature"]);
    // Both set o1's status: a conflict, resolved by the documented rule.
    run.code(1);
    assert!(
        run.stderr.contains(&format!(
            "  conflict {o1} \"Ship auth\": status set to done on ours and dropped on theirs; kept dropped (theirs, merged in last)\n"
        )),
        "{run:?}"
    );
    // Made on both sides, minted apart: nothing renumbered.
    assert!(!run.stderr.contains("renumbered"), "{run:?}");
    repo.assert_valid_plan();
    let plan = repo.env.plan();
    let texts = |key: &str| -> Vec<(String, String)> {
        plan[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|o| {
                (
                    o["id"].as_str().unwrap_or_default().to_string(),
                    o["text"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        texts("objectives"),
        crate::common::s(&[
            (&o1, "Ship auth"),
            (&keys, "Keep keys safe"),
            (&bill, "Bill monthly")
        ])
    );
    assert_eq!(
        texts("findings"),
        crate::common::s(&[
            (&idp, "the IdP caps tokens"),
            (&stripe, "Stripe retries for 3 days")
        ])
    );
    assert_eq!(plan["objectives"][0]["status"], "dropped");
    assert!(plan.get("nextObjectiveId").is_none(), "{plan}");
    // New ids after the merge are new.
    repo.todo(&["objective", "add", "Next"]).ok();
    let next = repo.env.aim_id("objectives", "Next");
    assert!(crate::common::minted(&next, 'o'), "{next}");
    assert!(![&o1, &keys, &bill].contains(&&next));
}
