#!/usr/bin/env bash
# Runs clang-tidy 14 with the checks of .clang-tidy (every finding an error) on C++ sources.
# Usage: install/tidy.sh [--all | REV]
#   (none)  the sources the last commit changed (HEAD~1..HEAD, plus uncommitted changes): what CI
#           checks, in a fresh clone as anywhere;
#   REV     the sources changed since REV (a branch, a tag, a commit: `install/tidy.sh main`);
#   --all   every source the build compiles.
# A changed header is checked through the source of the same name, or else through the first
# source that includes it. With no history to compare with (a clone of depth 1), every source
# is checked. Reads build/release/compile_commands.json, which a configure step writes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
tidy=clang-tidy-14
command -v "$tidy" >/dev/null || { echo "tidy: $tidy not found (install/packages.txt)" >&2; exit 2; }
db=build/release/compile_commands.json
# Configuring is enough: clang-tidy needs the compile commands, not the objects.
[ -f "$db" ] || cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release >/dev/null

# The sources the build compiles (tests/fuzz is a clang-only build of its own), relative paths.
mapfile -t compiled < <(sed -n 's|^ *"file": "'"$root"'/\(.*\)",\{0,1\}$|\1|p' "$db" |
    grep -v -e '^build/' -e '^tests/fuzz/' | sort -u)

arg=${1:-}
if [ "$arg" = --all ]; then
    changed=("${compiled[@]}")
    what="every source"
else
    base=${arg:-HEAD~1}
    if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
        if [ -n "$arg" ]; then
            echo "tidy: $arg is not a commit" >&2
            exit 2
        fi
        echo "tidy: no parent commit to compare with (shallow clone?): checking every source" >&2
        changed=("${compiled[@]}")
        what="every source"
    else
        mapfile -t changed < <(git diff --name-only --diff-filter=d "$base" -- '*.cpp' '*.hpp')
        what="the sources changed since $base"
    fi
fi

# Headers map to a source that includes them; keep only sources the build compiles.
declare -A seen=()
files=()
for f in "${changed[@]}"; do
    if [[ $f == *.hpp ]]; then
        sibling=${f%.hpp}.cpp
        if [ -f "$sibling" ]; then
            f=$sibling
        else
            # Includes are spelled from src/ (or tests/ for the test support headers).
            spelled=${f#src/}
            spelled=${spelled#tests/}
            f=$(git grep -l -F "#include \"$spelled\"" -- '*.cpp' | grep -v '^tests/fuzz/' |
                sort | head -n 1 || true)
        fi
    fi
    [ -n "$f" ] || continue
    printf '%s\n' "${compiled[@]}" | grep -qxF "$f" || continue
    [ -n "${seen[$f]:-}" ] && continue
    seen[$f]=1
    files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then
    echo "tidy: no C++ source to check in $what" >&2
    exit 0
fi
echo "tidy: ${#files[@]} source(s), $what" >&2
# The commands are GCC's, -Werror included in developer mode: compiler warnings are the
# compilers' job (both build warning-free), so clang-tidy's clang neither stops at a GCC-only
# option nor turns a warning of its own into an error.
printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 \
        "$tidy" -p build/release --quiet --extra-arg=-Wno-unknown-warning-option \
        --extra-arg=-Wno-error
echo "tidy: no finding" >&2
