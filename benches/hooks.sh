#!/usr/bin/env bash
# Benchmark the agent hooks and `todo handoff` on a large plan (issue 41):
# the median wall time of each, and its ratio to `todo check` on the same
# plan (a hook reads the plan as check does, and must answer within the
# 10 s its agent gives it). Prints one line per command.
#
#   benches/hooks.sh [--tasks N] [--runs R]
# Environment:
#   TODO_BIN   use this todo binary instead of `cargo build --release --locked`
# Needs bash, python3 (to make the plan and time the runs).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
TASKS=10000
RUNS=21
while (($#)); do
    case "$1" in
    --tasks) TASKS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "hooks.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "${TODO_BIN:-}" ]; then
    cargo build --release --locked --quiet --manifest-path "$ROOT/Cargo.toml"
    TODO_BIN=$ROOT/target/release/todo
fi
TODO_BIN=$(cd "$(dirname "$TODO_BIN")" && pwd)/$(basename "$TODO_BIN")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/p/.git"
python3 - "$WORK/p/.todo.json" "$TASKS" <<'PY'
import json, sys
path, n = sys.argv[1], int(sys.argv[2])
per = 100
phases = []
for p in range((n + per - 1) // per):
    tasks = []
    for i in range(p * per, min(n, (p + 1) * per)):
        status = "completed" if i < n // 10 else ("in_progress" if i == n // 10 else "pending")
        tasks.append({"id": f"t{i + 1}", "content": f"Task number {i + 1} of the big plan, with a few words", "status": status})
    phases.append({"id": f"p{p + 1}", "name": f"Phase {p + 1}", "tasks": tasks})
json.dump({"version": 2, "phases": phases}, open(path, "w"))
PY
python3 - "$TODO_BIN" "$WORK" "$RUNS" "$TASKS" <<'PY'
import json, os, statistics, subprocess, sys, time
todo, work, runs, tasks = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
project = os.path.join(work, "p")
env = dict(os.environ, HOME=work, TODO_HISTORY_DIR=os.path.join(work, "history"))
env.pop("TODO_AGENT", None)
def hook(event, name, **more):
    data = {"session_id": "bench", "cwd": project, "hook_event_name": name, **more}
    return ["hook", event], json.dumps(data).encode()
cases = [
    ("todo check", ["check"], b""),
    ("todo handoff", ["handoff"], b""),
    ("hook session-start", *hook("session-start", "SessionStart", source="startup", model="claude-opus-4-8")),
    ("hook session-start (compact)", *hook("session-start", "SessionStart", source="compact")),
    ("hook prompt", *hook("prompt", "UserPromptSubmit", prompt="go on")),
    ("hook stop", *hook("stop", "Stop", last_assistant_message="ok")),
]
def once(args, stdin):
    start = time.perf_counter()
    out = subprocess.run([todo, *args], cwd=project, env=env, input=stdin, capture_output=True)
    return time.perf_counter() - start, len(out.stdout)
medians = {}
for name, args, stdin in cases:
    once(args, stdin)
    times = []
    size = 0
    for _ in range(runs):
        t, size = once(args, stdin)
        times.append(t)
        # The stop hook reminds 3 times a cycle: a prompt starts the next.
        if args[-1] == "stop":
            once(*hook("prompt", "UserPromptSubmit", prompt="go on"))
    medians[name] = statistics.median(times)
    ratio = medians[name] / medians["todo check"]
    print(f"{name:32} median {medians[name] * 1000:7.1f} ms  {ratio:5.2f}x todo check  {size:6} bytes out  ({tasks} tasks, {runs} runs)")
PY
