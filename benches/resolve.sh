#!/usr/bin/env bash
# Benchmark `todo resolve` (issue 21): two 100,000-task sides with 100
# changes each (merge_sides.py, as the merge-file case of compare.sh),
# committed on two branches and merged with real `git merge`, which stops
# with the plan conflicted. Timed with hyperfine: `todo resolve` from git's
# index (stages 1/2/3, the usual case), from diff3 markers alone (the file
# outside any repository), and `todo merge-file` of the same three versions
# next to them. Each run starts from the conflicted file (--prepare).
#
#   benches/resolve.sh [--tasks N] [--changes N] [--runs N]
# Environment:
#   TODO_BIN   use this todo binary instead of `cargo build --release --locked`
# Needs git, python3 (standard library only) and hyperfine.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
TASKS=100000
CHANGES=100
RUNS=20
while (($#)); do
    case "$1" in
    --tasks) TASKS=$2; shift ;;
    --changes) CHANGES=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "resolve.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
command -v hyperfine >/dev/null || { echo "resolve.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }

if [[ -z ${TODO_BIN:-} ]]; then
    (cd "$ROOT" && cargo build --release --locked --quiet)
    TODO_BIN="$ROOT/target/release/todo"
fi
TODO=$(realpath "$TODO_BIN")

D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
export HOME="$D/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null TODO_HISTORY_DIR="$D/history"
mkdir -p "$HOME"

python3 "$HERE/gen.py" --tasks "$TASKS" --no-peers --out "$D/gen" >/dev/null
python3 "$HERE/merge_sides.py" "$D/gen/todo/.todo.json" "$D/sides" --changes "$CHANGES"

R="$D/repo"
"$HERE/conflicted.sh" "$D/sides" "$R"
cp "$R/.todo.json" "$D/conflicted.json"
mkdir -p "$D/loose"

echo "todo resolve: $TASKS tasks, $CHANGES changes per side; $(grep -c '^<<<<<<<' "$D/conflicted.json") conflicts in the file"
hyperfine -N --warmup 1 --runs "$RUNS" \
    --prepare "cp $D/conflicted.json $R/.todo.json" \
    -n "resolve (index)" "$TODO --file $R/.todo.json resolve" \
    --prepare "cp $D/conflicted.json $D/loose/.todo.json" \
    -n "resolve (markers)" "$TODO --file $D/loose/.todo.json resolve" \
    --prepare "cp $D/sides/ours.json $D/merged.json" \
    -n "merge-file" "$TODO merge-file $D/sides/base.json $D/merged.json $D/sides/theirs.json" \
    --export-markdown "$D/table.md" --export-json "$D/times.json" >/dev/null
cat "$D/table.md"
python3 - "$D/times.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']}: median {r['median'] * 1000:.0f} ms (target for resolve: 1000 ms)")
PY
