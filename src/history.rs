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

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
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

/// FNV-1a, 64 bits: stable across builds and platforms, unlike std's hasher.
pub fn digest(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The phases as the plan file writes them, one line each, without the
/// trailing commas: a task appended after another changes only its own
/// line, not its neighbour's comma.
fn phase_lines(phases: &[Phase]) -> Vec<String> {
    let mut text = String::new();
    json::write_phases(&mut text, phases, "  ");
    text.lines()
        .map(|l| l.strip_suffix(',').unwrap_or(l).to_string())
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

    /// Record a change from `before` to `after`, whose file bytes are `written`.
    pub fn record(
        &self,
        plan: &Path,
        before: &Plan,
        after: &Plan,
        written: &[u8],
        what: &str,
    ) -> io::Result<()> {
        let old = phase_lines(&before.phases);
        let new = phase_lines(&after.phases);
        let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let max_suffix = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        let entry = Entry {
            plan: plan.display().to_string(),
            rev: after.rev,
            digest: digest(written),
            what: what.to_string(),
            start: prefix,
            before: old[prefix..old.len() - suffix].to_vec(),
            after: new[prefix..new.len() - suffix].to_vec(),
            above: prefix.checked_sub(1).map(|i| new[i].clone()),
            below: new.get(new.len() - suffix).cloned(),
        };
        fs::create_dir_all(&self.dir)?;
        let path = self.file(plan);
        let mut line = serde_json::to_string(&entry).map_err(io::Error::other)?;
        line.push('\n');
        let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
        file.write_all(line.as_bytes())?;
        drop(file);
        if fs::metadata(&path).map(|m| m.len()).unwrap_or(0) > COMPACT_AT {
            let mut entries = self.entries(plan)?;
            let excess = entries.len().saturating_sub(KEEP);
            entries.drain(..excess);
            self.rewrite(plan, &entries)?;
        }
        Ok(())
    }

    /// All entries for `plan`, oldest first. Unreadable lines are skipped.
    pub fn entries(&self, plan: &Path) -> io::Result<Vec<Entry>> {
        let text = match fs::read_to_string(self.file(plan)) {
            Ok(text) => text,
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
        fs::write(&tmp, text)?;
        fs::rename(&tmp, &path)
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
        history
            .record(key, &before, &plan, bytes.as_bytes(), "done a")
            .unwrap();
        let entries = history.entries(key).unwrap();
        assert_eq!(entries.len(), 1);
        // Only the two lines that changed are kept (t1 done, t2 started).
        assert_eq!(entries[0].before.len(), 2);
        assert_eq!(entries[0].after.len(), 2);
        assert_eq!(entries[0].digest, digest(bytes.as_bytes()));
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
        let before = plan.clone();
        plan.apply(Op::AddTask {
            phase: PhaseRef::Id("p1".into()),
            content: "d".into(),
        })
        .unwrap();
        let bytes = json::render(&plan);
        history
            .record(key, &before, &plan, bytes.as_bytes(), "append d")
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
