#!/usr/bin/env bash
# What the phase lens costs a commit: `qa-skill run --staged` of a one-file change with the phase
# lens running `true` as each of its four checks (one shared checkout, four sandboxed commands),
# next to the same run with the lens off and to `true` itself, in one hyperfine run.
# Usage: bench/phase_commit_bench.sh [build-dir] [files=22]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
files=${2:-22}
# Not under /tmp: nothing here needs it, and the sandbox hides the host's /tmp anyway.
work=$(mktemp -d "$root/build/phase-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/repo"
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 QA_SKILL_TRUST=1
cd "$work/repo"
git init -q .
git config user.email bench@example.com
git config user.name bench
for i in $(seq 1 "$files"); do
    mkdir -p "src/d$((i % 20))"
    printf 'def f%d(x):\n    return x + %d\n' "$i" "$i" > "src/d$((i % 20))/m$i.py"
done
on='allow_execution_lens_classes = ["consistency"]
[lenses.phase]
enabled = true
permission_profile = "exec_sandboxed_network_off"
timeout_ms = 600000
[lenses.phase.options]
format_command = "true"
lint_command = "true"
build_command = "true"
test_command = "true"
max_retries = 0
[permission_profiles.exec_sandboxed_network_off]
allowed_command_prefixes = [["true"]]'
printf '%s\n' "$on" > .qa-skill.toml
git add -A && git commit -qm init
printf '\n' >> src/d1/m1.py
git add src/d1/m1.py
printf '%s\n' "$on" | sed 's/^enabled = true/enabled = false/' > "$work/off.toml"
cp .qa-skill.toml "$work/on.toml"
hyperfine --warmup 2 --runs 20 \
    -n "run --staged, phase on (4 sandboxed true)" \
    "cp $work/on.toml .qa-skill.toml && git add .qa-skill.toml && $build/qa-skill run --staged --no-artifacts" \
    -n "run --staged, phase off" \
    "cp $work/off.toml .qa-skill.toml && git add .qa-skill.toml && $build/qa-skill run --staged --no-artifacts" \
    -n "true" "true"
