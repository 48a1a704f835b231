//! A numbered choice for an ambiguous query, for a person at a terminal:
//! the candidates, one per line, and the number of the one meant.
//! Anywhere else the ambiguity is an error listing each candidate's id
//! and the command that picks it (see [`super::pick_commands`]).

use super::answer;
use super::prelude::*;
use crate::error::describe;

/// At most this many are offered; more means the query needs more words.
const SHOWN: usize = 9;

/// Ask which candidate `query` meant: its id, or `None` when the person
/// cancels (Enter, end of input, anything not a number offered).
pub(super) fn one(ctx: &Context, query: &str, candidates: &[Candidate]) -> Option<String> {
    let mut shown = Message::from(format!(
        "\"{query}\" matches {}:",
        count(candidates.len(), "item")
    ));
    let listed = candidates.iter().take(SHOWN).enumerate();
    shown.extend(listed.map(|(i, c)| format!("  {}) {}", i + 1, describe(c))));
    if candidates.len() > SHOWN {
        shown.push(format!(
            "  … and {} more (use more words to narrow it)",
            candidates.len() - SHOWN
        ));
    }
    let n = candidates.len().min(SHOWN);
    let question = format!("Which one? [1-{n}, Enter to cancel]");
    let picked: usize = answer(ctx, &shown, &question)?.parse().ok()?;
    let c = candidates
        .get(picked.checked_sub(1)?)
        .filter(|_| picked <= n)?;
    Some(c.id().to_string())
}
