#!/usr/bin/env bash
# A git repository stopped in a conflicted merge of the plan: SIDES holds
# base.json, ours.json and theirs.json (merge_sides.py writes them); REPO
# gets them committed on `main` (base, then ours) and `theirs` (base, then
# theirs), and `git merge theirs` run on `main` with diff3 markers. Used by
# resolve.sh and versus.sh.
#
#   benches/conflicted.sh SIDES REPO
#
# Exits 1 when git merges the sides without a conflict (nothing to time).
set -euo pipefail

sides=${1:?usage: benches/conflicted.sh SIDES REPO}
R=${2:?usage: benches/conflicted.sh SIDES REPO}
git init -q -b main "$R"
g() { git -C "$R" "$@"; }
g config user.name bench
g config user.email bench@example.invalid
g config merge.conflictStyle diff3
cp "$sides/base.json" "$R/.todo.json"
g add .todo.json && g commit -q -m base
g switch -q -c theirs
cp "$sides/theirs.json" "$R/.todo.json" && g commit -q -am theirs
g switch -q main
cp "$sides/ours.json" "$R/.todo.json" && g commit -q -am ours
if g merge -q --no-edit theirs >/dev/null 2>&1; then
    echo "conflicted.sh: git merged the sides without a conflict; nothing to time" >&2
    exit 1
fi
