//! The few file-system and process calls whose native form differs between
//! Unix (Linux, macOS) and Windows, each with one meaning on every system
//! (docs/contract.md, "Platforms"). The rest of todo calls these and never `std::os::unix` or
//! `std::os::windows` itself, so a new system is a new file here.
//! Each system's file says, call by call, what differs and why it is
//! still the same guarantee.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::path::Path;
#[cfg(windows)]
use std::path::PathBuf;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub(crate) use unix::*;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub(crate) use windows::*;

/// Where the plan's lock is taken, held until dropped: an `flock` on the
/// plan's directory on Unix, a file beside the plan that exists only while
/// it is held on Windows. Each system's file says how it is taken.
pub(crate) struct LockSpot {
    /// The plan's directory, opened.
    #[cfg(unix)]
    dir: File,
    /// Where the lock file goes.
    #[cfg(windows)]
    path: PathBuf,
    /// The lock file, while held.
    #[cfg(windows)]
    held: Option<File>,
}

/// Is there a program `name` in one of the directories of `path` (a
/// `PATH` value), as the system would find it (on Windows with `PATHEXT`)?
pub(crate) fn on_path(path: Option<&OsStr>, name: &OsStr) -> bool {
    path.is_some_and(|p| {
        which::which_in_global(name, Some(p)).is_ok_and(|mut found| found.next().is_some())
    })
}

/// [`on_path`] with this process's `PATH`.
pub(crate) fn on_process_path(name: &str) -> bool {
    on_path(std::env::var_os("PATH").as_deref(), OsStr::new(name))
}

/// How an outside command (the editor, the clipboard tool) failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ToolProblem {
    /// The command line could not be split into words.
    Split(String),
    /// The command line has no words.
    Empty,
    /// It could not be started.
    Start(String),
    /// It ran and failed.
    Failed(String),
}

/// Start `argv` (a program and its arguments) as `run` sets it up and
/// starts it (`.status()`, `.spawn()`).
pub(crate) fn start<T>(
    argv: &[String],
    run: impl FnOnce(&mut std::process::Command) -> io::Result<T>,
) -> Result<T, ToolProblem> {
    let Some((program, args)) = argv.split_first() else {
        return Err(ToolProblem::Empty);
    };
    run(std::process::Command::new(program).args(args))
        .map_err(|e| ToolProblem::Start(spawn_reason(&e)))
}

/// A path as a person reads it: on Windows without the `\\?\` prefix that
/// resolving a path gives it (`\\?\C:\x` is `C:\x`, `\\?\UNC\srv\x` is
/// `\\srv\x`); elsewhere as it is.
pub(crate) fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    match text.strip_prefix(r"\\?\") {
        Some(rest) if cfg!(windows) => match rest.strip_prefix(r"UNC\") {
            Some(share) => format!(r"\\{share}"),
            None => rest.to_string(),
        },
        _ => text,
    }
}

/// The directory a file is in: its parent, or `.` for a bare name.
pub(crate) fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Did a path fail to resolve because of a link loop?
pub(crate) fn is_link_loop(e: &io::Error) -> bool {
    e.raw_os_error() == Some(LINK_LOOP)
}

pub(crate) fn io_reason(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::IsADirectory => "it is a directory".into(),
        io::ErrorKind::ReadOnlyFilesystem => "read-only file system".into(),
        io::ErrorKind::StorageFull => "no space left on device".into(),
        _ => {
            // Drop the "(os error N)" tail std adds.
            let mut s = err.to_string();
            s.truncate(s.find(" (os error").unwrap_or(s.len()));
            s
        }
    }
}

/// Why a program could not be started: "command not found" rather than
/// the file error std reports for a missing program, else [`io_reason`].
pub(crate) fn spawn_reason(err: &io::Error) -> String {
    if err.kind() == io::ErrorKind::NotFound {
        "command not found".into()
    } else {
        io_reason(err)
    }
}

/// Read into `buf` from `at` until it is full or the file ends; returns
/// how many bytes were read.
pub(crate) fn read_full_at(file: &std::fs::File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match read_at(file, &mut buf[n..], at + n as u64)? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_splits_into_words() {
        assert_eq!(
            split_command("ed -s 'a b'").unwrap(),
            if cfg!(windows) {
                vec!["ed", "-s", "'a", "b'"]
            } else {
                vec!["ed", "-s", "a b"]
            }
        );
        // A quoted Windows path reads the same both ways; unquoted, a
        // shell takes `\` as an escape.
        assert_eq!(
            split_command(r#""C:\Program Files\ed.exe" -n"#).unwrap(),
            vec![r"C:\Program Files\ed.exe", "-n"]
        );
        assert_eq!(
            split_command(r"C:\Tools\ed.exe").unwrap(),
            if cfg!(windows) {
                vec![r"C:\Tools\ed.exe"]
            } else {
                vec!["C:Toolsed.exe"]
            }
        );
        assert!(split_command("ed \"open").is_err());
    }

    #[test]
    fn nothing_is_on_an_empty_path() {
        assert!(!on_path(None, OsStr::new("todo")));
        assert!(!on_path(Some(OsStr::new("")), OsStr::new("todo")));
    }

    #[test]
    fn read_full_at_reads_from_an_offset_to_the_end() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(read_full_at(&file, &mut buf, 6).unwrap(), 4);
        assert_eq!(&buf[..4], b"6789");
        assert_eq!(read_full_at(&file, &mut buf[..3], 1).unwrap(), 3);
        assert_eq!(&buf[..3], b"123");
    }
}

#[cfg(test)]
mod shown_tests {
    use super::shown;
    use std::path::Path;

    #[test]
    fn a_path_is_shown_without_the_verbatim_prefix_on_windows_only() {
        assert_eq!(shown(Path::new("/home/a/x")), "/home/a/x");
        let verbatim = shown(Path::new(r"\\?\Z:\proj"));
        let unc = shown(Path::new(r"\\?\UNC\srv\share"));
        if cfg!(windows) {
            assert_eq!(
                (verbatim.as_str(), unc.as_str()),
                (r"Z:\proj", r"\\srv\share")
            );
        } else {
            assert_eq!(verbatim, r"\\?\Z:\proj");
        }
    }
}
