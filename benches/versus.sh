#!/usr/bin/env bash
# Two todo builds side by side: did a change make todo slower? Every case of
# benches/RESULTS.md that is timed against a fixed limit (done by text and
# the typo guess on 100,000 tasks, merge-file and resolve of two
# 100,000-task sides) plus the ones behind its ratios (append and done on
# 1,000 tasks, a 50-op apply, --version), each timed for BASE and NEW in
# the same hyperfine invocation, runs alternating between rounds. So the
# ratio NEW ÷ BASE holds on any machine, however fast or loaded, where the
# limits themselves only hold on one as fast as RESULTS.md's: when a build
# met every target there, a ratio near 1.00 says this one does too.
#
#   benches/versus.sh BASE NEW [--runs N] [--rounds N]
#
# BASE and NEW are todo binaries (build each with ci/build-release.sh, as
# the release does). Prints one row per case: both medians and the ratio.
# Needs python3 (standard library only), git and hyperfine.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUNS=10
ROUNDS=3
args=()
while (($#)); do
    case "$1" in
    --runs) RUNS=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "versus.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) args+=("$1") ;;
    esac
    shift
done
((${#args[@]} == 2)) || { echo "usage: benches/versus.sh BASE NEW [--runs N] [--rounds N]" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "versus.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
BASE=$(realpath "${args[0]}")
NEW=$(realpath "${args[1]}")

D=$(mktemp -d "${TMPDIR:-/tmp}/todo-versus.XXXXXX")
trap 'rm -rf "$D"' EXIT
export HOME="$D/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null TODO_HISTORY_DIR="$D/history"
mkdir -p "$HOME"

for n in 1000 100000; do
    python3 "$HERE/gen.py" --tasks "$n" --no-peers --out "$D/gen$n" >/dev/null
    mkdir -p "$D/w$n"
done
id1k=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["by_id"]["todo_id"])' "$D/gen1000/meta.json")
python3 "$HERE/ops50.py" "$D/gen1000/todo/.todo.json" "$D/ops50.json"

# Two sides with 100 changes each, merged by git into a conflicted plan.
python3 "$HERE/merge_sides.py" "$D/gen100000/todo/.todo.json" "$D/sides" --changes 100
R="$D/repo"
"$HERE/conflicted.sh" "$D/sides" "$R"
cp "$R/.todo.json" "$D/conflicted.json"

# case NAME DIR PREPARE ARGS: both builds, in the same hyperfine run.
# Every mutating run starts from the generated plan and no history.
cases=(
    "version|-|true|--version"
    "append, 1,000|1000|fresh|append 'Write the benchmark follow-up notes'"
    "done by text, 1,000|1000|fresh|done zeppelin"
    "done by id, 1,000|1000|fresh|done $id1k"
    "apply 50 ops, 1,000|1000|fresh|apply --ops $D/ops50.json"
    "done by text, 100,000|100000|fresh|done zeppelin"
    "typo guess, 100,000|100000|fresh|done zepelin"
    "merge-file, 100,000|-|cp $D/sides/ours.json $D/merged.json|merge-file $D/sides/base.json $D/merged.json $D/sides/theirs.json"
    "resolve (index), 100,000|-|cp $D/conflicted.json $R/.todo.json|--file $R/.todo.json resolve"
)
mkdir -p "$D/json"
for round in $(seq "$ROUNDS"); do
    k=0
    for c in "${cases[@]}"; do
        IFS='|' read -r _ n prep cmd <<<"$c"
        k=$((k + 1))
        dir=$D
        if [[ $n != - ]]; then dir="$D/w$n"; fi
        if [[ $prep == fresh ]]; then
            prep="sh -c 'cp $D/gen$n/todo/.todo.json $dir/.todo.json && rm -rf $TODO_HISTORY_DIR && sync'"
        fi
        # Which build runs first alternates from round to round.
        order=("$BASE" "$NEW")
        if ((round % 2 == 0)); then order=("$NEW" "$BASE"); fi
        (cd "$dir" && hyperfine -N -i --style none --warmup 1 --runs "$RUNS" --prepare "$prep" \
            -n "${order[0]}" "${order[0]} $cmd" -n "${order[1]}" "${order[1]} $cmd" \
            --export-json "$D/json/$k.$round.json" >/dev/null)
    done
done

printf '%s\n' "${cases[@]}" | cut -d'|' -f1 >"$D/names"
python3 - "$D" "$BASE" "$NEW" "$ROUNDS" <<'PY'
import json, statistics, sys
d, base, new, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
names = open(f"{d}/names").read().splitlines()
print(f"base: {base}\nnew:  {new}\n")
print("| case | base median | new median | new ÷ base |")
print("|---|---:|---:|---:|")
for k, name in enumerate(names, 1):
    times = {base: [], new: []}
    for r in range(1, rounds + 1):
        for res in json.load(open(f"{d}/json/{k}.{r}.json"))["results"]:
            times[res["command"]] += res["times"]
    b, n = statistics.median(times[base]) * 1000, statistics.median(times[new]) * 1000
    print(f"| {name} | {b:.2f} ms | {n:.2f} ms | {n / b:.2f} |")
PY
