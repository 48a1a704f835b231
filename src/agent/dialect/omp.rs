//! The oh-my-pi `todo` tool's ops: `init`, `append`, `start`, `done`,
//! `drop`, `block`, `unblock`, `rm` and `view`.

use serde_json::{Map, Value};

use super::{
    Done, Item, add_items, invalid, item, items, missing, phase_id, set, str_field, task_id,
    text_field,
};
use crate::error::Result;
use crate::plan::{Op, Status, Tx};

/// Apply `op` if it is one of the tool's; `false` when it is not.
pub(super) fn op(tx: &mut Tx, op: &str, o: &Map<String, Value>, done: &mut Done) -> Result<bool> {
    match op {
        "init" => {
            let list: Vec<(String, Vec<String>)> = match o.get("list") {
                Some(Value::Array(list)) => list
                    .iter()
                    .map(|entry| {
                        let Value::Object(e) = entry else {
                            return Err(invalid("each init entry must be an object.".into()));
                        };
                        let phase = text_field(e, "phase")?
                            .ok_or_else(|| invalid("an init entry needs a \"phase\".".into()))?;
                        let items = items(e.get("items"), "an init entry's \"items\"")?;
                        if items.is_empty() {
                            return Err(invalid(format!("init entry \"{phase}\" has no items.")));
                        }
                        Ok((phase, items))
                    })
                    .collect::<Result<_>>()?,
                _ => {
                    let items = items(o.get("items"), "\"items\"")?;
                    if items.is_empty() {
                        return Err(invalid("init has no items.".into()));
                    }
                    vec![(
                        text_field(o, "phase")?.unwrap_or_else(|| "Todos".into()),
                        items,
                    )]
                }
            };
            if list.is_empty() {
                return Err(invalid("init has no items.".into()));
            }
            tx.apply(Op::Clear)?;
            for (phase, items) in list {
                add_items(tx, phase, items, done)?;
            }
        }
        "append" => {
            let phase = text_field(o, "phase")?
                .ok_or_else(|| invalid("append needs a \"phase\".".into()))?;
            let items = items(o.get("items"), "\"items\"")?;
            if items.is_empty() {
                return Err(invalid("append has no items.".into()));
            }
            add_items(tx, phase, items, done)?;
        }
        "start" => {
            let t =
                str_field(o, "task")?.ok_or_else(|| invalid("start needs a \"task\".".into()))?;
            let id = task_id(tx.plan(), t)?;
            tx.apply(Op::Start { task: id })?;
        }
        "done" | "drop" => {
            let status = if op == "done" {
                Status::Completed
            } else {
                Status::Abandoned
            };
            for id in targets(tx, o)? {
                set(tx, id, status, None)?;
            }
        }
        "block" => {
            let reason = text_field(o, "reason")?;
            for id in targets(tx, o)? {
                set(tx, id, Status::Blocked, reason.clone())?;
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
        "rm" | "remove" => {
            let q = str_field(o, "task")?
                .or(str_field(o, "id")?)
                .or(str_field(o, "phase")?)
                .ok_or_else(|| invalid(format!("{op} needs a \"task\", \"phase\" or \"id\".")))?;
            match item(tx.plan(), q)? {
                Item::Task(task) => tx.apply(Op::RemoveTask { task })?,
                Item::Phase(phase) => tx.apply(Op::RemovePhase { phase })?,
            };
        }
        "view" => done.read_only = true,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Tasks named by `task`, else `phase`'s open tasks, else the one in
/// progress (the oh-my-pi tool's `done`/`drop` without a target).
fn targets(tx: &mut Tx, o: &Map<String, Value>) -> Result<Vec<String>> {
    let plan = tx.plan();
    if let Some(t) = str_field(o, "task")? {
        return match item(plan, t)? {
            Item::Task(id) => Ok(vec![id]),
            Item::Phase(p) => Ok(plan.open_tasks(&p)),
        };
    }
    if let Some(p) = str_field(o, "phase")? {
        let p = phase_id(plan, p).ok_or_else(|| missing(plan, p))?;
        return Ok(plan.open_tasks(&p));
    }
    Ok(plan
        .tasks()
        .filter(|(_, _, t)| t.status == Status::InProgress)
        .map(|(_, _, t)| t.id.clone())
        .collect())
}
