#!/usr/bin/env bash
# Tests of the Action's scripts that need no GitHub: ci/install-todo.sh on
# an archive made by ci/package.sh (as the release workflow makes them),
# with the right checksum and with wrong ones, and ci/sync-pr-body.sh
# against a fixture body with a stand-in `gh`.
#
#   ci/test-action.sh BIN_DIR [WIN_BIN_DIR]
#
# BIN_DIR: built todo and todo-mcp for this machine; WIN_BIN_DIR, if given:
# todo.exe and todo-mcp.exe, packed and installed as the Windows .zip.
#
# Prints "action: N passed, N failed"; exits non-zero on a failure.
# `ok` never fails, so `test && ok || fail` is an if-then-else here.
# shellcheck disable=SC2015
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin_dir=$(cd "${1:?usage: test-action.sh BIN_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1" >&2; }

# The archive for this machine's target, as a release would have it.
case "$(uname -m)" in
    aarch64 | arm64) target=aarch64-unknown-linux-gnu ;;
    *) target=x86_64-unknown-linux-gnu ;;
esac
"$root/ci/package.sh" "$target" "$bin_dir" "$work/dist" >/dev/null
archive="$work/dist/todo-$target.tar.gz"
listing=$(tar -tzf "$archive")
missing=""
for want in todo todo-mcp README.md LICENSE completions/todo.bash completions/_todo \
    completions/todo.fish completions/_todo.ps1 man/todo.1; do
    grep -qx "todo-$target/$want" <<<"$listing" || missing+=" $want"
done
[[ -z $missing ]] && ok "the archive holds both programs, completions, man pages, README and LICENSE" ||
    fail "the archive lacks:$missing"

install() {
    env -u GITHUB_PATH -u RUNNER_TEMP TODO_DOWNLOAD_URL="file://$1" TODO_INSTALL_DIR="$2" \
        "$root/ci/install-todo.sh" >"$work/install.out" 2>&1
}

# The right checksum: installed, and it runs.
if install "$work/dist" "$work/good" && "$work/good/todo" --version | grep -q '^todo '; then
    ok "an archive with its published checksum is installed and runs"
else
    fail "install with the right checksum: $(cat "$work/install.out")"
fi
[[ -x $work/good/todo-mcp ]] && ok "todo-mcp is installed beside todo" || fail "no todo-mcp"

# No repository and no download URL: the Action builds its own checkout
# (TODO_SOURCE_DIR, what action.yml passes), here the debug profile into
# this tree's target/ so that nothing is compiled twice.
if env -u GITHUB_PATH -u RUNNER_TEMP -u TODO_REPOSITORY -u TODO_DOWNLOAD_URL \
    TODO_SOURCE_DIR="$root" TODO_BUILD_DEBUG=1 CARGO_TARGET_DIR="$root/target" \
    TODO_INSTALL_DIR="$work/from-source" "$root/ci/install-todo.sh" >"$work/install.out" 2>&1 &&
    "$work/from-source/todo" --version | grep -q '^todo ' && [[ -x $work/from-source/todo-mcp ]]; then
    ok "with no release repository the Action builds its own source and installs both programs"
else
    fail "install from source: $(cat "$work/install.out")"
fi
if ! env -u GITHUB_PATH -u RUNNER_TEMP -u TODO_REPOSITORY -u TODO_DOWNLOAD_URL -u TODO_SOURCE_DIR \
    TODO_INSTALL_DIR="$work/nothing" "$root/ci/install-todo.sh" >"$work/install.out" 2>&1 &&
    grep -q 'set TODO_REPOSITORY' "$work/install.out" && [[ ! -e $work/nothing ]]; then
    ok "with nothing to install from it says what to set and installs nothing"
else
    fail "install with nothing set: $(cat "$work/install.out")"
fi

# A checksum that is not the archive's: refused, nothing installed.
mkdir -p "$work/bad-sum"
cp "$archive" "$work/bad-sum/"
printf '%064d  %s\n' 0 "todo-$target.tar.gz" >"$work/bad-sum/todo-$target.tar.gz.sha256"
if ! install "$work/bad-sum" "$work/refused1" && grep -q 'checksum mismatch' "$work/install.out" &&
    [[ ! -e $work/refused1 ]]; then
    ok "a wrong checksum is refused and nothing is installed"
else
    fail "wrong checksum: $(cat "$work/install.out")"
fi

# An archive changed after it was summed: refused.
mkdir -p "$work/bad-archive"
cp "$archive.sha256" "$work/bad-archive/"
{ cat "$archive"; printf 'x'; } >"$work/bad-archive/todo-$target.tar.gz"
if ! install "$work/bad-archive" "$work/refused2" && grep -q 'checksum mismatch' "$work/install.out" &&
    [[ ! -e $work/refused2 ]]; then
    ok "a changed archive is refused"
else
    fail "changed archive: $(cat "$work/install.out")"
fi

# No checksum file: refused.
mkdir -p "$work/no-sum"
cp "$archive" "$work/no-sum/"
if ! install "$work/no-sum" "$work/refused3" && [[ ! -e $work/refused3 ]]; then
    ok "an archive without its checksum is refused"
else
    fail "no checksum: $(cat "$work/install.out")"
fi

# The Windows archive: a .zip, unpacked and installed the same way.
if [[ -n ${2:-} ]]; then
    "$root/ci/package.sh" x86_64-pc-windows-msvc "$2" "$work/windist" >/dev/null
    if env -u GITHUB_PATH -u RUNNER_TEMP TODO_TARGET=x86_64-pc-windows-msvc \
        TODO_DOWNLOAD_URL="file://$work/windist" TODO_INSTALL_DIR="$work/win" \
        "$root/ci/install-todo.sh" >"$work/install.out" 2>&1 &&
        cmp -s "$2/todo.exe" "$work/win/todo.exe" && [[ -f $work/win/todo-mcp.exe ]]; then
        ok "the Windows .zip is checked, unpacked and installed"
    else
        fail "the Windows .zip: $(cat "$work/install.out")"
    fi
fi

# sync-pr-body: a stand-in gh serves the fixture body and records the edit.
mkdir -p "$work/project/.git" "$work/fakebin"
cat >"$work/fakebin/gh" <<'GH'
#!/usr/bin/env bash
case "$1 $2" in
    "pr view") cat "$FIXTURE_BODY" ;;
    "pr edit") shift 3; [[ $1 == --body-file ]] && cp "$2" "$EDITED_BODY" ;;
    *) echo "fake gh: $*" >&2; exit 1 ;;
esac
GH
chmod +x "$work/fakebin/gh"
sync() {
    (cd "$work/project" && PATH="$work/good:$work/fakebin:$PATH" PR_NUMBER=7 GH_TOKEN=x \
        FIXTURE_BODY="$1" EDITED_BODY="$work/edited.md" TODO_HISTORY_DIR="$work/history" \
        "$root/ci/sync-pr-body.sh" >"$work/sync.out" 2>&1)
}
(cd "$work/project" && TODO_HISTORY_DIR="$work/history" "$work/good/todo" -q append auth "wire oauth" &&
    TODO_HISTORY_DIR="$work/history" "$work/good/todo" -q append auth "rotate keys")
printf 'Adds sign-in.\r\n\r\n<!-- todo:begin -->\r\n- [ ] stale item\r\n<!-- todo:end -->\r\n\r\nThanks!\r\n' \
    >"$work/fixture.md"
rm -f "$work/edited.md"
if sync "$work/fixture.md" && grep -q 'Wire oauth' "$work/edited.md" && ! grep -q 'stale item' "$work/edited.md" &&
    head -1 "$work/edited.md" | grep -q $'^Adds sign-in.\r$' && grep -q $'^Thanks!\r$' "$work/edited.md"; then
    ok "sync-pr-body rewrites the region, keeps the prose and its CRLF"
else
    fail "sync-pr-body: $(cat "$work/sync.out"; cat "$work/edited.md" 2>/dev/null)"
fi
# The body as edited is in sync: no second edit.
cp "$work/edited.md" "$work/synced.md"
rm -f "$work/edited.md"
if sync "$work/synced.md" && [[ ! -e $work/edited.md ]] && grep -q 'up to date' "$work/sync.out"; then
    ok "sync-pr-body leaves a body in sync alone"
else
    fail "sync-pr-body on a synced body: $(cat "$work/sync.out")"
fi
# A body without the markers gets the region at its end.
printf 'Just prose.\n' >"$work/plain.md"
rm -f "$work/edited.md"
if sync "$work/plain.md" && head -1 "$work/edited.md" | grep -qx 'Just prose.' &&
    grep -qx '<!-- todo:begin -->' "$work/edited.md" && grep -q 'Rotate keys' "$work/edited.md"; then
    ok "sync-pr-body adds the region to a body without one"
else
    fail "sync-pr-body on a plain body: $(cat "$work/sync.out")"
fi

echo "action: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
