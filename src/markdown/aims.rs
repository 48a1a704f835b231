//! Objectives and findings in the checklist (docs/contract.md, "Objectives and findings"): an `Objectives:`
//! block before the first phase and a `Findings:` block after the last,
//! each a plain list whose items start with the id in brackets:
//!
//! ```text
//! Objectives:
//! - [o1] Ship a plan people trust
//! - [o2 done] Keep the file small <!-- todo: by=person at=… -->
//! - [o3 dropped] Support Windows
//!
//! # Phase
//! - [ ] A task
//!
//! Findings:
//! - [f1] The vendor sandbox resets nightly <!-- todo: by=agent at=… -->
//! ```
//!
//! No line of them is a heading or a `- [ ]` task item, so readers of the
//! oh-my-pi checklist (which look for those) pass over them. Text is
//! encoded as task text is, so it reads back exactly; ids and statuses ride
//! in the brackets, who set a status (or recorded a finding) in the same
//! comment as on tasks. In
//! the pull-request flavour the text is encoded as GFM task text is (so
//! GitHub shows it as typed) and the comment, always there, holds the word
//! `gfm` to say so when it is read back. The
//! blocks are cut out before the phases are parsed (their lines left blank,
//! so problems keep their line numbers). A title with no items under it
//! (all deleted in the editor) is an empty block.

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
    out.push_str("- [");
    out.push_str(id);
    if let Some(status) = status {
        out.push(' ');
        out.push_str(status);
    }
    out.push_str("] ");
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

/// `by`/`at` read back from the comment's words.
fn read_mark(words: Vec<String>) -> (Option<Actor>, Option<String>) {
    let (mut by, mut at) = (None, None);
    for w in words {
        match w.split_once('=') {
            Some(("by", v)) => by = Actor::parse(v),
            Some(("at", v)) => at = Some(v.to_string()),
            _ => {}
        }
    }
    (by, at)
}

/// `- [<id>[ <status>]] <text>[ <!-- todo: … -->]`, read back (the text
/// as GitHub shows it when the comment says `gfm`).
fn item(
    line: &str,
    prefix: char,
) -> Option<(String, Option<ObjectiveStatus>, String, Vec<String>)> {
    let rest = line.trim_end_matches('\r').strip_prefix("- [")?;
    let (inside, text) = rest.split_once("] ")?;
    let (id, status) = match inside.split_once(' ') {
        Some((id, word)) => (id, Some(ObjectiveStatus::parse(word)?)),
        None => (inside, None),
    };
    // Any id of the kind: a counter's (`f7`) or a minted one (`f4kq9x`).
    (id.starts_with(prefix) && crate::plan::ids::is_shaped(id, prefix)).then_some(())?;
    let (text, words) = match text
        .strip_suffix(" -->")
        .and_then(|t| t.rsplit_once(" <!-- todo: "))
    {
        Some((text, meta)) => (text, meta.split(' ').map(str::to_string).collect()),
        None => (text, Vec::new()),
    };
    let text = if words.iter().any(|w| w == "gfm") {
        decode_gfm(text)
    } else {
        decode_text(text)
    };
    let text = crate::text::normalize(&text)?;
    Some((id.to_string(), status, text, words))
}

/// Objectives and findings too long for the schema (`plan_update`: at most
/// [`FINDING_MAX`] characters), as the problems of their lines; `at` is
/// each item's 0-based line.
fn too_long<'a>(
    kind: &str,
    items: impl Iterator<Item = (usize, &'a str, &'a str)>,
) -> Vec<LineError> {
    items
        .filter_map(|(at, id, text)| {
            let n = text.chars().count();
            (n > FINDING_MAX).then(|| LineError {
                line: at + 1,
                message: format!(
                    "{kind} {id} is {n} characters long; at most {FINDING_MAX} are allowed."
                ),
            })
        })
        .collect()
}

/// The objectives and findings of a checklist, the checklist without them
/// (their lines blank), and the problems of their lines.
pub(crate) fn split(text: &str) -> (Vec<Objective>, Vec<Finding>, String, Vec<LineError>) {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let bare = |l: &str| l.trim_end_matches(['\n', '\r']).to_string();
    let mut cut = vec![false; lines.len()];
    let mut objectives = Vec::new();
    let mut problems = Vec::new();
    // Objectives: the first line that is not blank.
    if let Some(start) = lines.iter().position(|l| !bare(l).trim().is_empty())
        && bare(lines[start]) == OBJECTIVES
    {
        let mut i = start + 1;
        let mut found = Vec::new();
        while let Some(l) = lines.get(i) {
            match item(&bare(l), 'o') {
                Some((id, status, text, words)) => {
                    let (by, at) = read_mark(words);
                    found.push(Objective {
                        id,
                        text,
                        status: status.unwrap_or_default(),
                        by,
                        at,
                        ..Objective::default()
                    });
                    i += 1;
                }
                None => break,
            }
        }
        // A title whose items were all deleted (in the editor) is an
        // empty block, not prose.
        cut[start..i].iter_mut().for_each(|c| *c = true);
        let lines = (start + 1..i).zip(&found);
        problems.extend(too_long(
            "objective",
            lines.map(|(at, o)| (at, o.id.as_str(), o.text.as_str())),
        ));
        objectives = found;
    }
    // Findings: the last lines that are not blank.
    let mut findings = Vec::new();
    let mut end = lines.len();
    while end > 0 && bare(lines[end - 1]).trim().is_empty() {
        end -= 1;
    }
    let mut i = end;
    let mut found = Vec::new();
    while i > 0 {
        match item(&bare(lines[i - 1]), 'f') {
            Some((id, None, text, words)) => {
                let (by, at) = read_mark(words);
                found.push(Finding {
                    id,
                    text,
                    by,
                    at,
                    ..Finding::default()
                });
                i -= 1;
            }
            _ => break,
        }
    }
    // As for objectives, a title with no items left is an empty block.
    if i > 0 && bare(lines[i - 1]) == FINDINGS && !cut[i - 1] {
        found.reverse();
        let lines = (i..end).zip(&found);
        problems.extend(too_long(
            "finding",
            lines.map(|(at, f)| (at, f.id.as_str(), f.text.as_str())),
        ));
        findings = found;
        cut[i - 1..end].iter_mut().for_each(|c| *c = true);
    }
    let mut rest = String::with_capacity(text.len());
    for (l, cut) in lines.iter().zip(&cut) {
        if *cut {
            if l.ends_with('\n') {
                rest.push('\n');
            }
        } else {
            rest.push_str(l);
        }
    }
    (objectives, findings, rest, problems)
}
