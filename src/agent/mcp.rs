//! `todo mcp`: the plan served over the Model Context Protocol on stdio
//! (docs/contract.md, "The MCP server"), through the official Rust SDK (`rmcp`). Each tool call is
//! one `todo apply` batch: a fresh context that re-reads the plan, actor
//! `agent`, the same lock, permission check and reply.

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::schemars::JsonSchema;
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

use crate::agent::dialect::{Dialect, OpName, PlanUpdate, TodoOp, invalid, names, schema};
use crate::error::{Error, Result, error_json};
use crate::output::{ColorChoice, Output, report_json};
use crate::plan::Plan;
use crate::storage::Reuse;
use crate::work::{Context, Outcome};

/// Tool arguments larger than this are refused unread, as `todo apply`
/// refuses ops larger than it: a plan is edited by batches of tens of ops.
const MAX_ARGUMENTS: usize = 1 << 20;

const PLAN_URI: &str = "todo://plan";
const PLAN_JSON_URI: &str = "todo://plan.json";

/// The handler. Calls and reads run on the runtime's one thread, to the
/// end, one at a time in the order they arrived: a read sent after a call
/// sees what the call did, and no call waits on another thread to wake
/// (measured: a third of a call's time on a busy machine). A call waiting
/// for the plan's lock (at most its 10 s) holds the others back meanwhile.
#[derive(Clone)]
struct Server {
    /// What every call's context is made from: where the plan is, where
    /// undo history goes, who acts, nobody to ask. Nothing of the plan
    /// itself is kept between calls, so a person's change in another
    /// terminal counts at once.
    base: Arc<Context>,
    /// Plans a call is done with go to a thread that keeps them for the
    /// next call (and frees the one kept before).
    keeper: std::sync::mpsc::Sender<Plan>,
}

/// Serve until the client closes stdin. Protocol errors are answered on
/// the wire; a client that leaves before or during the handshake ends the
/// server quietly.
pub(crate) fn serve(ctx: &Context) -> Result<()> {
    let start = |e| Error::io("Cannot start the MCP server", e);
    let memo = PlanMemo::default();
    let (keeper, plans) = std::sync::mpsc::channel::<Plan>();
    let kept = memo.clone();
    let keep = move || plans.into_iter().for_each(|plan| kept.keep(plan));
    super::wire::spawn("keep plans", keep).map_err(start)?;
    let mut store = ctx.store.clone();
    store.reuse = Some(Reuse(Arc::new(move |bytes| memo.take(bytes))));
    let base = Context {
        store,
        if_rev: None,
        out: Output {
            stdout_tty: false,
            stderr_tty: false,
            ..Output::new(true, true, ColorChoice::Never)
        },
        editor: None,
        interactive: false,
        yes: false,
        // A person's change through MCP (`--as person`) is named to the
        // agent's hooks as this command.
        args: vec!["mcp".to_owned()],
        ..ctx.clone()
    };
    let server = Server {
        keeper,
        base: Arc::new(base),
    };
    // A runtime of one thread, made here only: the other verbs never start
    // one. Pipes (as MCP hosts give) are read and written without blocking
    // threads; anything else falls back to tokio's blocking stdio.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(start)?;
    // The client's lines pass the JSON-RPC framing (`wire`) on their way
    // to the SDK and back, through two pipes: every line gets an answer.
    let (to_sdk_read, to_sdk) = std::io::pipe().map_err(start)?;
    let (from_sdk, from_sdk_write) = std::io::pipe().map_err(start)?;
    let wire = super::wire::Wire::start(to_sdk, from_sdk).map_err(start)?;
    let served = runtime.block_on(async move {
        let transport = async_pipes(to_sdk_read, from_sdk_write).map_err(start)?;
        let running = match server.serve(transport).await {
            Ok(running) => running,
            Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
            Err(e) => {
                return Err(Error::Invalid(format!(
                    "todo mcp: the client did not begin with initialize: {e}"
                )));
            }
        };
        match running.waiting().await {
            Ok(_) => Ok(()),
            Err(e) => Err(Error::bug(format!("the MCP service stopped: {e}"))),
        }
    });
    // The SDK has let go of its pipe: write what it said, then end.
    drop(runtime);
    wire.finish();
    served
}

/// The two pipes to the SDK as tokio reads and writes them: without
/// blocking a thread on Unix. Call inside the runtime.
#[cfg(unix)]
fn async_pipes(
    read: std::io::PipeReader,
    write: std::io::PipeWriter,
) -> std::io::Result<(
    tokio::net::unix::pipe::Receiver,
    tokio::net::unix::pipe::Sender,
)> {
    use std::os::fd::OwnedFd;
    use tokio::net::unix::pipe;
    Ok((
        pipe::Receiver::from_owned_fd(OwnedFd::from(read))?,
        pipe::Sender::from_owned_fd(OwnedFd::from(write))?,
    ))
}

/// The two pipes to the SDK as tokio reads and writes them. Tokio reads
/// no anonymous pipe on Windows without a thread: its blocking pool does
/// (as for a file).
#[cfg(windows)]
fn async_pipes(
    read: std::io::PipeReader,
    write: std::io::PipeWriter,
) -> std::io::Result<(tokio::fs::File, tokio::fs::File)> {
    use std::os::windows::io::OwnedHandle;
    let file = |handle: OwnedHandle| tokio::fs::File::from_std(std::fs::File::from(handle));
    Ok((
        file(OwnedHandle::from(read)),
        file(OwnedHandle::from(write)),
    ))
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("todo", env!("CARGO_PKG_VERSION")))
        .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        let size = serde_json::to_vec(&args).map_or(usize::MAX, |bytes| bytes.len());
        let call = match request.name.as_ref() {
            _ if size > MAX_ARGUMENTS => Err(invalid(format!(
                "the arguments are larger than {MAX_ARGUMENTS} bytes; send smaller batches."
            ))),
            "todo" => todo_batch(args).map(|v| (v, Dialect::Ops)),
            "plan_update" => plan_update_value(args),
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool \"{other}\" (the tools are todo and plan_update)"),
                    None,
                ));
            }
        };
        let ctx = Context {
            now: crate::plan::clock::now(),
            ..Context::clone(&self.base)
        };
        let mut outcome = match call {
            Ok((value, dialect)) => crate::agent::apply_as(&ctx, &value, dialect),
            Err(e) => Outcome::of(Err(e)),
        };
        // A refusal says the rev it was refused at, whatever refused it.
        if outcome.rev.is_none()
            && outcome.result.is_err()
            && let Ok(loaded) = ctx.store.load()
        {
            outcome.rev = Some(loaded.plan.rev);
        }
        if let Some(plan) = outcome.plan.take() {
            let _ = self.keeper.send(plan);
        }
        Ok(reply(outcome).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new(PLAN_URI, "plan")
                .with_title("The plan")
                .with_description("The task plan as the Markdown checklist `todo` prints")
                .with_mime_type("text/markdown"),
            Resource::new(PLAN_JSON_URI, "plan.json")
                .with_title("The plan file")
                .with_description("The plan file (.todo.json) as it is on disk")
                .with_mime_type("application/json"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri;
        if uri != PLAN_URI && uri != PLAN_JSON_URI {
            return Err(ErrorData::resource_not_found(
                format!("no resource {uri} (there are {PLAN_URI} and {PLAN_JSON_URI})"),
                None,
            ));
        }
        let loaded = self.base.store.load().map_err(|e| {
            let e = Error::from(e);
            ErrorData::internal_error(e.to_string(), Some(error_json("mcp", None, &e)))
        })?;
        // What the agent reads, as every text that reaches it: no tag of
        // its harness opened or closed, control characters made visible.
        let contents = if uri == PLAN_URI {
            let markdown =
                crate::markdown::render_plan(&loaded.plan, crate::markdown::Flavour::Plain);
            ResourceContents::text(crate::text::for_agent_lines(&markdown), uri)
                .with_mime_type("text/markdown")
        } else {
            let text = match loaded.bytes {
                Some(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                None => crate::plan::json::render(&loaded.plan),
            };
            ResourceContents::text(crate::text::neutral_tags(&text, "\\u003c"), uri)
                .with_mime_type("application/json")
        };
        let _ = self.keeper.send(loaded.plan);
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

/// The `todo` tool's arguments: one op, or several as `ops`. Only its
/// schema is used: the arguments are read as ops ([`TodoOp`]).
#[derive(JsonSchema)]
#[schemars(crate = "rmcp::schemars", deny_unknown_fields)]
#[allow(dead_code)]
struct TodoArgs {
    #[schemars(flatten)]
    op: TodoOp,
    /// Several ops, applied in order as one batch (all or nothing); each sees the ones before it.
    #[schemars(length(min = 1))]
    ops: Option<Vec<TodoOp>>,
}

/// Only the fields of `tool`'s schema: another tool's shape (a TodoWrite
/// list given to `todo`, an op given to `plan_update`) is refused with
/// what the tool takes, not read as something else.
fn own_fields(tool: &str, o: &JsonObject, fields: &[String], place: &str) -> Result<()> {
    let Some(k) = o.keys().find(|k| !fields.contains(k)) else {
        return Ok(());
    };
    Err(invalid(format!(
        "{place}unknown field \"{k}\" for the {tool} tool (it takes {}).",
        fields.join(", ")
    )))
}

/// One op of the `todo` tool, checked to be the oh-my-pi shape.
fn todo_op(o: &JsonObject, place: &str) -> Result<()> {
    own_fields("todo", o, &names::<TodoOp>(), place)?;
    let ops = names::<OpName>();
    match o.get("op") {
        Some(Value::String(op)) if !ops.contains(op) => Err(invalid(format!(
            "{place}unknown op \"{}\" for the todo tool (it takes {}).",
            crate::text::head(op, 40).0,
            ops.join(", ")
        ))),
        _ => Ok(()),
    }
}

/// The `todo` tool's arguments as one batch: the op object itself, or its
/// `ops` array.
fn todo_batch(mut args: JsonObject) -> Result<Value> {
    own_fields("todo", &args, &names::<TodoArgs>(), "")?;
    match args.remove("ops") {
        None => {
            todo_op(&args, "")?;
            Ok(Value::Object(args))
        }
        Some(Value::Array(ops)) if args.is_empty() => {
            for (i, op) in ops.iter().enumerate() {
                if let Value::Object(o) = op {
                    todo_op(o, &format!("ops[{i}]: "))?;
                }
            }
            Ok(Value::Array(ops))
        }
        Some(Value::Array(_)) => Err(invalid("give either one op or \"ops\": [..], not both.")),
        Some(_) => Err(invalid("\"ops\" must be an array of op objects.")),
    }
}

/// The `plan_update` tool's arguments: its own fields only; none at all
/// is a call that changes nothing.
fn plan_update_value(args: JsonObject) -> Result<(Value, Dialect)> {
    own_fields("plan_update", &args, &names::<PlanUpdate>(), "")?;
    if args.is_empty() {
        return Ok((json!({ "op": "view" }), Dialect::Ops));
    }
    Ok((Value::Object(args), Dialect::PlanUpdate))
}

/// The reply of `todo apply` as a tool result: the JSON object as text; a
/// failure is a tool error carrying it.
fn reply(outcome: Outcome) -> CallToolResult {
    let (value, failed) = match outcome.result {
        Ok(mut report) => {
            if report.rev == 0 {
                report.rev = outcome.rev.unwrap_or_default();
            }
            (report_json(&report), false)
        }
        Err(e) => (error_json("apply", outcome.rev, &e), true),
    };
    // The JSON as text, as a tool result carries it to the model; no
    // structured copy besides (no output schema asks for one, and it would
    // double what every call writes and the client reads).
    // Written as every JSON object todo prints: no agent-harness tag in it.
    let text = crate::output::json_line(&value);
    let mut result = CallToolResult::success(vec![ContentBlock::text(text.trim_end())]);
    result.is_error = Some(failed);
    result
}

const INSTRUCTIONS: &str = "The project's task plan (phases of tasks, in .todo.json), shared with \
the person you work for. Read it (resource todo://plan, or the todo tool's view op), keep it true \
as you work with the todo tool (or plan_update, by id), and never change what the person decided: \
such a change is refused with error.code set-by-person.";

const TODO_DESCRIPTION: &str = "Read and change the project's task plan: phases of tasks, shared \
with the person you work for (the same plan `todo` shows in their terminal). Send one op, or \
several as {\"ops\": [op, ...]}, applied as one batch: all or nothing.\n\
Ops:\n\
- view: read the plan (changes nothing).\n\
- init {list: [{phase, items: [task text, ...]}, ...]}: replace the whole plan.\n\
- append {phase, items}: add tasks at the end of a phase (a new name makes a new phase).\n\
- start {task}: work on this task now.\n\
- done / drop {task} or {phase}: complete / abandon a task, or a phase's open tasks; with \
neither, the task in progress.\n\
- block {task, reason?} / unblock {task}: mark a task waiting on something, or not.\n\
- rm {task} or {phase}: remove a task or a whole phase.\n\
- needs {task, add?: [task ids], remove?: [task ids]}: the task waits until the tasks it needs \
are completed (a need that would make a cycle is refused: needs-cycle).\n\
- claim {task} or {next: true}, owner?: take a task (or the first ready one: open, unclaimed, \
its needs completed) and start it; a task someone else holds is refused (error.code claimed, \
naming the owner). Each owner has one task in progress; give your session as owner when \
several agents share the plan.\n\
- release {task}: give the claim up.\n\
Name a task by the id the plan shows (t3) or by its text or part of it; a phase by its id (p1) \
or name. At most one task is in progress: finishing it starts the next pending one.\n\
Reply (JSON): ok, rev, changed, minted (new ids), completedTasks, and the plan as Markdown in \
message. A refused batch is a tool error: error.code says why (set-by-person: a person set that \
status, leave it as it is; plan-missing-item: no such id, the message lists the known ones; \
plan-invalid: the op does not fit this schema) and error.unchanged is the plan as it stands. \
Nothing changed: correct the batch and send it again.";

const PLAN_UPDATE_DESCRIPTION: &str = "Change the plan as the work goes: mark a task doing when \
you start it and done once you have checked it works, drop one that turned out unnecessary (say \
why in its note), add work the plan did not anticipate, record a new finding. Several changes go \
in one call. Quote the ids the plan shows (p1, t3, o2); an unknown id is an error naming the \
known ones. Updating is bookkeeping, not a milestone: carry straight on afterwards. The reply \
and refusals are those of the todo tool.";

/// The tools, their schemas made from the types that read their calls.
fn tools() -> Vec<Tool> {
    // Both change the plan, and nothing else; `todo`'s `init` and `rm` destroy.
    let changes = |destructive| {
        ToolAnnotations::new()
            .read_only(false)
            .destructive(destructive)
            .idempotent(false)
            .open_world(false)
    };
    let todo = Tool::new("todo", TODO_DESCRIPTION, Arc::new(schema::<TodoArgs>()))
        .with_title("Task plan")
        .with_annotations(changes(true));
    let plan_update = Tool::new(
        "plan_update",
        PLAN_UPDATE_DESCRIPTION,
        Arc::new(schema::<PlanUpdate>()),
    )
    .with_title("Update the plan by id")
    .with_annotations(changes(false));
    vec![todo, plan_update]
}

/// The server's speed trick, kept here at its edge: the plan a call ended
/// with and the bytes it renders to, so that the next call, which reads
/// the file every time, need not parse the same bytes again. Taken, not
/// copied: a second read parses.
#[derive(Clone, Default)]
struct PlanMemo(std::sync::Arc<std::sync::Mutex<Option<Kept>>>);

/// The bytes a kept plan renders to, and the plan.
type Kept = (Vec<u8>, Plan);

impl PlanMemo {
    /// Keep `plan` for the next read that finds the file as it renders.
    fn keep(&self, plan: Plan) {
        let bytes = crate::plan::json::render(&plan).into_bytes();
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some((bytes, plan));
        }
    }

    fn take(&self, bytes: &[u8]) -> Option<Plan> {
        let kept = self.0.lock().ok()?.take();
        kept.filter(|(kept, _)| kept == bytes).map(|(_, plan)| plan)
    }
}
