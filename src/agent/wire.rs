//! The JSON-RPC framing of `todo mcp`, in front of the SDK: every line a
//! client sends is answered, however it is broken (README, "The plan as an
//! MCP server"). The SDK gets only the messages it can read; the rest get a
//! JSON-RPC error here, with the request's id when one can be read. A batch
//! is handed over message by message and answered as one array.
//!
//! Three threads: one reads stdin and checks each line, one reads what the
//! SDK writes, one writes stdout (the only writer, so lines never mix).

use std::collections::HashSet;
use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use serde_json::{Map, Value, json};

/// The longest line read; a longer one is answered unread.
const MAX_LINE: usize = 16 << 20;

/// The one protocol version with JSON-RPC batches.
const BATCH_VERSION: &str = "2025-03-26";

/// JSON-RPC error codes.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;

/// What the writer thread writes.
enum ToStdout {
    /// A line the SDK wrote.
    Sdk(Vec<u8>),
    /// An answer of ours.
    Reply(Value),
    /// A request of this id (as [`id_key`] spells it) went to the SDK: its
    /// answer takes this place among the answers.
    Expect(String),
    /// The client cancelled the request of this id: the SDK will not
    /// answer it, so nothing waits for it.
    Cancelled(String),
    /// A batch handed to the SDK: the ids of its requests, whose answers
    /// are held until all are in, and the answers ours already.
    Batch {
        expect: Vec<String>,
        replies: Vec<Value>,
    },
    /// The SDK has stopped writing.
    Closed,
}

/// The running framing: join it once the SDK has stopped, so that every
/// answer is written before the process ends.
pub(crate) struct Wire {
    writer: JoinHandle<()>,
}

impl Wire {
    /// Start reading stdin into `to_sdk` and writing what comes out of
    /// `from_sdk` (and our answers) to stdout.
    pub(crate) fn start(to_sdk: io::PipeWriter, from_sdk: io::PipeReader) -> io::Result<Wire> {
        let (out, lines) = channel::<ToStdout>();
        let batches = Arc::new(AtomicBool::new(false));
        let sdk_out = out.clone();
        spawn("mcp from sdk", move || from_sdk_lines(from_sdk, &sdk_out))?;
        let allowed = batches.clone();
        spawn("mcp stdin", move || read_stdin(to_sdk, &out, &allowed))?;
        let writer = spawn("mcp stdout", move || write_stdout(&lines, &batches))?;
        Ok(Wire { writer })
    }

    /// Wait until everything the SDK wrote is on stdout.
    pub(crate) fn finish(self) {
        let _ = self.writer.join();
    }
}

pub(crate) fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> io::Result<JoinHandle<()>> {
    std::thread::Builder::new().name(name.into()).spawn(f)
}

fn from_sdk_lines(from_sdk: io::PipeReader, out: &Sender<ToStdout>) {
    let mut lines = io::BufReader::new(from_sdk)
        .split(b'\n')
        .map_while(Result::ok);
    let _ = lines.try_for_each(|line| out.send(ToStdout::Sdk(line)));
    let _ = out.send(ToStdout::Closed);
}

/// One line of stdin, without its newline, at most [`MAX_LINE`] bytes:
/// `Some(None)` for a line that was longer (skipped), `None` at the end
/// (a last line with no newline is a message cut off, and dropped).
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> Option<Option<()>> {
    let mut too_long = false;
    loop {
        line.clear();
        let limit = MAX_LINE as u64 + 1;
        let read = input.by_ref().take(limit).read_until(b'\n', line).ok()?;
        if line.pop_if(|b| *b == b'\n').is_some() {
            return Some((!too_long).then_some(()));
        }
        if (read as u64) < limit {
            return None;
        }
        too_long = true;
    }
}

fn read_stdin(mut to_sdk: io::PipeWriter, out: &Sender<ToStdout>, batches: &AtomicBool) {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    while let Some(read) = next_line(&mut input, &mut line) {
        let (answer, messages) = match read {
            None => reply(invalid(format!(
                "the message is longer than {} MiB; it was not read",
                MAX_LINE >> 20
            ))),
            Some(()) => check_line(&line, batches),
        };
        let sent = answer.map_or(Ok(()), |answer| out.send(answer).map_err(drop));
        let sent = sent.and_then(|()| {
            messages.iter().try_for_each(|m| {
                // Said before the SDK can answer it.
                if let Some(place) = place_of(m) {
                    out.send(place).map_err(drop)?;
                }
                forward(&mut to_sdk, m)
            })
        });
        if sent.is_err() {
            break;
        }
    }
    // Dropping `to_sdk` tells the SDK the client is gone.
}

/// How an id is compared: its JSON text (`7` and `"7"` differ).
fn id_key(id: &Value) -> String {
    id.to_string()
}

/// What a single message handed to the SDK means for the order of the
/// answers: a request's answer is waited for in its place; a cancelled
/// request's is not. (A batch's requests wait in the batch's place.)
fn place_of(message: &Value) -> Option<ToStdout> {
    let method = message.get("method")?.as_str()?;
    if method == "notifications/cancelled" {
        let id = message.get("params")?.get("requestId")?;
        return Some(ToStdout::Cancelled(id_key(id)));
    }
    message.get("id").map(|id| ToStdout::Expect(id_key(id)))
}

fn forward(to_sdk: &mut io::PipeWriter, message: &Value) -> Result<(), ()> {
    let mut bytes = serde_json::to_vec(message).map_err(drop)?;
    bytes.push(b'\n');
    to_sdk.write_all(&bytes).map_err(drop)
}

/// What to do with one line from the client: what to write back (first,
/// so that a batch's answers are held before the SDK gives any), and the
/// messages to hand to the SDK.
type Action = (Option<ToStdout>, Vec<Value>);

fn reply(answer: Value) -> Action {
    (Some(ToStdout::Reply(answer)), Vec::new())
}

fn error(id: Value, code: i64, message: String) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// An invalid request's answer, with no id.
fn invalid(message: impl Into<String>) -> Value {
    error(Value::Null, INVALID_REQUEST, message.into())
}

fn check_line(line: &[u8], batches: &AtomicBool) -> Action {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return (None, Vec::new());
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(e) => {
            let why = if std::str::from_utf8(line).is_err() {
                "the message is not UTF-8 text".to_string()
            } else if e.to_string().contains("recursion limit") {
                "the message is nested deeper than 128 levels".to_string()
            } else {
                format!("the message is not JSON ({e})")
            };
            return reply(error(Value::Null, PARSE_ERROR, why));
        }
    };
    match value {
        Value::Object(message) => {
            // An `initialize` asking for the version with batches allows
            // them until the server's answer says which version it is (a
            // client may send its next lines before reading that answer).
            if message.get("method") == Some(&json!("initialize")) {
                let version = message.get("params").map(|p| &p["protocolVersion"]);
                batches.store(
                    version.is_some_and(|v| v == BATCH_VERSION),
                    Ordering::SeqCst,
                );
            }
            match check(&message) {
                Ok(()) => (None, vec![Value::Object(message)]),
                Err(answer) => reply(answer),
            }
        }
        Value::Array(items) => batch(items, batches.load(Ordering::SeqCst)),
        _ => reply(invalid("a JSON-RPC message is an object")),
    }
}

fn batch(items: Vec<Value>, allowed: bool) -> Action {
    if !allowed {
        return reply(invalid(format!(
            "a batch (a JSON array of messages) is accepted only under protocol version {BATCH_VERSION}; send each message on a line of its own"
        )));
    }
    if items.is_empty() {
        return reply(invalid("the batch is empty"));
    }
    let mut forward = Vec::new();
    let mut expect = Vec::new();
    let mut replies = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        match item {
            Value::Object(message) => match check(&message) {
                Ok(()) => {
                    if message.contains_key("method")
                        && let Some(id) = message.get("id")
                    {
                        expect.push(id_key(id));
                    }
                    forward.push(Value::Object(message));
                }
                Err(reply) => replies.push(reply),
            },
            _ => replies.push(invalid(format!(
                "batch item {} is not a JSON-RPC message (an object)",
                i + 1
            ))),
        }
    }
    (Some(ToStdout::Batch { expect, replies }), forward)
}

/// The name of a JSON value's type, for a message.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Is `message` one the SDK can take? Else the error answer, with its id
/// when it has a readable one.
fn check(message: &Map<String, Value>) -> Result<(), Value> {
    let id = match message.get("id") {
        None => None,
        Some(id @ (Value::String(_) | Value::Number(_) | Value::Null)) => Some(id.clone()),
        Some(other) => {
            return Err(invalid(format!(
                "\"id\" must be a string or a number, not {}",
                kind(other)
            )));
        }
    };
    let answer = |code, why: &str| Err(error(id.clone().unwrap_or(Value::Null), code, why.into()));
    if message.get("jsonrpc") != Some(&json!("2.0")) {
        return answer(INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
    }
    let method = match message.get("method") {
        Some(Value::String(method)) => method.as_str(),
        Some(other) => {
            return answer(
                INVALID_REQUEST,
                &format!("\"method\" must be a string, not {}", kind(other)),
            );
        }
        // A client's answer to a request of the server's.
        None if id.is_some()
            && (message.contains_key("result") || message.contains_key("error")) =>
        {
            return Ok(());
        }
        None => {
            return answer(
                INVALID_REQUEST,
                "no \"method\": a request or notification names one",
            );
        }
    };
    let params = match message.get("params") {
        None | Some(Value::Null) => None,
        Some(Value::Object(params)) => Some(params),
        Some(other) => {
            return answer(
                INVALID_PARAMS,
                &format!(
                    "\"params\" of {method} must be an object, not {}",
                    kind(other)
                ),
            );
        }
    };
    let field = |name: &str| params.and_then(|p| p.get(name));
    let why = match method {
        "tools/call" if !matches!(field("name"), Some(Value::String(_))) => format!(
            "tools/call needs \"params.name\", the tool's name (todo or plan_update), as a string; got {}",
            field("name").map_or("nothing", kind)
        ),
        "tools/call" if field("arguments").is_some_and(|a| !a.is_null() && !a.is_object()) => {
            format!(
                "\"params.arguments\" of tools/call must be an object of the tool's arguments, not {}",
                field("arguments").map_or("nothing", kind)
            )
        }
        "resources/read" if !matches!(field("uri"), Some(Value::String(_))) => {
            "resources/read needs \"params.uri\" as a string (todo://plan or todo://plan.json)"
                .into()
        }
        _ => return Ok(()),
    };
    answer(INVALID_PARAMS, &why)
}

/// One answer's place on stdout, in the order of the client's lines.
enum Slot {
    /// Ready to go out.
    Ready(Vec<u8>),
    /// The SDK's answer to the request of this id, still to come.
    Waiting(String),
    /// A batch: the ids still to be answered, and the answers so far.
    Batch(HashSet<String>, Vec<Value>),
}

impl Slot {
    /// Take the SDK's answer to `id`, if this place waits for it.
    fn take(&mut self, id: &str, line: &[u8], value: impl FnOnce() -> Option<Value>) -> bool {
        match self {
            Slot::Waiting(want) if want == id => {
                *self = Slot::Ready(line.to_vec());
                true
            }
            Slot::Batch(expect, replies) => {
                let waited = expect.remove(id);
                if waited {
                    replies.extend(value());
                }
                waited
            }
            _ => false,
        }
    }

    /// Forget the request of `id`, cancelled: `true` if this place waited
    /// for it.
    fn cancel(&mut self, id: &str) -> bool {
        match self {
            Slot::Waiting(want) if want == id => {
                *self = Slot::Ready(Vec::new());
                true
            }
            Slot::Batch(expect, _) => expect.remove(id),
            _ => false,
        }
    }

    /// What goes out once this place is done (`None`: not yet; an empty
    /// line: nothing).
    fn done(&mut self) -> Option<Vec<u8>> {
        match self {
            Slot::Ready(line) => Some(std::mem::take(line)),
            Slot::Batch(expect, replies) if expect.is_empty() => Some(if replies.is_empty() {
                Vec::new()
            } else {
                Value::Array(std::mem::take(replies))
                    .to_string()
                    .into_bytes()
            }),
            _ => None,
        }
    }
}

/// The id of an answer the SDK wrote (a line with an `id` and no
/// `method`), as [`id_key`] spells it.
fn answer_id(line: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        id: Option<Value>,
        method: Option<serde::de::IgnoredAny>,
    }
    let head: Head = serde_json::from_slice(line).ok()?;
    head.method
        .is_none()
        .then_some(head.id.as_ref().map(id_key))
        .flatten()
}

/// The one writer of stdout. Answers go out in the order of the lines
/// they answer (README: one at a time, in order): ours at once when
/// nothing is waiting before them, the SDK's in their request's place,
/// a batch's as one array in its place. What the SDK sends of its own
/// (notifications, its requests) goes out as it comes.
fn write_stdout(lines: &Receiver<ToStdout>, batches: &AtomicBool) {
    let stdout = io::stdout();
    let mut queue: std::collections::VecDeque<Slot> = std::collections::VecDeque::new();
    // Until the handshake's answer (which says the protocol version), the
    // SDK's lines are read whole.
    let mut initialized = false;
    let mut open = true;
    let mut write = |bytes: &[u8]| {
        if open && !bytes.is_empty() {
            let mut out = stdout.lock();
            open = out
                .write_all(bytes)
                .and_then(|()| out.write_all(b"\n"))
                .and_then(|()| out.flush())
                .is_ok();
        }
    };
    for message in lines {
        match message {
            ToStdout::Closed => break,
            ToStdout::Reply(reply) => {
                let line = crate::output::json_line(&reply)
                    .trim_end()
                    .as_bytes()
                    .to_vec();
                queue.push_back(Slot::Ready(line));
            }
            ToStdout::Expect(id) => queue.push_back(Slot::Waiting(id)),
            ToStdout::Cancelled(id) => {
                let _ = queue.iter_mut().any(|slot| slot.cancel(&id));
            }
            ToStdout::Batch { expect, replies } => {
                queue.push_back(Slot::Batch(expect.into_iter().collect(), replies));
            }
            ToStdout::Sdk(line) if queue.is_empty() && initialized => write(&line),
            ToStdout::Sdk(line) => {
                if !initialized
                    && let Ok(value) = serde_json::from_slice::<Value>(&line)
                    && let Some(version) = value["result"]["protocolVersion"].as_str()
                {
                    initialized = true;
                    batches.store(version == BATCH_VERSION, Ordering::SeqCst);
                }
                let taken = answer_id(&line).is_some_and(|id| {
                    let value = || serde_json::from_slice::<Value>(&line).ok();
                    queue.iter_mut().any(|slot| slot.take(&id, &line, value))
                });
                if !taken {
                    write(&line);
                }
            }
        }
        while let Some(line) = queue.front_mut().and_then(Slot::done) {
            write(&line);
            queue.pop_front();
        }
    }
    // The SDK is done: what it left unanswered waits no more.
    for mut slot in queue {
        if let Some(line) = slot.done() {
            write(&line);
        } else if let Slot::Batch(_, replies) = slot
            && !replies.is_empty()
        {
            write(Value::Array(replies).to_string().as_bytes());
        }
    }
}
