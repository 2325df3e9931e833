#!/usr/bin/env bash
# Issue 3 benchmark: change set + plan of a large diff (500 files, 20,000 changed lines) by
# `qa-skill plan --base A --head B --format json`, next to `git diff --numstat A B` on the same
# range, in one hyperfine run; peak RSS of each from getrusage.
# Usage: bench/plan_bench.sh [build-dir] [files] [lines]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r base head < <(python3 "$root/bench/gen_large_diff.py" "$work/repo" "${2:-500}" "${3:-20000}")
cd "$work/repo"
echo "diff: $(git diff --shortstat "$base" "$head")"
hyperfine --warmup 2 --runs 15 \
    -n "qa-skill plan" "$build/qa-skill plan --base $base --head $head --format json" \
    -n "git diff --numstat" "git diff --numstat $base $head"
echo "peak RSS (MiB): qa-skill plan $(python3 "$root/bench/peak_rss.py" "$build/qa-skill" plan \
    --base "$base" --head "$head" --format json), git diff --numstat $(python3 \
    "$root/bench/peak_rss.py" git diff --numstat "$base" "$head")"
