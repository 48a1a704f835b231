//! The few questions asked of git about a conflicted plan: is the file
//! unmerged in the index, what are its stages, and which operation (merge,
//! rebase, cherry-pick, …) stopped for it. The real `git`, never a shell.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::platform::{directory, spawn_reason};

/// What asking git can end in.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GitError {
    #[error("Cannot run git: {why}. Install git and make sure it is on PATH.")]
    Unavailable { why: String },
    #[error("git {args} failed: {stderr}")]
    Failed { args: String, stderr: String },
}

type GitResult<T> = std::result::Result<T, GitError>;

/// One unmerged version of a file in git's index: stage 1 is the common
/// ancestor, 2 ours, 3 theirs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stage {
    pub number: u8,
    pub object: String,
}

/// Run the real git in `dir`: `args`, then `path` after a `--` when given.
pub(crate) fn run(dir: &Path, args: &[&str], path: Option<&OsStr>) -> std::io::Result<Output> {
    let mut cmd = Command::new("git");
    cmd.arg("--literal-pathspecs").arg("-C").arg(dir).args(args);
    if let Some(path) = path {
        cmd.arg("--").arg(path);
    }
    cmd.stdin(Stdio::null()).output()
}

/// [`run`], an error unless git ran and succeeded (`label` names it then).
fn git(dir: &Path, args: &[&str], path: Option<&OsStr>, label: &str) -> GitResult<Output> {
    let out = run(dir, args, path).map_err(|e| GitError::Unavailable {
        why: spawn_reason(&e),
    })?;
    if !out.status.success() {
        return Err(failed(label, &out));
    }
    Ok(out)
}

/// The error of a git command that ran and failed.
pub(crate) fn failed(args: &str, out: &Output) -> GitError {
    GitError::Failed {
        args: args.to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}

/// The unmerged stages of `path` in the index of the repository it is in,
/// in stage order; empty when git has it merged. An error when git cannot
/// tell (no git, or no repository there).
pub(crate) fn stages(path: &Path) -> GitResult<Vec<Stage>> {
    let (dir, name) = (
        directory(path),
        path.file_name().unwrap_or(path.as_os_str()),
    );
    let out = git(dir, &["ls-files", "-u", "-z"], Some(name), "ls-files -u")?;
    // Each record: `<mode> <object> <stage>\t<path>`.
    let mut stages: Vec<Stage> = out
        .stdout
        .split(|&b| b == 0)
        .filter_map(|record| {
            let head = record.split(|&b| b == b'\t').next()?;
            let head = std::str::from_utf8(head).ok()?;
            let mut words = head.split(' ');
            let (_mode, object, number) = (words.next()?, words.next()?, words.next()?);
            Some(Stage {
                number: number.parse().ok()?,
                object: object.to_string(),
            })
        })
        .filter(|s| (1..=3).contains(&s.number))
        .collect();
    stages.sort_by_key(|s| s.number);
    stages.dedup_by_key(|s| s.number);
    Ok(stages)
}

/// The bytes of an object of the repository `path` is in.
pub(crate) fn blob(path: &Path, object: &str) -> GitResult<Vec<u8>> {
    let label = format!("cat-file blob {object}");
    Ok(git(directory(path), &["cat-file", "blob", object], None, &label)?.stdout)
}

/// The operation git stopped in the middle of, in the repository `path`
/// is in; its name is the git command's (`cherry-pick`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub(crate) enum Operation {
    Merge,
    Rebase,
    /// `git am` (patches from mail), which keeps its state where a rebase does.
    Am,
    CherryPick,
    Revert,
    /// None of those: a `stash pop`/`stash apply`, `checkout -m`, or a
    /// file committed or copied with its markers in.
    Other,
}

/// Which operation stopped, read from the files git keeps while one is
/// under way; `None` outside a repository (or without git).
pub(crate) fn operation(path: &Path) -> Option<Operation> {
    let args = ["rev-parse", "--absolute-git-dir"];
    let out = git(directory(path), &args, None, "rev-parse").ok()?;
    let git_dir = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim_end_matches('\n'));
    let has = |name: &str| std::fs::symlink_metadata(git_dir.join(name)).is_ok();
    // The first of these that exists tells.
    let signs = [
        ("rebase-merge", Operation::Rebase),
        ("rebase-apply/applying", Operation::Am),
        ("rebase-apply", Operation::Rebase),
        ("MERGE_HEAD", Operation::Merge),
        ("CHERRY_PICK_HEAD", Operation::CherryPick),
        ("REVERT_HEAD", Operation::Revert),
    ];
    let found = signs.into_iter().find(|(name, _)| has(name));
    Some(found.map_or(Operation::Other, |(_, op)| op))
}
