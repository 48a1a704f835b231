//! The plan operations (sections and steps): `set` (with `next`), `note`,
//! `unlock`, `add`, `edit` and `move`, with sections as phases and steps
//! as tasks (`remove` is the tool's `rm`); and dependencies and claims:
//! `needs {id, add?, remove?}`, `claim {id | next: true, owner?}`,
//! `release {id}`.

use serde_json::{Map, Value, json};

use super::{
    Done, Item, add, bad_position, ids_field, invalid, item, phase_id, set, state, str_field,
    task_id, text_field,
};
use crate::error::{Error, Result};
use crate::plan::ops::{PhaseRef, Refusal};
use crate::plan::{Actor, Checks, Op, Tx};
use crate::text::normalize;

/// Apply `op` if it is one of the plan operations; `false` when it is not.
pub(super) fn op(tx: &mut Tx, op: &str, o: &Map<String, Value>, done: &mut Done) -> Result<bool> {
    match op {
        "set" => {
            let status = state(str_field(o, "state")?.unwrap_or_default())?;
            let note = note_field(o, "note")?;
            for q in ids_field(o)? {
                let id = task_id(tx.plan(), &q)?;
                set(tx, id.clone(), status, None)?;
                if let Some(text) = &note {
                    tx.apply(Op::WriteNote {
                        task: id,
                        text: text.clone(),
                    })?;
                }
            }
            if let Some(next) = str_field(o, "next")? {
                if tx.actor() == Actor::Person {
                    return Err(Error::Op(crate::plan::ops::OpError::Refused {
                        code: Refusal::OpNotAllowed,
                        message: "a person does not send \"next\"; start the task instead.".into(),
                    }));
                }
                let id = task_id(tx.plan(), next)?;
                tx.apply(Op::Start { task: id })?;
            }
        }
        "note" => {
            let q = str_field(o, "id")?.ok_or_else(|| invalid("note needs an \"id\".".into()))?;
            let id = task_id(tx.plan(), q)?;
            tx.apply(Op::WriteNote {
                task: id,
                text: note_field(o, "text")?
                    .ok_or_else(|| invalid("note needs a \"text\".".into()))?,
            })?;
        }
        "unlock" => {
            if tx.actor() == Actor::Agent {
                return Err(Error::Op(crate::plan::ops::OpError::Refused {
                    code: Refusal::OpNotAllowed,
                    message: "only a person may unlock tasks; ask the person to run `todo unlock`."
                        .into(),
                }));
            }
            let plan = tx.plan();
            let ids: Vec<String> = if o.get("ids") == Some(&json!("all")) {
                plan.tasks().map(|(_, _, t)| t.id.clone()).collect()
            } else {
                let mut ids = Vec::new();
                for q in ids_field(o)? {
                    match item(plan, &q)? {
                        Item::Task(t) => ids.push(t),
                        Item::Phase(p) => ids.extend(
                            plan.phases
                                .iter()
                                .filter(|ph| ph.id == p)
                                .flat_map(|ph| ph.tasks.iter().map(|t| t.id.clone())),
                        ),
                    }
                }
                ids
            };
            tx.unlock(ids)?;
        }
        "add" => {
            let title =
                text_field(o, "title")?.ok_or_else(|| invalid("add needs a \"title\".".into()))?;
            let after = str_field(o, "after")?;
            match str_field(o, "type")?.unwrap_or("step") {
                "section" => {
                    if o.contains_key("under") || after.is_some() {
                        return Err(bad_position(
                            "a section only stands at the top, last: not under or after another item.".into(),
                        ));
                    }
                    if phase_id(tx.plan(), &title).is_some() {
                        return Err(crate::plan::ops::OpError::DuplicatePhase(title).into());
                    }
                    let applied = tx.apply(Op::AddPhase { name: title })?;
                    done.minted.extend(applied.phase);
                }
                "step" | "task" if after.is_some() => {
                    let after = after.unwrap_or_default();
                    let step = after_step(tx, after, str_field(o, "under")?)?;
                    let applied = tx.apply(Op::AddTaskAfter {
                        after: step,
                        content: title,
                    })?;
                    let id = applied
                        .task
                        .ok_or_else(|| Error::bug("a task was added without an id"))?;
                    done.minted.push(id.clone());
                    if let Some(c) = checks_field(o)? {
                        tx.apply(Op::SetChecks {
                            task: id,
                            checks: c,
                            unlocked: false,
                        })?;
                    }
                }
                "step" | "task" => {
                    let under = str_field(o, "under")?;
                    let phase = match under {
                        Some(u) => match item(tx.plan(), u) {
                            Ok(Item::Phase(p)) => PhaseRef::Id(p),
                            Ok(Item::Task(_)) => {
                                return Err(bad_position(format!(
                                    "\"{u}\" is a step: a step stands under a section."
                                )));
                            }
                            Err(_) => PhaseRef::New(normalize(u).unwrap_or_default()),
                        },
                        None => match tx.plan().phases.last() {
                            Some(p) => PhaseRef::Id(p.id.clone()),
                            None => PhaseRef::New("Todos".into()),
                        },
                    };
                    let needs = match o.get("needs") {
                        Some(v) => task_ids(tx, v, "\"needs\"")?,
                        None => Vec::new(),
                    };
                    let id = add(tx, phase, title, done)?;
                    if !needs.is_empty() {
                        tx.apply(Op::Need {
                            task: id.clone(),
                            needs,
                        })?;
                    }
                    if let Some(c) = checks_field(o)? {
                        tx.apply(Op::SetChecks {
                            task: id,
                            checks: c,
                            unlocked: false,
                        })?;
                    }
                }
                other => {
                    return Err(invalid(format!(
                        "unknown item type \"{other}\" (expected section or step)."
                    )));
                }
            }
        }
        "edit" => {
            let q = str_field(o, "id")?.ok_or_else(|| invalid("edit needs an \"id\".".into()))?;
            let title = text_field(o, "title")?;
            let checks = checks_field(o)?;
            match item(tx.plan(), q)? {
                Item::Phase(phase) => {
                    if let Some(name) = title {
                        tx.apply(Op::RenamePhase { phase, name })?;
                    }
                }
                Item::Task(task) => {
                    if let Some(content) = title {
                        tx.apply(Op::RenameTask {
                            task: task.clone(),
                            content,
                        })?;
                    }
                    if let Some(checks) = checks {
                        let unlocked = tx.plan().task_by_id(&task).is_some_and(|(_, t)| t.unlocked);
                        tx.apply(Op::SetChecks {
                            task,
                            checks,
                            unlocked,
                        })?;
                    }
                }
            }
        }
        "move" => {
            let q = str_field(o, "id")?.ok_or_else(|| invalid("move needs an \"id\".".into()))?;
            if let Some(after) = str_field(o, "after")? {
                let Item::Task(task) = item(tx.plan(), q)? else {
                    return Err(bad_position(format!(
                        "\"{q}\" is a section: a section only stands at the top."
                    )));
                };
                let step = after_step(tx, after, str_field(o, "under")?)?;
                tx.apply(Op::MoveTaskAfter { task, after: step })?;
                return Ok(true);
            }
            let under =
                str_field(o, "under")?.ok_or_else(|| invalid("move needs \"under\".".into()))?;
            let Item::Task(task) = item(tx.plan(), q)? else {
                return Err(bad_position(format!(
                    "\"{q}\" is a section: a section only stands at the top."
                )));
            };
            let Item::Phase(phase) = item(tx.plan(), under)? else {
                return Err(bad_position(format!(
                    "\"{under}\" is a step: a step stands under a section."
                )));
            };
            tx.apply(Op::MoveTask {
                task,
                to: PhaseRef::Id(phase),
            })?;
        }
        "needs" => {
            let q = id_or_task(o)?.ok_or_else(|| invalid("needs needs an \"id\".".into()))?;
            let task = task_id(tx.plan(), q)?;
            if !o.contains_key("add") && !o.contains_key("remove") {
                return Err(invalid(
                    "needs takes \"add\" and/or \"remove\": arrays of task ids.".into(),
                ));
            }
            if let Some(v) = o.get("remove") {
                let needs = task_ids(tx, v, "\"remove\"")?;
                tx.apply(Op::Unneed {
                    task: task.clone(),
                    needs,
                })?;
            }
            if let Some(v) = o.get("add") {
                let needs = task_ids(tx, v, "\"add\"")?;
                tx.apply(Op::Need { task, needs })?;
            }
        }
        "claim" => {
            let owner = match text_field(o, "owner")? {
                Some(owner) => owner,
                None => tx.default_owner(),
            };
            let task = match (id_or_task(o)?, o.get("next")) {
                (Some(q), None | Some(Value::Bool(false))) => task_id(tx.plan(), q)?,
                (None, Some(Value::Bool(true))) => {
                    let plan = tx.plan();
                    match plan.ready().into_iter().next() {
                        Some((_, t)) => t.id.clone(),
                        None => {
                            return Err(Error::Op(crate::plan::ops::OpError::Refused {
                                code: Refusal::Claimed,
                                message: format!(
                                    "nothing is ready to claim. {}",
                                    crate::cmd::ready::why_none(plan)
                                ),
                            }));
                        }
                    }
                }
                _ => {
                    return Err(invalid(
                        "claim takes \"id\" (a task) or \"next\": true, not both.".into(),
                    ));
                }
            };
            tx.apply(Op::Claim { task, owner })?;
        }
        "release" => {
            let q = id_or_task(o)?.ok_or_else(|| invalid("release needs an \"id\".".into()))?;
            let task = task_id(tx.plan(), q)?;
            tx.apply(Op::Release { task })?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The task an op names: `id`, or `task` as the oh-my-pi ops (and the MCP
/// `todo` tool) call it.
fn id_or_task(o: &Map<String, Value>) -> Result<Option<&str>> {
    match str_field(o, "id")? {
        Some(id) => Ok(Some(id)),
        None => str_field(o, "task"),
    }
}

/// The tasks an array of ids (or texts) names.
fn task_ids(tx: &mut Tx, v: &Value, what: &str) -> Result<Vec<String>> {
    let Value::Array(list) = v else {
        return Err(invalid(format!("{what} must be an array of task ids.")));
    };
    let mut ids = Vec::with_capacity(list.len());
    for item in list {
        let q = item
            .as_str()
            .ok_or_else(|| invalid(format!("{what} must hold task ids (strings).")))?;
        let id = task_id(tx.plan(), q)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// The step `after` names, checked against `under` when both are given:
/// a step goes right after another of its own section.
fn after_step(tx: &mut Tx, after: &str, under: Option<&str>) -> Result<String> {
    let Item::Task(step) = item(tx.plan(), after)? else {
        return Err(bad_position(format!(
            "\"{after}\" is a section: \"after\" names a step."
        )));
    };
    if let Some(u) = under {
        let plan = tx.plan();
        let holder = plan
            .find_task(&step)
            .map(|pos| plan.phases[pos.phase].id.clone())
            .unwrap_or_default();
        if phase_id(plan, u) != Some(holder.clone()) {
            return Err(bad_position(format!(
                "\"after\": {step} is in section {holder}, not under \"{u}\"."
            )));
        }
    }
    Ok(step)
}

fn checks_field(o: &Map<String, Value>) -> Result<Option<Checks>> {
    match str_field(o, "checks")? {
        None => Ok(None),
        Some(s) => Checks::parse(s).map(Some).ok_or_else(|| {
            invalid(format!(
                "unknown checks \"{s}\" (expected anyone, person or agent)."
            ))
        }),
    }
}

/// A note as the plan operations write it: the step's one note, an empty text
/// clearing it. `None`: the field is absent.
fn note_field(o: &Map<String, Value>, key: &str) -> Result<Option<Option<String>>> {
    Ok(str_field(o, key)?.map(normalize))
}
