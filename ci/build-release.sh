#!/usr/bin/env bash
# Build the release programs (`todo` and `todo-mcp`) for TARGET exactly as
# the release workflow ships them; benches/compare.sh builds the same way,
# so benches/RESULTS.md times the programs people download.
#
#   ci/build-release.sh TARGET [CARGO ARGS...]   -> target/TARGET/release/
#
# On Linux the C library is linked in (glibc, `crt-static`): the program
# needs no shared library at all, so it runs on any distribution, and it
# starts faster than a dynamically linked one (no loader, no symbol lookup:
# `todo --version` took 1.23 ms against 1.64 ms, timed side by side). glibc
# rather than musl because musl's allocator makes reading a plan slower
# (`todo done` on 1,000 tasks: 6.7 ms against 5.4 ms). The flag
# goes in RUSTFLAGS with an explicit --target so that it reaches the
# programs only, not the build's proc-macros (which must stay shared
# libraries for the host compiler).
set -euo pipefail

target=${1:?usage: ci/build-release.sh TARGET [CARGO ARGS...]}
shift
case $target in
    *-linux-gnu) export RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" ;;
esac
cd "$(dirname "$0")/.."
cargo build --release --locked --bins --target "$target" "$@"
