//! `todo check`: the completion gate for CI and agent hooks.

use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::{Phase, Plan, Task};

/// `agent`: the agent runs it (`--as agent`, `TODO_ACTOR`) and reads the
/// words of its own reminder; a person and a CI log read their own.
pub(super) fn run(plan: &Plan, agent: bool) -> Result<Report> {
    let mut report = Report::new("check", Kind::Confirm, "");
    let open = plan.open_work();
    for (phase, tasks) in &open {
        for task in tasks {
            report = report.task(phase, task);
        }
    }
    match incomplete(&open, agent) {
        None => report.message = "No incomplete todos.".into(),
        Some(lines) => {
            report.kind = Kind::Data;
            // One line each: a newline inside a task's text stays text.
            report.message = lines.iter().collect();
            report.exit = ExitCode::OpenWork;
        }
    }
    report.rev = plan.rev;
    crate::output::settled(&mut report, plan);
    Ok(report.with("complete", open.is_empty().into()))
}

/// The open work, line by line, as `todo check` prints it: for the agent,
/// `You stopped with <n> incomplete todo item(s):` (the text of oh-my-pi's
/// reminder; the stop hook's, cut for a large plan, is
/// `agent::hooks::incomplete`); for a person or a CI log, `Open work:
/// <n> tasks pending or in progress`. `None` when nothing is open.
fn incomplete(open: &[(&Phase, Vec<&Task>)], agent: bool) -> Option<Vec<String>> {
    let count: usize = open.iter().map(|(_, tasks)| tasks.len()).sum();
    if count == 0 {
        return None;
    }
    let mut lines = Vec::with_capacity(count + open.len() + 1);
    lines.push(if agent {
        format!("You stopped with {count} incomplete todo item(s):")
    } else {
        format!(
            "Not done: {} pending or in progress:",
            crate::text::count(count, "task")
        )
    });
    for (phase, tasks) in open {
        lines.push(format!("- {}", phase.name));
        for task in tasks {
            lines.push(format!("  - {}", task.content));
        }
    }
    Some(lines)
}
