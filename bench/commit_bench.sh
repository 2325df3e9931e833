#!/usr/bin/env bash
# Issue 25's Commit target: the wall time of `git commit` of a one-file change (17 lines) with the
# qa-skill hook installed (`qa-skill install`: pre-commit and commit-msg), beside the same commit
# with no hook, with lefthook's Go binary running `true`, and with two hooks (pre-commit and
# commit-msg) that are `#!/bin/sh` scripts running /bin/true: the least any tool that checks
# both the change and its message with hooks can cost. In three repositories:
#   small    236 files (bench/gen_repo.py; flask has 236),
#   large    20,000 files,
#   history  200,000 commits (git fast-import) of one file, the change beside it.
# Lefthook runs as its users' hooks run it: the hook `lefthook install` writes, calling the binary
# of the npm package lefthook-linux-x64 (LEFTHOOK_BIN), not the npm wrapper (which starts node).
# Every command runs in each of ROUNDS hyperfine runs (RUNS times each), so the rounds interleave
# the commands and a change in the machine's load falls on all of them; the summary gives each
# command's median over all rounds and the ratios of medians. Compare ratios, not times.
# Usage: bench/commit_bench.sh [build-dir] [before-build-dir]
#   build-dir (default build/release); before-build-dir: a second build whose hook is measured
#   in the same rounds (before/after figures from one run).
# Environment: ROUNDS (default 5), RUNS (default 10), FILES_LARGE (default 20000),
#   LEFTHOOK_NPM_DIR: a directory where `npm install lefthook` already ran (else one is made).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
before=${2:+$(cd "$2" && pwd)}
rounds=${ROUNDS:-5}
runs=${RUNS:-10}
files_large=${FILES_LARGE:-20000}
gen="$root/bench/gen_repo.py"
command -v hyperfine >/dev/null || { echo "commit_bench: hyperfine is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lefthook_npm=${LEFTHOOK_NPM_DIR:-}
if [ -z "$lefthook_npm" ]; then
    # --ignore-scripts: lefthook's postinstall would run `lefthook install` in the current folder.
    lefthook_npm="$work/lefthook-npm"
    mkdir -p "$lefthook_npm"
    (cd "$lefthook_npm" && npm install --silent --no-save --ignore-scripts lefthook >/dev/null)
fi
arch=$(uname -m | sed 's/aarch64/arm64/;s/x86_64/x64/')
lefthook_bin="$lefthook_npm/node_modules/lefthook-linux-$arch/bin/lefthook"
[ -x "$lefthook_bin" ] || { echo "commit_bench: no lefthook binary at $lefthook_bin" >&2; exit 2; }
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1 LEFTHOOK_BIN="$lefthook_bin"
mkdir -p "$HOME"
git config --global user.email bench@example.invalid
git config --global user.name bench
git config --global init.defaultBranch main

# A long history: 200,000 commits written by git fast-import (seconds, not hours), with a
# one-file change staged on top. The hook's time must not grow with history.
make_history() {  # $1: folder, $2: commits
    git init -q "$1"
    python3 - "$2" <<'PY' | git -C "$1" fast-import --quiet
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
    git -C "$1" checkout -q main
    mkdir -p "$1/src"
    python3 -c "print('\n'.join(f'def f{i}():\n    return {i}' for i in range(8)))" > "$1/src/a.py"
    git -C "$1" add src
}

# One generated repository per size, copied once per hook: the same files, index and change.
hooks=(nohook floor qaskill lefthook)
[ -n "$before" ] && hooks+=(before)
python3 "$gen" "$work/small" 236 1 >/dev/null
python3 "$gen" "$work/large" "$files_large" 1 >/dev/null
make_history "$work/history" 200000
printf 'pre-commit:\n  commands:\n    noop:\n      run: "true"\n' > "$work/lefthook.yml"
for size in small large history; do
    git -C "$work/$size" update-ref refs/bench/base HEAD
    for hook in "${hooks[@]}"; do
        repo="$work/$size-$hook"
        cp -a "$work/$size" "$repo"
        git -C "$repo" update-index -q --refresh || true
        case "$hook" in
            qaskill) (cd "$repo" && "$build/qa-skill" install >/dev/null) ;;
            floor)
                for name in pre-commit commit-msg; do
                    printf '#!/bin/sh\nexec /bin/true\n' > "$repo/.git/hooks/$name"
                    chmod +x "$repo/.git/hooks/$name"
                done
                ;;
            before) (cd "$repo" && "$before/qa-skill" install >/dev/null) ;;
            lefthook)
                # Untracked, as the change is the only staged file: lefthook reads it anyway.
                cp "$work/lefthook.yml" "$repo/lefthook.yml"
                (cd "$repo" && "$lefthook_bin" install >/dev/null 2>&1)
                ;;
        esac
    done
    rm -rf "${work:?}/$size"
done

declare -A label=([nohook]="no hook" [qaskill]="qa-skill hook" [before]="qa-skill hook, before"
                  [lefthook]="lefthook binary, true" [floor]="two sh hooks, true")
args=()
for size in small large history; do
    for hook in "${hooks[@]}"; do
        repo="$work/$size-$hook"
        args+=(--prepare "git -C $repo reset -q --soft refs/bench/base"
               -n "$size: ${label[$hook]}" "git -C $repo commit -q -m bench")
    done
done

echo "qa-skill: $("$build/qa-skill" --version); lefthook $("$lefthook_bin" version); $(git --version)"
echo "files: small $(git -C "$work/small-nohook" ls-files | wc -l), large $(git -C "$work/large-nohook" ls-files | wc -l); history $(git -C "$work/history-nohook" rev-list --count HEAD) commits"
echo "nproc $(nproc); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/round-$round.json" "${args[@]}" \
        >/dev/null
    echo "round $round done; load $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 - "$work"/round-*.json <<'PY'
import json, statistics, sys
times, user, cpu = {}, {}, {}
per_round = []
for path in sys.argv[1:]:
    medians = {}
    for r in json.load(open(path))["results"]:
        times.setdefault(r["command"], []).extend(r["times"])
        user.setdefault(r["command"], []).append(r["user"])
        cpu.setdefault(r["command"], []).append(r["user"] + r["system"])
        medians[r["command"]] = r["median"]
    per_round.append(medians)
med = {c: statistics.median(t) * 1000 for c, t in times.items()}
print(f"\n{len(per_round)} rounds; median wall time over all runs (ms), user and user+system CPU (ms, mean)\n")
print("| command | median ms | user ms | CPU ms |")
print("|---|---:|---:|---:|")
for c in times:
    print(f"| {c} | {med[c]:.1f} | {statistics.mean(user[c]) * 1000:.1f} | "
          f"{statistics.mean(cpu[c]) * 1000:.1f} |")
# CPU time (user + system, the hook's processes included) moves less with the machine's load
# than wall time: it is the better figure on a busy machine.
cpu_mean = {c: statistics.mean(v) for c, v in cpu.items()}
print("\n| repository | hook | × no hook | × lefthook `true` | per-round range × no hook | per-round range × lefthook | CPU × no hook | CPU × lefthook |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for size in ("small", "large", "history"):
    for hook in ("two sh hooks, true", "qa-skill hook", "qa-skill hook, before"):
        c = f"{size}: {hook}"
        if c not in med:
            continue
        bare, lh = f"{size}: no hook", f"{size}: lefthook binary, true"
        rb = [m[c] / m[bare] for m in per_round]
        rl = [m[c] / m[lh] for m in per_round]
        print(f"| {size} | {hook} | {med[c] / med[bare]:.2f} | {med[c] / med[lh]:.2f} | "
              f"{min(rb):.2f}-{max(rb):.2f} | {min(rl):.2f}-{max(rl):.2f} | "
              f"{cpu_mean[c] / cpu_mean[bare]:.2f} | {cpu_mean[c] / cpu_mean[lh]:.2f} |")
PY
