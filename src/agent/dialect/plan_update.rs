//! `plan_update`: tasks, objectives and phases changed by id, new tasks
//! and findings, in one call (README, "Sharing the plan with an agent"),
//! applied in the order of its fields, all or nothing.

use rmcp::schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::{Tally, bad_position, invalid, names, phase_id, refuse, schema, set, state, strings};
use crate::error::{Error, Result};
use crate::plan::ops::{PhaseRef, Refusal};
use crate::plan::{FINDING_MAX, ObjectiveStatus, Op, Plan, Status, Tx};
use crate::text::normalize;

/// `plan_update`'s arguments: the MCP tool's schema, and the fields
/// [`apply`] takes. Its lists are read entry by entry, to say which one
/// does not fit.
#[derive(JsonSchema)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct PlanUpdate {
    /// Tasks to change, by id
    tasks: Option<Vec<TaskChange>>,
    /// Objectives to change, by id
    objectives: Option<Vec<StatusChange<ObjectiveState>>>,
    /// Phases to change, by id
    phases: Option<Vec<StatusChange<PhaseStatus>>>,
    /// New tasks, each in a phase; after an existing task's id, or at the end of the phase
    add_tasks: Option<Vec<NewTask>>,
    /// New findings
    #[schemars(inner(length(min = 1, max = 300)))]
    add_findings: Option<Vec<String>>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
struct TaskChange {
    #[schemars(length(min = 1))]
    id: String,
    status: Option<TaskStatus>,
    #[schemars(length(max = 300))]
    note: Option<String>,
}

/// An objective's or a phase's new status.
#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
struct StatusChange<S> {
    #[schemars(length(min = 1))]
    id: String,
    status: S,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
struct NewTask {
    #[schemars(length(min = 1))]
    phase: String,
    #[schemars(length(min = 1, max = 300))]
    text: String,
    after: Option<String>,
}

/// Its words are among those [`state`] reads.
#[derive(Deserialize, JsonSchema, Clone, Copy, strum::IntoStaticStr)]
#[schemars(crate = "rmcp::schemars")]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
enum TaskStatus {
    Todo,
    Doing,
    Done,
    Dropped,
}

/// Its words are [`ObjectiveStatus`]'s.
#[derive(Deserialize, JsonSchema, Clone, Copy, strum::IntoStaticStr)]
#[schemars(crate = "rmcp::schemars")]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
enum ObjectiveState {
    Open,
    Done,
    Dropped,
}

/// A phase has no status of its own: one set here acts on its tasks.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[schemars(crate = "rmcp::schemars")]
#[serde(rename_all = "lowercase")]
enum PhaseStatus {
    Pending,
    Active,
    Done,
}

/// `id` names no item of `kind` (`task`, `phase` or `objective`): the
/// refusal names the known ones.
fn missing(kind: &str, id: &str, plan: &Plan) -> Error {
    let known: Vec<&str> = match kind {
        "task" => plan.tasks().map(|(_, _, t)| t.id.as_str()).collect(),
        "phase" => plan.phases.iter().map(|p| p.id.as_str()).collect(),
        _ => plan.objectives.iter().map(|o| o.id.as_str()).collect(),
    };
    let known = if known.is_empty() {
        "none".to_string()
    } else {
        known.join(", ")
    };
    let message = format!("\"{id}\" names no {kind}. Known {kind} ids: {known}.");
    refuse(Refusal::PlanMissingItem, message)
}

/// Whether `value` (at `at` in the call) fits `T`'s schema, saying in the
/// call's own words what does not: an unknown field, a missing or empty
/// one, a status `T` does not know.
fn fits<T: JsonSchema>(value: &Value, at: &str) -> Result<()> {
    let shape = schema::<T>();
    if let (Value::Object(m), Some(Value::Object(fields))) = (value, shape.get("properties")) {
        if let Some(k) = m.keys().find(|k| !fields.contains_key(*k)) {
            let expected: Vec<&str> = fields.keys().map(String::as_str).collect();
            return Err(invalid(format!(
                "{at} has an unknown field \"{k}\" (expected {}).",
                expected.join(", ")
            )));
        }
        let required = shape.get("required").and_then(Value::as_array);
        for key in required.into_iter().flatten().filter_map(Value::as_str) {
            match m.get(key) {
                None | Some(Value::Null) => {
                    return Err(invalid(format!("{at} needs \"{key}\".")));
                }
                Some(Value::String(s)) if s.is_empty() => {
                    return Err(invalid(format!("{at}.{key} is empty.")));
                }
                _ => {}
            }
        }
        for (key, v) in m {
            if let (Value::String(s), Some(allowed)) = (v, status_names(fields, key))
                && !allowed.contains(s)
            {
                return Err(invalid(format!(
                    "{at}.{key} \"{s}\" is not a status (expected {}).",
                    allowed.join(", ")
                )));
            }
        }
    }
    Ok(())
}

/// The values a field's schema allows, when it names them.
fn status_names(fields: &Map<String, Value>, key: &str) -> Option<Vec<String>> {
    let field = fields.get(key)?;
    let values = field
        .get("enum")
        .or_else(|| field.get("anyOf")?.get(0)?.get("enum"))?
        .as_array()?;
    Some(strings(values))
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

/// The list `key` of the call (which must be `array`), each entry with
/// where it is (`key[i]`).
fn list<'a>(
    o: &'a Map<String, Value>,
    key: &'a str,
    array: &str,
) -> Result<impl Iterator<Item = (String, &'a Value)>> {
    let items = match o.get(key) {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(items)) => items,
        Some(_) => return Err(invalid(format!("\"{key}\" must be {array}."))),
    };
    Ok((items.iter().enumerate()).map(move |(i, item)| (format!("{key}[{i}]"), item)))
}

/// The entries of the list `key` of the call, each read as a `T`.
fn entries<T: DeserializeOwned + JsonSchema>(
    o: &Map<String, Value>,
    key: &str,
) -> Result<Vec<(T, String)>> {
    list(o, key, "an array")?
        .map(|(at, item)| {
            fits::<T>(item, &at)?;
            Ok((super::object(item, &at)?, at))
        })
        .collect()
}

pub(super) fn apply(tx: &mut Tx, o: &Map<String, Value>, done: &mut Tally) -> Result<()> {
    let keys = names::<PlanUpdate>();
    if let Some(k) = o.keys().find(|k| !keys.contains(k)) {
        return Err(invalid(format!(
            "unknown field \"{k}\" (plan_update takes {}).",
            keys.join(", ")
        )));
    }
    for (c, at) in entries::<TaskChange>(o, "tasks")? {
        if tx.plan().find_task(&c.id).is_none() {
            return Err(missing("task", &c.id, tx.plan()));
        }
        let note = c.note.as_deref().map(|n| limited(n, &format!("{at}.note")));
        let note = note.transpose()?;
        if let Some(s) = c.status {
            set(tx, c.id.clone(), state(s.into())?, None)?;
        }
        if let Some(text) = note {
            tx.apply(Op::Note { task: c.id, text })?;
        }
    }
    for (c, _) in entries::<StatusChange<ObjectiveState>>(o, "objectives")? {
        let status = <&str>::from(c.status).parse::<ObjectiveStatus>();
        let status = status.map_err(|_| Error::bug("an objective status todo does not know"))?;
        if tx.plan().objective(&c.id).is_none() {
            return Err(missing("objective", &c.id, tx.plan()));
        }
        tx.apply(Op::SetObjective {
            objective: c.id,
            status,
        })?;
    }
    for (c, _) in entries::<StatusChange<PhaseStatus>>(o, "phases")? {
        let Some(pid) = phase_id(tx.plan(), &c.id) else {
            return Err(missing("phase", &c.id, tx.plan()));
        };
        phase_status(tx, &pid, c.status)?;
    }
    for (t, at) in entries::<NewTask>(o, "add_tasks")? {
        let text = limited(&t.text, &format!("{at}.text"))?;
        add_task(tx, &t.phase, text, t.after.as_deref(), done)?;
    }
    for (at, item) in list(o, "add_findings", "an array of strings")? {
        let Some(s) = item.as_str() else {
            return Err(invalid(format!("{at} must be a string.")));
        };
        let text = limited(s, &at)?;
        let applied = tx.apply(Op::AddFinding { text })?;
        done.minted.extend(applied.finding);
    }
    Ok(())
}

/// A phase status, acted out on the phase's tasks.
fn phase_status(tx: &mut Tx, pid: &str, status: PhaseStatus) -> Result<()> {
    let plan = tx.plan();
    let Some(phase) = plan.phase_by_id(pid) else {
        return Err(missing("phase", pid, plan));
    };
    // The phase's tasks that `from` picks are set to `to`.
    let (from, to): (fn(Status) -> bool, _) = match status {
        PhaseStatus::Done => (Status::is_open, Status::Completed),
        PhaseStatus::Pending => (|s| s == Status::InProgress, Status::Pending),
        PhaseStatus::Active => {
            if phase.tasks.iter().any(|t| t.status == Status::InProgress) {
                return Ok(());
            }
            let first = phase
                .tasks
                .iter()
                .find(|t| t.status == Status::Pending)
                .or_else(|| phase.open().next());
            let Some(first) = first else {
                return Err(invalid(format!(
                    "phase {pid} \"{}\" has no open task to start.",
                    phase.name
                )));
            };
            let task = first.id.clone();
            tx.apply(Op::Start { task })?;
            return Ok(());
        }
    };
    let tasks = phase.tasks.iter().filter(|t| from(t.status));
    let ids: Vec<String> = tasks.map(|t| t.id.clone()).collect();
    tx.apply_all(ids.into_iter().map(|task| Op::SetStatus {
        task,
        status: to,
        blocker: None,
    }))?;
    Ok(())
}

/// A new task in `phase` (an id or a name; a name that matches no phase
/// makes one), at its end or right after the task `after`.
fn add_task(
    tx: &mut Tx,
    phase: &str,
    text: String,
    after: Option<&str>,
    done: &mut Tally,
) -> Result<()> {
    let plan = tx.plan();
    let mut phase_ref = match phase_id(plan, phase) {
        Some(id) => PhaseRef::Id(id),
        // Looks like an id (`p9`, or a task's, objective's or finding's
        // put where a phase goes): a mistake, not a new phase called "p9".
        None if ['p', 't', 'o', 'f']
            .into_iter()
            .any(|kind| phase.starts_with(kind) && crate::plan::ids::is_shaped(phase, kind)) =>
        {
            return Err(missing("phase", phase, plan));
        }
        None => PhaseRef::New(normalize(phase).ok_or_else(|| invalid("a phase is empty."))?),
    };
    let Some(after) = after else {
        return super::add(tx, &mut phase_ref, text, done).map(drop);
    };
    let Some(pos) = plan.find_task(after) else {
        return Err(missing("task", after, plan));
    };
    let holder = &plan.phases[pos.phase];
    if phase_ref != PhaseRef::Id(holder.id.clone()) {
        return Err(bad_position(format!(
            "\"after\": {after} is in phase {} \"{}\", not in \"{phase}\"; a task goes after one of its own phase.",
            holder.id, holder.name
        )));
    }
    let applied = tx.apply(Op::AddTaskAfter {
        after: after.to_string(),
        content: text,
    })?;
    super::minted_task(applied.task, done).map(drop)
}
