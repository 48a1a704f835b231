//! The shapes `todo apply` accepts (docs/contract.md, "Agent operations as
//! JSON"), each translated into the plan's own ops and applied to one
//! transaction: the oh-my-pi `todo` tool's ops (`omp`), the plan operations
//! (`operations`), and the whole lists of Claude Code's `TodoWrite` and Codex's
//! `update_plan` (`mirror`). Which one is read from the shape of the value.
//! Permissions are not checked here but where every change commits
//! (`plan::rules`).

mod mirror;
mod omp;
mod operations;
mod plan_update;
pub(crate) mod tasks;

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::error::{Error, Result};
use crate::matching;
use crate::output::{Kind, Report};
use crate::plan::ops::{OpError, PhaseRef, Refusal};
use crate::plan::rules::By;
use crate::plan::{Op, Plan, Status, Tx};
use crate::text::{as_read, normalize};

pub(crate) use mirror::{CLAUDE_PHASE, CODEX_PHASE, mirror_list};
pub(crate) use omp::{OpName, TodoOp};
pub(crate) use plan_update::PlanUpdate;

/// The JSON schema of `T` as an MCP tool gives it: subschemas inline, no
/// title or meta-schema.
pub(crate) fn schema<T: rmcp::schemars::JsonSchema>() -> Map<String, Value> {
    let mut settings = rmcp::schemars::generate::SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    settings.meta_schema = None;
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let Value::Object(mut schema) = schema.to_value() else {
        return Map::new();
    };
    schema.remove("title");
    schema.remove("description");
    schema.values_mut().for_each(no_null);
    schema
}

/// A field left out is the same as `null` to the readers: the schema says
/// only the first (an `Option`'s type without its `null`).
fn no_null(v: &mut Value) {
    if let Value::Object(o) = v {
        if let Some(Value::Array(types)) = o.get_mut("type") {
            types.retain(|t| t != "null");
            if let [one] = types.as_slice() {
                let one = one.clone();
                o.insert("type".into(), one);
            }
        }
        if let Some(Value::Array(values)) = o.get_mut("enum") {
            values.retain(|v| !v.is_null());
        }
    }
    match v {
        Value::Object(o) => o.values_mut().for_each(no_null),
        Value::Array(a) => a.iter_mut().for_each(no_null),
        _ => {}
    }
}

/// The names `T`'s schema gives: its fields (a struct) or values (an enum).
pub(crate) fn names<T: rmcp::schemars::JsonSchema>() -> Vec<String> {
    let schema = schema::<T>();
    match (schema.get("properties"), schema.get("enum")) {
        (Some(Value::Object(fields)), _) => fields.keys().cloned().collect(),
        (_, Some(Value::Array(values))) => strings(values),
        _ => Vec::new(),
    }
}

fn strings(values: &[Value]) -> Vec<String> {
    (values.iter().filter_map(Value::as_str))
        .map(String::from)
        .collect()
}

/// `value`, an object, read as a `T`; `at` names it in a refusal.
fn object<T: DeserializeOwned>(value: &Value, at: &str) -> Result<T> {
    if !value.is_object() {
        return Err(invalid(format!("{at} must be an object.")));
    }
    T::deserialize(value).map_err(|e| invalid(format!("{at}: {e}.")))
}

pub(super) fn refuse(code: Refusal, message: impl Into<String>) -> Error {
    OpError::refused(code, message).into()
}

pub(crate) fn invalid(message: impl Into<String>) -> Error {
    refuse(Refusal::PlanInvalid, message)
}

fn bad_position(message: impl Into<String>) -> Error {
    refuse(Refusal::PlanBadPosition, message)
}

/// The rules' view of who acts: the transaction's actor.
fn by(tx: &Tx) -> By {
    By {
        actor: tx.actor(),
        now: String::new(),
    }
}

/// What the batch did, for the reply.
#[derive(Default)]
struct Tally {
    minted: Vec<String>,
    /// The tasks a mirrored list made (kept in the agent's state): the
    /// only ones it removes when the list leaves them out. `None`: not
    /// known, and nothing left out is removed.
    owned: Option<MirrorIds>,
    /// A hook's mirror: a task with a check that the list says completed
    /// stays as it is (a hook never runs a check), and is told here.
    no_checks: bool,
    checks_left: Vec<Value>,
    read_only: bool,
    /// Tasks a mirrored list would have changed or removed but a person's
    /// decision keeps as they are.
    kept: Vec<Value>,
}

/// Which shape a value is in: told by the caller that knows it (the
/// hook knows the tool that ran, an MCP call its tool, `todo apply --tool`
/// is told, among the agent tools' inputs it offers), else read from the
/// value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
#[value(rename_all = "verbatim")]
pub enum Dialect {
    #[default]
    #[value(skip)]
    Guess,
    /// Claude Code's TaskCreate: `{subject, description}`.
    TaskCreate,
    /// Claude Code's TaskUpdate: `{taskId, status?, …}`; `taskId` names a
    /// task of the plan by its id or text.
    TaskUpdate,
    /// Claude Code's TodoWrite: `{todos}`.
    TodoWrite,
    /// Codex's update_plan: `{plan}`.
    #[value(name = "update_plan")]
    UpdatePlan,
    /// `plan_update`'s changes by id.
    #[value(skip)]
    PlanUpdate,
    /// Ops ([`OpIn`]): one, or an array of them.
    #[value(skip)]
    Ops,
}

/// One op of `todo apply`: the oh-my-pi `todo` tool's fields ([`TodoOp`],
/// the MCP tool's schema), and those of the plan operations.
#[derive(Deserialize)]
struct OpIn {
    #[serde(flatten)]
    todo: TodoOp,
    id: Option<Names>,
    ids: Option<Names>,
    state: Option<String>,
    note: Option<String>,
    text: Option<String>,
    title: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    after: Option<String>,
    under: Option<String>,
    checks: Option<String>,
    needs: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Names {
    One(String),
    Many(Vec<String>),
}

/// `next`: `true` to claim the first ready task, or (`set`) the task to
/// start next.
#[derive(Deserialize, Clone, PartialEq)]
#[serde(untagged)]
pub(crate) enum NextArg {
    Ready(bool),
    Task(String),
}

impl OpIn {
    fn id(&self) -> Result<Option<&str>> {
        match &self.id {
            None => Ok(None),
            Some(Names::One(id)) => Ok(Some(id)),
            Some(Names::Many(_)) => Err(invalid("\"id\" must be a string.")),
        }
    }

    /// The task an op names: `id`, or `task` as the oh-my-pi ops (and the
    /// MCP `todo` tool) call it.
    fn id_or_task(&self) -> Result<Option<&str>> {
        Ok(self.id()?.or(self.todo.task.as_deref()))
    }

    /// The names under `ids` (or `id`): at least one.
    fn ids(&self) -> Result<Vec<String>> {
        match self.ids.as_ref().or(self.id.as_ref()) {
            Some(Names::One(id)) => Ok(vec![id.clone()]),
            Some(Names::Many(ids)) => items(Some(ids), "\"ids\""),
            None => Err(invalid("\"ids\" must name at least one item.")),
        }
    }
}

/// Apply one Task tool call to `tx`, with the ids of its list when the
/// caller keeps them.
pub(crate) fn translate_call(
    tx: &mut Tx,
    call: tasks::Call,
    ids: Option<&mut tasks::ClaudeIds>,
) -> Result<Report> {
    tallied(tx, None, |tx, done| tasks::apply(tx, call, ids, done))
}

/// Apply `value`, in the shape `dialect` says or whichever it comes in,
/// to `tx`; the reply's data (`minted`, `completedTasks`, `view`) is in
/// the report.
/// The ids of the tasks a mirrored list made.
pub(crate) type MirrorIds = std::collections::BTreeSet<String>;

/// Does `value` in `dialect` mirror a whole list (TodoWrite, update_plan)?
pub(crate) fn mirrors(value: &Value, dialect: Dialect) -> bool {
    let dialect = match dialect {
        Dialect::Guess => guess(value),
        known => known,
    };
    matches!(dialect, Dialect::TodoWrite | Dialect::UpdatePlan)
}

pub(crate) fn translate(
    tx: &mut Tx,
    value: &Value,
    dialect: Dialect,
    owned: Option<&mut MirrorIds>,
    in_hook: bool,
) -> Result<Report> {
    let dialect = match dialect {
        Dialect::Guess => guess(value),
        known => known,
    };
    tallied(tx, owned, |tx, done| {
        done.no_checks = in_hook;
        translated(tx, value, dialect, done)
    })
}

fn translated(tx: &mut Tx, value: &Value, dialect: Dialect, done: &mut Tally) -> Result<()> {
    match (dialect, value) {
        (Dialect::TaskCreate, _) => tasks::apply(tx, tasks::create(value, None)?, None, done),
        (Dialect::TaskUpdate, _) => tasks::apply(tx, tasks::update(value, None, None)?, None, done),
        (Dialect::TodoWrite, v) => {
            mirror::mirror(tx, CLAUDE_PHASE, v.get("todos"), "content", done)
        }
        (Dialect::UpdatePlan, v) => mirror::mirror(tx, CODEX_PHASE, v.get("plan"), "step", done),
        (Dialect::PlanUpdate, Value::Object(o)) => plan_update::apply(tx, o, done),
        (_, Value::Array(ops)) if ops.is_empty() => {
            Err(invalid("the batch is empty: send at least one op."))
        }
        (_, Value::Array(ops)) => ops.iter().enumerate().try_for_each(|(i, op)| {
            if !op.is_object() {
                return Err(invalid(format!("op {} is not an object.", i + 1)));
            }
            one(tx, op, done)
        }),
        (_, Value::Object(_)) => one(tx, value, done),
        _ => Err(invalid("the ops must be an object or an array of objects.")),
    }
}

/// Run `apply` on `tx` with a fresh tally; the reply's data of what it did.
fn tallied(
    tx: &mut Tx,
    owned: Option<&mut MirrorIds>,
    apply: impl FnOnce(&mut Tx, &mut Tally) -> Result<()>,
) -> Result<Report> {
    let before: HashMap<String, Status> = (tx.plan().tasks())
        .map(|(_, _, t)| (t.id.clone(), t.status))
        .collect();
    let mut done = Tally {
        owned: owned.as_deref().cloned(),
        ..Tally::default()
    };
    apply(tx, &mut done)?;
    if let (Some(owned), Some(now)) = (owned, done.owned.take()) {
        *owned = now;
    }
    Ok(report(tx, &before, done))
}

/// The dialect of a value no caller named, read from its shape: `taskId`
/// is `TaskUpdate`'s, `subject` (with no `op`) `TaskCreate`'s.
fn guess(value: &Value) -> Dialect {
    let Value::Object(o) = value else {
        return Dialect::Ops;
    };
    let op = o.contains_key("op");
    if !op && o.contains_key("taskId") {
        Dialect::TaskUpdate
    } else if !op && o.get("subject").is_some_and(Value::is_string) {
        Dialect::TaskCreate
    } else if o.contains_key("todos") {
        Dialect::TodoWrite
    } else if !op && o.contains_key("plan") {
        Dialect::UpdatePlan
    } else if !op && names::<PlanUpdate>().iter().any(|k| o.contains_key(k)) {
        Dialect::PlanUpdate
    } else {
        Dialect::Ops
    }
}

/// The reply's data of a batch that did `done`.
fn report(tx: &mut Tx, before: &HashMap<String, Status>, done: Tally) -> Report {
    let plan = tx.plan();
    let completed: Vec<Value> = plan
        .tasks()
        .filter(|(_, _, t)| {
            t.status == Status::Completed && before.get(&t.id) != Some(&Status::Completed)
        })
        .map(|(_, p, t)| json!({ "id": t.id, "phase": p.name, "content": t.content }))
        .collect();
    // What undo names (the reply replaces it with the plan).
    let mut report = Report::new("apply", Kind::Data, "todo apply")
        .with("minted", json!(done.minted))
        .with("completedTasks", Value::Array(completed));
    if !done.checks_left.is_empty() {
        report = report.with("checksLeft", json!(done.checks_left));
    }
    if !done.kept.is_empty() {
        report = report.with("kept", json!(done.kept));
    }
    if done.read_only {
        report = report.with("view", json!(true));
    }
    report
}

/// One op of a batch: its `op`, or the one its fields imply (docs/contract.md,
/// "Agent operations as JSON").
fn one(tx: &mut Tx, value: &Value, done: &mut Tally) -> Result<()> {
    let o = OpIn::deserialize(value).map_err(|e| invalid(format!("{e}.")))?;
    let op = match &o.todo.op {
        Some(op) => op.clone(),
        None if o.todo.list.as_ref().is_some_and(|l| !l.is_empty()) => "init".into(),
        None if o.todo.items.is_some() && o.todo.phase.is_some() => "append".into(),
        None if o.todo.items.is_some() && tx.plan().is_empty() => "init".into(),
        None => {
            return Err(invalid(
                "the op is missing and cannot be inferred (give \"op\").",
            ));
        }
    };
    if omp::op(tx, &op, &o.todo, done)? || operations::op(tx, &op, &o, done)? {
        return Ok(());
    }
    Err(invalid(format!(
        "unknown op \"{op}\" (expected init, start, done, drop, rm, block, unblock, append, view, set, note, unlock, add, edit, move, remove, needs, claim or release)."
    )))
}

/// `v`, else refused as missing with `message`.
fn required<T>(v: Option<T>, message: &str) -> Result<T> {
    v.ok_or_else(|| invalid(message))
}

/// A text field, normalised; one left empty is refused.
fn text(s: Option<&str>, key: &str) -> Result<Option<String>> {
    s.map(|s| normalize(s).ok_or_else(|| invalid(format!("\"{key}\" is empty."))))
        .transpose()
}

/// Names or texts, normalised; none may be empty.
fn items(items: Option<&Vec<String>>, what: &str) -> Result<Vec<String>> {
    items
        .ok_or_else(|| invalid(format!("{what} must be an array of strings.")))?
        .iter()
        .map(|i| {
            normalize(i).ok_or_else(|| invalid(format!("{what} must hold non-empty strings.")))
        })
        .collect()
}

/// The known ids, for a message that says what could have been meant.
fn known(plan: &Plan) -> String {
    let ids: Vec<&str> = (plan.phases.iter().map(|p| p.id.as_str()))
        .chain(plan.tasks().map(|(_, _, t)| t.id.as_str()))
        .collect();
    if ids.is_empty() {
        return "none: the plan is empty".into();
    }
    let mut s = ids[..ids.len().min(40)].join(", ");
    if ids.len() > 40 {
        s.push_str(&format!(" and {} more", ids.len() - 40));
    }
    s
}

fn missing(plan: &Plan, what: &str) -> Error {
    let message = format!(
        "\"{what}\" names no task or phase. Known ids: {}.",
        known(plan)
    );
    refuse(Refusal::PlanMissingItem, message)
}

/// A task named by id or by its text (exact, then ignoring case).
fn task_id(plan: &Plan, q: &str) -> Result<String> {
    if plan.find_task(q).is_some() {
        return Ok(q.to_string());
    }
    let q = normalize(q).unwrap_or_default();
    if let Some((_, _, t)) = plan.tasks().find(|(_, _, t)| t.content == q) {
        return Ok(t.id.clone());
    }
    let lower = matching::lower(&q);
    let mut same = plan
        .tasks()
        .filter(|(_, _, t)| matching::lower(&t.content) == lower);
    match (same.next(), same.next()) {
        (Some((_, _, t)), None) => Ok(t.id.clone()),
        // Else a query as the verbs take it (a word of the text); never
        // a typo guess.
        _ => match matching::resolve(plan, &q, matching::Scope::Tasks) {
            Ok(matching::Target::Task(id)) => Ok(id),
            _ => Err(missing(plan, &q)),
        },
    }
}

/// A phase that exists, by id or name.
fn phase_id(plan: &Plan, q: &str) -> Option<String> {
    if plan.find_phase(q).is_some() {
        return Some(q.to_string());
    }
    matching::phase_by_name(plan, q).ok().flatten()
}

/// The phase named `name` (by id or name), else a new one of that name.
fn phase_ref(plan: &Plan, name: &str) -> PhaseRef {
    phase_id(plan, name).map_or_else(|| PhaseRef::New(name.to_string()), PhaseRef::Id)
}

/// Add `items` to the phase named `phase` (matched, or made by the first
/// item), noting every id minted.
fn add_items(tx: &mut Tx, phase: &str, items: Vec<String>, done: &mut Tally) -> Result<()> {
    let mut phase_ref = phase_ref(tx.plan(), phase);
    for item in items {
        add(tx, &mut phase_ref, item, done)?;
    }
    Ok(())
}

/// The task whose text reads as `text`: the first of phase `phase`, else
/// the first anywhere.
fn same_text(tx: &mut Tx, phase: &str, text: &str) -> Option<String> {
    let key = as_read(text);
    let plan = tx.plan();
    let mine = phase_id(plan, phase);
    (plan.tasks())
        .filter(|(_, _, t)| as_read(&t.content) == key)
        .min_by_key(|(_, p, _)| Some(&p.id) != mine.as_ref())
        .map(|(_, _, t)| t.id.clone())
}

/// The task an agent's list names by its text: the one [`same_text`]
/// finds, else a new one at the end of phase `phase` (made if need be).
fn task_for(tx: &mut Tx, phase: &str, text: String, done: &mut Tally) -> Result<String> {
    if let Some(id) = same_text(tx, phase, &text) {
        return Ok(id);
    }
    let mut phase = phase_ref(tx.plan(), phase);
    add(tx, &mut phase, text, done)
}

enum NamedItem {
    Task(String),
    Phase(String),
}

fn item(plan: &Plan, q: &str) -> Result<NamedItem> {
    if let Some(p) = phase_id(plan, q) {
        return Ok(NamedItem::Phase(p));
    }
    task_id(plan, q).map(NamedItem::Task)
}

fn state(s: &str) -> Result<Status> {
    Ok(match s {
        "open" | "pending" | "todo" => Status::Pending,
        "active" | "doing" | "in_progress" => Status::InProgress,
        "done" | "completed" => Status::Completed,
        "dropped" | "abandoned" | "skipped" => Status::Abandoned,
        "blocked" => Status::Blocked,
        _ => {
            return Err(invalid(format!(
                "unknown state \"{s}\" (expected open, active, done, dropped or blocked)."
            )));
        }
    })
}
fn set(tx: &mut Tx, task: String, status: Status, blocker: Option<String>) -> Result<()> {
    if status == Status::Pending
        && tx
            .plan()
            .task_by_id(&task)
            .is_some_and(|(_, t)| t.already_open())
    {
        return Ok(());
    }
    let op = if status == Status::InProgress {
        Op::Start { task }
    } else {
        Op::SetStatus {
            task,
            status,
            blocker,
        }
    };
    tx.apply(op)?;
    Ok(())
}

/// Add a task to `phase`, noting the ids minted; a phase it made is the
/// `phase` of the next.
fn add(tx: &mut Tx, phase: &mut PhaseRef, content: String, done: &mut Tally) -> Result<String> {
    let applied = tx.apply(Op::AddTask {
        phase: phase.clone(),
        content,
    })?;
    if let Some(p) = applied.phase {
        done.minted.push(p.clone());
        *phase = PhaseRef::Id(p);
    }
    minted_task(applied.task, done)
}

/// Make `task` need the tasks `needs` names, if it names any.
fn need(tx: &mut Tx, task: &str, needs: Vec<String>) -> Result<()> {
    if !needs.is_empty() {
        let task = task.to_string();
        tx.apply(Op::Need { task, needs })?;
    }
    Ok(())
}

/// The id of a task an op added, noted as minted.
fn minted_task(task: Option<String>, done: &mut Tally) -> Result<String> {
    let id = task.ok_or_else(|| Error::bug("a task was added without an id"))?;
    done.minted.push(id.clone());
    Ok(id)
}
