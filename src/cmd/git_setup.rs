//! `todo git-setup [--check]`: make git merge the plan file with
//! `todo merge-file` (by task id) instead of line by line, in the repository
//! around the current directory. Runs the real `git`, never a shell.
//!
//! Two halves, because git keeps them apart: the `.gitattributes` line is
//! committed and travels with clones; the driver command lives in each
//! clone's `.git/config`, which git never shares (it would run commands).

use std::io;
use std::path::{Path, PathBuf};
use std::process::Output;

use super::prelude::*;
use crate::error::{GitError, PathAction};
use crate::storage::{self, DEFAULT_NAME, NamedBy};

/// Make git merge `.todo.json` with `todo merge-file` in this repository.
///
/// Adds `.todo.json merge=todo` to `.gitattributes` at the repository
/// root (commit it) and sets `merge.todo.name` and `merge.todo.driver`
/// in the repository's git config (each clone runs this once). Safe to
/// run again: it says what it changed, or that nothing needed changing.
///
/// Example: `todo git-setup`, `todo git-setup --check`
#[derive(Debug, Clone, clap::Args)]
pub struct GitSetup {
    /// Change nothing; exit 0 if the driver is set up, 1 if not.
    #[arg(long)]
    pub check: bool,
}

impl super::Verb for GitSetup {
    fn run(self, ctx: &Context) -> Outcome {
        Outcome::of(run(&ctx.cwd, self.check))
    }
}

const ATTRIBUTE: &str = "merge=todo";
const DRIVER: &str = "todo merge-file %O %A %B";
/// What a driver command must contain to count as ours, so that a command
/// naming the binary by full path (`/opt/bin/todo merge-file %O %A %B`) is kept.
const DRIVER_CORE: &str = "merge-file %O %A %B";
const NAME: &str = "todo: merge plan files by task id";

fn run(cwd: &Path, check_only: bool) -> Result<Report> {
    let root = storage::git_root(cwd)
        .ok_or_else(|| Error::NotARepository { cwd: cwd.into() })?
        .to_path_buf();
    let state = GitState {
        attribute: merge_attribute(&root)?,
        line_present: has_line(&root.join(".gitattributes"))?,
        name: config_get(&root, "merge.todo.name")?,
        driver: config_get(&root, "merge.todo.driver")?,
    };
    if check_only {
        return Ok(check(&root, &state));
    }
    setup(&root, &state)
}

/// How the repository is configured now.
struct GitState {
    /// `git check-attr merge .todo.json`: what git will really use.
    attribute: String,
    /// Whether `.gitattributes` at the root already has our line.
    line_present: bool,
    name: Option<String>,
    driver: Option<String>,
}

impl GitState {
    fn attribute_ok(&self) -> bool {
        self.attribute == "todo"
    }

    fn driver_ok(&self) -> bool {
        self.driver
            .as_deref()
            .is_some_and(|d| d.contains(DRIVER_CORE))
    }
}

fn check(root: &Path, state: &GitState) -> Report {
    let mut missing = Vec::new();
    if !state.attribute_ok() {
        let attribute = &state.attribute;
        missing.push(format!(
            "git's merge attribute for {DEFAULT_NAME} is {attribute}, not todo"
        ));
    }
    if !state.driver_ok() {
        missing.push(match &state.driver {
            Some(d) => format!("merge.todo.driver is \"{d}\", not \"{DRIVER}\""),
            None => "merge.todo.driver is not set".into(),
        });
    }
    let (configured, root_shown) = (missing.is_empty(), root.display());
    let (kind, message) = if configured {
        let message = format!("Git merges {DEFAULT_NAME} with todo merge-file in {root_shown}.");
        (Kind::Confirm, message)
    } else {
        let missing = missing.join("; ");
        let message = format!(
            "Git does not merge {DEFAULT_NAME} with todo merge-file in {root_shown}: {missing}. Run todo git-setup."
        );
        (Kind::Data, message)
    };
    let mut report = Report::new("git-setup", kind, message)
        .with("root", json!(root_shown.to_string()))
        .with("configured", json!(configured))
        .with("driver", json!(state.driver));
    report.exit = ExitCode::NotSetUp.when(!configured);
    report
}

fn setup(root: &Path, state: &GitState) -> Result<Report> {
    let mut done = Vec::new();
    let attributes = root.join(".gitattributes");
    let (shown, root_shown) = (attributes.display(), root.display());
    if !state.line_present && !state.attribute_ok() {
        append_line(&attributes, &format!("{DEFAULT_NAME} {ATTRIBUTE}"))?;
        done.push(format!(
            "Added \"{DEFAULT_NAME} {ATTRIBUTE}\" to {shown} (commit it, so that every clone merges the plan by id)."
        ));
    }
    if state.name.is_none() {
        config_set(root, "merge.todo.name", NAME)?;
        done.push(format!("Set git config merge.todo.name to \"{NAME}\"."));
    }
    if !state.driver_ok() {
        config_set(root, "merge.todo.driver", DRIVER)?;
        let was = (state.driver.as_ref()).map(|old| format!(" (was \"{old}\")"));
        let was = was.unwrap_or_default();
        done.push(format!(
            "Set git config merge.todo.driver to \"{DRIVER}\"{was}."
        ));
    }
    let message: Message = if done.is_empty() {
        format!(
            "Already set up: git merges {DEFAULT_NAME} with todo merge-file in {root_shown}. Nothing changed."
        )
        .into()
    } else {
        done.iter().collect()
    };
    let mut report = Report::new("git-setup", Kind::Confirm, message)
        .with("root", json!(root_shown.to_string()))
        .with("configured", json!(true))
        .with("changes", json!(done));
    // A line kept in .gitattributes can still be overridden elsewhere
    // (a later line, .git/info/attributes); say so rather than add it again.
    let after = merge_attribute(root)?;
    if after != "todo" {
        report.warnings.push(format!(
            "Warning: {shown} has \"{DEFAULT_NAME} {ATTRIBUTE}\", but git's merge attribute for {DEFAULT_NAME} is {after}: another attributes line overrides it."
        ));
        report = report.with("configured", json!(false));
        report.exit = ExitCode::NotSetUp;
    }
    if !crate::platform::on_process_path("todo") {
        report.warnings.push(format!(
            "Warning: no todo on PATH; git runs \"{DRIVER}\" and will fail until todo is installed on PATH."
        ));
    }
    Ok(report)
}

/// `.gitattributes` is a file of the repository: chosen, not typed, so a
/// link there may not lead out of the project (nor to a FIFO, which would
/// hang the read). Returns the file to read and write, and its bytes.
fn read_attributes(path: &Path) -> Result<(PathBuf, Vec<u8>)> {
    let project = storage::project_of(path);
    let real = storage::checked_for(path, NamedBy::Chosen { project: &project }, PathAction::Use)?;
    let bytes = storage::read_file(&real, path.display())?.unwrap_or_default();
    Ok((real, bytes))
}

/// Does the attributes file already give `.todo.json` our merge driver?
fn has_line(path: &Path) -> Result<bool> {
    let (_, bytes) = read_attributes(path)?;
    Ok(String::from_utf8_lossy(&bytes).lines().any(|line| {
        let mut words = line.split_whitespace();
        words.next() == Some(DEFAULT_NAME) && words.any(|w| w == ATTRIBUTE)
    }))
}

/// Add one line, starting a new line first if the file does not end with
/// one; the file is replaced atomically, like the plan.
fn append_line(path: &Path, line: &str) -> Result<()> {
    let (real, mut bytes) = read_attributes(path)?;
    if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    Ok(storage::write_file(&real, path.display(), &bytes)?)
}

/// The real git in `root`, by the runner the conflict verbs use: its
/// output when it exits with one of `codes`, else the error.
fn git(root: &Path, args: &[&str], codes: &[i32]) -> Result<Output> {
    let out = crate::conflict::git::run(root, args, None).map_err(|e| {
        let why = if e.kind() == io::ErrorKind::NotFound {
            "not found".into()
        } else {
            e.to_string()
        };
        Error::from(GitError::Unavailable { why })
    })?;
    if !out.status.code().is_some_and(|c| codes.contains(&c)) {
        return Err(crate::conflict::git::failed(&args.join(" "), &out).into());
    }
    Ok(out)
}

/// `git check-attr`: `todo`, `unspecified`, `set`, `unset` or another driver.
fn merge_attribute(root: &Path) -> Result<String> {
    let out = git(
        root,
        &["check-attr", "-z", "merge", "--", DEFAULT_NAME],
        &[0],
    )?;
    // -z output: path NUL attribute NUL value NUL.
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text.split('\0').nth(2).unwrap_or("unspecified").to_string())
}

fn config_get(root: &Path, key: &str) -> Result<Option<String>> {
    // git config exits 1 when the key is not set.
    let out = git(root, &["config", "--get", key], &[0, 1])?;
    let value = String::from_utf8_lossy(&out.stdout).trim_end().to_string();
    Ok(out.status.success().then_some(value))
}

fn config_set(root: &Path, key: &str, value: &str) -> Result<()> {
    // Written to the repository's own config: git never lets a clone bring
    // a command with it, and the user's global config is not ours to change.
    git(root, &["config", "--local", key, value], &[0]).map(drop)
}
