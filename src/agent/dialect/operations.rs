//! The plan operations (sections and steps): `set` (with `next`), `note`,
//! `unlock`, `add`, `edit` and `move`, with sections as phases and steps
//! as tasks (`remove` is the tool's `rm`); and dependencies and claims:
//! `needs {id, add?, remove?}`, `claim {id | next: true, owner?}`,
//! `release {id}`.

use super::{
    NamedItem, Names, NextArg, OpIn, Tally, add, bad_position, invalid, item, phase_id, set, state,
    task_id, text,
};
use crate::error::{Error, Result};
use crate::plan::ops::{PhaseRef, Refusal};
use crate::plan::{Actor, Checks, Op, Tx};
use crate::text::normalize;

/// Apply `op` if it is one of the plan operations; `false` when it is not.
pub(super) fn op(tx: &mut Tx, op: &str, o: &OpIn, done: &mut Tally) -> Result<bool> {
    match op {
        "set" => {
            let status = state(o.state.as_deref().unwrap_or_default())?;
            let note = o.note.as_deref().map(normalize);
            for q in o.ids()? {
                let id = task_id(tx.plan(), &q)?;
                set(tx, id.clone(), status, None)?;
                if let Some(text) = &note {
                    tx.apply(Op::WriteNote {
                        task: id,
                        text: text.clone(),
                    })?;
                }
            }
            let next = match &o.todo.next {
                Some(NextArg::Task(next)) => Some(next),
                Some(NextArg::Ready(_)) => {
                    return Err(invalid("\"next\" must be a string.".into()));
                }
                None => None,
            };
            if let Some(next) = next {
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
            let q = o
                .id()?
                .ok_or_else(|| invalid("note needs an \"id\".".into()))?;
            let id = task_id(tx.plan(), q)?;
            let text = o.text.as_deref().map(normalize);
            tx.apply(Op::WriteNote {
                task: id,
                text: text.ok_or_else(|| invalid("note needs a \"text\".".into()))?,
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
            let ids: Vec<String> = if matches!(&o.ids, Some(Names::One(all)) if all == "all") {
                plan.tasks().map(|(_, _, t)| t.id.clone()).collect()
            } else {
                let mut ids = Vec::new();
                for q in o.ids()? {
                    match item(plan, &q)? {
                        NamedItem::Task(t) => ids.push(t),
                        NamedItem::Phase(p) => ids.extend(
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
            let title = text(o.title.as_deref(), "title")?
                .ok_or_else(|| invalid("add needs a \"title\".".into()))?;
            let after = o.after.as_deref();
            match o.kind.as_deref().unwrap_or("step") {
                "section" => {
                    if o.under.is_some() || after.is_some() {
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
                "step" | "task" => {
                    let id = add_step(tx, o, title, done)?;
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
            let q = o
                .id()?
                .ok_or_else(|| invalid("edit needs an \"id\".".into()))?;
            let title = text(o.title.as_deref(), "title")?;
            let checks = checks_field(o)?;
            match item(tx.plan(), q)? {
                NamedItem::Phase(phase) => {
                    if let Some(name) = title {
                        tx.apply(Op::RenamePhase { phase, name })?;
                    }
                }
                NamedItem::Task(task) => {
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
            let q = o
                .id()?
                .ok_or_else(|| invalid("move needs an \"id\".".into()))?;
            let under = o.under.as_deref();
            if let Some(after) = o.after.as_deref() {
                let NamedItem::Task(task) = item(tx.plan(), q)? else {
                    return Err(bad_position(format!(
                        "\"{q}\" is a section: a section only stands at the top."
                    )));
                };
                let step = after_step(tx, after, under)?;
                tx.apply(Op::MoveTaskAfter { task, after: step })?;
                return Ok(true);
            }
            let under = under.ok_or_else(|| invalid("move needs \"under\".".into()))?;
            let NamedItem::Task(task) = item(tx.plan(), q)? else {
                return Err(bad_position(format!(
                    "\"{q}\" is a section: a section only stands at the top."
                )));
            };
            let NamedItem::Phase(phase) = item(tx.plan(), under)? else {
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
            let q = o
                .id_or_task()?
                .ok_or_else(|| invalid("needs needs an \"id\".".into()))?;
            let task = task_id(tx.plan(), q)?;
            if o.todo.add.is_none() && o.todo.remove.is_none() {
                return Err(invalid(
                    "needs takes \"add\" and/or \"remove\": arrays of task ids.".into(),
                ));
            }
            if let Some(v) = &o.todo.remove {
                let needs = task_ids(tx, v)?;
                tx.apply(Op::Unneed {
                    task: task.clone(),
                    needs,
                })?;
            }
            if let Some(v) = &o.todo.add {
                let needs = task_ids(tx, v)?;
                tx.apply(Op::Need { task, needs })?;
            }
        }
        "claim" => {
            let owner = match text(o.todo.owner.as_deref(), "owner")? {
                Some(owner) => owner,
                None => tx.default_owner(),
            };
            let task = match (o.id_or_task()?, &o.todo.next) {
                (Some(q), None | Some(NextArg::Ready(false))) => task_id(tx.plan(), q)?,
                (None, Some(NextArg::Ready(true))) => {
                    let plan = tx.plan();
                    match plan.ready().into_iter().next() {
                        Some((_, t)) => t.id.clone(),
                        None => {
                            return Err(Error::Op(crate::plan::ops::OpError::Refused {
                                code: Refusal::Claimed,
                                message: format!(
                                    "nothing is ready to claim. {}",
                                    plan.why_none_ready()
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
            let q = o
                .id_or_task()?
                .ok_or_else(|| invalid("release needs an \"id\".".into()))?;
            let task = task_id(tx.plan(), q)?;
            tx.apply(Op::Release { task })?;
        }
        "rm" | "remove" => {
            let q = (o.todo.task.as_deref())
                .or(o.id()?)
                .or(o.todo.phase.as_deref())
                .ok_or_else(|| invalid(format!("{op} needs a \"task\", \"phase\" or \"id\".")))?;
            match item(tx.plan(), q)? {
                NamedItem::Task(task) => tx.apply(Op::RemoveTask { task })?,
                NamedItem::Phase(phase) => tx.apply(Op::RemovePhase { phase })?,
            };
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A new step, right after the step `after` names, or last under the
/// section `under` names (or the last section): its id.
fn add_step(tx: &mut Tx, o: &OpIn, title: String, done: &mut Tally) -> Result<String> {
    if let Some(after) = o.after.as_deref() {
        let step = after_step(tx, after, o.under.as_deref())?;
        let applied = tx.apply(Op::AddTaskAfter {
            after: step,
            content: title,
        })?;
        let id = applied
            .task
            .ok_or_else(|| Error::bug("a task was added without an id"))?;
        done.minted.push(id.clone());
        return Ok(id);
    }
    let mut phase = match o.under.as_deref() {
        Some(u) => match item(tx.plan(), u) {
            Ok(NamedItem::Phase(p)) => PhaseRef::Id(p),
            Ok(NamedItem::Task(_)) => {
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
    let needs = task_ids(tx, o.needs.as_deref().unwrap_or_default())?;
    let id = add(tx, &mut phase, title, done)?;
    if !needs.is_empty() {
        tx.apply(Op::Need {
            task: id.clone(),
            needs,
        })?;
    }
    Ok(id)
}

/// The tasks a list of ids (or texts) names, each once.
fn task_ids(tx: &mut Tx, list: &[String]) -> Result<Vec<String>> {
    let mut ids = Vec::with_capacity(list.len());
    for q in list {
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
    let NamedItem::Task(step) = item(tx.plan(), after)? else {
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

fn checks_field(o: &OpIn) -> Result<Option<Checks>> {
    match o.checks.as_deref() {
        None => Ok(None),
        Some(s) => Checks::parse(s).map(Some).ok_or_else(|| {
            invalid(format!(
                "unknown checks \"{s}\" (expected anyone, person or agent)."
            ))
        }),
    }
}
