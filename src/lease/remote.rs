//! The lease ref on the git remote, through the real `git`: read it
//! (one fetch of the ref), and write a new book as a commit whose parent is
//! the commit read, pushed as a fast-forward. The remote refuses a push that
//! is not a fast-forward of what it holds, so a push is a compare-and-swap.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::LeaseError;
use super::book::Book;
use crate::platform::spawn_reason;

/// The ref the leases live on unless `todo.leaseRef` says otherwise:
/// outside `refs/heads`, so no branch, pull request or merge shows them.
pub(crate) const LEASE_REF: &str = "refs/todo/leases";

/// A book larger than this is not read (a hostile or broken remote).
const MAX_BOOK: usize = 64 << 20;

/// A remote of the repository in `dir`, and the ref its leases live on.
#[derive(Debug, Clone)]
pub(crate) struct Remote {
    pub dir: PathBuf,
    pub name: String,
    pub reference: String,
}

/// The book as read, and the commit it was read from (`None`: no lease
/// ref on the remote yet).
pub(crate) struct Read {
    pub commit: Option<String>,
    pub book: Book,
}

/// How a push ended.
pub(crate) enum Pushed {
    Done,
    /// Someone else moved the ref first: fetch and decide again.
    Moved,
}

/// Run the real git in `dir`: no prompt for a password (a lease never
/// waits on a person), messages in English (they are read), `stdin` fed.
pub(crate) fn git(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Result<Output, LeaseError> {
    let mut cmd = Command::new("git");
    cmd.arg("-C")
        .arg(dir)
        .args(args)
        .env("LC_ALL", "C")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_AUTHOR_NAME", "todo")
        .env("GIT_AUTHOR_EMAIL", "todo@localhost")
        .env("GIT_COMMITTER_NAME", "todo")
        .env("GIT_COMMITTER_EMAIL", "todo@localhost")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let unavailable =
        |e: std::io::Error| LeaseError::Git(format!("cannot run git: {}", spawn_reason(&e)));
    let mut child = cmd.spawn().map_err(unavailable)?;
    if let (Some(bytes), Some(mut pipe)) = (stdin, child.stdin.take()) {
        pipe.write_all(bytes)
            .map_err(|e| LeaseError::Git(format!("cannot write to git: {e}")))?;
    }
    child.wait_with_output().map_err(unavailable)
}

/// git's stderr, its last meaningful line, for a message.
fn said(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("no message");
    crate::text::visible(line.trim_start_matches("fatal: ")).into_owned()
}

/// A plumbing command that must succeed; its stdout, trimmed.
fn plumbing(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Result<String, LeaseError> {
    let out = git(dir, args, stdin)?;
    if !out.status.success() {
        return Err(LeaseError::Git(format!(
            "git {} failed: {}",
            args.join(" "),
            said(&out)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

impl Remote {
    /// Where the ref is read into in this repository: one local ref per
    /// remote and worktree (`refs/worktree/` is each worktree's own; the
    /// lease lock of the worktree keeps its writers one at a time).
    fn seen(&self) -> String {
        let name: String = (self.name.chars())
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("refs/worktree/todo-seen/{name}/leases")
    }

    fn unreachable(&self, out: &Output) -> LeaseError {
        LeaseError::Unreachable {
            remote: self.name.clone(),
            why: said(out),
        }
    }

    /// Fetch the lease ref and read its book.
    pub(crate) fn read(&self) -> Result<Read, LeaseError> {
        let seen = self.seen();
        let spec = format!("+{}:{seen}", self.reference);
        let out = git(
            &self.dir,
            &[
                "fetch",
                "--quiet",
                "--no-tags",
                "--no-write-fetch-head",
                "--no-recurse-submodules",
                "--no-auto-gc",
                &self.name,
                &spec,
            ],
            None,
        )?;
        if !out.status.success() {
            if String::from_utf8_lossy(&out.stderr).contains("couldn't find remote ref") {
                return Ok(Read {
                    commit: None,
                    book: Book::default(),
                });
            }
            return Err(self.unreachable(&out));
        }
        let commit = plumbing(
            &self.dir,
            &["rev-parse", "--verify", "--quiet", &seen],
            None,
        )?;
        let blob = format!("{commit}:leases.json");
        let out = git(&self.dir, &["cat-file", "blob", &blob], None)?;
        if !out.status.success() || out.stdout.len() > MAX_BOOK {
            return Err(self.broken("it holds no readable leases.json"));
        }
        let book = serde_json::from_slice(&out.stdout)
            .map_err(|e| self.broken(&format!("leases.json does not parse ({e})")))?;
        Ok(Read {
            commit: Some(commit),
            book,
        })
    }

    fn broken(&self, why: &str) -> LeaseError {
        LeaseError::Broken {
            remote: self.name.clone(),
            reference: self.reference.clone(),
            why: why.to_string(),
        }
    }

    /// Write `book` as the child of `parent` and push it: done, or moved
    /// under us (someone pushed first).
    pub(crate) fn write(
        &self,
        parent: Option<&str>,
        book: &Book,
        what: &str,
    ) -> Result<Pushed, LeaseError> {
        let dir = &self.dir;
        let blob = plumbing(
            dir,
            &["hash-object", "-w", "--stdin"],
            Some(&book.to_bytes()),
        )?;
        let tree = plumbing(
            dir,
            &["mktree"],
            Some(format!("100644 blob {blob}\tleases.json\n").as_bytes()),
        )?;
        // A nonce: two writers of the same book on the same parent in the
        // same second still make two commits, and only one of them wins.
        let message = format!("todo: {what}\n\nnonce {:016x}\n", super::jitter_seed());
        let mut args = vec!["commit-tree", tree.as_str(), "-m", message.as_str()];
        if let Some(parent) = parent {
            args.extend(["-p", parent]);
        }
        let commit = plumbing(dir, &args, None)?;
        let spec = format!("{commit}:{}", self.reference);
        let out = git(
            dir,
            &["push", "--porcelain", "--no-verify", &self.name, &spec],
            None,
        )?;
        if out.status.success() {
            // What we pushed is what we saw last: a later read fetches less.
            let _ = git(dir, &["update-ref", &self.seen(), &commit], None);
            return Ok(Pushed::Done);
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        let refused = stdout.lines().find(|l| l.starts_with('!'));
        match refused {
            Some(line) if moved(line) => Ok(Pushed::Moved),
            Some(line) => Err(LeaseError::Refused {
                remote: self.name.clone(),
                reference: self.reference.clone(),
                why: crate::text::visible(line.rsplit('\t').next().unwrap_or(line)).into_owned(),
            }),
            None => Err(self.unreachable(&out)),
        }
    }
}

/// Whether a refused push's line says another push got there first (retry)
/// rather than the remote refusing the ref itself.
fn moved(line: &str) -> bool {
    [
        "fetch first",
        "non-fast-forward",
        "stale info",
        "failed to update ref",
        "cannot lock ref",
        "incorrect old value",
        "already exists",
        "failed to lock",
    ]
    .iter()
    .any(|why| line.contains(why))
}

#[cfg(test)]
mod tests {
    use super::moved;

    /// `git push --porcelain`'s lines (LC_ALL=C): another push first is a
    /// retry; the remote refusing the ref is an answer.
    #[test]
    fn a_push_refused_for_being_late_is_retried_and_one_refused_for_its_ref_is_not() {
        for late in [
            "!\tabc:refs/todo/leases\t[rejected] (fetch first)",
            "!\tabc:refs/todo/leases\t[rejected] (non-fast-forward)",
            "!\tabc:refs/todo/leases\t[remote rejected] (failed to update ref)",
            "!\tabc:refs/todo/leases\t[remote rejected] (cannot lock ref 'refs/todo/leases': is at 1 but expected 2)",
            "!\tabc:refs/todo/leases\t[remote rejected] (incorrect old value provided)",
        ] {
            assert!(moved(late), "{late}");
        }
        for refused in [
            "!\tabc:refs/todo/leases\t[remote rejected] (hook declined)",
            "!\tabc:refs/todo/leases\t[remote rejected] (deny updating a hidden ref)",
        ] {
            assert!(!moved(refused), "{refused}");
        }
    }
}
