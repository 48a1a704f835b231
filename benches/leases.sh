#!/usr/bin/env bash
# Benchmark the leases on a git remote (issue 42): claim, heartbeat and
# release round trips of `todo` against a bare repository served by a local
# `git daemon` on 127.0.0.1, while the remote's lease book holds N other
# leases (100, 1,000, 10,000 by default). Each round trip is one whole
# `todo` process (its fetch of the lease ref and its push); prints each
# size's medians in milliseconds, and claims per second. Then contended:
# 24 `claim --next` processes at once in 3 clones over 24 tasks, the wall
# time, and how many claims per second the remote let through.
#
#   benches/leases.sh [--sizes "100 1000 10000"] [--runs R]
# Environment:
#   TODO_BIN   use this todo binary instead of `cargo build --release --locked`
# Needs bash, git (with git-daemon), awk, sort and date with %N.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
SIZES="100 1000 10000"
RUNS=15
while (($#)); do
    case "$1" in
    --sizes) SIZES=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "leases.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [[ -z "${TODO_BIN:-}" ]]; then
    (cd "$ROOT" && cargo build --release --locked --quiet)
    TODO_BIN="$ROOT/target/release/todo"
fi

WORK=$(mktemp -d)
DAEMON=""
cleanup() {
    if [[ -n "$DAEMON" ]]; then
        kill "$DAEMON" 2>/dev/null || true
        wait "$DAEMON" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

export HOME="$WORK/home" TODO_HISTORY_DIR="$WORK/history"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@localhost
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost
mkdir -p "$HOME"

# A free port, then the daemon itself (not `git daemon`, whose child
# would outlive a kill).
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 9418)
git -c init.defaultBranch=main init -q --bare "$WORK/served/remote.git"
"$(git --exec-path)/git-daemon" --reuseaddr --export-all --enable=receive-pack \
    --listen=127.0.0.1 --port="$PORT" --base-path="$WORK/served" "$WORK/served" &
DAEMON=$!
URL="git://127.0.0.1:$PORT/remote.git"
for _ in $(seq 100); do
    git ls-remote "$URL" >/dev/null 2>&1 && break
    sleep 0.05
done

# The plan: RUNS tasks to claim, committed and pushed from the clone.
git clone -q "$URL" "$WORK/clone" 2>/dev/null
cd "$WORK/clone"
for i in $(seq "$RUNS"); do
    "$TODO_BIN" append Bench "task $i" >/dev/null
done
git add .todo.json
git commit -qm plan
git push -q origin HEAD:main
git config todo.remote origin
mapfile -t IDS < <("$TODO_BIN" ready | awk '{print $1}')

# N live leases of other owners on other tasks, written as the book.
seed() {
    local n=$1 book blob tree commit
    book="$WORK/leases.json"
    {
        printf '{"leases":['
        for ((i = 1; i <= n; i++)); do
            ((i > 1)) && printf ','
            printf '{"task":"x%d","plan":".todo.json","owner":"o%d","machine":"m:/c","actor":"agent","takenAt":1,"expiresAt":4102444800,"fence":1}' "$i" "$i"
        done
        printf '],"fences":{}}\n'
    } >"$book"
    blob=$(git hash-object -w "$book")
    tree=$(printf '100644 blob %s\tleases.json\n' "$blob" | git mktree)
    commit=$(git commit-tree "$tree" -m "bench: $n leases")
    git push -q -f origin "$commit:refs/todo/leases"
}

# Milliseconds one command takes.
ms() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "todo: $("$TODO_BIN" --version); $(git --version); $(nproc) CPUs; runs per size: $RUNS"
printf '%-8s %10s %12s %10s %12s\n' leases "claim ms" "heartbeat ms" "release ms" "claims/s"
for n in $SIZES; do
    seed "$n"
    claims=() beats=() releases=()
    for id in "${IDS[@]}"; do
        claims+=("$(ms "$TODO_BIN" claim "$id" --owner bench)")
        beats+=("$(ms "$TODO_BIN" heartbeat --owner bench)")
        releases+=("$(ms "$TODO_BIN" release "$id")")
    done
    c=$(printf '%s\n' "${claims[@]}" | median)
    h=$(printf '%s\n' "${beats[@]}" | median)
    r=$(printf '%s\n' "${releases[@]}" | median)
    printf '%-8s %10s %12s %10s %12s\n' "$n" "$c" "$h" "$r" "$(awk -v c="$c" 'BEGIN { printf "%.1f", 1000 / c }')"
done

# Contended: 24 claimers at once in 3 clones over 24 fresh tasks.
git push -q -f origin ":refs/todo/leases"
"$TODO_BIN" "done" Bench >/dev/null
for i in $(seq 24); do
    "$TODO_BIN" append Race "race $i" >/dev/null
done
git add .todo.json
git commit -qm race
git push -q origin HEAD:main
for c in 1 2; do
    git clone -q "$URL" "$WORK/clone$c" 2>/dev/null
    git -C "$WORK/clone$c" config todo.remote origin
done
start=$(date +%s%N)
pids=()
for n in $(seq 24); do
    case $((n % 3)) in
    0) dir="$WORK/clone" ;;
    1) dir="$WORK/clone1" ;;
    *) dir="$WORK/clone2" ;;
    esac
    (cd "$dir" && "$TODO_BIN" claim --next --as agent --owner "agent-$n" >/dev/null 2>&1; echo $? >"$WORK/rc.$n") &
    pids+=($!)
done
wait "${pids[@]}"
end=$(date +%s%N)
taken=$(cat "$WORK"/rc.* | grep -cx 0 || true)
leases=$("$TODO_BIN" claims --json | grep -o '"fence":' | wc -l)
wall=$(((end - start) / 1000000))
echo "contended: 24 claimers in 3 clones over 24 tasks: $taken claimed, $leases leases on the remote, ${wall} ms wall, $(awk -v n="$taken" -v w="$wall" 'BEGIN { printf "%.1f", n * 1000 / w }') claims/s"
