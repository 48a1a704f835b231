//! Cursor's plan mode, `.cursor/plans/*.plan.md`: YAML front matter with
//! the plan's `name`, `overview` and `todos` (each an `id`, `content`,
//! `status` and maybe `dependencies`), then the plan in Markdown.
//!
//! The todos are the tasks of one phase named by the plan's `name`; the
//! todo's `id` is the external id, `dependencies` the needs, `status`
//! `pending`, `in_progress`, `completed`, `cancelled` (abandoned). Every
//! other line (the overview, the Markdown body, fields of a todo it does
//! not know) is kept in its place, so an export writes the file back as it
//! was. Only the subset of YAML Cursor writes is read: a todo's field a line.

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, ids_as, keep_layouts, set_ext};
use crate::plan::{Phase, Plan, Status, Task};

const F: Format = Format::Cursor;

#[derive(Debug, PartialEq, Default)]
struct Todo {
    id: String,
    content: String,
    status: String,
    deps: Vec<String>,
}

/// A YAML scalar as Cursor writes one: plain, "double" or 'single' quoted.
fn scalar(v: &str) -> Option<String> {
    let v = v.trim();
    if v.starts_with('"') {
        serde_json::from_str::<String>(v).ok()
    } else if let Some(inner) = v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        Some(inner.replace("''", "'"))
    } else {
        Some(v.to_string())
    }
}

/// A scalar written so YAML reads it back as the same text.
fn quoted(v: &str) -> String {
    let plain = !v.is_empty()
        && !v.contains(": ")
        && !v.contains(" #")
        && !v.ends_with(':')
        && !v.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@` ".contains(c))
        && !v.ends_with(' ');
    if plain {
        v.to_string()
    } else {
        serde_json::to_string(v).unwrap_or_default()
    }
}

/// The todo a block of lines (`  - id: x` and its fields) says.
fn todo(block: &[&str]) -> Option<Todo> {
    let mut t = Todo::default();
    let first = block.first()?.strip_prefix("  - ")?;
    let mut deps = false;
    for line in std::iter::once(first).chain(block[1..].iter().map(|l| l.trim_start())) {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if deps {
            if let Some(d) = line.strip_prefix("- ") {
                t.deps.extend(scalar(d));
                continue;
            }
            deps = false;
        }
        let (k, v) = line.split_once(':')?;
        match k {
            "id" => t.id = scalar(v)?,
            "content" => t.content = scalar(v)?,
            "status" => t.status = scalar(v)?,
            "dependencies" => {
                let v = v.trim();
                if v.starts_with('[') {
                    t.deps = v
                        .trim_matches(['[', ']'])
                        .split(',')
                        .filter_map(scalar)
                        .filter(|d| !d.is_empty())
                        .collect();
                } else {
                    deps = true;
                }
            }
            _ => {}
        }
    }
    Some(t)
}

fn render(t: &Todo) -> String {
    let mut s = format!(
        "  - id: {}\n    content: {}\n    status: {}",
        quoted(&t.id),
        quoted(&t.content),
        t.status
    );
    if !t.deps.is_empty() {
        s.push_str("\n    dependencies:");
        for d in &t.deps {
            s.push_str("\n      - ");
            s.push_str(&quoted(d));
        }
    }
    s
}

const TASK: Value = Value::Null;

pub(super) fn read(text: &str) -> Result<Read, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let plain = |l: &str| l.strip_suffix('\r').unwrap_or(l).to_string();
    if lines.first().map(|l| plain(l)) != Some("---".into()) {
        return Err("  Line 1: no front matter (a plan starts with ---)".into());
    }
    let end = (1..lines.len())
        .find(|&i| plain(lines[i]) == "---")
        .ok_or("  Line 1: the front matter never ends (no closing ---)")?;
    let todos = (1..end)
        .find(|&i| plain(lines[i]).starts_with("todos:"))
        .ok_or("  Line 1: the front matter has no todos")?;
    let name = (1..end)
        .find_map(|i| plain(lines[i]).strip_prefix("name:").and_then(scalar))
        .and_then(|n| crate::text::normalize(&n))
        .unwrap_or_else(|| "Cursor plan".into());
    let mut layout: Vec<Value> = lines[..=todos]
        .iter()
        .map(|l| Value::String((*l).into()))
        .collect();
    let mut tasks = Vec::new();
    let mut i = todos + 1;
    while i < end && lines[i].starts_with("  ") {
        let start = i;
        i += 1;
        while i < end && lines[i].starts_with("   ") {
            i += 1;
        }
        let block = &lines[start..i];
        let t = todo(block)
            .ok_or_else(|| format!("  Line {}: not a todo Cursor writes (  - id: …)", start + 1))?;
        let content = crate::text::normalize(&t.content)
            .ok_or_else(|| format!("  Line {}: the todo has no content", start + 1))?;
        let status = match t.status.as_str() {
            "pending" | "" => Status::Pending,
            "in_progress" => Status::InProgress,
            "completed" => Status::Completed,
            "cancelled" => Status::Abandoned,
            other => {
                return Err(format!(
                    "  Line {}: unknown status \"{other}\" (expected pending, in_progress, completed or cancelled)",
                    start + 1
                ));
            }
        };
        let mut ext = ext_of(F, Some(&t.id));
        ext.insert("status".into(), t.status.clone().into());
        let raw = block.join("\n");
        if render(&t) != raw {
            ext.insert("block".into(), raw.into());
        }
        let mut task = Task {
            content,
            status,
            needs: t.deps.clone(),
            ..Task::default()
        };
        set_ext(&mut task.extra, ext);
        tasks.push(task);
        layout.push(TASK);
    }
    let prose = lines[i..].iter().filter(|l| !l.trim().is_empty()).count();
    layout.extend(lines[i..].iter().map(|l| Value::String((*l).into())));
    let mut phase = Phase {
        name,
        tasks,
        ..Phase::default()
    };
    keep_layouts(std::slice::from_mut(&mut phase), vec![layout], F);
    let mut unplaced = Vec::new();
    if prose > 0 {
        unplaced.push(format!(
            "{} of the plan after its todos",
            count(prose, "line")
        ));
    }
    Ok(Read {
        phases: vec![phase],
        unplaced,
    })
}

pub(super) fn write(plan: &Plan) -> String {
    let ids = ids_as(plan, F, |t| format!("todo-{}", t.id));
    let tasks: Vec<&Task> = plan.phases.iter().flat_map(|p| &p.tasks).collect();
    let block = |t: &Task| {
        let empty = Map::new();
        let ext = external(&t.extra, F).unwrap_or(&empty);
        let was = ext.get("block").and_then(Value::as_str);
        let old = was.and_then(|b| todo(&b.split('\n').collect::<Vec<_>>()));
        let status = match t.status {
            // Started by the plan itself (its first ready task), not by
            // anyone: as pending as it was.
            Status::InProgress
                if t.by.is_none()
                    && ext.get("status").and_then(Value::as_str) == Some("pending") =>
            {
                "pending"
            }
            Status::InProgress => "in_progress",
            Status::Completed => "completed",
            Status::Abandoned => "cancelled",
            // Blocked is not a status Cursor has: the todo is still to do.
            Status::Pending | Status::Blocked => "pending",
        };
        let now = Todo {
            id: ids.get(t.id.as_str()).cloned().unwrap_or_default(),
            content: match &old {
                Some(o) if crate::text::normalize(&o.content).as_deref() == Some(&t.content) => {
                    o.content.clone()
                }
                _ => t.content.clone(),
            },
            status: status.into(),
            deps: t
                .needs
                .iter()
                .filter_map(|n| ids.get(n.as_str()).cloned())
                .collect(),
        };
        match (was, old) {
            (Some(raw), Some(o)) if o == now => raw.to_string(),
            _ => render(&now),
        }
    };
    let layout = plan
        .phases
        .first()
        .and_then(|p| external(&p.extra, F))
        .and_then(|e| e.get("layout"))
        .and_then(Value::as_array);
    let Some(layout) = layout else {
        let name = plan.phases.first().map_or("Plan", |p| p.name.as_str());
        let mut s = format!("---\nname: {}\noverview: \"\"\ntodos:\n", quoted(name));
        for t in tasks {
            s.push_str(&block(t));
            s.push('\n');
        }
        s.push_str("isProject: false\n---\n");
        return s;
    };
    let slots = layout.iter().filter(|v| v.is_null()).count();
    let mut out: Vec<String> = Vec::new();
    let mut it = tasks.into_iter();
    let mut seen = 0;
    for slot in layout {
        match slot {
            Value::String(s) => out.push(s.clone()),
            _ => {
                seen += 1;
                if let Some(t) = it.next() {
                    out.push(block(t));
                }
                // Tasks added since go after the last todo read.
                if seen == slots {
                    out.extend(it.by_ref().map(block));
                }
            }
        }
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn todos_read_and_render_as_cursor_writes_them() {
        let t = todo(&[
            "  - id: a",
            "    content: \"Run: the tests\"",
            "    status: completed",
            "    dependencies:",
            "      - b",
        ])
        .unwrap();
        assert_eq!(t.content, "Run: the tests");
        assert_eq!(t.deps, ["b"]);
        assert_eq!(
            render(&t),
            "  - id: a\n    content: \"Run: the tests\"\n    status: completed\n    dependencies:\n      - b"
        );
        assert_eq!(scalar("'it''s'").as_deref(), Some("it's"));
        assert_eq!(quoted("plain text"), "plain text");
        assert_eq!(quoted("- dash"), "\"- dash\"");
    }
}
