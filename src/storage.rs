//! Where the plan file lives and how it is read and replaced: discovery up to
//! the project root, an exclusive lock held across read-modify-write, and an
//! atomic replace (temporary file in the same directory, synced, renamed).
//!
//! The lock is an advisory `flock` on the plan file's *directory*, not on a
//! lock file: the plan is replaced by rename, so locking the file itself
//! would lock an inode that is about to be swapped out, and a lock file would
//! leave litter in the project. Windows, which locks no directory, has a
//! lock file that exists only while it is held (see [`crate::platform`]).

use std::fmt::Display;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::plan::{Plan, json};
use crate::platform;

type StorageResult<T> = std::result::Result<T, StorageError>;

// The hints two messages end with, said once for the message and for
// `error.hint` (`Error::hint`).
pub(crate) const FIX_THE_FILE: &str = "Fix the file (or restore it, e.g. with git), then retry.";
pub(crate) const MAKE_WRITABLE: &str = "Make it writable (chmod u+w) to allow changes.";

/// What can go wrong reading, locking or writing the plan file, or a path
/// todo chose.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StorageError {
    #[error("{context}: {}", platform::io_reason(source))]
    Io {
        context: String,
        #[source]
        source: io::Error,
    },

    #[error(
        "Timed out after {} waiting for another todo to finish with {}.",
        seconds(waited),
        path.display()
    )]
    LockTimeout { path: PathBuf, waited: Duration },

    #[error(
        "Plan file {}:{line}:{column} is broken: {message}\nNothing was changed. {FIX_THE_FILE}",
        path.display()
    )]
    BrokenPlan {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },

    /// The plan file is in the middle of a git merge conflict (markers, or
    /// unmerged in git's index); nothing was written.
    #[error("Plan file {} has a merge conflict ({sign}); nothing was changed.", path.display())]
    MergeConflict {
        path: PathBuf,
        sign: crate::conflict::Sign,
    },

    #[error("Plan file {path} is read-only; not changing it. {MAKE_WRITABLE}")]
    ReadOnlyPlan { path: String },

    /// A path todo chose (or the plan file it found) leads somewhere it may
    /// not write or read: out of the project, a directory, a FIFO, …
    #[error("{action} {path}: {why}; nothing was written.")]
    PathRefused {
        action: PathAction,
        path: String,
        why: String,
    },
}

impl StorageError {
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Self {
        StorageError::Io {
            context: context.into(),
            source,
        }
    }
}

fn seconds(d: &Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// What todo would have done with a path it refused (shown as what it
/// did not do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display)]
pub(crate) enum PathAction {
    /// Write the plan file it found.
    #[strum(to_string = "Not writing plan file")]
    WritePlan,
    /// Write a file of the project (`TODO.md`, `--into`).
    #[strum(to_string = "Not writing")]
    Write,
    /// Read and write a file of the repository (`.gitattributes`).
    #[strum(to_string = "Not using")]
    Use,
}

pub(crate) const DEFAULT_NAME: &str = ".todo.json";

#[derive(Debug, Clone)]
pub(crate) struct Store {
    /// The path as the user gave it, or resolved when found by discovery.
    pub path: PathBuf,
    /// How long a command waits for another one holding the lock.
    pub lock_wait: Duration,
    /// Found by discovery rather than named by the person: then it is a
    /// file of the project, and a link there may not lead out of it.
    pub discovered: bool,
    /// A plan kept from before, taken instead of parsing ([`Reuse`]).
    pub reuse: Option<Reuse>,
    /// Where the plan's `rev` is counted (`None`: nowhere to keep it; the
    /// plan then reads as rev 1, or a version-1 file's own).
    pub revs: Option<Revisions>,
}

/// Gives the plan a file's bytes read as, without parsing them, when it
/// knows (`None`: parse). The speed trick of a long-lived caller, kept
/// there: `todo mcp` keeps the plan each call ends with for the next.
#[derive(Clone)]
pub(crate) struct Reuse(pub std::sync::Arc<ReuseFn>);

type ReuseFn = dyn Fn(&[u8]) -> Option<Plan> + Send + Sync;

impl std::fmt::Debug for Reuse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reuse")
    }
}

/// A plan as read from disk, with the bytes it came from.
#[derive(Debug, Clone, Default)]
pub(crate) struct Loaded {
    pub plan: Plan,
    /// `None` when there was no file.
    pub bytes: Option<Vec<u8>>,
    /// The file's digest ([`file_digest`]), when it was taken to
    /// count `rev`: taken once, for the history too.
    pub digest: Option<String>,
}

impl Store {
    /// Find the plan file: the explicit path if given, else the first
    /// `.todo.json` from `cwd` up to the project root (the first directory
    /// holding `.git`), else a new one at the project root, else in `cwd`.
    pub(crate) fn locate(explicit: Option<PathBuf>, cwd: &Path) -> Store {
        if let Some(path) = explicit {
            return Store::at(path, false);
        }
        let Some(root) = git_root(cwd) else {
            return Store::at(cwd.join(DEFAULT_NAME), true);
        };
        for dir in cwd.ancestors() {
            let candidate = dir.join(DEFAULT_NAME);
            if fs::symlink_metadata(&candidate).is_ok() {
                return Store::at(candidate, true);
            }
            if dir == root {
                break;
            }
        }
        Store::at(root.join(DEFAULT_NAME), true)
    }

    fn at(path: PathBuf, discovered: bool) -> Store {
        Store {
            path,
            lock_wait: Duration::from_secs(10),
            discovered,
            reuse: None,
            revs: None,
        }
    }

    /// A discovered plan file that is a link must stay inside the project
    /// to be written: a cloned repository could otherwise point it at a
    /// shell start-up file. (A dangling link inside the project is fine:
    /// the first change creates its target.) Named with `--file` or
    /// `TODO_FILE`, a link is followed wherever it leads.
    fn check_link(&self, target: &Path) -> StorageResult<()> {
        let is_link = fs::symlink_metadata(&self.path).is_ok_and(|m| m.file_type().is_symlink());
        if !self.discovered || !is_link {
            return Ok(());
        }
        match placed(target) {
            Ok(real) if !real.starts_with(project_of(&self.path)) => {
                Err(StorageError::PathRefused {
                    action: PathAction::WritePlan,
                    path: self.display(),
                    why: Unsafe::Outside { real, at_end: true }.to_string(),
                })
            }
            // Inside the project, or nowhere to write (locking says so).
            _ => Ok(()),
        }
    }

    pub(crate) fn display(&self) -> String {
        crate::platform::shown(&self.path)
    }

    /// An I/O failure on the plan file: "Cannot <verb> plan file <path>".
    pub(crate) fn cannot(&self, verb: &str, e: io::Error) -> StorageError {
        StorageError::io(format!("Cannot {verb} plan file {}", self.display()), e)
    }

    /// The file the plan is really in (which may not exist yet): a symlink
    /// chain is followed to its end, so that the link stays a link when we
    /// replace the target.
    pub(crate) fn target(&self) -> PathBuf {
        let mut path = self.path.clone();
        for _ in 0..40 {
            let Ok(next) = fs::read_link(&path) else {
                break;
            };
            path = hop(&path, next);
        }
        path
    }

    /// Read the plan; a missing file is an empty plan. A FIFO, device or
    /// socket is refused without blocking on it.
    pub(crate) fn load(&self) -> StorageResult<Loaded> {
        let bytes = match read_regular(&self.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Loaded::default()),
            Err(e) => return Err(self.cannot("read", e)),
        };
        let kept = self.reuse.as_ref().and_then(|reuse| (reuse.0)(&bytes));
        let mut plan = kept.map_or_else(|| self.parse(&bytes), Ok)?;
        let (rev, digest) = self.count(plan.rev, &bytes);
        plan.rev = rev;
        Ok(Loaded {
            plan,
            bytes: Some(bytes),
            digest,
        })
    }

    /// The plan's `rev` for the file holding `bytes` (see
    /// [`Revisions`]); `own` is a version-1 file's own. A count not
    /// yet recorded is recorded under the lock, taken here unless this
    /// process holds it.
    fn count(&self, own: u64, bytes: &[u8]) -> (u64, Option<String>) {
        let Some(revs) = &self.revs else {
            return (own.max(1), None);
        };
        let digest = file_digest(bytes);
        let target = self.target();
        let real = real_path(&target);
        let read = revs.read(&real, &digest, own);
        let lock = (read.record && !held(&target)).then(|| self.lock());
        let read = match &lock {
            None => read,
            // Under the lock: what the file holds now, which a writer may
            // have replaced (and counted) since it was read.
            Some(Ok(_)) if read_regular(&self.path).is_ok_and(|now| now == bytes) => {
                revs.read(&real, &digest, own)
            }
            Some(_) => return (read.rev, Some(digest)),
        };
        if read.record {
            let _ = revs.record(&real, read.rev, &digest);
        }
        (read.rev, Some(digest))
    }

    /// Parse the plan file's bytes. Only when they do not read as a plan is
    /// it asked whether that is a merge conflict (markers, or unmerged in
    /// git's index), so a good plan costs no more than its parse.
    fn parse(&self, bytes: &[u8]) -> StorageResult<Plan> {
        let broken = |line, column, message| match crate::conflict::sign(&self.path, bytes) {
            Some(sign) => StorageError::MergeConflict {
                path: self.path.clone(),
                sign,
            },
            None => StorageError::BrokenPlan {
                path: self.path.clone(),
                line,
                column,
                message,
            },
        };
        let text = json::utf8(bytes).map_err(|e| broken(e.line, e.column, e.message))?;
        if text.trim().is_empty() {
            return Err(broken(1, 1, "the file is empty".to_string()));
        }
        json::parse(text).map_err(|e| broken(e.line, e.column, e.message))
    }

    /// Take the exclusive lock, waiting up to `lock_wait`.
    pub(crate) fn lock(&self) -> StorageResult<Lock> {
        let target = self.target();
        self.check_link(&target)?;
        let dir = platform::directory(&target);
        let cannot = |what: &str, e| {
            StorageError::io(
                format!("Cannot {what} the plan's directory {}", dir.display()),
                e,
            )
        };
        let mut spot = platform::LockSpot::open(dir, &target).map_err(|e| cannot("open", e))?;
        let start = Instant::now();
        let mut pause = Duration::from_micros(500);
        while !spot.try_lock().map_err(|e| cannot("lock", e))? {
            if start.elapsed() >= self.lock_wait {
                return Err(StorageError::LockTimeout {
                    path: self.path.clone(),
                    waited: self.lock_wait,
                });
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(20));
        }
        if let Ok(mut held) = HELD.lock() {
            held.push(target.clone());
        }
        let lock = Lock {
            _spot: spot,
            target,
        };
        lock.sweep();
        Ok(lock)
    }
}

/// Held while a command reads, changes and writes the plan. Released on drop.
pub(crate) struct Lock {
    _spot: platform::LockSpot,
    target: PathBuf,
}

/// The plans whose locks this process holds, so that a read under the lock
/// does not wait for it (`flock` would make a second handle wait).
static HELD: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn held(target: &Path) -> bool {
    HELD.lock()
        .is_ok_and(|held| held.iter().any(|t| t == target))
}

impl Drop for Lock {
    fn drop(&mut self) {
        if let Ok(mut held) = HELD.lock()
            && let Some(i) = held.iter().position(|t| *t == self.target)
        {
            held.swap_remove(i);
        }
    }
}

impl Lock {
    /// Remove temporary files stranded by a crashed command. Safe because we
    /// hold the lock: nobody else is writing one now.
    fn sweep(&self) {
        let dir = platform::directory(&self.target);
        let prefix = temp_prefix(&self.target);
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// Refuse a plan file nobody may write, even when we are root.
    pub(crate) fn check_writable(&self, store: &Store) -> StorageResult<()> {
        let meta = match fs::metadata(&self.target) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(store.cannot("read", e)),
        };
        if meta.is_dir() {
            return Err(store.cannot("use", io::ErrorKind::IsADirectory.into()));
        }
        if meta.permissions().readonly() {
            return Err(StorageError::ReadOnlyPlan {
                path: store.display(),
            });
        }
        // Opening for write without truncating tells whether *we* may write.
        OpenOptions::new()
            .write(true)
            .open(&self.target)
            .map(drop)
            .map_err(|e| store.cannot("write", e))
    }

    /// Atomically replace the plan file with `plan`.
    pub(crate) fn save(&self, store: &Store, plan: &Plan) -> StorageResult<()> {
        self.save_over(store, plan, None, "")?;
        // Not a change undo takes back (a merge): nothing to record.
        if let Some(revs) = &store.revs {
            let _ = revs.unrecorded(&real_path(&self.target), None);
        }
        Ok(())
    }

    /// Write `plan` over the file as it was (`old`), on `today`
    /// (`YYYY-MM-DD`), keeping its tombstones (see [`json::render_over`]),
    /// and count the change (`plan.rev`, see [`Revisions`]). The
    /// file as written, and its digest.
    pub(crate) fn save_over(
        &self,
        store: &Store,
        plan: &Plan,
        old: Option<&[u8]>,
        today: &str,
    ) -> StorageResult<(Vec<u8>, String)> {
        let text = json::render_over(plan, old, today);
        let digest = file_digest(text.as_bytes());
        if let Some(revs) = &store.revs {
            // Said before the file is replaced, cleared once the change is
            // in the undo history: a change stopped in between (a SIGKILL)
            // is then known as todo's own, not as one made outside it.
            let _ = revs.unrecorded(&real_path(&self.target), Some(&digest));
        }
        write_atomic(&self.target, text.as_bytes()).map_err(|e| store.cannot("write", e))?;
        if let Some(revs) = &store.revs {
            // A count not recorded is made again by the next read, from
            // the count before: the same number.
            let _ = revs.record(&real_path(&self.target), plan.rev, &digest);
        }
        Ok((text.into_bytes(), digest))
    }
}

/// The prefix of temporary files written next to `target`.
fn temp_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map_or(DEFAULT_NAME.into(), |n| n.to_string_lossy());
    format!(".{}.tmp.", name.trim_start_matches('.'))
}

/// The error for a file that is not a regular one (directories keep their
/// own kind, so that they read "it is a directory").
pub(crate) fn not_regular(file_type: fs::FileType) -> io::Error {
    if file_type.is_dir() {
        return io::Error::from(io::ErrorKind::IsADirectory);
    }
    io::Error::other(Unsafe::Special(platform::special_kind(file_type)))
}

/// Read a regular file whole. It is opened without blocking (a FIFO with no
/// writer would otherwise hang) and checked *after* opening, on the open
/// file, so nothing can be swapped in between the check and the read.
pub(crate) fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = platform::nonblocking(OpenOptions::new().read(true)).open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The bytes of `real`, the file checked for `shown`; `None` when it is
/// not there.
pub(crate) fn read_file(real: &Path, shown: impl Display) -> StorageResult<Option<Vec<u8>>> {
    match read_regular(real) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StorageError::io(format!("Cannot read {shown}"), e)),
    }
}

/// Replace `real`, the file checked for `shown`, with `bytes` ([`write_atomic`]).
pub(crate) fn write_file(real: &Path, shown: impl Display, bytes: &[u8]) -> StorageResult<()> {
    write_atomic(real, bytes).map_err(|e| StorageError::io(format!("Cannot write {shown}"), e))
}

/// Who named a path todo is about to write or read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum NamedBy<'a> {
    /// Typed by the person: followed as `cp` would, anywhere.
    Typed,
    /// Chosen by todo (`TODO.md` beside the plan) or a file of the project
    /// to edit in place (`--into`): a symbolic link on the way may lead
    /// only to somewhere inside `project` (a canonical path).
    Chosen { project: &'a Path },
}

/// Why a path is not used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unsafe {
    /// A link (at the end, or a directory on the way) leads out of the project.
    #[error(
        "{} a symbolic link that leads outside the project (to {})",
        if *at_end { "it is" } else { "a directory on its way is" },
        crate::text::visible(&real.display().to_string())
    )]
    Outside { real: PathBuf, at_end: bool },
    #[error("{}", match link {
        true => "it is a symbolic link to a directory, not a file",
        false => "it is a directory",
    })]
    Directory { link: bool },
    #[error("it is a symbolic link to a file that does not exist")]
    Dangling,
    #[error("it is a symbolic link loop")]
    Loop,
    #[error("it is {0}, not a regular file")]
    Special(&'static str),
    #[error("{}", platform::io_reason(.0))]
    Io(io::Error),
}

/// Where `path` really leads, checked by the rule of [`NamedBy`]: the file
/// to write or read (the end of a link chain, so that a link stays a link
/// when the file is replaced). Refused: a link to a directory or to
/// nothing, a loop, anything not a regular file, and for a chosen path a
/// link that leads out of the project. A missing file (not a link) is
/// fine: it is created. This guards against files planted in a project;
/// it does not race a local attacker swapping directories underneath.
pub(crate) fn checked(path: &Path, named: NamedBy) -> std::result::Result<PathBuf, Unsafe> {
    let mut at = path.to_path_buf();
    let mut link = false;
    let mut hops = 0;
    let exists = loop {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                hops += 1;
                if hops > 40 {
                    return Err(Unsafe::Loop);
                }
                link = true;
                at = hop(&at, fs::read_link(&at).map_err(Unsafe::Io)?);
            }
            Ok(meta) if meta.is_dir() => return Err(Unsafe::Directory { link }),
            Ok(meta) if meta.is_file() => break true,
            Ok(meta) => return Err(Unsafe::Special(platform::special_kind(meta.file_type()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound && link => {
                return Err(Unsafe::Dangling);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => break false,
            Err(e) if platform::is_link_loop(&e) => return Err(Unsafe::Loop),
            Err(e) => return Err(Unsafe::Io(e)),
        }
    };
    let NamedBy::Chosen { project } = named else {
        return Ok(at);
    };
    // Where it really is, against where its name says it is: any
    // difference is a link followed, at the end or on the way.
    let real = match placed(&at) {
        Ok(real) => real,
        Err(e) if platform::is_link_loop(&e) => return Err(Unsafe::Loop),
        // A missing directory: the write will say so.
        Err(_) if !exists => return Ok(at),
        Err(e) => return Err(Unsafe::Io(e)),
    };
    if Some(&real) != lexical(path).as_ref() && !real.starts_with(project) {
        return Err(Unsafe::Outside { real, at_end: link });
    }
    Ok(at)
}

/// [`checked`] for `action`: a refusal is the error that says what was
/// not done with `path` (exit 6, nothing done).
pub(crate) fn checked_for(
    path: &Path,
    named: NamedBy,
    action: PathAction,
) -> StorageResult<PathBuf> {
    checked(path, named).map_err(|why| StorageError::PathRefused {
        action,
        path: path.display().to_string(),
        why: why.to_string(),
    })
}

/// `path` made absolute, with `.` and `..` folded by name, not by the
/// file system: where the path says it is.
fn lexical(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let abs = std::path::absolute(path).ok()?;
    let mut out = PathBuf::new();
    for part in abs.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The project a plan file belongs to, as a canonical path: the first
/// directory holding `.git` from the plan's directory up, else the plan's
/// directory itself.
pub(crate) fn project_of(plan: &Path) -> PathBuf {
    let dir = platform::directory(plan);
    let dir = fs::canonicalize(dir)
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_path_buf());
    git_root(&dir).map_or_else(|| dir.clone(), Path::to_path_buf)
}

/// The first directory from `dir` up that holds `.git`.
pub(crate) fn git_root(dir: &Path) -> Option<&Path> {
    dir.ancestors()
        .find(|d| fs::symlink_metadata(d.join(".git")).is_ok())
}

/// Where the link at `link` that reads `next` leads.
fn hop(link: &Path, next: PathBuf) -> PathBuf {
    match link.parent() {
        Some(dir) if next.is_relative() => dir.join(next),
        _ => next,
    }
}

/// Where `path` really is, links followed; `path` as given when that
/// cannot be told (it may not exist yet).
pub(crate) fn real_path(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Where `path` really is: its directory as a canonical path, then its name.
fn placed(path: &Path) -> io::Result<PathBuf> {
    let mut real = fs::canonicalize(platform::directory(path))?;
    real.extend(path.file_name());
    Ok(real)
}

/// Make a fresh file or directory under `dir` named `prefix` then the
/// process id, the clock and a counter, with `make` (which must refuse a
/// path that exists): the plan's temporary file and `edit`'s directory.
/// The prefix is what tells a stranded one; the counter gets past a clash.
pub(crate) fn create_unique<T>(
    dir: &Path,
    prefix: &str,
    make: impl Fn(&Path) -> io::Result<T>,
) -> io::Result<(PathBuf, T)> {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut n = 0u32;
    loop {
        let path = dir.join(format!("{prefix}{}.{nanos}.{n}", std::process::id()));
        match make(&path) {
            Ok(made) => return Ok((path, made)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Replace `target` with `bytes` atomically: a temporary file in the same
/// directory, synced, then renamed over it. Permissions (and, for root, the
/// owner) of an existing file are kept (see [`platform::create_like`]).
pub(crate) fn write_atomic(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = platform::directory(target);
    let old = fs::metadata(target).ok();
    let (tmp, mut file) = create_unique(dir, &temp_prefix(target), |path| {
        platform::create_like(path, old.as_ref())
    })?;
    let result = (|| -> io::Result<()> {
        file.write_all(bytes)?;
        platform::sync(&file)?;
        // Closed before the rename: Windows renames no file open here.
        drop(file);
        platform::replace(&tmp, target)
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

// `rev` ([`Revisions`]): how many changes this working copy's plan has
// seen, kept beside the undo history as the README's "`rev`" tells. Not in
// the committed file, where a line every change rewrites would make every
// two branches conflict (docs/contract.md, "Plans in git"). A file changed
// outside todo counts as one change, recorded at once under the plan's
// lock, so that no two contents ever share a `rev` and `--if-rev` never
// accepts a value read before such a change.

/// The file in `dir` that keeps, under `ext`, what todo knows of the plan
/// file at `plan` (its real path): its history, its `rev`.
pub(crate) fn keyed(dir: &Path, plan: &Path, ext: &str) -> PathBuf {
    let key = digest(plan.as_os_str().as_encoded_bytes());
    dir.join(format!("{key}.{ext}"))
}

/// Where the revisions of plans are kept.
#[derive(Debug, Clone)]
pub(crate) struct Revisions {
    pub dir: PathBuf,
}

/// A plan's `rev` as read, and whether it must be recorded (it was not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RevRead {
    pub rev: u64,
    pub record: bool,
}

impl Revisions {
    fn file(&self, real: &Path) -> PathBuf {
        keyed(&self.dir, real, "rev")
    }

    /// The recorded `(rev, digest)` of the plan at `real`, if any.
    fn recorded(&self, real: &Path) -> Option<(u64, String)> {
        let text = fs::read_to_string(self.file(real)).ok()?;
        let (rev, digest) = text.trim_end().split_once(' ')?;
        Some((rev.parse().ok()?, digest.to_string()))
    }

    /// The `rev` of the plan file at `real` holding `bytes`. `own` is the
    /// `rev` a version-1 file carries in itself (else 0): a working copy
    /// seen for the first time starts from it, and a version-1 file still
    /// changed by an older todo moves it on.
    /// `digest` is the file's ([`file_digest`]).
    pub(crate) fn read(&self, real: &Path, digest: &str, own: u64) -> RevRead {
        let (rev, record) = match self.recorded(real) {
            Some((rev, seen)) if seen == digest => (rev, false),
            Some((rev, _)) => (rev.saturating_add(1).max(own), true),
            None => (own.max(1), true),
        };
        RevRead { rev, record }
    }

    /// Say that todo is writing the plan at `real` as the file of `digest`,
    /// a change not in its undo history yet (`None`: it is now, or was
    /// never: forget it). Call under the plan's lock.
    pub(crate) fn unrecorded(&self, real: &Path, digest: Option<&str>) -> io::Result<()> {
        let file = keyed(&self.dir, real, "unrecorded");
        match digest {
            Some(d) => {
                fs::create_dir_all(&self.dir)?;
                replace_private(&file, d.as_bytes())
            }
            None => match fs::remove_file(&file) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            },
        }
    }

    /// Whether the file of `digest` at `real` is a change todo wrote and
    /// did not get to record for undo (see [`Revisions::unrecorded`]).
    pub(crate) fn is_unrecorded(&self, real: &Path, digest: &str) -> bool {
        fs::read(keyed(&self.dir, real, "unrecorded")).is_ok_and(|d| d == digest.as_bytes())
    }

    /// Record that the plan at `real` holds the file of `digest` at `rev`.
    /// Call under the plan's lock.
    pub(crate) fn record(&self, real: &Path, rev: u64, digest: &str) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        replace_private(&self.file(real), format!("{rev} {digest}\n").as_bytes())
    }
}

/// A 64-bit digest (XXH3), stable across builds and platforms (unlike
/// std's hasher), at memory speed: it runs over the whole file on every
/// change.
pub(crate) fn digest(bytes: &[u8]) -> String {
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(bytes))
}

/// Digest of a plan file's content. A version-1 file kept `rev` and the
/// id counters above `phases`, which every change (undo too) moves: its
/// digest starts at `phases`. A file in todo's own layout digests the same
/// as [`plan_digest`] of its plan; a file in another layout as itself.
pub(crate) fn file_digest(bytes: &[u8]) -> String {
    let v1 = bytes.starts_with(b"{\n  \"version\": 1,");
    let phases = v1.then(|| memchr::memmem::find(bytes, b"\n  \"phases\": "));
    digest(&bytes[phases.flatten().unwrap_or(0)..])
}

/// Digest of a plan's content as todo would write it: for a file changed
/// outside todo only in its layout, compare this with the history.
pub(crate) fn plan_digest(plan: &Plan) -> String {
    file_digest(json::render(plan).as_bytes())
}

/// Replace the file at `path` with `bytes`, readable by its owner only: a
/// new file beside it (never one found there, nor through a link there)
/// renamed over it. The history and the agent's seen record are kept so.
pub(crate) fn replace_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
    let _ = fs::remove_file(&tmp);
    let result = platform::private(OpenOptions::new().write(true).create_new(true))
        .open(&tmp)
        .and_then(|mut file| file.write_all(bytes))
        .and_then(|()| platform::replace(&tmp, path));
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_unique_counts_past_a_clash_and_passes_other_errors_on() {
        let dir = Path::new("/nowhere");
        let tries = std::cell::Cell::new(0);
        let (path, made) = create_unique(dir, ".plan.tmp.", |p| {
            tries.set(tries.get() + 1);
            if tries.get() < 4 {
                Err(io::Error::from(io::ErrorKind::AlreadyExists))
            } else {
                Ok(p.to_path_buf())
            }
        })
        .unwrap();
        assert_eq!(path, made);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let pid = format!(".plan.tmp.{}.", std::process::id());
        assert!(name.starts_with(&pid) && name.ends_with(".3"), "{name}");
        // A clash that never ends stops; any other error is not retried.
        for (kind, tried) in [
            (io::ErrorKind::AlreadyExists, 101),
            (io::ErrorKind::PermissionDenied, 1),
        ] {
            tries.set(0);
            let result = create_unique(dir, "x", |_| -> io::Result<()> {
                tries.set(tries.get() + 1);
                Err(io::Error::from(kind))
            });
            assert_eq!(result.map_err(|e| e.kind()), Err(kind));
            assert_eq!(tries.get(), tried, "{kind:?}");
        }
    }

    #[test]
    fn a_change_outside_todo_counts_once_and_is_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let revs = Revisions {
            dir: dir.path().join("history"),
        };
        let real = Path::new("/project/.todo.json");
        let read = |bytes: &[u8], own| {
            let RevRead { rev, record } = revs.read(real, &file_digest(bytes), own);
            (rev, record)
        };
        assert_eq!(read(b"a", 0), (1, true));
        assert_eq!(read(b"a", 12), (12, true));
        revs.record(real, 5, &file_digest(b"a")).unwrap();
        assert_eq!(read(b"a", 0), (5, false));
        // A pull brought other bytes: one more, and the next other bytes
        // (a checkout) one more again once recorded.
        assert_eq!(read(b"b", 0), (6, true));
        revs.record(real, 6, &file_digest(b"b")).unwrap();
        assert_eq!(read(b"a", 0), (7, true));
    }
}
