#!/usr/bin/env bash
# Issue 4 benchmark: wall time of `git commit` of a small staged change (3 files, ~50 lines) in a
# 200-file repository (bench/gen_repo.py), measured by hyperfine in one run:
#   (a) no hook, (b) the qa-skill hook (embedded default config), (c) the pre-commit framework
#   running one no-op hook, (d) the qa-skill hook in a repository of 200,000 commits (fast-import),
#   (e) lefthook running `true`, when lefthook is installed.
# Usage: bench/commit_bench.sh [build-dir]   (default build/release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
gen="$root/bench/gen_repo.py"
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

# A long history: 200,000 commits written by git fast-import (seconds, not hours), with the same
# staged change on top. The hook's time must not grow with history (repoId is cached).
make_history() {  # $1: name, $2: commits
    git init -q "$work/$1"
    python3 - "$2" <<'PY' | git -C "$work/$1" fast-import --quiet
import sys
n = int(sys.argv[1])
out = sys.stdout
for i in range(n):
    data = f"commit {i}\n"
    out.write(f"commit refs/heads/main\nmark :{i + 1}\n"
              f"committer bench <bench@example.invalid> {1600000000 + i} +0000\n"
              f"data {len(f'c{i}')}\nc{i}\n")
    if i > 0:
        out.write(f"from :{i}\n")
    out.write(f"M 100644 inline counter.txt\ndata {len(data)}\n{data}\n")
PY
    git -C "$work/$1" checkout -q main
    mkdir -p "$work/$1/src"
    for f in a b c; do
        python3 -c "print('\n'.join(f'def f{i}():\n    return {i}' for i in range(8)))" \
            > "$work/$1/src/$f.py"
    done
    git -C "$work/$1" add src
    git -C "$work/$1" update-ref refs/bench/base HEAD
}
make_history history 200000
(cd "$work/history" && "$build/qa-skill" install >/dev/null)
# Lefthook running `true`, when installed, as another hook manager's floor. Install it from outside
# any git repository (`cd /tmp && npm install -g lefthook`): its npm postinstall runs
# `lefthook install` in the current repository, writing lefthook.yml and a hook there.
lefthook_args=()
if command -v lefthook >/dev/null; then
    make_repo lefthook
    printf 'pre-commit:\n  commands:\n    noop:\n      run: "true"\n' > "$work/lefthook/lefthook.yml"
    (cd "$work/lefthook" && lefthook install >/dev/null 2>&1)
    lefthook_args=(--prepare "git -C '$work/lefthook' reset -q --soft refs/bench/base"
                   -n "git commit (lefthook true)" "git -C '$work/lefthook' commit -q -m bench")
fi

reset() { echo "git -C '$work/$1' reset -q --soft refs/bench/base"; }
commit() { echo "git -C '$work/$1' commit -q -m bench"; }

echo "qa-skill: $("$build/qa-skill" --version); $(pre-commit --version); $(git --version)"
hyperfine --warmup 3 --runs 30 --export-markdown "$work/result.md" \
    --prepare "$(reset nohook)" -n "git commit (no hook)" "$(commit nohook)" \
    --prepare "$(reset qaskill)" -n "git commit (qa-skill hook)" "$(commit qaskill)" \
    --prepare "$(reset precommit)" -n "git commit (pre-commit no-op)" "$(commit precommit)" \
    --prepare "$(reset history)" -n "git commit (qa-skill hook, 200,000 commits)" \
    "$(commit history)" "${lefthook_args[@]}"
cat "$work/result.md"
