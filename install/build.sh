#!/usr/bin/env bash
# Configures and builds qa-skill. Usage: install/build.sh [release|sanitize|app] (default release).
# The build directory is build/<kind>; re-running rebuilds only what changed. `app` builds the two
# binaries only (no test suite): what a user needs, in a fraction of the time. `release` builds in
# developer mode (QA_SKILL_DEVELOPER: stricter warnings, each an error), so CI fails on a new
# warning; `app` does not, so a newer compiler's new warnings never stop a user's build.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kind=${1:-release}
case "$kind" in
    release) flags=(-DCMAKE_BUILD_TYPE=Release -DQA_SKILL_DEVELOPER=ON) ;;
    sanitize) flags=(-DCMAKE_BUILD_TYPE=Debug -DQA_SKILL_SANITIZE=ON) ;;
    app) flags=(-DCMAKE_BUILD_TYPE=Release -DQA_SKILL_TESTS=OFF) ;;
    *) echo "usage: install/build.sh [release|sanitize|app]" >&2; exit 2 ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
# ccache, when installed, makes rebuilds in other clones and worktrees of the tree cheap.
if command -v ccache >/dev/null && [ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]; then
    flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$root/build/$kind" "${flags[@]}" >/dev/null
cmake --build "$root/build/$kind" -j "$jobs"
