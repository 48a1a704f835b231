//! The plan operations (sections and steps): `set` (with `next`), `note`,
//! `unlock`, `add`, `edit` and `move`, with sections as phases and steps
//! as tasks (`remove` is the tool's `rm`); and dependencies and claims:
//! `needs {id, add?, remove?}`, `claim {id | next: true, owner?}`,
//! `release {id}`.

use super::{
    NamedItem, Names, NextArg, OpIn, Tally, add, bad_position, invalid, item, minted_task, need,
    phase_id, refuse, required, set, state, task_id, text,
};
use crate::error::Result;
use crate::plan::ops::{OpError, PhaseRef, Refusal};
use crate::plan::{Actor, Checks, DEFAULT_PHASE, Op, Tx};
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
            match &o.todo.next {
                Some(NextArg::Ready(_)) => {
                    return Err(invalid("\"next\" must be a string."));
                }
                Some(NextArg::Task(_)) if tx.actor() == Actor::Person => {
                    let message = "a person does not send \"next\"; start the task instead.";
                    return Err(refuse(Refusal::OpNotAllowed, message));
                }
                Some(NextArg::Task(next)) => {
                    let id = task_id(tx.plan(), next)?;
                    tx.apply(Op::Start { task: id })?;
                }
                None => {}
            }
        }
        "note" => {
            let id = task_id(tx.plan(), required(o.id()?, "note needs an \"id\".")?)?;
            let text = o.text.as_deref().map(normalize);
            tx.apply(Op::WriteNote {
                task: id,
                text: required(text, "note needs a \"text\".")?,
            })?;
        }
        "unlock" => {
            if tx.actor() == Actor::Agent {
                let message =
                    "only a person may unlock tasks; ask the person to run `todo unlock`.";
                return Err(refuse(Refusal::OpNotAllowed, message));
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
                            (plan.phase_by_id(&p).into_iter())
                                .flat_map(|ph| ph.tasks.iter().map(|t| t.id.clone())),
                        ),
                    }
                }
                ids
            };
            tx.unlock(ids)?;
        }
        "add" => {
            let title = required(text(o.title.as_deref(), "title")?, "add needs a \"title\".")?;
            let after = o.after.as_deref();
            match o.kind.as_deref().unwrap_or("step") {
                "section" => {
                    if o.under.is_some() || after.is_some() {
                        return Err(bad_position(
                            "a section only stands at the top, last: not under or after another item.",
                        ));
                    }
                    if phase_id(tx.plan(), &title).is_some() {
                        return Err(OpError::DuplicatePhase(title).into());
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
            let q = required(o.id()?, "edit needs an \"id\".")?;
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
            let q = required(o.id()?, "move needs an \"id\".")?;
            let under = o.under.as_deref();
            let step = |tx: &mut Tx| match item(tx.plan(), q)? {
                NamedItem::Task(task) => Ok(task),
                NamedItem::Phase(_) => Err(bad_position(format!(
                    "\"{q}\" is a section: a section only stands at the top."
                ))),
            };
            if let Some(after) = o.after.as_deref() {
                let task = step(tx)?;
                let step = after_step(tx, after, under)?;
                tx.apply(Op::MoveTaskAfter { task, after: step })?;
                return Ok(true);
            }
            let under = required(under, "move needs \"under\".")?;
            let task = step(tx)?;
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
            let q = required(o.id_or_task()?, "needs needs an \"id\".")?;
            let task = task_id(tx.plan(), q)?;
            if o.todo.add.is_none() && o.todo.remove.is_none() {
                return Err(invalid(
                    "needs takes \"add\" and/or \"remove\": arrays of task ids.",
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
            let owner = text(o.todo.owner.as_deref(), "owner")?;
            let owner = owner.unwrap_or_else(|| tx.default_owner());
            let task = match (o.id_or_task()?, &o.todo.next) {
                (Some(q), None | Some(NextArg::Ready(false))) => task_id(tx.plan(), q)?,
                (None, Some(NextArg::Ready(true))) => {
                    let plan = tx.plan();
                    let Some((_, t)) = plan.ready().into_iter().next() else {
                        let message =
                            format!("nothing is ready to claim. {}", plan.why_none_ready());
                        return Err(refuse(Refusal::Claimed, message));
                    };
                    t.id.clone()
                }
                _ => {
                    return Err(invalid(
                        "claim takes \"id\" (a task) or \"next\": true, not both.",
                    ));
                }
            };
            tx.apply(Op::Claim { task, owner })?;
        }
        "release" => {
            let q = required(o.id_or_task()?, "release needs an \"id\".")?;
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
        return minted_task(applied.task, done);
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
        None => (tx.plan().phases.last()).map_or_else(
            || PhaseRef::New(DEFAULT_PHASE.into()),
            |p| PhaseRef::Id(p.id.clone()),
        ),
    };
    let needs = task_ids(tx, o.needs.as_deref().unwrap_or_default())?;
    let id = add(tx, &mut phase, title, done)?;
    need(tx, &id, needs)?;
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
    let checks = o.checks.as_deref().map(|s| {
        Checks::parse(s).ok_or_else(|| {
            invalid(format!(
                "unknown checks \"{s}\" (expected anyone, person or agent)."
            ))
        })
    });
    checks.transpose()
}
