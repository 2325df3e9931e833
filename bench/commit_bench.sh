#!/usr/bin/env bash
# Issue 4 benchmark: wall time of `git commit` of a small staged change (3 files, ~50 lines) in a
# 200-file repository (../shared/bench/gen_repo.py), measured by hyperfine in one run:
#   (a) no hook, (b) the qa-skill hook (embedded default config), (c) the pre-commit framework
#   running one no-op hook.
# Usage: bench/commit_bench.sh [build-dir]   (default build/release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
gen="$root/../shared/bench/gen_repo.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1 PRE_COMMIT_HOME="$work/pre-commit-cache"
mkdir -p "$HOME"
git config --global user.email bench@example.invalid
git config --global user.name bench
git config --global init.defaultBranch main

make_repo() {  # $1: name; leaves the staged change in place and marks the base commit
    python3 "$gen" "$work/$1" >/dev/null
    git -C "$work/$1" update-ref refs/bench/base HEAD
}
make_repo nohook
make_repo qaskill
(cd "$work/qaskill" && "$build/qa-skill" install >/dev/null)
make_repo precommit
# Commit the pre-commit config under the staged change: set the change aside, commit, re-stage.
git -C "$work/precommit" diff --cached > "$work/change.patch"
git -C "$work/precommit" reset -q --hard
cat > "$work/precommit/.pre-commit-config.yaml" <<'YAML'
repos:
  - repo: local
    hooks:
      - id: noop
        name: no-op
        entry: "true"
        language: system
        pass_filenames: false
        always_run: true
YAML
git -C "$work/precommit" add .pre-commit-config.yaml
git -C "$work/precommit" commit -q -m "pre-commit config"
git -C "$work/precommit" apply --index "$work/change.patch"
git -C "$work/precommit" update-ref refs/bench/base HEAD
(cd "$work/precommit" && pre-commit install >/dev/null)

reset() { echo "git -C '$work/$1' reset -q --soft refs/bench/base"; }
commit() { echo "git -C '$work/$1' commit -q -m bench"; }

echo "qa-skill: $("$build/qa-skill" --version); $(pre-commit --version); $(git --version)"
hyperfine --warmup 3 --runs 30 --export-markdown "$work/result.md" \
    --prepare "$(reset nohook)" -n "git commit (no hook)" "$(commit nohook)" \
    --prepare "$(reset qaskill)" -n "git commit (qa-skill hook)" "$(commit qaskill)" \
    --prepare "$(reset precommit)" -n "git commit (pre-commit no-op)" "$(commit precommit)"
cat "$work/result.md"
