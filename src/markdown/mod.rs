//! The Markdown checklist codec (SPEC §4): `render` a plan's phases as the
//! checklist people read, share and edit, `render_gfm` as a pull-request
//! checklist, and `parse` either back. Pure text in, text out; it knows
//! nothing of files, clap or terminals.

mod chunks;
mod escape;
mod gfm;
mod parse;
mod state;
#[cfg(test)]
mod tests;

use crate::plan::{Phase, Status, Task};

pub use chunks::parse;
pub use escape::{
    decode_gfm, decode_heading, decode_text, encode_gfm, encode_heading, encode_text, push_encoded,
};
pub use gfm::render_gfm;
pub use parse::{DEFAULT_PHASE, LineError, ParseError};

/// Render phases as the checklist of §4.1: `# phase` headings, one task item
/// per line, one blank line between phases, one newline at the end.
pub fn render(phases: &[Phase]) -> String {
    let mut out = String::with_capacity(phases.iter().map(|p| 32 + p.tasks.len() * 48).sum());
    for (i, phase) in phases.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_phase_heading(&mut out, phase);
        for task in &phase.tasks {
            render_task(&mut out, task);
        }
    }
    out
}

/// The `# name` line of a phase.
pub fn render_phase_heading(out: &mut String, phase: &Phase) {
    out.push_str("# ");
    out.push_str(&encode_heading(&phase.name));
    out.push('\n');
}

/// One task line (and its note lines), each ending in a newline.
pub fn render_task(out: &mut String, task: &Task) {
    out.push_str("- [");
    out.push(task.status.marker());
    out.push_str("] ");
    push_encoded(out, &task.content);
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        out.push_str(" <!-- blocker: ");
        push_encoded(out, blocker);
        out.push_str(" -->");
    }
    if task.dropped_by.as_deref() == Some("user") {
        out.push_str(" <!-- dropped-by: user -->");
    }
    out.push('\n');
    render_notes(out, task);
}

/// A task's notes as `  > note` lines: a quote inside the task's list item.
fn render_notes(out: &mut String, task: &Task) {
    for note in &task.notes {
        out.push_str("  > ");
        push_encoded(out, note);
        out.push('\n');
    }
}
