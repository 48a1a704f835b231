#!/usr/bin/env bash
# Pack a release archive: the release workflow runs this for each target,
# and .ci/run runs it to test the Action's installer on a real archive.
#
#   ci/package.sh TARGET BIN_DIR OUT_DIR
#
# BIN_DIR holds the built `todo` and `todo-mcp` (`.exe` on Windows). Writes
# OUT_DIR/todo-TARGET.tar.gz (OUT_DIR/todo-TARGET.zip for a Windows target)
# holding the directory todo-TARGET/ with both programs, completions/,
# man/, README.md and LICENSE, and beside it the archive's SHA-256 as
# `<archive>.sha256` in `sha256sum` format. The names carry no version:
# a release's tag says it, and `releases/latest/download/<name>` then
# always names the newest one.
set -euo pipefail

target=${1:?usage: package.sh TARGET BIN_DIR OUT_DIR}
bin_dir=${2:?usage: package.sh TARGET BIN_DIR OUT_DIR}
out_dir=${3:?usage: package.sh TARGET BIN_DIR OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)

ext=""
case $target in
    *windows*) ext=".exe" ;;
esac

name="todo-$target"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
for program in todo todo-mcp; do
    cp "$bin_dir/$program$ext" "$stage/$name/"
done
cp -R "$root/completions" "$root/man" "$stage/$name/"
cp "$root/README.md" "$root/LICENSE" "$stage/$name/"

case $target in
    *windows*)
        archive="$name.zip"
        # A Python that runs (on Windows `python3` may be the Store's stub).
        python=""
        for candidate in python3 python; do
            if "$candidate" -c 'import json' >/dev/null 2>&1; then
                python=$candidate
                break
            fi
        done
        [[ -n $python ]] || { echo "package.sh: making a .zip needs Python" >&2; exit 1; }
        (cd "$stage" && "$python" -m zipfile -c "$out_dir/$archive" "$name")
        ;;
    *)
        archive="$name.tar.gz"
        (cd "$stage" && tar -czf "$out_dir/$archive" "$name")
        ;;
esac

cd "$out_dir"
if command -v sha256sum >/dev/null; then
    sha256sum "$archive" >"$archive.sha256"
else
    shasum -a 256 "$archive" >"$archive.sha256"
fi
echo "$out_dir/$archive"
