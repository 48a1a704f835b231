//! `todo hook <event>`: what Claude Code and Codex run at the points of their
//! loop (docs/contract.md, "Agent hooks, setup and restore"). Each reads the
//! hook's JSON input and answers in the shape the agent documents, or with
//! nothing. Claude Code's hooks reference (code.claude.com/docs/en/hooks) and
//! Codex's schemas (openai/codex `codex-rs/hooks/schema/generated`) take the
//! same input fields and the same answers (`decision`/`reason`,
//! `hookSpecificOutput.additionalContext`), so one shape serves both; the
//! agent only changes the guide at session start.
//!
//! A hook never wedges its agent: its own failures (unreadable input, a
//! broken plan) are the caller's to print as one line, and exit 0.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use super::seen::{AgentState, UserEdit, change_state, state_error, user_edit};
use crate::error::{Error, Result};
use crate::markdown::{Flavour, render_phases};
use crate::plan::ops::{OpError, Refusal};
use crate::plan::{Phase, Plan, Status, Task};
use crate::storage::Store;
use crate::text::{clipped, for_agent, neutral_tags, visible};
use crate::work::Context;

/// The largest plan file a hook reads: far above any plan an agent works
/// with (100,000 tasks take about 10 MB), far below what would make a hook
/// slow.
const HOOK_PLAN_BYTES: u64 = 64 << 20;

/// What proves a task done in a hook: nothing. A check may run for
/// minutes, under the plan's lock, while the agent gives a hook seconds
/// and then kills it (leaving the check's processes behind and the change
/// lost). So a hook never runs one: the change that would complete a task
/// with a check is refused, and the agent is told to run `todo done`
/// itself, which runs the check outside any hook.
pub(crate) struct NoChecks;

impl crate::plan::tx::Prover for NoChecks {
    fn prove(&mut self, task: &Task) -> std::result::Result<crate::plan::Proof, OpError> {
        let command = task.check_command().unwrap_or_default();
        let message = format!(
            "{} has a check, and a hook does not run checks (one may take minutes; a hook answers in seconds):\n  {command}\n\
             Run `todo done {}` yourself: it runs the check and completes the task if it passes. Until then the task stays open in the plan.",
            task.name(),
            task.id
        );
        Err(OpError::refused(Refusal::OpNotAllowed, message))
    }
}

/// The longest a hook waits for the plan's lock: well under the
/// [`crate::agent::setup`] timeout (10 s) the agents are told to allow.
pub(crate) const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// Claude Code's events of its Task tools, answered by the post-tool hook.
const TASK_EVENTS: [&str; 2] = ["TaskCreated", "TaskCompleted"];

/// The hook events todo answers (`todo hook <EVENT>`); as a `&str`, the
/// `hook_event_name` both agents send for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, strum::IntoStaticStr)]
pub enum Event {
    /// The agent is about to stop (Stop).
    Stop,
    /// A person sent a prompt (UserPromptSubmit).
    #[strum(serialize = "UserPromptSubmit")]
    Prompt,
    /// A session starts or resumes (SessionStart).
    SessionStart,
    /// The agent's own todo tool ran (PostToolUse of TodoWrite, update_plan,
    /// TaskCreate or TaskUpdate; Claude Code's TaskCreated and TaskCompleted).
    #[strum(serialize = "PostToolUse")]
    PostTool,
}

impl Event {
    /// Whether an input naming event `name` is this hook's: the post-tool
    /// hook also answers Claude Code's `TaskCreated` and `TaskCompleted`.
    fn answers(self, name: &str) -> bool {
        name == <&str>::from(self) || (self == Event::PostTool && TASK_EVENTS.contains(&name))
    }
}

/// `bytes` (JSON text) with every `\u` escape of a UTF-16 surrogate that
/// has no partner written `\ufffd`, so that a cut emoji does not make the
/// whole input unreadable. Everything else is kept byte for byte.
fn lone_surrogates_replaced(bytes: &[u8]) -> Vec<u8> {
    let escape_at = |i: usize| -> Option<u16> {
        let hex = bytes.get(i..i + 6)?.strip_prefix(b"\\u")?;
        u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
    };
    let high = |u: u16| (0xD800..0xDC00).contains(&u);
    let low = |u: u16| (0xDC00..0xE000).contains(&u);
    // The bytes up to `copied`, with the replacements.
    let (mut out, mut copied, mut i) = (Vec::new(), 0, 0);
    while let Some(at) = bytes.get(i..).and_then(|rest| memchr::memchr(b'\\', rest)) {
        i += at;
        i += match escape_at(i) {
            Some(u) if high(u) && escape_at(i + 6).is_some_and(low) => 12,
            Some(u) if high(u) || low(u) => {
                out.extend_from_slice(&bytes[copied..i]);
                out.extend_from_slice(b"\\ufffd");
                copied = i + 6;
                6
            }
            Some(_) => 6,
            // Any other escape is two bytes (`\\` among them).
            None => 2,
        };
    }
    out.extend_from_slice(&bytes[copied..]);
    out
}

/// The agents whose hooks todo speaks (also `--agent`'s values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Agent {
    /// Claude Code.
    Claude,
    /// OpenAI Codex.
    Codex,
}

/// What the hook was told on the command line.
pub(crate) struct HookCall {
    pub event: Event,
    /// `--agent`; else told by the input (Codex sends `turn_id`).
    pub agent: Option<Agent>,
    /// Stop reminders per cycle (`--max`).
    pub max: u32,
    /// Where the process runs: the plan is found from the input's `cwd`,
    /// else from here.
    pub cwd: PathBuf,
}

/// The fields of the hook input todo reads.
struct HookInput {
    /// `hook_event_name`, when the input names its event.
    event: Option<String>,
    session: String,
    cwd: Option<PathBuf>,
    /// The whole input, for the fields of one event.
    fields: Value,
    agent: Agent,
}

impl HookInput {
    fn parse(bytes: &[u8]) -> Result<HookInput> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(Error::Invalid(
                "no hook input on stdin (it reads the JSON an agent's hook sends)".into(),
            ));
        }
        let bytes = lone_surrogates_replaced(bytes);
        let value: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Error::Invalid(format!("the hook input is not JSON: {e}")))?;
        let Value::Object(map) = value else {
            return Err(Error::Invalid("the hook input is not a JSON object".into()));
        };
        let text = |key: &str| map.get(key).and_then(Value::as_str).map(str::to_string);
        // Codex sends `turn_id` with every turn's event; Claude Code never
        // does (both send `model` at session start). `todo setup` writes
        // `--agent`, so this guess is only the fallback.
        let codex = map.contains_key("turn_id");
        Ok(HookInput {
            event: text("hook_event_name"),
            session: text("session_id").unwrap_or_default(),
            cwd: text("cwd").filter(|c| !c.is_empty()).map(PathBuf::from),
            agent: if codex { Agent::Codex } else { Agent::Claude },
            fields: Value::Object(map),
        })
    }
}

/// Run a hook on its input; `Some` is the JSON to print on stdout.
pub(crate) fn run(ctx: &Context, hook: &HookCall, input: &[u8]) -> Result<Option<Value>> {
    let input = HookInput::parse(input)?;
    // The plan of the directory the agent works in (a named `--file`
    // stays what it names).
    let mut store = if ctx.store.discovered {
        let cwd = (input.cwd.as_ref()).map_or_else(|| hook.cwd.clone(), |dir| hook.cwd.join(dir));
        Store::locate(None, &cwd)
    } else {
        ctx.store.clone()
    };
    // A plan held by another todo is waited for well under the time the
    // agent gives the hook, so the hook gives up on its own (one line on
    // stderr, exit 0) instead of being killed.
    store.lock_wait = ctx.store.lock_wait.min(LOCK_WAIT);
    let ctx = ctx.with_store(store);
    // A hook answers in milliseconds or not at all: a plan file larger
    // than any plan todo writes (a sparse file, a log written over it) is
    // not read, so the agent never waits on it.
    if let Ok(meta) = std::fs::metadata(&ctx.store.path)
        && meta.is_file()
        && meta.len() > HOOK_PLAN_BYTES
    {
        return Err(Error::Invalid(format!(
            "{} is {} bytes, more than a hook reads ({} MiB); run `todo check` to see it",
            ctx.store.path.display(),
            grouped(usize::try_from(meta.len()).unwrap_or(usize::MAX)),
            HOOK_PLAN_BYTES >> 20
        )));
    }
    let agent = hook.agent.unwrap_or(input.agent);
    // An input for another event (a `SubagentStop` sent to the stop hook:
    // the subagent has no business with the main plan's reminders) is not
    // this hook's to answer: nothing done, nothing spent.
    if let Some(name) = &input.event
        && !hook.event.answers(name)
    {
        return Err(Error::Invalid(format!(
            "this hook answers {} events; it was given {} and did nothing",
            <&str>::from(hook.event),
            visible(name)
        )));
    }
    // The session works: its leases on the git remote are renewed when due.
    crate::lease::renew_due(&ctx.store.target(), &ctx.now);
    match hook.event {
        Event::Stop => {
            // Claude Code's own answer only where setup (or the plugin)
            // said Claude Code and the input is not Codex's (which runs
            // the same plugin, `--agent claude` and all).
            let claude = hook.agent == Some(Agent::Claude) && input.agent == Agent::Claude;
            stop(&ctx, hook.max, &input, claude)
        }
        Event::Prompt => prompt(&ctx, &input),
        Event::SessionStart => session_start(&ctx, agent, &input),
        Event::PostTool => post_tool(&ctx, &input),
    }
}

/// Did the assistant end by asking the user something? (oh-my-pi's
/// `isAwaitingUserAnswer`: its last non-blank line ends with `?`.)
fn asks(message: Option<&str>) -> bool {
    message
        .and_then(|m| m.lines().rev().find(|l| !l.trim().is_empty()))
        .is_some_and(|l| l.trim_end().ends_with('?'))
}

/// The stop reminder. To Claude Code (`claude`) it is the Stop event's
/// `additionalContext`: measured with 2.1.332, it keeps the turn going
/// as a block does (the same cap), reaches the model as a reminder
/// ("Stop hook additional context: …"), and shows the person no error,
/// where a block reaches the model as "Stop hook blocking error from
/// command …" and the person as "stop hook problem". To Codex, and to an
/// agent not named, it is the block both read.
fn stop(ctx: &Context, max: u32, input: &HookInput, claude: bool) -> Result<Option<Value>> {
    let loaded = ctx.store.load()?;
    let last = input.fields["last_assistant_message"].as_str();
    if loaded.bytes.is_none() || max == 0 || asks(last) {
        return Ok(None);
    }
    let open = loaded.plan.open_work();
    if open.is_empty() {
        return Ok(None);
    }
    let history = ctx.history.as_ref().ok_or(Error::NoHistoryDir)?;
    let lock = ctx.store.lock()?;
    let mut state = AgentState::load(history, &ctx.real_path(), &lock).map_err(state_error)?;
    if state.reminders(&input.session) >= max {
        return Ok(None);
    }
    let k = state.remind(&input.session);
    state.save(&lock).map_err(state_error)?;
    let mut lines = incomplete(&open);
    lines.push(format!("\nPlease continue working on these tasks or mark them complete if finished.\n(Reminder {k}/{max})"));
    // No `<system-reminder>` tags: Codex 0.171.0 and Claude Code 2.1.332
    // escape `<` in a stop reason (`&lt;system-reminder&gt;` reaches the
    // model), so the reason says what it is in its own words.
    let reason = lines.join("\n");
    if claude {
        return Ok(Some(context("Stop", &reason)));
    }
    Ok(Some(json!({ "decision": "block", "reason": reason })))
}

/// `lines` as a reminder of the agent's harness.
fn reminder(lines: &[String]) -> String {
    let text = lines.join("\n");
    format!("<system-reminder>\n{text}\n</system-reminder>")
}

/// oh-my-pi's list of open work, as `todo check` prints it (the header
/// with the true count), but only the tasks that are [`fitting`], each
/// text [`shown`], and then one line counting the rest.
fn incomplete(open: &[(&Phase, Vec<&Task>)]) -> Vec<String> {
    let total: usize = open.iter().map(|(_, tasks)| tasks.len()).sum();
    let mut lines = vec![crate::output::stopped_with(total)];
    // Each task, its phase's heading before the first.
    let tasks = open.iter().flat_map(|(phase, tasks)| {
        tasks.iter().enumerate().map(|(i, task)| {
            let heading = (i == 0).then(|| format!("- {}", shown(&phase.name)));
            let line = format!("  - {}", shown(&task.content));
            let cost = line.len() + heading.as_ref().map_or(0, String::len);
            (heading.into_iter().chain([line]), cost, true)
        })
    });
    let fit = fitting(LIST_BYTES, tasks);
    let left = total - fit.len();
    lines.extend(fit.into_iter().flatten());
    lines.extend(more(left, |n| {
        format!("- … and {n} more (`todo check` lists them all)")
    }));
    lines
}

/// At most this many tasks are listed in one hook text, so that a large plan
/// stays small in the agent's context (docs/contract.md, "Agent hooks, setup
/// and restore"); the rest are counted on one line.
const TASKS_SHOWN: usize = 100;
/// …and the lines listing them take at most this many bytes, whatever
/// the tasks' lengths.
const LIST_BYTES: usize = 6_000;
/// A text from the plan longer than this many characters is cut with `…`.
const TEXT_SHOWN: usize = 200;

/// The leading `items` of a hook text's list that fit in `bytes` and
/// [`TASKS_SHOWN`] tasks: each is `(item, its bytes, whether it is a
/// task)`. The list stops at the first that does not fit.
fn fitting<T>(mut bytes: usize, items: impl IntoIterator<Item = (T, usize, bool)>) -> Vec<T> {
    let mut tasks = TASKS_SHOWN;
    let fit = |(item, cost, task): (T, usize, bool)| {
        if cost > bytes || (task && tasks == 0) {
            return None;
        }
        bytes -= cost;
        tasks -= usize::from(task);
        Some(item)
    };
    items.into_iter().map_while(fit).collect()
}

/// The line `say` makes of the count (grouped) of `left` items not
/// listed, if there are any.
fn more(left: usize, say: impl FnOnce(String) -> String) -> Option<String> {
    (left > 0).then(|| say(grouped(left)))
}

/// `n` with its thousands grouped: `9,900`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let groups = digits.as_bytes().rchunks(3).rev();
    groups
        .map(String::from_utf8_lossy)
        .collect::<Vec<_>>()
        .join(",")
}

/// [`for_agent`], cut to [`TEXT_SHOWN`] characters with `…`.
fn shown(text: &str) -> String {
    clipped(text, TEXT_SHOWN, for_agent)
}

fn prompt(ctx: &Context, input: &HookInput) -> Result<Option<Value>> {
    let history = ctx.history.as_ref().ok_or(Error::NoHistoryDir)?;
    let real = ctx.real_path();
    // No plan here, and none to have been removed: nothing to keep.
    if std::fs::symlink_metadata(&ctx.store.path).is_err() && !AgentState::exists(history, &real) {
        return Ok(None);
    }
    let lock = ctx.store.lock()?;
    let loaded = ctx.store.load()?;
    let bytes = loaded.bytes.as_deref();
    let edit = change_state(ctx, history, &lock, |state| {
        state.new_cycle(&input.session);
        let edit = user_edit(history, &lock, &real, state.seen(), (&loaded.plan, bytes));
        state.saw(loaded.plan.rev, bytes);
        edit
    })?;
    Ok(edit.map(|edit| context("UserPromptSubmit", &user_edit_text(&edit, &loaded.plan))))
}

fn visible_task(task: &Task) -> Task {
    let mut task = task.clone();
    let texts = std::iter::once(&mut task.content).chain(&mut task.blocker);
    texts
        .chain(&mut task.notes)
        .for_each(|t| *t = visible_text(t));
    task
}

fn visible_text(text: &str) -> String {
    clipped(text, TEXT_SHOWN, |t| visible(t).into_owned())
}

/// The checklist of the user-edit notice: the whole plan when it is
/// [`fitting`]; else its open tasks first, then finished ones, as many as
/// fit, in the plan's order (phases with none shown left out), and a line
/// counting the rest.
fn edit_checklist(phases: &[Phase]) -> String {
    let total: usize = phases.iter().map(|p| p.tasks.len()).sum();
    // Every task by phase and place, open ones first.
    let order = [true, false].into_iter().flat_map(|open| {
        phases.iter().enumerate().flat_map(move |(p, phase)| {
            let tasks = phase.tasks.iter().enumerate();
            tasks
                .filter(move |(_, task)| task.status.is_open() == open)
                .map(move |(t, _)| (p, t))
        })
    });
    let mut headed = vec![false; phases.len()];
    let tasks = order.map(|(p, t)| {
        let mut line = String::new();
        crate::markdown::render_task(&mut line, &visible_task(&phases[p].tasks[t]));
        let heading = if std::mem::replace(&mut headed[p], true) {
            0
        } else {
            visible_text(&phases[p].name).len() + 3
        };
        ((p, t), line.len() + heading, true)
    });
    let fit = fitting(LIST_BYTES, tasks);
    let listed = fit.len();
    // The places of the tasks shown, by phase, in the plan's order.
    let mut chosen = vec![Vec::new(); phases.len()];
    for (p, t) in fit {
        chosen[p].push(t);
    }
    chosen.iter_mut().for_each(|tasks| tasks.sort_unstable());
    // The phases with a chosen task (`all`: every phase), with their texts
    // as [`for_agent`] would show them, but for the tags (left to
    // [`neutral_tags`] on the Markdown, where `&lt;` is `<`), each cut to
    // [`TEXT_SHOWN`] characters, as [`shown`].
    let view = |all: bool| {
        let shown: Vec<Phase> = phases
            .iter()
            .zip(&chosen)
            .filter(|(_, chosen)| all || !chosen.is_empty())
            .map(|(phase, chosen)| Phase {
                id: phase.id.clone(),
                name: visible_text(&phase.name),
                tasks: chosen
                    .iter()
                    .map(|&t| visible_task(&phase.tasks[t]))
                    .collect(),
                extra: Map::new(),
            })
            .collect();
        neutral_tags(&render_phases(&shown, Flavour::View), "&lt;")
    };
    if listed == total {
        // Every task fits, but not always every phase: empty ones count too.
        let whole = view(true);
        if whole.len() <= START_BYTES {
            return whole;
        }
    }
    let phases_left = chosen.iter().filter(|c| c.is_empty()).count();
    let mut out = view(false);
    let mut left = Vec::new();
    if total > listed {
        left.push(format!("{} more tasks", grouped(total - listed)));
    }
    // Phases left out with tasks are counted by their tasks.
    let empty_left = phases.iter().filter(|p| p.tasks.is_empty()).count();
    if phases_left > 0 && empty_left > 0 {
        left.push(format!("{} more phases with no tasks", grouped(empty_left)));
    }
    if !left.is_empty() {
        out.push_str(&format!(
            "… and {} (`todo show` lists them all)",
            left.join(", ")
        ));
    }
    out
}

/// oh-my-pi's user-edit reminder (`buildSystemReminder`), exactly.
fn user_edit_text(edit: &UserEdit, plan: &Plan) -> String {
    let markdown = edit_checklist(&plan.phases);
    let markdown = markdown.trim_end();
    let mut lines = vec![format!(
        "The user manually modified the todo list ({}).",
        for_agent(&edit.action)
    )];
    if edit.removed {
        lines.push(if plan.phases.is_empty() {
            "The user intentionally cleared the todo list. Do NOT recreate or re-populate it unless the user explicitly asks; continue the current request without a todo list.".into()
        } else {
            "The user intentionally removed the entries no longer shown below. Do NOT re-add them unless the user explicitly asks.".into()
        });
    }
    lines.push("Current todo list:".into());
    lines.push(String::new());
    lines.push(if plan.phases.is_empty() {
        "(empty)".into()
    } else {
        markdown.to_string()
    });
    reminder(&lines)
}

fn context(event: &str, text: &str) -> Value {
    json!({
        "hookSpecificOutput": {
            "hookEventName": event,
            "additionalContext": text,
        }
    })
}

fn session_start(ctx: &Context, agent: Agent, input: &HookInput) -> Result<Option<Value>> {
    if std::fs::symlink_metadata(&ctx.store.path).is_err() {
        return Ok(None);
    }
    let lock = ctx.store.lock()?;
    let loaded = ctx.store.load()?;
    // After a compaction or a resume the session goes on: it gets the
    // handoff brief (with what a person changed meanwhile) in place of the
    // whole open plan.
    let source = input.fields["source"].as_str().unwrap_or("startup");
    let going_on = matches!(source, "compact" | "resume");
    let person = going_on
        .then(|| super::handoff::person_changes(ctx, &lock, &loaded.plan, loaded.bytes.as_deref()))
        .flatten();
    let tools = list_tools(agent, input, &ctx.cwd);
    if let Some(history) = &ctx.history {
        change_state(ctx, history, &lock, |state| {
            state.new_cycle(&input.session);
            state.saw(loaded.plan.rev, loaded.bytes.as_deref());
            // Not told of the mirror now: told when a list tool is used.
            if tools == ListTools::Unknown {
                state.tell(&input.session, &[MIRROR_UNTOLD.to_string()]);
            }
        })?;
    }
    drop(lock);
    let marked = agent_shell(agent, input, &ctx.cwd);
    let mut text = how_to(&ctx.store.path, agent, &loaded.plan, tools, marked);
    if going_on {
        text.push('\n');
        text.push_str(&super::handoff::brief(
            &ctx.store.path,
            &loaded.plan,
            person.as_deref(),
        ));
    } else {
        text.push_str(&plan_listing(&loaded.plan));
    }
    Ok(Some(context("SessionStart", &text)))
}

/// Whether the session offers the agent a list tool of its own (whose
/// lists the post-tool hook mirrors into the plan).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListTools {
    Offered,
    NotOffered,
    /// Not told (no model in the input).
    Unknown,
}

/// Claude Code 2.1.332 offers TaskCreate/TaskUpdate/TodoWrite only to
/// older models (claude-3*, opus 4.0 to 4.7, sonnet 4.0, 4.5 and 4.6,
/// haiku 4.5) or with `CLAUDE_CODE_ENABLE_TODO_TOOLS=1`; Codex 0.171.0
/// offers `update_plan` only with `[tools.update_plan] enabled = true` in
/// its config (the user's or the project's).
fn list_tools(agent: Agent, input: &HookInput, cwd: &Path) -> ListTools {
    match agent {
        Agent::Claude => {
            if std::env::var("CLAUDE_CODE_ENABLE_TODO_TOOLS").is_ok_and(|v| v.trim() == "1") {
                return ListTools::Offered;
            }
            match input.fields["model"].as_str() {
                Some(model) if claude_lists(model) => ListTools::Offered,
                Some(_) => ListTools::NotOffered,
                None => ListTools::Unknown,
            }
        }
        Agent::Codex => {
            let enabled = codex_configs(input, cwd).iter().any(|doc| {
                doc.get("tools")
                    .and_then(|t| t.get("update_plan"))
                    .and_then(|u| u.get("enabled"))
                    .and_then(toml_edit::Item::as_bool)
                    == Some(true)
            });
            if enabled {
                ListTools::Offered
            } else {
                ListTools::NotOffered
            }
        }
    }
}

/// Codex's config files that count for the input's project: the
/// project's `.codex/config.toml` and the user's (`CODEX_HOME`, else
/// `~/.codex`), those that are there and read as TOML.
fn codex_configs(input: &HookInput, cwd: &Path) -> Vec<toml_edit::DocumentMut> {
    let dir = input
        .cwd
        .as_ref()
        .map_or_else(|| cwd.to_path_buf(), |c| cwd.join(c));
    let project = crate::storage::git_root(&dir)
        .unwrap_or(&dir)
        .join(".codex");
    let user = std::env::var_os("CODEX_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| dirs::home_dir().map(|h| h.join(".codex")));
    [Some(project), user]
        .into_iter()
        .flatten()
        .filter_map(|dir| std::fs::read_to_string(dir.join("config.toml")).ok())
        .filter_map(|text| text.parse().ok())
        .collect()
}

/// Is every `todo` the agent runs from its shell the agent? Where this
/// hook's environment has `TODO_AGENT` (Claude Code gives its hooks the
/// settings' `env`), or Codex's config sets it for the shell
/// (`shell_environment_policy.set`, which Codex 0.171.0 does not give its
/// hooks).
fn agent_shell(agent: Agent, input: &HookInput, cwd: &Path) -> bool {
    let set = |v: &str| !v.trim().is_empty();
    if std::env::var(super::identity::VARIABLE).is_ok_and(|v| set(&v)) {
        return true;
    }
    agent == Agent::Codex
        && codex_configs(input, cwd).iter().any(|doc| {
            doc.get("shell_environment_policy")
                .and_then(|p| p.get("set"))
                .and_then(|s| s.get(super::identity::VARIABLE))
                .and_then(toml_edit::Item::as_str)
                .is_some_and(set)
        })
}

/// Is `model` one Claude Code offers its list tools to?
fn claude_lists(model: &str) -> bool {
    let model = model.to_ascii_lowercase();
    if model.contains("claude-3") {
        return true;
    }
    // `opus-4-5`, `sonnet-4-20250514` (4.0), `haiku-4-5-20251001`.
    let minor = |family: &str| -> Option<u32> {
        let rest = &model[model.find(&format!("{family}-4"))? + family.len() + 2..];
        let digits: String = rest
            .strip_prefix('-')
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        match digits.len() {
            0 | 8 => Some(0),
            _ => digits.parse().ok(),
        }
    };
    matches!(minor("opus"), Some(0..=7))
        || matches!(minor("sonnet"), Some(0 | 5 | 6))
        || minor("haiku") == Some(5)
}

/// How the agent works from the plan: the plan is its list, `todo` in its
/// shell (as the agent), with the plan's own ids in the examples; the
/// mirror of its own list only where the session has one.
fn how_to(path: &Path, agent: Agent, plan: &Plan, tools: ListTools, marked: bool) -> String {
    let todo = if marked { "todo" } else { "todo --as agent" };
    let mut out = format!(
        "This project's task plan is {}, shared with a person: it is your task list. Work from it, not from a list of your own: what is open there is what to do, and you mark there what you do. Use `todo` in your shell{}:\n",
        for_agent(&path.display().to_string()),
        if marked {
            " (every `todo` you run there is the agent)"
        } else {
            ", as the agent: `todo --as agent …`"
        }
    );
    // The plan's own ids: the task being worked (or the first open one)
    // and the next; placeholders when the plan has no open task.
    let mut open = plan
        .tasks()
        .map(|(_, _, t)| t)
        .filter(|t| t.status.is_open());
    let first = open.next().map(|t| t.id.clone());
    let second = open.next().map(|t| t.id.clone());
    let a = first.clone().unwrap_or_else(|| "<id>".into());
    let b = second.or(first).unwrap_or_else(|| "<id>".into());
    let phase = plan
        .phases
        .first()
        .map_or_else(|| "<phase>".to_string(), |p| p.id.clone());
    out.push_str(&format!(
        "- read: `todo show` (the plan), `todo next` (the task to work on now), `todo check` (what is open), `todo handoff` (where the work stands)\n\
         - change: `{todo} start {a}`, `{todo} done {a}`, `{todo} block {b} --reason \"…\"`, `{todo} note {a} \"…\"`, `{todo} append {phase} \"<task>\"`\n\
         - several at once, all or none: `echo '[{{\"op\":\"done\",\"task\":\"{a}\"}},{{\"op\":\"start\",\"task\":\"{b}\"}}]' | todo apply` (the MCP server `todo` offers the same)\n"
    ));
    let aim = plan
        .objectives
        .iter()
        .find(|o| o.status == crate::plan::ObjectiveStatus::Open);
    match aim {
        Some(o) => out.push_str(&format!(
            "- what the work is for and what was learned: `{todo} objective done {}`, `{todo} finding \"…\"`\n",
            o.id
        )),
        None => out.push_str(&format!("- what was learned: `{todo} finding \"…\"`\n")),
    }
    out.push_str(
        "- what a person set is theirs: a refusal says what you may do instead. Stopping with open work brings a reminder.\n",
    );
    if plan.tasks().any(|(_, _, t)| t.verify.is_some()) {
        out.push_str(
            "- a task with a check is done only when its check passes: `done` runs it and, if it fails, refuses with its output. Fix the work; you may not change, remove or skip a check.\n",
        );
    }
    // Where it is not known whether the session has list tools (Claude
    // Code 2.1.332 names no model at session start), the mirror is spoken
    // of when the agent first uses one (`post_tool`), never before.
    if tools == ListTools::Offered {
        out.push_str(&format!("- {}\n", mirror(agent)));
    }
    out
}

/// How the agent's own list reaches the plan, for an agent that has one.
fn mirror(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => {
            "your task list (TaskCreate/TaskUpdate, or TodoWrite) is mirrored into the phase \"Claude Code\", one way (your list to the plan): each TaskCreate adds a task (its subject the text), TaskUpdate changes it (status; deleted removes it; a new subject renames it; addBlockedBy/addBlocks become what it needs; an owner claims it). Your list never gets the plan's other tasks: read them with `todo show`, and change them with `todo`."
        }
        Agent::Codex => {
            "your update_plan list is mirrored into the phase \"Codex\", one way (your list to the plan). It never gets the plan's other tasks: read them with `todo show`, and change them with `todo`."
        }
    }
}

/// Marks a session whose start could not tell whether it had list tools:
/// the mirror is explained at its first list-tool call.
const MIRROR_UNTOLD: &str = "mirror-untold";

/// Whether the project the plan `path` would be made in registers todo's
/// post-tool hook in its own agent settings (`todo setup claude|codex`
/// without `--user`): the person chose todo for this project.
fn project_set_up(path: &Path) -> bool {
    let root = crate::storage::project_of(path);
    [
        ".claude/settings.json",
        ".claude/settings.local.json",
        ".codex/hooks.json",
    ]
    .iter()
    // Never a FIFO or a device (a cloned repository's): regular files only.
    .filter_map(|f| crate::storage::read_regular(&root.join(f)).ok())
    .any(|bytes| String::from_utf8_lossy(&bytes).contains("todo hook post-tool"))
}

/// The first time a session's own list tool reaches the plan: how the
/// mirror works, told once per session (session start could not know
/// whether the session had list tools).
fn mirror_notice(ctx: &Context, input: &HookInput) -> Result<Option<String>> {
    let claude = matches!(
        input.fields["tool_name"].as_str(),
        Some("TaskCreate" | "TaskUpdate" | "TodoWrite")
    );
    let Some(history) = ctx.history.as_ref().filter(|_| claude) else {
        return Ok(None);
    };
    // Read, and written only the once it tells: every other list-tool
    // call costs a read of the state and nothing more.
    let lock = ctx.store.lock()?;
    let mut state = super::seen::AgentState::load(history, &ctx.real_path(), &lock)
        .map_err(super::seen::state_error)?;
    let (session, told) = (&input.session, "mirror");
    if !state.was_told(session, MIRROR_UNTOLD) || state.was_told(session, told) {
        return Ok(None);
    }
    state.tell(session, &[told.to_string()]);
    state.save(&lock).map_err(super::seen::state_error)?;
    let text = mirror(Agent::Claude);
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    Ok(Some(format!(
        "{}{}",
        first.unwrap_or_default(),
        chars.as_str()
    )))
}

/// The plan at session start: open work in full, finished work counted
/// per phase, within [`START_BYTES`].
fn plan_listing(plan: &Plan) -> String {
    let mut out = String::new();
    out.push('\n');
    if plan.is_blank() {
        out.push_str(&format!("The plan is empty (rev {}).", plan.rev));
        return out;
    }
    out.push_str(&format!("The plan (rev {}):\n", plan.rev));
    let aims = objectives(plan);
    out.push_str(&aims);
    // The findings go last, but their room is kept first.
    let found = findings(plan);
    let open_total = plan.phases.iter().flat_map(|p| p.open()).count();
    // Each phase's open tasks, its heading before the first; a phase with
    // none is its heading alone.
    let items = plan.phases.iter().flat_map(|phase| {
        let count = |s: Status| phase.tasks.iter().filter(|t| t.status == s).count();
        let mut heading = format!("\n# {} ({})", shown(&phase.name), phase.id);
        if let Some(finished) = finished(count(Status::Completed), count(Status::Abandoned)) {
            heading.push_str(&format!(" — {finished}"));
        }
        let mut heading = Some(heading);
        let mut open = phase.open().peekable();
        let bare = open.peek().is_none().then_some(None);
        bare.into_iter().chain(open.map(Some)).map(move |task| {
            let headed = heading.is_some();
            let mut text = heading.take().unwrap_or_default();
            if let Some(task) = task {
                text.push_str(&format!(
                    "\n- [{}] {} {}",
                    task.status.marker(),
                    task.id,
                    shown(&task.content)
                ));
                if let Some(blocker) = &task.blocker {
                    text.push_str(&format!(" (blocked: {})", shown(blocker)));
                }
                if let Some(command) = task.check_command() {
                    text.push_str(&format!(" (check: {})", shown(command)));
                }
            }
            let cost = text.len();
            ((text, headed, task.is_some()), cost, task.is_some())
        })
    });
    let room = LIST_BYTES.min(START_BYTES.saturating_sub(aims.len() + found.len()));
    let (mut listed, mut phases_left) = (0, plan.phases.len());
    for (text, headed, task) in fitting(room, items) {
        out.push_str(&text);
        listed += usize::from(task);
        phases_left -= usize::from(headed);
    }
    let tasks_left = more(open_total - listed, |n| {
        format!("\n… and {n} more open tasks (`todo show` lists them all)")
    });
    out.extend(tasks_left.or_else(|| {
        more(phases_left, |n| {
            format!("\n… and {n} more phases, their work finished (`todo show` lists them all)")
        })
    }));
    out.push_str(&found);
    out
}

/// Findings shown at session start: the latest; more are counted. As
/// many open objectives, the first.
const FINDINGS_SHOWN: usize = 20;
/// …in at most this many bytes each (findings, objectives).
const AIMS_BYTES: usize = 1_500;
/// The lists of session start (objectives, tasks, findings) together take
/// at most this many bytes: the tasks get what the others leave, up to
/// [`LIST_BYTES`].
const START_BYTES: usize = 8_000;

/// The open objectives in full, the finished ones counted (before the
/// phases, as `todo show` has them).
fn objectives(plan: &Plan) -> String {
    use crate::plan::ObjectiveStatus::{Done, Dropped, Open};
    if plan.objectives.is_empty() {
        return String::new();
    }
    let with = |s| plan.objectives.iter().filter(move |o| o.status == s);
    let mut out = match finished(with(Done).count(), with(Dropped).count()) {
        Some(finished) => format!("\nObjectives ({finished}):"),
        None => "\nObjectives:".to_string(),
    };
    let lines = with(Open).take(FINDINGS_SHOWN).map(|o| aim(&o.id, &o.text));
    let lines = fitting(AIMS_BYTES, lines);
    let left = with(Open).count() - lines.len();
    out.extend(lines);
    out.extend(more(left, |n| {
        format!("\n- … and {n} more open objectives (`todo show` lists them all)")
    }));
    out
}

/// `2 done, 1 dropped`, leaving out a count of 0; `None` for none.
fn finished(done: usize, dropped: usize) -> Option<String> {
    let counts: Vec<String> = [(done, "done"), (dropped, "dropped")]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, word)| format!("{n} {word}"))
        .collect();
    (!counts.is_empty()).then(|| counts.join(", "))
}

/// `line` as an item of [`fitting`]: its bytes are its length.
fn costed(line: String, task: bool) -> (String, usize, bool) {
    let bytes = line.len();
    (line, bytes, task)
}

/// An objective or a finding, as session start lists them.
fn aim(id: &str, text: &str) -> (String, usize, bool) {
    costed(format!("\n- [{id}] {}", shown(text)), false)
}

/// The findings (after the phases), the latest [`FINDINGS_SHOWN`].
fn findings(plan: &Plan) -> String {
    let all = &plan.findings;
    if all.is_empty() {
        return String::new();
    }
    let latest = &all[all.len().saturating_sub(FINDINGS_SHOWN)..];
    let lines = fitting(AIMS_BYTES, latest.iter().rev().map(|f| aim(&f.id, &f.text)));
    let mut out = if lines.len() < all.len() {
        let (shown, all) = (lines.len(), all.len());
        format!("\nFindings (the latest {shown} of {all}; `todo show` lists them all):")
    } else {
        "\nFindings:".to_string()
    };
    out.extend(lines.into_iter().rev());
    out
}

fn post_tool(ctx: &Context, input: &HookInput) -> Result<Option<Value>> {
    use super::dialect::{Dialect, tasks};
    // No plan here: the agent's list is not mirrored into a new one (with
    // `todo setup --user`, every directory the agent works in would get a
    // plan file), unless this project was set up for todo (`todo setup`
    // in the project, or the plugin's hooks written there): then the
    // agent's first list is the project's plan, made from zero.
    if std::fs::symlink_metadata(&ctx.store.path).is_err() && !project_set_up(&ctx.store.path) {
        return Ok(None);
    }
    // `TaskCreated` and `TaskCompleted` come before the change is made,
    // and a `block` would undo or refuse it: a refusal there is only
    // this hook's own line on stderr. A completion is recorded from the
    // `TaskUpdate` that applied it, never from `TaskCompleted` (which
    // another hook may refuse).
    let event = input.event.as_deref().filter(|n| TASK_EVENTS.contains(n));
    let tool_input = input.fields.get("tool_input").filter(|i| i.is_object());
    // `TaskCreate`'s response holds the new task's id.
    let response = input.fields.get("tool_response");
    // The Claude Code task list the session's Task tools write:
    // `CLAUDE_CODE_TASK_LIST_ID` when it shares one, else the session's own.
    let list = || match std::env::var("CLAUDE_CODE_TASK_LIST_ID") {
        Ok(id) if !id.trim().is_empty() => format!("list:{}", id.trim()),
        _ => format!("session:{}", input.session),
    };
    let outcome = match (event, input.fields["tool_name"].as_str(), tool_input) {
        (Some(name), ..) => super::apply_call(ctx, tasks::event(name, &input.fields)?, &list()),
        (_, Some("TodoWrite"), Some(i)) => super::apply_in_hook(ctx, i, Dialect::TodoWrite),
        (_, Some("update_plan"), Some(i)) => super::apply_in_hook(ctx, i, Dialect::UpdatePlan),
        // Claude Code did not make it (no such task): nor does todo.
        (_, Some("TaskUpdate"), Some(_)) if !tasks::applied(response) => return Ok(None),
        (_, Some("TaskUpdate"), Some(i)) => {
            let teammate = input.fields["teammate_name"].as_str();
            super::apply_call(ctx, tasks::update(i, response, teammate)?, &list())
        }
        (_, Some("TaskCreate"), Some(i)) => {
            super::apply_call(ctx, tasks::create(i, response)?, &list())
        }
        (_, Some("TodoWrite" | "update_plan" | "TaskCreate" | "TaskUpdate"), None) => {
            let no_input = "the hook input has no tool_input object";
            return Err(Error::Invalid(no_input.into()));
        }
        _ => return Ok(None),
    };
    match outcome.result {
        Ok(_) if event.is_some() => Ok(None),
        Ok(report) => {
            if let Some(reason) = checks_left(&report) {
                return Ok(Some(json!({ "decision": "block", "reason": reason })));
            }
            let said: Vec<String> = [
                mirror_notice(ctx, input)?,
                kept_notice(ctx, input, &report)?,
            ]
            .into_iter()
            .flatten()
            .collect();
            Ok((!said.is_empty()).then(|| context("PostToolUse", &said.join("\n"))))
        }
        Err(Error::Unchanged { source, plan }) => {
            // The agent's list did not fit the plan: its reason to retry,
            // whatever the refusal. Only what is not about the list (the
            // plan file, the lock, the disk) is the hook's own error.
            let e = *source;
            let about_the_list = matches!(e, Error::Op(crate::plan::ops::OpError::Refused { .. }))
                || matches!(e.exit_code(), 2 | 3 | 7);
            if event.is_some() || !about_the_list {
                return Err(e);
            }
            let reason = refusal_text(&e, &plan);
            Ok(Some(json!({ "decision": "block", "reason": reason })))
        }
        Err(e) => Err(e),
    }
}

/// The tasks with a check that the agent's list said completed, left
/// open by the mirror (a hook never runs a check): the agent's reason to
/// run `todo done` itself. The rest of its list was mirrored.
fn checks_left(report: &crate::output::Report) -> Option<String> {
    let Some(Value::Array(left)) = report.extra.get("checksLeft") else {
        return None;
    };
    let field = |k: &Value, f: &str| k.get(f).and_then(Value::as_str).unwrap_or("").to_string();
    let ids: Vec<String> = left.iter().map(|k| field(k, "id")).collect();
    let mut lines = vec![
        "Your list was mirrored into the todo plan, but for these tasks: each has a check, and a hook does not run checks (one may take minutes; a hook answers in seconds), so they stay open in the plan:".to_string(),
    ];
    let listed = left.iter().map(|k| {
        let line = format!(
            "- {} {} (check: {})",
            field(k, "id"),
            shown(&field(k, "content")),
            shown(&field(k, "command"))
        );
        costed(line, true)
    });
    let fit = fitting(LIST_BYTES, listed);
    let more_left = left.len().saturating_sub(fit.len());
    lines.extend(fit);
    lines.extend(more(more_left, |n| format!("- … and {n} more")));
    let example = ids.first().map(|i| for_agent(i)).unwrap_or_default();
    lines.push(format!(
        "Run `todo done {example}` yourself (one task at a time): it runs the check and completes the task if it passes."
    ));
    Some(lines.join("\n"))
}

/// The tasks a person decided that the agent's list could not change
/// (`kept` in the reply), told to the session once each: the list went on
/// mirroring everything else, and the agent need do nothing about them.
fn kept_notice(
    ctx: &Context,
    input: &HookInput,
    report: &crate::output::Report,
) -> Result<Option<String>> {
    let Some(Value::Array(kept)) = report.extra.get("kept") else {
        return Ok(None);
    };
    let field = |k: &Value, f: &str| k.get(f).and_then(Value::as_str).unwrap_or("").to_string();
    let keys: Vec<String> = kept
        .iter()
        .map(|k| format!("{}:{}", field(k, "id"), field(k, "status")))
        .collect();
    let Some(history) = &ctx.history else {
        return Ok(None);
    };
    let lock = ctx.store.lock()?;
    let new = change_state(ctx, history, &lock, |state| {
        state.tell(&input.session, &keys)
    })?;
    if new.is_empty() {
        return Ok(None);
    }
    let mut lines = vec![
        "A person decided these tasks of the todo plan; your list cannot change them, so the plan keeps them as they are:".to_string(),
    ];
    let told = kept.iter().zip(&keys).filter(|(_, key)| new.contains(key));
    let told = told.map(|(k, _)| {
        let (id, status) = (field(k, "id"), field(k, "status"));
        costed(
            format!("- {id} {} ({status})", shown(&field(k, "content"))),
            true,
        )
    });
    let fit = fitting(LIST_BYTES, told);
    let left = new.len().saturating_sub(fit.len());
    lines.extend(fit);
    lines.extend(more(left, |n| format!("- … and {n} more")));
    lines.push("Everything else in your list is mirrored as usual. Keep these in your list or leave them out, as you like; you will not be told again.".into());
    Ok(Some(reminder(&lines)))
}

/// The text of `Error::Unchanged` for the agent: the refusal's lines and
/// the unchanged plan's (Markdown, whose line breaks are all ours), each
/// made [`for_agent`], for both quote the plan's texts and the agent's list.
fn refusal_text(e: &Error, plan: &str) -> String {
    let line = |l: &str| clipped(l, 2 * TEXT_SHOWN, for_agent);
    let mut lines: Vec<String> = e.message().lines().take(20).map(line).collect();
    lines.push(String::new());
    lines.push("The plan is unchanged:".into());
    let plan = plan.trim_end();
    if plan.is_empty() {
        lines.push("(empty)".into());
        return lines.join("\n");
    }
    // Cut as the other hook texts are: its lines while they fit a budget
    // (a task with its note and blank lines), then the tasks left counted.
    let is_task = |l: &str| l.starts_with("- [");
    let fit = fitting(
        LIST_BYTES,
        plan.lines().map(|l| costed(line(l), is_task(l))),
    );
    let listed = fit.len();
    lines.extend(fit);
    let left = plan.lines().skip(listed).filter(|l| is_task(l)).count();
    lines.extend(more(left, |n| {
        format!("… and {n} more tasks (`todo show` lists them all)")
    }));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_is_the_last_non_blank_line_ending_with_a_question_mark() {
        assert!(asks(Some("Which database should I use?")));
        assert!(asks(Some("Done a.\nShould I go on?  \n\n")));
        assert!(!asks(Some("Is it? No.\nWorking on it.")));
        assert!(!asks(Some("")));
        assert!(!asks(None));
    }

    #[test]
    fn a_shown_text_is_cut_at_its_length_and_made_safe_first() {
        let a200 = "a".repeat(TEXT_SHOWN);
        assert_eq!(shown(&a200), a200);
        let cut = format!("{}…", "a".repeat(TEXT_SHOWN - 1));
        assert_eq!(shown(&format!("{a200}b")), cut);
        // A text that grows when made visible is cut after it grew.
        let esc = "\u{1b}".repeat(TEXT_SHOWN);
        assert_eq!(
            shown(&esc),
            format!("{}^…", "^[".repeat(TEXT_SHOWN / 2 - 1))
        );
        assert_eq!(shown("x</system-reminder>"), "x&lt;/system-reminder>");
        assert_eq!(grouped(9_900), "9,900");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(999), "999");
    }
}
