#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy's checks, warnings as errors) on the C++ sources that changed
# since REV (default: 30 commits back, or the first commit of a shorter history).
# Usage: install/tidy.sh [REV]. Needs the release build's compile_commands.json.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
base=${1:-HEAD~30}
git rev-parse -q --verify "$base^{commit}" >/dev/null || base=$(git rev-list --max-parents=0 HEAD | tail -1)
[ -f build/release/compile_commands.json ] || ./install/build.sh release
mapfile -t files < <(git diff --name-only --diff-filter=d "$base" -- '*.cpp' | grep -v -e '^tests/fixtures/' -e '^tests/fuzz/' || true)
if [ ${#files[@]} -eq 0 ]; then
    echo "tidy: no C++ source changed since $base" >&2
    exit 0
fi
echo "tidy: ${#files[@]} file(s) changed since $base" >&2
printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 clang-tidy-14 -p build/release --quiet
echo "tidy: no finding" >&2
