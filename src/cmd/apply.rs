//! `todo apply`: agent operations as JSON (SPEC §9). One JSON value from
//! stdin or `--ops FILE`, translated by its shape into the plan's own ops
//! and applied as one transaction: each op sees the ones before it, one
//! failure and nothing changes. The permissions of SPEC §8 are not checked
//! here but where every change commits (`plan::rules`).

use std::collections::HashMap;
use std::io::Read;

use serde_json::{Map, Value, json};

use super::{Context, Outcome};
use crate::cli::ApplyArgs;
use crate::error::{Error, Result};
use crate::matching;
use crate::output::{Kind, Report};
use crate::plan::ops::{PhaseRef, Refusal};
use crate::plan::{Actor, Checks, Op, Plan, Status, Tx};
use crate::text::normalize;

/// Ops larger than this are refused unread: a plan is edited by batches
/// of tens of ops, not megabytes.
const MAX_BYTES: u64 = 1 << 20;

/// The phases `TodoWrite` and `update_plan` lists are mirrored into.
pub(super) const CLAUDE_PHASE: &str = "Claude Code";
pub(super) const CODEX_PHASE: &str = "Codex";

pub(super) fn run(ctx: &Context, args: &ApplyArgs) -> Outcome {
    let input = match read(args) {
        Ok(input) => input,
        Err(e) => return Outcome::of(Err(e)),
    };
    let value: Value = match serde_json::from_str(&input) {
        Ok(v) => v,
        Err(e) => return Outcome::of(Err(invalid(format!("the ops are not JSON: {e}.")))),
    };
    let outcome = ctx.change_as(Actor::Agent, |tx| apply(tx, &value));
    match outcome.result {
        Err(e) => {
            // The unchanged list, so the agent can correct its next batch:
            // the file as it is (the transaction's copy was dropped).
            let plan = ctx
                .store
                .load()
                .map(|l| crate::markdown::render(&l.plan.phases))
                .unwrap_or_default();
            Outcome {
                result: Err(Error::Unchanged {
                    source: Box::new(e),
                    plan,
                }),
                rev: outcome.rev,
                plan: None,
            }
        }
        Ok(mut report) => {
            if let Some(plan) = &outcome.plan {
                let text = crate::markdown::render(&plan.phases);
                report.message = if text.is_empty() {
                    "The plan is empty.".into()
                } else {
                    crate::text::Message::of_lines(&text)
                };
            }
            Outcome {
                result: Ok(report),
                ..outcome
            }
        }
    }
}

fn read(args: &ApplyArgs) -> Result<String> {
    let mut bytes = Vec::new();
    let limited = match &args.ops {
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| Error::io(format!("Cannot read ops file {}", path.display()), e))?,
        None => std::io::stdin()
            .lock()
            .take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("Cannot read the ops from stdin", e))?,
    };
    if limited as u64 > MAX_BYTES {
        return Err(invalid(format!(
            "the ops are larger than {} bytes; send smaller batches.",
            MAX_BYTES
        )));
    }
    String::from_utf8(bytes).map_err(|_| invalid("the ops are not UTF-8 text.".into()))
}

fn invalid(message: String) -> Error {
    Error::Refused {
        code: Refusal::PlanInvalid,
        message,
    }
}

fn bad_position(message: String) -> Error {
    Error::Refused {
        code: Refusal::PlanBadPosition,
        message,
    }
}

/// What the batch did, for the reply.
#[derive(Default)]
struct Done {
    minted: Vec<String>,
    read_only: bool,
}

fn apply(tx: &mut Tx, value: &Value) -> Result<Report> {
    let before: HashMap<String, Status> = tx
        .plan()
        .tasks()
        .map(|(_, _, t)| (t.id.clone(), t.status))
        .collect();
    let mut done = Done::default();
    match value {
        Value::Object(o) if o.contains_key("todos") => {
            let list = mirror_list(o.get("todos"), "content")?;
            mirror(tx, CLAUDE_PHASE, list, &mut done)?;
        }
        Value::Object(o) if o.contains_key("plan") && !o.contains_key("op") => {
            let list = mirror_list(o.get("plan"), "step")?;
            mirror(tx, CODEX_PHASE, list, &mut done)?;
        }
        Value::Object(o) => one(tx, o, &mut done)?,
        Value::Array(ops) if ops.is_empty() => {
            return Err(invalid("the batch is empty: send at least one op.".into()));
        }
        Value::Array(ops) => {
            for (i, op) in ops.iter().enumerate() {
                let Value::Object(o) = op else {
                    return Err(invalid(format!("op {} is not an object.", i + 1)));
                };
                one(tx, o, &mut done)?;
            }
        }
        _ => {
            return Err(invalid(
                "the ops must be an object or an array of objects.".into(),
            ));
        }
    }
    let plan = tx.plan();
    let completed: Vec<Value> = plan
        .tasks()
        .filter(|(_, _, t)| {
            t.status == Status::Completed && before.get(&t.id) != Some(&Status::Completed)
        })
        .map(|(_, p, t)| json!({ "id": t.id, "phase": p.name, "content": t.content }))
        .collect();
    let mut report = Report::new("apply", Kind::Data, "");
    report.extra.insert("minted".into(), json!(done.minted));
    report
        .extra
        .insert("completedTasks".into(), Value::Array(completed));
    if done.read_only {
        report.extra.insert("view".into(), json!(true));
    }
    Ok(report)
}

fn str_field<'a>(o: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(invalid(format!("\"{key}\" must be a string."))),
    }
}

fn text_field(o: &Map<String, Value>, key: &str) -> Result<Option<String>> {
    match str_field(o, key)? {
        None => Ok(None),
        Some(s) => normalize(s)
            .map(Some)
            .ok_or_else(|| invalid(format!("\"{key}\" is empty."))),
    }
}

fn items(v: Option<&Value>, what: &str) -> Result<Vec<String>> {
    let Some(Value::Array(items)) = v else {
        return Err(invalid(format!("{what} must be an array of strings.")));
    };
    items
        .iter()
        .map(|i| {
            i.as_str()
                .and_then(normalize)
                .ok_or_else(|| invalid(format!("{what} must hold non-empty strings.")))
        })
        .collect()
}

fn ids_field(o: &Map<String, Value>) -> Result<Vec<String>> {
    match o.get("ids").or_else(|| o.get("id")) {
        Some(Value::String(s)) => Ok(vec![s.clone()]),
        Some(v @ Value::Array(_)) => items(Some(v), "\"ids\""),
        _ => Err(invalid("\"ids\" must name at least one item.".into())),
    }
}

/// The known ids, for a message that says what could have been meant.
fn known(plan: &Plan) -> String {
    let mut ids: Vec<&str> = plan.phases.iter().map(|p| p.id.as_str()).collect();
    ids.extend(plan.tasks().map(|(_, _, t)| t.id.as_str()));
    let more = ids.len().saturating_sub(40);
    ids.truncate(40);
    let mut s = ids.join(", ");
    if s.is_empty() {
        s = "none: the plan is empty".into();
    }
    if more > 0 {
        s.push_str(&format!(" and {more} more"));
    }
    s
}

fn missing(plan: &Plan, what: &str) -> Error {
    Error::Refused {
        code: Refusal::PlanMissingItem,
        message: format!(
            "\"{what}\" names no task or phase. Known ids: {}.",
            known(plan)
        ),
    }
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

/// Add `items` to the phase named `phase` (matched, or made by the first
/// item), noting every id minted.
fn add_items(tx: &mut Tx, phase: String, items: Vec<String>, done: &mut Done) -> Result<()> {
    let mut phase_ref = match phase_id(tx.plan(), &phase) {
        Some(id) => PhaseRef::Id(id),
        None => PhaseRef::New(phase),
    };
    for item in items {
        let applied = tx.apply(Op::AddTask {
            phase: phase_ref.clone(),
            content: item,
        })?;
        if let Some(p) = applied.phase {
            done.minted.push(p.clone());
            phase_ref = PhaseRef::Id(p);
        }
        done.minted.extend(applied.task);
    }
    Ok(())
}

enum Item {
    Task(String),
    Phase(String),
}

fn item(plan: &Plan, q: &str) -> Result<Item> {
    if let Some(p) = phase_id(plan, q) {
        return Ok(Item::Phase(p));
    }
    task_id(plan, q).map(Item::Task)
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
            .is_some_and(|(_, t)| super::reopen::already_open(t))
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

fn add(tx: &mut Tx, phase: PhaseRef, content: String, done: &mut Done) -> Result<String> {
    let applied = tx.apply(Op::AddTask { phase, content })?;
    done.minted.extend(applied.phase);
    let id = applied
        .task
        .ok_or_else(|| Error::bug("a task was added without an id"))?;
    done.minted.push(id.clone());
    Ok(id)
}

/// Tasks named by `task`, else `phase`'s open tasks, else the one in
/// progress (the oh-my-pi tool's `done`/`drop` without a target).
fn targets(tx: &mut Tx, o: &Map<String, Value>) -> Result<Vec<String>> {
    let plan = tx.plan();
    if let Some(t) = str_field(o, "task")? {
        return match item(plan, t)? {
            Item::Task(id) => Ok(vec![id]),
            Item::Phase(p) => Ok(open_tasks(plan, &p)),
        };
    }
    if let Some(p) = str_field(o, "phase")? {
        let p = phase_id(plan, p).ok_or_else(|| missing(plan, p))?;
        return Ok(open_tasks(plan, &p));
    }
    Ok(plan
        .tasks()
        .filter(|(_, _, t)| t.status == Status::InProgress)
        .map(|(_, _, t)| t.id.clone())
        .collect())
}

fn open_tasks(plan: &Plan, phase: &str) -> Vec<String> {
    plan.phases
        .iter()
        .filter(|p| p.id == phase)
        .flat_map(|p| &p.tasks)
        .filter(|t| t.status.is_open())
        .map(|t| t.id.clone())
        .collect()
}

fn one(tx: &mut Tx, o: &Map<String, Value>, done: &mut Done) -> Result<()> {
    let op = match str_field(o, "op")? {
        Some(op) => op.to_string(),
        None => {
            let list = matches!(o.get("list"), Some(Value::Array(l)) if !l.is_empty());
            if list {
                "init".into()
            } else if o.contains_key("items") && o.contains_key("phase") {
                "append".into()
            } else if o.contains_key("items") && tx.plan().is_empty() {
                "init".into()
            } else {
                return Err(invalid(
                    "the op is missing and cannot be inferred (give \"op\").".into(),
                ));
            }
        }
    };
    match op.as_str() {
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
        "set" => {
            let status = state(str_field(o, "state")?.unwrap_or_default())?;
            let note = text_field(o, "note")?;
            for q in ids_field(o)? {
                let id = task_id(tx.plan(), &q)?;
                set(tx, id.clone(), status, None)?;
                if let Some(text) = &note {
                    tx.apply(Op::Note {
                        task: id,
                        text: text.clone(),
                    })?;
                }
            }
            if let Some(next) = str_field(o, "next")? {
                if tx.actor() == Actor::Person {
                    return Err(Error::Refused {
                        code: Refusal::OpNotAllowed,
                        message: "a person does not send \"next\"; start the task instead.".into(),
                    });
                }
                let id = task_id(tx.plan(), next)?;
                tx.apply(Op::Start { task: id })?;
            }
        }
        "note" => {
            let q = str_field(o, "id")?.ok_or_else(|| invalid("note needs an \"id\".".into()))?;
            let text =
                text_field(o, "text")?.ok_or_else(|| invalid("note needs a \"text\".".into()))?;
            let id = task_id(tx.plan(), q)?;
            tx.apply(Op::Note { task: id, text })?;
        }
        "unlock" => {
            if tx.actor() == Actor::Agent {
                return Err(Error::Refused {
                    code: Refusal::OpNotAllowed,
                    message: "only a person may unlock tasks; ask the person to run `todo unlock`."
                        .into(),
                });
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
            let locked: Vec<String> = ids
                .into_iter()
                .filter(|id| {
                    plan.task_by_id(id)
                        .is_some_and(|(_, t)| t.checks == Checks::Agent)
                })
                .collect();
            tx.apply_all(locked.into_iter().map(|task| Op::SetChecks {
                task,
                checks: Checks::Anyone,
                unlocked: true,
            }))?;
        }
        "add" => {
            let title =
                text_field(o, "title")?.ok_or_else(|| invalid("add needs a \"title\".".into()))?;
            if o.contains_key("after") {
                return Err(bad_position(
                    "\"after\" is not supported: items go last in their section.".into(),
                ));
            }
            match str_field(o, "type")?.unwrap_or("step") {
                "section" => {
                    if o.contains_key("under") {
                        return Err(bad_position(
                            "a section only stands at the top, not under another item.".into(),
                        ));
                    }
                    if phase_id(tx.plan(), &title).is_some() {
                        return Err(Error::PhaseNameTaken { name: title });
                    }
                    // A phase exists through its tasks: made with the first one.
                    return Err(invalid(format!(
                        "add a step under \"{title}\" to make the section: a section holds steps."
                    )));
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
                    let id = add(tx, phase, title, done)?;
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
            if o.contains_key("after") {
                return Err(bad_position(
                    "\"after\" is not supported: a step moves to the end of a section.".into(),
                ));
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
        other => {
            return Err(invalid(format!(
                "unknown op \"{other}\" (expected init, start, done, drop, rm, block, unblock, append, view, set, note, unlock, add, edit, move or remove)."
            )));
        }
    }
    Ok(())
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

/// A whole list (TodoWrite's `todos`, update_plan's `plan`) as text and status.
fn mirror_list(v: Option<&Value>, text_key: &str) -> Result<Vec<(String, Status)>> {
    let Some(Value::Array(list)) = v else {
        return Err(invalid("the list must be an array.".into()));
    };
    list.iter()
        .map(|entry| {
            let Value::Object(e) = entry else {
                return Err(invalid("each list entry must be an object.".into()));
            };
            let text = text_field(e, text_key)?
                .ok_or_else(|| invalid(format!("each list entry needs \"{text_key}\".")))?;
            let status = state(str_field(e, "status")?.unwrap_or("pending"))?;
            Ok((text, status))
        })
        .collect()
}

/// Make phase `name` hold exactly `list`: tasks kept by their text, new
/// ones added, the ones the list no longer has removed.
fn mirror(tx: &mut Tx, name: &str, list: Vec<(String, Status)>, done: &mut Done) -> Result<()> {
    let plan = tx.plan();
    let phase = phase_id(plan, name);
    let existing: Vec<(String, String)> = phase
        .as_ref()
        .and_then(|p| plan.phases.iter().find(|ph| &ph.id == p))
        .map(|ph| {
            ph.tasks
                .iter()
                .map(|t| (t.id.clone(), t.content.clone()))
                .collect()
        })
        .unwrap_or_default();
    let wanted: std::collections::HashSet<&str> = list.iter().map(|(t, _)| t.as_str()).collect();
    for (id, content) in &existing {
        if !wanted.contains(content.as_str()) {
            tx.apply(Op::RemoveTask { task: id.clone() })?;
        }
    }
    let mut phase_ref = match phase {
        Some(p) if !existing.is_empty() || tx.plan().find_phase(&p).is_some() => PhaseRef::Id(p),
        _ => PhaseRef::New(name.to_string()),
    };
    for (text, status) in list {
        let id = match existing.iter().find(|(_, c)| *c == text) {
            Some((id, _)) => id.clone(),
            None => {
                let applied = tx.apply(Op::AddTask {
                    phase: phase_ref.clone(),
                    content: text,
                })?;
                if let Some(p) = applied.phase {
                    done.minted.push(p.clone());
                    phase_ref = PhaseRef::Id(p);
                }
                let id = applied
                    .task
                    .ok_or_else(|| Error::bug("a task was added without an id"))?;
                done.minted.push(id.clone());
                id
            }
        };
        let same = tx
            .plan()
            .task_by_id(&id)
            .is_some_and(|(_, t)| t.status == status);
        if !same {
            set(tx, id, status, None)?;
        }
    }
    Ok(())
}
