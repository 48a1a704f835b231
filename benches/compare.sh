#!/usr/bin/env bash
# Benchmark `todo` against taskwarrior and todo.txt (issue 5).
#
#   benches/compare.sh            full run; writes benches/RESULTS.md
#   benches/compare.sh --quick    small sizes, 5 runs; prints only
#
# Options:
#   --quick          sizes 100 1000 10000 (peers up to 1000), 5 runs, 1 round
#   --sizes "A B"    plan sizes in tasks (default: 100 1000 10000 100000)
#   --peer-max N     largest size the peers run at (default 10000)
#   --runs N         minimum timed runs per command, all rounds (default 20)
#   --rounds N       interleaved rounds the runs are spread over (default 5)
#   --out FILE       where the Markdown goes besides stdout
#                    (default benches/RESULTS.md; none in --quick mode)
#   --keep           keep the scratch directory
#   --hooks          only the agent-hook section (issue 13): `todo hook stop`
#                    against `todo check` on a 1,000-task plan; prints only
# Environment:
#   TODO_BIN         use this todo binary instead of building it as the
#                    release does (ci/build-release.sh for this machine)
#
# What it does: gen.py writes the same generated tasks for each tool; every
# operation (show, append, done by text / typo / id, export, import) is timed
# for all tools side by side with hyperfine (no shell: -N), in interleaved
# rounds, next to the floors (`cat` of the plan; `cp` + `mv` back) and `true`;
# every mutating run gets its data restored and flushed first (--prepare).
# Issue 11's scale cases (todo only): `done` with no argument, on a phase
# and on one task, on a plan with every task in one phase; `merge-file` of
# two versions with 100 changes per side (merge_sides.py).
# Then peak memory of todo on the largest plan (/usr/bin/time), and 20
# parallel `done` per tool at 1,000 tasks (survivors.py counts what stuck).
# report.py writes the Markdown. Everything runs in a scratch directory with
# a scratch HOME, so no real configuration or data is read or touched.
# Needs python3 (standard library only); installs taskwarrior, todotxt-cli,
# hyperfine and time with apt-get when they are missing (and eatmydata,
# optional, for the "no fsync" diagnostic).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

QUICK=0
SIZES="100 1000 10000 100000"
PEER_MAX=10000
MIN_RUNS=20
ROUNDS=5
WARMUP=1
OUT=""
OUT_SET=0
KEEP=0
HOOKS_ONLY=0
while (($#)); do
    case "$1" in
    --quick) QUICK=1 ;;
    --sizes) SIZES=$2; shift ;;
    --peer-max) PEER_MAX=$2; shift ;;
    --runs) MIN_RUNS=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --out) OUT=$2; OUT_SET=1; shift ;;
    --keep) KEEP=1 ;;
    --hooks) HOOKS_ONLY=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
if ((QUICK)); then
    [[ $SIZES == "100 1000 10000 100000" ]] && SIZES="100 1000 10000"
    ((PEER_MAX == 10000)) && PEER_MAX=1000
    ((MIN_RUNS == 20)) && MIN_RUNS=5
    ((ROUNDS == 5)) && ROUNDS=1
fi
# Runs per command per round; hyperfine adds runs (up to 3x) for fast commands.
RUNS_PER_ROUND=$(((MIN_RUNS + ROUNDS - 1) / ROUNDS))
((RUNS_PER_ROUND >= 2)) || RUNS_PER_ROUND=2
MAX_PER_ROUND=$((RUNS_PER_ROUND * 3))
if ((QUICK)); then MAX_PER_ROUND=$RUNS_PER_ROUND; fi
if ((!OUT_SET && !QUICK)); then
    OUT="$HERE/RESULTS.md"
fi
# The size the targets are judged at, and the largest todo size (for growth).
read -r -a SIZE_LIST <<<"$(tr ' ' '\n' <<<"$SIZES" | sort -n | uniq | tr '\n' ' ')"
SIZES="${SIZE_LIST[*]}"
BASE_SIZE=1000
[[ " $SIZES " == *" 1000 "* ]] || BASE_SIZE=${SIZE_LIST[0]}
MAX_SIZE=${SIZE_LIST[-1]}
CONC_SIZE=$BASE_SIZE
((CONC_SIZE <= PEER_MAX)) || CONC_SIZE=${SIZE_LIST[0]}

START_TIME=$(date +%s)
log() { printf '%s [%4ss] %s\n' "$(date +%H:%M:%S)" "$(($(date +%s) - START_TIME))" "$*" >&2; }

# --- tools -------------------------------------------------------------------

as_root() {
    if ((EUID == 0)); then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

install_missing() {
    local -a pkgs=()
    command -v hyperfine >/dev/null || pkgs+=(hyperfine)
    command -v task >/dev/null || pkgs+=(taskwarrior)
    command -v todo-txt >/dev/null || pkgs+=(todotxt-cli)
    [[ -x /usr/bin/time ]] || pkgs+=(time)
    if ((${#pkgs[@]})); then
        log "installing ${pkgs[*]}"
        apt_install "${pkgs[@]}" || log "could not install ${pkgs[*]}; missing tools are reported as n/a"
    fi
    # Optional, for the "without fsync" diagnostic column only.
    if ! compgen -G '/usr/lib/*/libeatmydata.so*' >/dev/null; then
        log "installing eatmydata (optional)"
        apt_install eatmydata || log "no eatmydata: the diagnostic column is left out"
    fi
}

apt_install() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2 ||
        { as_root apt-get update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2; }
}

((HOOKS_ONLY)) || install_missing
command -v hyperfine >/dev/null || { echo "compare.sh: hyperfine is required" >&2; exit 1; }
command -v python3 >/dev/null || { echo "compare.sh: python3 is required" >&2; exit 1; }
HAVE_TASK=0; command -v task >/dev/null && HAVE_TASK=1
HAVE_TXT=0; command -v todo-txt >/dev/null && HAVE_TXT=1
HAVE_TIME=0; [[ -x /usr/bin/time ]] && HAVE_TIME=1

if [[ -n ${TODO_BIN:-} ]]; then
    TODO=$(cd "$(dirname "$TODO_BIN")" && pwd)/$(basename "$TODO_BIN")
else
    # The programs people download, built as the release workflow builds them.
    host=$(rustc -vV | sed -n 's/^host: //p')
    log "building todo as the release does (ci/build-release.sh $host)"
    bash "$ROOT/ci/build-release.sh" "$host" -q
    TODO="$ROOT/target/$host/release/todo"
fi
[[ -x $TODO ]] || { echo "compare.sh: no todo binary at $TODO" >&2; exit 1; }
TASK=$(command -v task || echo task)
TXT=$(command -v todo-txt || echo todo-txt)

# --- scratch world -----------------------------------------------------------

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/todo-bench.XXXXXX")
case "$SCRATCH" in *[[:space:]]*) echo "compare.sh: scratch path must not contain spaces: $SCRATCH" >&2; exit 1 ;; esac
cleanup() {
    if ((KEEP)); then log "scratch kept in $SCRATCH"; else rm -rf "$SCRATCH"; fi
}
trap cleanup EXIT
RES="$SCRATCH/results"
mkdir -p "$RES" "$SCRATCH/home" "$SCRATCH/history"
# The one-process floor of a durable replace (benches/floor/replace.rs), linked
# like todo's release build so that both start alike. Optional: without
# rustc the row is left out.
REPLACE=""
if command -v rustc >/dev/null; then
    host=$(rustc -vV | sed -n 's/^host: //p')
    flags=()
    [[ $host == *-linux-gnu ]] && flags=(-C target-feature=+crt-static)
    if rustc -O "${flags[@]}" --target "$host" -o "$SCRATCH/replace" "$ROOT/benches/floor/replace.rs" 2>"$SCRATCH/replace.log"; then
        REPLACE="$SCRATCH/replace"
    else
        log "benches/floor/replace.rs did not build: its floor row is left out"
    fi
fi
export HOME="$SCRATCH/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache"
export TODO_HISTORY_DIR="$SCRATCH/history"
export NO_COLOR=1 LC_ALL=C.UTF-8 TZ=UTC
unset TODO_FILE TASKRC TASKDATA TODOTXT_CFG_FILE VISUAL EDITOR || true
BENCH_PRELOAD=""
NOSYNC_LIB=""
for lib in /usr/lib/*/libeatmydata.so /usr/lib/libeatmydata.so /usr/lib/*/libeatmydata.so.1; do
    if [[ -e $lib ]]; then NOSYNC_LIB=$lib; break; fi
done
# libeatmydata works by being preloaded, which a program without a dynamic
# loader (the release build: ci/build-release.sh) never does.
if [[ -n $NOSYNC_LIB ]] && ! readelf -l "$TODO" 2>/dev/null | grep -q INTERP; then
    log "todo is linked statically: the no-fsync diagnostic column is left out"
    NOSYNC_LIB=""
fi
STATUS="$RES/status.tsv"
: >"$STATUS"

# status SIZE OP TOOL STATE COMMAND
status() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$STATUS"; }

# --- data --------------------------------------------------------------------

# Per size: $D/snap/{todo,task,todotxt} is the pristine data, $D/work/... the
# copy the tools change, $D/io holds export/import files.
setup_size() {
    local n=$1 D="$SCRATCH/n$1" peers=$2
    mkdir -p "$D/snap" "$D/work" "$D/io"
    local genflags=()
    ((peers)) || genflags=(--no-peers)
    python3 "$HERE/gen.py" --tasks "$n" --out "$D/gen" "${genflags[@]}"
    mkdir -p "$D/snap/todo"
    cp "$D/gen/todo/.todo.json" "$D/snap/todo/.todo.json"
    cp -a "$D/snap/todo" "$D/work/todo"
    # Sanity check: todo reads the generated file.
    (cd "$D/work/todo" && "$TODO" show >"$D/io/plan.md") ||
        { echo "compare.sh: todo cannot read the generated $n-task plan" >&2; exit 1; }
    if ((peers && HAVE_TASK)); then
        mkdir -p "$D/snap/task"
        cat >"$D/taskrc" <<EOF
data.location=$D/work/task
confirmation=off
verbose=nothing
gc=off
hooks=off
bulk=0
color=off
detection=off
defaultwidth=120
news.version=2.6.2
EOF
        mkdir -p "$D/work/task"
        local t0 t1
        t0=$(date +%s.%N)
        TASKRC="$D/taskrc" "$TASK" import "$D/gen/task/import.json" >/dev/null
        t1=$(date +%s.%N)
        printf '%s\t%s\n' "$n" "$(python3 -c "print(round($t1 - $t0, 2))")" >>"$RES/task-import-setup.tsv"
        TASKRC="$D/taskrc" "$TASK" export >"$D/io/task-export.json"
        cp -a "$D/work/task/." "$D/snap/task/"
    fi
    if ((peers && HAVE_TXT)); then
        mkdir -p "$D/snap/todotxt" "$D/work/todotxt"
        cat >"$D/todotxt.cfg" <<EOF
export TODO_DIR="$D/work/todotxt"
export TODO_FILE="\$TODO_DIR/todo.txt"
export DONE_FILE="\$TODO_DIR/done.txt"
export REPORT_FILE="\$TODO_DIR/report.txt"
export TODOTXT_AUTO_ARCHIVE=0
export TODOTXT_FORCE=1
export TODOTXT_PLAIN=1
EOF
        cp "$D/gen/todotxt/todo.txt" "$D/snap/todotxt/todo.txt"
        : >"$D/snap/todotxt/done.txt"
        cp -a "$D/snap/todotxt/." "$D/work/todotxt/"
    fi
}

meta() { python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {"m": m}))' "$SCRATCH/n$1/gen/meta.json" "$2"; }

# --- timing ------------------------------------------------------------------

# bench SIZE OP [TOOL PREPARE COMMAND]...
# Defines one case: the commands of every tool for one operation, timed side
# by side. Each command is tried once first (and its data restored); one that
# fails is reported instead of timed: a todo verb that is a usage error
# (exit 2) is "n/a (not built)". The case is timed later, by rounds().
bench() {
    local n=$1 op=$2 D="$SCRATCH/n$1"
    shift 2
    local -a args=() preps=()
    local tool prep cmd rc any_prep=0
    while (($#)); do
        tool=$1 prep=$2 cmd=$3
        shift 3
        if [[ $cmd == n/a* ]]; then
            status "$n" "$op" "$tool" "$cmd" ""
            continue
        fi
        [[ -n $prep ]] && eval "$prep"
        rc=0
        # shellcheck disable=SC2030 # LD_PRELOAD is for this subshell only
        (cd "$D/work/todo" && if [[ -n $BENCH_PRELOAD ]]; then export LD_PRELOAD=$BENCH_PRELOAD; fi && eval "$cmd") \
            >"$RES/trial.out" 2>"$RES/trial.err" </dev/null || rc=$?
        [[ -n $prep ]] && eval "$prep"
        # A typo is a guess: off a terminal todo names it and exits 3,
        # changing nothing (docs/contract.md, "Matching a query"). That is the outcome timed here.
        if [[ $op == done_typo* && $tool == todo* && $rc == 3 ]]; then
            rc=0
        fi
        if ((rc != 0)); then
            if [[ $tool == todo && $rc == 2 ]]; then
                status "$n" "$op" "$tool" "n/a (not built)" "$cmd"
            else
                status "$n" "$op" "$tool" "failed (exit $rc): $(head -c 200 "$RES/trial.err" | tr '\n\t' '  ')" "$cmd"
            fi
            continue
        fi
        status "$n" "$op" "$tool" ok "$cmd"
        args+=(-n "$tool" "$cmd")
        preps+=("${prep:-true}")
        [[ -n $prep ]] && any_prep=1
    done
    ((${#args[@]})) || return 0
    local -a pflags=()
    if ((any_prep)); then
        for prep in "${preps[@]}"; do pflags+=(--prepare "$prep"); done
    fi
    mkdir -p "$RES/cases/$n"
    printf '%s\0' "$D/work/todo" "$BENCH_PRELOAD" "${pflags[@]}" "${args[@]}" >"$RES/cases/$n/$op"
}

# rounds SIZE: time every case of SIZE (and the start-up case) in ROUNDS
# interleaved rounds, so that a burst of load from something else on the
# machine lands on all tools and floors alike instead of on one of them.
# report.py pools the runs of all rounds before taking medians.
rounds() {
    local n=$1 round case name dir preload
    local -a spec
    for ((round = 1; round <= ROUNDS; round++)); do
        log "n=$n round $round/$ROUNDS"
        printf '%s\t%s\t%s\n' "$n" "$round" "$(cut -d' ' -f1 /proc/loadavg)" >>"$RES/load.tsv"
        for case in "$RES/cases/$n"/* "$RES/cases/startup"/*; do
            [[ -e $case ]] || continue
            name=$(basename "$(dirname "$case")")-$(basename "$case")
            mapfile -d '' spec <"$case"
            dir=${spec[0]} preload=${spec[1]}
            # shellcheck disable=SC2031 # LD_PRELOAD is for this subshell only
            (cd "$dir" && if [[ -n $preload ]]; then export LD_PRELOAD=$preload; fi &&
                hyperfine -N -i --style basic --warmup "$WARMUP" \
                    --min-runs "$RUNS_PER_ROUND" --max-runs "$MAX_PER_ROUND" \
                    --export-json "$RES/raw/$name.r$round-$n.json" "${spec[@]:2}") >>"$RES/hyperfine.log" 2>&1 ||
                { log "hyperfine failed for $name (see log below)"; tail -20 "$RES/hyperfine.log" >&2; exit 1; }
        done
    done
}

run_size() {
    local n=$1 D="$SCRATCH/n$1" peers=$2
    local W="$D/work" S="$D/snap"
    # Restore, then flush: every timed run starts from a plan that is clean on
    # disk, as it is in real use, rather than competing with the writeback of
    # the copy that restored it.
    # todo's undo history and `rev` as they stand once todo has read the
    # plan, restored with the plan: restoring the plan alone made every
    # timed run find it changed behind todo's back and record that (one more
    # file written), which a run after a real run does not do.
    (cd "$W/todo" && "$TODO" show >/dev/null)
    rm -rf "$SCRATCH/history-$n"
    cp -a "$TODO_HISTORY_DIR" "$SCRATCH/history-$n"
    local r_todo="sh -c 'cp -a $S/todo/. $W/todo/ && rm -rf $TODO_HISTORY_DIR && cp -a $SCRATCH/history-$n $TODO_HISTORY_DIR && sync'"
    local r_task="sh -c 'cp -a $S/task/. $W/task/ && sync'"
    local r_txt="sh -c 'cp -a $S/todotxt/. $W/todotxt/ && sync'"
    local tw="n/a (not installed)" tt="n/a (not installed)"
    local do_task=0 do_txt=0
    if ((peers)); then
        ((HAVE_TASK)) && do_task=1 && tw=""
        ((HAVE_TXT)) && do_txt=1 && tt=""
    else
        tw="n/a (peers up to $PEER_MAX)"
        tt="n/a (peers up to $PEER_MAX)"
    fi
    export TASKRC="$D/taskrc"
    local cfg="$D/todotxt.cfg"
    local needle typo append slug by_todo by_task by_line
    needle=$(meta "$n" 'm["needle_word"]')
    typo=$(meta "$n" 'm["typo_query"]')
    append=$(meta "$n" 'm["append_content"]')
    slug=$(meta "$n" 'm["last_slug"]')
    by_todo=$(meta "$n" 'm["by_id"]["todo_id"]')
    by_task=$(meta "$n" 'm["by_id"]["task_id"]')
    by_line=$(meta "$n" 'm["by_id"]["line"]')
    # pick CMD-IF-PEER-ENABLED: the command, or why it is not run
    tcmd() { if ((do_task)); then echo "$1"; else echo "$tw"; fi; }
    xcmd() { if ((do_txt)); then echo "$1"; else echo "$tt"; fi; }

    bench "$n" show \
        todo "" "$TODO show" \
        task "" "$(tcmd "$TASK all")" \
        todo.txt "" "$(xcmd "$TXT -d $cfg ls")"
    bench "$n" append \
        todo "$r_todo" "$TODO append '$append'" \
        task "$r_task" "$(tcmd "$TASK add '$append' project:$slug")" \
        todo.txt "$r_txt" "$(xcmd "$TXT -d $cfg add '$append +$slug'")"
    bench "$n" done_text \
        todo "$r_todo" "$TODO done $needle" \
        task "$r_task" "$(tcmd "$TASK $needle done")" \
        todo.txt "" "n/a (no such verb)"
    bench "$n" done_typo \
        todo "$r_todo" "$TODO done $typo" \
        task "" "n/a (no typo tolerance)" \
        todo.txt "" "n/a (no such verb)"
    bench "$n" done_id \
        todo "$r_todo" "$TODO done $by_todo" \
        task "$r_task" "$(tcmd "$TASK $by_task done")" \
        todo.txt "$r_txt" "$(xcmd "$TXT -d $cfg do $by_line")"
    bench "$n" export \
        todo "" "$TODO export $D/io/out.md" \
        task "" "$(tcmd "$TASK export")" \
        todo.txt "" "n/a (no export)"
    bench "$n" import \
        todo "$r_todo" "$TODO import $D/io/plan.md" \
        task "$r_task" "$(tcmd "$TASK import $D/io/task-export.json")" \
        todo.txt "" "n/a (no import)"
    # Diagnostic, not a target: the mutating verbs again with fsync made a
    # no-op (libeatmydata preloaded into todo only, not into --prepare), to
    # tell the cost of durability from the cost of computing.
    if [[ -n $NOSYNC_LIB ]] && ((n == BASE_SIZE || n == MAX_SIZE)); then
        local u="env -u LD_PRELOAD "
        BENCH_PRELOAD=$NOSYNC_LIB
        bench "$n" append+nosync todo-nosync "$u$r_todo" "$TODO append '$append'"
        bench "$n" done_text+nosync todo-nosync "$u$r_todo" "$TODO done $needle"
        bench "$n" done_typo+nosync todo-nosync "$u$r_todo" "$TODO done $typo"
        bench "$n" done_id+nosync todo-nosync "$u$r_todo" "$TODO done $by_todo"
        bench "$n" import+nosync todo-nosync "$u$r_todo" "$TODO import $D/io/plan.md"
        BENCH_PRELOAD=""
    fi
    # Floors: read the plan file; copy it and move the copy back (read + write).
    local plan="$W/todo/.todo.json"
    bench "$n" floor_cat floor "" "cat $plan"
    bench "$n" floor_cp floor "sh -c 'rm -f $plan.floor && sync'" "cp $plan $plan.floor"
    bench "$n" floor_mv floor "sh -c 'cp $plan $plan.floor && sync'" "mv $plan.floor $plan"
    # Not a target, for reading the others: the copy made durable, as todo does.
    bench "$n" floor_dd floor "sh -c 'rm -f $plan.floor && sync'" "dd if=$plan of=$plan.floor bs=1M conv=fsync status=none"
    # Not a target either: the same replace in one process (read, write a
    # temporary file, fdatasync, rename), the least any command that
    # changes the plan the way todo promises can cost.
    if [[ -n $REPLACE ]]; then
        bench "$n" floor_one floor "sh -c 'sync'" "$REPLACE $plan"
    fi
    wc -c <"$S/todo/.todo.json" | tr -d ' ' >"$RES/$n-filesize"
    scale "$n"
    if ((n == BASE_SIZE)); then agent "$n"; fi
}

# agent SIZE: the agent side (issues 12-14), todo only, at the base size.
# `todo apply` of a 50-op batch (25 done, 15 notes, 5 blocks, 5 drops, by
# id; no adds: an agent may not grow a plan past 300 tasks) next to one
# `todo done` by id on the same plan, timed side by side.
agent() {
    local n=$1 D="$SCRATCH/n$1"
    local W="$D/work" S="$D/snap"
    # As in run_size: the plan with the history todo had for it.
    local r_todo="sh -c 'cp -a $S/todo/. $W/todo/ && rm -rf $TODO_HISTORY_DIR && cp -a $SCRATCH/history-$n $TODO_HISTORY_DIR && sync'"
    local by_todo
    by_todo=$(meta "$n" 'm["by_id"]["todo_id"]')
    python3 "$HERE/ops50.py" "$S/todo/.todo.json" "$D/io/ops50.json"
    bench "$n" agent \
        "done" "$r_todo" "$TODO done $by_todo" \
        apply50 "$r_todo" "$TODO apply --ops $D/io/ops50.json"
}

# scale SIZE: issue 11's cases, todo only. Phase-wide verbs on a plan with
# every task in one phase (quadratic before), next to `done` of one task on
# the same plan; and `merge-file` of two versions of the generated plan
# with 100 changes per side. Each phase-wide run starts from an empty undo
# history of its own (a 50,000-task `done` adds a large entry; a history
# that grows run after run would time the history, not the verb).
scale() {
    local n=$1 D="$SCRATCH/n$1"
    local one="$D/one" hist="$D/hist-one" M="$D/merge"
    python3 "$HERE/gen.py" --tasks "$n" --phases 1 --no-peers --out "$D/gen-one" >/dev/null
    mkdir -p "$one/snap" "$one/work"
    cp "$D/gen-one/todo/.todo.json" "$one/snap/.todo.json"
    cp "$one/snap/.todo.json" "$one/work/.todo.json"
    local one_id
    one_id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["by_id"]["todo_id"])' "$D/gen-one/meta.json")
    local r_one="sh -c 'cp $one/snap/.todo.json $one/work/.todo.json && rm -rf $hist && sync'"
    local t="env TODO_HISTORY_DIR=$hist $TODO --file $one/work/.todo.json"
    bench "$n" done_all_1p todo "$r_one" "$t done"
    bench "$n" done_phase_1p todo "$r_one" "$t done p1"
    bench "$n" done_one_1p todo "$r_one" "$t done $one_id"
    python3 "$HERE/merge_sides.py" "$D/snap/todo/.todo.json" "$M" --changes 100
    bench "$n" merge_file todo "sh -c 'cp $M/ours.json $M/merged.json && sync'" \
        "$TODO merge-file $M/base.json $M/merged.json $M/theirs.json"
}

# --- memory ------------------------------------------------------------------

memory() {
    local n=$1 D="$SCRATCH/n$1"
    ((HAVE_TIME)) || return 0
    local r_todo="cp -a $D/snap/todo/. $D/work/todo/"
    local needle typo by_todo append
    needle=$(meta "$n" 'm["needle_word"]')
    typo=$(meta "$n" 'm["typo_query"]')
    by_todo=$(meta "$n" 'm["by_id"]["todo_id"]')
    append=$(meta "$n" 'm["append_content"]')
    local op cmd kb rc
    log "n=$n memory"
    while IFS='|' read -r op cmd; do
        eval "$r_todo"
        rc=0
        (cd "$D/work/todo" && eval "/usr/bin/time -f %M -o $RES/mem.tmp $cmd") >/dev/null 2>&1 || rc=$?
        if ((rc == 0)); then
            kb=$(tail -1 "$RES/mem.tmp")
        elif ((rc == 2)); then
            kb="n/a (not built)"
        else
            kb="n/a (exit $rc)"
        fi
        printf '%s\t%s\t%s\n' "$n" "$op" "$kb" >>"$RES/memory.tsv"
    done <<EOF
show|$TODO show
append|$TODO append '$append'
done_text|$TODO done $needle
done_typo|$TODO done $typo
done_id|$TODO done $by_todo
export|$TODO export $D/io/out.md
import|$TODO import $D/io/plan.md
EOF
    eval "$r_todo"
}

# --- concurrency -------------------------------------------------------------

# 20 "done" invocations on 20 different tasks, released together by a
# barrier (a shared flock the harness holds until all 20 wait on it).
concurrency() {
    local n=$1 D="$SCRATCH/n$1" trials=3
    local W="$D/work" S="$D/snap"
    export TASKRC="$D/taskrc"
    local cfg="$D/todotxt.cfg" barrier="$SCRATCH/barrier"
    local -a todo_ids task_ids lines
    read -r -a todo_ids <<<"$(meta "$n" '" ".join(c["todo_id"] for c in m["concurrent"])')"
    read -r -a task_ids <<<"$(meta "$n" '" ".join(str(c["task_id"]) for c in m["concurrent"])')"
    read -r -a lines <<<"$(meta "$n" '" ".join(str(c["line"]) for c in m["concurrent"])')"
    local tool trial i errors kept
    for tool in todo task todo.txt; do
        if { [[ $tool == task ]] && ((!HAVE_TASK)); } || { [[ $tool == todo.txt ]] && ((!HAVE_TXT)); }; then
            printf '%s\tn/a (not installed)\t\t\n' "$tool" >>"$RES/concurrency.tsv"
            continue
        fi
        log "n=$n concurrency $tool"
        for ((trial = 1; trial <= trials; trial++)); do
            cp -a "$S/todo/." "$W/todo/"
            [[ -d $S/task ]] && cp -a "$S/task/." "$W/task/"
            [[ -d $S/todotxt ]] && cp -a "$S/todotxt/." "$W/todotxt/"
            : >"$barrier"
            exec 9>"$barrier"
            flock -x 9
            local -a pids=() cmd=()
            for ((i = 0; i < 20; i++)); do
                case $tool in
                todo) cmd=("$TODO" 'done' "${todo_ids[i]}") ;;
                task) cmd=("$TASK" "${task_ids[i]}" 'done') ;;
                todo.txt) cmd=("$TXT" -d "$cfg" 'do' "${lines[i]}") ;;
                esac
                (cd "$W/todo" && exec flock -s "$barrier" "${cmd[@]}") >/dev/null 2>>"$RES/conc-$tool.err" 9>&- &
                pids+=($!)
            done
            # Release them at once when all 20 wait at the barrier: each
            # waiting flock shows in /proc/locks as "->" on its inode.
            inode=$(stat -c %i "$barrier")
            for ((t = 0; t < 1000; t++)); do
                (($(grep -c -- "-> FLOCK.*:$inode " /proc/locks) >= 20)) && break
                sleep 0.01
            done
            flock -u 9
            exec 9>&-
            errors=0
            for i in "${pids[@]}"; do wait "$i" || errors=$((errors + 1)); done
            kept=$(python3 "$HERE/survivors.py" "$tool" "$D")
            printf '%s\t%s\t%s\n' "$tool" "$kept" "$errors" >>"$RES/concurrency.tsv"
        done
    done
    cp -a "$S/todo/." "$W/todo/"
}

# --- agent hooks (issue 13) ---------------------------------------------------

# `todo hook stop` on a 1,000-task plan with open work, next to `todo check`
# on it (target: at most 1.5x). The hook reads the plan as check does, then
# counts its reminder in the data directory and prints it (--max keeps it
# reminding on every run). Both run through `sh -c` for the stdin redirect.
hooks_section() {
    local D="$SCRATCH/hooks" n=1000
    mkdir -p "$D/p/.git"
    python3 "$HERE/gen.py" --tasks "$n" --no-peers --out "$D/gen" >/dev/null
    cp "$D/gen/todo/.todo.json" "$D/p/.todo.json"
    printf '{"session_id":"bench","cwd":"%s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Working on it."}' \
        "$D/p" >"$D/stop.json"
    (cd "$D/p" && "$TODO" hook stop --max 1000000000 <"$D/stop.json" | grep -q '"decision":"block"') ||
        { echo "compare.sh: todo hook stop gave no reminder on the $n-task plan" >&2; exit 1; }
    log "hooks: todo hook stop vs todo check at $n tasks"
    (cd "$D/p" && hyperfine -N -i --style basic --warmup 3 --runs $((MIN_RUNS * 5)) \
        --export-json "$RES/hooks.json" \
        -n "todo check" "sh -c 'exec $TODO check </dev/null'" \
        -n "todo hook stop" "sh -c 'exec $TODO hook stop --max 1000000000 <$D/stop.json'") \
        >>"$RES/hyperfine.log" 2>&1 || { log "hyperfine failed (hooks)"; tail -20 "$RES/hyperfine.log" >&2; exit 1; }
    python3 - "$RES/hooks.json" "$n" >"$RES/hooks.md" <<'PY'
import json, statistics, sys
runs = {r["command"]: r["times"] for r in json.load(open(sys.argv[1]))["results"]}
check = statistics.median(runs["todo check"]) * 1000
stop = statistics.median(runs["todo hook stop"]) * 1000
print(f"## Agent hooks ({sys.argv[2]} tasks)\n")
print("| command | median (ms) |\n|---|---|")
print(f"| `todo check` | {check:.2f} |\n| `todo hook stop` | {stop:.2f} |\n")
print(f"`todo hook stop` / `todo check`: {stop / check:.2f}x (target: at most 1.5x)")
PY
    cat "$RES/hooks.md"
}

if ((HOOKS_ONLY)); then
    hooks_section
    exit 0
fi

# --- run ---------------------------------------------------------------------

log "scratch $SCRATCH; sizes $SIZES (peers up to $PEER_MAX); $ROUNDS round(s) of $RUNS_PER_ROUND-$MAX_PER_ROUND runs, $WARMUP warm-up each"
{
    echo "todo	$("$TODO" --version 2>&1 | head -1)"
    ((HAVE_TASK)) && echo "taskwarrior	task $("$TASK" --version 2>&1 | head -1)"
    ((HAVE_TXT)) && echo "todo.txt	$(HOME=$SCRATCH/home "$TXT" -V 2>&1 | head -1)"
    echo "hyperfine	$(hyperfine --version | head -1)"
} >"$RES/versions.tsv"
{
    echo "nproc	$(nproc)"
    echo "cpu	$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)"
    echo "kernel	$(uname -sr)"
    echo "os	$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null)"
    echo "filesystem	$(df -T "$SCRATCH" | awk 'NR==2 {print $2}') ($SCRATCH)"
    echo "load	$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$RES/machine.tsv"

# Start-up: size does not matter; `true` is the floor. Timed in every round
# of every size, pooled. (-i: `todo-txt -V` prints its version and exits 1.)
mkdir -p "$RES/cases/startup" "$RES/raw"
startup_cmds=(-n true true -n todo "$TODO --version")
((HAVE_TASK)) && startup_cmds+=(-n task "$TASK --version")
((HAVE_TXT)) && startup_cmds+=(-n todo.txt "$TXT -V")
printf '%s\0' "$SCRATCH" "" "${startup_cmds[@]}" >"$RES/cases/startup/startup"

for n in $SIZES; do
    peers=0
    ((n <= PEER_MAX)) && peers=1
    log "n=$n generating"
    setup_size "$n" "$peers"
    run_size "$n" "$peers"
    rounds "$n"
    if ((n == CONC_SIZE)); then concurrency "$n"; fi
    if ((n == MAX_SIZE)); then memory "$n"; fi
    # Keep the disk tidy: the largest plans are big.
    ((KEEP)) || rm -rf "$SCRATCH/n$n/gen" "$SCRATCH/n$n/gen-one"
done

END_TIME=$(date +%s)
echo "elapsed	$((END_TIME - START_TIME))" >>"$RES/machine.tsv"
echo "mode	$(if ((QUICK)); then echo "quick"; else echo "full"; fi): $ROUNDS interleaved round(s) of $RUNS_PER_ROUND-$MAX_PER_ROUND timed runs per command, each after $WARMUP warm-up run" >>"$RES/machine.tsv"
python3 "$HERE/report.py" "$RES" --base "$BASE_SIZE" --max "$MAX_SIZE" --conc "$CONC_SIZE" >"$RES/RESULTS.md"
hooks_section >/dev/null
{ echo; cat "$RES/hooks.md"; } >>"$RES/RESULTS.md"
cat "$RES/RESULTS.md"
if [[ -n $OUT ]]; then
    cp "$RES/RESULTS.md" "$OUT"
    log "wrote $OUT"
fi
log "done in $((END_TIME - START_TIME)) s"
