//! Where the plan file lives and how it is read and replaced: discovery up to
//! the project root, an exclusive lock held across read-modify-write, and an
//! atomic replace (temporary file in the same directory, synced, renamed).
//!
//! The lock is an advisory `flock` on the plan file's *directory*, not on a
//! lock file: the plan is replaced by rename, so locking the file itself
//! would lock an inode that is about to be swapped out, and a lock file would
//! leave litter in the project.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::error::{Error, Result};
use crate::plan::{Plan, json};

pub const DEFAULT_NAME: &str = ".todo.json";

/// How long a command waits for another one holding the lock.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct Store {
    /// The path as the user gave it, or resolved when found by discovery.
    pub path: PathBuf,
    pub lock_wait: Duration,
}

/// A plan as read from disk, with the bytes it came from.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub plan: Plan,
    /// `None` when there was no file.
    pub bytes: Option<Vec<u8>>,
    /// The file is in exactly the layout todo writes.
    pub ours: bool,
}

impl Store {
    /// Find the plan file: the explicit path if given, else the first
    /// `.todo.json` from `cwd` up to the project root (the first directory
    /// holding `.git`), else a new one at the project root, else in `cwd`.
    pub fn locate(explicit: Option<PathBuf>, cwd: &Path) -> Store {
        if let Some(path) = explicit {
            return Store {
                path,
                lock_wait: LOCK_WAIT,
            };
        }
        // The project root is the first directory holding `.git`; without
        // one, only the current directory counts.
        let root = cwd
            .ancestors()
            .find(|dir| fs::symlink_metadata(dir.join(".git")).is_ok());
        let Some(root) = root else {
            return Store::found(cwd.join(DEFAULT_NAME));
        };
        for dir in cwd.ancestors() {
            let candidate = dir.join(DEFAULT_NAME);
            if fs::symlink_metadata(&candidate).is_ok() {
                return Store::found(candidate);
            }
            if dir == root {
                break;
            }
        }
        Store::found(root.join(DEFAULT_NAME))
    }

    fn found(path: PathBuf) -> Store {
        Store {
            path,
            lock_wait: LOCK_WAIT,
        }
    }

    pub fn display(&self) -> String {
        self.path.display().to_string()
    }

    /// The file the plan is really in: a symlink is followed to its target,
    /// so that the link stays a link when we replace the target.
    pub fn target(&self) -> PathBuf {
        resolve_link(&self.path)
    }

    fn directory(path: &Path) -> PathBuf {
        match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// Read the plan; a missing file is an empty plan.
    pub fn load(&self) -> Result<Loaded> {
        let bytes = match fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    plan: Plan::default(),
                    bytes: None,
                    ours: true,
                });
            }
            Err(e) => {
                return Err(Error::io(
                    format!("Cannot read plan file {}", self.display()),
                    e,
                ));
            }
        };
        let (plan, ours) = self.parse(&bytes)?;
        Ok(Loaded {
            plan,
            bytes: Some(bytes),
            ours,
        })
    }

    fn parse(&self, bytes: &[u8]) -> Result<(Plan, bool)> {
        let broken = |line, column, message| Error::BrokenPlan {
            path: self.path.clone(),
            line,
            column,
            message,
        };
        let text = json::utf8(bytes).map_err(|e| broken(e.line, e.column, e.message))?;
        if text.trim().is_empty() {
            return Err(broken(1, 1, "the file is empty".to_string()));
        }
        json::parse_layout(text).map_err(|e| broken(e.line, e.column, e.message))
    }

    /// Take the exclusive lock, waiting up to `lock_wait`.
    pub fn lock(&self) -> Result<Lock> {
        let target = self.target();
        let dir = Store::directory(&target);
        let handle = File::open(&dir).map_err(|e| {
            Error::io(
                format!("Cannot open the plan's directory {}", dir.display()),
                e,
            )
        })?;
        let start = Instant::now();
        let mut pause = Duration::from_micros(500);
        loop {
            match handle.try_lock() {
                Ok(()) => break,
                Err(fs::TryLockError::WouldBlock) => {
                    if start.elapsed() >= self.lock_wait {
                        return Err(Error::LockTimeout {
                            path: self.path.clone(),
                            waited: self.lock_wait,
                        });
                    }
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
                Err(fs::TryLockError::Error(e)) => {
                    return Err(Error::io(
                        format!("Cannot lock the plan's directory {}", dir.display()),
                        e,
                    ));
                }
            }
        }
        let lock = Lock {
            _handle: handle,
            target,
        };
        lock.sweep();
        Ok(lock)
    }
}

/// Held while a command reads, changes and writes the plan. Released on drop.
pub struct Lock {
    _handle: File,
    target: PathBuf,
}

impl Lock {
    /// Remove temporary files stranded by a crashed command. Safe because we
    /// hold the lock: nobody else is writing one now.
    fn sweep(&self) {
        let dir = Store::directory(&self.target);
        let prefix = temp_prefix(&self.target);
        if let Ok(entries) = fs::read_dir(&dir) {
            for entry in entries.flatten() {
                if entry.file_name().to_string_lossy().starts_with(&prefix) {
                    let _ = fs::remove_file(entry.path());
                }
            }
        }
    }

    /// Refuse a plan file nobody may write, even when we are root.
    pub fn check_writable(&self, store: &Store) -> Result<()> {
        let meta = match fs::metadata(&self.target) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                return Err(Error::io(
                    format!("Cannot read plan file {}", store.display()),
                    e,
                ));
            }
        };
        let denied = || {
            Error::io(
                format!("Cannot write plan file {}", store.display()),
                io::Error::from(io::ErrorKind::PermissionDenied),
            )
        };
        if meta.is_dir() {
            return Err(Error::io(
                format!("Cannot use plan file {}", store.display()),
                io::Error::from(io::ErrorKind::IsADirectory),
            ));
        }
        if meta.permissions().mode() & 0o222 == 0 {
            return Err(Error::Environment(format!(
                "Plan file {} is read-only; not changing it. Make it writable (chmod u+w) to allow changes.",
                store.display()
            )));
        }
        // Opening for write without truncating tells whether *we* may write.
        match OpenOptions::new().write(true).open(&self.target) {
            Ok(_) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Err(denied()),
            Err(e) => Err(Error::io(
                format!("Cannot write plan file {}", store.display()),
                e,
            )),
        }
    }

    /// Atomically replace the plan file with `plan`; returns the bytes written.
    pub fn save(&self, store: &Store, plan: &Plan) -> Result<Vec<u8>> {
        let text = json::render(plan);
        write_atomic(&self.target, text.as_bytes())
            .map_err(|e| Error::io(format!("Cannot write plan file {}", store.display()), e))?;
        Ok(text.into_bytes())
    }
}

/// The prefix of temporary files written next to `target`.
fn temp_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| DEFAULT_NAME.into());
    format!(".{}.tmp.", name.trim_start_matches('.'))
}

/// Follow a symlink chain to the file it names (which may not exist yet).
pub fn resolve_link(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match fs::read_link(&path) {
            Ok(next) => {
                path = match path.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => break,
        }
    }
    path
}

/// Replace `target` with `bytes` atomically: a temporary file in the same
/// directory, synced, then renamed over it. Permissions (and, for root, the
/// owner) of an existing file are kept.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = Store::directory(target);
    let old = fs::metadata(target).ok();
    let mode = old
        .as_ref()
        .map_or(0o644, |m| m.permissions().mode() & 0o7777);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(
        "{}{}.{nanos}",
        temp_prefix(target),
        std::process::id()
    ));
    let result = (|| -> io::Result<()> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&tmp)?;
        // The umask may have narrowed the mode; set it exactly.
        file.set_permissions(fs::Permissions::from_mode(mode))?;
        if let Some(old) = &old {
            // Keep the owner when root edits someone's file; best effort.
            let _ = std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()));
        }
        file.write_all(bytes)?;
        file.sync_data()?;
        fs::rename(&tmp, target)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // No fsync of the directory: if power fails before the rename reaches
    // the disk, the old plan is what remains, which is one of the two
    // states the atomic replace promises; it saved a quarter of a
    // millisecond on every change.
    Ok(())
}
