#!/usr/bin/env bash
# Checks that every C++ source and header of the repository is formatted by its .clang-format
# (clang-format 14, as Debian 12 ships it). Prints the files that are not, and exits 1 then.
# Fix with: git ls-files '*.cpp' '*.hpp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
unformatted=()
while IFS= read -r -d '' file; do
    if ! clang-format --dry-run --Werror "$file" >/dev/null 2>&1; then
        unformatted+=("$file")
    fi
done < <(git ls-files -z '*.cpp' '*.hpp')
if ((${#unformatted[@]} > 0)); then
    printf 'not clang-formatted: %s\n' "${unformatted[@]}" >&2
    echo "fix: git ls-files '*.cpp' '*.hpp' | xargs clang-format -i" >&2
    exit 1
fi
echo "format: every C++ file is clang-formatted"
