#!/usr/bin/env bash
# `todo mcp` against `todo apply` (issue 14): one task changed on a
# 1,000-task plan, timed from the client. The official MCP Python SDK client
# (tests/mcp/client.py bench) makes N tool calls through one `todo mcp`, and
# N `todo apply` processes, in interleaved rounds of ten, each on its own
# task; it prints both medians and their ratio (the target: <= 0.5).
# Then start-up of the other verbs (`todo --version`, `todo` on a small
# plan) with hyperfine, against BASE_BIN when given (a build without mcp).
#
#   benches/mcp.sh [N]       N calls each (default 50), 3 runs
# Environment:
#   TODO_BIN   the todo binary (default: cargo build --release --locked)
#   BASE_BIN   a todo binary to compare start-up with (optional)
#   PYTHON     an interpreter with mcp and jsonschema (default: the venv
#              .ci/run makes, target/mcp-venv)
#   BENCH_DIR  where the scratch projects go (default: a mktemp directory;
#              /dev/shm takes the disk's fsync out of both sides)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
N=${1:-50}
PYTHON=${PYTHON:-$ROOT/target/mcp-venv/bin/python}
if [[ -z ${TODO_BIN:-} ]]; then
    (cd "$ROOT" && cargo build --release --locked -q)
    TODO_BIN=$ROOT/target/release/todo
fi
TODO_BIN=$(realpath "$TODO_BIN")
[[ -n ${BASE_BIN:-} ]] && BASE_BIN=$(realpath "$BASE_BIN")
if ! "$PYTHON" -c "import mcp, jsonschema" 2>/dev/null; then
    echo "mcp.sh: $PYTHON lacks the MCP SDK; run .ci/run once, or set PYTHON" >&2
    exit 2
fi

scratch=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/todo-mcp-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export HOME=$scratch/home TODO_HISTORY_DIR=$scratch/history
mkdir -p "$HOME"

echo "== one-task change on 1,000 tasks: tool call vs todo apply process ($N each)"
for run in 1 2 3; do
    mkdir -p "$scratch/p$run/.git"
    (cd "$scratch/p$run" && "$PYTHON" "$ROOT/tests/mcp/client.py" bench "$TODO_BIN" "$N")
done

if command -v hyperfine >/dev/null; then
    echo "== start-up (median of 500 runs)"
    mkdir -p "$scratch/small/.git"
    (cd "$scratch/small" && "$TODO_BIN" append A a1 a2 a3 >/dev/null)
    bins=("$TODO_BIN")
    [[ -n ${BASE_BIN:-} ]] && bins=("$BASE_BIN" "$TODO_BIN")
    commands=()
    for bin in "${bins[@]}"; do
        commands+=("$bin --version" "$bin")
    done
    (cd "$scratch/small" && hyperfine -N --warmup 20 --runs 500 --export-json "$scratch/startup.json" "${commands[@]}" >/dev/null 2>&1)
    python3 - "$scratch/startup.json" <<'EOF'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']:60s} median {r['median'] * 1000:.3f} ms  min {r['min'] * 1000:.3f} ms")
EOF
else
    echo "== start-up skipped: hyperfine is not installed"
fi
