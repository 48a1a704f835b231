#!/usr/bin/env bash
# Benchmark `todo check --verify` (issue 27): a plan of N completed tasks
# whose checks each take SECS seconds (`sleep`), rerun with a job limit.
# The checks wait rather than compute, so the time should be about
# N * SECS / jobs whatever the machine's cores: this measures the runner's
# parallelism and overhead, not the checks. Prints each run's wall time and
# the median per job limit.
#
#   benches/verify.sh [--tasks N] [--secs S] [--jobs "2 4 8"] [--runs R]
# Environment:
#   TODO_BIN   use this todo binary instead of `cargo build --release --locked`
# Needs bash, awk and sleep.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
TASKS=50
SECS=1
JOBS="2 4"
RUNS=3
while (($#)); do
    case "$1" in
    --tasks) TASKS=$2; shift ;;
    --secs) SECS=$2; shift ;;
    --jobs) JOBS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "verify.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
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
mkdir -p "$D/project/.git" "$D/home"
cd "$D/project"
export HOME="$D/home" TODO_HISTORY_DIR="$D/home/history"
# CI's way in: the plan's checks are trusted for this run only.
export TODO_TRUST_CHECKS=1

for i in $(seq 1 "$TASKS"); do
    "$TODO" append -q Checks "task $i" --verify "sleep $SECS"
done
# Completed without running them (a person's --no-verify): the benchmark
# times the rerun, not the setup.
"$TODO" 'done' -q --no-verify

now() { date +%s.%N; }
echo "$TASKS checks of $SECS s each; ideal time = $TASKS * $SECS / jobs"
for jobs in $JOBS; do
    times=()
    for _ in $(seq 1 "$RUNS"); do
        start=$(now)
        "$TODO" check --verify --jobs "$jobs" >/dev/null
        end=$(now)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    ideal=$(awk -v n="$TASKS" -v s="$SECS" -v j="$jobs" 'BEGIN { printf "%.1f", n * s / j }')
    echo "jobs $jobs: runs ${times[*]} s; median $median s (ideal $ideal s)"
done
