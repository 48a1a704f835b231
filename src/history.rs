//! Undo history, kept outside the project (the user's data directory, or
//! `TODO_HISTORY_DIR`), one append-only JSON-lines file per plan keyed by the
//! plan file's real path.
//!
//! An entry says what a change did to the phases and tasks, by id, in the
//! form that undoes it (see [`Delta`]): never lines of the rendered file, so
//! undo does not depend on how the file is laid out. It also keeps a digest
//! of the plan's content after the change and before it, so that undo never
//! overwrites a change made behind todo's back.
//!
//! Every read and write of a history file happens while the plan's lock is
//! held (the functions here take the [`Lock`] as proof).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::plan::tx::{Before, Change};
use crate::plan::{Finding, Objective, Phase, Plan, Task, by_id, json};
use crate::platform::read_full_at;
use crate::storage::{Lock, keyed, not_regular};
pub(crate) use crate::storage::{digest, file_digest, plan_digest, replace_private};
use rustc_hash::FxBuildHasher;

/// Entries kept per plan; older ones are dropped.
pub(crate) const KEEP: u64 = 100;
/// How far past [`KEEP`] the entries may run before the oldest are
/// dropped, so that the file is rewritten once every this many changes,
/// not at every change once it is full (measured: a rewrite of 100 entries
/// at every `todo done` cost it about 0.1 ms).
const SLACK: u64 = 20;
/// Size a plan's history may reach before its oldest entries are dropped.
/// It is then cut to half this (always keeping the newest entry, however
/// large), so that the cut is rare.
pub(crate) const MAX_BYTES: u64 = 4 << 20;
/// The format of an entry; lines of other formats are skipped.
const FORMAT: u64 = 2;

#[derive(Debug, Clone)]
pub(crate) struct History {
    pub dir: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// Position in the file (first field: read without parsing the line).
    #[serde(default)]
    pub seq: u64,
    pub v: u64,
    /// The plan file this entry belongs to, for people reading the history.
    pub plan: String,
    /// `rev` after the change.
    pub rev: u64,
    /// Digest of the plan's content (all but `rev` and the id counters)
    /// after the change.
    pub digest: String,
    /// The same before the change (`None`: the change created the file).
    /// An entry whose `prev` is not the digest of the entry before it
    /// follows a change made outside todo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    /// What the change was (its confirmation message).
    pub what: String,
    /// Who made it (`person`, `agent`); absent in entries written before
    /// todo recorded it, which were a person's or an agent's alike.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// A person's command as typed (`todo rm t3`), for the agent's
    /// user-edit notice (docs/contract.md, "Agent hooks, setup and restore").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmd: Option<String>,
    #[serde(default)]
    pub undo: Delta,
}

/// Who made a change, for its history entry.
pub(crate) struct Who {
    pub actor: crate::plan::Actor,
    pub cmd: Option<String>,
}

/// What a change did, as what puts it back: the phase order, phase heads,
/// task lists and tasks as they were before, each only where the change
/// touched it. Everything is by id.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct Delta {
    /// The phase ids in order, if the change added, removed or moved phases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
    /// Phases whose name or unknown fields changed, or that were removed:
    /// `{"id", "name", …unknown fields}` as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heads: Vec<Box<RawValue>>,
    /// Phase task lists that changed (or phases created or removed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<Splice>,
    /// Tasks that changed or were removed, whole, as in the plan file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tasks: Vec<Box<RawValue>>,
    /// The objectives as they were, if the change touched them (a JSON
    /// array as in the plan file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objectives: Option<Box<RawValue>>,
    /// The findings as they were, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub findings: Option<Box<RawValue>>,
    /// Digest of what the change left in the places it touched: undo
    /// applies only while they are still so (it may be forced past a
    /// change made elsewhere, never past one made in these places).
    #[serde(default)]
    pub check: String,
}

/// In the task ids of `phase` after the change, replace `cut` ids at `at`
/// with `ids` to get the list before it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Splice {
    pub phase: String,
    pub at: usize,
    pub cut: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ids: Vec<String>,
}

fn raw(text: String) -> io::Result<Box<RawValue>> {
    RawValue::from_string(text).map_err(io::Error::other)
}

/// `{"id", "name", …unknown fields}` of a phase, on one line.
fn head_text(phase: &Phase) -> String {
    let mut head = serde_json::Map::new();
    head.insert("id".into(), phase.id.clone().into());
    head.insert("name".into(), phase.name.clone().into());
    head.extend(phase.extra.clone());
    serde_json::Value::Object(head).to_string()
}

/// A list of objectives or findings as a JSON array, one item as in the file.
fn list_text<T>(items: &[T], write: fn(&mut String, &T)) -> String {
    let mut out = String::from("[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(&mut out, item);
    }
    out.push(']');
    out
}

/// Feed a string into a digest input without ambiguity.
fn feed(buf: &mut String, s: &str) {
    let _ = write!(buf, "{}:{s}", s.len());
}

/// The state of the places `delta` touched, in `plan`, as one digest:
/// `heads` are the ids of `delta`'s heads, `tasks` the tasks now of its
/// tasks, in their order (`None`: not in the plan); `phase` finds a phase
/// of `plan` by id.
fn touched<'a, 'b>(
    plan: &'a Plan,
    delta: &Delta,
    heads: impl IntoIterator<Item = &'b str>,
    tasks: impl IntoIterator<Item = Option<&'a Task>>,
    phase: impl Fn(&str) -> Option<&'a Phase>,
) -> String {
    let mut buf = String::new();
    if delta.order.is_some() {
        buf.push('O');
        for p in &plan.phases {
            feed(&mut buf, &p.id);
        }
    }
    for id in heads {
        buf.push('H');
        match phase(id) {
            Some(p) => feed(&mut buf, &head_text(p)),
            None => buf.push('-'),
        }
    }
    for splice in &delta.lists {
        buf.push('L');
        feed(&mut buf, &splice.phase);
        for t in phase(&splice.phase).into_iter().flat_map(|p| &p.tasks) {
            feed(&mut buf, &t.id);
        }
    }
    let mut text = String::new();
    for task in tasks {
        buf.push('T');
        match task {
            Some(t) => {
                text.clear();
                json::write_task(&mut text, t);
                feed(&mut buf, &text);
            }
            None => buf.push('-'),
        }
    }
    digest(buf.as_bytes())
}

/// Length of the common start of a list of ids and a list of tasks, and
/// of their common end within what is left.
fn common_ids(ids: &[String], tasks: &[Task]) -> (usize, usize) {
    let pre = ids
        .iter()
        .zip(tasks)
        .take_while(|(i, t)| **i == t.id)
        .count();
    let suf = ids[pre..]
        .iter()
        .rev()
        .zip(tasks[pre..].iter().rev())
        .take_while(|(i, t)| **i == t.id)
        .count();
    (pre, suf)
}

impl Delta {
    /// The check digest, covering the objectives and findings now too
    /// when the change touched them.
    fn with_aims(&self, mut check: String, now: &Plan) -> String {
        if self.objectives.is_none() && self.findings.is_none() {
            return check;
        }
        if self.objectives.is_some() {
            check.push('A');
            check.push_str(&list_text(&now.objectives, json::write_objective));
        }
        if self.findings.is_some() {
            check.push('F');
            check.push_str(&list_text(&now.findings, json::write_finding));
        }
        digest(check.as_bytes())
    }

    /// The objectives and findings as they were before the change, given
    /// those now (`None`: the entry cannot be read).
    pub(crate) fn restore_aims(&self, now: &Plan) -> Option<(Vec<Objective>, Vec<Finding>)> {
        let [o, f] =
            [&self.objectives, &self.findings].map(|l| l.as_deref().map_or("[]", RawValue::get));
        let text = format!("{{\"version\":1,\"phases\":[],\"objectives\":{o},\"findings\":{f}}}");
        let saved = json::parse(&text).ok()?;
        let objectives =
            (self.objectives.as_ref()).map_or_else(|| now.objectives.clone(), |_| saved.objectives);
        let findings =
            (self.findings.as_ref()).map_or_else(|| now.findings.clone(), |_| saved.findings);
        Some((objectives, findings))
    }

    /// What undoes a committed change, from what the transaction kept of
    /// the places it touched: the cost is those places (and, for tasks
    /// kept by id, one pass over the plan's ids), never a copy of the plan.
    pub(crate) fn of(change: &Change, after: &Plan) -> io::Result<Delta> {
        let mut delta = Delta::default();
        let mut head_ids = Vec::new();
        let after_phases: HashMap<&str, &Phase, FxBuildHasher> =
            after.phases.iter().map(|p| (p.id.as_str(), p)).collect();
        let now = after.phases.iter().map(|p| &p.id);
        delta.order = change.order.clone().filter(|order| !order.iter().eq(now));
        for (id, before) in &change.heads {
            let Some(before) = before else { continue };
            let same = after_phases
                .get(id.as_str())
                .is_some_and(|a| a.name == before.name && a.extra == before.extra);
            if !same {
                head_ids.push(id.clone());
                delta.heads.push(raw(head_text(before))?);
            }
        }
        for (id, before) in &change.lists {
            let before: &[String] = before.as_deref().unwrap_or_default();
            let after_tasks: &[Task] = after_phases.get(id.as_str()).map_or(&[], |p| &p.tasks);
            let (pre, suf) = common_ids(before, after_tasks);
            if pre < before.len() || pre < after_tasks.len() {
                delta.lists.push(Splice {
                    phase: id.clone(),
                    at: pre,
                    cut: after_tasks.len() - pre - suf,
                    ids: before[pre..before.len() - suf].to_vec(),
                });
            }
        }
        let mut after_tasks: Vec<Option<&Task>> = Vec::new();
        for (pos, kept) in change.walk(after) {
            let now = pos.map(|pos| {
                after
                    .phases
                    .get(pos.phase)
                    .and_then(|p| p.tasks.get(pos.task))
                    .ok_or_else(|| io::Error::other("a changed task is not where it was kept"))
            });
            let now = now.transpose()?;
            if !kept.differs(now) {
                continue;
            }
            let mut text = String::new();
            match (kept, now) {
                (Before::New, _) => continue,
                (Before::Task(before), _) => json::write_task(&mut text, before),
                // Rendered from the task now, without a copy of it.
                (Before::Status(marks), Some(now)) => {
                    json::write_task_as(&mut text, now, &marks.fields());
                }
                (Before::Status(_), None) => {
                    return Err(io::Error::other("a changed task is gone and was not kept"));
                }
            }
            delta.tasks.push(raw(text)?);
            after_tasks.push(now);
        }
        if let Some(b) = (change.objectives.as_ref()).filter(|b| **b != after.objectives) {
            delta.objectives = Some(raw(list_text(b, json::write_objective))?);
        }
        if let Some(b) = (change.findings.as_ref()).filter(|b| **b != after.findings) {
            delta.findings = Some(raw(list_text(b, json::write_finding))?);
        }
        let check = touched(
            after,
            &delta,
            head_ids.iter().map(String::as_str),
            after_tasks,
            |id| after_phases.get(id).copied(),
        );
        delta.check = delta.with_aims(check, after);
        Ok(delta)
    }

    fn phases_untouched(&self) -> bool {
        self.order.is_none()
            && self.heads.is_empty()
            && self.lists.is_empty()
            && self.tasks.is_empty()
    }

    /// The phases kept in the entry, read back with the plan file's own
    /// reader (so unknown fields come back exactly).
    fn saved(&self) -> Option<(Vec<Phase>, Vec<Task>)> {
        let plan = |phases: String| format!("{{\"version\":1,\"phases\":[{phases}]}}");
        let join =
            |raws: &[Box<RawValue>]| raws.iter().map(|r| r.get()).collect::<Vec<_>>().join(",");
        let heads = json::parse(&plan(join(&self.heads))).ok()?.phases;
        // The tasks in a phase of their own, whose id no plan of todo's
        // makes (a file that holds it too only loses this undo).
        let tasks = join(&self.tasks);
        let wrapper = format!("{{\"id\":\"_undo_wrapper_\",\"name\":\"\",\"tasks\":[{tasks}]}}");
        let tasks = json::parse(&plan(wrapper)).ok()?.phases.pop()?.tasks;
        Some((heads, tasks))
    }

    /// The phases as they were before the change, given the phases now;
    /// `None` when the places the change touched are no longer as it left
    /// them (or the entry does not fit this plan).
    pub(crate) fn restore(&self, now: &Plan) -> Option<Vec<Phase>> {
        if self.phases_untouched() {
            let aims_untouched = self.objectives.is_none() && self.findings.is_none();
            let check = || self.with_aims(touched(now, self, [], [], |_| None), now);
            return (aims_untouched || check() == self.check).then(|| now.phases.clone());
        }
        let (heads, tasks) = self.saved()?;
        let (now_phases, now_tasks) = by_id(&now.phases);
        let check = touched(
            now,
            self,
            heads.iter().map(|h| h.id.as_str()),
            tasks.iter().map(|t| now_tasks.get(t.id.as_str()).copied()),
            |id| now_phases.get(id).copied(),
        );
        if self.with_aims(check, now) != self.check {
            return None;
        }
        let heads: HashMap<&str, &Phase> = heads.iter().map(|h| (h.id.as_str(), h)).collect();
        let mut old: HashMap<&str, &Task> = tasks.iter().map(|t| (t.id.as_str(), t)).collect();
        let lists: HashMap<&str, &Splice> =
            self.lists.iter().map(|s| (s.phase.as_str(), s)).collect();
        let order: Vec<&str> = match &self.order {
            Some(order) => order.iter().map(String::as_str).collect(),
            None => now.phases.iter().map(|p| p.id.as_str()).collect(),
        };
        let mut used: HashSet<&str> = HashSet::new();
        let mut out = Vec::with_capacity(order.len());
        for id in order {
            let current = now_phases.get(id).copied();
            let head = heads.get(id).copied().or(current)?;
            let mut phase = crate::plan::tx::head(head);
            let mut list: Vec<&str> = current
                .map(|p| p.tasks.iter().map(|t| t.id.as_str()).collect())
                .unwrap_or_default();
            if let Some(s) = lists.get(id) {
                let end = s.at.checked_add(s.cut).filter(|&end| end <= list.len())?;
                list.splice(s.at..end, s.ids.iter().map(String::as_str));
            }
            for tid in list {
                if !used.insert(tid) {
                    return None;
                }
                let task = old.remove(tid).or_else(|| now_tasks.get(tid).copied())?;
                phase.tasks.push(task.clone());
            }
            out.push(phase);
        }
        Some(out)
    }
}

pub(crate) struct Recorded {
    pub at: u64,
    pub entry: Entry,
}

impl History {
    fn file(&self, plan: &Path) -> PathBuf {
        keyed(&self.dir, plan, "jsonl")
    }

    /// Record a change: `prev` is the content digest of the plan file as
    /// it was read (`None`: there was none), `written` the file as written
    /// after the change (with its digest, if already taken), `undo` what
    /// puts it back.
    pub(crate) fn record(
        &self,
        lock: &Lock,
        plan: &Path,
        prev: Option<String>,
        (after, written, digest): (&Plan, &[u8], Option<&str>),
        (what, who): (&str, Who),
        undo: Delta,
    ) -> io::Result<()> {
        let created = prev.is_none();
        let entry = Entry {
            // The first entry of a new file; appended, it is numbered on.
            seq: 1,
            v: FORMAT,
            plan: plan.display().to_string(),
            rev: after.rev,
            digest: digest.map_or_else(|| file_digest(written), str::to_string),
            prev,
            what: what.to_string(),
            actor: Some(who.actor.as_str().to_string()),
            cmd: who.cmd,
            undo,
        };
        if created {
            // The change created the plan file: whatever history this path
            // had belongs to a plan that is gone. Start afresh.
            return self.rewrite(lock, plan, &[line(&entry)?]);
        }
        self.append(lock, plan, entry)
    }

    fn append(&self, lock: &Lock, plan: &Path, mut entry: Entry) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let mut append = OpenOptions::new();
        append.create(true).read(true).append(true);
        let mut file = open(&self.file(plan), crate::platform::private(&mut append))?;
        let len = file.metadata()?.len();
        // The last line: its `seq` (at its start) and whether it ends
        // with a newline, read without reading the line.
        let (last_seq, torn) = match Backwards::new(&file, len).next_span()? {
            Some((start, n)) => {
                let mut head = [0u8; 32];
                let k = read_full_at(&file, &mut head[..n.min(32) as usize], start)?;
                let mut end = [0u8; 1];
                read_full_at(&file, &mut end, len - 1)?;
                (seq_of(&head[..k]), end[0] != b'\n')
            }
            None => (None, false),
        };
        // A last line without its `seq` (torn): numbered afresh below.
        entry.seq = last_seq.map_or(1, |s| s + 1);
        // After a torn line (no newline at the end), start a line of our own.
        let out = format!("{}{}", if torn { "\n" } else { "" }, line(&entry)?);
        file.write_all(out.as_bytes())?;
        // The file was empty: it holds this one entry, numbered 1, which
        // is what compacting it would write.
        if len == 0 {
            return Ok(());
        }
        let mut head = [0u8; 32];
        let n = read_full_at(&file, &mut head, 0)?;
        let count = last_seq
            .and(seq_of(&head[..n]))
            .and_then(|first| entry.seq.checked_sub(first))
            .map(|c| c + 1);
        drop(file);
        if len + out.len() as u64 > MAX_BYTES || count.is_none_or(|c| c > KEEP + SLACK) {
            self.compact(lock, plan)?;
        }
        Ok(())
    }

    /// Keep the newest entries: at most [`KEEP`], within half of
    /// [`MAX_BYTES`] (the newest one always). Reads only what it keeps.
    fn compact(&self, lock: &Lock, plan: &Path) -> io::Result<()> {
        let file = open(&self.file(plan), OpenOptions::new().read(true))?;
        let len = file.metadata()?.len();
        let mut kept: Vec<Vec<u8>> = Vec::new();
        let mut size = 0u64;
        let mut lines = Backwards::new(&file, len);
        while let Some(span) = lines.next_span()? {
            if (kept.len() as u64) >= KEEP || (!kept.is_empty() && size + span.1 > MAX_BYTES / 2) {
                break;
            }
            let bytes = lines.read(span)?;
            // Whole lines that start as entries do; others are torn.
            if !bytes.ends_with(b"\n") || seq_of(&bytes).is_none() {
                continue;
            }
            size += span.1;
            kept.push(bytes);
        }
        // Numbered afresh from 1, oldest first.
        let lines: Vec<String> = kept
            .iter()
            .rev()
            .zip(1..)
            .filter_map(|(bytes, seq)| renumbered(seq, std::str::from_utf8(bytes).ok()?))
            .collect();
        self.rewrite(lock, plan, &lines)
    }

    /// Show `more` each entry of the plan's history that can be read,
    /// newest first, for as long as it asks for more.
    fn newest_first(&self, plan: &Path, mut more: impl FnMut(Recorded) -> bool) -> io::Result<()> {
        let file = match open(&self.file(plan), OpenOptions::new().read(true)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let mut lines = Backwards::new(&file, file.metadata()?.len());
        while let Some((at, bytes)) = lines.next_line()? {
            if let Some(entry) = parse(&bytes)
                && !more(Recorded { at, entry })
            {
                break;
            }
        }
        Ok(())
    }

    /// The last two entries that can be read, newest first.
    pub(crate) fn last_two(
        &self,
        _lock: &Lock,
        plan: &Path,
    ) -> io::Result<(Option<Recorded>, Option<Recorded>)> {
        let mut found = Vec::new();
        self.newest_first(plan, |entry| {
            found.push(entry);
            found.len() < 2
        })?;
        let mut found = found.into_iter();
        Ok((found.next(), found.next()))
    }

    /// The entries after `rev` (newest first, at most `max`, at least one),
    /// and the digest the newest entry of all says the file has: what tells
    /// the agent's hooks what changed since the agent last saw the plan.
    pub(crate) fn since(
        &self,
        _lock: &Lock,
        plan: &Path,
        rev: u64,
        max: usize,
    ) -> io::Result<(Option<String>, Vec<Entry>)> {
        let mut newest = None;
        let mut found = Vec::new();
        self.newest_first(plan, |Recorded { entry, .. }| {
            newest.get_or_insert_with(|| entry.digest.clone());
            if entry.rev <= rev {
                return false;
            }
            found.push(entry);
            found.len() < max
        })?;
        Ok((newest, found))
    }

    /// Drop the entries from `at` on; then, if given, write `entry` last.
    pub(crate) fn truncate(
        &self,
        _lock: &Lock,
        plan: &Path,
        at: u64,
        entry: Option<&Entry>,
    ) -> io::Result<()> {
        let mut file = open(&self.file(plan), OpenOptions::new().write(true))?;
        file.set_len(at)?;
        if let Some(entry) = entry {
            file.seek(SeekFrom::Start(at))?;
            file.write_all(line(entry)?.as_bytes())?;
        }
        Ok(())
    }

    fn rewrite(&self, _lock: &Lock, plan: &Path, lines: &[String]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        replace_private(&self.file(plan), lines.concat().as_bytes())
    }
}

/// An entry as one line, `seq` first.
fn line(entry: &Entry) -> io::Result<String> {
    Ok(serde_json::to_string(entry).map_err(io::Error::other)? + "\n")
}

/// A line, `seq` first, with its `seq` set to `seq`.
fn renumbered(seq: u64, line: &str) -> Option<String> {
    let rest = line.strip_prefix("{\"seq\":")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    Some(format!("{{\"seq\":{seq}{rest}"))
}

/// A line that is an entry of this format, or `None` (torn, cut inside a
/// character, another format).
fn parse(bytes: &[u8]) -> Option<Entry> {
    let text = std::str::from_utf8(bytes).ok()?;
    let entry: Entry = serde_json::from_str(text.trim_end()).ok()?;
    (entry.v == FORMAT).then_some(entry)
}

/// The `seq` at the start of a line, read without parsing the rest.
fn seq_of(bytes: &[u8]) -> Option<u64> {
    let rest = bytes.strip_prefix(b"{\"seq\":")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// Reads a file's lines from the end: the cost is the lines read (and a
/// search for the newlines of lines skipped), not the file.
struct Backwards<'a> {
    file: &'a File,
    /// End of the part not returned yet.
    end: u64,
}

impl<'a> Backwards<'a> {
    const BLOCK: u64 = 64 << 10;

    fn new(file: &'a File, len: u64) -> Self {
        Backwards { file, end: len }
    }

    /// Where the next line from the end starts, and its length (with its
    /// newline, if any). Only searched for, not kept.
    fn next_span(&mut self) -> io::Result<Option<(u64, u64)>> {
        if self.end == 0 {
            return Ok(None);
        }
        // The line's last byte is its own newline (or a torn end): the
        // line starts after the newline before it.
        let mut pos = self.end - 1;
        let mut block = vec![0u8; Self::BLOCK.min(pos) as usize];
        let start = loop {
            if pos == 0 {
                break 0;
            }
            let from = pos.saturating_sub(Self::BLOCK);
            let n = read_full_at(self.file, &mut block[..(pos - from) as usize], from)?;
            if let Some(i) = block[..n].iter().rposition(|&b| b == b'\n') {
                break from + i as u64 + 1;
            }
            pos = from;
        };
        let span = (start, self.end - start);
        self.end = start;
        Ok(Some(span))
    }

    fn read(&self, (start, len): (u64, u64)) -> io::Result<Vec<u8>> {
        let mut bytes = vec![0u8; usize::try_from(len).map_err(io::Error::other)?];
        let n = read_full_at(self.file, &mut bytes, start)?;
        bytes.truncate(n);
        Ok(bytes)
    }

    /// The next line from the end, with where it starts.
    fn next_line(&mut self) -> io::Result<Option<(u64, Vec<u8>)>> {
        let span = self.next_span()?;
        span.map(|span| Ok((span.0, self.read(span)?))).transpose()
    }
}

/// Open a history file with `options`. A symbolic link is never followed
/// (no write to its target, no dangling target created) and anything but a
/// regular file is refused without blocking on it: checked on the open
/// file, so nothing can be swapped in between.
fn open(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    let refused =
        |why: &dyn std::fmt::Display| io::Error::other(format!("{}: {why}", path.display()));
    let file = match crate::platform::no_follow(options).open(path) {
        Ok(file) => file,
        Err(e) => {
            // Say what is there: a link (ELOOP), a FIFO nobody reads (ENXIO)…
            return match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => Err(refused(
                    &"it is a symbolic link; todo does not follow links there",
                )),
                Ok(meta) if !meta.is_file() => Err(refused(&not_regular(meta.file_type()))),
                _ => Err(e),
            };
        }
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refused(&not_regular(meta.file_type())));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Map, Number, Value};

    use super::*;
    use crate::plan::{Op, Status, Tx, ops::PhaseRef};
    use crate::storage::Store;

    fn who() -> Who {
        Who {
            actor: crate::plan::Actor::Person,
            cmd: None,
        }
    }

    /// Unknown values of every JSON type, numbers in forms a float would
    /// not keep.
    fn value() -> impl Strategy<Value = Value> {
        let numbers = "118446744073709551616 -0 1e2 -1E-7 1.50 0 -12 2.5e+300".split(' ');
        let number = prop::sample::select(numbers.collect::<Vec<_>>())
            .prop_map(|n| Value::Number(Number::from_string_unchecked(n.to_string())));
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            number,
            "[a-zé \"\\\\\n]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 12, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec(("[a-z]{1,3}", inner), 0..4)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    fn extras() -> impl Strategy<Value = Map<String, Value>> {
        prop::collection::vec(("x[a-z]{0,2}", value()), 0..3)
            .prop_map(|kv| kv.into_iter().collect())
    }

    fn plan() -> impl Strategy<Value = Plan> {
        let task = (0..5usize, extras());
        let phase = (extras(), prop::collection::vec(task, 0..4));
        (extras(), prop::collection::vec(phase, 0..4)).prop_map(|(extra, phases)| {
            let mut plan = Plan {
                extra,
                ..Plan::default()
            };
            let mut n = 0;
            for (pi, (extra, tasks)) in phases.into_iter().enumerate() {
                let mut phase = Phase {
                    id: format!("p{}", pi + 1),
                    name: format!("Phase {pi}"),
                    extra,
                    ..Phase::default()
                };
                for (st, extra) in tasks {
                    n += 1;
                    phase.tasks.push(Task {
                        id: format!("t{n}"),
                        content: format!("Task {n}"),
                        status: Status::ALL[st],
                        blocker: (Status::ALL[st] == Status::Blocked).then(|| "why".into()),
                        dropped_by: (Status::ALL[st] == Status::Abandoned).then(|| "user".into()),
                        extra: extra.into(),
                        ..Task::default()
                    });
                }
                plan.phases.push(phase);
            }
            plan.settle();
            plan
        })
    }

    /// An op built from numbers, against whatever the plan holds then.
    fn op(plan: &Plan, kind: u8, a: usize, b: usize) -> Option<Op> {
        let tasks: Vec<String> = plan.tasks().map(|(_, _, t)| t.id.clone()).collect();
        let phases: Vec<String> = plan.phases.iter().map(|p| p.id.clone()).collect();
        let task = tasks.get(a % tasks.len().max(1)).cloned();
        let phase = phases.get(b % phases.len().max(1)).cloned();
        let to = |new: bool| match (&phase, new) {
            (Some(p), false) => PhaseRef::Id(p.clone()),
            _ => PhaseRef::New(format!("New {a}")),
        };
        Some(match kind % 13 {
            0 => Op::AddTask {
                phase: to(b.is_multiple_of(3)),
                content: format!("Added {a} {b}"),
            },
            1 => Op::Start { task: task? },
            2 => Op::SetStatus {
                task: task?,
                status: Status::ALL[b % 5],
                blocker: Some("blocked".into()),
            },
            3 => Op::RemoveTask { task: task? },
            4 => Op::RemovePhase { phase: phase? },
            5 => Op::Clear,
            6 => Op::rename(&task?, &format!("Renamed {a} {b}")),
            7 => Op::RenamePhase {
                phase: phase?,
                name: format!("Renamed phase {a}"),
            },
            8 => Op::MoveTask {
                task: task?,
                to: to(b.is_multiple_of(4)),
            },
            9 => Op::Note {
                task: task?,
                text: format!("note {a}"),
            },
            10 => Op::Prune,
            11 => {
                // Phases in another order, one task dropped (edit, import).
                let mut phases = plan.phases.clone();
                let n = phases.len().max(1);
                phases.rotate_left(a % n);
                if let Some(p) = phases.iter_mut().find(|p| !p.tasks.is_empty()) {
                    p.tasks.remove(b % p.tasks.len());
                }
                Op::Replace { phases }
            }
            _ => {
                // A task moved within its phase (as an edit would).
                let mut phases = plan.phases.clone();
                let p = phases.iter_mut().find(|p| p.tasks.len() > 1)?;
                let t = p.tasks.remove(a % p.tasks.len());
                let at = b % (p.tasks.len() + 1);
                p.tasks.insert(at, t);
                Op::Replace { phases }
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Random changes, recorded in a real history file, then as many
        /// undos: the phases, tasks and unknown fields (every level) come
        /// back byte for byte. Only `rev` and the id counters differ: they
        /// rise and never go back.
        #[test]
        fn undoing_every_change_gives_back_the_plan_byte_for_byte(
            original in plan(),
            ops in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<bool>()), 1..16),
        ) {
            let dir = tempfile::tempdir().unwrap();
            let store = Store::locate(Some(dir.path().join(".todo.json")), dir.path());
            let lock = store.lock().unwrap();
            let history = History { dir: dir.path().join("history") };
            let key = dir.path().join(".todo.json");
            // As read from a file, so unknown fields are as the reader keeps them.
            let original = json::parse(&json::render(&original)).unwrap();
            let mut plan = original.clone();
            let mut bytes = json::render(&plan).into_bytes();
            let undo = Delta::default();
            history
                .record(&lock, &key, None, (&plan, &bytes, None), ("created", who()), undo)
                .unwrap();
            let mut changes = 0;
            let mut ops = ops.into_iter().peekable();
            while ops.peek().is_some() {
                // A run of ops in one transaction, as a batch makes.
                let mut tx = Tx::new(plan.clone());
                let mut failed = false;
                while let Some((kind, a, b, _)) = ops.next() {
                    if let Some(op) = op(tx.plan(), kind, a, b) {
                        failed |= tx.apply(op).is_err();
                    }
                    if failed || !ops.peek().is_some_and(|next| next.3) {
                        break;
                    }
                }
                if failed {
                    prop_assert!(tx.commit().is_err());
                    continue;
                }
                let committed = tx.commit().unwrap();
                let Some(change) = committed.change else {
                    prop_assert_eq!(json::render(&committed.plan), json::render(&plan));
                    continue;
                };
                let undo = Delta::of(&change, &committed.plan).unwrap();
                let prev = file_digest(&bytes);
                plan = committed.plan;
                let written = json::render(&plan).into_bytes();
                history
                    .record(
                        &lock,
                        &key,
                        Some(prev),
                        (&plan, &written, None),
                        ("change", who()),
                        undo,
                    )
                    .unwrap();
                bytes = written;
                changes += 1;
            }
            for _ in 0..changes {
                let (last, _) = history.last_two(&lock, &key).unwrap();
                let last = last.unwrap();
                prop_assert_eq!(&last.entry.digest, &file_digest(&bytes));
                let phases = last.entry.undo.restore(&plan).unwrap();
                let mut tx = Tx::new(plan);
                tx.apply(Op::Replace { phases }).unwrap();
                plan = tx.commit().unwrap().plan;
                bytes = json::render(&plan).into_bytes();
                history.truncate(&lock, &key, last.at, None).unwrap();
            }
            let (last, _) = history.last_two(&lock, &key).unwrap();
            prop_assert_eq!(last.map(|l| l.entry.what), Some("created".to_string()));
            prop_assert!(plan.rev >= original.rev);
            let same_counters = Plan {
                rev: original.rev,
                ..plan
            };
            prop_assert_eq!(json::render(&same_counters), json::render(&original));
        }
    }

    #[test]
    fn history_reads_only_the_lines_it_needs_and_skips_torn_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.jsonl");
        let big = "x".repeat(200_000);
        std::fs::write(
            &path,
            format!("{{\"seq\":1}}\n{big}\n\u{e9}torn\n{{\"seq\":2}}\n"),
        )
        .unwrap();
        let file = File::open(&path).unwrap();
        let len = file.metadata().unwrap().len();
        let mut lines = Backwards::new(&file, len);
        let (_, last) = lines.next_line().unwrap().unwrap();
        assert_eq!(last, b"{\"seq\":2}\n");
        let (_, torn) = lines.next_line().unwrap().unwrap();
        assert_eq!(parse(&torn).map(|e| e.seq), None);
        // A long line is found, and skipped, without being kept.
        let (_, n) = lines.next_span().unwrap().unwrap();
        assert_eq!(n, big.len() as u64 + 1);
        let (at, first) = lines.next_line().unwrap().unwrap();
        assert_eq!((at, seq_of(&first)), (0, Some(1)));
        assert!(lines.next_line().unwrap().is_none());
        // A file whose last line is torn (no newline).
        std::fs::write(&path, "{\"seq\":1}\n{\"seq\":2,\"wh").unwrap();
        let file = File::open(&path).unwrap();
        let mut lines = Backwards::new(&file, 22);
        assert_eq!(
            lines.next_line().unwrap().unwrap(),
            (10, b"{\"seq\":2,\"wh".to_vec())
        );
        assert_eq!(
            lines.next_line().unwrap().unwrap(),
            (0, b"{\"seq\":1}\n".to_vec())
        );
        // An entry keeps `seq` first, so it is read without parsing.
        let entry = Entry {
            seq: 42,
            v: FORMAT,
            ..Entry::default()
        };
        let text = line(&entry).unwrap();
        assert!(text.starts_with("{\"seq\":42,"), "{text}");
        assert_eq!(parse(text.as_bytes()).map(|e| e.seq), Some(42));
    }
}
