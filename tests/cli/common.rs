//! `TestEnv`: a temporary project (with `.git`) and a way to run `todo` in it
//! with a fixed, clean environment.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub(crate) struct TestEnv {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub home: PathBuf,
}

/// One finished run, shown whole when an assertion fails.
pub(crate) struct Run {
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
    pub(crate) fn from(out: std::process::Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Assert exit status, stdout and stderr exactly.
    #[track_caller]
    pub(crate) fn is(&self, code: i32, stdout: &str, stderr: &str) -> &Run {
        assert_eq!(
            (self.code, self.stdout.as_str(), self.stderr.as_str()),
            (code, stdout, stderr),
            "\n{self:?}"
        );
        self
    }

    #[track_caller]
    pub(crate) fn ok(&self) -> &Run {
        assert_eq!(self.code, 0, "\n{self:?}");
        self
    }

    #[track_caller]
    pub(crate) fn code(&self, code: i32) -> &Run {
        assert_eq!(self.code, code, "\n{self:?}");
        self
    }

    /// This run with the ids in its output written as their names (see
    /// [`TestEnv::names`]).
    pub(crate) fn named(&self, names: &Names) -> Run {
        Run {
            code: self.code,
            stdout: names.of(&self.stdout),
            stderr: names.of(&self.stderr),
        }
    }

    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}):\n{self:?}"))
    }
}

pub(crate) fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_todo"))
}

impl TestEnv {
    /// A project root holding `.git`, inside a scratch HOME.
    pub(crate) fn new() -> TestEnv {
        let dir = tempfile::tempdir().expect("tempdir");
        let base = dir.path().to_path_buf();
        let home = base.join("home");
        let root = base.join("project");
        std::fs::create_dir_all(&home).expect("home");
        // The system's temporary directory for `todo` (TMPDIR, below): an
        // edit that keeps its file keeps it here, and it goes with the rest.
        std::fs::create_dir_all(home.join("tmp")).expect("tmp");
        std::fs::create_dir_all(root.join(".git")).expect("project");
        TestEnv {
            _dir: dir,
            root,
            home,
        }
    }

    /// [`TestEnv::new`] with an empty plan file: an agent's hook mirrors
    /// its list only into a plan that exists.
    pub(crate) fn with_empty_plan() -> TestEnv {
        let env = TestEnv::new();
        env.write_plan("{\"version\":2,\"phases\":[]}\n");
        env
    }

    /// A `todo` command in `dir` with a clean environment.
    pub(crate) fn command_in(&self, dir: &Path) -> Command {
        let mut cmd = Command::new(bin());
        cmd.current_dir(dir)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("TMPDIR", self.home.join("tmp"))
            .env("TODO_HISTORY_DIR", self.home.join("history"))
            .env("TODO_NOW", "2026-01-02T03:04:05Z")
            .env("LC_ALL", "C.UTF-8");
        cmd
    }

    pub(crate) fn command(&self) -> Command {
        self.command_in(&self.root)
    }

    pub(crate) fn run(&self, args: &[&str]) -> Run {
        self.run_in(&self.root, args)
    }

    pub(crate) fn run_in(&self, dir: &Path, args: &[&str]) -> Run {
        Run::from(self.command_in(dir).args(args).output().expect("run todo"))
    }

    /// Run `todo ARGS` with `input` on its stdin; `f` may add to the
    /// command. A refusal may come before all the input is read, so a
    /// closed stdin is not an error here.
    pub(crate) fn run_stdin(
        &self,
        args: &[&str],
        input: &[u8],
        f: impl FnOnce(&mut Command),
    ) -> Run {
        let mut cmd = self.command();
        cmd.args(args).stdin(Stdio::piped());
        f(&mut cmd);
        run_input(&mut cmd, input)
    }

    /// The plan's undo history, the one `.jsonl` file in the history
    /// directory.
    pub(crate) fn history_file(&self) -> PathBuf {
        let files: Vec<_> = std::fs::read_dir(self.home.join("history"))
            .expect("the history directory")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        match &files[..] {
            [file] => file.clone(),
            _ => panic!("not one history file: {files:?}"),
        }
    }

    /// An executable shell script `name` in the scratch HOME (an editor,
    /// a stand-in for a tool), `body` after its `#!/bin/sh` line.
    pub(crate) fn script(&self, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.home.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write a script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    /// Start `todo ARGS` with `input` on its stdin (closed after it), to
    /// run beside others; [`Running::finish`] waits for it.
    pub(crate) fn start(&self, args: &[&str], input: &[u8]) -> Running {
        let mut running = Running::start(self.command().args(args).stdin(Stdio::piped()));
        running.write(input).expect("write to todo's stdin");
        running.stdin = None;
        running
    }

    pub(crate) fn run_with(&self, args: &[&str], f: impl FnOnce(&mut Command)) -> Run {
        let mut cmd = self.command();
        cmd.args(args);
        f(&mut cmd);
        Run::from(cmd.output().expect("run todo"))
    }

    pub(crate) fn plan_path(&self) -> PathBuf {
        self.root.join(".todo.json")
    }

    pub(crate) fn plan_text(&self) -> String {
        std::fs::read_to_string(self.plan_path()).expect("plan file")
    }

    pub(crate) fn plan(&self) -> Value {
        serde_json::from_str(&self.plan_text()).expect("plan is JSON")
    }

    pub(crate) fn write_plan(&self, text: &str) {
        std::fs::write(self.plan_path(), text).expect("write plan");
    }

    /// `todo merge-file` of three versions of the plan, as git runs the
    /// driver (`base.json ours.json theirs.json` in the project, asserting
    /// success); the merged plan, read back from `ours.json`.
    pub(crate) fn merge_file(&self, base: &str, ours: &str, theirs: &str) -> Value {
        for (name, text) in [
            ("base.json", base),
            ("ours.json", ours),
            ("theirs.json", theirs),
        ] {
            std::fs::write(self.root.join(name), text).expect("write a version");
        }
        self.run(&["merge-file", "base.json", "ours.json", "theirs.json"])
            .ok();
        let merged = std::fs::read_to_string(self.root.join("ours.json")).expect("merged");
        serde_json::from_str(&merged).expect("merged plan is JSON")
    }

    /// Run each command, asserting success.
    pub(crate) fn given(&self, commands: &[&[&str]]) {
        for args in commands {
            self.run(args).ok();
        }
    }

    /// `[(content, status)]` of every task in plan order (as the file has
    /// them: a removed task's tombstone is no task).
    pub(crate) fn statuses(&self) -> Vec<(String, String)> {
        let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
        tasks(&self.plan())
            .filter(|t| t.get("removed").is_none())
            .map(|t| (s(&t["content"]), s(&t["status"])))
            .collect()
    }

    /// The plan's rev, as `todo show --json` reports it (the file no
    /// longer holds it: it is kept beside the history).
    pub(crate) fn rev(&self) -> u64 {
        self.show_json()["rev"].as_u64().expect("rev")
    }

    /// What `todo show --json` replies, asserting success.
    pub(crate) fn show_json(&self) -> Value {
        let run = self.run(&["show", "--json"]);
        run.ok();
        run.json()
    }

    /// The id of the task whose text is `content` (ids are random: a test
    /// looks them up instead of counting them).
    #[track_caller]
    pub(crate) fn id(&self, content: &str) -> String {
        let plan = self.show_json()["plan"].clone();
        let task = task(&plan, content);
        task["id"]
            .as_str()
            .unwrap_or_else(|| panic!("no id in {task}"))
            .to_string()
    }

    /// The id of the phase named `name`.
    #[track_caller]
    pub(crate) fn phase_id(&self, name: &str) -> String {
        let plan = self.show_json()["plan"].clone();
        plan["phases"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == name)
            .and_then(|p| p["id"].as_str())
            .unwrap_or_else(|| panic!("no phase {name:?} in {plan}"))
            .to_string()
    }

    /// The id of the objective (`kind` "objectives") or finding
    /// ("findings") whose text is `text`.
    #[track_caller]
    pub(crate) fn aim_id(&self, kind: &str, text: &str) -> String {
        let plan = self.show_json()["plan"].clone();
        plan[kind]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["text"] == text)
            .and_then(|o| o["id"].as_str())
            .unwrap_or_else(|| panic!("no {kind} {text:?} in {plan}"))
            .to_string()
    }

    /// The plan's ids under the names version 1's counters gave them, in
    /// plan order: phases `p1`…, tasks `t1`…, objectives `o1`…, findings
    /// `f1`… For tests whose plan order is the order things were made in,
    /// to compare output that shows ids with the text written for it.
    pub(crate) fn names(&self) -> Names {
        self.try_names().expect("todo show --json")
    }

    /// [`TestEnv::names`], or `None` when the plan cannot be shown.
    pub(crate) fn try_names(&self) -> Option<Names> {
        let run = self.run(&["show", "--json"]);
        if run.code != 0 {
            return None;
        }
        let plan = run.json()["plan"].clone();
        let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
        let mut names = Vec::new();
        let phases = list(&plan["phases"]);
        for (i, p) in phases.iter().enumerate() {
            names.push((format!("p{}", i + 1), p["id"].as_str().unwrap().to_string()));
        }
        let tasks: Vec<Value> = phases.iter().flat_map(|p| list(&p["tasks"])).collect();
        for (i, t) in tasks.iter().enumerate() {
            names.push((format!("t{}", i + 1), t["id"].as_str().unwrap().to_string()));
        }
        for (kind, key) in [('o', "objectives"), ('f', "findings")] {
            for (i, o) in list(&plan[key]).iter().enumerate() {
                names.push((
                    format!("{kind}{}", i + 1),
                    o["id"].as_str().unwrap().to_string(),
                ));
            }
        }
        Some(Names(names))
    }

    /// The ids of the tasks with these texts, in order.
    #[track_caller]
    pub(crate) fn ids<const N: usize>(&self, contents: [&str; N]) -> [String; N] {
        contents.map(|c| self.id(c))
    }

    /// Make the project a real git repository (branch `main`, a test
    /// author); `git` runs git in it, asserting success.
    pub(crate) fn git_init<T>(&self, git: impl Fn(&[&str]) -> T) {
        std::fs::remove_dir(self.root.join(".git")).expect("the empty .git");
        git(&["-c", "init.defaultBranch=main", "init", "-q"]);
        git(&["config", "user.name", "Test"]);
        git(&["config", "user.email", "test@example.com"]);
    }

    /// The plan of the README's examples: Auth (3 tasks), Billing (2).
    pub(crate) fn web_app(&self) {
        self.given(&[
            &["append", "auth", "wire OAuth providers"],
            &["append", "auth", "rotate keys"],
            &["append", "auth", "add login rate limiting"],
            &["append", "billing", "wire Stripe webhooks"],
            &["append", "billing", "invoice export"],
        ]);
    }
}

/// Every task of `plan` (as `show --json` or the file has it), in plan
/// order.
pub(crate) fn tasks(plan: &Value) -> impl Iterator<Item = &Value> {
    plan["phases"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["tasks"].as_array().into_iter().flatten())
}

/// The task whose text is `content` in `plan`.
#[track_caller]
pub(crate) fn task<'a>(plan: &'a Value, content: &str) -> &'a Value {
    tasks(plan)
        .find(|t| t["content"] == content)
        .unwrap_or_else(|| panic!("no task {content:?} in {plan}"))
}

/// A plan as `[(phase, [(content, status)])]`.
pub(crate) type Shape = Vec<(String, Vec<(String, String)>)>;

/// The [`Shape`] of `plan`.
pub(crate) fn shape(plan: &Value) -> Shape {
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    list(&plan["phases"])
        .iter()
        .map(|p| {
            let tasks = list(&p["tasks"]);
            (
                s(&p["name"]),
                tasks
                    .iter()
                    .map(|t| (s(&t["content"]), s(&t["status"])))
                    .collect(),
            )
        })
        .collect()
}

/// The [`Shape`] written as string slices.
pub(crate) fn shape_of(phases: &[(&str, &[(&str, &str)])]) -> Shape {
    phases
        .iter()
        .map(|(name, tasks)| (name.to_string(), s(tasks)))
        .collect()
}

/// `phases` without the tombstones of removed tasks.
pub(crate) fn live(phases: &Value) -> Value {
    let mut phases = phases.clone();
    for phase in phases.as_array_mut().into_iter().flatten() {
        if let Some(tasks) = phase["tasks"].as_array_mut() {
            tasks.retain(|t| t.get("removed").is_none());
        }
    }
    phases
}

pub(crate) fn s(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// A small plan file in todo's own layout: phase Auth with two tasks.
pub(crate) const TWO_TASKS: &str = r#"{
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

/// [`TWO_TASKS`] as `todo` writes it back (file version 2).
pub(crate) const TWO_TASKS_V2: &str = r#"{
  "version": 2,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t1",
        "content": "Wire OAuth providers", "status": "in_progress" }

      ,
      { "id": "t2",
        "content": "Rotate keys", "status": "pending" }

    ], "name": "Auth" }

  ]
}
"#;

/// Is `tool` on PATH?
pub(crate) fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A test that needs an outside tool (xclip, man, zsh, script, setpriv…)
/// calls this when the tool is missing, and fails: nothing passes by not
/// running. A tool missing when the tests were built makes the test
/// *ignored* instead, with the reason (`build.rs` sets a
/// `todo_tests_no_*` cfg that the test's `#[cfg_attr(…, ignore = …)]`
/// reads), except in CI (`.ci/run` sets `TODO_TEST_STRICT=1`), where every
/// test runs and a missing tool fails it. So the test gets here only in
/// CI, or when the tool went away after the build.
#[track_caller]
pub(crate) fn missing_tool(what: &str) {
    if std::env::var_os("TODO_TEST_STRICT").is_some_and(|v| v == "1") {
        panic!("TODO_TEST_STRICT=1 and this test cannot run: {what}");
    }
    panic!(
        "this test cannot run: {what}; it was there when the tests were built \
         (rebuild them, e.g. `touch build.rs`, to have the test reported as ignored)"
    );
}

/// `todo` running in a real pseudo-terminal: stdin, stdout and stderr are
/// all the terminal, as for a person typing. What it shows is read back as
/// the terminal got it (colours and all), with the pty's `\r\n` turned back
/// into `\n`.
pub(crate) struct Terminal {
    session: rexpect::session::PtySession,
    seen: String,
}

impl TestEnv {
    /// Start `todo ARGS` in a pseudo-terminal with the clean test
    /// environment (plus `TERM=xterm`); `f` may add to the command.
    pub(crate) fn terminal(&self, args: &[&str], f: impl FnOnce(&mut Command)) -> Terminal {
        let mut cmd = self.command();
        cmd.args(args).env("TERM", "xterm");
        f(&mut cmd);
        let session = rexpect::session::spawn_command(cmd, Some(10_000))
            .unwrap_or_else(|e| panic!("cannot start todo in a pseudo-terminal: {e}"));
        Terminal {
            session,
            seen: String::new(),
        }
    }

    /// Run `todo ARGS` in a pseudo-terminal to the end: exit status and
    /// everything the terminal showed (stdout and stderr together).
    pub(crate) fn tty(&self, args: &[&str]) -> (i32, String) {
        self.terminal(args, |_| {}).finish()
    }
}

/// rexpect hands over bytes one `char` each; make them UTF-8 text again.
fn terminal_text(raw: &str) -> String {
    let bytes: Vec<u8> = raw.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).replace("\r\n", "\n")
}

impl Terminal {
    /// Wait until the terminal shows `needle` (ASCII); returns what came
    /// before it. Fails the test, showing the screen so far, on time-out.
    #[track_caller]
    pub(crate) fn expect(&mut self, needle: &str) -> String {
        match self.session.exp_string(needle) {
            Ok(before) => {
                let before = terminal_text(&before);
                self.seen.push_str(&before);
                self.seen.push_str(needle);
                before
            }
            Err(e) => panic!(
                "terminal never showed {needle:?} ({e}); so far:\n{}",
                self.seen
            ),
        }
    }

    /// Type a line and press Enter.
    pub(crate) fn send_line(&mut self, line: &str) {
        self.session
            .send_line(line)
            .unwrap_or_else(|e| panic!("cannot type into the terminal: {e}"));
    }

    /// Press Ctrl-D on an empty line: the end of input.
    pub(crate) fn send_eof(&mut self) {
        self.session
            .send_control('d')
            .unwrap_or_else(|e| panic!("cannot type into the terminal: {e}"));
    }

    /// Wait for `todo` to exit: its exit status and the whole transcript.
    #[track_caller]
    pub(crate) fn finish(mut self) -> (i32, String) {
        let rest = self
            .session
            .exp_eof()
            .unwrap_or_else(|e| panic!("todo did not exit ({e}); so far:\n{}", self.seen));
        self.seen.push_str(&terminal_text(&rest));
        let code = match self.session.process_mut().wait() {
            Ok(rexpect::process::WaitStatus::Exited(_, code)) => code,
            other => panic!("todo ended abnormally: {other:?}\n{}", self.seen),
        };
        (code, self.seen)
    }
}

/// Is `id` shaped like an id `todo` mints for `kind` (`t4kq9x`): the
/// letter, a digit, four characters of lower-case base 32?
pub(crate) fn minted(id: &str, kind: char) -> bool {
    let b = id.as_bytes();
    b.len() == 6
        && b[0] == kind as u8
        && b[1].is_ascii_digit()
        && b[2..]
            .iter()
            .all(|c| b"0123456789abcdefghjkmnpqrstvwxyz".contains(c))
}

/// Ids and the names tests write them as (see [`TestEnv::names`]).
pub(crate) struct Names(pub Vec<(String, String)>);

impl Names {
    /// The id named `name` (`t1`).
    #[track_caller]
    pub(crate) fn id(&self, name: &str) -> String {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, id)| id.clone())
            .unwrap_or_else(|| panic!("no {name} in {:?}", self.0))
    }

    /// `args` with each that is a name (`t1`) replaced by its id.
    pub(crate) fn args(&self, args: &[&str]) -> Vec<String> {
        args.iter()
            .map(|a| match self.0.iter().find(|(n, _)| n == a) {
                Some((_, id)) => id.clone(),
                None => a.to_string(),
            })
            .collect()
    }

    /// `text` with every id in it (a whole word) written as its name.
    pub(crate) fn of(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            match self.0.iter().find(|(_, id)| id == word) {
                Some((name, _)) => out.push_str(name),
                None => out.push_str(word),
            }
            word.clear();
        };
        for c in text.chars() {
            if c.is_ascii_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// How long a run may take before the test calls it hung: far more than
/// any command needs, even a debug build on a loaded machine.
pub(crate) const HUNG: Duration = Duration::from_secs(120);

/// Wait until `done()` holds, looking every 10 ms; fail the test, naming
/// `what`, if it does not within `limit`. Only for a state no process
/// announces (a file that appears, a process that exits), never as a
/// fixed pause that orders processes.
#[track_caller]
pub(crate) fn wait_until(limit: Duration, what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        if start.elapsed() > limit {
            panic!("waited {limit:?} for {what}, in vain");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Make a FIFO at `path`.
#[track_caller]
pub(crate) fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("a path without NUL");
    // SAFETY: `name` is a NUL-terminated string that outlives the call.
    if unsafe { libc::mkfifo(name.as_ptr(), 0o600) } != 0 {
        panic!(
            "mkfifo {}: {}",
            path.display(),
            std::io::Error::last_os_error()
        );
    }
}

/// A process whose stdout and stderr are read on threads of their own
/// while it runs, so that neither pipe fills (64 KB) and stalls it,
/// whatever it writes and in whatever order. Stdout comes line by line,
/// for a test that waits for what the process says. Killed if the test
/// fails before it ends.
pub(crate) struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Running {
    /// Start `cmd` with stdout and stderr piped; stdin is as `cmd` has
    /// it (piped: [`Running::write`] feeds it).
    #[track_caller]
    pub(crate) fn start(cmd: &mut Command) -> Running {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut line = Vec::new();
            while matches!(stdout.read_until(b'\n', &mut line), Ok(1..)) {
                // Read on even once nobody listens: the pipe must not fill.
                let _ = tx.send(String::from_utf8_lossy(&line).into_owned());
                line.clear();
            }
        });
        let mut err = child.stderr.take().expect("stderr");
        let stderr = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = err.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        });
        Running {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: Some(stderr),
        }
    }

    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// Write to its stdin (an error if it is not piped, or closed).
    pub(crate) fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or(std::io::ErrorKind::BrokenPipe)?;
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    /// The next line it writes to stdout, without its newline; fails the
    /// test if none comes within `limit`.
    #[track_caller]
    pub(crate) fn line(&self, limit: Duration) -> String {
        let line = self
            .lines
            .recv_timeout(limit)
            .unwrap_or_else(|e| panic!("no line on stdout within {limit:?}: {e}"));
        line.strip_suffix('\n').unwrap_or(&line).to_string()
    }

    /// Close its stdin and wait for it to exit, failing the test after
    /// `limit`: its exit status, what it wrote to stdout that
    /// [`Running::line`] did not take, and all of its stderr.
    #[track_caller]
    pub(crate) fn finish(mut self, limit: Duration) -> Run {
        drop(self.stdin.take());
        let end = Instant::now() + limit;
        let mut stdout = String::new();
        // Its stdout closing is the event; the exit follows it.
        loop {
            match self
                .lines
                .recv_timeout(end.saturating_duration_since(Instant::now()))
            {
                Ok(line) => stdout.push_str(&line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("still running after {limit:?}"),
            }
        }
        let mut status = None;
        let left = end.saturating_duration_since(Instant::now());
        wait_until(left, "the process to exit", || {
            status = self.child.try_wait().expect("wait");
            status.is_some()
        });
        let stderr = self.stderr.take().map(|t| t.join().unwrap_or_default());
        Run {
            code: status.and_then(|s| s.code()).unwrap_or(-1),
            stdout,
            stderr: stderr.unwrap_or_default(),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if self.stderr.is_some() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Run `cmd` (stdin piped) to the end with `input` on its stdin, never
/// stalling on a full pipe; a run longer than [`HUNG`] fails the test. A
/// refusal may come before all the input is read, so a closed stdin is
/// not an error here.
#[track_caller]
pub(crate) fn run_input(cmd: &mut Command, input: &[u8]) -> Run {
    let mut running = Running::start(cmd);
    let _ = running.write(input);
    running.finish(HUNG)
}

/// Run `cmd` (stdin /dev/null) to the end, never stalling on a full
/// pipe; one that runs longer than `limit` is killed and fails the test
/// (a hang, or quadratic work).
#[track_caller]
pub(crate) fn run_within(cmd: &mut Command, limit: Duration) -> Run {
    Running::start(cmd.stdin(Stdio::null())).finish(limit)
}

/// The one builder of big plans (the benchmarks have `benches/gen.py`):
/// a version 1 plan file with the phases `phases` names (`p1`, `p2`…),
/// each with as many tasks as it says, `t1`, `t2`… numbered across them,
/// each "Task number N of the big plan, with a few words" with the
/// fields `fields(N)` gives (its status at least; a content there
/// replaces the text).
pub(crate) fn big_plan<S: Into<String>>(
    phases: impl IntoIterator<Item = (S, usize)>,
    fields: impl Fn(usize) -> Value,
) -> Value {
    let mut n = 0;
    let phases: Vec<Value> = phases
        .into_iter()
        .enumerate()
        .map(|(p, (name, size))| {
            let tasks: Vec<Value> = (0..size)
                .map(|_| {
                    n += 1;
                    let mut task = json!({
                        "id": format!("t{n}"),
                        "content": format!("Task number {n} of the big plan, with a few words"),
                    });
                    if let (Some(task), Value::Object(more)) = (task.as_object_mut(), fields(n)) {
                        task.extend(more);
                    }
                    task
                })
                .collect();
            json!({"id": format!("p{}", p + 1), "name": name.into(), "tasks": tasks})
        })
        .collect();
    json!({
        "version": 1, "rev": 1, "nextPhaseId": phases.len() + 1, "nextTaskId": n + 1,
        "phases": phases,
    })
}
