#!/usr/bin/env bash
# Issue 25's execution-lens targets, in one hyperfine run:
#   small   a command run directly vs through the phase lens in a small tree: `qa-skill run
#           --staged` of a one-file change with the phase lens running `true` as 3 checks
#           (formatter, linter, tests; one shared checkout, 3 sandboxed commands) vs the same
#           run with the lens off, vs `true`. Per-command overhead = (on - off) / 3 - true.
#   large   `git commit` of a one-file change in a generated 20,000-file tree (bench/gen_repo.py)
#           with the qa-skill hook running that phase lens, vs the same commit with no hook
#           (--no-verify). With a before-build-dir, the before build's hook is measured too.
# Each timed commit is prepared by hyperfine's --prepare (one more line appended to one file and
# staged), so every commit checks a one-file change. The after build keeps its reusable checkout
# in .git/qa-skill between commits, as a user's repository does; the first (warm-up) commit
# writes it whole.
# Usage: bench/checkout_bench.sh [build-dir] [before-build-dir]
# Environment: FILES (default 20000), RUNS (default 10), KEEP: a folder that keeps the generated
#   repositories between runs of this script (generating 20,000 files takes a minute or two).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
before=${2:+$(cd "$2" && pwd)}
files=${FILES:-20000}
runs=${RUNS:-10}
command -v hyperfine >/dev/null || { echo "checkout_bench: hyperfine is not installed" >&2; exit 2; }
# Not under /tmp: the sandbox hides the host's /tmp, and the repositories can be kept.
work=${KEEP:-}
if [ -z "$work" ]; then
    work=$(mktemp -d "$root/build/checkout-bench.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/home"
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1 QA_SKILL_TRUST=1
git config --global user.email bench@example.invalid
git config --global user.name bench

config() {  # $1: true|false (the phase lens enabled)
    cat <<TOML
allow_execution_lens_classes = ["consistency"]
[lenses.phase]
enabled = $1
permission_profile = "exec_sandboxed_network_off"
timeout_ms = 600000
[lenses.phase.options]
format_command = "true"
lint_command = "true"
test_command = "true"
skip_build = true
max_retries = 0
[permission_profiles.exec_sandboxed_network_off]
allowed_command_prefixes = [["true"]]
TOML
}

# The hook of one build, in a folder of its own (core.hooksPath picks it per command).
hooks() {  # $1: build dir, $2: folder
    mkdir -p "$2"
    for h in pre-commit commit-msg; do
        printf '#!/bin/sh\nexec %q %s "$@"\n' "$1/qa-skill-hook" "$h" > "$2/$h"
        chmod +x "$2/$h"
    done
}

small="$work/small"
if [ ! -d "$small/.git" ]; then
    python3 "$root/bench/gen_repo.py" "$small" 22 1 >/dev/null
    config true > "$small/.qa-skill.toml"
    git -C "$small" add -A && git -C "$small" commit -qm config
fi
large="$work/large-$files"
if [ ! -d "$large/.git" ]; then
    python3 "$root/bench/gen_repo.py" "$large" "$files" 1 >/dev/null
    config true > "$large/.qa-skill.toml"
    git -C "$large" add -A && git -C "$large" commit -qm config
fi
config true > "$work/on.toml"
config false > "$work/off.toml"
hooks "$build" "$work/hooks-after"
[ -z "$before" ] || hooks "$before" "$work/hooks-before"
one=src/pkg00/mod000.py
stage="echo '# bench' >> $one && git add $one"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$small"
eval "$stage"
args=(-n "small: true" "true"
      -n "small: run --staged, phase off" "cp $work/off.toml .qa-skill.toml && git add .qa-skill.toml && $build/qa-skill run --staged --no-artifacts"
      -n "small: run --staged, phase on (3 sandboxed true)" "cp $work/on.toml .qa-skill.toml && git add .qa-skill.toml && $build/qa-skill run --staged --no-artifacts")
[ -z "$before" ] || args+=(-n "small: run --staged, phase on, before" "cp $work/on.toml .qa-skill.toml && git add .qa-skill.toml && $before/qa-skill run --staged --no-artifacts")
hyperfine --warmup 2 --runs "$runs" "${args[@]}" 2>&1 | grep -v '^ *$' || true
cp "$work/on.toml" .qa-skill.toml && git add .qa-skill.toml

cd "$large"
args=(--prepare "$stage"
      -n "large: git commit, no hook" "git commit --no-verify -qm bench"
      -n "large: git commit, hook with the phase lens (3 sandboxed true)" "git -c core.hooksPath=$work/hooks-after commit -qm bench")
[ -z "$before" ] || args+=(-n "large: git commit, hook with the phase lens, before" "git -c core.hooksPath=$work/hooks-before commit -qm bench")
hyperfine --warmup 1 --runs "$runs" "${args[@]}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
