//! The plan in git, merged where no driver runs (a forge's merge button, a
//! fresh clone, `git rebase`, `git stash pop`): real git repositories, real
//! branches made with the CLI, merged with git's own line merge.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{Run, Shape, TestEnv, shape, shape_of, tasks};

/// A project that is a real git repository, with the plan committed.
struct Repo {
    env: TestEnv,
}

impl Repo {
    fn new() -> Repo {
        let repo = Repo {
            env: TestEnv::new(),
        };
        repo.env.git_init(|args| repo.git(args));
        repo
    }

    fn git_in(&self, dir: &Path, args: &[&str]) -> std::process::Output {
        Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("HOME", &self.env.home)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_DATE", "2026-01-01T12:00:00Z")
            .env("GIT_COMMITTER_DATE", "2026-01-01T12:00:00Z")
            .output()
            .expect("run git")
    }

    /// Run git in the project, asserting success; its stdout.
    #[track_caller]
    fn git(&self, args: &[&str]) -> String {
        let out = self.git_in(&self.env.root, args);
        assert!(
            out.status.success(),
            "git {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn todo(&self, args: &[&str]) -> Run {
        self.env.run(args)
    }

    /// Run todo commands, asserting success.
    fn given(&self, commands: &[&[&str]]) {
        self.env.given(commands);
    }

    fn commit(&self, message: &str) {
        self.git(&["add", ".todo.json"]);
        self.git(&["commit", "-q", "-m", message]);
    }

    /// The plan as `todo show --json` gives it.
    fn plan(&self) -> Value {
        let run = self.todo(&["show", "--json"]);
        run.ok();
        run.json()["plan"].clone()
    }

    /// `[(phase, [(content, status)])]`.
    fn shape(&self) -> Shape {
        shape(&self.plan())
    }

    /// The id of the task whose text is `content`.
    fn id(&self, content: &str) -> String {
        let plan = self.plan();
        tasks(&plan)
            .find(|t| t["content"] == content)
            .and_then(|t| t["id"].as_str())
            .unwrap_or_else(|| panic!("no task {content:?} in {plan}"))
            .to_string()
    }

    fn phase_id(&self, name: &str) -> String {
        let plan = self.plan();
        plan["phases"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == name)
            .and_then(|p| p["id"].as_str())
            .unwrap_or_else(|| panic!("no phase {name:?} in {plan}"))
            .to_string()
    }

    /// Make branches `a` and `b` from `main`, each with its commands, and
    /// go back to `main`.
    fn branches(&self, a: &[&[&str]], b: &[&[&str]]) {
        for (name, commands) in [("a", a), ("b", b)] {
            self.git(&["checkout", "-q", "-b", name, "main"]);
            self.given(commands);
            self.commit(name);
        }
        self.git(&["checkout", "-q", "main"]);
    }

    /// `git merge-tree --write-tree a b`, as forges merge: whether it was
    /// clean, and the merged plan file.
    fn merge_tree(&self) -> (bool, String) {
        let out = self.git_in(&self.env.root, &["merge-tree", "--write-tree", "a", "b"]);
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "merge-tree: {out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let tree = stdout.lines().next().unwrap_or_default().to_string();
        let file = self.git(&["cat-file", "-p", &format!("{tree}:.todo.json")]);
        (code == Some(0), file)
    }
}

/// A committed plan: Auth a1..a4 (a1 in progress), Docs d1, d2.
fn base() -> Repo {
    let repo = Repo::new();
    repo.given(&[
        &["append", "-p", "Auth", "a1"],
        &["append", "-p", "Auth", "a2"],
        &["append", "-p", "Auth", "a3"],
        &["append", "-p", "Auth", "a4"],
        &["append", "-p", "Docs", "d1"],
        &["append", "-p", "Docs", "d2"],
    ]);
    repo.commit("base");
    repo
}

/// Branches `a` and `b` from the base, merged as a forge does: clean, and
/// the merged file reads as `want`.
#[track_caller]
fn merges_clean(repo: &Repo, a: &[&[&str]], b: &[&[&str]], want: &[(&str, &[(&str, &str)])]) {
    repo.branches(a, b);
    let (clean, file) = repo.merge_tree();
    assert!(clean, "expected a clean merge:\n{file}");
    repo.env.write_plan(&file);
    assert_eq!(repo.shape(), shape_of(want), "\n{file}");
}

const P: &str = "pending";
const I: &str = "in_progress";
const C: &str = "completed";

#[test]
fn neighbouring_tasks_changed_on_two_branches_merge() {
    let repo = base();
    let (a2, a3) = (repo.id("A2"), repo.id("A3"));
    merges_clean(
        &repo,
        &[&["done", &a2], &["note", &a2, "left"]],
        &[&["done", &a3], &["rename", &a3, "--", "A3 renamed"]],
        &[
            (
                "Auth",
                &[("A1", I), ("A2", C), ("A3 renamed", C), ("A4", P)],
            ),
            ("Docs", &[("D1", P), ("D2", P)]),
        ],
    );
}

#[test]
fn removing_neighbours_and_the_last_task_beside_an_append_merge() {
    let repo = base();
    let (a2, a3, a4) = (repo.id("A2"), repo.id("A3"), repo.id("A4"));
    let auth = repo.phase_id("Auth");
    merges_clean(
        &repo,
        &[&["rm", &a2], &["rm", &a4]],
        &[&["rm", &a3], &["append", "-p", &auth, "a5"]],
        &[
            ("Auth", &[("A1", I), ("A5", P)]),
            ("Docs", &[("D1", P), ("D2", P)]),
        ],
    );
}

#[test]
fn a_new_phase_beside_an_append_to_the_last_phase_and_a_change_to_its_last_task() {
    let repo = base();
    let (d2, docs) = (repo.id("D2"), repo.phase_id("Docs"));
    merges_clean(
        &repo,
        &[&["done", &d2], &["append", "-p", "Release", "r1"]],
        &[&["append", "-p", &docs, "d3"]],
        &[
            ("Auth", &[("A1", I), ("A2", P), ("A3", P), ("A4", P)]),
            ("Docs", &[("D1", P), ("D2", C), ("D3", P)]),
            ("Release", &[("R1", P)]),
        ],
    );
}

#[test]
fn appends_to_different_phases_get_different_ids() {
    let repo = base();
    let (auth, docs) = (repo.phase_id("Auth"), repo.phase_id("Docs"));
    merges_clean(
        &repo,
        &[
            &["append", "-p", &auth, "a5"],
            &["append", "-p", &auth, "a6"],
        ],
        &[
            &["append", "-p", &docs, "d3"],
            &["append", "-p", &docs, "d4"],
        ],
        &[
            (
                "Auth",
                &[
                    ("A1", I),
                    ("A2", P),
                    ("A3", P),
                    ("A4", P),
                    ("A5", P),
                    ("A6", P),
                ],
            ),
            ("Docs", &[("D1", P), ("D2", P), ("D3", P), ("D4", P)]),
        ],
    );
    let plan = repo.plan();
    let mut ids: Vec<&str> = tasks(&plan).filter_map(|t| t["id"].as_str()).collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "{plan}");
    // Must not: the file carries no line every change rewrites.
    let file = repo.env.plan_text();
    for key in ["\"rev\"", "nextTaskId", "nextPhaseId"] {
        assert!(!file.contains(key), "{key} in\n{file}");
    }
}

#[test]
fn the_same_task_changed_on_both_branches_conflicts() {
    let repo = base();
    let a2 = repo.id("A2");
    repo.branches(&[&["done", &a2]], &[&["drop", &a2]]);
    let (clean, _) = repo.merge_tree();
    assert!(
        !clean,
        "a task completed on one side and dropped on the other must conflict"
    );
}

#[test]
fn two_starts_merge_clean_and_are_settled_shown_and_reported() {
    let repo = base();
    let (a3, d1) = (repo.id("A3"), repo.id("D1"));
    repo.branches(&[&["start", &a3]], &[&["start", &d1]]);
    let (clean, file) = repo.merge_tree();
    assert!(clean, "{file}");
    repo.env.write_plan(&file);
    // Read without error, settled by the one-in-progress rule (the first in
    // plan order), and said so.
    let show = repo.todo(&["show"]);
    show.ok();
    assert!(show.stdout.contains("- [/] A3\n"), "{show:?}");
    assert!(show.stdout.contains("- [ ] D1\n"), "{show:?}");
    assert!(
        show.stderr.contains("2 tasks were in progress")
            && show
                .stderr
                .contains(&format!("{a3} \"A3\" stays in progress")),
        "{show:?}"
    );
    let check = repo.todo(&["check", "--json"]);
    check.code(1);
    let settled = check.json()["settled"].clone();
    assert!(
        settled[0]
            .as_str()
            .is_some_and(|s| s.contains("in progress")),
        "{check:?}"
    );
    // The file is left as merged until a change writes the settled plan.
    assert_eq!(repo.env.plan_text(), file);
    repo.todo(&["note", &a3, "merged"]).ok();
    let after = repo.todo(&["show"]);
    assert_eq!(after.stderr, "", "settled and written: {after:?}");
    assert_eq!(
        repo.shape(),
        shape_of(&[
            ("Auth", &[("A1", P), ("A2", P), ("A3", I), ("A4", P)]),
            ("Docs", &[("D1", P), ("D2", P)]),
        ])
    );
}

#[test]
fn one_task_moved_to_two_phases_stays_in_the_first() {
    let repo = base();
    let a4 = repo.id("A4");
    repo.branches(&[&["mv", &a4, "Docs"]], &[&["mv", &a4, "Release"]]);
    let (clean, file) = repo.merge_tree();
    assert!(clean, "{file}");
    repo.env.write_plan(&file);
    let show = repo.todo(&["show", "--json"]);
    show.ok();
    assert_eq!(
        shape(&show.json()["plan"]),
        shape_of(&[
            ("Auth", &[("A1", I), ("A2", P), ("A3", P)]),
            ("Docs", &[("D1", P), ("D2", P), ("A4", P)]),
            ("Release", &[]),
        ])
    );
    assert!(
        show.json()["settled"][0]
            .as_str()
            .is_some_and(|s| s.contains(&format!("{a4} \"A4\" was in two places (Docs, Release)"))),
        "{show:?}"
    );
}

#[test]
fn two_tasks_under_one_id_are_both_kept_and_the_later_renumbered_alike_on_every_read() {
    let repo = Repo::new();
    repo.env.write_plan(
        r#"{
  "version": 2,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t4kq9x",
        "content": "Write docs", "status": "pending" }

      ,
      { "id": "t4kq9x",
        "content": "Ship it", "status": "pending" }

    ], "name": "Release" }

  ]
}
"#,
    );
    let first = repo.todo(&["show", "--ids"]);
    first.ok();
    let again = repo.todo(&["show", "--ids"]);
    assert_eq!(first.stdout, again.stdout);
    assert!(
        first
            .stderr
            .contains("t4kq9x named two tasks; \"Ship it\" is now t"),
        "{first:?}"
    );
    let new = repo.id("Ship it");
    assert_ne!(new, "t4kq9x");
    // The id shown is the id that works, and a change writes it down.
    repo.todo(&["done", &new]).ok();
    assert!(repo.env.plan_text().contains(&format!("\"id\": \"{new}\"")));
    assert_eq!(repo.todo(&["show"]).stderr, "");
}

#[test]
fn rebase_cherry_pick_and_stash_pop_merge_the_plan_too() {
    let repo = base();
    let (a2, d1) = (repo.id("A2"), repo.id("D1"));
    repo.branches(&[&["done", &a2]], &[&["block", &d1, "--reason", "waiting"]]);
    // Rebase b onto a.
    repo.git(&["checkout", "-q", "b"]);
    repo.git(&["rebase", "-q", "a"]);
    assert_eq!(
        repo.shape(),
        shape_of(&[
            ("Auth", &[("A1", I), ("A2", C), ("A3", P), ("A4", P)]),
            ("Docs", &[("D1", "blocked"), ("D2", P)]),
        ])
    );
    // Cherry-pick a's commit onto main.
    repo.git(&["checkout", "-q", "main"]);
    repo.git(&["cherry-pick", "a"]);
    assert!(repo.shape()[0].1.contains(&("A2".into(), C.into())));
    // A change left in the work tree, stashed across a pull of b.
    let a3 = repo.id("A3");
    repo.todo(&["note", &a3, "stashed"]).ok();
    repo.git(&["stash", "-q"]);
    repo.git(&["merge", "-q", "--no-edit", "b"]);
    repo.git(&["stash", "pop", "-q"]);
    let plan = repo.plan();
    let a3_task = tasks(&plan).find(|t| t["content"] == "A3").cloned();
    assert_eq!(
        a3_task.map(|t| t["notes"].clone()),
        Some(serde_json::json!(["stashed"]))
    );
    assert!(repo.shape()[1].1.contains(&("D1".into(), "blocked".into())));
}

#[test]
fn if_rev_never_accepts_a_value_read_before_a_merge_or_checkout() {
    let repo = base();
    let a2 = repo.id("A2");
    repo.git(&["checkout", "-q", "-b", "a"]);
    repo.todo(&["done", &a2]).ok();
    repo.commit("a");
    repo.git(&["checkout", "-q", "main"]);
    let rev = repo.todo(&["show", "--json"]).json()["rev"]
        .as_u64()
        .unwrap();
    repo.git(&["merge", "-q", "a"]);
    let after = repo.todo(&["show", "--json"]).json()["rev"]
        .as_u64()
        .unwrap();
    assert_eq!(after, rev + 1, "a merge counts as one change");
    let stale = repo.todo(&["--if-rev", &rev.to_string(), "done", "A3"]);
    stale.code(4);
    // Back and forth: every other content is another rev, never an old one.
    repo.git(&["checkout", "-q", "HEAD~1"]);
    let older = repo.todo(&["show", "--json"]).json()["rev"]
        .as_u64()
        .unwrap();
    assert!(older > after, "{older} after {after}");
    repo.todo(&["--if-rev", &after.to_string(), "done", "A3"])
        .code(4);
    repo.todo(&["--if-rev", &older.to_string(), "done", "A3"])
        .ok();
}

#[test]
fn a_version_1_plan_is_read_and_rewritten_as_version_2_losing_nothing() {
    let repo = Repo::new();
    repo.env.write_plan(
        r#"{
  "version": 1,
  "rev": 12,
  "nextPhaseId": 3,
  "nextTaskId": 10,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
        { "id": "t1", "content": "Wire OAuth providers", "status": "completed", "by": "person", "at": "2026-01-01T00:00:00Z", "checks": "person", "later": [1, 2] },
        { "id": "t7", "content": "Rotate keys", "status": "blocked", "blocker": "vendor sandbox" }
      ],
      "owner": "ops"
    }
  ],
  "team": { "name": "core" }
}
"#,
    );
    let show = repo.todo(&["show", "--json"]);
    show.ok();
    assert_eq!(
        show.json()["rev"],
        12,
        "the working copy's count starts at the file's rev"
    );
    repo.todo(&["append", "-p", "Auth", "new"]).ok();
    let file = repo.env.plan_text();
    assert!(file.starts_with("{\n  \"version\": 2,\n"), "{file}");
    for kept in [
        "\"later\": [1,2]",
        "\"owner\": \"ops\"",
        "\"team\"",
        "\"checks\": \"person\"",
        "\"by\": \"person\"",
        "{ \"id\": \"t7\",",
    ] {
        assert!(file.contains(kept), "{kept} lost:\n{file}");
    }
    assert!(
        !file.contains("nextTaskId") && !file.contains("\"rev\""),
        "{file}"
    );
    assert_eq!(repo.todo(&["show", "--json"]).json()["rev"], 13);
    repo.todo(&["done", "t7"]).ok();
    // A version this todo does not know is refused, as an older todo
    // refuses version 2.
    repo.env
        .write_plan(&file.replace("\"version\": 2", "\"version\": 3"));
    let newer = repo.todo(&["show"]);
    newer.code(5);
    assert!(newer.stderr.contains("unknown version 3"), "{newer:?}");
}

#[test]
fn a_tombstone_stays_thirty_days_then_the_next_change_drops_it() {
    let repo = base();
    let a2 = repo.id("A2");
    repo.todo(&["rm", &a2]).ok();
    let file = repo.env.plan_text();
    assert!(
        file.contains(&format!(
            "{{ \"id\": \"{a2}\",\n        \"removed\": \"2026-01-02\" }}"
        )),
        "{file}"
    );
    // Readers skip it; it is not a task.
    assert!(!repo.todo(&["show"]).stdout.contains("A2"));
    let later = |now: &str, args: &[&str]| {
        repo.env
            .run_with(args, |c| {
                c.env("TODO_NOW", now);
            })
            .ok();
    };
    later("2026-01-31T00:00:00Z", &["done", "A3"]);
    assert!(repo.env.plan_text().contains(&format!("\"id\": \"{a2}\"")));
    later("2026-02-02T00:00:00Z", &["done", "A4"]);
    assert!(!repo.env.plan_text().contains(&format!("\"id\": \"{a2}\"")));
    // Undo of a removal puts the task back where it stood.
    let repo = base();
    let a2 = repo.id("A2");
    repo.todo(&["rm", &a2]).ok();
    repo.todo(&["undo"]).ok();
    assert_eq!(
        repo.shape()[0].1,
        shape_of(&[("", &[("A1", I), ("A2", P), ("A3", P), ("A4", P)])])[0].1
    );
    assert!(!repo.env.plan_text().contains("removed"));
}

#[test]
fn a_resolved_conflict_moves_rev_on_never_back() {
    let repo = base();
    let a2 = repo.id("A2");
    repo.branches(&[&["done", &a2]], &[&["drop", &a2]]);
    repo.git(&["checkout", "-q", "a"]);
    let before = repo.todo(&["show", "--json"]).json()["rev"]
        .as_u64()
        .unwrap();
    let merge = repo.git_in(&repo.env.root, &["merge", "--no-edit", "b"]);
    assert!(
        !merge.status.success(),
        "the same task changed on both: a conflict"
    );
    repo.todo(&["show"]).code(5);
    repo.todo(&["resolve"]).ok();
    let after = repo.todo(&["show", "--json"]).json()["rev"]
        .as_u64()
        .unwrap();
    assert!(after > before, "rev {after} after {before}");
    repo.todo(&["--if-rev", &before.to_string(), "done", "A3"])
        .code(4);
    repo.todo(&["--if-rev", &after.to_string(), "done", "A3"])
        .ok();
}
