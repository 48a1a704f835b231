//! `rev`: how many changes this working copy's plan has seen (docs/contract.md, "The plan file":
//! +1 per change, checked by `--if-rev`, in every reply).
//!
//! It cannot live in the committed file, where a line every change rewrites
//! would make every two branches conflict (docs/contract.md, "Plans in git"). It lives beside the
//! undo history (the user's data directory, or `TODO_HISTORY_DIR`), keyed by
//! the plan file's real path, as `<rev> <digest of the file>`. A file whose
//! bytes are not the ones recorded was changed outside todo — a merge, a
//! pull, a checkout, an editor — and that counts as one change: its `rev`
//! is the recorded one plus one, recorded at once (under the plan's lock),
//! so that no two contents ever share a `rev` and `--if-rev` never accepts
//! a value read before such a change.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::history::{digest, replace_private};

/// Where the revisions of plans are kept.
#[derive(Debug, Clone)]
pub(crate) struct Revisions {
    pub dir: PathBuf,
}

/// A plan's `rev` as read, and whether it must be recorded (it was not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Read {
    pub rev: u64,
    pub record: bool,
}

impl Revisions {
    fn file(&self, real: &Path) -> PathBuf {
        let key = digest(real.as_os_str().as_encoded_bytes());
        self.dir.join(format!("{key}.rev"))
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
    /// `digest` is the file's ([`crate::history::file_digest`]).
    pub(crate) fn read(&self, real: &Path, digest: &str, own: u64) -> Read {
        match self.recorded(real) {
            Some((rev, seen)) if seen == digest => Read { rev, record: false },
            Some((rev, _)) => Read {
                rev: rev.saturating_add(1).max(own),
                record: true,
            },
            None => Read {
                rev: own.max(1),
                record: true,
            },
        }
    }

    /// Record that the plan at `real` holds the file of `digest` at `rev`.
    /// Call under the plan's lock.
    pub(crate) fn record(&self, real: &Path, rev: u64, digest: &str) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        replace_private(&self.file(real), format!("{rev} {digest}\n").as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(bytes: &[u8]) -> String {
        crate::history::file_digest(bytes)
    }

    #[test]
    fn a_change_outside_todo_counts_once_and_is_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let revs = Revisions {
            dir: dir.path().join("history"),
        };
        let real = Path::new("/project/.todo.json");
        assert_eq!(
            revs.read(real, &d(b"a"), 0),
            Read {
                rev: 1,
                record: true
            }
        );
        assert_eq!(
            revs.read(real, &d(b"a"), 12),
            Read {
                rev: 12,
                record: true
            }
        );
        revs.record(real, 5, &d(b"a")).unwrap();
        assert_eq!(
            revs.read(real, &d(b"a"), 0),
            Read {
                rev: 5,
                record: false
            }
        );
        // A pull brought other bytes: one more, and the next other bytes
        // (a checkout) one more again once recorded.
        assert_eq!(
            revs.read(real, &d(b"b"), 0),
            Read {
                rev: 6,
                record: true
            }
        );
        revs.record(real, 6, &d(b"b")).unwrap();
        assert_eq!(
            revs.read(real, &d(b"a"), 0),
            Read {
                rev: 7,
                record: true
            }
        );
    }
}
