//! Undo history, kept outside the project (the user's data directory, or
//! `TODO_HISTORY_DIR`), one append-only JSON-lines file per plan keyed by the
//! plan file's real path.
//!
//! An entry does not copy the whole plan: the plan file has one task per
//! line, so an entry keeps only the lines of the phases that the change
//! replaced (after trimming the common first and last lines), plus a digest
//! of the file as written. Appending one short line keeps every command
//! cheap; undo checks the digest so that it never overwrites a change made
//! behind todo's back.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::plan::{Phase, Plan, json};

/// Entries kept per plan; older ones are dropped when the file is compacted.
const KEEP: usize = 100;
/// Compact (rewrite keeping the last `KEEP`) once the file grows past this.
const COMPACT_AT: u64 = 8 << 20;

#[derive(Debug, Clone)]
pub struct History {
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    /// The plan file this entry belongs to, for people reading the history.
    pub plan: String,
    /// `rev` after the change.
    pub rev: u64,
    /// Digest of the plan file's bytes after the change.
    pub digest: String,
    /// Digest of the plan file's bytes before the change (`None`: the
    /// change created the file, or an entry older than this field). An
    /// entry whose `prev` is not the digest of the entry before it follows
    /// a change made outside todo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    /// What the change was (its confirmation message).
    pub what: String,
    /// First line of the phases text that differs.
    pub start: usize,
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// The unchanged lines just around the change, to find it again after
    /// the file was edited elsewhere (`undo --force`).
    #[serde(default)]
    pub above: Option<String>,
    #[serde(default)]
    pub below: Option<String>,
}

/// A 64-bit digest of the plan file, stable across builds and platforms
/// (unlike std's hasher). Eight bytes at a time: it runs over the whole
/// file on every change.
pub fn digest(bytes: &[u8]) -> String {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word))
            .wrapping_mul(K)
            .rotate_left(29);
    }
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(29);
    }
    h ^= h >> 32;
    format!("{:016x}", h.wrapping_mul(K))
}

/// The phases as the plan file writes them.
fn phases_text(phases: &[Phase]) -> String {
    let mut text = String::new();
    json::write_phases(&mut text, phases, "  ");
    text
}

/// The phases part of a whole plan file as `json::render` writes it.
fn phases_in_file(file: &str) -> Option<&str> {
    const KEY: &str = "\n  \"phases\": ";
    let start = file.find(KEY)? + KEY.len();
    let rest = &file[start..];
    if rest.starts_with("[]") {
        return Some(&rest[..2]);
    }
    // Without top-level extras the array closes just before the end, so
    // look there first; otherwise at the first line that is exactly "  ]".
    let end = match rest.strip_suffix("\n}\n") {
        Some(body) if body.ends_with("\n  ]") => body.len(),
        _ => rest.find("\n  ]")? + 4,
    };
    Some(&rest[..end])
}

/// Lines without their trailing commas: a task appended after another
/// changes only its own line, not its neighbour's comma.
fn bare_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.strip_suffix(',').unwrap_or(l))
        .collect()
}

fn phase_lines(phases: &[Phase]) -> Vec<String> {
    bare_lines(&phases_text(phases))
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// Put the commas back: in pretty JSON a line takes one unless it opens a
/// container or the next line closes one.
fn with_commas(lines: &[&String]) -> String {
    let mut text = String::new();
    for (i, line) in lines.iter().enumerate() {
        text.push_str(line);
        let opens = line.ends_with('[') || line.ends_with('{');
        let next_closes = lines
            .get(i + 1)
            .is_none_or(|n| n.trim_start().starts_with([']', '}']));
        if !opens && !next_closes {
            text.push(',');
        }
        text.push('\n');
    }
    text
}

impl History {
    fn file(&self, plan: &Path) -> PathBuf {
        let key = digest(plan.as_os_str().as_encoded_bytes());
        self.dir.join(format!("{key}.jsonl"))
    }

    /// Record a change: `before` is the plan file as it was read (`None`:
    /// there was none) and whether it was in todo's own layout, `written`
    /// the file as written after the change.
    pub fn record(
        &self,
        plan: &Path,
        before: Option<(&[u8], bool)>,
        after: &Plan,
        written: &[u8],
        what: &str,
    ) -> io::Result<()> {
        // The phases as they were: in our own layout, the text as read;
        // otherwise (a hand-formatted file) read it and lay it out again.
        let old_text: std::borrow::Cow<str> = match before {
            None => "[]".into(),
            Some((bytes, ours)) => {
                let section = std::str::from_utf8(bytes).ok().and_then(phases_in_file);
                match section {
                    Some(section) if ours => section.into(),
                    _ => {
                        let text = String::from_utf8_lossy(bytes);
                        let old =
                            json::parse(&text).map_err(|e| io::Error::other(e.to_string()))?;
                        phases_text(&old.phases).into()
                    }
                }
            }
        };
        let new_text: std::borrow::Cow<str> =
            match std::str::from_utf8(written).ok().and_then(phases_in_file) {
                Some(section) => section.into(),
                None => phases_text(&after.phases).into(),
            };
        let mut entry = diff(&old_text, &new_text, plan, after.rev, digest(written), what);
        let Some((bytes, _)) = before else {
            // The change created the plan file: whatever history this path
            // had belongs to a plan that is gone. Start afresh.
            return self.rewrite(plan, &[entry]);
        };
        entry.prev = Some(digest(bytes));
        fs::create_dir_all(&self.dir)?;
        let path = self.file(plan);
        let mut line = serde_json::to_string(&entry).map_err(io::Error::other)?;
        line.push('\n');
        let mut file = open(&path, true)?;
        file.write_all(line.as_bytes())?;
        let len = file.metadata()?.len();
        drop(file);
        if len > COMPACT_AT {
            let mut entries = self.entries(plan)?;
            let excess = entries.len().saturating_sub(KEEP);
            entries.drain(..excess);
            self.rewrite(plan, &entries)?;
        }
        Ok(())
    }

    /// All entries for `plan`, oldest first. Unreadable lines are skipped.
    pub fn entries(&self, plan: &Path) -> io::Result<Vec<Entry>> {
        let mut text = String::new();
        match open(&self.file(plan), false) {
            Ok(mut file) => file.read_to_string(&mut text)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        Ok(text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect())
    }

    pub fn rewrite(&self, plan: &Path, entries: &[Entry]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let mut text = String::new();
        for e in entries {
            text.push_str(&serde_json::to_string(e).map_err(io::Error::other)?);
            text.push('\n');
        }
        let path = self.file(plan);
        let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
        // A new file, never one found there (nor through a link there).
        let _ = fs::remove_file(&tmp);
        let result = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)
            .and_then(|mut file| file.write_all(text.as_bytes()))
            .and_then(|()| fs::rename(&tmp, &path));
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
    }
}

/// Open a history file to read it or to append to it. A symbolic link is
/// never followed (no write to its target, no dangling target created) and
/// anything but a regular file is refused without blocking on it: checked
/// on the open file, so nothing can be swapped in between.
fn open(path: &Path, append: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    if append {
        options.create(true).append(true).mode(0o600);
    } else {
        options.read(true);
    }
    let refused = |why: String| io::Error::other(format!("{}: {why}", path.display()));
    let file = match options
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
    {
        Ok(file) => file,
        Err(e) => {
            // Say what is there: a link (ELOOP), a FIFO nobody reads (ENXIO)…
            return match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => Err(refused(
                    "it is a symbolic link; todo does not follow links there".into(),
                )),
                Ok(meta) if !meta.is_file() => Err(refused(
                    crate::storage::not_regular(meta.file_type()).to_string(),
                )),
                _ => Err(e),
            };
        }
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refused(
            crate::storage::not_regular(meta.file_type()).to_string(),
        ));
    }
    Ok(file)
}

/// Bytes two texts share at the start, compared a block at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let mut n = 0;
    while n + BLOCK <= a.len() && n + BLOCK <= b.len() && a[n..n + BLOCK] == b[n..n + BLOCK] {
        n += BLOCK;
    }
    n + a[n..]
        .iter()
        .zip(&b[n..])
        .take_while(|(x, y)| x == y)
        .count()
}

fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let (la, lb) = (a.len(), b.len());
    let mut n = 0;
    while n + BLOCK <= la
        && n + BLOCK <= lb
        && a[la - n - BLOCK..la - n] == b[lb - n - BLOCK..lb - n]
    {
        n += BLOCK;
    }
    n + a[..la - n]
        .iter()
        .rev()
        .zip(b[..lb - n].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// The entry for a change from `old` to `new` (phases texts): the lines
/// that differ, found by comparing bytes from both ends, then narrowed to
/// whole lines and trimmed of lines that differ only by a trailing comma.
fn diff(old: &str, new: &str, plan: &Path, rev: u64, digest: String, what: &str) -> Entry {
    let (o, n) = (old.as_bytes(), new.as_bytes());
    let mut prefix = common_prefix(o, n);
    let mut suffix = common_suffix(&o[prefix..], &n[prefix..]);
    // Back off to whole lines: the prefix to just after a newline, the
    // suffix to just before one.
    prefix = o[..prefix]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    while suffix > 0 && o[o.len() - suffix] != b'\n' {
        suffix -= 1;
    }
    let line_of = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'\n').count();
    let mut start = line_of(&o[..prefix]);
    let new_mid = &new[prefix..new.len() - suffix];
    let mut before = bare_lines(&old[prefix..old.len() - suffix]);
    let mut after = bare_lines(new_mid);
    // Lines differing only by a comma are the same line.
    let same_head = before
        .iter()
        .zip(&after)
        .take_while(|(a, b)| a == b)
        .count();
    before.drain(..same_head);
    after.drain(..same_head);
    start += same_head;
    let same_tail = before
        .iter()
        .rev()
        .zip(after.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    before.truncate(before.len() - same_tail);
    after.truncate(after.len() - same_tail);
    // The unchanged lines around the change, in the new text.
    let raw: Vec<usize> = new_mid.split_inclusive('\n').map(str::len).collect();
    let from = prefix + raw[..same_head].iter().sum::<usize>();
    let to = from
        + raw[same_head..same_head + after.len()]
            .iter()
            .sum::<usize>();
    let bare = |l: &str| l.strip_suffix(',').unwrap_or(l).to_string();
    let above = new[..from]
        .strip_suffix('\n')
        .and_then(|head| head.rsplit('\n').next())
        .map(bare);
    // The change's last line may end where the shared tail begins, with
    // that line's newline.
    let rest = new[to..].strip_prefix('\n').unwrap_or(&new[to..]);
    let below = rest
        .split('\n')
        .next()
        .filter(|_| !rest.is_empty())
        .map(bare);
    Entry {
        plan: plan.display().to_string(),
        rev,
        digest,
        prev: None,
        what: what.to_string(),
        start,
        above,
        below,
        before: before.iter().map(|s| s.to_string()).collect(),
        after: after.iter().map(|s| s.to_string()).collect(),
    }
}

impl Entry {
    /// The phases as they were before this entry's change, given the phases
    /// now: the state right after it, or (`anywhere`) a state edited since
    /// in other places, where the change is found again by its surrounding
    /// lines. `None` when the lines the change wrote are not found exactly once.
    pub fn restore(&self, now: &[Phase], anywhere: bool) -> Option<Vec<Phase>> {
        let lines = phase_lines(now);
        let fits = |start: usize, context: bool| {
            let Some(end) = start.checked_add(self.after.len()) else {
                return false;
            };
            end <= lines.len()
                && lines[start..end] == self.after[..]
                && (!context
                    || self
                        .above
                        .as_ref()
                        .is_none_or(|a| start > 0 && &lines[start - 1] == a)
                        && self
                            .below
                            .as_ref()
                            .is_none_or(|b| lines.get(end) == Some(b)))
        };
        let unique = |context: bool| {
            let mut found = (0..=lines.len()).filter(|&s| fits(s, context));
            match (found.next(), found.next()) {
                (Some(s), None) => Some(s),
                _ => None,
            }
        };
        let start = if fits(self.start, true) {
            self.start
        } else if !anywhere {
            return None;
        } else if let Some(s) = unique(true) {
            s
        } else if !self.after.is_empty() {
            // The neighbours were edited too: the changed lines alone (they
            // carry ids) must still be found exactly once.
            unique(false)?
        } else {
            return None;
        };
        let end = start + self.after.len();
        let mut text = String::from(
            "{\"version\": 1, \"rev\": 0, \"nextPhaseId\": 1, \"nextTaskId\": 1, \"phases\": ",
        );
        let spliced: Vec<&String> = lines[..start]
            .iter()
            .chain(&self.before)
            .chain(&lines[end..])
            .collect();
        text.push_str(&with_commas(&spliced));
        text.push('}');
        json::parse(&text).ok().map(|plan| plan.phases)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Op, Status, ops::PhaseRef};

    #[test]
    fn an_entry_restores_the_phases_before_the_change() {
        let dir = tempfile::tempdir().unwrap();
        let history = History {
            dir: dir.path().to_path_buf(),
        };
        let key = Path::new("/x/.todo.json");
        let mut plan = Plan::default();
        for c in ["a", "b", "c"] {
            plan.apply(Op::AddTask {
                phase: if c == "a" {
                    PhaseRef::New("P".into())
                } else {
                    PhaseRef::Id("p1".into())
                },
                content: c.into(),
            })
            .unwrap();
        }
        let before = plan.clone();
        plan.apply(Op::SetStatus {
            task: "t1".into(),
            status: Status::Completed,
            blocker: None,
        })
        .unwrap();
        let bytes = json::render(&plan);
        let before_bytes = json::render(&before);
        history
            .record(
                key,
                Some((before_bytes.as_bytes(), true)),
                &plan,
                bytes.as_bytes(),
                "done a",
            )
            .unwrap();
        let entries = history.entries(key).unwrap();
        assert_eq!(entries.len(), 1);
        // Only the two lines that changed are kept (t1 done, t2 started).
        assert_eq!(entries[0].before.len(), 2);
        assert_eq!(entries[0].after.len(), 2);
        assert_eq!(entries[0].digest, digest(bytes.as_bytes()));
        assert_eq!(
            phases_in_file(&bytes),
            Some(phases_text(&plan.phases).as_str())
        );
        assert_eq!(phases_in_file(&json::render(&Plan::default())), Some("[]"));
        assert_eq!(
            entries[0].restore(&plan.phases, false),
            Some(before.phases.clone())
        );
        // Against other phases, it refuses rather than guess.
        assert_eq!(entries[0].restore(&before.phases, false), None);
        // Edited elsewhere (a task added above), it is found again when asked.
        let mut edited = plan.clone();
        edited.phases.insert(
            0,
            Phase {
                id: "p9".into(),
                name: "New".into(),
                ..Phase::default()
            },
        );
        assert_eq!(entries[0].restore(&edited.phases, false), None);
        let restored = entries[0].restore(&edited.phases, true).unwrap();
        assert_eq!(restored[1..], before.phases[..]);

        // Appending changes one line, not the comma of the one before.
        plan.apply(Op::AddTask {
            phase: PhaseRef::Id("p1".into()),
            content: "d".into(),
        })
        .unwrap();
        let before_bytes = bytes.clone();
        let bytes = json::render(&plan);
        history
            .record(
                key,
                Some((before_bytes.as_bytes(), true)),
                &plan,
                bytes.as_bytes(),
                "append d",
            )
            .unwrap();
        let last = history.entries(key).unwrap().pop().unwrap();
        assert_eq!((last.before.len(), last.after.len()), (0, 1));
        let mut edited = plan.clone();
        edited.phases[0].tasks[2].content = "c edited".into();
        let restored = last.restore(&edited.phases, true).unwrap();
        assert_eq!(restored[0].tasks.len(), 3);
        assert_eq!(restored[0].tasks[2].content, "c edited");
    }
}
