#!/usr/bin/env bash
# What the troubleshooting log costs a commit: `qa-skill run --staged` on a one-file change in a
# small repository, with the log off (the default), at debug to /dev/null, and, when given, with
# another qa-skill binary (one built before the log existed). Instructions are counted with
# callgrind (independent of the machine's load; 3 runs each, the median), wall time with
# hyperfine.
# Usage: bench/log_cost_bench.sh BUILD_DIR [BEFORE_QA_SKILL] [runs]   (runs default 30)
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,7p' "$0"; exit 2; }
qa=$(cd "$1" && pwd)/qa-skill
before=${2:-}
runs=${3:-30}
for tool in valgrind hyperfine; do
    command -v "$tool" >/dev/null || { echo "log_cost_bench: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME" "$work/repo"
cd "$work/repo"
git init -q
git config user.email bench@example.invalid
git config user.name bench
for i in $(seq 1 50); do printf 'def f%d(x):\n    return x + %d\n' "$i" "$i" >"m$i.py"; done
git add -A && git commit -q -m base
printf 'def g(x):\n    return x * 2\n' >>m1.py
git add m1.py

instructions() {  # the median of 3 callgrind runs of "$@"
    for _ in 1 2 3; do
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    done | sort -n | sed -n 2p
}
declare -a names commands
names+=("log off") && commands+=("$qa run --staged --no-artifacts")
names+=("log debug to /dev/null") && commands+=("$qa run --staged --no-artifacts --log-level debug --log-file /dev/null")
if [[ -n $before ]]; then
    names+=("before the log") && commands+=("$(realpath "$before") run --staged --no-artifacts")
fi
echo "| run | instructions (callgrind, median of 3) |"
echo "|---|---:|"
for i in "${!names[@]}"; do
    # shellcheck disable=SC2086
    echo "| ${names[$i]} | $(instructions ${commands[$i]}) |"
done
echo
args=()
for i in "${!names[@]}"; do args+=(-n "${names[$i]}" "${commands[$i]}"); done
out=$(mktemp)
hyperfine -N --warmup 3 --runs "$runs" --export-markdown "$out" "${args[@]}" >/dev/null
cat "$out"
rm -f "$out"
