#!/usr/bin/env bash
# Peak memory of the hook on inputs whose line count is far above their size: what the change set
# holds must grow with the largest file, not with its lines. Each case is a fresh repository in a
# temporary folder; the hook runs as git would run it (pre-commit --dry-run on the staged file,
# pre-push with the ref lines on stdin).
# Usage: bench/memory_bench.sh [BUILD_DIR]   (default build/release)
# Prints one line per case: name, input size, exit code, wall seconds, peak RSS (MiB).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
hook="$build/qa-skill-hook"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com \
    GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com HOME="$work"

# measure NAME STDIN_FILE CMD... : runs CMD in the current folder, prints the figures.
measure() {
    local name=$1 input=$2
    shift 2
    python3 - "$name" "$input" "$@" <<'EOF'
import resource, subprocess, sys, time
name, stdin_path, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(stdin_path, "rb") as stdin:
    start = time.monotonic()
    rc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
    wall = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{name:<52} exit {rc}  {wall:6.2f} s  {peak:8.1f} MiB")
EOF
}

# staged_case NAME PYTHON_EXPR : a repository whose one staged file big.txt is PYTHON_EXPR.
staged_case() {
    local dir="$work/$1"
    mkdir -p "$dir" && cd "$dir"
    git init -q && git commit -q --allow-empty -m init
    python3 -c "open('big.txt','w').write($2)"
    git add big.txt
    measure "$1 ($(du -m big.txt | cut -f1) MB)" /dev/null "$hook" --dry-run pre-commit
}

staged_case "30M newlines" "'\n' * 30_000_000"
staged_case "4M lines 'abc def'" "'abc def\n' * 4_000_000"
staged_case "one 50 MB line" "'x' * 50_000_000"
# About 100 MB of ordinary source lines (the issue's "one 100 MB source file"): what is held must
# be at most twice the file plus a few MiB.
source_expr="''.join(f'def handler_{i}(request, token=None):\\n    return render(request, \"page_{i}.html\", {{\"n\": {i}}})  # {i}\\n' for i in range(900_000))"
staged_case "100 MB of source" "$source_expr"
git commit -q -m source
measure "run --all-files, 100 MB of source" /dev/null "$build/qa-skill" run --all-files --no-artifacts

# A push of two commits, the first adding the 30 MB of newlines and the second editing the
# file: the earlier commit's lines are judged on their own (git::earlier_commit_lines).
dir="$work/history" && mkdir -p "$dir" && cd "$dir"
git init -q && git commit -q --allow-empty -m init
python3 -c "open('big.txt','w').write('\n' * 30_000_000)"
git add big.txt && git commit -q -m "add big.txt"
echo "edited" >> big.txt && git commit -q -am "edit big.txt"
printf 'refs/heads/main %s refs/heads/main %s\n' "$(git rev-parse HEAD)" \
    0000000000000000000000000000000000000000 > "$work/history.in"
measure "pre-push, 2 commits, 30M newlines" "$work/history.in" "$hook" pre-push origin "$work/none.git"

# Many small files (issue 25's "independent of their number"): the repository of
# bench/gen_repo.py (seeded, so the same files every time) with 50,000 Python files, judged whole
# on one worker, with and without artifacts.
python3 "$root/bench/gen_repo.py" "$work/many" 50000 3 >/dev/null
cd "$work/many"
measure "run --all-files, 50,000 small files, --no-artifacts" /dev/null \
    "$build/qa-skill" run --all-files --no-artifacts --jobs 1
measure "run --all-files, 50,000 small files" /dev/null \
    "$build/qa-skill" run --all-files --jobs 1

# A 50 MB pre-push stdin line: refused (exit 2) without holding it.
dir="$work/push" && mkdir -p "$dir" && cd "$dir"
git init -q && git commit -q --allow-empty -m init
python3 -c "open('$work/push.in','w').write('x' * 50_000_000 + '\n')"
measure "pre-push stdin, one 50 MB line" "$work/push.in" "$hook" pre-push origin "$work/none.git"
