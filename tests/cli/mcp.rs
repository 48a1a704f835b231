//! `todo mcp` (docs/contract.md, "The MCP server"): a session driven by the official MCP Python SDK's
//! client (tests/mcp/client.py, installed by `.ci/run` into
//! target/mcp-venv), and the protocol's bad days written raw: malformed
//! lines, unknown methods, a huge request, stdin closed mid-request.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{HUNG, Running, TestEnv, missing_tool, s};

/// An interpreter with the official `mcp` SDK and `jsonschema`:
/// `TODO_MCP_PYTHON`, else the venv `.ci/run` makes.
pub(crate) fn python() -> Option<PathBuf> {
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/mcp-venv/bin/python");
    let python = std::env::var_os("TODO_MCP_PYTHON")
        .map(PathBuf::from)
        .unwrap_or(venv);
    let works = Command::new(&python)
        .args(["-c", "import mcp, jsonschema"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    works.then_some(python)
}

pub(crate) fn client_script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/client.py")
}

#[test]
#[cfg_attr(
    todo_tests_no_mcp_python,
    ignore = "needs python with the official MCP SDK: set TODO_MCP_PYTHON, or make target/mcp-venv as .ci/run does and then touch build.rs"
)]
fn the_official_client_drives_a_session() {
    let Some(python) = python() else {
        return missing_tool(
            "python with the official MCP SDK (mcp) and jsonschema: run .ci/run, or set TODO_MCP_PYTHON",
        );
    };
    let env = TestEnv::new();
    // The client starts `todo mcp` itself, in this environment, and runs a
    // person's `todo done` between two of its calls.
    let mut cmd = env.command();
    cmd.env_remove("LC_ALL");
    let out = Command::new(&python)
        .arg(client_script())
        .args(["session", &crate::common::bin().to_string_lossy()])
        .current_dir(&env.root)
        .env_clear()
        .envs(cmd.get_envs().filter_map(|(k, v)| v.map(|v| (k, v))))
        .env("LC_ALL", "C.UTF-8")
        .output()
        .expect("run the MCP client");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.ends_with("ok\n"),
        "the client failed:\n--- stdout\n{stdout}--- stderr\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    // What the session left, read back from the file: the agent's done,
    // the person's done (the agent's drop refused), then plan_update's
    // done, the task it placed after docs (started) and its finding.
    assert_eq!(
        env.statuses(),
        s(&[
            ("parser", "completed"),
            ("printer", "completed"),
            ("docs", "completed"),
            ("changelog", "in_progress")
        ])
    );
    let plan = env.plan();
    assert_eq!(
        env.rev(),
        4,
        "init, the agent's done, the person's done, plan_update"
    );
    assert_eq!(plan["phases"][0]["tasks"][0]["by"], "agent");
    assert_eq!(plan["phases"][0]["tasks"][2]["notes"][0], "README written");
    let finding = plan["findings"][0]["id"].as_str().unwrap_or_default();
    assert!(crate::common::minted(finding, 'f'), "{finding}");
    assert_eq!(plan["phases"][0]["tasks"][1]["by"], "person");
}

/// `todo mcp` with pipes, read on threads: stdout line by line.
struct Server(Running);

impl Server {
    fn start(env: &TestEnv) -> Server {
        Server::start_with(env, &["mcp"])
    }

    fn start_with(env: &TestEnv, args: &[&str]) -> Server {
        Server(Running::start(
            env.command().args(args).stdin(Stdio::piped()),
        ))
    }

    fn started(env: &TestEnv) -> Server {
        let mut server = Server::start(env);
        server.initialize();
        server
    }

    fn initialize(&mut self) {
        let server = self;
        server.send(&json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": { "name": "raw", "version": "1" }
            }
        }));
        let reply = server.next();
        assert_eq!(reply["result"]["serverInfo"]["name"], "todo", "{reply}");
        server.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes).expect("write to todo mcp");
    }

    fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.write(line.as_bytes());
    }

    /// The next message on stdout, which must be JSON-RPC.
    fn next(&mut self) -> Value {
        let line = self.0.line(Duration::from_secs(20));
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout carries only JSON-RPC ({e}): {line}"));
        assert_eq!(message["jsonrpc"], "2.0", "{line}");
        message
    }

    fn call(&mut self, id: u64, arguments: Value) -> Value {
        self.send(&json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": { "name": "todo", "arguments": arguments }
        }));
        let reply = self.next();
        assert_eq!(reply["id"], id, "{reply}");
        reply
    }

    /// Close stdin and wait: the exit status, stdout's remaining lines,
    /// and stderr.
    fn close(self) -> (i32, Vec<String>, String) {
        let run = self.0.finish(HUNG);
        let rest = run.stdout.lines().map(str::to_string).collect();
        (run.code, rest, run.stderr)
    }
}

/// The reply a tool result carries: `todo apply`'s JSON, as its one text.
fn reply_of(message: &Value) -> Value {
    let content = message["result"]["content"].as_array().expect("content");
    assert_eq!(content.len(), 1, "{message}");
    assert_eq!(content[0]["type"], "text", "{message}");
    let text = content[0]["text"].as_str().expect("text");
    serde_json::from_str(text).unwrap_or_else(|e| panic!("the text is JSON ({e}): {text}"))
}

fn init_plan(server: &mut Server) {
    let reply = server.call(
        1,
        json!({ "op": "init", "list": [{ "phase": "A", "items": ["a1", "a2"] }] }),
    );
    assert_eq!(reply["result"]["isError"], false, "{reply}");
}

#[test]
fn malformed_lines_and_unknown_methods_get_protocol_errors_and_the_server_goes_on() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    init_plan(&mut server);
    let before = env.plan_text();
    // Not JSON: a Parse error for each line (JSON-RPC 2.0, section 5.1:
    // id null when none can be read).
    server.write(b"this is not json\n{\"jsonrpc\":\"2.0\",\"id\":\n");
    for _ in 0..2 {
        let reply = server.next();
        assert_eq!(
            (reply["id"].clone(), reply["error"]["code"].clone()),
            (Value::Null, json!(-32700)),
            "{reply}"
        );
    }
    // JSON, but not a JSON-RPC message: Invalid Request.
    server.send(&json!({ "hello": "world" }));
    assert_eq!(server.next()["error"]["code"], -32600);
    // An unknown method: Method not found, for its id.
    server.send(&json!({ "jsonrpc": "2.0", "id": 7, "method": "plan/explode" }));
    let reply = server.next();
    assert_eq!(
        (reply["id"].clone(), reply["error"]["code"].clone()),
        (json!(7), json!(-32601))
    );
    // An unknown tool and bad arguments: errors, nothing written.
    server.send(&json!({
        "jsonrpc": "2.0", "id": 8, "method": "tools/call",
        "params": { "name": "explode", "arguments": {} }
    }));
    assert_eq!(server.next()["error"]["code"], -32602);
    let reply = server.call(9, json!({ "ops": "not a list" }));
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply_of(&reply)["error"]["code"], "plan-invalid");
    let reply = server.call(10, json!({ "op": "explode" }));
    assert_eq!(reply_of(&reply)["error"]["code"], "plan-invalid");
    assert_eq!(env.plan_text(), before, "nothing was written");
    // And the server still works.
    let reply = server.call(11, json!({ "op": "done", "task": "a1" }));
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    let (code, rest, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert!(rest.is_empty(), "{rest:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        env.statuses(),
        s(&[("a1", "completed"), ("a2", "in_progress")])
    );
}

#[test]
fn a_huge_request_is_refused_and_writes_nothing() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    init_plan(&mut server);
    let before = env.plan_text();
    // A 10 MB line: an append of 100,000 tasks of 100 bytes.
    let items: Vec<String> = (0..100_000).map(|i| format!("{i:0>100}")).collect();
    let reply = server.call(2, json!({ "op": "append", "phase": "A", "items": items }));
    assert_eq!(reply["result"]["isError"], true, "{reply:.300}");
    let body = reply_of(&reply);
    assert_eq!(body["error"]["code"], "plan-invalid");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("smaller batches")),
        "{reply:.300}"
    );
    assert_eq!(env.plan_text(), before, "nothing was written");
    let reply = server.call(3, json!({ "op": "view" }));
    assert_eq!(reply["result"]["isError"], false);
    let (code, _, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn stdin_closed_mid_request_ends_cleanly_with_the_plan_whole() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    init_plan(&mut server);
    let before = env.plan_text();
    // Half a request, then the client is gone.
    server.write(br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"todo","arguments":{"op":"done","#);
    let (code, rest, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert!(rest.is_empty(), "{rest:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(env.plan_text(), before, "the half request changed nothing");

    // A whole request and stdin closed at once: the call completes (or
    // never begins); the plan is never half-written.
    let mut server = Server::started(&env);
    server.send(&json!({
        "jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": { "name": "todo", "arguments": { "op": "done", "task": "a1" } }
    }));
    let (code, rest, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for line in &rest {
        let message: Value = serde_json::from_str(line).expect("JSON-RPC only");
        assert_eq!(message["id"], 3, "{line}");
    }
    let statuses = env.statuses();
    assert!(
        statuses == s(&[("a1", "completed"), ("a2", "in_progress")])
            || statuses == s(&[("a1", "in_progress"), ("a2", "pending")]),
        "{statuses:?}"
    );

    // Nothing at all (a host probing the command): a quiet exit 0.
    let run = env.run_stdin(&["mcp"], b"", |_| {});
    run.is(0, "", "");
}

#[test]
fn each_call_reads_the_plan_afresh() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    init_plan(&mut server);
    // A person's change between two calls, and a plan file replaced whole.
    env.run(&["done", "a1"]).ok();
    let reply = server.call(2, json!({ "op": "view" }));
    let message = reply_of(&reply)["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(message.contains("- [x] a1"), "{message}");
    assert!(message.contains("- [/] a2"), "{message}");
    // The agent may not take the person's mark back.
    let reply = server.call(3, json!({ "op": "start", "task": "a1" }));
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply_of(&reply)["error"]["code"], "set-by-person");
    // The resource, too, is read at each request.
    env.run(&["append", "A", "a3"]).ok();
    server.send(&json!({
        "jsonrpc": "2.0", "id": 4, "method": "resources/read",
        "params": { "uri": "todo://plan" }
    }));
    let reply = server.next();
    let text = reply["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.contains("- [ ] A3") || text.contains("- [ ] a3"),
        "{text}"
    );
    // An edit by hand, same length, no rev change: the next call reads it
    // (the plan kept from the call before is not taken for the file).
    let edited = env.plan_text().replace("\"A3\"", "\"B3\"");
    assert_ne!(edited, env.plan_text());
    env.write_plan(&edited);
    let reply = server.call(41, json!({ "op": "view" }));
    let message = reply_of(&reply)["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(message.contains("- [ ] B3"), "{message}");
    // Sent together, answered in order: the read sees the call's change.
    server.send(&json!({
        "jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": { "name": "todo", "arguments": { "op": "done", "task": "a2" } }
    }));
    server.send(&json!({
        "jsonrpc": "2.0", "id": 6, "method": "resources/read",
        "params": { "uri": "todo://plan.json" }
    }));
    let (first, second) = (server.next(), server.next());
    assert_eq!(
        (first["id"].clone(), second["id"].clone()),
        (json!(5), json!(6))
    );
    let plan: Value = serde_json::from_str(
        second["result"]["contents"][0]["text"]
            .as_str()
            .unwrap_or_default(),
    )
    .expect("the plan file");
    assert_eq!(
        plan["phases"][0]["tasks"][1]["status"], "completed",
        "{plan}"
    );
    let (code, _, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn json_flag_adds_nothing_to_the_protocol_stream() {
    let env = TestEnv::new();
    let run = env.run_stdin(&["--json", "mcp"], b"", |_| {});
    run.is(0, "", "");
}

/// The MCP SDK is linked into `todo-mcp` only; `todo mcp` runs it, with
/// the same arguments, from beside `todo`. Without it: a clear error, exit
/// 6, nothing on stdout (an MCP host reads stdout as protocol).
#[test]
fn todo_mcp_runs_the_program_beside_it_and_says_when_it_is_missing() {
    let env = TestEnv::new();
    env.run(&["append", "Build", "parser"]).ok();
    env.run(&["--file", "other.json", "append", "Elsewhere", "printer"])
        .ok();
    // `--file` typed before `mcp` reaches the server.
    let mut server = Server::start_with(&env, &["--file", "other.json", "mcp"]);
    server.initialize();
    server.send(&json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": { "name": "todo", "arguments": { "op": "view" } }
    }));
    let reply = server.next();
    let text = reply["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains("[/] Printer"), "{reply}");
    assert!(!text.contains("Parser"), "{reply}");
    drop(server);

    // A `todo` alone, with no todo-mcp beside it nor on the PATH.
    let alone = env.root.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(crate::common::bin(), alone.join("todo")).unwrap();
    let out = Command::new(alone.join("todo"))
        .arg("mcp")
        .current_dir(&env.root)
        .env("PATH", &alone)
        .stdin(Stdio::null())
        .output()
        .expect("run a lone todo mcp");
    assert_eq!(out.status.code(), Some(6), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("todo mcp runs the program todo-mcp, installed with todo"),
        "{stderr}"
    );
}

/// The answer to a broken line: its id and error code, and the message.
fn answer(reply: &Value) -> (Value, Value, String) {
    (
        reply["id"].clone(),
        reply["error"]["code"].clone(),
        reply["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    )
}

/// Lines no SDK client sends but a broken one might, each answered
/// (JSON-RPC 2.0, sections 4 and 5: an error object, with the request's id
/// when it can be read, else null), and the server goes on.
#[test]
fn every_broken_line_is_answered_with_its_id_when_one_can_be_read() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    init_plan(&mut server);
    let before = env.plan_text();
    // A CallToolRequest whose arguments are not an object (MCP's schema:
    // `arguments?: { [key: string]: unknown }`): Invalid params.
    server.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "todo", "arguments": [1]}}));
    let (id, code, message) = answer(&server.next());
    assert_eq!((id, code), (json!(1), json!(-32602)));
    assert!(
        message.contains("\"params.arguments\" of tools/call must be an object"),
        "{message}"
    );
    server.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": [1]}));
    assert_eq!(answer(&server.next()).1, json!(-32602));
    server.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {}}));
    assert_eq!(answer(&server.next()).1, json!(-32602));
    // Invalid requests whose id can be read get that id back.
    server.send(&json!({"jsonrpc": "2.0", "id": "four", "method": 7}));
    let (id, code, message) = answer(&server.next());
    assert_eq!((id, code), (json!("four"), json!(-32600)));
    assert!(message.contains("\"method\" must be a string"), "{message}");
    server.send(&json!({"id": 5, "method": "tools/list"}));
    let (id, code, message) = answer(&server.next());
    assert_eq!((id, code), (json!(5), json!(-32600)));
    assert!(message.contains("\"jsonrpc\" must be \"2.0\""), "{message}");
    // Bytes that are not UTF-8, nesting 5,000 deep, a line over 16 MiB:
    // an answer each, never silence.
    server.write(b"{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\",\"x\":\"\xff\xfe\"}\n");
    let (id, code, message) = answer(&server.next());
    assert_eq!((id, code), (Value::Null, json!(-32700)));
    assert!(message.contains("not UTF-8"), "{message}");
    let deep = format!("{}{}\n", "[".repeat(5_000), "]".repeat(5_000));
    server.write(deep.as_bytes());
    let (_, code, message) = answer(&server.next());
    assert_eq!(code, json!(-32700));
    assert!(message.contains("nested deeper"), "{message}");
    let mut huge = br#"{"jsonrpc":"2.0","id":7,"method":"ping","pad":""#.to_vec();
    huge.resize(huge.len() + (17 << 20), b'x');
    huge.extend_from_slice(b"\"}\n");
    server.write(&huge);
    let (_, code, message) = answer(&server.next());
    assert_eq!(code, json!(-32600));
    assert!(message.contains("longer than 16 MiB"), "{message}");
    // A batch under a protocol version without batches (2025-06-18).
    server.write(b"[{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}]\n");
    let (_, code, message) = answer(&server.next());
    assert_eq!(code, json!(-32600));
    assert!(
        message.contains("only under protocol version 2025-03-26"),
        "{message}"
    );
    // Nothing was written, and the server still answers.
    assert_eq!(env.plan_text(), before);
    let reply = server.call(9, json!({ "op": "view" }));
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    let (code, rest, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert!(rest.is_empty(), "{rest:?}");
}

/// JSON-RPC 2.0 section 6 batches, which MCP 2025-03-26 allows (its
/// "JSONRPCBatchRequest"): after negotiating that version, a batch is
/// answered as one array holding an answer for each request in it.
#[test]
fn batches_are_answered_as_one_array_under_2025_03_26() {
    let env = TestEnv::new();
    let mut server = Server::start(&env);
    server.send(&json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-03-26", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}
    }));
    assert_eq!(server.next()["result"]["protocolVersion"], "2025-03-26");
    server.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    let batch = json!([
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "todo", "arguments": {"op": "init", "list": [{"phase": "A", "items": ["a1"]}]}}},
        {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 1}},
        {"jsonrpc": "2.0", "id": "two", "method": "tools/call",
            "params": {"name": "todo", "arguments": {"op": "view"}}},
        {"jsonrpc": "2.0", "id": 3, "method": 3}
    ]);
    let mut line = batch.to_string();
    line.push('\n');
    server.write(line.as_bytes());
    let line = server.0.line(Duration::from_secs(20));
    let answers: Value = serde_json::from_str(&line).expect("JSON");
    let answers = answers.as_array().expect("one array for the batch");
    let mut ids: Vec<String> = answers.iter().map(|a| a["id"].to_string()).collect();
    ids.sort();
    assert_eq!(ids, ["\"two\"", "1", "3"], "{line:.400}");
    let view = answers
        .iter()
        .find(|a| a["id"] == "two")
        .expect("the view's answer");
    assert!(
        reply_of(view)["message"]
            .as_str()
            .unwrap_or_default()
            .contains("a1"),
        "the view sees the init before it: {line:.400}"
    );
    let (code, rest, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert!(rest.is_empty(), "{rest:?}");
}

/// Through the official SDK client: each tool's schema says what it takes
/// (and no more), each tool takes its own shape only, and a refusal says
/// the plan's current rev.
#[test]
#[cfg_attr(
    todo_tests_no_mcp_python,
    ignore = "needs python with the official MCP SDK: set TODO_MCP_PYTHON, or make target/mcp-venv as .ci/run does and then touch build.rs"
)]
fn each_tool_takes_its_own_shape_and_says_so_in_its_schema() {
    let Some(python) = python() else {
        return missing_tool(
            "python with the official MCP SDK (mcp) and jsonschema: run .ci/run, or set TODO_MCP_PYTHON",
        );
    };
    let env = TestEnv::new();
    env.run(&["append", "A", "a1"]).ok();
    let steps = json!([
        ["tools"],
        ["tool", "todo", {"todos": [{"content": "x", "status": "pending"}]}],
        ["tool", "todo", {"op": "set", "task": "t1"}],
        ["tool", "todo", {"ops": [{"op": "view", "tasks": []}]}],
        ["tool", "plan_update", {}],
        ["tool", "plan_update", {"op": "done", "task": "a1"}],
    ]);
    let out = crate::agent_text::mcp_calls(&env, &python, &steps, &[]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 6, "{out}");
    for tool in lines[0]["tools"].as_array().expect("tools") {
        let schema = &tool["inputSchema"];
        assert_eq!(schema["additionalProperties"], false, "{tool}");
        assert!(
            schema.get("required").is_none(),
            "nothing is asked for: {tool}"
        );
    }
    let todo = lines[0]["tools"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == "todo"))
        .expect("todo");
    assert_eq!(
        todo["inputSchema"]["properties"]["ops"]["items"]["additionalProperties"],
        false
    );
    for (line, says) in [
        (&lines[1], "unknown field \"todos\" for the todo tool"),
        (&lines[2], "unknown op \"set\" for the todo tool"),
        (&lines[3], "ops[0]: unknown field \"tasks\""),
        (&lines[5], "unknown field \"op\" for the plan_update tool"),
    ] {
        assert_eq!(line["isError"], true, "{line}");
        let reply = &line["reply"];
        assert_eq!(reply["error"]["code"], "plan-invalid", "{line}");
        assert!(
            reply["message"].as_str().unwrap_or_default().contains(says),
            "{line}"
        );
        // The refusal says the rev it was refused at.
        assert_eq!(reply["rev"], 1, "{line}");
    }
    // plan_update with nothing to update changes nothing, and asks for no op.
    assert_eq!(lines[4]["isError"], false, "{}", lines[4]);
    assert_eq!(lines[4]["reply"]["changed"], false);
    assert_eq!(env.rev(), 1);
}

/// An agent's `done` through MCP runs the task's check like any other:
/// a failing one is refused with its output as the reason, and nothing
/// changes; a check not trusted on this machine never runs.
#[test]
fn a_task_with_a_failing_check_is_not_done_through_mcp() {
    let env = TestEnv::new();
    env.run(&[
        "append",
        "A",
        "a1",
        "--verify",
        "echo 'assertion failed: login'; exit 1",
    ])
    .ok();
    let before = env.plan_text();
    let mut server = Server::started(&env);
    // Not trusted yet: it does not run.
    let reply = server.call(1, json!({ "op": "done", "task": "A1" }));
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply_of(&reply)["error"]["code"], "check-untrusted");
    env.run(&["trust", "--yes"]).ok();
    let reply = server.call(2, json!({ "op": "done", "task": "A1" }));
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    let answer = reply_of(&reply);
    assert_eq!(answer["error"]["code"], "check-failed");
    assert!(
        answer["message"]
            .as_str()
            .is_some_and(|m| m.contains("| assertion failed: login")),
        "{answer}"
    );
    server.close();
    assert_eq!(env.plan_text(), before);
}

/// Dependencies and claims reach an agent through the `todo` tool: its
/// schema lists the ops and fields, and a claim another owner holds is a
/// tool error naming the owner.
#[test]
fn the_todo_tool_takes_needs_claim_and_release() {
    let env = TestEnv::new();
    let mut server = Server::started(&env);
    server.send(&json!({ "jsonrpc": "2.0", "id": 9, "method": "tools/list" }));
    let tools = server.next();
    let todo = tools["result"]["tools"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == "todo"))
        .cloned()
        .expect("the todo tool");
    let ops = &todo["inputSchema"]["properties"]["op"]["enum"];
    for op in ["needs", "claim", "release"] {
        assert!(
            ops.as_array().is_some_and(|o| o.contains(&json!(op))),
            "{ops}"
        );
    }
    for field in ["add", "remove", "owner", "next"] {
        assert!(
            todo["inputSchema"]["properties"].get(field).is_some(),
            "{field}"
        );
    }
    init_plan(&mut server);
    let reply = server.call(
        2,
        json!({ "ops": [
            { "op": "needs", "task": "a2", "add": ["a1"] },
            { "op": "claim", "next": true, "owner": "session-1" }
        ] }),
    );
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    let message = reply_of(&reply)["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        message.contains("- [/] a1 <!-- todo: owner=session-1 claimed-by=agent -->"),
        "{message}"
    );
    assert!(message.contains("- [ ] a2 <!-- todo: needs="), "{message}");
    let reply = server.call(
        3,
        json!({ "op": "claim", "task": "a1", "owner": "session-2" }),
    );
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    let refused = reply_of(&reply);
    assert_eq!(refused["error"]["code"], "claimed");
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("claimed by session-1")),
        "{refused}"
    );
    let reply = server.call(4, json!({ "op": "release", "task": "a1" }));
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    let (code, _, stderr) = server.close();
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(env.plan()["phases"][0]["tasks"][0].get("owner"), None);
}

/// Issue 40, item 17: answers go out in the order of the lines they
/// answer, those of lines the server could not read among them: a parse
/// error does not overtake the answer to a call sent before it.
#[test]
fn answers_keep_the_order_of_the_lines() {
    let env = TestEnv::new();
    let call = |id: u64, items: &[&str]| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "todo", "arguments": {"op": "append", "phase": "A", "items": items}}})
        .to_string()
    };
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}})
        .to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
    ];
    let mut want = vec![json!(0)];
    for i in 1..=20u64 {
        let items = [format!("task {i}")];
        lines.push(call(i, &[items[0].as_str()]));
        want.push(json!(i));
        lines.push("{ not json".into());
        want.push(Value::Null);
        lines.push(
            json!({"jsonrpc": "1.0", "id": format!("bad {i}"), "method": "ping"}).to_string(),
        );
        want.push(json!(format!("bad {i}")));
    }
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let run = env.start(&["mcp"], input.as_bytes()).finish(HUNG);
    let ids: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON-RPC")["id"].clone())
        .collect();
    assert_eq!(ids, want, "{run:?}");
}
