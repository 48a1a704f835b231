//! Restore (docs/contract.md, "Agent hooks, setup and restore"): the list an
//! agent last had, read from its session file for `todo import` — a pi /
//! oh-my-pi session (the latest valid `todo-phases` snapshot on the current
//! branch) or a Claude Code transcript (the latest `TodoWrite` call). The file
//! is untrusted: a line that does not parse is skipped, never fatal, and every
//! walk is bounded.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::dialect::tasks::{self, Call, ClaudeIds};
use super::dialect::{CLAUDE_PHASE, mirror_list, translate_call};
use crate::plan::rules::By;
use crate::plan::{Actor, Phase, Plan, Task, Tx, import as plan_import};

/// The `customType` of pi-todo's snapshot entries (`pi.appendEntry`).
const SNAPSHOT_TYPE: &str = "todo-phases";

/// The list found, and where: the entry's id (pi) or uuid (Claude Code)
/// when it has one, and its line.
#[derive(Debug)]
pub(crate) struct Restored {
    pub(crate) phases: Vec<Phase>,
    /// Which agent wrote the file: `pi` or `claude-code`.
    pub(crate) agent: &'static str,
    pub(crate) entry: Option<String>,
    pub(crate) line: usize,
}

/// Whether `raw` (read from `path`) is a session file rather than a plan:
/// named `.jsonl`, or its first line is a whole JSON object with a string
/// `type` — every line of both formats has one — and no `phases` (so a
/// snapshot or plan written on one line stays a plan).
pub(crate) fn is_session(path: &str, raw: &[u8]) -> bool {
    let named = Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"));
    if named {
        return true;
    }
    #[derive(Deserialize)]
    struct Probe {
        #[serde(rename = "type")]
        kind: String,
        phases: Option<serde::de::IgnoredAny>,
    }
    let Some(first) = lines(raw).map(|(_, l)| l).find(|l| !l.is_empty()) else {
        return false;
    };
    first.starts_with(b"{")
        && serde_json::from_slice::<Probe>(first)
            .is_ok_and(|p| p.phases.is_none() && !p.kind.is_empty())
}

/// The list in the session file `raw`, or why there is none (a clause
/// for "Could not import <path>: …").
pub(crate) fn restore(raw: &[u8]) -> Result<Restored, String> {
    let pi = PiSession::read(raw);
    if pi.header || pi.snapshots > 0 {
        return pi.restore();
    }
    // The list the session used last: its Task tool calls, replayed, or
    // its latest TodoWrite call.
    let tasks = claude_tasks(raw);
    let todo_write = claude_code(raw);
    match (tasks, todo_write) {
        (Some(tasks), Some(Ok(list))) if list.line > tasks.line => Ok(list),
        (Some(tasks), _) => tasks.restored(),
        (None, Some(found)) => found,
        (None, None) if pi.claude_like => Err(
            "it is a Claude Code transcript with no valid TodoWrite call and no TaskCreate call that Claude Code made"
                .into(),
        ),
        (None, None) => Err(
            "it holds no todo list (no todo-phases snapshot of a pi session, no TodoWrite or TaskCreate call of a Claude Code transcript)"
                .into(),
        ),
    }
}

/// The file's lines, numbered from 1, without their `\r\n` / `\n` and
/// surrounding ASCII blanks.
fn lines(raw: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    raw.split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_ascii()))
}

/// [`lines`], last first.
fn lines_back(raw: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let count = memchr::memchr_iter(b'\n', raw).count() + 1;
    raw.rsplit(|&b| b == b'\n')
        .enumerate()
        .map(move |(i, l)| (count - i, l.trim_ascii()))
}

/// An entry's id (or a line) as a message shows it: quoted, escaped, and
/// cut short, since it comes from the file.
fn shown(id: &str) -> String {
    let (head, cut) = crate::text::head(id, 40);
    format!("{head:?}{}", if cut { "…" } else { "" })
}

fn place(entry: Option<&str>, line: usize) -> String {
    match entry {
        Some(id) => format!("entry {}", shown(id)),
        None => format!("line {line}"),
    }
}

// ── pi / oh-my-pi ────────────────────────────────────────────────────────

/// One line of a pi session, as much of it as restore needs. A line whose
/// fields have other types than these is malformed and skipped.
#[derive(Deserialize)]
struct PiLine<'a> {
    #[serde(rename = "type")]
    kind: Option<String>,
    id: Option<String>,
    #[serde(rename = "parentId")]
    parent: Option<String>,
    #[serde(rename = "customType")]
    custom_type: Option<String>,
    /// `leaf_position`'s target: absent, `null` (the leaf was cleared) or
    /// an id.
    #[serde(rename = "targetId", default, deserialize_with = "present")]
    target: Option<Option<String>>,
    #[serde(borrow)]
    data: Option<&'a RawValue>,
}

fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

struct Node<'a> {
    id: Option<String>,
    parent: Option<String>,
    /// `Some(target)` for a `leaf_position` marker.
    leaf_position: Option<Option<String>>,
    /// `Some(data)` for a `todo-phases` snapshot.
    snapshot: Option<Option<&'a RawValue>>,
    line: usize,
}

#[derive(Default)]
struct PiSession<'a> {
    header: bool,
    claude_like: bool,
    snapshots: usize,
    nodes: Vec<Node<'a>>,
}

impl<'a> PiSession<'a> {
    fn read(raw: &'a [u8]) -> PiSession<'a> {
        let mut s = PiSession::default();
        for (line, bytes) in lines(raw) {
            let Ok(text) = std::str::from_utf8(bytes) else {
                continue;
            };
            let Ok(e) = serde_json::from_str::<PiLine>(text) else {
                continue;
            };
            let kind = e.kind.as_deref().unwrap_or_default();
            match kind {
                // Line 1 is the header; a later one is an entry of no use.
                "session" if s.nodes.is_empty() && !s.header => {
                    s.header = true;
                    continue;
                }
                "user" | "assistant" => s.claude_like = true,
                _ => {}
            }
            let snapshot = (kind == "custom" && e.custom_type.as_deref() == Some(SNAPSHOT_TYPE))
                .then_some(e.data);
            s.snapshots += usize::from(snapshot.is_some());
            s.nodes.push(Node {
                id: e.id,
                parent: e.parent,
                leaf_position: (kind == "leaf_position").then(|| e.target.unwrap_or(None)),
                snapshot,
                line,
            });
        }
        s
    }

    /// Walk back from the leaf: the first valid snapshot wins.
    fn restore(&self) -> Result<Restored, String> {
        // Version-1 sessions have no ids: one branch, in file order (as
        // pi's migration reads them).
        let tree = self.nodes.iter().any(|n| n.id.is_some());
        let (branch, end) = if tree {
            self.branch()
        } else {
            ((0..self.nodes.len()).rev().collect(), None)
        };
        let mut malformed = 0;
        for &i in &branch {
            let node = &self.nodes[i];
            let Some(data) = node.snapshot else { continue };
            // Valid as pi-todo's `isTodoPhaseSnapshot` has it (an object
            // whose `phases` is a list of `{name, tasks: [{content,
            // status}]}`), read as `todo import` reads JSON: text it cannot
            // take (empty once normalised) makes the snapshot malformed too.
            let text = data.map(RawValue::get).filter(|t| t.starts_with('{'));
            match text.and_then(|t| plan_import::phases(t).ok()) {
                Some(phases) if phases.is_empty() => {
                    return Err(format!(
                        "the latest todo-phases snapshot on its current branch ({}) is empty",
                        place(node.id.as_deref(), node.line)
                    ));
                }
                Some(phases) => {
                    return Ok(Restored {
                        phases,
                        agent: "pi",
                        entry: node.id.clone(),
                        line: node.line,
                    });
                }
                None => malformed += 1,
            }
        }
        // Every snapshot on the branch was malformed: the other ones with
        // an id are elsewhere.
        let with_id = self
            .nodes
            .iter()
            .filter(|n| n.snapshot.is_some() && n.id.is_some());
        let elsewhere = with_id.count().saturating_sub(malformed);
        let count = crate::text::count;
        let details: Vec<String> = [
            (malformed > 0).then(|| format!("{} skipped", count(malformed, "malformed snapshot"))),
            (elsewhere > 0).then(|| format!("{} on other branches", count(elsewhere, "snapshot"))),
            end,
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut why = "it is a pi session with no valid todo-phases snapshot on its current branch"
            .to_string();
        if !details.is_empty() {
            why.push_str(&format!(" ({})", details.join("; ")));
        }
        Err(why)
    }

    /// The current branch, leaf first: the leaf is the last entry, or the
    /// entry a later `leaf_position` marker names (pi's `_buildIndex`);
    /// then each `parentId` in turn. A parent not in the file ends the
    /// branch (pi's `getBranch`); an entry seen twice ends it too. With
    /// the branch, how it ended if not at its root.
    fn branch(&self) -> (Vec<usize>, Option<String>) {
        let mut by_id: HashMap<&str, usize> = HashMap::with_capacity(self.nodes.len());
        let mut leaf = None;
        for (i, n) in self.nodes.iter().enumerate() {
            let Some(id) = n.id.as_deref() else { continue };
            by_id.insert(id, i);
            match &n.leaf_position {
                None => leaf = Some(i),
                Some(None) => leaf = None,
                Some(Some(target)) => {
                    if let Some(&t) = by_id.get(target.as_str()) {
                        leaf = Some(t);
                    }
                }
            }
        }
        let mut seen = vec![false; self.nodes.len()];
        let mut branch = Vec::new();
        let mut at = leaf;
        while let Some(i) = at {
            let node = &self.nodes[i];
            let id = node.id.as_deref().unwrap_or_default();
            if std::mem::replace(&mut seen[i], true) {
                let end = format!("its parentId chain loops back to entry {}", shown(id));
                return (branch, Some(end));
            }
            branch.push(i);
            let Some(parent) = node.parent.as_deref() else {
                break;
            };
            let Some(&p) = by_id.get(parent) else {
                let end = format!(
                    "entry {} names parent {}, which is not in the file",
                    shown(id),
                    shown(parent)
                );
                return (branch, Some(end));
            };
            at = Some(p);
        }
        (branch, None)
    }
}

// ── Claude Code ──────────────────────────────────────────────────────────

/// The latest valid `TodoWrite` input of the main conversation (not a
/// subagent's sidechain), mirrored as `todo apply` mirrors it: one phase named
/// after the agent, statuses mapped as docs/contract.md, "Agent operations as
/// JSON" maps them. A call Claude Code would have rejected (no list, an unknown
/// status) is skipped. `None` when there is none.
fn claude_code(raw: &[u8]) -> Option<Result<Restored, String>> {
    for (line, v, content) in records(lines_back(raw), "TodoWrite") {
        if v["type"] != "assistant" {
            continue;
        }
        let call = content.iter().rev().find_map(|block| {
            if block["type"] != "tool_use" || block["name"] != "TodoWrite" {
                return None;
            }
            mirror_list(block["input"].get("todos"), "content").ok()
        });
        let Some(list) = call else { continue };
        let entry = v["uuid"].as_str().map(str::to_string);
        if list.is_empty() {
            return Some(Err(format!(
                "the latest TodoWrite call ({}) is an empty list",
                place(entry.as_deref(), line)
            )));
        }
        let tasks = list
            .into_iter()
            .map(|(content, status)| Task {
                content,
                status,
                ..Task::default()
            })
            .collect();
        let phase = Phase {
            name: CLAUDE_PHASE.to_string(),
            tasks,
            ..Phase::default()
        };
        return Some(Ok(Restored {
            phases: vec![phase],
            agent: "claude-code",
            entry,
            line,
        }));
    }
    None
}

// ── Claude Code's Task tools ─────────────────────────────────────────────

/// A Claude Code task list rebuilt by replaying its calls as the
/// post-tool hook mirrors them, on an empty plan: the same code, so the
/// same tasks, notes, statuses, needs and claims. A call the plan refuses
/// (a cycle of needs, text made twice) is skipped, as Claude Code's list
/// has it regardless.
struct TaskList {
    tx: Tx,
    ids: ClaudeIds,
    /// Where the last call that counted is: the entry's uuid and line.
    entry: Option<String>,
    line: usize,
}

impl TaskList {
    fn new() -> TaskList {
        TaskList {
            tx: scratch(Plan::default()),
            ids: ClaudeIds::new(),
            entry: None,
            line: 0,
        }
    }

    fn apply(&mut self, call: Call) {
        let before = (self.tx.plan().clone(), self.ids.clone());
        if translate_call(&mut self.tx, call, Some(&mut self.ids)).is_err() {
            self.tx = scratch(before.0);
            self.ids = before.1;
        }
    }

    fn restored(mut self) -> Result<Restored, String> {
        let mut phases = self.tx.plan().phases.clone();
        if phases.iter().all(|p| p.tasks.is_empty()) {
            return Err(format!(
                "its Task tool calls, replayed up to {}, leave the task list empty",
                place(self.entry.as_deref(), self.line)
            ));
        }
        // As a list read from a file: who set what is the import's.
        for t in phases.iter_mut().flat_map(|p| &mut p.tasks) {
            t.by = None;
            t.at = None;
        }
        phases.retain(|p| !p.tasks.is_empty());
        Ok(Restored {
            phases,
            agent: "claude-code",
            entry: self.entry,
            line: self.line,
        })
    }
}

/// A transaction on `plan` made as the agent, never committed.
fn scratch(plan: Plan) -> Tx {
    let mut tx = Tx::new(plan);
    tx.set_by(By {
        actor: Actor::Agent,
        now: String::new(),
    });
    tx
}

/// The id of the task a `TaskCreate` made, from its result: the
/// record's `toolUseResult` (`{task: {id, subject}}`), else the text
/// Claude Code answers with (`Task #3 created successfully: …`).
fn created_id(record: &Value, block: &Value) -> Option<Value> {
    if let Some(id) = record.pointer("/toolUseResult/task/id") {
        return (id.is_string() || id.is_number()).then(|| id.clone());
    }
    let text = match &block["content"] {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(" "),
        _ => return None,
    };
    let rest = &text[text.find("Task #")? + "Task #".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(Value::String(digits))
}

/// The records of a transcript's main conversation (a subagent's sidechain
/// has its own list) among `lines`, each with its content blocks taken out;
/// only lines holding `needle` are read.
fn records<'a>(
    lines: impl Iterator<Item = (usize, &'a [u8])>,
    needle: &'a str,
) -> impl Iterator<Item = (usize, Value, Vec<Value>)> {
    let finder = memchr::memmem::Finder::new(needle);
    lines.filter_map(move |(line, bytes)| {
        finder.find(bytes)?;
        let mut v: Value = serde_json::from_slice(bytes).ok()?;
        if v["isSidechain"] == true {
            return None;
        }
        let Value::Array(content) = v.pointer_mut("/message/content")?.take() else {
            return None;
        };
        Some((line, v, content))
    })
}

/// The Task tool calls of the main conversation, replayed in order: each `TaskCreate` or
/// `TaskUpdate` whose result says Claude Code made it. `None` when there
/// is none.
fn claude_tasks(raw: &[u8]) -> Option<TaskList> {
    /// Calls waiting for their result, at most: a transcript names a few
    /// at a time.
    const WAITING: usize = 1_000;
    let mut waiting: HashMap<String, (bool, Value)> = HashMap::new();
    let mut list = TaskList::new();
    let mut any = false;
    for (line, v, content) in records(lines(raw), "\"tool_") {
        for block in &content {
            match (v["type"].as_str(), block["type"].as_str()) {
                (Some("assistant"), Some("tool_use")) => {
                    let create = match block["name"].as_str() {
                        Some("TaskCreate") => true,
                        Some("TaskUpdate") => false,
                        _ => continue,
                    };
                    if let Some(id) = block["id"].as_str()
                        && waiting.len() < WAITING
                    {
                        waiting.insert(id.to_string(), (create, block["input"].clone()));
                    }
                }
                (Some("user"), Some("tool_result")) => {
                    let Some((create, input)) = block["tool_use_id"]
                        .as_str()
                        .and_then(|id| waiting.remove(id))
                    else {
                        continue;
                    };
                    if block["is_error"] == true {
                        continue;
                    }
                    let call = if create {
                        let id = created_id(&v, block).map(|id| json!({ "task": { "id": id } }));
                        tasks::create(&input, id.as_ref())
                    } else {
                        if v.get("toolUseResult")
                            .is_some_and(|r| !tasks::applied(Some(r)))
                        {
                            continue;
                        }
                        tasks::update(&input, None, None)
                    };
                    let Ok(call) = call else { continue };
                    any = true;
                    list.apply(call);
                    list.entry = v["uuid"].as_str().map(str::to_string);
                    list.line = line;
                }
                _ => {}
            }
        }
    }
    any.then_some(list)
}

/// The most task files read from a task-list directory, and the largest
/// one: far above any list, far below what would make `import` slow.
const DIR_FILES: usize = 10_000;
const FILE_BYTES: u64 = 1 << 20;

/// The list of a Claude Code task-list directory (`~/.claude/tasks/<list
/// id>/`, one `<id>.json` per task: `{id, subject, description, status,
/// blocks, blockedBy, owner?…}`), in the order of the ids, as the hook
/// would have mirrored it: one task in progress (the last), a note per
/// description. A file that is not such a task is skipped.
pub(crate) fn restore_dir(dir: &Path) -> Result<Restored, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| crate::error::io_reason(&e))?;
    let mut found: Vec<(String, Value)> = Vec::new();
    let mut skipped = 0;
    for entry in entries.take(4 * DIR_FILES) {
        let Ok(entry) = entry else { continue };
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".json") else {
            continue;
        };
        if found.len() >= DIR_FILES {
            skipped += 1;
            continue;
        }
        let path = entry.path();
        let small =
            std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= FILE_BYTES);
        let value = small
            .then(|| crate::storage::read_regular(&path).ok())
            .flatten()
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok());
        match value {
            Some(v @ Value::Object(_)) => found.push((stem.to_string(), v)),
            _ => skipped += 1,
        }
    }
    // Claude Code numbers its tasks: in that order, then any other name.
    found.sort_by_cached_key(|(stem, _)| stem.parse::<u64>().map_err(|_| stem.clone()));
    let mut list = TaskList::new();
    let mut made = Vec::new();
    for (stem, v) in &found {
        let status = v["status"].as_str().unwrap_or("pending");
        let input = json!({ "subject": v["subject"], "description": v["description"] });
        let create = tasks::create(&input, Some(&json!({ "task": { "id": stem } })));
        let status = tasks::update(&json!({ "taskId": stem, "status": status }), None, None);
        let (Ok(create), Ok(status)) = (create, status) else {
            skipped += 1;
            continue;
        };
        list.apply(create);
        made.push((stem, v, status));
    }
    if made.is_empty() {
        let mut why =
            "it is a directory holding no Claude Code task (<id>.json with a subject)".to_string();
        if skipped > 0 {
            let files = if skipped == 1 {
                "file that is not one was"
            } else {
                "files that are not one were"
            };
            why.push_str(&format!(" ({skipped} {files} skipped)"));
        }
        return Err(why);
    }
    // Then what each needs and who holds it, once every task is there
    // (`blocks` is `blockedBy` seen from the other side), and then the
    // statuses: a claim starts its task, a finished one keeps its owner.
    for (stem, v, _) in &made {
        let mut update = json!({ "taskId": stem, "addBlockedBy": v["blockedBy"] });
        if let Some(owner) = v.get("owner").filter(|o| o.is_string()) {
            update["owner"] = owner.clone();
        }
        if let Ok(update) = tasks::update(&update, None, None) {
            list.apply(update);
        }
    }
    for (_, _, status) in made {
        list.apply(status);
    }
    // A directory has no entry or line: the new list's stay unset.
    list.restored()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_the_same_both_ways() {
        let raw = b"a\r\n\n  b \nc";
        let forth: Vec<_> = lines(raw).collect();
        let mut back: Vec<_> = lines_back(raw).collect();
        back.reverse();
        assert_eq!(forth, back);
        assert_eq!(forth[3], (4, &b"c"[..]));
        assert_eq!(forth[0], (1, &b"a"[..]));
    }

    #[test]
    fn a_session_is_known_by_name_or_first_line() {
        assert!(is_session("s.JSONL", b"# Auth\n"));
        assert!(is_session("-", b"\n{\"type\":\"session\",\"id\":\"x\"}\n"));
        assert!(is_session("t", b"{\"type\":\"user\",\"message\":{}}\n{}"));
        // Plans and snapshots, on one line or many, stay plans.
        assert!(!is_session("-", b"{\"phases\":[],\"type\":\"x\"}"));
        assert!(!is_session(
            "p.json",
            b"{\n  \"version\": 1,\n  \"phases\": []\n}\n"
        ));
        assert!(!is_session("-", b"[{\"type\":\"x\"}]"));
        assert!(!is_session("TODO.md", b"# Auth\n- [ ] a\n"));
        assert!(!is_session("-", b"{\"type\":7}"));
        assert!(!is_session("-", b""));
    }

    #[test]
    fn ids_from_the_file_are_quoted_escaped_and_cut() {
        assert_eq!(shown("s2"), "\"s2\"");
        assert_eq!(shown("a\nb\u{1b}"), "\"a\\nb\\u{1b}\"");
        let long = "é".repeat(100);
        assert_eq!(shown(&long), format!("{:?}…", "é".repeat(40)));
    }
}
