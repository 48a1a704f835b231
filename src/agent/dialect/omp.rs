//! The oh-my-pi `todo` tool's ops: `init`, `append`, `start`, `done`,
//! `drop`, `block`, `unblock`, `rm` and `view`; with dependencies and
//! claims, the ops of the MCP `todo` tool, whose schema is [`TodoOp`]'s.

use rmcp::schemars::JsonSchema;
use serde::Deserialize;

use super::{
    NamedItem, NextArg, Tally, add_items, invalid, item, items, missing, phase_id, required, set,
    task_id, text,
};
use crate::error::Result;
use crate::plan::{DEFAULT_PHASE, Op, Status, Tx};

/// One op of the `todo` tool.
#[derive(Deserialize, JsonSchema, Default)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
pub(crate) struct TodoOp {
    /// What to do. Inferred when missing: a non-empty list means init, items with a phase append.
    #[schemars(with = "Option<OpName>")]
    pub op: Option<String>,
    /// init: the whole plan, phase by phase.
    pub list: Option<Vec<InitEntry>>,
    /// start, done, drop, block, unblock, rm: a task id (t3) or its text or part of it.
    #[schemars(length(min = 1))]
    pub task: Option<String>,
    /// append: the phase to add to (name or id). done, drop, rm without task: the phase (id or name).
    #[schemars(length(min = 1))]
    pub phase: Option<String>,
    #[schemars(inner(length(min = 1)))]
    pub items: Option<Vec<String>>,
    /// block: what the task waits for.
    pub reason: Option<String>,
    /// needs: the tasks (ids) the task needs, added.
    #[schemars(inner(length(min = 1)))]
    pub add: Option<Vec<String>>,
    /// needs: the tasks (ids) the task no longer needs.
    #[schemars(inner(length(min = 1)))]
    pub remove: Option<Vec<String>>,
    /// claim: who holds the claim (default TODO_OWNER, else agent).
    #[schemars(length(min = 1))]
    pub owner: Option<String>,
    /// claim: take the first ready task instead of a named one.
    #[schemars(with = "Option<bool>")]
    pub next: Option<NextArg>,
}

/// The ops of the `todo` tool: oh-my-pi's, then dependencies and claims.
/// Only named in the schema: an op is read as its name.
#[derive(JsonSchema)]
#[allow(dead_code)]
#[schemars(crate = "rmcp::schemars", rename_all = "lowercase")]
pub(crate) enum OpName {
    Init,
    Start,
    Done,
    Rm,
    Drop,
    Block,
    Unblock,
    Append,
    View,
    Needs,
    Claim,
    Release,
}

/// One phase of an `init` list.
#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
pub(crate) struct InitEntry {
    #[schemars(required, length(min = 1))]
    phase: Option<String>,
    #[schemars(required, length(min = 1), inner(length(min = 1)))]
    items: Option<Vec<String>>,
}

/// Apply `op` if it is one of the tool's; `false` when it is not.
pub(super) fn op(tx: &mut Tx, op: &str, o: &TodoOp, done: &mut Tally) -> Result<bool> {
    match op {
        "init" => {
            let list: Vec<(String, Vec<String>)> = match &o.list {
                Some(list) => list
                    .iter()
                    .map(|e| {
                        let phase = text(e.phase.as_deref(), "phase")?;
                        let phase = required(phase, "an init entry needs a \"phase\".")?;
                        let items = items(e.items.as_ref(), "an init entry's \"items\"")?;
                        let items = filled(items, &format!("init entry \"{phase}\""))?;
                        Ok((phase, items))
                    })
                    .collect::<Result<_>>()?,
                None => {
                    let items = filled(items(o.items.as_ref(), "\"items\"")?, "init")?;
                    let phase = text(o.phase.as_deref(), "phase")?;
                    vec![(phase.unwrap_or_else(|| DEFAULT_PHASE.into()), items)]
                }
            };
            let list = filled(list, "init")?;
            tx.apply(Op::Clear)?;
            for (phase, items) in list {
                add_items(tx, &phase, items, done)?;
            }
        }
        "append" => {
            let phase = text(o.phase.as_deref(), "phase")?;
            let phase = required(phase, "append needs a \"phase\".")?;
            let items = filled(items(o.items.as_ref(), "\"items\"")?, "append")?;
            add_items(tx, &phase, items, done)?;
        }
        "start" => {
            let t = required(o.task.as_deref(), "start needs a \"task\".")?;
            let id = task_id(tx.plan(), t)?;
            tx.apply(Op::Start { task: id })?;
        }
        "done" | "drop" | "block" => {
            let (status, reason) = match op {
                "done" => (Status::Completed, None),
                "drop" => (Status::Abandoned, None),
                _ => (Status::Blocked, text(o.reason.as_deref(), "reason")?),
            };
            for id in targets(tx, o)? {
                set(tx, id, status, reason.clone())?;
            }
        }
        "unblock" => {
            for id in targets(tx, o)? {
                let blocked = tx
                    .plan()
                    .task_by_id(&id)
                    .is_some_and(|(_, t)| t.status == Status::Blocked);
                if blocked {
                    set(tx, id, Status::Pending, None)?;
                }
            }
        }
        "view" => done.read_only = true,
        _ => return Ok(false),
    }
    Ok(true)
}

/// `list`, refused as `what` having no items when it is empty.
fn filled<T>(list: Vec<T>, what: &str) -> Result<Vec<T>> {
    if list.is_empty() {
        return Err(invalid(format!("{what} has no items.")));
    }
    Ok(list)
}

/// Tasks named by `task`, else `phase`'s open tasks, else the one in
/// progress (the oh-my-pi tool's `done`/`drop` without a target).
fn targets(tx: &mut Tx, o: &TodoOp) -> Result<Vec<String>> {
    let plan = tx.plan();
    if let Some(t) = &o.task {
        return match item(plan, t)? {
            NamedItem::Task(id) => Ok(vec![id]),
            NamedItem::Phase(p) => Ok(plan.open_tasks(&p)),
        };
    }
    if let Some(p) = &o.phase {
        let p = phase_id(plan, p).ok_or_else(|| missing(plan, p))?;
        return Ok(plan.open_tasks(&p));
    }
    Ok(plan
        .tasks()
        .filter(|(_, _, t)| t.status == Status::InProgress)
        .map(|(_, _, t)| t.id.clone())
        .collect())
}
