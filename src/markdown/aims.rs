//! Objectives and findings in the checklist (README.md, "Markdown"): an
//! `Objectives:` block before the first phase and a `Findings:` block after
//! the last, each item `- [o2 done] text`, with who set its status (or
//! recorded it) in the same `todo:` comment as on tasks. In the pull-request
//! flavour the text is encoded as GFM task text is, and the comment, always
//! there, holds the word `gfm` to say so when it is read back.
//!
//! No line of them is a heading or a `- [ ]` task item, so readers of the
//! oh-my-pi checklist (which look for those) pass over them. The blocks are
//! cut out before the phases are parsed, their lines left blank so that
//! problems keep their line numbers.

use super::escape::{decode_gfm, decode_text};
use super::parse::LineError;
use super::{Flavour, Writer, push_text};
use crate::plan::{Actor, FINDING_MAX, Finding, Objective, ObjectiveStatus};

pub(crate) const OBJECTIVES: &str = "Objectives:";
pub(crate) const FINDINGS: &str = "Findings:";

/// One item line: `- [o2 done] text`, `- [f1] text`, then who set its
/// status (or recorded it) in a comment, except in the checklist a person
/// reads, and `gfm` first in that flavour.
fn write_item(
    w: &mut Writer,
    id: &str,
    status: Option<&str>,
    text: &str,
    by: Option<Actor>,
    at: Option<&str>,
) {
    let flavour = w.flavour;
    let out = w.line("");
    let status = status.map_or(String::new(), |s| format!(" {s}"));
    out.push_str(&format!("- [{id}{status}] "));
    push_text(out, text, flavour);
    let mut words = Vec::new();
    if flavour == Flavour::Gfm {
        words.push("gfm".to_string());
    }
    if matches!(flavour, Flavour::Plain | Flavour::Gfm) {
        super::push_mark(&mut words, by, at);
    }
    super::push_todo_comment(out, &words);
}

pub(super) fn write_objective(w: &mut Writer, o: &Objective) {
    let status = Some(o.status.as_str()).filter(|_| o.status != ObjectiveStatus::Open);
    write_item(w, &o.id, status, &o.text, o.by, o.at.as_deref());
}

pub(super) fn write_finding(w: &mut Writer, f: &Finding) {
    write_item(w, &f.id, None, &f.text, f.by, f.at.as_deref());
}

/// A block with its title, after a blank line, if there are any items.
pub(super) fn block<T>(w: &mut Writer, title: &str, items: &[T], write: fn(&mut Writer, &T)) {
    if items.is_empty() {
        return;
    }
    w.gap();
    w.line("").push_str(title);
    for item in items {
        write(w, item);
    }
}

/// `- [<id>[ <status>]] <text>[ <!-- todo: … -->]`, read back (the text
/// as GitHub shows it when the comment says `gfm`); only objectives
/// (`prefix` `o`) have a status.
fn item(line: &str, prefix: char) -> Option<Objective> {
    let rest = line.strip_prefix("- [")?;
    let (inside, text) = rest.split_once("] ")?;
    let (id, status) = match inside.split_once(' ') {
        Some((id, word)) if prefix == 'o' => (id, ObjectiveStatus::parse(word)?),
        Some(_) => return None,
        None => (inside, ObjectiveStatus::default()),
    };
    // Any id of the kind: a counter's (`f7`) or a minted one (`f4kq9x`).
    (id.starts_with(prefix) && crate::plan::ids::is_shaped(id, prefix)).then_some(())?;
    let (text, words) = text
        .strip_suffix(" -->")
        .and_then(|t| t.rsplit_once(" <!-- todo: "))
        .unwrap_or((text, ""));
    let text = if words.split(' ').any(|w| w == "gfm") {
        decode_gfm(text)
    } else {
        decode_text(text)
    };
    let mut read = Objective {
        id: id.to_string(),
        text: crate::text::normalize(&text)?,
        status,
        ..Objective::default()
    };
    for w in words.split(' ') {
        match w.split_once('=') {
            Some(("by", v)) => read.by = Actor::parse(v),
            Some(("at", v)) => read.at = Some(v.to_string()),
            _ => {}
        }
    }
    Some(read)
}

/// Why an objective's or finding's text is too long for the schema
/// (`plan_update`: at most [`FINDING_MAX`] characters), if it is.
pub(crate) fn too_long(kind: &str, id: &str, text: &str) -> Option<String> {
    let n = text.chars().count();
    (n > FINDING_MAX)
        .then(|| format!("{kind} {id} is {n} characters long; at most {FINDING_MAX} are allowed."))
}

/// [`too_long`] for items read from a checklist, as the problems of their
/// lines; the first is on the 0-based line `first`.
fn long_lines(kind: &str, first: usize, items: &[Objective]) -> impl Iterator<Item = LineError> {
    (first + 1..).zip(items).filter_map(move |(line, item)| {
        let message = too_long(kind, &item.id, &item.text)?;
        Some(LineError { line, message })
    })
}

/// The objectives and findings of a checklist, the checklist without them
/// (their lines blank), and the problems of their lines.
pub(crate) fn split(text: &str) -> (Vec<Objective>, Vec<Finding>, String, Vec<LineError>) {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    fn bare(l: &str) -> &str {
        l.trim_end_matches(['\n', '\r'])
    }
    let mut cut = vec![false; lines.len()];
    let (mut objectives, mut findings, mut problems) = (Vec::new(), Vec::new(), Vec::new());
    // Objectives: the first line that is not blank.
    if let Some(start) = lines.iter().position(|l| !bare(l).trim().is_empty())
        && bare(lines[start]) == OBJECTIVES
    {
        let found: Vec<_> = (lines[start + 1..].iter())
            .map_while(|l| item(bare(l), 'o'))
            .collect();
        // A title whose items were all deleted (in the editor) is an
        // empty block, not prose.
        cut[start..start + 1 + found.len()].fill(true);
        problems.extend(long_lines("objective", start + 1, &found));
        objectives = found;
    }
    // Findings: the last lines that are not blank.
    let end = lines
        .iter()
        .rposition(|l| !bare(l).trim().is_empty())
        .map_or(0, |i| i + 1);
    let mut found: Vec<Objective> = (lines[..end].iter().rev())
        .map_while(|l| item(bare(l), 'f'))
        .collect();
    let start = end - found.len();
    // As for objectives, a title with no items left is an empty block.
    if start > 0 && bare(lines[start - 1]) == FINDINGS && !cut[start - 1] {
        found.reverse();
        problems.extend(long_lines("finding", start, &found));
        findings = found.into_iter().map(Finding::from).collect();
        cut[start - 1..end].fill(true);
    }
    // A cut line keeps its line break, so problems keep their line numbers.
    let rest = (lines.iter().zip(&cut))
        .map(|(l, cut)| match (cut, l.ends_with('\n')) {
            (false, _) => *l,
            (true, true) => "\n",
            (true, false) => "",
        })
        .collect();
    (objectives, findings, rest, problems)
}
