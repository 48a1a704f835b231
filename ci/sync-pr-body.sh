#!/usr/bin/env bash
# Keep a pull request's checklist in sync with the plan: the Action's
# `sync-pr-body` command. Rewrites only the lines between
# `<!-- todo:begin -->` and `<!-- todo:end -->` of the body (a body
# without them gets the region at its end) and edits the pull request
# only when that changed something.
#
# Settings, from the environment: PR_NUMBER (the pull request), GH_TOKEN
# (for gh), and optionally TODO_FILE (the plan) and GH (the gh program).
set -euo pipefail

pr=${PR_NUMBER:?sync-pr-body: PR_NUMBER is not set (run it on a pull_request event)}
gh=${GH:-gh}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$gh" pr view "$pr" --json body --jq .body >"$work/before.md"
cp "$work/before.md" "$work/body.md"
todo export --format gfm --into "$work/body.md"
if cmp -s "$work/before.md" "$work/body.md"; then
    echo "sync-pr-body: the checklist of #$pr is up to date"
    exit 0
fi
"$gh" pr edit "$pr" --body-file "$work/body.md"
echo "sync-pr-body: updated the checklist of #$pr"
