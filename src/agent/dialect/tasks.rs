//! Claude Code's Task tools, one task per call: `TaskCreate`, `TaskUpdate`
//! and the `TaskCreated` / `TaskCompleted` hook events, mirrored as the
//! table in README, "Use with Claude Code", says.
//!
//! Claude Code's task ids are its list's own (`"1"`, `"2"`…): the hook
//! keeps which plan task each one is ([`ClaudeIds`]); without them (`todo
//! apply`), `taskId` names a plan task by its id or text. What a person
//! decided stays as they left it, as for a whole mirrored list.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::{
    CLAUDE_PHASE, Tally, by, invalid, need, object, required, same_text, task_for, task_id, text,
};
use crate::error::Result;
use crate::plan::{Op, Status, Tx};
use crate::text::{as_read, head, normalize};

/// Claude Code's task ids of one list, each with the plan task it is.
pub(crate) type ClaudeIds = BTreeMap<String, String>;

/// The longest task id taken from a call (Claude Code's are short
/// numbers); a longer one is refused, not kept.
const ID_MAX: usize = 64;

/// One call of the Task tools, read from its input: a task created
/// (`TaskCreate`, the `TaskCreated` event) or changed (`TaskUpdate`, the
/// `TaskCompleted` event).
#[derive(Debug, Default)]
pub(crate) struct Call {
    /// Claude Code's id of the task: a created one's when the call's
    /// answer or the event says it.
    pub claude_id: Option<String>,
    /// A new task: made of its subject, unless one of its text is there.
    pub create: bool,
    /// `TaskCompleted` names the task's subject too: the task of that text
    /// when the id is not known.
    pub known_subject: Option<String>,
    pub status: Option<ToolStatus>,
    pub subject: Option<String>,
    pub description: Option<String>,
    /// `addBlockedBy`: tasks this one needs.
    pub blocked_by: Vec<String>,
    /// `addBlocks`: tasks that need this one.
    pub blocks: Vec<String>,
    /// `owner`: who claims it (empty: nobody).
    pub owner: Option<String>,
}

/// The statuses `TaskUpdate` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ToolStatus {
    Pending,
    InProgress,
    Completed,
    Deleted,
}

/// `TaskCreate`'s input.
#[derive(Deserialize)]
struct CreateIn {
    subject: Option<String>,
    description: Option<String>,
}

/// `TaskUpdate`'s input.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateIn {
    task_id: Option<Value>,
    status: Option<ToolStatus>,
    subject: Option<String>,
    description: Option<String>,
    owner: Option<String>,
    add_blocked_by: Option<Vec<Value>>,
    add_blocks: Option<Vec<Value>>,
}

/// The fields of the `TaskCreated` and `TaskCompleted` hook events.
#[derive(Deserialize)]
struct EventIn {
    task_id: Option<Value>,
    task_subject: Option<String>,
}

/// A task id as given: a string (a number is taken as its digits), not
/// empty, not long.
fn claude_id(v: Option<&Value>, key: &str) -> Result<Option<String>> {
    let id = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return Err(invalid(format!("\"{key}\" must be a string."))),
    };
    if id.is_empty() {
        return Err(invalid(format!("\"{key}\" is empty.")));
    }
    if head(&id, ID_MAX).1 {
        return Err(invalid(format!(
            "\"{key}\" is longer than {ID_MAX} characters."
        )));
    }
    Ok(Some(id))
}

/// A description: its text, or nothing when it is empty once blanks are
/// taken out (Claude Code requires the field, not a word in it).
fn description(s: Option<String>) -> Option<String> {
    s.as_deref().and_then(normalize)
}

/// A description that says no more than the subject: Claude Code 2.1.332
/// fills a missing `description` with the subject, and a note repeating
/// the task's own text tells nobody anything.
fn beyond(subject: &str, description: Option<String>) -> Option<String> {
    description.filter(|d| as_read(d) != as_read(subject))
}

/// A `TaskCreate` input; `response` is the tool's answer
/// (`{task: {id, subject, description}}`) when the caller has it. What
/// Claude Code saved (the answer's subject and description) is what the
/// task is, where it differs from what the model asked for.
pub(crate) fn create(input: &Value, response: Option<&Value>) -> Result<Call> {
    let o: CreateIn = object(input, "the TaskCreate input")?;
    let task = response
        .and_then(|r| r.get("task"))
        .filter(|t| t.is_object());
    let saved = |key: &str| task.and_then(|t| t.get(key)).and_then(Value::as_str);
    let subject = text(saved("subject").or(o.subject.as_deref()), "subject")?;
    let subject = required(subject, "TaskCreate needs \"subject\".")?;
    let given = saved("description").map(str::to_string).or(o.description);
    let claude_id = claude_id(task.and_then(|t| t.get("id")), "task.id")?;
    Ok(Call {
        claude_id,
        create: true,
        description: beyond(&subject, description(given)),
        subject: Some(subject),
        ..Call::default()
    })
}

/// A `TaskUpdate` input; `response` is the tool's answer (`{success,
/// taskId, updatedFields}`), `teammate` the hook input's `teammate_name`.
/// In an agent team Claude Code 2.1.332 makes the teammate that starts a
/// task without an owner its owner: the answer's `updatedFields` names
/// `owner` though the input has none, and the owner is that teammate.
pub(crate) fn update(
    input: &Value,
    response: Option<&Value>,
    teammate: Option<&str>,
) -> Result<Call> {
    let o: UpdateIn = object(input, "the TaskUpdate input")?;
    let task_id = claude_id(o.task_id.as_ref(), "taskId")?;
    let task_id = required(task_id, "TaskUpdate needs \"taskId\".")?;
    let owner_set = (response.and_then(|r| r.get("updatedFields")))
        .and_then(Value::as_array)
        .is_some_and(|f| f.iter().any(|f| f == "owner"));
    let owner = match o.owner {
        Some(owner) => Some(owner),
        None if owner_set => Some(teammate.and_then(normalize).unwrap_or("teammate".into())),
        None => None,
    };
    Ok(Call {
        claude_id: Some(task_id),
        status: o.status,
        subject: text(o.subject.as_deref(), "subject")?,
        description: description(o.description),
        blocked_by: id_list(o.add_blocked_by, "addBlockedBy")?,
        blocks: id_list(o.add_blocks, "addBlocks")?,
        owner: owner.map(|s| normalize(&s).unwrap_or_default()),
        ..Call::default()
    })
}

/// The most ids one `addBlocks` / `addBlockedBy` is read with.
const LINKS_MAX: usize = 1_000;

/// A list of task ids (`addBlocks`, `addBlockedBy`).
fn id_list(ids: Option<Vec<Value>>, key: &str) -> Result<Vec<String>> {
    let ids = ids.unwrap_or_default();
    if ids.len() > LINKS_MAX {
        return Err(invalid(format!(
            "\"{key}\" names more than {LINKS_MAX} tasks."
        )));
    }
    ids.iter()
        .map(|v| {
            claude_id(Some(v), key)?.ok_or_else(|| invalid(format!("\"{key}\" holds an empty id.")))
        })
        .collect()
}

/// A `TaskCreated` or `TaskCompleted` hook event's input (`task_id`,
/// `task_subject`; `task_description` is not read).
pub(crate) fn event(name: &str, input: &Value) -> Result<Call> {
    let o: EventIn = object(input, &format!("the {name} input"))?;
    let id = claude_id(o.task_id.as_ref(), "task_id")?;
    let subject = text(o.task_subject.as_deref(), "task_subject")?;
    // Claude Code 2.1.332 runs both events before it applies the change,
    // and another hook of the event may refuse it: a refused
    // `TaskCreated` fails the `TaskCreate` (`PostToolUseFailure`, no
    // `PostToolUse`), a refused `TaskCompleted` makes the `TaskUpdate`'s
    // answer `success: false`. So the task is made, and completed, by the
    // tool's `PostToolUse` once applied; the event only tells which plan
    // task the id is (found by its subject: a teammate's task this
    // session never saw made), so that the answer finds it.
    Ok(Call {
        claude_id: Some(required(id, &format!("{name} needs \"task_id\"."))?),
        known_subject: subject,
        ..Call::default()
    })
}

/// Apply one call to `tx`. `ids` are the list's ids when the caller keeps
/// them (the hook), and are kept up to date.
pub(super) fn apply(
    tx: &mut Tx,
    call: Call,
    ids: Option<&mut ClaudeIds>,
    done: &mut Tally,
) -> Result<()> {
    // Without the caller's ids, what is noted goes to a list nobody reads.
    let mut none = ClaudeIds::new();
    let keyed = ids.is_some();
    let ids = ids.unwrap_or(&mut none);
    let found = match &call.claude_id {
        Some(c) if keyed => known(tx, ids, c),
        Some(c) if !call.create => Some(task_id(tx.plan(), c)?),
        _ => None,
    };
    let found = found
        .or_else(|| (call.known_subject.as_deref()).and_then(|s| same_text(tx, CLAUDE_PHASE, s)));
    let id = match (found, &call.subject) {
        // A created one told twice (the event, then the tool's answer) is
        // the same task.
        (Some(id), _) => id,
        (None, Some(subject)) if call.create => task_for(tx, CLAUDE_PHASE, subject.clone(), done)?,
        // A task the plan never had (made before the hooks were set up, or
        // removed by a person): nothing to change.
        (None, _) => return Ok(()),
    };
    if let Some(c) = &call.claude_id {
        ids.insert(c.clone(), id.clone());
    }
    if let Some(subject) = call.subject {
        rename(tx, &id, subject)?;
    }
    if let Some(text) = call.description {
        note(tx, &id, text)?;
    }
    let resolve = |tx: &mut Tx, ids: &ClaudeIds, c: &str| match keyed {
        true => known(tx, ids, c),
        false => task_id(tx.plan(), c).ok(),
    };
    // Ids of tasks the plan does not have are left out, as a
    // `TaskUpdate` of one is.
    let needs: Vec<String> = call
        .blocked_by
        .iter()
        .filter_map(|c| resolve(tx, ids, c))
        .filter(|n| *n != id)
        .collect();
    need(tx, &id, needs)?;
    for c in &call.blocks {
        if let Some(other) = resolve(tx, ids, c).filter(|o| *o != id) {
            need(tx, &other, vec![id.clone()])?;
        }
    }
    if let Some(owner) = call.owner {
        claim(tx, &id, owner)?;
    }
    let status = match call.status {
        None => return Ok(()),
        Some(ToolStatus::Deleted) => {
            let by = by(tx);
            let task = tx.plan().task_by_id(&id).map(|(_, t)| t.clone());
            if let Some(task) = task
                && super::mirror::remove(tx, &by, &task, done)?
                && let Some(c) = &call.claude_id
            {
                ids.remove(c);
            }
            return Ok(());
        }
        Some(ToolStatus::Pending) => Status::Pending,
        Some(ToolStatus::InProgress) => Status::InProgress,
        Some(ToolStatus::Completed) => Status::Completed,
    };
    super::mirror::status_to(tx, id, status, done)
}

/// The plan task Claude Code's id `c` is, when the list has it and the
/// plan still does.
fn known(tx: &mut Tx, ids: &ClaudeIds, c: &str) -> Option<String> {
    ids.get(c)
        .filter(|t| tx.plan().task_by_id(t).is_some())
        .cloned()
}

/// `owner` as a claim: taken (which starts an open task), or given up
/// when empty; a finished task keeps what it has.
fn claim(tx: &mut Tx, id: &str, owner: String) -> Result<()> {
    let Some((_, task)) = tx.plan().task_by_id(id) else {
        return Ok(());
    };
    if task.owner.as_deref().unwrap_or_default() == owner {
        return Ok(());
    }
    let open = task.status.is_active();
    let held = task.owner.is_some();
    let task = id.to_string();
    // Given up, or held by another: released before it is claimed.
    if owner.is_empty() || (open && held) {
        tx.apply(Op::Release { task: task.clone() })?;
    }
    if open && !owner.is_empty() {
        tx.apply(Op::Claim { task, owner })?;
    }
    Ok(())
}

fn rename(tx: &mut Tx, id: &str, subject: String) -> Result<()> {
    let same = tx
        .plan()
        .task_by_id(id)
        .is_some_and(|(_, t)| as_read(&t.content) == as_read(&subject));
    if !same {
        tx.apply(Op::RenameTask {
            task: id.to_string(),
            content: subject,
        })?;
    }
    Ok(())
}

/// The description as a note of the task, unless it has it already: a
/// changed description is a new note, the old one kept.
fn note(tx: &mut Tx, id: &str, text: String) -> Result<()> {
    let has = tx
        .plan()
        .task_by_id(id)
        .is_some_and(|(_, t)| t.notes.iter().any(|n| as_read(n) == as_read(&text)));
    if !has {
        tx.apply(Op::Note {
            task: id.to_string(),
            text,
        })?;
    }
    Ok(())
}

/// What a `TaskUpdate`'s answer says of it: `false` when Claude Code did
/// not apply it (`{success: false}`: no such task).
pub(crate) fn applied(response: Option<&Value>) -> bool {
    !matches!(
        response.and_then(|r| r.get("success")),
        Some(Value::Bool(false))
    )
}
