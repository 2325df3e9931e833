#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang and runs each for a bounded time on its
# committed seed corpus. Usage: install/fuzz.sh [seconds per target] (default 30).
# New inputs that libFuzzer finds go to a scratch copy, so the committed corpus stays as it is;
# a crash leaves its input in build/fuzz/crashes/ and fails the script.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-30}
build="$root/build/fuzz"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
CXX=clang++-14 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DQA_SKILL_TESTS=OFF \
    -DQA_SKILL_FUZZ=ON "${launcher[@]}" >/dev/null
# Everything, binaries included: this is also the check that the code builds with clang 14.
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"

mkdir -p "$build/crashes"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for seeds in "$root"/tests/fuzz/corpus/*/; do
    target=$(basename "$seeds")
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    cp -r "$seeds". "$scratch/"
    echo "fuzz: $target for ${seconds}s" >&2
    "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$build/crashes/$target-" -print_final_stats=1 "$scratch" 2>&1 |
        grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|==|SUMMARY|.*ERROR)' || true
    # A finding makes libFuzzer write a crash-/leak-/timeout-/oom- file.
    if compgen -G "$build/crashes/$target-*" >/dev/null; then
        echo "fuzz: $target found a failing input:" "$build/crashes/$target-"* >&2
        exit 1
    fi
    rm -rf "$scratch"
    trap - EXIT
done
echo "fuzz: every target ran ${seconds}s with no failure" >&2
