"""Drive `todo mcp` with the official MCP Python SDK client (not ours).

    client.py session TODO_BINARY   the session of tests/cli/mcp.rs: prints a
                                    transcript, exits 1 on the first failed check
    client.py bench TODO_BINARY [N] one-task changes on a 1,000-task plan: N
                                    tool calls against N `todo apply` processes
    client.py calls TODO_BINARY JSON  the steps of JSON, a list of
                                    ["tool", NAME, ARGS], ["resource", URI] or
                                    ["tools"], each answered on stdout as one
                                    JSON line (a tool's reply, its text as
                                    the model reads it, and isError; a
                                    resource's text; the tool list)

Run in the project directory; the server inherits this environment.
"""

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError


class Failed(Exception):
    pass


def fail(why):
    print(f"FAILED: {why}", flush=True)
    raise Failed(why)


def check(cond, why):
    if not cond:
        fail(why)


def short(text, n=160):
    text = text.replace("\n", "\\n")
    return text if len(text) <= n else text[: n - 3] + "..."


def show_request(method, params):
    print(f"> {method} {short(json.dumps(params))}", flush=True)


def reply_of(result):
    """The JSON reply a tool result carries as its text."""
    check(len(result.content) == 1, f"one content block, got {result.content!r}")
    block = result.content[0]
    check(block.type == "text", f"a text block, got {block.type}")
    return json.loads(block.text)


async def call(session, name, args):
    show_request(f"tools/call {name}", args)
    result = await session.call_tool(name, args)
    reply = reply_of(result)
    print(f"< isError={str(result.is_error).lower()} {short(json.dumps(reply))}", flush=True)
    return result.is_error, reply


def server(binary):
    return StdioServerParameters(command=binary, args=["mcp"], env=dict(os.environ), cwd=os.getcwd())


async def session_test(binary):
    async with stdio_client(server(binary)) as (read, write):
        async with ClientSession(read, write) as session:
            show_request("initialize", {})
            init = await session.initialize()
            print(f"< server {init.server_info.name} {init.server_info.version}, protocol {init.protocol_version}")
            check(init.server_info.name == "todo", "the server calls itself todo")
            check(init.capabilities.tools is not None, "tools capability")
            check(init.capabilities.resources is not None, "resources capability")

            show_request("tools/list", {})
            tools = {t.name: t for t in (await session.list_tools()).tools}
            print(f"< tools {sorted(tools)}")
            check(set(tools) == {"todo", "plan_update"}, f"tools todo and plan_update, got {sorted(tools)}")
            for tool in tools.values():
                schema = tool.input_schema
                jsonschema.Draft202012Validator.check_schema(schema)
                check(schema.get("type") == "object", f"{tool.name}: an object schema")
                check(schema.get("properties"), f"{tool.name}: with properties")
                check(len(tool.description or "") > 200, f"{tool.name}: a description an agent can follow")
            todo = jsonschema.Draft202012Validator(tools["todo"].input_schema)
            check(todo.is_valid({"op": "done", "task": "t3"}), "an op fits the todo schema")
            check(todo.is_valid({"ops": [{"op": "view"}, {"op": "start", "task": "t1"}]}), "ops fit")
            check(not todo.is_valid({"op": "explode"}), "an unknown op does not fit the schema")
            check(not todo.is_valid({"ops": [{"op": "explode"}]}), "nor inside ops")
            update = jsonschema.Draft202012Validator(tools["plan_update"].input_schema)
            check(update.is_valid({"tasks": [{"id": "t1", "status": "done"}], "add_findings": ["x"]}), "plan_update")
            check(not update.is_valid({"tasks": [{"status": "done"}]}), "plan_update task needs an id")

            error, reply = await call(session, "todo", {
                "op": "init",
                "list": [{"phase": "Build", "items": ["parser", "printer", "docs"]}],
            })
            check(not error and reply["ok"] and reply["rev"] == 1, "init applied as rev 1")
            check(reply["minted"] == ["p1", "t1", "t2", "t3"], f"minted ids, got {reply['minted']}")
            check("- [/] parser" in reply["message"], "the reply shows the plan")

            error, reply = await call(session, "todo", {"op": "done", "task": "parser"})
            check(not error and reply["rev"] == 2, "done applied as rev 2")
            check([t["content"] for t in reply["completedTasks"]] == ["parser"], "completedTasks names it")
            check("- [/] printer" in reply["message"], "the next task started")

            error, reply = await call(session, "todo", {
                "ops": [{"op": "done", "task": "printer"}, {"op": "done", "task": "no such task"}],
            })
            check(error, "a failing batch is a tool error")
            check(reply["ok"] is False and reply["error"]["code"] == "plan-missing-item", "its code")
            check("- [/] printer" in reply["error"]["unchanged"], "the unchanged list: printer still open")
            check(reply["rev"] == 2, "nothing written")

            error, reply = await call(session, "todo", {"op": "view"})
            check(not error and reply["changed"] is False and reply["rev"] == 2, "view changes nothing")

            show_request("resources/list", {})
            resources = {str(r.uri): r for r in (await session.list_resources()).resources}
            print(f"< resources {sorted(resources)}")
            check({"todo://plan", "todo://plan.json"} <= set(resources), "the plan resources")
            show_request("resources/read", {"uri": "todo://plan"})
            text = (await session.read_resource("todo://plan")).contents[0].text
            print(f"< {short(text)}")
            lines = [line.split(" <!--")[0] for line in text.splitlines()]
            check(lines == ["# Build", "- [x] parser", "- [/] printer", "- [ ] docs"], f"the plan as Markdown: {text!r}")
            show_request("resources/read", {"uri": "todo://plan.json"})
            data = json.loads((await session.read_resource("todo://plan.json")).contents[0].text)
            print(f"< rev {data['rev']}, {sum(len(p['tasks']) for p in data['phases'])} tasks")
            check(data["rev"] == 2, "the plan file")

            # A person, in another terminal, between two calls.
            print("$ todo done printer   (a person, another process)", flush=True)
            person = subprocess.run([binary, "done", "printer"], capture_output=True, text=True)
            check(person.returncode == 0, f"the person's todo done: {person.stderr}")
            error, reply = await call(session, "todo", {"op": "view"})
            check("- [x] printer" in reply["message"] and reply["rev"] == 3, "the next call sees it")

            error, reply = await call(session, "todo", {"op": "drop", "task": "printer"})
            check(error and reply["error"]["code"] == "set-by-person", "the agent may not undo it")
            check("a person" in reply["message"], "the message says why")
            check("- [x] printer" in reply["error"]["unchanged"], "and shows the plan as it stands")

            # Seed 000's plan_update: tasks by id, a task placed after
            # another, a finding; an id that names nothing lists the known.
            error, reply = await call(session, "plan_update", {
                "tasks": [{"id": "t3", "status": "done", "note": "README written"}],
                "add_tasks": [{"phase": "p1", "text": "changelog", "after": "t3"}],
                "add_findings": ["the printer needs a width limit"],
            })
            check(not error and reply["rev"] == 4, "plan_update applied as rev 4")
            check(sorted(reply["minted"]) == ["f1", "t4"], f"minted t4 and f1, got {reply['minted']}")
            check("- [x] docs" in reply["message"], "docs done")
            data = json.loads((await session.read_resource("todo://plan.json")).contents[0].text)
            tasks = [(t["id"], t["content"], t["status"]) for t in data["phases"][0]["tasks"]]
            check(tasks[-1] == ("t4", "changelog", "in_progress"), f"changelog after docs, started: {tasks}")
            check([f["text"] for f in data["findings"]] == ["the printer needs a width limit"], "the finding")
            error, reply = await call(session, "plan_update", {"tasks": [{"id": "t9", "status": "done"}]})
            check(error and reply["error"]["code"] == "plan-missing-item", "an unknown id is plan-missing-item")
            check("t1, t2, t3, t4" in reply["message"], "naming the known ids")
            check(reply["rev"] == 4, "and nothing written")

            show_request("tools/call nope", {})
            try:
                await session.call_tool("nope", {})
                fail("an unknown tool is an error")
            except MCPError as e:
                print(f"< error {e.error.code}: {short(e.error.message)}")
            show_request("resources/read", {"uri": "todo://other"})
            try:
                await session.read_resource("todo://other")
                fail("an unknown resource is an error")
            except MCPError as e:
                print(f"< error {e.error.code}: {short(e.error.message)}")
            print("> (close stdin)")
    print("ok")


async def bench(binary, n):
    big = [{"phase": f"Phase {p}", "items": [f"task {p}-{i}" for i in range(100)]} for p in range(10)]
    mcp_times, apply_times = [], []
    # A person makes the plan: an agent may not grow one past 300 tasks.
    init = json.dumps({"op": "init", "list": big})
    made = subprocess.run([binary, "--as", "person", "apply"], input=init, capture_output=True, text=True)
    check(made.returncode == 0, f"init 1,000 tasks: {made.stdout}")
    async with stdio_client(server(binary)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            # In rounds of ten calls then ten processes, so both see the same
            # plan and the same machine: the tool blocks even tasks, `todo
            # apply` odd ones (one task changed each time).
            for r in range(0, n, 10):
                for i in range(r, min(r + 10, n)):
                    start = time.perf_counter()
                    result = await session.call_tool("todo", {"op": "block", "task": f"t{2 * i + 2}", "reason": "r"})
                    mcp_times.append(time.perf_counter() - start)
                    check(not result.is_error, f"tool call {i}: {result.content}")
                for i in range(r, min(r + 10, n)):
                    ops = json.dumps({"op": "block", "task": f"t{2 * i + 3}", "reason": "r"})
                    start = time.perf_counter()
                    proc = subprocess.run([binary, "apply"], input=ops, capture_output=True, text=True)
                    apply_times.append(time.perf_counter() - start)
                    check(proc.returncode == 0, f"todo apply {i}: {proc.stdout}")
    mcp, apply = statistics.median(mcp_times), statistics.median(apply_times)
    print(f"tasks=1000 calls={n} mcp_median_ms={mcp * 1000:.2f} apply_median_ms={apply * 1000:.2f} ratio={mcp / apply:.2f}")


async def calls(binary, steps):
    async with stdio_client(server(binary)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for step in steps:
                if step[0] == "tool":
                    result = await session.call_tool(step[1], step[2])
                    out = {"isError": bool(result.is_error), "reply": reply_of(result), "text": result.content[0].text}
                elif step[0] == "resource":
                    result = await session.read_resource(step[1])
                    out = {"text": result.contents[0].text}
                else:
                    result = await session.list_tools()
                    out = {"tools": [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in result.tools]}
                print(json.dumps(out), flush=True)


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("session", "bench", "calls"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        if sys.argv[1] == "session":
            asyncio.run(session_test(sys.argv[2]))
        elif sys.argv[1] == "calls":
            asyncio.run(calls(sys.argv[2], json.loads(sys.argv[3])))
        else:
            asyncio.run(bench(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 50))
    except BaseException as e:
        # A failed check was printed; the task groups' wrapping is noise.
        if isinstance(e, Failed) or (isinstance(e, BaseExceptionGroup) and e.subgroup(Failed)):
            sys.exit(1)
        raise


if __name__ == "__main__":
    main()
