#!/usr/bin/env python3
"""A scripted stand-in for the Anthropic Messages API on 127.0.0.1, so that the
real Claude Code runs a session offline: the "model" answers from a script,
Claude Code runs the tool calls for real and fires its real hooks.

    SCRIPT=turns.json LOG_DIR=out/ python3 messages_standin.py

It listens on a free port and prints that port on its first line of stdout.
turns.json is a list, one entry per answer of the main conversation:
  - a string: a text answer that ends the turn (stop_reason "end_turn");
  - a list of [tool_name, input] pairs: tool calls (stop_reason "tool_use").
When the script has run out the answer is "Done.". Claude Code's own side
requests (titles, summaries: no Bash tool offered) get "ok" and do not use up
the script. Every request is written to LOG_DIR/req-NNN.json as
{"path", "main", "body"}: the tests read from them what the model was offered
(body.tools) and what reached it (tool results, hook context).

Shapes from Claude Code 2.1.332 (npm @anthropic-ai/claude-code), read
2026-12-06: it POSTs /v1/messages?beta=true with "stream": true and reads the
server-sent events message_start, content_block_start/delta/stop
(text_delta, input_json_delta), message_delta (stop_reason), message_stop;
/v1/messages/count_tokens gets {"input_tokens"}. Standard library only.
"""
import itertools
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG_DIR = os.environ.get("LOG_DIR", ".")
SCRIPT = json.load(open(os.environ["SCRIPT"])) if os.environ.get("SCRIPT") else []
# A request of the main conversation offers the agent's tools.
MAIN_TOOLS = {"Bash", "Read", "Edit", "Write"}
numbers = itertools.count(1)
lock = threading.Lock()
state = {"next": 0}


def sse(blocks, stop_reason, model):
    """The server-sent events of one streamed answer."""
    usage = {"input_tokens": 10, "output_tokens": 1,
             "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    yield "message_start", {"type": "message_start", "message": {
        "id": "msg_standin", "type": "message", "role": "assistant", "model": model,
        "content": [], "stop_reason": None, "stop_sequence": None, "usage": usage}}
    for i, b in enumerate(blocks):
        if b["type"] == "text":
            start, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": b["text"]}
        else:
            start = {"type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}
        yield "content_block_start", {"type": "content_block_start", "index": i, "content_block": start}
        yield "content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": i}
    yield "message_delta", {"type": "message_delta", "usage": {"output_tokens": 5},
                            "delta": {"stop_reason": stop_reason, "stop_sequence": None}}
    yield "message_stop", {"type": "message_stop"}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, body, kind="application/json"):
        self.send_response(200)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.reply(b"{}")

    def do_HEAD(self):
        self.send_response(200)
        self.end_headers()

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            req = json.loads(raw)
        except ValueError:
            req = {}
        if "count_tokens" in self.path:
            return self.reply(b'{"input_tokens": 10}')
        main = bool({t.get("name") for t in req.get("tools") or []} & MAIN_TOOLS)
        with lock:
            n = next(numbers)
            with open(os.path.join(LOG_DIR, "req-%03d.json" % n), "w") as f:
                json.dump({"path": self.path, "main": main, "body": req}, f, indent=1)
            answer = "ok"
            if main:
                answer = SCRIPT[state["next"]] if state["next"] < len(SCRIPT) else "Done."
                state["next"] += 1
        if isinstance(answer, str):
            blocks, stop = [{"type": "text", "text": answer}], "end_turn"
        else:
            blocks = [{"type": "tool_use", "id": "toolu_%03d_%d" % (n, j), "name": name, "input": args}
                      for j, (name, args) in enumerate(answer)]
            stop = "tool_use"
        model = req.get("model", "claude")
        if req.get("stream"):
            body = "".join("event: %s\ndata: %s\n\n" % (e, json.dumps(d))
                           for e, d in sse(blocks, stop, model))
            return self.reply(body.encode(), "text/event-stream")
        self.reply(json.dumps({"id": "msg_standin", "type": "message", "role": "assistant",
                               "model": model, "content": blocks, "stop_reason": stop,
                               "stop_sequence": None,
                               "usage": {"input_tokens": 1, "output_tokens": 1}}).encode())


if __name__ == "__main__":
    os.makedirs(LOG_DIR, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
