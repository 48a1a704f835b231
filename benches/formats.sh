#!/usr/bin/env bash
# Benchmark `todo import --from taskwarrior` (issue 44) beside `todo import`
# of todo's own JSON holding the same plan, at several sizes, to show both
# take time linear in the size of the input. Each size is a generated
# `task export` (a dependency chain, ten projects, tags, a due date on every
# fifth task); todo's JSON is that plan as `todo export --format json`
# writes it. Every run imports into a plan that already holds the same
# tasks (the second import, which updates), from a fresh copy.
#
# Uses hyperfine when it is installed; otherwise times RUNS runs of each
# with `date +%s%N` and prints the median.
#
#   benches/formats.sh [--sizes "1000 10000 20000"] [--runs R]
# Environment:
#   TODO_BIN   use this todo binary instead of `cargo build --release --locked`
# Needs bash, awk and sort.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
SIZES="1000 10000 20000"
RUNS=5
while (($#)); do
    case "$1" in
    --sizes) SIZES=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "formats.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [[ -z ${TODO_BIN:-} ]]; then
    (cd "$ROOT" && cargo build --release --locked --quiet)
    TODO_BIN="$ROOT/target/release/todo"
fi
TODO=$(realpath "$TODO_BIN")

D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
export TODO_NOW=2026-01-02T03:04:05Z

# A `task export` of N tasks.
generate() {
    awk -v n="$1" 'BEGIN {
        print "["
        for (i = 0; i < n; i++) {
            dep = i > 0 ? sprintf(",\"depends\":[\"00000000-0000-4000-8000-%012d\"]", i - 1) : ""
            due = i % 5 == 0 ? ",\"due\":\"20260201T000000Z\"" : ""
            printf "{\"id\":%d,\"description\":\"Task %d of the benchmark\",\"entry\":\"20260101T000000Z\"%s,\"project\":\"P%d\",\"status\":\"pending\",\"uuid\":\"00000000-0000-4000-8000-%012d\"%s,\"tags\":[\"t%d\"],\"urgency\":1.5}%s\n", i + 1, i, due, i % 10, i, dep, i % 3, i < n - 1 ? "," : ""
        }
        print "]"
    }'
}

# Milliseconds, the median of RUNS runs of "$@" (in the project $P).
median_ms() {
    local i t0 t1
    for ((i = 0; i < RUNS; i++)); do
        t0=$(date +%s%N)
        "$@" >/dev/null
        t1=$(date +%s%N)
        echo $(((t1 - t0) / 1000000))
    done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

have_hyperfine=false
command -v hyperfine >/dev/null 2>&1 && have_hyperfine=true
printf '%8s  %22s  %22s\n' tasks "import --from taskwarrior" "import (todo's JSON)"
for n in $SIZES; do
    P="$D/p$n"
    mkdir -p "$P/.git"
    generate "$n" >"$P/tw.json"
    (cd "$P" && "$TODO" import --from taskwarrior tw.json >/dev/null &&
        "$TODO" export --format json own.json >/dev/null)
    if $have_hyperfine; then
        # No shell between hyperfine and todo (-N): the path has no spaces
        # to quote (mktemp's, and TODO_BIN's as given).
        (cd "$P" && hyperfine -N --style none --runs "$RUNS" --warmup 1 \
            --export-json "$D/h$n.json" \
            "$TODO import --from taskwarrior tw.json" \
            "$TODO import own.json" >/dev/null 2>&1)
        read -r tw own < <(awk '/"median"/ { gsub(/[^0-9.]/, "", $2); printf "%d ", $2 * 1000 } END { print "" }' "$D/h$n.json")
    else
        tw=$(cd "$P" && median_ms "$TODO" import --from taskwarrior tw.json)
        own=$(cd "$P" && median_ms "$TODO" import own.json)
    fi
    printf '%8d  %19d ms  %19d ms\n' "$n" "$tw" "$own"
done
