//! Claude Code's `TodoWrite` and Codex's `update_plan`: the agent's whole
//! list, mirrored into one phase named after the agent.

use std::collections::HashSet;

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Tally, by, invalid, phase_id, set, state, task_for, text};
use crate::error::Result;
use crate::plan::rules::{self, By};
use crate::plan::{Op, Status, Task, Tx};
use crate::text::as_read;

/// The phases `TodoWrite` and `update_plan` lists are mirrored into.
pub(crate) const CLAUDE_PHASE: &str = "Claude Code";
pub(crate) const CODEX_PHASE: &str = "Codex";

/// One entry of a `TodoWrite` list (its text in `content`) or of an
/// `update_plan` one (in `step`).
#[derive(Deserialize)]
struct ListEntry {
    content: Option<String>,
    step: Option<String>,
    status: Option<String>,
}

/// The entries of a list, its text under `text_key`, with their statuses.
pub(crate) fn mirror_list(v: Option<&Value>, text_key: &str) -> Result<Vec<(String, Status)>> {
    let Some(Value::Array(list)) = v else {
        return Err(invalid("the list must be an array."));
    };
    list.iter()
        .map(|entry| {
            if !entry.is_object() {
                return Err(invalid("each list entry must be an object."));
            }
            let e = ListEntry::deserialize(entry).map_err(|e| invalid(format!("{e}.")))?;
            let raw = if text_key == "step" { e.step } else { e.content };
            let text = text(raw.as_deref(), text_key)?
                .ok_or_else(|| invalid(format!("each list entry needs \"{text_key}\".")))?;
            let status = e.status.as_deref().unwrap_or("pending");
            // Both lists know three statuses; a wrong one is told in the
            // list's own words, not todo's.
            if !matches!(status, "pending" | "in_progress" | "completed") {
                return Err(invalid(format!(
                    "unknown status \"{}\" in the list (expected pending, in_progress or completed).",
                    crate::text::head(status, 40).0
                )));
            }
            Ok((text, state(status)?))
        })
        .collect()
}

/// Make phase `name` hold exactly `list` (read by [`mirror_list`]): tasks
/// kept by their text, new ones added, the ones the list no longer has
/// removed.
///
/// Text is compared as a person reads it, and the same text is the same
/// task: a list naming one task twice (`"a"`, `"a  b"` and `"a b"`) names
/// it once, and a list naming a task of another phase mirrors onto that
/// task. What a person decided stays as the person left it: a task the
/// agent may not change or remove is kept, and said so in `done.kept`, so
/// that the agent's list, which may have no word for it (`TodoWrite` has
/// no "dropped"), still mirrors everything else.
pub(super) fn mirror(
    tx: &mut Tx,
    name: &str,
    list: Option<&Value>,
    text_key: &str,
    done: &mut Tally,
) -> Result<()> {
    let by = by(tx);
    let mut seen = HashSet::new();
    let list: Vec<(String, Status)> = mirror_list(list, text_key)?
        .into_iter()
        .filter(|(text, _)| seen.insert(as_read(text)))
        .collect();
    let plan = tx.plan();
    let existing: Vec<Task> = (phase_id(plan, name).and_then(|p| plan.phase_by_id(&p)))
        .map(|ph| ph.tasks.clone())
        .unwrap_or_default();
    for task in existing
        .iter()
        .filter(|t| !seen.contains(&as_read(&t.content)))
    {
        // Only a task the mirror made goes when the list leaves it out: a
        // task a person added to the phase (or one made before todo kept
        // this) is theirs, kept, and the agent told once.
        let made = done.owned.as_ref().is_some_and(|o| o.contains(&task.id));
        if made {
            remove(tx, &by, task, done)?;
        } else {
            done.kept.push(kept(task));
        }
    }
    for (text, status) in list {
        let id = task_for(tx, name, text, done)?;
        // A hook never runs a check: the task stays as it is, the rest of
        // the list is mirrored, and the agent is told to run `todo done`.
        if done.no_checks
            && status == Status::Completed
            && let Some((_, task)) = tx.plan().task_by_id(&id)
            && task.status != Status::Completed
            && let Some(command) = task.check_command()
        {
            let left = json!({ "id": task.id, "content": task.content, "command": command });
            done.checks_left.push(left);
            continue;
        }
        status_to(tx, id, status, done)?;
    }
    // What the mirror holds now: what it made, still in the plan.
    if let Some(owned) = done.owned.as_mut() {
        owned.extend(done.minted.iter().cloned());
        let plan = tx.plan();
        owned.retain(|id| plan.task_by_id(id).is_some());
    }
    Ok(())
}

/// Remove `task` unless a person's decision keeps it; whether it went.
pub(super) fn remove(tx: &mut Tx, by: &By, task: &Task, done: &mut Tally) -> Result<bool> {
    if rules::check(by, Some(task), None).is_err() {
        done.kept.push(kept(task));
        return Ok(false);
    }
    tx.apply(Op::RemoveTask {
        task: task.id.clone(),
    })?;
    Ok(true)
}

/// Set the task's status unless a person's decision keeps it (or the task
/// a person started, which starting this one would send back).
pub(super) fn status_to(tx: &mut Tx, id: String, status: Status, done: &mut Tally) -> Result<()> {
    let by = by(tx);
    let Some((_, task)) = tx.plan().task_by_id(&id) else {
        return Ok(());
    };
    if task.status == status {
        return Ok(());
    }
    if let Some(note) = kept_by_person(tx, &by, &id, status) {
        done.kept.push(note);
        return Ok(());
    }
    set(tx, id, status, None)
}

/// Whether a person's decision keeps the agent from setting task `id` to
/// `status`: the task itself, or (when starting it) the task a person
/// started, which the one-in-progress rule would send back. What the agent
/// is told then.
fn kept_by_person(tx: &mut Tx, by: &By, id: &str, status: Status) -> Option<Value> {
    let (_, task) = tx.plan().task_by_id(id)?;
    let mut after = task.clone();
    after.status = status;
    if rules::check(by, Some(task), Some(&after)).is_err() {
        return Some(kept(task));
    }
    if status != Status::InProgress {
        return None;
    }
    let (_, _, current) = tx
        .plan()
        .tasks()
        .find(|(_, _, t)| t.status == Status::InProgress && t.id != id)?;
    let mut demoted = current.clone();
    demoted.status = Status::Pending;
    rules::check(by, Some(current), Some(&demoted))
        .is_err()
        .then(|| kept(current))
}

/// What the agent is told of a task its list could not change.
pub(super) fn kept(task: &Task) -> Value {
    json!({ "id": task.id, "content": task.content, "status": task.status })
}
