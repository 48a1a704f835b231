//! Running a task's check: in the project root, with a timeout, its output
//! captured; and the trust a person gives a plan's commands on this
//! machine before any of them runs (as `direnv allow` and `mise trust` do).
//! `done` and every other change that completes a task prove it through
//! [`Checker`]; `todo check --verify` reruns the checks in parallel.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::plan::ops::{OpError, Refusal};
use crate::plan::{Actor, Plan, Proof, Task};

/// How long a check may run when its task sets no timeout: ten minutes,
/// a test suite's time; `TODO_CHECK_TIMEOUT` (seconds) changes it.
const DEFAULT_TIMEOUT_SECS: u64 = 600;

/// The variable by which CI trusts every check of the plan it checked out
/// (the repository is its input). A person's runs only: an agent's (hooks,
/// `apply`, MCP, `--as agent`) never take it.
pub(crate) const TRUST_VAR: &str = "TODO_TRUST_CHECKS";

/// How many of a failed check's last lines a refusal shows.
pub(crate) const TAIL_LINES: usize = 20;

/// Captured output kept per check: its end, where failures are.
const KEEP_BYTES: usize = 64 << 10;

/// What running the checks needs from the edge.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Where checks run: the project root.
    pub root: PathBuf,
    /// The plan file, as trust records name it.
    pub plan: PathBuf,
    pub default_timeout: Duration,
    /// CI said to trust the plan's checks (`TODO_TRUST_CHECKS=1`).
    pub trust_all: bool,
    /// Where trusted commands are recorded; `None`: no data directory.
    pub trust_file: Option<PathBuf>,
    /// The time to record (RFC 3339).
    pub now: String,
}

impl Settings {
    /// Settings for the plan at `plan` (its real path), read from the
    /// environment once, at the edge.
    pub(crate) fn new(plan: PathBuf, now: String) -> Settings {
        let default_timeout = std::env::var("TODO_CHECK_TIMEOUT")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|n| *n > 0)
            .unwrap_or(DEFAULT_TIMEOUT_SECS);
        let trust_all = std::env::var(TRUST_VAR).is_ok_and(|v| says_yes(&v));
        Settings {
            root: crate::storage::project_of(&plan),
            plan,
            default_timeout: Duration::from_secs(default_timeout),
            trust_all,
            trust_file: dirs::data_dir().map(|d| d.join("todo").join("trusted-checks.jsonl")),
            now,
        }
    }

    pub(crate) fn timeout_of(&self, task: &Task) -> Duration {
        task.verify
            .as_deref()
            .and_then(|v| v.timeout)
            .map_or(self.default_timeout, Duration::from_secs)
    }
}

/// Whether the value of [`TRUST_VAR`] says yes: `1`, `true`, `yes`,
/// `on`, `y` (any case). Anything else is no: running commands is
/// opted into, never out of (`no`, `off` and a typo trust nothing).
fn says_yes(value: &str) -> bool {
    ["1", "true", "yes", "on", "y"]
        .iter()
        .any(|yes| value.trim().eq_ignore_ascii_case(yes))
}

/// How one run of a check ended.
#[derive(Clone, Debug, Default)]
pub(crate) struct Run {
    /// The exit status; `None` when it was killed (timeout, signal) or
    /// could not start.
    pub exit: Option<i32>,
    pub timed_out: bool,
    /// Could not start (no shell): the reason.
    pub spawn_error: Option<String>,
    pub elapsed: Duration,
    /// The end of its stdout and stderr, as they came.
    pub output: String,
}

impl Run {
    pub(crate) fn passed(&self) -> bool {
        self.exit == Some(0)
    }

    /// How long it ran, in milliseconds, as a proof records it.
    pub(crate) fn ms(&self) -> u64 {
        u64::try_from(self.elapsed.as_millis()).unwrap_or(u64::MAX)
    }

    /// `exit 1`, `timed out after 600 s`, …
    pub(crate) fn outcome(&self, timeout: Duration) -> String {
        if self.timed_out {
            format!("timed out after {} s", timeout.as_secs())
        } else if let Some(e) = &self.spawn_error {
            format!("could not start: {e}")
        } else if let Some(code) = self.exit {
            format!("exit {code}")
        } else {
            "killed by a signal".to_string()
        }
    }

    pub(crate) fn tail(&self, n: usize) -> Vec<&str> {
        let lines: Vec<&str> = self.output.lines().collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }
}

/// The shell a check runs in, and its flag for a command line.
pub(crate) const SHELL: (&str, &str) = if cfg!(windows) {
    ("cmd", "/C")
} else {
    ("sh", "-c")
};

/// Run `command` through the shell in `root`, killing it (and what it
/// started) after `timeout`.
pub(crate) fn run(command: &str, root: &Path, timeout: Duration) -> Run {
    let start = Instant::now();
    let (shell, flag) = SHELL;
    let mut cmd = Command::new(shell);
    cmd.arg(flag)
        .arg(command)
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Its own process group, and a mark in its environment that what it
    // starts inherits, so a timeout kills what it started too.
    let mark = run_mark();
    if let Some((name, value)) = mark.split_once('=') {
        cmd.env(name, value);
    }
    crate::platform::own_group(&mut cmd);
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => {
            return Run {
                spawn_error: Some(e.to_string()),
                elapsed: start.elapsed(),
                ..Run::default()
            };
        }
    };
    let output = Arc::new(Mutex::new(Vec::<u8>::new()));
    // Each reader holds a sender: the channel closes when both are done.
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    if let Some(out) = child.stdout.take() {
        collect(out, Arc::clone(&output), done_tx.clone());
    }
    if let Some(err) = child.stderr.take() {
        collect(err, Arc::clone(&output), done_tx.clone());
    }
    drop(done_tx);
    let deadline = start + timeout;
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => {
                timed_out = true;
                crate::platform::kill_tree(&mut child, &mark);
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let elapsed = start.elapsed();
    // What it left running may hold its output open: wait a moment for
    // the rest of the output, not for them.
    let _ = done_rx.recv_timeout(Duration::from_millis(500));
    let bytes = output.lock().map(|o| o.clone()).unwrap_or_default();
    let start_at = bytes.len().saturating_sub(KEEP_BYTES);
    Run {
        exit: status.filter(|_| !timed_out).and_then(|s| s.code()),
        timed_out,
        spawn_error: None,
        elapsed,
        output: String::from_utf8_lossy(&bytes[start_at..]).into_owned(),
    }
}

/// Read `reader` into `output` on a thread, keeping its end; drop `done`
/// at the end.
fn collect(
    mut reader: impl Read + Send + 'static,
    output: Arc<Mutex<Vec<u8>>>,
    done: std::sync::mpsc::Sender<()>,
) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut out) = output.lock() {
                out.extend_from_slice(&buf[..n]);
                if out.len() > 2 * KEEP_BYTES {
                    let cut = out.len() - KEEP_BYTES;
                    out.drain(..cut);
                }
            }
        }
        drop(done);
    });
}

/// `TODO_CHECK_RUN=<pid>-<n>-<nanos>`: what marks the processes of one
/// run of a check, unique on this machine while it runs.
fn run_mark() -> String {
    static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("TODO_CHECK_RUN={}-{n}-{nanos}", std::process::id())
}

/// The commit the checks run on (`git rev-parse HEAD`), if any.
pub(crate) fn commit(root: &Path) -> Option<String> {
    let out = crate::conflict::git::run(root, &["rev-parse", "HEAD"], None).ok()?;
    let sha = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !sha.is_empty()).then_some(sha)
}

// ── trust ────────────────────────────────────────────────────────────────

/// One trusted command: the plan it came from and its exact text. The
/// text itself is kept, not a hash of it, so nothing crafted to collide
/// can pass for it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
struct Trusted {
    plan: String,
    command: String,
    /// The files of the project the command names (`./scripts/check.sh`),
    /// as they were when trusted: a pull that rewrites one is asked for
    /// again, as direnv does for its `.envrc`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    files: Vec<Seen>,
}

/// A file of the project a command names, by its path in the command and
/// the SHA-256 of its bytes (a digest a rewrite cannot be crafted to match).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
struct Seen {
    path: String,
    sha256: String,
}

/// The scripts of the project `command` runs: a program named by a path
/// (`./scripts/check.sh`, `bin/lint`) where a command starts (after `;`,
/// `&&`, `||`, `|`), and the script an interpreter is given (`sh x.sh`,
/// `python3 tools/check.py`). Files the command only reads or writes (a
/// marker it tests, a log it redirects to) are not bound: they change as
/// the check runs.
fn scripts_run(command: &str) -> Vec<String> {
    const INTERPRETERS: [&str; 12] = [
        "sh", "bash", "zsh", "dash", "ksh", "python", "python3", "node", "ruby", "perl", "deno",
        "bun",
    ];
    let words = crate::platform::split_command(command)
        .unwrap_or_else(|_| command.split_whitespace().map(str::to_string).collect());
    let mut out = Vec::new();
    let (mut starts, mut interpreter) = (true, false);
    for word in &words {
        if matches!(word.as_str(), ";" | "&&" | "||" | "|" | "&") {
            (starts, interpreter) = (true, false);
            continue;
        }
        let ends = word.ends_with(';');
        let word = word.trim_end_matches(';');
        if interpreter && !word.starts_with('-') {
            out.push(word.to_string());
            interpreter = false;
        } else if starts && (word.contains('/') || !word.contains('=')) {
            // (`NAME=value` before a command sets a variable.)
            let name = word.rsplit('/').next().unwrap_or(word);
            interpreter = INTERPRETERS.contains(&name);
            if word.contains('/') {
                out.push(word.to_string());
            }
            starts = false;
        }
        if ends {
            (starts, interpreter) = (true, false);
        }
    }
    out
}

/// The scripts of the project root `root` that `command` runs
/// ([`scripts_run`]), each with its digest. One outside the project, or
/// not there, binds nothing: the project is what a pull rewrites.
fn files_named(root: &Path, command: &str) -> Vec<Seen> {
    use sha2::Digest;
    let Ok(top) = root.canonicalize() else {
        return Vec::new();
    };
    let mut seen: Vec<Seen> = Vec::new();
    for word in scripts_run(command) {
        let word = word.as_str();
        let path = Path::new(word);
        if word.is_empty() || path.is_absolute() || seen.iter().any(|s| s.path == word) {
            continue;
        }
        let Ok(real) = root.join(path).canonicalize() else {
            continue;
        };
        if !real.starts_with(&top) || !real.is_file() {
            continue;
        }
        let Ok(bytes) = crate::storage::read_regular(&real) else {
            continue;
        };
        let digest = sha2::Sha256::digest(&bytes);
        let sha256 = digest.iter().map(|b| format!("{b:02x}")).collect();
        seen.push(Seen {
            path: word.to_string(),
            sha256,
        });
    }
    seen
}

/// How a trust record names the plan file at `plan`: its path as text, or,
/// for a path that is not Unicode, `bytes:` and its bytes in hex. Never
/// lossy: two paths that differ only in bytes a lossy conversion replaces
/// must not share their trust (an absolute path as text starts with `/`
/// or a drive, never with `bytes:`).
fn plan_key(plan: &Path) -> String {
    plan.to_str().map_or_else(
        || {
            let bytes = plan.as_os_str().as_encoded_bytes();
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("bytes:{hex}")
        },
        str::to_string,
    )
}

/// The commands trusted on this machine (the user's data directory, one
/// JSON object a line).
pub(crate) struct TrustList {
    file: Option<PathBuf>,
    entries: Vec<Trusted>,
}

impl TrustList {
    pub(crate) fn load(settings: &Settings) -> TrustList {
        let entries = settings
            .trust_file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .map(|text| {
                text.lines()
                    .filter_map(|l| serde_json::from_str::<Trusted>(l).ok())
                    .collect()
            })
            .unwrap_or_default();
        TrustList {
            file: settings.trust_file.clone(),
            entries,
        }
    }

    /// Whether `command` of the plan `settings` names is trusted here, the
    /// project's files it names as they were when it was.
    pub(crate) fn allows(&self, settings: &Settings, command: &str) -> bool {
        let plan = plan_key(&settings.plan);
        let mine = |e: &&Trusted| e.plan == plan && e.command == command;
        let Some(entry) = self.entries.iter().find(mine) else {
            return false;
        };
        entry.files == files_named(&settings.root, command)
    }

    /// Trust one more command of the plan from now on (a person typed it
    /// at their terminal), the project's files it names as they are now.
    pub(crate) fn allow(&mut self, settings: &Settings, command: &str) -> std::io::Result<()> {
        let plan = plan_key(&settings.plan);
        self.entries
            .retain(|e| !(e.plan == plan && e.command == command));
        self.entries.push(Trusted {
            plan,
            command: command.to_string(),
            files: files_named(&settings.root, command),
        });
        self.save()
    }

    /// Trust `commands` of `plan` from now on, and forget the plan's
    /// commands not among them (a changed command is asked for again).
    pub(crate) fn set(&mut self, settings: &Settings, commands: &[String]) -> std::io::Result<()> {
        let name = plan_key(&settings.plan);
        self.entries.retain(|e| e.plan != name);
        self.entries.extend(commands.iter().map(|c| Trusted {
            plan: name.clone(),
            command: c.clone(),
            files: files_named(&settings.root, c),
        }));
        self.save()
    }

    fn save(&self) -> std::io::Result<()> {
        let Some(file) = &self.file else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no data directory to keep trusted commands in",
            ));
        };
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut text = String::new();
        for e in &self.entries {
            text.push_str(&serde_json::to_string(e).map_err(std::io::Error::other)?);
            text.push('\n');
        }
        crate::storage::write_atomic(file, text.as_bytes())
    }
}

/// The distinct check commands of a plan, in plan order.
pub(crate) fn commands(plan: &Plan) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (_, _, t) in plan.tasks() {
        if let Some(c) = t.check_command()
            && !out.iter().any(|o| o == c)
        {
            out.push(c.to_string());
        }
    }
    out
}

/// Whether `command` may run: CI trusted the plan (a person's run only),
/// or a person trusted this command of this plan on this machine.
pub(crate) fn trusted(settings: &Settings, trust: &TrustList, actor: Actor, command: &str) -> bool {
    (settings.trust_all && actor == Actor::Person) || trust.allows(settings, command)
}

/// The refusal of a command that is not trusted: the command, and the way
/// to trust it.
pub(crate) fn untrusted(task: &Task, command: &str, actor: Actor) -> OpError {
    let way = match actor {
        Actor::Person => format!(
            "Read it, then run `todo trust` to allow the plan's checks on this machine (CI: set {TRUST_VAR}=1)."
        ),
        Actor::Agent => {
            "A person must read it and run `todo trust` before it can run; ask them.".to_string()
        }
    };
    let message = [
        format!(
            "{} has a check not trusted on this machine, so it did not run:",
            task.name()
        ),
        format!("  {command}"),
        way,
    ];
    OpError::refused_lines(Refusal::CheckUntrusted, message.into_iter().collect())
}

/// The refusal of a check that did not pass: its outcome, its last lines
/// and how to run it again.
pub(crate) fn failed(task: &Task, command: &str, run: &Run, timeout: Duration) -> OpError {
    let (name, outcome) = (task.name(), run.outcome(timeout));
    let secs = run.elapsed.as_secs_f64();
    let mut message = crate::text::Message::from(format!(
        "{name} is not done: its check failed ({outcome}, {secs:.1} s):"
    ));
    message.push(format!("  {command}"));
    let tail = run.tail(TAIL_LINES);
    if tail.is_empty() {
        message.push("(no output)");
    } else {
        message.push(format!("Last {} line(s) of its output:", tail.len()));
        message.extend(tail.iter().map(|line| format!("  | {line}")));
    }
    message.push(format!(
        "Fix what fails, then run `todo done {}` again (the check alone: `{command}` in the project root).",
        task.id
    ));
    OpError::refused_lines(Refusal::CheckFailed, message)
}

/// Proves tasks done by running their checks, for the change that
/// completes them (`crate::plan::tx::Prover`).
/// Nothing is read (environment, trust, git) until a check is to run: most
/// changes complete no task with a check.
pub(crate) struct Checker {
    plan: PathBuf,
    now: String,
    actor: Actor,
    settings: Option<Settings>,
    trust: Option<TrustList>,
    commit: Option<Option<String>>,
    /// Proofs already won in this command, by task id and command: `done`
    /// runs its checks before it takes the plan's lock, then commits with
    /// them (see `cmd::done`).
    memo: RunMemo,
}

/// Passing proofs shared by the checkers of one command.
pub(crate) type RunMemo = std::rc::Rc<std::cell::RefCell<Vec<(String, Proof)>>>;

impl Checker {
    /// A checker for the plan file at `plan` (links followed).
    pub(crate) fn new(plan: PathBuf, now: String, actor: Actor) -> Checker {
        Checker {
            plan,
            now,
            actor,
            settings: None,
            trust: None,
            commit: None,
            memo: RunMemo::default(),
        }
    }

    /// The same, sharing `memo` with another checker of this command.
    pub(crate) fn with_memo(mut self, memo: RunMemo) -> Checker {
        self.memo = memo;
        self
    }
}

impl crate::plan::tx::Prover for Checker {
    fn prove(&mut self, task: &Task) -> Result<Proof, OpError> {
        let Some(command) = task.check_command() else {
            let message = format!("{} has no check to run", task.id);
            return Err(OpError::refused(Refusal::PlanInvalid, message));
        };
        let known = self
            .memo
            .borrow()
            .iter()
            .find(|(id, p)| *id == task.id && p.command == command)
            .map(|(_, p)| p.clone());
        if let Some(proof) = known {
            return Ok(proof);
        }
        let (plan, now) = (&self.plan, &self.now);
        let settings = (self.settings)
            .get_or_insert_with(|| Settings::new(crate::storage::real_path(plan), now.clone()));
        let trust = self.trust.get_or_insert_with(|| TrustList::load(settings));
        if !trusted(settings, trust, self.actor, command) {
            return Err(untrusted(task, command, self.actor));
        }
        let timeout = settings.timeout_of(task);
        let run = run(command, &settings.root, timeout);
        if !run.passed() {
            return Err(failed(task, command, &run, timeout));
        }
        let commit = self
            .commit
            .get_or_insert_with(|| commit(&settings.root))
            .clone();
        let proof = Proof {
            command: command.to_string(),
            exit: run.exit,
            ms: run.ms(),
            at: settings.now.clone(),
            commit,
        };
        self.memo
            .borrow_mut()
            .push((task.id.clone(), proof.clone()));
        Ok(proof)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_run_reports_exit_output_and_timeout() {
        let dir = std::env::temp_dir();
        let ok = run("echo hello; echo oops 1>&2", &dir, Duration::from_secs(10));
        assert_eq!(ok.exit, Some(0));
        assert!(ok.output.contains("hello") && ok.output.contains("oops"));
        let bad = run("exit 3", &dir, Duration::from_secs(10));
        assert_eq!((bad.exit, bad.passed()), (Some(3), false));
        let slow = run("sleep 5", &dir, Duration::from_millis(200));
        assert!(slow.timed_out && !slow.passed());
        assert!(slow.elapsed < Duration::from_secs(3), "{:?}", slow.elapsed);
    }

    #[test]
    fn the_tail_is_the_last_lines() {
        let r = Run {
            exit: Some(1),
            output: "a\nb\nc\n".into(),
            ..Run::default()
        };
        assert_eq!(r.tail(2), ["b", "c"]);
        assert_eq!(r.tail(9), ["a", "b", "c"]);
    }
}

#[cfg(test)]
mod script_tests {
    use super::scripts_run;

    #[test]
    fn the_scripts_a_command_runs() {
        for (command, scripts) in [
            ("./scripts/check.sh", &["./scripts/check.sh"][..]),
            ("FOO=1 bin/lint --fix", &["bin/lint"]),
            ("sh -e check.sh arg", &["check.sh"]),
            (
                "python3 tools/t.py; ./b.sh && cargo test",
                &["tools/t.py", "./b.sh"],
            ),
            ("test -f marker", &[]),
            ("pwd > ran-here", &[]),
            ("cargo test auth -- --exact", &[]),
        ] {
            assert_eq!(scripts_run(command), scripts, "{command}");
        }
    }
}
