//! todo.txt (<https://github.com/todotxt/todo.txt>): one task a line,
//! `x 2026-01-02 2026-01-01 (A) text +project @context key:value`.
//!
//! The first `+project` is the task's phase (no project: the default
//! phase); `x` is completed. The text keeps its `+project`s,
//! `@context`s and `key:value`s (`due:` among them) as written, so a
//! person sees them; `id:` is the external id and `dep:` (comma
//! separated) the needs, both taken out of the text. The priority and
//! the dates are kept with the task, and so is the line's place, so an
//! export writes the lines in the order they were read.

use serde_json::{Map, Value};

use super::{Format, Read, count, ext_of, external, ids_as, set_ext};
use crate::plan::{DEFAULT_PHASE, Phase, Plan, Status, Task};

const F: Format = Format::Todotxt;

/// One line, read.
#[derive(Debug, PartialEq, Default)]
struct Line {
    done: bool,
    completed: Option<String>,
    priority: Option<char>,
    created: Option<String>,
    /// The description without `id:` and `dep:`.
    text: String,
    id: Option<String>,
    deps: Vec<String>,
}

fn is_date(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

fn parse(line: &str) -> Line {
    let mut l = Line::default();
    let mut rest = line.trim_end_matches('\r');
    let word = |rest: &mut &str| -> Option<String> {
        let r = rest.trim_start_matches(' ');
        let w = r.split(' ').next().unwrap_or("");
        (!w.is_empty()).then(|| {
            *rest = r[w.len()..].strip_prefix(' ').unwrap_or(&r[w.len()..]);
            w.to_string()
        })
    };
    let peek = |rest: &str| rest.split(' ').next().unwrap_or("").to_string();
    if rest.starts_with("x ") {
        l.done = true;
        rest = &rest[2..];
        if is_date(&peek(rest)) {
            l.completed = word(&mut rest);
            if is_date(&peek(rest)) {
                l.created = word(&mut rest);
            }
        }
    }
    let p = peek(rest);
    let pb = p.as_bytes();
    if !l.done && pb.len() == 3 && pb[0] == b'(' && pb[2] == b')' && pb[1].is_ascii_uppercase() {
        l.priority = Some(pb[1] as char);
        word(&mut rest);
    }
    if l.created.is_none() && is_date(&peek(rest)) {
        l.created = word(&mut rest);
    }
    let mut text = Vec::new();
    for w in rest.split(' ') {
        if let Some(id) = w
            .strip_prefix("id:")
            .filter(|v| !v.is_empty() && l.id.is_none())
        {
            l.id = Some(id.to_string());
        } else if let Some(deps) = w.strip_prefix("dep:").filter(|v| !v.is_empty()) {
            l.deps
                .extend(deps.split(',').filter(|d| !d.is_empty()).map(String::from));
        } else if !w.is_empty() {
            text.push(w);
        }
    }
    l.text = text.join(" ");
    l
}

fn render(l: &Line) -> String {
    let mut parts: Vec<String> = Vec::new();
    if l.done {
        parts.push("x".into());
        parts.extend(l.completed.clone());
    }
    if let Some(p) = l.priority.filter(|_| !l.done) {
        parts.push(format!("({p})"));
    }
    parts.extend(l.created.clone());
    parts.push(l.text.clone());
    if let Some(id) = &l.id {
        parts.push(format!("id:{id}"));
    }
    if !l.deps.is_empty() {
        parts.push(format!("dep:{}", l.deps.join(",")));
    }
    parts.join(" ")
}

/// The first `+project` of a text.
fn project(text: &str) -> Option<&str> {
    text.split(' ')
        .filter_map(|w| w.strip_prefix('+'))
        .find(|p| !p.is_empty())
}

pub(super) fn read(text: &str) -> Result<Read, String> {
    let mut phases: Vec<Phase> = Vec::new();
    let (mut prioritised, mut dated, mut blank) = (0, 0, 0);
    let last = text.split('\n').count();
    for (n, raw) in text.split('\n').enumerate() {
        if raw.trim().is_empty() {
            if n + 1 < last {
                blank += 1;
            }
            continue;
        }
        let l = parse(raw);
        let content = crate::text::normalize(&l.text)
            .ok_or_else(|| format!("  Line {}: the task has no text", n + 1))?;
        let name = project(&content).unwrap_or(DEFAULT_PHASE).to_string();
        let mut ext = ext_of(F, l.id.as_deref());
        ext.insert("line".into(), (n + 1).into());
        if let Some(p) = l.priority {
            ext.insert("priority".into(), p.to_string().into());
            prioritised += 1;
        }
        for (k, v) in [("completed", &l.completed), ("created", &l.created)] {
            if let Some(v) = v {
                ext.insert(k.into(), v.clone().into());
                dated += 1;
            }
        }
        if render(&l) != raw {
            ext.insert("raw".into(), raw.to_string().into());
        }
        let mut task = Task {
            content,
            status: if l.done {
                Status::Completed
            } else {
                Status::Pending
            },
            needs: l.deps,
            ..Task::default()
        };
        set_ext(&mut task.extra, ext);
        let at = match phases.iter().position(|p| p.name == name) {
            Some(at) => at,
            None => {
                phases.push(Phase {
                    name,
                    ..Phase::default()
                });
                phases.len() - 1
            }
        };
        phases[at].tasks.push(task);
    }
    let mut unplaced = Vec::new();
    if prioritised > 0 {
        unplaced.push(format!("priorities on {}", count(prioritised, "task")));
    }
    if dated > 0 {
        unplaced.push(format!("{} (created, completed)", count(dated, "date")));
    }
    if blank > 0 {
        unplaced.push(format!("{} dropped", count(blank, "blank line")));
    }
    Ok(Read { phases, unplaced })
}

pub(super) fn write(plan: &Plan) -> String {
    let ids = ids_as(plan, F, |t| t.id.clone());
    // A task another needs is named by an `id:`: its own, or todo's.
    let needed: std::collections::HashSet<&str> = plan
        .phases
        .iter()
        .flat_map(|p| &p.tasks)
        .flat_map(|t| t.needs.iter().map(String::as_str))
        .collect();
    let empty = Map::new();
    let mut lines: Vec<(u64, usize, String)> = Vec::new();
    for phase in &plan.phases {
        for t in &phase.tasks {
            let ext = external(&t.extra, F).unwrap_or(&empty);
            let s = |k: &str| ext.get(k).and_then(Value::as_str).map(String::from);
            let mut text = t.content.clone();
            let tag = phase.name.replace(' ', "-");
            let projects: Vec<&str> = text
                .split(' ')
                .filter_map(|w| w.strip_prefix('+'))
                .collect();
            if phase.name != DEFAULT_PHASE && !projects.contains(&tag.as_str()) {
                text = format!("{text} +{tag}");
            }
            let done = t.status == Status::Completed;
            let l = Line {
                done,
                // The day it was completed: as read, or the day todo marked it.
                completed: s("completed")
                    .or_else(|| {
                        t.at.as_deref()
                            .and_then(|at| at.get(..10))
                            .filter(|d| is_date(d))
                            .map(String::from)
                    })
                    .filter(|_| done),
                priority: s("priority").and_then(|p| p.chars().next()),
                created: s("created"),
                text,
                id: s("id").or_else(|| needed.contains(t.id.as_str()).then(|| t.id.clone())),
                deps: t
                    .needs
                    .iter()
                    .filter_map(|n| ids.get(n.as_str()).cloned())
                    .collect(),
            };
            let line = match s("raw") {
                Some(raw) if parse(&raw) == l => raw,
                _ => render(&l),
            };
            let place = ext.get("line").and_then(Value::as_u64).unwrap_or(u64::MAX);
            lines.push((place, lines.len(), line));
        }
    }
    // In the order read; tasks added since after them, in plan order.
    lines.sort_by_key(|(place, at, _)| (*place, *at));
    let mut out = String::new();
    for (_, _, line) in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_format_says() {
        let l =
            parse("x 2026-01-03 2026-01-01 Call Mom +Family @Phone due:2026-02-01 id:7 dep:3,4");
        assert!(l.done);
        assert_eq!(l.completed.as_deref(), Some("2026-01-03"));
        assert_eq!(l.created.as_deref(), Some("2026-01-01"));
        assert_eq!(l.text, "Call Mom +Family @Phone due:2026-02-01");
        assert_eq!(l.id.as_deref(), Some("7"));
        assert_eq!(l.deps, ["3", "4"]);
        let p = parse("(A) 2026-01-01 Outline +Novel");
        assert_eq!(
            (p.priority, p.created.as_deref()),
            (Some('A'), Some("2026-01-01"))
        );
        assert_eq!(render(&p), "(A) 2026-01-01 Outline +Novel");
        // Not a priority, not done: `(a)`, `xylophone`, `X `.
        assert_eq!(parse("(a) low").priority, None);
        assert!(!parse("xylophone").done && !parse("X done?").done);
        assert_eq!(project("a +b +c"), Some("b"));
        assert_eq!(project("a + b"), None);
    }
}
