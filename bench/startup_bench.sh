#!/usr/bin/env bash
# Start-up cost of the binaries, which every commit pays before any work: one hyperfine run of
# `git --version` (the floor a git hook is compared with), `qa-skill-hook --help` and
# `qa-skill --version`, plus the number of shared libraries each binary loads.
# Usage: bench/startup_bench.sh [build-dir] [runs]   (defaults build/release, 50)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
runs=${2:-50}
command -v hyperfine >/dev/null || { echo "startup_bench: hyperfine is not installed" >&2; exit 2; }
for bin in qa-skill-hook qa-skill; do
    echo "$bin loads $(ldd "$build/$bin" | grep -c '=>') shared libraries"
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
hyperfine -N --warmup 5 --runs "$runs" --export-markdown "$out" \
    -n 'git --version' 'git --version' \
    -n 'qa-skill-hook --help' "$build/qa-skill-hook --help" \
    -n 'qa-skill --version' "$build/qa-skill --version" >/dev/null
cat "$out"
