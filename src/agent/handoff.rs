//! The handoff brief (docs/agents.md, "After a compaction, a resume, a new
//! session"): where the work on a plan stands, in a few lines with a byte
//! cap whatever the plan's size: the phase being worked, the claims, the
//! last task a check verified, what is ready next, what is blocked, and
//! what a person changed since the agent last saw the plan. `todo handoff`
//! prints it; the session-start hook gives it after a compaction or a
//! resume.

use std::path::Path;

use crate::plan::{Phase, Plan, Status, Task};
use crate::text::{clipped, for_agent};

/// The brief's size cap, in bytes: about 1,000 tokens, well under the
/// 2,500 tokens past which Codex moves a hook's context out of the prompt.
pub(crate) const BRIEF_BYTES: usize = 4_000;
/// Tasks named per list (claims, ready, blocked).
const LISTED: usize = 5;
/// A text from the plan is cut to this many characters.
const TEXT: usize = 120;

fn shown(text: &str) -> String {
    clipped(text, TEXT, for_agent)
}

fn task_line(task: &Task) -> String {
    format!("- {} {}", task.id, shown(&task.content))
}

/// The brief of `plan` (the file at `path`); `person`: what a person
/// changed since the agent last saw it, when known.
pub(crate) fn brief(path: &Path, plan: &Plan, person: Option<&str>) -> String {
    let tasks: Vec<(&Phase, &Task)> = plan
        .phases
        .iter()
        .flat_map(|p| p.tasks.iter().map(move |t| (p, t)))
        .collect();
    let count = |s: Status| tasks.iter().filter(|(_, t)| t.status == s).count();
    let open = tasks.iter().filter(|(_, t)| t.status.is_open()).count();
    let mut sections: Vec<Vec<String>> = Vec::new();
    sections.push(vec![format!(
        "Where the work stands in the plan {} (rev {}): {open} open ({} in progress, {} blocked), {} done, {} dropped.",
        for_agent(&path.display().to_string()),
        plan.rev,
        count(Status::InProgress),
        count(Status::Blocked),
        count(Status::Completed),
        count(Status::Abandoned),
    )]);
    if let Some(action) = person {
        sections.push(vec![format!(
            "A person changed the plan since the agent last saw it: {}. Read it again (`todo show`) before going on.",
            clipped(action, 2 * TEXT, for_agent)
        )]);
    }
    // The phase being worked: the first task in progress's, else the first
    // open task's.
    let working = tasks
        .iter()
        .find(|(_, t)| t.status == Status::InProgress)
        .or_else(|| tasks.iter().find(|(_, t)| t.status.is_open()));
    if let Some((phase, _)) = working {
        let mut lines = vec![format!(
            "Phase being worked: {} ({})",
            shown(&phase.name),
            phase.id
        )];
        let doing = phase
            .tasks
            .iter()
            .filter(|t| t.status == Status::InProgress);
        lines.extend(
            doing
                .take(LISTED)
                .map(|t| format!("{} (in progress)", task_line(t))),
        );
        sections.push(lines);
    }
    let claims: Vec<&Task> = tasks
        .iter()
        .filter(|(_, t)| t.status.is_open())
        .filter_map(|(_, t)| t.owner.as_ref().map(|_| *t))
        .collect();
    if !claims.is_empty() {
        let mut lines = vec![format!("Claims ({}):", claims.len())];
        lines.extend(claims.iter().take(LISTED).map(|t| {
            let owner = t.owner.as_deref().unwrap_or_default();
            format!("{} (claimed by {})", task_line(t), shown(owner))
        }));
        sections.push(lines);
    }
    // The task a check verified last (RFC 3339 times in UTC order as text).
    let verified = tasks
        .iter()
        .filter(|(_, t)| t.status == Status::Completed)
        .filter_map(|(_, t)| {
            let proof = t.verify.as_ref()?.proof.as_ref()?;
            (proof.exit == Some(0)).then_some((t, proof))
        })
        .max_by(|a, b| a.1.at.cmp(&b.1.at));
    if let Some((task, proof)) = verified {
        sections.push(vec![format!(
            "Last verified: {} {} (its check `{}` passed at {})",
            task.id,
            shown(&task.content),
            shown(&proof.command),
            for_agent(&proof.at)
        )]);
    }
    let ready: Vec<&Task> = plan
        .ready()
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.status != Status::InProgress)
        .collect();
    if !ready.is_empty() {
        let mut lines = vec![format!("Ready next ({}):", ready.len())];
        lines.extend(ready.iter().take(LISTED).map(|t| task_line(t)));
        sections.push(lines);
    }
    let blocked: Vec<&Task> = tasks
        .iter()
        .filter(|(_, t)| t.status == Status::Blocked)
        .map(|(_, t)| *t)
        .collect();
    if !blocked.is_empty() {
        let mut lines = vec![format!("Blocked ({}):", blocked.len())];
        lines.extend(blocked.iter().take(LISTED).map(|t| match &t.blocker {
            Some(why) => format!("{} (blocked: {})", task_line(t), shown(why)),
            None => task_line(t),
        }));
        sections.push(lines);
    }
    use crate::plan::ObjectiveStatus;
    let aims: Vec<_> = (plan.objectives.iter())
        .filter(|o| o.status == ObjectiveStatus::Open)
        .collect();
    if !aims.is_empty() {
        let mut lines = vec![format!("Open objectives ({}):", aims.len())];
        lines.extend(
            aims.iter()
                .take(LISTED)
                .map(|o| format!("- {} {}", o.id, shown(&o.text))),
        );
        sections.push(lines);
    }
    if open == 0 {
        sections.push(vec!["Nothing is open: the plan's work is done.".into()]);
    }
    let end = "The whole plan: `todo show`; open work: `todo check`.";
    let mut out = String::new();
    let room = BRIEF_BYTES - end.len() - 1;
    'sections: for section in sections {
        for line in section {
            if out.len() + line.len() + 1 > room {
                break 'sections;
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    out.push_str(end);
    out
}

/// What a person changed in the plan since the agent last saw it (the
/// commands), read from this plan's agent state under `lock` without
/// changing it; `None` when nothing, or when it cannot be told.
pub(crate) fn person_changes(
    ctx: &crate::work::Context,
    lock: &crate::storage::Lock,
    plan: &Plan,
    bytes: Option<&[u8]>,
) -> Option<String> {
    let history = ctx.history.as_ref()?;
    let real = ctx.real_path();
    let state = super::seen::AgentState::load(history, &real, lock).ok()?;
    super::seen::user_edit(history, lock, &real, state.seen(), (plan, bytes)).map(|e| e.action)
}
