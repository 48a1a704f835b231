//! `TestEnv`: a temporary project (with `.git`) and a way to run `todo` in it
//! with a fixed, clean environment.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

pub struct TestEnv {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub home: PathBuf,
}

/// One finished run, shown whole when an assertion fails.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl fmt::Debug for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}---",
            self.code, self.stdout, self.stderr
        )
    }
}

impl Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Assert exit status, stdout and stderr exactly.
    #[track_caller]
    pub fn is(&self, code: i32, stdout: &str, stderr: &str) -> &Run {
        assert_eq!(
            (self.code, self.stdout.as_str(), self.stderr.as_str()),
            (code, stdout, stderr),
            "\n{self:?}"
        );
        self
    }

    #[track_caller]
    pub fn ok(&self) -> &Run {
        assert_eq!(self.code, 0, "\n{self:?}");
        self
    }

    #[track_caller]
    pub fn code(&self, code: i32) -> &Run {
        assert_eq!(self.code, code, "\n{self:?}");
        self
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}):\n{self:?}"))
    }
}

pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_todo"))
}

impl TestEnv {
    /// A project root holding `.git`, inside a scratch HOME.
    pub fn new() -> TestEnv {
        let dir = tempfile::tempdir().expect("tempdir");
        let base = dir.path().to_path_buf();
        let home = base.join("home");
        let root = base.join("project");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::create_dir_all(root.join(".git")).expect("project");
        TestEnv {
            _dir: dir,
            root,
            home,
        }
    }

    /// A `todo` command in `dir` with a clean environment.
    pub fn command_in(&self, dir: &Path) -> Command {
        let mut cmd = Command::new(bin());
        cmd.current_dir(dir)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("TODO_HISTORY_DIR", self.home.join("history"))
            .env("LC_ALL", "C.UTF-8");
        cmd
    }

    pub fn command(&self) -> Command {
        self.command_in(&self.root)
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_in(&self.root, args)
    }

    pub fn run_in(&self, dir: &Path, args: &[&str]) -> Run {
        Run::from(self.command_in(dir).args(args).output().expect("run todo"))
    }

    pub fn run_with(&self, args: &[&str], f: impl FnOnce(&mut Command)) -> Run {
        let mut cmd = self.command();
        cmd.args(args);
        f(&mut cmd);
        Run::from(cmd.output().expect("run todo"))
    }

    pub fn plan_path(&self) -> PathBuf {
        self.root.join(".todo.json")
    }

    pub fn plan_text(&self) -> String {
        std::fs::read_to_string(self.plan_path()).expect("plan file")
    }

    pub fn plan(&self) -> Value {
        serde_json::from_str(&self.plan_text()).expect("plan is JSON")
    }

    pub fn write_plan(&self, text: &str) {
        std::fs::write(self.plan_path(), text).expect("write plan");
    }

    /// Run each command, asserting success.
    pub fn given(&self, commands: &[&[&str]]) {
        for args in commands {
            self.run(args).ok();
        }
    }

    /// `[(content, status)]` of every task in plan order.
    pub fn statuses(&self) -> Vec<(String, String)> {
        let plan = self.plan();
        let mut out = Vec::new();
        for phase in plan["phases"].as_array().into_iter().flatten() {
            for task in phase["tasks"].as_array().into_iter().flatten() {
                out.push((
                    task["content"].as_str().unwrap_or_default().to_string(),
                    task["status"].as_str().unwrap_or_default().to_string(),
                ));
            }
        }
        out
    }

    pub fn rev(&self) -> u64 {
        self.plan()["rev"].as_u64().expect("rev")
    }

    /// The plan of the SPEC examples: Auth (3 tasks), Billing (2).
    pub fn web_app(&self) {
        self.given(&[
            &["append", "auth", "wire OAuth providers"],
            &["append", "auth", "rotate keys"],
            &["append", "auth", "add login rate limiting"],
            &["append", "billing", "wire Stripe webhooks"],
            &["append", "billing", "invoice export"],
        ]);
    }
}

pub fn s(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// A small plan file in todo's own layout: phase Auth with two tasks.
pub const TWO_TASKS: &str = r#"{
  "version": 1,
  "rev": 3,
  "nextPhaseId": 2,
  "nextTaskId": 3,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
        { "id": "t1", "content": "Wire OAuth providers", "status": "in_progress" },
        { "id": "t2", "content": "Rotate keys", "status": "pending" }
      ]
    }
  ]
}
"#;
