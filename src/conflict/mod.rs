//! A plan file git could not merge: its conflict markers, and git's own
//! record of the conflict (the index's unmerged stages). Recognising one is
//! left for when the file does not read as a plan, so that reading a good
//! plan costs nothing.

pub(crate) mod git;
mod markers;

use std::path::Path;

pub(crate) use markers::{Sides, first_start, split};

/// Why a plan file that does not read is taken for a merge conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Sign {
    /// git's conflict markers, the first `<<<<<<<` at this line.
    #[error("git's conflict markers from line {line}")]
    Markers { line: usize },
    /// git's index has the file unmerged (no markers: a merge driver or
    /// `merge=union` left something else there).
    #[error("git lists it as unmerged")]
    Unmerged,
}

/// Whether the plan file at `path`, holding `bytes` that did not read as a
/// plan, is in the middle of a merge conflict. Asks git only when the file
/// has no markers (and takes no answer from git for not unmerged).
pub(crate) fn sign(path: &Path, bytes: &[u8]) -> Option<Sign> {
    if let Some(line) = first_start(bytes) {
        return Some(Sign::Markers { line });
    }
    let unmerged = git::stages(path).is_ok_and(|s| !s.is_empty());
    unmerged.then_some(Sign::Unmerged)
}
