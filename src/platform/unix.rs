//! Unix (Linux, macOS, the BSDs): modes, `flock`, `O_NOFOLLOW`, FIFOs.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{
    DirBuilderExt, FileExt, FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt,
};
use std::path::Path;

use super::LockSpot;

/// Open without blocking: a FIFO with no writer would otherwise hang.
pub(crate) fn nonblocking(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(libc::O_NONBLOCK)
}

/// Open a link as a failure (`ELOOP`) instead of following it, without
/// blocking.
pub(crate) fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
}

/// A file created by these options is readable by its owner only.
pub(crate) fn private(options: &mut OpenOptions) -> &mut OpenOptions {
    options.mode(0o600)
}

/// Make the directory `path`, private to its owner from the start (the
/// umask can only narrow the mode), then exactly so.
pub(crate) fn create_private_dir(path: &Path) -> io::Result<()> {
    fs::DirBuilder::new().mode(0o700).create(path)?;
    let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o700));
    Ok(())
}

/// The error of a path that does not resolve because of a link loop.
pub(crate) const LINK_LOOP: i32 = libc::ELOOP;

/// "a FIFO", "a socket", … for a file that is neither regular nor a
/// directory nor a link.
pub(crate) fn special_kind(file_type: fs::FileType) -> &'static str {
    [
        (file_type.is_fifo(), "a FIFO"),
        (file_type.is_socket(), "a socket"),
        (file_type.is_char_device(), "a character device"),
        (file_type.is_block_device(), "a block device"),
    ]
    .into_iter()
    .find_map(|(is, kind)| is.then_some(kind))
    .unwrap_or("a special file")
}

/// Read at an offset without moving the file's position.
pub(crate) fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    file.read_at(buf, at)
}

/// Create the new file `path` to replace a file with metadata `old`:
/// with its mode (0644 for a first file) and, when root edits someone's
/// file, its owner (best effort). Removed again if that fails.
pub(crate) fn create_like(path: &Path, old: Option<&fs::Metadata>) -> io::Result<File> {
    let mode = old.map_or(0o644, |m| m.permissions().mode() & 0o7777);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(path)?;
    // The umask may have narrowed the mode; set it exactly.
    if let Err(e) = file.set_permissions(fs::Permissions::from_mode(mode)) {
        let _ = fs::remove_file(path);
        return Err(e);
    }
    if let Some(old) = old {
        let _ = std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()));
    }
    Ok(file)
}

/// Flush what was written to the file to the disk. macOS's `fsync` stops
/// at the drive's cache, so there `F_FULLFSYNC` asks the drive too; a file
/// system without it (some network ones) gets `fsync`.
pub(crate) fn sync(file: &File) -> io::Result<()> {
    #[cfg(target_vendor = "apple")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `fcntl` with `F_FULLFSYNC` takes no pointer; the
        // descriptor is open for the life of `file`.
        if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_FULLFSYNC) } == 0 {
            return Ok(());
        }
        file.sync_all()
    }
    #[cfg(not(target_vendor = "apple"))]
    file.sync_data()
}

/// Rename `from` over `to`, atomically.
pub(crate) fn replace(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// Unix's lock: an exclusive `flock` on the plan's directory (the plan
/// itself is swapped out by rename, and a lock file would be litter).
impl LockSpot {
    /// The lock for the plan `_plan` in the directory `dir`, not taken yet.
    pub(crate) fn open(dir: &Path, _plan: &Path) -> io::Result<LockSpot> {
        File::open(dir).map(|dir| LockSpot { dir })
    }

    /// Take the lock without waiting: `false` while another process holds it.
    pub(crate) fn try_lock(&mut self) -> io::Result<bool> {
        match self.dir.try_lock() {
            Ok(()) => Ok(true),
            Err(fs::TryLockError::WouldBlock) => Ok(false),
            Err(fs::TryLockError::Error(e)) => Err(e),
        }
    }
}

/// Split a command line (`$EDITOR`, `TODO_CLIPBOARD`) into words as a
/// shell would, without running one.
pub(crate) fn split_command(line: &str) -> Result<Vec<String>, String> {
    shell_words::split(line).map_err(|e| e.to_string())
}

/// Start `cmd` (a task's check) as the leader of its own process group, so
/// that [`kill_tree`] reaches what it starts.
pub(crate) fn own_group(cmd: &mut std::process::Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
}

/// Kill a check that ran too long, with everything it started: its process
/// group, and on Linux every process of this user that still carries
/// `mark` (`NAME=value`, set in the check's environment, which what it
/// starts inherits) — a process that left the group (`setsid`, a daemon's
/// double fork) is still found so. Swept until a look finds none, as a
/// process may start another between a look and its kill. What remains
/// possible: a process that clears its environment after leaving the
/// group, and, on macOS (no `/proc`), anything that left the group.
pub(crate) fn kill_tree(child: &mut std::process::Child, mark: &str) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the process group
        // the child leads (it was started with its own); no memory is shared.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    #[cfg(target_os = "linux")]
    for _ in 0..100 {
        let marked = marked_processes(mark);
        if marked.is_empty() {
            break;
        }
        for pid in marked {
            // SAFETY: kill(2) on a process id read from /proc; no memory is shared.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = mark;
}

/// The processes of this user (other than this one) whose environment
/// holds `mark` as one of its `NAME=value` entries.
#[cfg(target_os = "linux")]
fn marked_processes(mark: &str) -> Vec<libc::pid_t> {
    let me = std::process::id();
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != me)
        .filter(|pid| {
            // Another user's, or gone: unreadable, so not ours to kill.
            fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|b| *b == 0).any(|e| e == mark.as_bytes()))
        })
        .filter_map(|pid| libc::pid_t::try_from(pid).ok())
        .collect()
}
