#!/usr/bin/env bash
# Profile todo's slow cases on a large plan with callgrind (and perf, if it works).
#
#   benches/profile.sh [TASKS] [VERB ARGS...]
#
# Default: 100,000 tasks, and each of `show`, `done zeppelin` (substring),
# `done zepelin` (typo fallback), `done t66000` (id), `append ...`, each on a
# freshly restored plan. Prints the top functions by inclusive and exclusive
# instruction count; the raw callgrind files stay in the printed directory for
# callgrind_annotate or kcachegrind. TODO_BIN as in compare.sh.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
N=${1:-100000}
(($# > 0)) && shift

command -v valgrind >/dev/null || { echo "profile.sh: valgrind is required" >&2; exit 1; }
if [[ -n ${TODO_BIN:-} ]]; then
    TODO=$(cd "$(dirname "$TODO_BIN")" && pwd)/$(basename "$TODO_BIN")
else
    (cd "$ROOT" && cargo build --release --locked -q)
    TODO="$ROOT/target/release/todo"
fi

OUT=$(mktemp -d "${TMPDIR:-/tmp}/todo-profile.XXXXXX")
python3 "$HERE/gen.py" --tasks "$N" --out "$OUT/gen" --no-peers
mkdir -p "$OUT/work"
plan="$OUT/gen/todo/.todo.json"
by_id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["by_id"]["todo_id"])' "$OUT/gen/meta.json")

cases=()
if (($# > 0)); then
    cases+=("$*")
else
    cases+=("show" "done zeppelin" "done zepelin" "done $by_id" "append Write the profiling notes")
fi

export HOME="$OUT/home" TODO_HISTORY_DIR="$OUT/history" NO_COLOR=1
mkdir -p "$HOME"
for c in "${cases[@]}"; do
    name=${c// /_}
    cp "$plan" "$OUT/work/.todo.json"
    read -r -a argv <<<"$c"
    (cd "$OUT/work" && valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$name" \
        "$TODO" "${argv[@]}" >/dev/null 2>"$OUT/valgrind.$name.log")
    echo "=== todo $c ($N tasks): top inclusive"
    callgrind_annotate --inclusive=yes "$OUT/callgrind.$name" 2>/dev/null |
        grep -E 'PROGRAM TOTALS|todo::|serde_json|strsim|drop_in_place|clone' | grep -v 'lang_start\|todo::main\|todo::run ' |
        head -25 | cut -c1-160
    echo "=== todo $c: top exclusive"
    callgrind_annotate "$OUT/callgrind.$name" 2>/dev/null | sed -n '/^Ir/,$p' | sed -n '3,17p' | cut -c1-160
    cp "$plan" "$OUT/work/.todo.json"
    /usr/bin/time -f "max RSS %M KiB, %e s wall" "$TODO" --file "$OUT/work/.todo.json" "${argv[@]}" >/dev/null 2>"$OUT/time.$name" || true
    echo "=== $(tail -1 "$OUT/time.$name") (plan file $(wc -c <"$plan") bytes)"
    echo
done
echo "callgrind files in $OUT"
