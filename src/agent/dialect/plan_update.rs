//! Seed 000's `plan_update`: tasks, objectives and phases changed by id,
//! new tasks (optionally right after another) and findings, in one call:
//! `{tasks?, objectives?, phases?, add_tasks?, add_findings?}`. Applied in
//! that order, all or nothing. Limits of the schema (text and notes at
//! most 300 characters, no empty text, known statuses) are `plan-invalid`;
//! an id that names nothing is `plan-missing-item`, naming the known ids.
//!
//! A phase has no status of its own; one set here acts on its tasks:
//! `done` completes its open tasks, `active` starts its first open task
//! (unless one is in progress already), `pending` sends its task in
//! progress back to pending (the one-in-progress rule still applies).

use serde_json::{Map, Value};

use super::{Done, bad_position, invalid, phase_id, set, str_field};
use crate::error::{Error, Result};
use crate::plan::ops::{PhaseRef, Refusal};
use crate::plan::{FINDING_MAX, ObjectiveStatus, Op, Plan, Status, Tx};
use crate::text::normalize;

/// The keys that make a value a `plan_update` call (with no `op`).
pub(super) const KEYS: [&str; 5] = ["tasks", "objectives", "phases", "add_tasks", "add_findings"];

pub(super) fn is_plan_update(o: &Map<String, Value>) -> bool {
    !o.contains_key("op") && KEYS.iter().any(|k| o.contains_key(*k))
}

fn missing(kind: &str, id: &str, known: Vec<&str>) -> Error {
    let known = if known.is_empty() {
        "none".to_string()
    } else {
        known.join(", ")
    };
    Error::Op(crate::plan::ops::OpError::Refused {
        code: Refusal::PlanMissingItem,
        message: format!("\"{id}\" names no {kind}. Known {kind} ids: {known}."),
    })
}

fn task_ids(plan: &Plan) -> Vec<&str> {
    plan.tasks().map(|(_, _, t)| t.id.as_str()).collect()
}

fn phase_ids(plan: &Plan) -> Vec<&str> {
    plan.phases.iter().map(|p| p.id.as_str()).collect()
}

/// The array under `key` (missing: none), each item checked to be an object
/// with only the `allowed` keys.
fn entries<'a>(
    o: &'a Map<String, Value>,
    key: &str,
    allowed: &[&str],
) -> Result<Vec<&'a Map<String, Value>>> {
    let items = match o.get(key) {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(invalid(format!("\"{key}\" must be an array."))),
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let Value::Object(m) = item else {
                return Err(invalid(format!("{key}[{i}] must be an object.")));
            };
            if let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
                return Err(invalid(format!(
                    "{key}[{i}] has an unknown field \"{k}\" (expected {}).",
                    allowed.join(", ")
                )));
            }
            Ok(m)
        })
        .collect()
}

fn required<'a>(m: &'a Map<String, Value>, key: &str, at: &str) -> Result<&'a str> {
    match str_field(m, key)? {
        Some(s) if !s.is_empty() => Ok(s),
        Some(_) => Err(invalid(format!("{at}.{key} is empty."))),
        None => Err(invalid(format!("{at} needs \"{key}\"."))),
    }
}

/// Text within the schema's limits, normalised (docs/contract.md, "The plan").
fn limited(s: &str, at: &str) -> Result<String> {
    let n = s.chars().count();
    if n > FINDING_MAX {
        return Err(invalid(format!(
            "{at} is {n} characters long; at most {FINDING_MAX} are allowed."
        )));
    }
    normalize(s).ok_or_else(|| invalid(format!("{at} is empty.")))
}

fn one_of<T>(s: &str, at: &str, allowed: &[(&str, T)]) -> Result<T>
where
    T: Copy,
{
    allowed
        .iter()
        .find(|(name, _)| *name == s)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
            invalid(format!(
                "{at} \"{s}\" is not a status (expected {}).",
                names.join(", ")
            ))
        })
}

#[derive(Clone, Copy)]
enum PhaseStatus {
    Pending,
    Active,
    Done,
}

pub(super) fn apply(tx: &mut Tx, o: &Map<String, Value>, done: &mut Done) -> Result<()> {
    if let Some(k) = o.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(invalid(format!(
            "unknown field \"{k}\" (plan_update takes {}).",
            KEYS.join(", ")
        )));
    }
    for (i, m) in entries(o, "tasks", &["id", "status", "note"])?
        .into_iter()
        .enumerate()
    {
        let at = format!("tasks[{i}]");
        let id = required(m, "id", &at)?;
        if tx.plan().find_task(id).is_none() {
            return Err(missing("task", id, task_ids(tx.plan())));
        }
        let note = match str_field(m, "note")? {
            Some(n) => Some(limited(n, &format!("{at}.note"))?),
            None => None,
        };
        if let Some(s) = str_field(m, "status")? {
            let status = one_of(
                s,
                &format!("{at}.status"),
                &[
                    ("todo", Status::Pending),
                    ("doing", Status::InProgress),
                    ("done", Status::Completed),
                    ("dropped", Status::Abandoned),
                ],
            )?;
            set(tx, id.to_string(), status, None)?;
        }
        if let Some(text) = note {
            tx.apply(Op::Note {
                task: id.to_string(),
                text,
            })?;
        }
    }
    for (i, m) in entries(o, "objectives", &["id", "status"])?
        .into_iter()
        .enumerate()
    {
        let at = format!("objectives[{i}]");
        let id = required(m, "id", &at)?;
        let status = one_of(
            required(m, "status", &at)?,
            &format!("{at}.status"),
            &[
                ("open", ObjectiveStatus::Open),
                ("done", ObjectiveStatus::Done),
                ("dropped", ObjectiveStatus::Dropped),
            ],
        )?;
        if tx.plan().objective(id).is_none() {
            let plan = tx.plan();
            let known = plan.objectives.iter().map(|o| o.id.as_str()).collect();
            return Err(missing("objective", id, known));
        }
        tx.apply(Op::SetObjective {
            objective: id.to_string(),
            status,
        })?;
    }
    for (i, m) in entries(o, "phases", &["id", "status"])?
        .into_iter()
        .enumerate()
    {
        let at = format!("phases[{i}]");
        let id = required(m, "id", &at)?;
        let status = one_of(
            required(m, "status", &at)?,
            &format!("{at}.status"),
            &[
                ("pending", PhaseStatus::Pending),
                ("active", PhaseStatus::Active),
                ("done", PhaseStatus::Done),
            ],
        )?;
        let Some(pid) = phase_id(tx.plan(), id) else {
            return Err(missing("phase", id, phase_ids(tx.plan())));
        };
        phase_status(tx, &pid, status)?;
    }
    for (i, m) in entries(o, "add_tasks", &["phase", "text", "after"])?
        .into_iter()
        .enumerate()
    {
        let at = format!("add_tasks[{i}]");
        let phase = required(m, "phase", &at)?;
        let text = match str_field(m, "text")? {
            Some(t) => limited(t, &format!("{at}.text"))?,
            None => return Err(invalid(format!("{at} needs \"text\"."))),
        };
        let after = str_field(m, "after")?;
        add_task(tx, phase, text, after, done)?;
    }
    match o.get("add_findings") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let at = format!("add_findings[{i}]");
                let Some(s) = item.as_str() else {
                    return Err(invalid(format!("{at} must be a string.")));
                };
                let text = limited(s, &at)?;
                let applied = tx.apply(Op::AddFinding { text })?;
                done.minted.extend(applied.finding);
            }
        }
        Some(_) => {
            return Err(invalid(
                "\"add_findings\" must be an array of strings.".into(),
            ));
        }
    }
    Ok(())
}

/// A phase status, acted out on the phase's tasks.
fn phase_status(tx: &mut Tx, pid: &str, status: PhaseStatus) -> Result<()> {
    let plan = tx.plan();
    let Some(phase) = plan.phase_by_id(pid) else {
        return Err(missing("phase", pid, phase_ids(plan)));
    };
    match status {
        PhaseStatus::Done => {
            let open: Vec<String> = phase
                .tasks
                .iter()
                .filter(|t| t.status.is_open())
                .map(|t| t.id.clone())
                .collect();
            tx.apply_all(open.into_iter().map(|task| Op::SetStatus {
                task,
                status: Status::Completed,
                blocker: None,
            }))?;
        }
        PhaseStatus::Active => {
            if phase.tasks.iter().any(|t| t.status == Status::InProgress) {
                return Ok(());
            }
            let first = phase
                .tasks
                .iter()
                .find(|t| t.status == Status::Pending)
                .or_else(|| phase.tasks.iter().find(|t| t.status.is_open()));
            let Some(first) = first else {
                return Err(invalid(format!(
                    "phase {pid} \"{}\" has no open task to start.",
                    phase.name
                )));
            };
            let task = first.id.clone();
            tx.apply(Op::Start { task })?;
        }
        PhaseStatus::Pending => {
            let doing: Vec<String> = phase
                .tasks
                .iter()
                .filter(|t| t.status == Status::InProgress)
                .map(|t| t.id.clone())
                .collect();
            tx.apply_all(doing.into_iter().map(|task| Op::SetStatus {
                task,
                status: Status::Pending,
                blocker: None,
            }))?;
        }
    }
    Ok(())
}

/// A new task in `phase` (an id or a name; a name that matches no phase
/// makes one), at its end or right after the task `after`.
fn add_task(
    tx: &mut Tx,
    phase: &str,
    text: String,
    after: Option<&str>,
    done: &mut Done,
) -> Result<()> {
    let plan = tx.plan();
    let phase_ref = match phase_id(plan, phase) {
        Some(id) => PhaseRef::Id(id),
        // Looks like an id (`p9`, or a task's, objective's or finding's
        // put where a phase goes): a mistake, not a new phase called "p9".
        None if ['p', 't', 'o', 'f']
            .into_iter()
            .any(|kind| phase.starts_with(kind) && crate::plan::ids::is_shaped(phase, kind)) =>
        {
            return Err(missing("phase", phase, phase_ids(plan)));
        }
        None => PhaseRef::New(normalize(phase).ok_or_else(|| invalid("a phase is empty.".into()))?),
    };
    let applied = match after {
        None => tx.apply(Op::AddTask {
            phase: phase_ref,
            content: text,
        })?,
        Some(after) => {
            let Some(pos) = plan.find_task(after) else {
                return Err(missing("task", after, task_ids(plan)));
            };
            let holder = &plan.phases[pos.phase];
            if phase_ref != PhaseRef::Id(holder.id.clone()) {
                return Err(bad_position(format!(
                    "\"after\": {after} is in phase {} \"{}\", not in \"{phase}\"; a task goes after one of its own phase.",
                    holder.id, holder.name
                )));
            }
            tx.apply(Op::AddTaskAfter {
                after: after.to_string(),
                content: text,
            })?
        }
    };
    done.minted.extend(applied.phase);
    done.minted.extend(applied.task);
    Ok(())
}
