//! `todo mcp` (SPEC §11): a session driven by the official MCP Python SDK's
//! client (tests/mcp/client.py, installed by `.ci/run` into
//! target/mcp-venv), and the protocol's bad days written raw: malformed
//! lines, unknown methods, a huge request, stdin closed mid-request.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{TestEnv, missing_tool, s};

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
        plan["rev"], 4,
        "init, the agent's done, the person's done, plan_update"
    );
    assert_eq!(plan["phases"][0]["tasks"][0]["by"], "agent");
    assert_eq!(plan["phases"][0]["tasks"][2]["notes"][0], "README written");
    assert_eq!(plan["findings"][0]["id"], "f1");
    assert_eq!(plan["phases"][0]["tasks"][1]["by"], "person");
}

/// `todo mcp` with pipes, read line by line on a thread.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Server {
    fn start(env: &TestEnv) -> Server {
        Server::start_with(env, &["mcp"])
    }

    fn start_with(env: &TestEnv, args: &[&str]) -> Server {
        let mut child = env
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn todo mcp");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Server {
            child,
            stdin,
            lines,
        }
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
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to todo mcp");
        stdin.flush().expect("flush");
    }

    fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.write(line.as_bytes());
    }

    /// The next message on stdout, which must be JSON-RPC.
    fn next(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(20))
            .expect("a reply from todo mcp within 20 s");
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
    fn close(mut self) -> (i32, Vec<String>, String) {
        drop(self.stdin.take());
        let mut stderr = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut err, &mut stderr);
        }
        let status = self.child.wait().expect("wait for todo mcp");
        let rest = self.lines.iter().collect();
        (status.code().unwrap_or(-1), rest, stderr)
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
    // Not JSON: ignored, as the official SDKs do (no id to answer to).
    server.write(b"this is not json\n{\"jsonrpc\":\"2.0\",\"id\":\n");
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
