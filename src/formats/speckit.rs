//! GitHub Spec Kit's `tasks.md` (`/speckit.tasks`): `## ` headings with
//! task items under them, `- [ ] T012 [P] [US1] text`.
//!
//! A `## ` heading with tasks under it is a phase; the task's `T012` is
//! its external id, `[P]` (may run in parallel) and the story label
//! (`[US1]`) are kept with it, and "depends on T012, T013" in its text
//! become its needs. Every other line (the title, purpose lines,
//! checkpoints, sections without tasks) is kept with the phase it follows,
//! in place, so an export writes the file back as it was.

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, ids_as, keep_layouts, set_ext};
use crate::plan::{Phase, Plan, Status, Task};

const F: Format = Format::Speckit;

/// A task item as read from one line.
#[derive(Debug, PartialEq)]
struct Item<'a> {
    done: bool,
    id: Option<&'a str>,
    parallel: bool,
    story: Option<&'a str>,
    text: &'a str,
}

/// A task id as Spec Kit writes them: `T` and digits (`TXXX` in its
/// template, for "a number to come").
fn is_id(w: &str) -> bool {
    w.len() > 1 && w.starts_with('T') && w[1..].bytes().all(|b| b.is_ascii_digit()) || w == "TXXX"
}

/// `[US1]`: a story label.
fn story(w: &str) -> Option<&str> {
    let inner = w.strip_prefix('[')?.strip_suffix(']')?;
    let n = inner.strip_prefix("US")?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(inner)
}

/// The task item a line is (`- [ ]`, `- [x]` at its start), if any.
fn item(line: &str) -> Option<Item<'_>> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let rest = line.strip_prefix("- [")?;
    let mut chars = rest.chars();
    let mark = chars.next()?;
    let rest = chars.as_str().strip_prefix("] ")?;
    let done = match mark {
        ' ' => false,
        'x' | 'X' => true,
        _ => return None,
    };
    let mut it = Item {
        done,
        id: None,
        parallel: false,
        story: None,
        text: rest.trim(),
    };
    let mut words = it.text;
    let next = |s: &str| -> (String, usize) {
        let w = s.split(' ').next().unwrap_or("");
        (w.to_string(), w.len())
    };
    let (w, n) = next(words);
    if is_id(&w) {
        it.id = Some(&words[..n]);
        words = words[n..].trim_start();
    }
    loop {
        let (w, n) = next(words);
        if w == "[P]" && !it.parallel {
            it.parallel = true;
        } else if it.story.is_none() && story(&w).is_some() {
            it.story = story(&words[..n]);
        } else {
            break;
        }
        words = words[n..].trim_start();
    }
    it.text = words;
    Some(it)
}

/// The line of an item as Spec Kit writes it.
fn line_of(it: &Item) -> String {
    let mut s = String::from(if it.done { "- [x]" } else { "- [ ]" });
    let parts = [
        it.id,
        it.parallel.then_some("[P]"),
        it.story.map(|_| ""),
        Some(it.text),
    ];
    for (i, p) in parts.into_iter().enumerate() {
        match (i, p) {
            (2, Some(_)) => {
                s.push_str(" [");
                s.push_str(it.story.unwrap_or(""));
                s.push(']');
            }
            (_, Some(p)) => {
                s.push(' ');
                s.push_str(p);
            }
            _ => {}
        }
    }
    s
}

/// The ids named after "depends on" in a task's text.
fn depends_on(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("depends on") {
        let start = from + at + "depends on".len();
        for w in text[start..].split([' ', ',', ';', '(', ')']) {
            match w {
                "" | "and" => {}
                w if is_id(w) && w != "TXXX" => out.push(w.to_string()),
                _ => break,
            }
        }
        from = start;
    }
    out
}

/// Layout slots: a line kept as it was, the phase's heading, a task.
const HEADING: Value = Value::Bool(true);
const TASK: Value = Value::Null;

pub(super) fn read(text: &str) -> Result<Read, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    // Which `## ` headings have tasks under them (before the next one).
    let mut has_tasks = vec![false; lines.len()];
    let mut heading = None;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("## ") {
            heading = Some(i);
        } else if let (Some(h), Some(_)) = (heading, item(line)) {
            has_tasks[h] = true;
        }
    }
    let mut phases: Vec<Phase> = Vec::new();
    let mut layouts: Vec<Vec<Value>> = Vec::new();
    let mut before: Vec<Value> = Vec::new();
    let (mut prose, mut parallel, mut stories) = (0, 0, 0);
    for (i, line) in lines.iter().enumerate() {
        if has_tasks[i] {
            let raw = line.strip_suffix('\r').unwrap_or(line);
            let name = crate::text::normalize(&raw[3..])
                .ok_or_else(|| format!("  Line {}: the heading is empty", i + 1))?;
            let mut layout = std::mem::take(&mut before);
            let mut phase = Phase {
                name,
                ..Phase::default()
            };
            if raw == format!("## {}", phase.name) {
                layout.push(HEADING);
            } else {
                // Spelled otherwise: kept as it was (a rename rewrites it).
                let mut ext = ext_of(F, None);
                ext.insert("heading".into(), line.to_string().into());
                set_ext(&mut phase.extra, ext);
                layout.push(HEADING);
            }
            phases.push(phase);
            layouts.push(layout);
            continue;
        }
        let Some(it) = item(line) else {
            match layouts.last_mut() {
                Some(layout) => layout.push(Value::String(line.to_string())),
                None => before.push(Value::String(line.to_string())),
            }
            if !line.trim().is_empty() {
                prose += 1;
            }
            continue;
        };
        if phases.is_empty() {
            // Tasks before any heading: a phase of their own, unnamed there.
            phases.push(Phase {
                name: "Tasks".into(),
                ..Phase::default()
            });
            layouts.push(std::mem::take(&mut before));
        }
        let content = crate::text::normalize(it.text)
            .ok_or_else(|| format!("  Line {}: the task has no text", i + 1))?;
        let mut ext = ext_of(F, it.id);
        if it.parallel {
            ext.insert("parallel".into(), true.into());
            parallel += 1;
        }
        if let Some(s) = it.story {
            ext.insert("story".into(), s.into());
            stories += 1;
        }
        if line_of(&it) != *line {
            ext.insert("line".into(), line.to_string().into());
        }
        let mut task = Task {
            status: if it.done {
                Status::Completed
            } else {
                Status::Pending
            },
            needs: depends_on(&content),
            content,
            ..Task::default()
        };
        set_ext(&mut task.extra, ext);
        if let (Some(phase), Some(layout)) = (phases.last_mut(), layouts.last_mut()) {
            phase.tasks.push(task);
            layout.push(TASK);
        }
    }
    keep_layouts(&mut phases, layouts, F);
    let mut unplaced = Vec::new();
    if parallel > 0 {
        unplaced.push(format!("[P] on {}", count(parallel, "task")));
    }
    if stories > 0 {
        unplaced.push(format!(
            "story labels ([US1]…) on {}",
            count(stories, "task")
        ));
    }
    if prose > 0 {
        unplaced.push(format!("{} outside tasks", count(prose, "line")));
    }
    Ok(Read { phases, unplaced })
}

pub(super) fn write(plan: &Plan) -> String {
    // Tasks with no Spec Kit id get the numbers after the highest.
    let mut next = plan
        .phases
        .iter()
        .flat_map(|p| &p.tasks)
        .filter_map(|t| super::external_id(t, F))
        .filter_map(|id| id.get(1..)?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    let ids = ids_as(plan, F, |_| {
        next += 1;
        format!("T{next:03}")
    });
    let mut out: Vec<String> = Vec::new();
    // A file read ends as it ended (its last line is in the layout); one
    // written here ends with a newline.
    let mut fresh = true;
    for (n, phase) in plan.phases.iter().enumerate() {
        let ext = external(&phase.extra, F);
        let layout = ext.and_then(|e| e.get("layout")).and_then(Value::as_array);
        let heading = || match ext.and_then(|e| e.get("heading")).and_then(Value::as_str) {
            Some(h) if item_heading(h) == phase.name => h.to_string(),
            _ => format!("## {}", phase.name),
        };
        let line = |t: &Task| task_line(t, &ids);
        fresh = layout.is_none();
        let Some(layout) = layout else {
            if n == 0 && out.is_empty() {
                out.push("# Tasks".into());
            }
            out.extend([String::new(), heading(), String::new()]);
            out.extend(phase.tasks.iter().map(line));
            continue;
        };
        let slots = layout.iter().filter(|v| v.is_null()).count();
        let mut tasks = phase.tasks.iter();
        let mut seen = 0;
        for slot in layout {
            match slot {
                Value::String(s) => out.push(s.clone()),
                Value::Bool(_) => out.push(heading()),
                _ => {
                    seen += 1;
                    if let Some(t) = tasks.next() {
                        out.push(line(t));
                    }
                    // Tasks added since go after the last one read.
                    if seen == slots {
                        out.extend(tasks.by_ref().map(line));
                    }
                }
            }
        }
        if slots == 0 {
            out.extend(tasks.map(line));
        }
    }
    let mut s = out.join("\n");
    if fresh {
        s.push('\n');
    }
    s
}

fn item_heading(h: &str) -> String {
    let h = h.strip_suffix('\r').unwrap_or(h);
    crate::text::normalize(h.get(3..).unwrap_or("")).unwrap_or_default()
}

fn task_line(t: &Task, ids: &std::collections::HashMap<&str, String>) -> String {
    let empty = Map::new();
    let ext = external(&t.extra, F).unwrap_or(&empty);
    let id = ids.get(t.id.as_str()).cloned().unwrap_or_default();
    let mut text = t.content.clone();
    let needs: Vec<&str> = t
        .needs
        .iter()
        .filter_map(|n| ids.get(n.as_str()).map(String::as_str))
        .collect();
    let said = depends_on(&text);
    if !needs.is_empty() && needs.iter().any(|n| !said.iter().any(|s| s == n)) {
        text = format!("{text} (depends on {})", needs.join(", "));
    }
    let it = Item {
        done: t.status == Status::Completed,
        id: Some(&id),
        parallel: ext.get("parallel").and_then(Value::as_bool) == Some(true),
        story: ext.get("story").and_then(Value::as_str),
        text: &text,
    };
    // The line as read, when it still says the same.
    if let Some(raw) = ext.get("line").and_then(Value::as_str)
        && let Some(was) = item(raw)
        && (Item {
            text: &crate::text::normalize(was.text).unwrap_or_default(),
            ..was
        }) == it
    {
        return raw.to_string();
    }
    line_of(&it)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_read_id_markers_and_text() {
        let it = item("- [ ] T012 [P] [US1] Create [Entity1] model").unwrap();
        assert_eq!(it.id, Some("T012"));
        assert!(it.parallel && !it.done);
        assert_eq!(it.story, Some("US1"));
        assert_eq!(it.text, "Create [Entity1] model");
        assert_eq!(line_of(&it), "- [ ] T012 [P] [US1] Create [Entity1] model");
        assert!(item("- [X] T1 done").unwrap().done);
        assert_eq!(item("  - [ ] T1 indented"), None);
        assert_eq!(item("- [?] T1 odd"), None);
        assert_eq!(item("- [ ]"), None);
        assert_eq!(item("- [ ] [P]").unwrap().text, "");
    }

    #[test]
    fn depends_on_names_ids() {
        assert_eq!(
            depends_on("Implement X (depends on T012, T013)"),
            ["T012", "T013"]
        );
        assert_eq!(depends_on("Depends on T1 and T2 first"), ["T1", "T2"]);
        assert!(depends_on("nothing here").is_empty());
    }
}
