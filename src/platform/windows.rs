//! Windows: attributes, share modes, reparse points, `PATHEXT`. The
//! constants are the Win32 ones (`winbase.h`, `winerror.h`), named here
//! rather than pulling in a bindings crate for six numbers.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::windows::fs::{FileExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use super::LockSpot;

const FILE_ATTRIBUTE_HIDDEN: u32 = 0x0000_0002;
const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
const FILE_FLAG_DELETE_ON_CLOSE: u32 = 0x0400_0000;
const ERROR_ACCESS_DENIED: i32 = 5;
const ERROR_SHARING_VIOLATION: i32 = 32;
const ERROR_LOCK_VIOLATION: i32 = 33;
/// `ERROR_CANT_RESOLVE_FILENAME`: a path that does not resolve because of
/// a link loop.
pub(crate) const LINK_LOOP: i32 = 1921;

/// Windows keeps no FIFO or device in a directory: nothing to add.
pub(crate) fn nonblocking(options: &mut OpenOptions) -> &mut OpenOptions {
    options
}

/// Open a link (a reparse point) as itself instead of following it; the
/// caller then sees that it is not a regular file.
pub(crate) fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
}

/// Files under the user's profile (where todo keeps its private files)
/// inherit an ACL that gives only that user (and the system) access.
pub(crate) fn private(options: &mut OpenOptions) -> &mut OpenOptions {
    options
}

/// Make the directory `path`; under the user's temporary directory it is
/// the user's alone by the inherited ACL.
pub(crate) fn create_private_dir(path: &Path) -> io::Result<()> {
    fs::create_dir(path)
}

/// What a file that is neither regular nor a directory nor a link is.
pub(crate) fn special_kind(_file_type: fs::FileType) -> &'static str {
    "a special file"
}

/// Read at an offset. Windows moves the file's position as it does; no
/// caller depends on the position.
pub(crate) fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    file.seek_read(buf, at)
}

/// Create the new file `path` to replace a file with metadata `old`. Its
/// access comes from the directory's inherited ACL, as the old file's
/// did unless someone set one on it alone; a read-only plan was refused
/// before this.
pub(crate) fn create_like(path: &Path, _old: Option<&fs::Metadata>) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// Flush what was written to the file to the disk (`FlushFileBuffers`).
pub(crate) fn sync(file: &File) -> io::Result<()> {
    file.sync_data()
}

/// Rename `from` over `to`, atomically. std renames with POSIX semantics
/// where the file system has them and with `MoveFileEx(…,
/// MOVEFILE_REPLACE_EXISTING)` elsewhere; either fails while another
/// program has `to` open without sharing delete (an editor, a virus
/// scanner, a backup or indexing service; todo's own readers share it), so
/// a refused rename is tried again for up to two seconds before it is an
/// error.
pub(crate) fn replace(from: &Path, to: &Path) -> io::Result<()> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match fs::rename(from, to) {
            Err(e) if busy(&e) && start.elapsed() < Duration::from_secs(2) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

fn busy(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(ERROR_ACCESS_DENIED | ERROR_SHARING_VIOLATION | ERROR_LOCK_VIOLATION)
    )
}

/// Windows' lock. Windows locks no directory, so it is a file
/// `<plan name>.lock` beside the plan, opened with no sharing (a second
/// opener is refused) and deleted when its handle closes, which the system
/// does for a killed process too: it exists only while a command holds the
/// lock, and a crash leaves nothing to clean.
impl LockSpot {
    /// The lock for the plan `plan` in the directory `dir`, not taken yet.
    pub(crate) fn open(dir: &Path, plan: &Path) -> io::Result<LockSpot> {
        if !fs::metadata(dir)?.is_dir() {
            return Err(io::Error::from(io::ErrorKind::NotADirectory));
        }
        let mut name = plan
            .file_name()
            .map_or_else(|| OsString::from(".todo.json"), OsStr::to_os_string);
        name.push(".lock");
        Ok(LockSpot {
            path: dir.join(name),
            held: None,
        })
    }

    /// Take the lock without waiting: `false` while another process holds it.
    pub(crate) fn try_lock(&mut self) -> io::Result<bool> {
        let opened = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .share_mode(0)
            .custom_flags(FILE_FLAG_DELETE_ON_CLOSE)
            .attributes(FILE_ATTRIBUTE_HIDDEN)
            .open(&self.path);
        let Err(e) = opened.map(|file| self.held = Some(file)) else {
            return Ok(true);
        };
        // Access denied: the holder's file is being deleted (it just let
        // go), or, when there is no such file, the directory may not be
        // written at all.
        let gone =
            || fs::symlink_metadata(&self.path).is_err_and(|g| g.kind() == io::ErrorKind::NotFound);
        match e.raw_os_error() {
            Some(ERROR_SHARING_VIOLATION | ERROR_LOCK_VIOLATION) => Ok(false),
            Some(ERROR_ACCESS_DENIED) if !gone() => Ok(false),
            _ => Err(e),
        }
    }
}

/// Split a command line (`$EDITOR`, `TODO_CLIPBOARD`) into words as
/// Windows programs split theirs (`CommandLineToArgvW`): spaces separate
/// words outside double quotes, and a backslash is a path separator except
/// before a double quote (`\"` is a quote; `\\"` a backslash then a
/// quote that opens or closes).
pub(crate) fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let mut slashes = 1;
                while chars.peek() == Some(&'\\') {
                    chars.next();
                    slashes += 1;
                }
                in_word = true;
                if chars.peek() == Some(&'"') {
                    word.extend(std::iter::repeat_n('\\', slashes / 2));
                    if slashes % 2 == 1 {
                        chars.next();
                        word.push('"');
                    }
                } else {
                    word.extend(std::iter::repeat_n('\\', slashes));
                }
            }
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err("missing closing quote".into());
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Start `cmd` (a task's check): nothing to set on Windows.
pub(crate) fn own_group(_cmd: &mut std::process::Command) {}

/// Kill a check that ran too long. On Windows only the process `todo`
/// started is killed (`cmd /C`): what it started itself may go on running
/// (a job object would take them all; not used yet).
pub(crate) fn kill_tree(child: &mut std::process::Child, _mark: &str) {
    let _ = child.kill();
}
