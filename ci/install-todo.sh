#!/usr/bin/env bash
# Install a released `todo` for this machine, checksum verified: the
# Action's first step (action.yml), usable on its own too.
#
# Settings, from the environment:
#   TODO_VERSION       a release tag (v0.1.0) or `latest` (the default)
#   TODO_REPOSITORY    the GitHub repository that publishes the releases
#                      (owner/name); not needed with TODO_DOWNLOAD_URL
#   TODO_DOWNLOAD_URL  where the archives are instead (any URL curl reads,
#                      file:// included): for mirrors and for tests
#   TODO_SOURCE_DIR    with neither of the two above: build `todo` from this
#                      source tree with cargo instead of downloading (the
#                      Action passes its own checkout, so it needs no
#                      repository name; TODO_BUILD_DEBUG=1 builds the debug
#                      profile, for tests)
#   TODO_TARGET        the target to install, when not this machine's
#   TODO_INSTALL_DIR   where the programs go (default ~/.local/bin, or a
#                      directory under RUNNER_TEMP on a GitHub runner,
#                      added to GITHUB_PATH)
#
# It downloads todo-<target>.tar.gz (.zip for Windows) and its .sha256
# (both made by ci/package.sh), refuses an archive whose SHA-256 is not
# the published one, and installs `todo` and `todo-mcp`.
set -euo pipefail

fail() {
    echo "install-todo: $*" >&2
    exit 1
}

version=${TODO_VERSION:-latest}
if [[ -n ${TODO_TARGET:-} ]]; then
    target=$TODO_TARGET
else
    case "$(uname -s)/$(uname -m)" in
        Linux/x86_64 | Linux/amd64) target=x86_64-unknown-linux-gnu ;;
        Linux/aarch64 | Linux/arm64) target=aarch64-unknown-linux-gnu ;;
        Darwin/x86_64) target=x86_64-apple-darwin ;;
        Darwin/arm64 | Darwin/aarch64) target=aarch64-apple-darwin ;;
        MINGW*/* | MSYS*/* | CYGWIN*/* | Windows_NT/*) target=x86_64-pc-windows-msvc ;;
        *) fail "no release archive for $(uname -s) $(uname -m); build from source: cargo install --locked --path ." ;;
    esac
fi

if [[ -n ${TODO_INSTALL_DIR:-} ]]; then
    dest=$TODO_INSTALL_DIR
elif [[ -n ${RUNNER_TEMP:-} ]]; then
    dest="$RUNNER_TEMP/todo-bin"
else
    dest="$HOME/.local/bin"
fi

# No release named: build the source tree given (the Action's own).
if [[ -z ${TODO_DOWNLOAD_URL:-} && -z ${TODO_REPOSITORY:-} && -n ${TODO_SOURCE_DIR:-} ]]; then
    [[ -f $TODO_SOURCE_DIR/Cargo.toml ]] || fail "$TODO_SOURCE_DIR holds no Cargo.toml to build"
    command -v cargo >/dev/null || fail "building from $TODO_SOURCE_DIR needs cargo (https://rustup.rs); or set the repository whose releases to install"
    profile=()
    [[ ${TODO_BUILD_DEBUG:-} == 1 ]] && profile=(--debug)
    echo "install-todo: building from $TODO_SOURCE_DIR (no release repository set)"
    cargo install --quiet --locked "${profile[@]}" --path "$TODO_SOURCE_DIR" --root "$dest.build" ||
        fail "cargo could not build $TODO_SOURCE_DIR"
    mkdir -p "$dest"
    for program in todo todo-mcp; do
        for ext in "" .exe; do
            [[ -f $dest.build/bin/$program$ext ]] && cp "$dest.build/bin/$program$ext" "$dest/"
        done
    done
    rm -rf "$dest.build"
    if [[ -n ${GITHUB_PATH:-} ]]; then
        echo "$dest" >>"$GITHUB_PATH"
    fi
    echo "install-todo: installed $("$dest/todo" --version 2>/dev/null || echo todo) in $dest"
    exit 0
fi

if [[ -n ${TODO_DOWNLOAD_URL:-} ]]; then
    base=${TODO_DOWNLOAD_URL%/}
elif [[ -n ${TODO_REPOSITORY:-} ]]; then
    if [[ $version == latest ]]; then
        base="https://github.com/$TODO_REPOSITORY/releases/latest/download"
    else
        base="https://github.com/$TODO_REPOSITORY/releases/download/$version"
    fi
else
    fail "set TODO_REPOSITORY (owner/name), TODO_DOWNLOAD_URL or TODO_SOURCE_DIR"
fi

ext=""
case $target in
    *windows*) archive="todo-$target.zip" ext=".exe" ;;
    *) archive="todo-$target.tar.gz" ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "install-todo: $base/$archive"
curl -fsSL --retry 3 -o "$work/$archive" "$base/$archive" || fail "could not download $base/$archive"
curl -fsSL --retry 3 -o "$work/$archive.sha256" "$base/$archive.sha256" ||
    fail "could not download $base/$archive.sha256"

want=$(awk 'NR == 1 { print tolower($1) }' "$work/$archive.sha256")
if command -v sha256sum >/dev/null; then
    got=$(sha256sum "$work/$archive" | awk '{ print $1 }')
else
    got=$(shasum -a 256 "$work/$archive" | awk '{ print $1 }')
fi
if [[ ! $want =~ ^[0-9a-f]{64}$ ]]; then
    fail "$archive.sha256 holds no SHA-256; nothing installed"
fi
if [[ $got != "$want" ]]; then
    fail "checksum mismatch for $archive: published $want, downloaded $got; nothing installed"
fi

case $archive in
    *.zip)
        # A Python that runs (on Windows `python3` may be the Store's stub).
        python=""
        for candidate in python3 python; do
            if "$candidate" -c 'import json' >/dev/null 2>&1; then
                python=$candidate
                break
            fi
        done
        [[ -n $python ]] || fail "unpacking a .zip needs Python"
        "$python" -m zipfile -e "$work/$archive" "$work/unpacked"
        ;;
    *) mkdir -p "$work/unpacked" && tar -xzf "$work/$archive" -C "$work/unpacked" ;;
esac
from="$work/unpacked/todo-$target"
[[ -f $from/todo$ext ]] || fail "$archive has no todo-$target/todo$ext"

mkdir -p "$dest"
for program in todo todo-mcp; do
    cp "$from/$program$ext" "$dest/$program$ext"
    chmod +x "$dest/$program$ext"
done
if [[ -n ${GITHUB_PATH:-} ]]; then
    echo "$dest" >>"$GITHUB_PATH"
fi
# (A target not this machine's, as in tests, cannot say its version.)
version_line=$("$dest/todo$ext" --version 2>/dev/null) || version_line="todo for $target"
echo "install-todo: installed $version_line in $dest"
