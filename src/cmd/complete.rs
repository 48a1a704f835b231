//! `todo __complete <kind>`: candidates for the shell completion scripts,
//! one per line. Quiet on any problem: completion must never print errors.

use std::borrow::Cow;

use super::prelude::*;
use crate::matching::lower;

/// Print completion candidates (used by the shell completion scripts).
#[derive(Debug, Clone, clap::Args)]
pub struct Complete {
    /// What to list: `tasks`, `open` (open tasks), or `targets` (tasks and phases).
    #[arg(value_name = "KIND", default_value = "targets")]
    pub kind: String,

    /// Only names with a word starting with this, ignoring case.
    #[arg(value_name = "PREFIX")]
    pub prefix: Option<String>,
}

impl super::Verb for Complete {
    fn run(self, ctx: &Context) -> Outcome {
        match ctx.store.load() {
            Ok(loaded) => ctx.look_at(loaded.plan, |plan| candidates(plan, &self)),
            Err(_) => Outcome::of(Ok(Report::new("__complete", Kind::Silent, ""))),
        }
    }
}

fn candidates(plan: &Plan, args: &Complete) -> Result<Report> {
    // Case is ignored, as matching ignores it: `todo done wi<TAB>` offers
    // "Wire stripe webhooks" in every shell; and what was typed may start
    // any word, as a query may (`todo done stri<TAB>` offers it too).
    let prefix = args.prefix.as_deref().map(lower).unwrap_or_default();
    let needle = crate::matching::Needle::new(&prefix);
    // Names that start with it are offered first; only when none does,
    // names with a word that starts with it (a shell completes one
    // candidate, and "wi" should still complete "Wire …" beside "add wire").
    let shown = |text: &str| matches!(visible(text), Cow::Borrowed(_));
    let by_prefix = prefix.is_empty()
        || (plan.phases.iter().map(|p| p.name.as_str()))
            .chain(plan.tasks().map(|(_, _, t)| t.content.as_str()))
            .any(|text| shown(text) && lower(text).starts_with(&prefix));
    // The shell shows candidates on the terminal as they are: text holding
    // a control, bidi or zero-width character is never offered (it could
    // drive the terminal, and could not be typed back anyway).
    let wanted = |text: &str| {
        shown(text)
            && (prefix.is_empty()
                || if by_prefix {
                    lower(text).starts_with(&prefix)
                } else {
                    crate::matching::at_word_start_of(text, &lower(text), &needle)
                })
    };
    let mut lines = Vec::new();
    for phase in &plan.phases {
        if args.kind == "targets" && wanted(&phase.name) {
            lines.push(phase.name.clone());
        }
        for task in &phase.tasks {
            if (args.kind == "tasks" || task.status.is_open()) && wanted(&task.content) {
                lines.push(task.content.clone());
            }
        }
    }
    if lines.is_empty() {
        return Ok(Report::new("__complete", Kind::Silent, ""));
    }
    let lines: Message = lines.into_iter().collect();
    Ok(Report::new("__complete", Kind::Data, lines))
}
