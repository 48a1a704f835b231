//! Taskwarrior's `task export` (and `task import`) JSON: an array of task
//! objects, written by taskwarrior 2.6 as `[`, an object a line, `]`.
//!
//! `uuid` is the external id, `description` the text, `project` the phase
//! (none: the default phase), `depends` (uuids: an array, or 2.5's comma
//! separated string) the needs, `annotations` the notes. `status`:
//! `pending` (in progress when `start` is set), `completed`, `deleted`
//! (abandoned), `waiting` and `recurring` (pending; kept). The whole
//! object is kept with the task, so every other field (`tags`, `due`,
//! `priority`, `urgency`, user-defined attributes…) goes back on export in
//! its place, and the tasks in the order they were read.

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, ids_as, set_ext};
use crate::plan::{DEFAULT_PHASE, Phase, Plan, Status, Task};

const F: Format = Format::Taskwarrior;

/// The fields the plan has a place for; the rest are listed.
const MAPPED: &[&str] = &[
    "id",
    "uuid",
    "description",
    "status",
    "project",
    "depends",
    "annotations",
    "start",
    "end",
    "entry",
    "modified",
    "urgency",
];

pub(super) fn read(text: &str) -> Result<Read, String> {
    let all: Vec<Value> = serde_json::from_str(text).map_err(|e| {
        let e = crate::plan::json::SyntaxError::from(e);
        format!("  Line {}: {}", e.line, e.message)
    })?;
    let mut phases: Vec<Phase> = Vec::new();
    let mut at_phase: std::collections::HashMap<String, usize> = Default::default();
    let mut other: Map<String, Value> = Map::new();
    for (n, v) in all.into_iter().enumerate() {
        let place = || format!("  Task {}", n + 1);
        let Value::Object(obj) = v else {
            return Err(format!("{}: not an object", place()));
        };
        let s = |k: &str| obj.get(k).and_then(Value::as_str);
        let content = s("description")
            .and_then(crate::text::normalize)
            .ok_or_else(|| format!("{}: no description", place()))?;
        let status = match s("status").unwrap_or("pending") {
            "pending" | "waiting" | "recurring" if obj.contains_key("start") => Status::InProgress,
            "pending" | "waiting" | "recurring" => Status::Pending,
            "completed" => Status::Completed,
            "deleted" => Status::Abandoned,
            other => {
                return Err(format!(
                    "{}: unknown status \"{other}\" (expected pending, waiting, recurring, completed or deleted)",
                    place()
                ));
            }
        };
        let needs = match obj.get("depends") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect(),
            Some(Value::String(s)) => s
                .split(',')
                .filter(|d| !d.is_empty())
                .map(String::from)
                .collect(),
            _ => Vec::new(),
        };
        let notes = match obj.get("annotations") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|a| a.get("description")?.as_str())
                .filter_map(crate::text::normalize)
                .collect(),
            _ => Vec::new(),
        };
        for k in obj.keys().filter(|k| !MAPPED.contains(&k.as_str())) {
            let n = other.get(k).and_then(Value::as_u64).unwrap_or(0);
            other.insert(k.clone(), (n + 1).into());
        }
        let name = s("project")
            .and_then(crate::text::normalize)
            .unwrap_or_else(|| DEFAULT_PHASE.to_string());
        let mut ext = ext_of(F, s("uuid"));
        ext.insert("line".into(), n.into());
        let mut task = Task {
            content,
            status,
            needs,
            notes,
            ..Task::default()
        };
        ext.insert("task".into(), Value::Object(obj));
        set_ext(&mut task.extra, ext);
        let at = *at_phase.entry(name.clone()).or_insert_with(|| {
            phases.push(Phase {
                name,
                ..Phase::default()
            });
            phases.len() - 1
        });
        phases[at].tasks.push(task);
    }
    let unplaced = other
        .iter()
        .map(|(k, n)| format!("{k} on {}", count(n.as_u64().unwrap_or(0) as usize, "task")))
        .collect();
    Ok(Read { phases, unplaced })
}

/// A uuid for a task that has none, the same on every export: the
/// task's id in its last twelve hex digits (ids are six characters).
fn uuid_of(id: &str) -> String {
    let hex: String = id.bytes().take(6).map(|b| format!("{b:02x}")).collect();
    format!("00000000-0000-4000-8000-{hex:0>12}")
}

/// Taskwarrior's time stamp (`20260102T030405Z`) from RFC 3339.
fn stamp(at: &str) -> Option<String> {
    let digits: String = at.chars().take(19).filter(char::is_ascii_digit).collect();
    (digits.len() == 14).then(|| format!("{}T{}Z", &digits[..8], &digits[8..]))
}

pub(super) fn write(plan: &Plan) -> String {
    let ids = ids_as(plan, F, |t| uuid_of(&t.id));
    let empty = Map::new();
    let mut out: Vec<(u64, usize, String)> = Vec::new();
    for phase in &plan.phases {
        for t in &phase.tasks {
            let ext = external(&t.extra, F).unwrap_or(&empty);
            let mut obj = match ext.get("task") {
                Some(Value::Object(o)) => o.clone(),
                _ => Map::new(),
            };
            let when = t.at.as_deref().and_then(stamp);
            // As written, where it still says the same (spacing is todo's).
            let same = |k: &str, now: &str, obj: &Map<String, Value>| {
                let was = obj.get(k).and_then(Value::as_str);
                was.and_then(crate::text::normalize).as_deref() == Some(now)
            };
            if !same("description", &t.content, &obj) {
                obj.insert("description".into(), t.content.clone().into());
            }
            if !obj.contains_key("entry")
                && let Some(w) = &when
            {
                obj.insert("entry".into(), w.clone().into());
            }
            let was = obj
                .get("status")
                .and_then(Value::as_str)
                .unwrap_or("pending");
            let status = match t.status {
                Status::Completed => "completed",
                Status::Abandoned => "deleted",
                _ if matches!(was, "waiting" | "recurring") => was,
                _ => "pending",
            }
            .to_string();
            match (t.status, obj.contains_key("start")) {
                (Status::InProgress, false) => {
                    if let Some(w) = &when {
                        obj.insert("start".into(), w.clone().into());
                    }
                }
                (Status::Pending | Status::Blocked, true) => {
                    obj.shift_remove("start");
                }
                _ => {}
            }
            if matches!(t.status, Status::Completed | Status::Abandoned) {
                if !obj.contains_key("end")
                    && let Some(w) = &when
                {
                    obj.insert("end".into(), w.clone().into());
                }
            } else {
                obj.shift_remove("end");
            }
            obj.insert("status".into(), status.into());
            if phase.name == DEFAULT_PHASE {
                obj.shift_remove("project");
            } else if !same("project", &phase.name, &obj) {
                obj.insert("project".into(), phase.name.clone().into());
            }
            let uuid = ids.get(t.id.as_str()).cloned().unwrap_or_default();
            obj.insert("uuid".into(), uuid.into());
            let needs: Vec<Value> = t
                .needs
                .iter()
                .filter_map(|n| ids.get(n.as_str()).map(|u| u.as_str().into()))
                .collect();
            let had: Vec<&str> = match obj.get("depends") {
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                Some(Value::String(s)) => s.split(',').filter(|d| !d.is_empty()).collect(),
                _ => Vec::new(),
            };
            let same = had.len() == needs.len() && had.iter().zip(&needs).all(|(a, b)| b == a);
            if needs.is_empty() {
                obj.shift_remove("depends");
            } else if !same {
                let keep_string = matches!(obj.get("depends"), Some(Value::String(_)));
                let value = if keep_string {
                    let list: Vec<&str> = needs.iter().filter_map(Value::as_str).collect();
                    Value::String(list.join(","))
                } else {
                    Value::Array(needs)
                };
                obj.insert("depends".into(), value);
            }
            annotations(&mut obj, t, when.as_deref());
            let line = serde_json::to_string(&Value::Object(obj))
                .unwrap_or_default()
                .replace('/', "\\/");
            let place = ext.get("line").and_then(Value::as_u64).unwrap_or(u64::MAX);
            out.push((place, out.len(), line));
        }
    }
    out.sort_by_key(|(place, at, _)| (*place, *at));
    let lines: Vec<String> = out.into_iter().map(|(_, _, l)| l).collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// The notes as annotations: the ones read, where a note still says
/// what one said; others stamped with the task's time.
fn annotations(obj: &mut Map<String, Value>, t: &Task, when: Option<&str>) {
    let had: Vec<Value> = match obj.get("annotations") {
        Some(Value::Array(a)) => a.clone(),
        _ => Vec::new(),
    };
    let says = |a: &Value| {
        a.get("description")
            .and_then(Value::as_str)
            .and_then(crate::text::normalize)
    };
    let read: Vec<String> = had.iter().filter_map(says).collect();
    if read == t.notes {
        return;
    }
    if t.notes.is_empty() {
        obj.shift_remove("annotations");
        return;
    }
    let list = t
        .notes
        .iter()
        .map(|n| {
            had.iter()
                .find(|a| says(a).as_deref() == Some(n.as_str()))
                .cloned()
                .unwrap_or_else(|| {
                    let mut a = Map::new();
                    if let Some(w) = when {
                        a.insert("entry".into(), w.into());
                    }
                    a.insert("description".into(), n.clone().into());
                    Value::Object(a)
                })
        })
        .collect();
    obj.insert("annotations".into(), Value::Array(list));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_and_uuids() {
        assert_eq!(
            stamp("2026-01-02T03:04:05Z").as_deref(),
            Some("20260102T030405Z")
        );
        assert_eq!(stamp("garbage"), None);
        assert_eq!(uuid_of("t4685j"), "00000000-0000-4000-8000-74343638356a");
    }
}
