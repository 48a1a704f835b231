//! beads' `.beads/issues.jsonl`: an issue a line, as `bd export` writes it.
//!
//! `id` (`bd-a1b2`) is the external id, `title` the text, the parent's
//! title (`parent`, or a `parent-child` dependency) the phase (none: the
//! default phase), `blocks` dependencies the needs, `description` and
//! `notes` the notes. `status`: `open` (and beads' other waiting states,
//! `hooked`, `pinned`, `deferred`) pending, `in_progress`, `blocked`,
//! `closed` completed, `tombstone` abandoned. The whole issue is kept with
//! the task, so every other field (priority, issue type, labels,
//! assignee, the other kinds of dependency, times…) goes back on export in
//! its place; a line whose issue did not change is written as it was read.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, ids_as, set_ext};
use crate::plan::{DEFAULT_PHASE, Phase, Plan, Status, Task};

const F: Format = Format::Beads;

/// The fields the plan has a place for; the rest are listed.
const MAPPED: &[&str] = &[
    "id",
    "assignee",
    "title",
    "status",
    "description",
    "notes",
    "dependencies",
    "parent",
    "closed_at",
];

/// The issue as `bd` writes it: compact, `<`, `>`, `&` escaped as Go does.
fn line_of(obj: &Map<String, Value>) -> String {
    serde_json::to_string(obj)
        .unwrap_or_default()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// The ids an issue depends on with dependencies of `kind`.
fn deps<'a>(obj: &'a Map<String, Value>, kind: &str) -> Vec<&'a str> {
    match obj.get("dependencies") {
        Some(Value::Array(a)) => a
            .iter()
            .filter(|d| d.get("type").and_then(Value::as_str) == Some(kind))
            .filter_map(|d| d.get("depends_on_id")?.as_str())
            .collect(),
        _ => Vec::new(),
    }
}

fn parent(obj: &Map<String, Value>) -> Option<&str> {
    obj.get("parent")
        .and_then(Value::as_str)
        .or_else(|| deps(obj, "parent-child").into_iter().next())
}

/// The notes an issue gives: its description, then its notes' lines.
fn notes_of(obj: &Map<String, Value>) -> Vec<String> {
    let desc = obj.get("description").and_then(Value::as_str);
    let notes = obj.get("notes").and_then(Value::as_str);
    desc.and_then(crate::text::normalize)
        .into_iter()
        .chain(
            notes
                .into_iter()
                .flat_map(|n| n.split('\n'))
                .filter_map(crate::text::normalize),
        )
        .collect()
}

pub(super) fn read(text: &str) -> Result<Read, String> {
    let mut issues: Vec<(usize, Map<String, Value>)> = Vec::new();
    for (n, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| {
            format!(
                "  Line {}: {}",
                n + 1,
                crate::plan::json::SyntaxError::from(e).message
            )
        })?;
        let Value::Object(obj) = v else {
            return Err(format!("  Line {}: not an object", n + 1));
        };
        issues.push((n, obj));
    }
    let titles: HashMap<&str, &str> = issues
        .iter()
        .filter_map(|(_, o)| Some((o.get("id")?.as_str()?, o.get("title")?.as_str()?)))
        .collect();
    let mut phases: Vec<Phase> = Vec::new();
    let mut at_phase: HashMap<String, usize> = HashMap::new();
    let mut other: Map<String, Value> = Map::new();
    let mut kinds: Map<String, Value> = Map::new();
    let mut tasks = Vec::with_capacity(issues.len());
    for (n, obj) in &issues {
        let place = || format!("  Line {}", n + 1);
        let s = |k: &str| obj.get(k).and_then(Value::as_str);
        let content = s("title")
            .and_then(crate::text::normalize)
            .ok_or_else(|| format!("{}: no title", place()))?;
        let status = match s("status").unwrap_or("open") {
            "in_progress" => Status::InProgress,
            "blocked" => Status::Blocked,
            "closed" => Status::Completed,
            "tombstone" => Status::Abandoned,
            _ => Status::Pending,
        };
        let name = parent(obj)
            .and_then(|p| titles.get(p).copied())
            .and_then(crate::text::normalize)
            .unwrap_or_else(|| DEFAULT_PHASE.to_string());
        for k in obj.keys().filter(|k| !MAPPED.contains(&k.as_str())) {
            let c = other.get(k).and_then(Value::as_u64).unwrap_or(0);
            other.insert(k.clone(), (c + 1).into());
        }
        for d in match obj.get("dependencies") {
            Some(Value::Array(a)) => a.as_slice(),
            _ => &[],
        } {
            if let Some(k) = d
                .get("type")
                .and_then(Value::as_str)
                .filter(|k| *k != "blocks" && *k != "parent-child")
            {
                let c = kinds.get(k).and_then(Value::as_u64).unwrap_or(0);
                kinds.insert(k.to_string(), (c + 1).into());
            }
        }
        let mut ext = ext_of(F, s("id"));
        ext.insert("line".into(), (*n).into());
        let original = line_of(obj);
        let raw = text.split('\n').nth(*n).unwrap_or("");
        if original != raw {
            ext.insert("raw".into(), raw.into());
        }
        // Who it is assigned to holds it as a claim does (one task in
        // progress each), while it is open.
        let owner = s("assignee")
            .filter(|_| status.is_open())
            .and_then(crate::text::normalize);
        let mut task = Task {
            content,
            status,
            owner,
            needs: deps(obj, "blocks").into_iter().map(String::from).collect(),
            notes: notes_of(obj),
            ..Task::default()
        };
        ext.insert("issue".into(), Value::Object(obj.clone()));
        set_ext(&mut task.extra, ext);
        tasks.push((name, task));
    }
    for (name, task) in tasks {
        let at = *at_phase.entry(name.clone()).or_insert_with(|| {
            phases.push(Phase {
                name,
                ..Phase::default()
            });
            phases.len() - 1
        });
        phases[at].tasks.push(task);
    }
    let mut unplaced: Vec<String> = other
        .iter()
        .map(|(k, c)| {
            format!(
                "{k} on {}",
                count(c.as_u64().unwrap_or(0) as usize, "issue")
            )
        })
        .collect();
    unplaced.extend(kinds.iter().map(|(k, c)| {
        let c = c.as_u64().unwrap_or(0);
        let what = if c == 1 { "dependency" } else { "dependencies" };
        format!("{c} {what} of type {k}")
    }));
    Ok(Read { phases, unplaced })
}

pub(super) fn write(plan: &Plan) -> String {
    let ids = ids_as(plan, F, |t| format!("todo-{}", t.id));
    let known: std::collections::HashSet<&str> = plan
        .phases
        .iter()
        .flat_map(|p| &p.tasks)
        .filter_map(|t| super::external_id(t, F))
        .collect();
    let empty = Map::new();
    let mut out: Vec<(u64, usize, String)> = Vec::new();
    for phase in &plan.phases {
        for t in &phase.tasks {
            let ext = external(&t.extra, F).unwrap_or(&empty);
            let was = match ext.get("issue") {
                Some(Value::Object(o)) => o.clone(),
                _ => Map::new(),
            };
            let mut obj = was.clone();
            let id = ids.get(t.id.as_str()).cloned().unwrap_or_default();
            obj.insert("id".into(), id.clone().into());
            let same = |k: &str, now: &str| {
                was.get(k)
                    .and_then(Value::as_str)
                    .and_then(crate::text::normalize)
                    .as_deref()
                    == Some(now)
            };
            if !same("title", &t.content) {
                obj.insert("title".into(), t.content.clone().into());
            }
            let old = was.get("status").and_then(Value::as_str).unwrap_or("open");
            let status = match t.status {
                Status::Pending if matches!(old, "open" | "hooked" | "pinned" | "deferred") => old,
                Status::Pending => "open",
                // Started by the plan itself (its first ready task), not by
                // anyone: the issue is as open as it was.
                Status::InProgress
                    if t.by.is_none()
                        && matches!(old, "open" | "hooked" | "pinned" | "deferred") =>
                {
                    old
                }
                Status::InProgress => "in_progress",
                Status::Blocked => "blocked",
                Status::Completed => "closed",
                Status::Abandoned if old == "tombstone" => "tombstone",
                Status::Abandoned => "closed",
            };
            obj.insert("status".into(), status.into());
            // A claim made or released here is who it is assigned to there.
            let assignee = was
                .get("assignee")
                .and_then(Value::as_str)
                .and_then(crate::text::normalize);
            if t.status.is_open() && t.owner != assignee {
                match &t.owner {
                    Some(o) => {
                        obj.insert("assignee".into(), o.clone().into());
                    }
                    None => {
                        obj.shift_remove("assignee");
                    }
                }
            }
            if status == "closed" {
                if !obj.contains_key("closed_at")
                    && let Some(at) = &t.at
                {
                    obj.insert("closed_at".into(), at.clone().into());
                }
            } else {
                obj.shift_remove("closed_at");
            }
            if notes_of(&obj) != t.notes {
                let mut notes = t.notes.iter();
                match notes.next() {
                    Some(d) if !same("description", d) => {
                        obj.insert("description".into(), d.clone().into());
                    }
                    Some(_) => {}
                    None => {
                        obj.shift_remove("description");
                    }
                }
                let rest: Vec<&str> = notes.map(String::as_str).collect();
                if rest.is_empty() {
                    obj.shift_remove("notes");
                } else {
                    obj.insert("notes".into(), rest.join("\n").into());
                }
            }
            let needs: Vec<&str> = t
                .needs
                .iter()
                .filter_map(|n| ids.get(n.as_str()).map(String::as_str))
                .collect();
            // A dependency on an issue not in the plan (not in the file
            // read) is kept as it was.
            let here = |d: &&str| known.contains(d);
            let had: Vec<&str> = deps(&was, "blocks").into_iter().filter(here).collect();
            if had != needs {
                let blocks = |d: &Value| d.get("type").and_then(Value::as_str) == Some("blocks");
                fn on(d: &Value) -> &str {
                    d.get("depends_on_id").and_then(Value::as_str).unwrap_or("")
                }
                let mut list: Vec<Value> = match was.get("dependencies") {
                    Some(Value::Array(a)) => a
                        .iter()
                        .filter(|d| !blocks(d) || !known.contains(on(d)) || needs.contains(&on(d)))
                        .cloned()
                        .collect(),
                    _ => Vec::new(),
                };
                for n in &needs {
                    if !list.iter().any(|d| blocks(d) && on(d) == *n) {
                        list.push(serde_json::json!({"issue_id": id, "depends_on_id": n, "type": "blocks"}));
                    }
                }
                if list.is_empty() {
                    obj.shift_remove("dependencies");
                } else {
                    obj.insert("dependencies".into(), Value::Array(list));
                }
            }
            let line = match ext.get("raw").and_then(Value::as_str) {
                Some(raw) if obj == was => raw.to_string(),
                _ => line_of(&obj),
            };
            let place = ext.get("line").and_then(Value::as_u64).unwrap_or(u64::MAX);
            out.push((place, out.len(), line));
        }
    }
    out.sort_by_key(|(place, at, _)| (*place, *at));
    let mut s = String::new();
    for (_, _, line) in out {
        s.push_str(&line);
        s.push('\n');
    }
    s
}
