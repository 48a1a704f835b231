//! Kiro's spec tasks, `.kiro/specs/<name>/tasks.md`: numbered tasks and
//! sub-tasks, `- [ ] 2. Title`, `  - [ ]* 2.1 Title` (`*`: optional), each
//! with its detail lines under it (`    - Write the model`,
//! `    - _Requirements: 1.2, 3.1_`).
//!
//! Every task and sub-task is a task of the phase its `# ` heading names
//! (none: `Tasks`); the number is its external id, `*` and the indent are
//! kept with it, and its detail lines are its notes (the `_Requirements:_`
//! line among them, as written). Every other line is kept in its place, so
//! an export writes the file back as it was.

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, keep_layouts, set_ext};
use crate::plan::{Phase, Plan, Status, Task};

const F: Format = Format::Kiro;

#[derive(Debug, PartialEq)]
struct Item {
    indent: usize,
    done: bool,
    optional: bool,
    id: Option<String>,
    text: String,
}

/// `- [ ] 2.1 Title` at any indent.
fn item(line: &str) -> Option<Item> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = line[indent..].strip_prefix("- [")?;
    let mut chars = rest.chars();
    let done = match chars.next()? {
        ' ' => false,
        'x' | 'X' => true,
        _ => return None,
    };
    let rest = chars.as_str().strip_prefix(']')?;
    let (optional, rest) = match rest.strip_prefix('*') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix(' ')?.trim();
    let first = rest.split(' ').next().unwrap_or("");
    let number = first.strip_suffix('.').unwrap_or(first);
    // `2.1`, `3.`, and Kiro's inserted `10.2a`.
    let is_number = number.starts_with(|c: char| c.is_ascii_digit())
        && number
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    let (id, text) = if is_number {
        (
            Some(first.to_string()),
            rest[first.len()..].trim().to_string(),
        )
    } else {
        (None, rest.to_string())
    };
    Some(Item {
        indent,
        done,
        optional,
        id,
        text,
    })
}

fn line_of(it: &Item) -> String {
    let mut s = " ".repeat(it.indent);
    s.push_str(if it.done { "- [x]" } else { "- [ ]" });
    if it.optional {
        s.push('*');
    }
    if let Some(id) = &it.id {
        s.push(' ');
        s.push_str(id);
    }
    s.push(' ');
    s.push_str(&it.text);
    s
}

/// A detail line under a task at `indent`: `- text`, indented deeper.
fn detail(line: &str, indent: usize) -> Option<&str> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let i = line.len() - line.trim_start_matches(' ').len();
    (i > indent && item(line).is_none())
        .then(|| line[i..].strip_prefix("- "))
        .flatten()
}

const HEADING: Value = Value::Bool(true);
const TASK: Value = Value::Null;

pub(super) fn read(text: &str) -> Result<Read, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut phases: Vec<Phase> = Vec::new();
    let mut layouts: Vec<Vec<Value>> = Vec::new();
    let mut before: Vec<Value> = Vec::new();
    let (mut optional, mut requirements, mut prose) = (0, 0, 0);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let raw = line.strip_suffix('\r').unwrap_or(line);
        if let Some(name) = raw.strip_prefix("# ") {
            let name = crate::text::normalize(name)
                .ok_or_else(|| format!("  Line {}: the heading is empty", i + 1))?;
            let mut layout = std::mem::take(&mut before);
            let mut phase = Phase {
                name,
                ..Phase::default()
            };
            let mut ext = ext_of(F, None);
            if raw != format!("# {}", phase.name) {
                ext.insert("heading".into(), line.into());
            }
            set_ext(&mut phase.extra, ext);
            layout.push(HEADING);
            phases.push(phase);
            layouts.push(layout);
            i += 1;
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
            i += 1;
            continue;
        };
        if phases.is_empty() {
            let mut phase = Phase {
                name: "Tasks".into(),
                ..Phase::default()
            };
            set_ext(&mut phase.extra, ext_of(F, None));
            phases.push(phase);
            layouts.push(std::mem::take(&mut before));
        }
        let content = crate::text::normalize(&it.text)
            .ok_or_else(|| format!("  Line {}: the task has no text", i + 1))?;
        let start = i;
        i += 1;
        let mut notes = Vec::new();
        while let Some(d) = lines.get(i).and_then(|l| detail(l, it.indent)) {
            if let Some(n) = crate::text::normalize(d) {
                if n.starts_with("_Requirements:") {
                    requirements += 1;
                }
                notes.push(n);
            }
            i += 1;
        }
        let mut ext = ext_of(F, it.id.as_deref());
        if it.optional {
            ext.insert("optional".into(), true.into());
            optional += 1;
        }
        if it.indent > 0 {
            ext.insert("indent".into(), it.indent.into());
        }
        let block = lines[start..i].join("\n");
        if render(&it, &content, &notes) != block {
            ext.insert("block".into(), block.into());
        }
        let mut task = Task {
            content,
            status: if it.done {
                Status::Completed
            } else {
                Status::Pending
            },
            notes,
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
    if optional > 0 {
        unplaced.push(format!("* (optional) on {}", count(optional, "task")));
    }
    if requirements > 0 {
        unplaced.push(format!(
            "_Requirements:_ on {} (kept as notes)",
            count(requirements, "task")
        ));
    }
    if prose > 0 {
        unplaced.push(format!("{} outside tasks", count(prose, "line")));
    }
    Ok(Read { phases, unplaced })
}

/// A task's line and its detail lines.
fn render(it: &Item, content: &str, notes: &[String]) -> String {
    let mut s = line_of(&Item {
        text: content.to_string(),
        id: it.id.clone(),
        ..*it
    });
    for n in notes {
        s.push('\n');
        s.push_str(&" ".repeat(it.indent + 2));
        s.push_str("- ");
        s.push_str(n);
    }
    s
}

pub(super) fn write(plan: &Plan) -> String {
    // Tasks with no number get the top-level numbers after the highest.
    let mut next = plan
        .phases
        .iter()
        .flat_map(|p| &p.tasks)
        .filter_map(|t| super::external_id(t, F))
        .filter_map(|id| {
            id.trim_end_matches('.')
                .split('.')
                .next()?
                .parse::<u32>()
                .ok()
        })
        .max()
        .unwrap_or(0);
    let mut out: Vec<String> = Vec::new();
    // A file read ends as it ended (its last line is in the layout); one
    // written here ends with a newline.
    let mut fresh = true;
    for phase in &plan.phases {
        let ext = external(&phase.extra, F);
        let layout = ext.and_then(|e| e.get("layout")).and_then(Value::as_array);
        let heading = || match ext.and_then(|e| e.get("heading")).and_then(Value::as_str) {
            Some(h)
                if crate::text::normalize(h.get(2..).unwrap_or("")).as_deref()
                    == Some(&phase.name) =>
            {
                h.to_string()
            }
            _ => format!("# {}", phase.name),
        };
        let mut block = |t: &Task| task_block(t, &mut next);
        fresh = layout.is_none();
        let Some(layout) = layout else {
            if !out.is_empty() {
                out.push(String::new());
            }
            out.extend([heading(), String::new()]);
            out.extend(phase.tasks.iter().map(&mut block));
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
                        out.push(block(t));
                    }
                    if seen == slots {
                        out.extend(tasks.by_ref().map(&mut block));
                    }
                }
            }
        }
        if slots == 0 {
            out.extend(tasks.map(&mut block));
        }
    }
    let mut s = out.join("\n");
    if fresh {
        s.push('\n');
    }
    s
}

fn task_block(t: &Task, next: &mut u32) -> String {
    let empty = Map::new();
    let ext = external(&t.extra, F).unwrap_or(&empty);
    // A task read without a number keeps none; one added here gets one.
    let id = match ext.get("id").and_then(Value::as_str) {
        Some(id) => Some(id.to_string()),
        None if !ext.is_empty() => None,
        None => {
            *next += 1;
            Some(format!("{next}."))
        }
    };
    let it = Item {
        indent: ext.get("indent").and_then(Value::as_u64).unwrap_or(0) as usize,
        done: t.status == Status::Completed,
        optional: ext.get("optional").and_then(Value::as_bool) == Some(true),
        id,
        text: t.content.clone(),
    };
    if let Some(raw) = ext.get("block").and_then(Value::as_str) {
        let mut lines = raw.split('\n');
        let was = lines.next().and_then(item);
        let notes: Vec<String> = lines
            .filter_map(|l| detail(l, it.indent))
            .filter_map(crate::text::normalize)
            .collect();
        if let Some(was) = was
            && (Item {
                text: crate::text::normalize(&was.text).unwrap_or_default(),
                ..was
            }) == it
            && notes == t.notes
        {
            return raw.to_string();
        }
    }
    render(&it, &t.content, &t.notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_read_numbers_optional_and_indent() {
        let it = item("  - [ ]* 2.1 Write tests").unwrap();
        assert_eq!(
            (it.indent, it.optional, it.id.as_deref()),
            (2, true, Some("2.1"))
        );
        assert_eq!(it.text, "Write tests");
        assert_eq!(line_of(&it), "  - [ ]* 2.1 Write tests");
        let top = item("- [x] 3. Create validator").unwrap();
        assert_eq!((top.done, top.id.as_deref()), (true, Some("3.")));
        assert_eq!(
            item("- [ ] 2025 plans").unwrap().id.as_deref(),
            Some("2025")
        );
        assert_eq!(item("- [ ] Plain").unwrap().id, None);
        assert_eq!(
            detail("    - _Requirements: 1.2_", 2),
            Some("_Requirements: 1.2_")
        );
        assert_eq!(detail("  - not deeper", 2), None);
    }
}
