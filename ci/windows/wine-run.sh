#!/usr/bin/env bash
# cargo's runner for x86_64-pc-windows-gnu in .ci/run
# (CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER): runs a Windows program under
# Wine, with the bcryptprimitives.dll stand-in (BCRYPT_DLL) beside it.
set -euo pipefail
exe=$1
dll=${BCRYPT_DLL:?BCRYPT_DLL names the bcryptprimitives.dll stand-in}
beside="$(dirname "$exe")/bcryptprimitives.dll"
[[ -f $beside ]] || cp "$dll" "$beside"
exec "${WINE:-/usr/lib/wine/wine64}" "$@"
