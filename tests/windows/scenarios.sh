#!/usr/bin/env bash
# The Windows binary's scenarios, run under Wine on Linux (`.ci/run`) or
# through Git Bash on a Windows runner (`.github/workflows/ci.yml`, where
# `wine` is unset and the .exe runs natively):
#
#   tests/windows/scenarios.sh DIR
#
# DIR holds todo.exe and todo-mcp.exe (and, under Wine, the
# bcryptprimitives.dll stand-in built from ci/windows/). Each scenario is a
# copy of one of the Linux integration tests (tests/cli/), cut to what a
# shell can check:
#   core verbs     append, show, start, done, drop, rm, check, next (append.rs,
#                  status.rs, check_next.rs)
#   paths          drive letters, `\` separators, `where` (discovery.rs),
#                  and how `trust` shows the shell and the project (trust)
#   import/export  Markdown, JSON, `--into` keeping CRLF (import.rs, export.rs)
#   undo           (undo.rs)
#   read-only      a read-only plan is refused, exit 6 (status.rs)
#   editor         `todo edit` with an $EDITOR that is a Windows command line
#                  (`cmd /c copy /y "Z:\…"`: quotes and backslashes) (edit.rs)
#   clipboard      `todo copy` through TODO_CLIPBOARD, a quoted .exe path
#                  that reads the checklist on stdin (copy.rs)
#   concurrency    20 concurrent appends leave 20 tasks (concurrency.rs)
#   kill -9        a writer killed at random moments leaves the old plan or
#                  the new one, and the next command leaves no lock or
#                  temporary file behind (concurrency.rs)
#   mcp            `todo mcp` runs todo-mcp.exe (no exec on Windows) and
#                  answers `initialize` (mcp.rs)
# Left out, and why: the terminal tests (a pseudo-terminal: rexpect is
# Unix-only), clip.exe itself (Wine's clipboard needs an X display; the
# UTF-16 it is fed is a unit test), links out of the project (Wine 8 shows a Unix
# symbolic link as the file it points to: no reparse point to refuse),
# FIFOs, owners and setpriv (Unix only), git merges (git for Windows is
# not under Wine here), agent hooks and setup (the same code as on Linux,
# no file-system difference). It prints "scenarios: N passed, N failed" and exits
# non-zero on a failure.
# `todo done …` is the verb, not a loop's end; `ok` never fails, so
# `test && ok || fail` is an if-then-else here.
# shellcheck disable=SC1010,SC2015
set -uo pipefail

dir=${1:?usage: scenarios.sh DIR-WITH-todo.exe}
dir=$(cd "$dir" && pwd)
exe="$dir/todo.exe"
# Under Wine: `wine`; natively (Git Bash on Windows): nothing.
runner=()
[[ -n ${WINE-} ]] && runner=("$WINE")

# A Python that runs (on Windows `python3` may be the Store's stub).
python=""
for candidate in python3 python; do
    if "$candidate" -c 'import json' >/dev/null 2>&1; then
        python=$candidate
        break
    fi
done
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Windows path for a path of this shell.
winpath() {
    if ((${#runner[@]})); then
        "${runner[@]}" winepath -w "$1" 2>/dev/null | tr -d '\r'
    else
        cygpath -w "$1"
    fi
}

export TODO_NOW=2026-01-02T03:04:05Z
export TODO_ID_SEED=7
TODO_HISTORY_DIR=$(winpath "$work/history")
export TODO_HISTORY_DIR
unset TODO_FILE VISUAL EDITOR TODO_ACTOR TODO_CLIPBOARD
# Git Bash would rewrite `/c` in a command line below into a path.
export MSYS_NO_PATHCONV=1

# todo ARGS...: run the binary; sets $out, $err, $status.
todo() {
    "${runner[@]}" "$exe" "$@" >"$work/out" 2>"$work/err"
    status=$?
    out=$(tr -d '\r' <"$work/out")
    err=$(tr -d '\r' <"$work/err")
}

ok() {
    passed=$((passed + 1))
    echo "ok: $1"
}

fail() {
    failed=$((failed + 1))
    echo "FAILED: $1" >&2
    echo "  status $status; stdout: $out" >&2
    echo "  stderr: $err" >&2
}

# expect NAME STATUS PATTERN: the last command ended with STATUS and its
# stdout+stderr match the grep pattern PATTERN.
expect() {
    local name=$1 want=$2 pattern=$3
    if [[ $status -eq $want ]] && printf '%s\n%s\n' "$out" "$err" | grep -qE -- "$pattern"; then
        ok "$name"
    else
        fail "$name (wanted status $want and /$pattern/)"
    fi
}

# A fresh project: a directory with .git, as `git init` leaves it.
project() {
    local p="$work/$1"
    mkdir -p "$p/.git" "$p/sub"
    cd "$p" || exit 1
}

# --- core verbs --------------------------------------------------------
project core
todo append auth wire oauth providers
expect "append creates the plan and the phase" 0 'Appended to Auth: Wire oauth providers'
[[ -f .todo.json ]] && ok "the plan is .todo.json at the project root" || fail "no .todo.json"
todo append auth rotate signing keys
todo append billing invoice export
todo
expect "show lists phases with the first task in progress" 0 '^- \[/\] Wire oauth providers'
todo start keys
expect "start moves the task in progress" 0 'Rotate signing keys'
todo done oauth
expect "done completes a task" 0 'Marked completed: Wire oauth providers'
todo drop invoice
expect "drop abandons a task" 0 'Invoice export'
todo check
expect "check exits 1 while work is open" 1 'Rotate signing keys'
todo next
expect "next names the task in progress" 0 '^Rotate signing keys$'
todo done keys
todo check
expect "check exits 0 when nothing is open" 0 ''
todo next
expect "next exits 1 with nothing to do" 1 ''
todo rm auth
expect "rm removes a phase" 0 'Auth'
todo
if grep -q Auth <<<"$out"; then fail "rm left the phase"; else ok "the phase is gone"; fi
todo done nothing-like-this
expect "no match exits 3" 3 ''

# --- undo ---------------------------------------------------------------
todo undo
expect "undo brings the phase back" 0 'Undid'
todo
expect "the phase is back after undo" 0 'Auth'

# --- paths: drive letters and backslashes -------------------------------
project paths
todo append "from the root"
win_plan=$(winpath "$work/paths/sub/named.json")
todo --file "$win_plan" append "named by drive letter"
expect "--file with a drive letter and backslashes" 0 'Appended'
[[ -f sub/named.json ]] && ok "the plan named C:\\…-style is where it says" || fail "no sub/named.json"
todo --file 'sub\named.json' show
expect "--file relative with a backslash" 0 'Named by drive letter'
cd sub || exit 1
todo where
expect "where finds the plan at the project root" 0 '\.todo\.json'
todo append "from a subdirectory"
[[ ! -e .todo.json ]] && ok "a subdirectory uses the root's plan" || fail "a plan was made in sub/"
cd .. || exit 1
todo show
expect "the subdirectory's task is in the root's plan" 0 'From a subdirectory'
# The trust listing names the shell a check really runs in and the project
# as a person types it: no `sh -c`, no `\\?\` prefix that resolving a
# path leaves on Windows.
todo verify "from the root" "exit 0"
todo trust  # lists the checks; exit 7 until `--yes`
expect "trust names cmd /C as the shell" 7 'run by .cmd /C. in [A-Za-z]:'
# shellcheck disable=SC1003 # a backslash, a question mark, a backslash
if printf '%s\n%s\n' "$out" "$err" | grep -qF -e '\\?\' -e 'sh -c'; then
    fail "trust shows a \\\\?\\ prefix or sh -c"
else
    ok "trust shows no \\\\?\\ prefix and no sh -c"
fi

# --- import and export --------------------------------------------------
project io
todo append alpha first task
todo append alpha second task
todo append beta third task
todo export plan.md
expect "export writes Markdown" 0 ''
grep -q '^# Alpha' plan.md && ok "the Markdown has the phase" || fail "plan.md: $(cat plan.md)"
todo export plan.json --format json
"$python" -c 'import json,sys; json.load(open(sys.argv[1]))' plan.json 2>/dev/null &&
    ok "export --format json is JSON" || fail "plan.json is not JSON"
todo rm
todo import plan.md
expect "import reads the Markdown back" 0 ''
todo
expect "the imported plan has its tasks" 0 'Third task'
printf 'Intro line\r\n\r\n<!-- todo:begin -->\r\nold\r\n<!-- todo:end -->\r\n\r\nOutro\r\n' >body.md
todo export --format gfm --into body.md
expect "export --into a CRLF body" 0 ''
lf=$(tr -cd '\n' <body.md | wc -c)
crlf=$(grep -c $'\r$' body.md)
if [[ $lf -eq $crlf ]] && grep -q 'First task' body.md && grep -q '^Outro' body.md && ! grep -q '^old' body.md; then
    ok "--into kept CRLF and the prose, replaced the region"
else
    fail "--into: $(od -c body.md | head -20)"
fi
cp .todo.json json-copy.json
todo rm
todo import json-copy.json
todo
expect "import reads a plan file (JSON)" 0 'Second task'

# --- read-only ----------------------------------------------------------
project readonly
todo append a task
chmod a-w .todo.json
if ((${#runner[@]} == 0)); then attrib +r "$(cygpath -w .todo.json)" >/dev/null 2>&1; fi
todo append another
expect "a read-only plan is refused" 6 'read-only|Permission|permission'
chmod u+w .todo.json
if ((${#runner[@]} == 0)); then attrib -r "$(cygpath -w .todo.json)" >/dev/null 2>&1; fi

# --- editor and clipboard ----------------------------------------------
project tools
todo append "before the editor"
printf '# Edited\n- [x] Before the editor\n- [ ] Typed in the editor\n' >new.md
EDITOR="cmd /c copy /y \"$(winpath "$work/tools/new.md")\"" todo edit
expect "edit runs a Windows command line as the editor" 0 'updated from editor'
todo
expect "the edit is the plan" 0 'Typed in the editor'
TODO_CLIPBOARD="\"$(winpath "$exe")\" --file \"$(winpath "$work/tools/clip.json")\" import -" todo copy
expect "copy feeds the checklist to a TODO_CLIPBOARD program" 0 ''
todo --file clip.json show
expect "what the clipboard program read is the checklist" 0 'Typed in the editor'

# --- concurrency --------------------------------------------------------
project concurrent
pids=()
for i in $(seq 1 20); do
    "${runner[@]}" "$exe" append "task number $i" >/dev/null 2>"$work/c$i.err" &
    pids+=($!)
done
bad=0
for pid in "${pids[@]}"; do wait "$pid" || bad=$((bad + 1)); done
todo --json show
n=$("$python" -c 'import json,sys; p=json.load(open(".todo.json")); print(sum(len(ph["tasks"]) for ph in p["phases"]))' 2>/dev/null)
if [[ $bad -eq 0 && $n == 20 ]]; then
    ok "20 concurrent appends leave 20 tasks"
else
    fail "concurrent appends: $bad failed, $n tasks ($(cat "$work"/c*.err | head -5))"
fi
leftover=$(find . -maxdepth 1 -name '.todo.json.*' | wc -l)
[[ $leftover -eq 0 ]] && ok "no lock or temporary file is left" || fail "left: $(ls -a)"

# --- kill -9 mid-write --------------------------------------------------
project killed
# A plan big enough that a write takes a moment.
{
    for p in $(seq 1 20); do
        echo "# Phase $p"
        for t in $(seq 1 50); do echo "- [ ] task $p.$t with some words to make the line longer"; done
    done
} >big.md
todo import big.md
torn=0
landed=0
for round in $(seq 1 20); do
    before=$("$python" -c 'import json; p=json.load(open(".todo.json")); print(sum(len(ph["tasks"]) for ph in p["phases"]))')
    "${runner[@]}" "$exe" append "killed in round $round" >/dev/null 2>&1 &
    pid=$!
    # A run takes about 0.1 s (under a running Wine too): a kill from 0 to
    # 0.12 s lands before, during or after the write.
    sleep "0.$(printf %03d $((RANDOM % 120)))"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    after=$("$python" -c 'import json; p=json.load(open(".todo.json")); print(sum(len(ph["tasks"]) for ph in p["phases"]))' 2>/dev/null)
    if [[ $after == $((before + 1)) ]]; then
        landed=$((landed + 1))
    elif [[ $after != "$before" ]]; then
        torn=$((torn + 1))
    fi
done
echo "   ($landed of 20 killed appends had landed)"
[[ $torn -eq 0 ]] && ok "kill -9 at random moments leaves the old plan or the new one" || fail "$torn torn plans"
todo append after the kills
expect "the next command takes the lock" 0 'Appended'
leftover=$(find . -maxdepth 1 -name '.todo.json.*' | wc -l)
[[ $leftover -eq 0 ]] && ok "the next command leaves no lock or temporary file" || fail "left: $(ls -a)"

# --- todo mcp -----------------------------------------------------------
project mcp
init='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}'
# Once more when Wine itself lost its server connection ("wine client
# error", seen once right after the kill -9 scenario above): that is Wine's
# failure, not todo's; a second failure counts.
for attempt in 1 2; do
    printf '%s\n' "$init" | timeout 60 "${runner[@]}" "$exe" mcp >"$work/out" 2>"$work/err"
    status=$?
    grep -q 'wine client error' "$work/err" || break
    echo "   (attempt $attempt: Wine lost its server connection; once more)"
done
out=$(head -1 "$work/out" | tr -d '\r')
err=$(cat "$work/err")
expect "todo mcp runs todo-mcp.exe, which answers initialize" 0 '"serverInfo":\{[^}]*"name":"todo"'

echo "scenarios: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
