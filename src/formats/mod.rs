//! Plans other tools keep, read into phases and written back
//! (`todo import --from FORMAT`, `todo export --format FORMAT`).
//!
//! Each format is one file with a `read` (text → phases) and a `write`
//! (plan → text). What a format says that the plan has no place for is
//! kept on the task or phase under the `external` field (which the plan
//! file keeps as it keeps any field it does not know), written back on
//! export, and listed by the import. The source's own id is kept there
//! too (`external.id`): a second import matches on it first
//! ([`crate::plan::Plan::adopt`]), so it updates instead of duplicating.
//!
//! A file from a clone is data: no field of another tool becomes a
//! check (`verify`) here; a command it names stays text.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value};

use crate::plan::{EXTERNAL, Phase, Plan, Task};

mod beads;
mod cursor;
mod kiro;
mod speckit;
mod taskwarrior;
mod todotxt;

/// The formats of other tools `todo` reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "lowercase")]
pub(crate) enum Format {
    /// GitHub Spec Kit's `tasks.md`.
    Speckit,
    /// todo.txt, a task a line.
    Todotxt,
    /// Taskwarrior's `task export` JSON.
    Taskwarrior,
    /// beads' `.beads/issues.jsonl`.
    Beads,
    /// Kiro's `.kiro/specs/<name>/tasks.md`.
    Kiro,
    /// Cursor's `.cursor/plans/*.plan.md`.
    Cursor,
}

impl Format {
    pub(crate) fn name(self) -> &'static str {
        self.into()
    }

    /// The file the tool keeps its plan in, for an export named by no path.
    pub(crate) fn usual_file(self) -> &'static str {
        match self {
            Format::Speckit => "tasks.md",
            Format::Todotxt => "todo.txt",
            Format::Taskwarrior => "taskwarrior.json",
            Format::Beads => "issues.jsonl",
            Format::Kiro => "tasks.md",
            Format::Cursor => "todo.plan.md",
        }
    }
}

/// The format a file's name says, when it says one alone: `todo.txt`
/// (or `*.todo.txt`, `done.txt`) is todo.txt; a `tasks.md` under
/// `specs/` (Spec Kit's `specs/<feature>/tasks.md`) is Spec Kit's. Any
/// other name says nothing (`tasks.md` elsewhere is too common a name).
pub(crate) fn recognise(path: &Path) -> Option<Format> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    if name == "todo.txt" || name == "done.txt" || name.ends_with(".todo.txt") {
        return Some(Format::Todotxt);
    }
    if name == "issues.jsonl" {
        return Some(Format::Beads);
    }
    if name.ends_with(".plan.md") {
        return Some(Format::Cursor);
    }
    let parents: Vec<String> = path
        .components()
        .rev()
        .skip(1)
        .filter_map(|c| c.as_os_str().to_str().map(str::to_ascii_lowercase))
        .collect();
    if name == "tasks.md" && parents.iter().any(|p| p == "specs") {
        // `.kiro/specs/<name>/tasks.md` is Kiro's; any other `specs/`, Spec Kit's.
        let kiro = parents
            .windows(2)
            .any(|w| w[0] == "specs" && w[1] == ".kiro");
        return Some(if kiro { Format::Kiro } else { Format::Speckit });
    }
    None
}

/// What a format's file gave: the phases (each task's needs naming the
/// source's ids, see [`link_needs`]) and what the plan has no place for,
/// a line each, for the import to list.
#[derive(Debug, Default)]
pub(crate) struct Read {
    pub phases: Vec<Phase>,
    pub unplaced: Vec<String>,
}

/// Read `text` as `format`. An error names the line and what is wrong.
pub(crate) fn read(format: Format, text: &str) -> Result<Read, String> {
    match format {
        Format::Speckit => speckit::read(text),
        Format::Todotxt => todotxt::read(text),
        Format::Taskwarrior => taskwarrior::read(text),
        Format::Beads => beads::read(text),
        Format::Kiro => kiro::read(text),
        Format::Cursor => cursor::read(text),
    }
}

/// The plan written as `format`.
pub(crate) fn write(format: Format, plan: &Plan) -> String {
    match format {
        Format::Speckit => speckit::write(plan),
        Format::Todotxt => todotxt::write(plan),
        Format::Taskwarrior => taskwarrior::write(plan),
        Format::Beads => beads::write(plan),
        Format::Kiro => kiro::write(plan),
        Format::Cursor => cursor::write(plan),
    }
}

/// After the ids are given (adopted or fresh): the needs each task was
/// read with name the source's ids; they become the ids of the tasks that
/// carry those. A need naming no task read is dropped.
pub(crate) fn link_needs(format: Format, phases: &mut [Phase]) {
    let mut by_ext: HashMap<String, String> = HashMap::new();
    for task in phases.iter().flat_map(|p| &p.tasks) {
        if let Some(id) = external_id(task, format) {
            by_ext
                .entry(id.to_string())
                .or_insert_with(|| task.id.clone());
        }
    }
    for task in phases.iter_mut().flat_map(|p| &mut p.tasks) {
        let own = task.id.clone();
        let mut needs: Vec<String> = Vec::new();
        for n in &task.needs {
            if let Some(id) = by_ext.get(n)
                && *id != own
                && !needs.contains(id)
            {
                needs.push(id.clone());
            }
        }
        task.needs = needs;
    }
}

/// The `external` object of a task or phase if `format` wrote it.
pub(crate) fn external(extra: &Map<String, Value>, format: Format) -> Option<&Map<String, Value>> {
    let ext = extra.get(EXTERNAL)?.as_object()?;
    (ext.get("format")?.as_str()? == format.name()).then_some(ext)
}

/// The source's own id of a task `format` read.
pub(crate) fn external_id(task: &Task, format: Format) -> Option<&str> {
    external(&task.extra, format)?.get("id")?.as_str()
}

/// A fresh `external` object for `format`, with the source's id if any.
fn ext_of(format: Format, id: Option<&str>) -> Map<String, Value> {
    let mut ext = Map::new();
    ext.insert("format".into(), format.name().into());
    if let Some(id) = id {
        ext.insert("id".into(), id.into());
    }
    ext
}

/// Put `ext` on `extra` as the `external` object.
fn set_ext(extra: &mut Map<String, Value>, ext: Map<String, Value>) {
    extra.insert(EXTERNAL.into(), Value::Object(ext));
}

/// Keep each phase's `layout` (the source's lines, a task standing where
/// `TASK` is) in its `external` object, beside what that holds already.
fn keep_layouts(phases: &mut [Phase], layouts: Vec<Vec<Value>>, format: Format) {
    for (phase, layout) in phases.iter_mut().zip(layouts) {
        let mut ext = external(&phase.extra, format)
            .cloned()
            .unwrap_or_else(|| ext_of(format, None));
        ext.insert("layout".into(), Value::Array(layout));
        set_ext(&mut phase.extra, ext);
    }
}

/// Each task's id as `format` names it, by todo's id: the source's id
/// where the task has one, else `fresh` (called in plan order) makes one.
/// The task itself and the tasks needing it use the same.
fn ids_as(
    plan: &Plan,
    format: Format,
    mut fresh: impl FnMut(&Task) -> String,
) -> HashMap<&str, String> {
    plan.phases
        .iter()
        .flat_map(|p| &p.tasks)
        .map(|t| {
            let id = external_id(t, format).map_or_else(|| fresh(t), String::from);
            (t.id.as_str(), id)
        })
        .collect()
}

/// "N task(s)" with the noun.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_say_the_format_only_when_they_say_it_alone() {
        let f = |p: &str| recognise(Path::new(p));
        assert_eq!(f("todo.txt"), Some(Format::Todotxt));
        assert_eq!(f("a/b/work.todo.txt"), Some(Format::Todotxt));
        assert_eq!(f("specs/001-auth/tasks.md"), Some(Format::Speckit));
        assert_eq!(f("tasks.md"), None);
        assert_eq!(f(".kiro/specs/x/tasks.md"), Some(Format::Kiro));
        assert_eq!(f("/p/.kiro/specs/x/tasks.md"), Some(Format::Kiro));
        assert_eq!(f(".beads/issues.jsonl"), Some(Format::Beads));
        assert_eq!(f(".cursor/plans/x_1a2b.plan.md"), Some(Format::Cursor));
        assert_eq!(f("TODO.md"), None);
        assert_eq!(f("x.json"), None);
    }

    use proptest::prelude::*;

    use crate::plan::Status;

    /// A plan of one-word phases holding tasks of lowercase words (each
    /// text unique), pending or completed, each needing some earlier ones.
    fn plans() -> impl Strategy<Value = Plan> {
        let word = prop::sample::select(vec!["alpha", "beta", "gamma", "delta", "omega", "kappa"]);
        let task = (
            prop::collection::vec(word, 1..4),
            any::<bool>(),
            any::<u8>(),
        );
        let phase = (
            prop::sample::select(vec!["Setup", "Core", "Polish", "Ship"]),
            prop::collection::vec(task, 1..5),
        );
        prop::collection::vec(phase, 1..4).prop_map(|phases| {
            let mut plan = Plan::default();
            let mut n = 0;
            for (name, tasks) in phases {
                if plan.phases.iter().any(|p: &Phase| p.name == name) {
                    continue;
                }
                let mut phase = Phase {
                    id: format!("p{}", plan.phases.len()),
                    name: name.to_string(),
                    ..Phase::default()
                };
                for (words, done, needs) in tasks {
                    n += 1;
                    // Needs: some of the tasks before, by the bits of `needs`.
                    let needs = (1..n)
                        .filter(|k| needs & (1 << (k % 8)) != 0)
                        .map(|k| format!("t{k:05}"))
                        .collect();
                    phase.tasks.push(Task {
                        id: format!("t{n:05}"),
                        content: format!("{} n{n}", words.join(" ")),
                        status: if done {
                            Status::Completed
                        } else {
                            Status::Pending
                        },
                        needs,
                        ..Task::default()
                    });
                }
                plan.phases.push(phase);
            }
            plan
        })
    }

    /// Each task as (phase, text, done, texts of the tasks it needs),
    /// sorted; `text` strips what `format` adds to a text on export.
    fn seen(
        phases: &[Phase],
        format: Format,
        with_phase: bool,
    ) -> Vec<(String, String, bool, Vec<String>)> {
        let text_of: HashMap<&str, String> = phases
            .iter()
            .flat_map(|p| &p.tasks)
            .map(|t| (t.id.as_str(), strip(&t.content, format)))
            .collect();
        let mut out: Vec<_> = phases
            .iter()
            .flat_map(|p| p.tasks.iter().map(move |t| (p, t)))
            .map(|(p, t)| {
                // Kiro's tasks say nothing of what they need.
                let mut needs: Vec<String> = t
                    .needs
                    .iter()
                    .filter(|_| format != Format::Kiro)
                    .filter_map(|n| text_of.get(n.as_str()).cloned())
                    .collect();
                needs.sort();
                let phase = if with_phase {
                    p.name.clone()
                } else {
                    String::new()
                };
                (
                    phase,
                    strip(&t.content, format),
                    t.status == Status::Completed,
                    needs,
                )
            })
            .collect();
        out.sort();
        out
    }

    /// The text without what an export adds: Spec Kit's "(depends on …)",
    /// todo.txt's `+Phase`.
    fn strip(text: &str, format: Format) -> String {
        let text = match (format, text.find(" (depends on ")) {
            (Format::Speckit, Some(at)) => &text[..at],
            _ => text,
        };
        text.split(' ')
            .filter(|w| !(format == Format::Todotxt && w.starts_with('+')))
            .collect::<Vec<_>>()
            .join(" ")
    }

    proptest! {
        /// Any text, hostile or broken, is read or refused: never a panic,
        /// and what is read writes out again.
        #[test]
        fn reading_any_text_never_panics(
            text in "(---\n|todos:\n|  - id: |    content: |    status: |## |# |- \\[[ xX]\\]\\*? |T0?1 |\\[P\\] |x |\\(A\\) |id:|dep:|\\[|\\]|\\{|\\}|\"|:|,|\n|\r|[a-zé0-9 .]){0,60}"
        ) {
            for format in <Format as strum::VariantArray>::VARIANTS {
                if let Ok(read) = read(*format, &text) {
                    let plan = Plan { phases: read.phases, ..Plan::default() };
                    let _ = write(*format, &plan);
                }
            }
        }

        #[test]
        fn random_plans_come_back_through_every_format(plan in plans()) {
            for format in <Format as strum::VariantArray>::VARIANTS {
                let text = write(*format, &plan);
                let back = read(*format, &text);
                prop_assert!(back.is_ok(), "{format:?}: {back:?}\n{text}");
                let mut back = back.unwrap_or_default().phases;
                // Ids as an import gives them, then the needs linked.
                let mut n = 0;
                for task in back.iter_mut().flat_map(|p| &mut p.tasks) {
                    n += 1;
                    task.id = format!("r{n}");
                }
                link_needs(*format, &mut back);
                // beads has no phases of its own (a parent issue's title is
                // one); a Cursor plan is one list.
                let with_phase = !matches!(format, Format::Beads | Format::Cursor);
                prop_assert_eq!(
                    seen(&back, *format, with_phase),
                    seen(&plan.phases, *format, with_phase),
                    "{:?}:\n{}", format, text
                );
                // And written again, the same text.
                let again = Plan { phases: back, ..Plan::default() };
                prop_assert_eq!(write(*format, &again), text.clone(), "{:?}", format);
            }
        }
    }
}
