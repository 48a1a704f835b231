#!/usr/bin/env python3
"""A scripted stand-in for the OpenAI Responses API on 127.0.0.1, so that the
real Codex CLI (`codex exec`) runs a session offline: the "model" answers from
a script, Codex runs the tool calls for real and fires its real hooks.

    SCRIPT=turns.json LOG_DIR=out/ python3 responses_standin.py

It listens on a free port and prints that port on its first line of stdout.
turns.json is a list, one entry per answer of the main conversation:
  - a string: an assistant message that ends the turn;
  - a list of [tool_name, arguments] pairs: function calls, e.g.
    [["exec_command", {"cmd": "todo show"}]] (arguments sent JSON-encoded);
    a tool the request offers as "custom" (apply_patch) gets a
    custom_tool_call with the string as its input.
When the script has run out the answer is "Done.". A request that offers no
tools does not use up the script. Every request is written to
LOG_DIR/req-NNN.json as {"path", "main", "body"}.

Shapes from Codex 0.171.0 (npm @openai/codex), read 2026-12-06: it POSTs
/v1/responses with "stream": true (body possibly zstd- or gzip-encoded) and
reads response.created, response.output_item.added/.done (message,
function_call, custom_tool_call), the text and argument deltas, and
response.completed with usage. Standard library only.
"""
import gzip
import itertools
import json
import os
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG_DIR = os.environ.get("LOG_DIR", ".")
SCRIPT = json.load(open(os.environ["SCRIPT"])) if os.environ.get("SCRIPT") else []
numbers = itertools.count(1)
ids = itertools.count(1)
lock = threading.Lock()
state = {"next": 0}
USAGE = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0},
         "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 0},
         "total_tokens": 15}


def decode(raw, encoding):
    encoding = (encoding or "").lower()
    if encoding == "gzip":
        return gzip.decompress(raw)
    if encoding == "deflate":
        return zlib.decompress(raw)
    if encoding == "zstd":
        from compression import zstd  # Python 3.14+; older ones fail loudly here
        return zstd.decompress(raw)
    return raw


def tool_kinds(req):
    """Each offered tool's name and type, namespaces and additional_tools included."""
    kinds = {}

    def walk(tools):
        for t in tools or []:
            if t.get("name"):
                kinds.setdefault(t["name"], t.get("type"))
            walk(t.get("tools"))
    walk(req.get("tools"))
    for item in req.get("input") or []:
        if isinstance(item, dict) and item.get("type") == "additional_tools":
            walk(item.get("tools"))
    return kinds


def output_items(answer, n, kinds):
    if isinstance(answer, str):
        return [{"type": "message", "id": "msg_%d" % next(ids), "role": "assistant",
                 "status": "completed",
                 "content": [{"type": "output_text", "text": answer, "annotations": []}]}]
    items = []
    for j, (name, args) in enumerate(answer):
        text = args if isinstance(args, str) else json.dumps(args)
        call = {"call_id": "call_%03d_%d" % (n, j), "name": name, "status": "completed"}
        if kinds.get(name) == "custom":
            items.append(dict(call, type="custom_tool_call", id="ctc_%d" % next(ids), input=text))
        else:
            items.append(dict(call, type="function_call", id="fc_%d" % next(ids), arguments=text))
    return items


def sse(resp_id, model, items):
    base = {"id": resp_id, "object": "response", "created_at": 0, "model": model}
    yield {"type": "response.created", "response": dict(base, status="in_progress", output=[])}
    for i, item in enumerate(items):
        key = {"message": "content", "function_call": "arguments"}.get(item["type"], "input")
        empty = [] if key == "content" else ""
        yield {"type": "response.output_item.added", "output_index": i,
               "item": dict(item, status="in_progress", **{key: empty})}
        at = {"item_id": item["id"], "output_index": i}
        if item["type"] == "message":
            text = item["content"][0]["text"]
            part = {"type": "output_text", "text": "", "annotations": []}
            yield dict(at, type="response.content_part.added", content_index=0, part=part)
            yield dict(at, type="response.output_text.delta", content_index=0, delta=text)
            yield dict(at, type="response.output_text.done", content_index=0, text=text)
            yield dict(at, type="response.content_part.done", content_index=0, part=dict(part, text=text))
        elif item["type"] == "function_call":
            yield dict(at, type="response.function_call_arguments.delta", delta=item["arguments"])
            yield dict(at, type="response.function_call_arguments.done", arguments=item["arguments"])
        else:
            yield dict(at, type="response.custom_tool_call_input.delta", delta=item["input"])
            yield dict(at, type="response.custom_tool_call_input.done", input=item["input"])
        yield {"type": "response.output_item.done", "output_index": i, "item": item}
    yield {"type": "response.completed",
           "response": dict(base, status="completed", output=items, usage=USAGE)}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, body, kind="application/json"):
        self.send_response(200)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            raw = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                raw += self.rfile.read(size)
                self.rfile.readline()
        else:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        return decode(raw, self.headers.get("content-encoding"))

    def log(self, n, body, main):
        with open(os.path.join(LOG_DIR, "req-%03d.json" % n), "w") as f:
            json.dump({"path": self.path, "main": main, "body": body}, f, indent=1)

    def do_GET(self):
        with lock:
            self.log(next(numbers), None, False)
        self.reply(b'{"object": "list", "data": [], "models": []}')

    def do_HEAD(self):
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_POST(self):
        raw = self.body()
        try:
            req = json.loads(raw)
        except ValueError:
            req = {"unparsed": raw.decode("utf-8", "replace")}
        kinds = tool_kinds(req)
        main = bool(kinds) and self.path.split("?")[0].endswith("/responses")
        with lock:
            n = next(numbers)
            self.log(n, req, main)
            answer = "ok"
            if main:
                answer = SCRIPT[state["next"]] if state["next"] < len(SCRIPT) else "Done."
                state["next"] += 1
        items = output_items(answer, n, kinds)
        model = req.get("model", "standin")
        resp_id = "resp_standin_%d" % n
        if req.get("stream"):
            events = list(sse(resp_id, model, items))
            body = "".join("event: %s\ndata: %s\n\n" % (e["type"], json.dumps(dict(e, sequence_number=i)))
                           for i, e in enumerate(events))
            return self.reply(body.encode(), "text/event-stream")
        self.reply(json.dumps({"id": resp_id, "object": "response", "created_at": 0, "model": model,
                               "status": "completed", "output": items, "usage": USAGE}).encode())


if __name__ == "__main__":
    os.makedirs(LOG_DIR, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
