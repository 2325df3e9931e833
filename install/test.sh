#!/usr/bin/env bash
# Builds qa-skill and runs the whole test suite with CTest.
# Usage: install/test.sh [release|sanitize] (default release).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kind=${1:-release}
"$root/install/build.sh" "$kind"
jobs=$(nproc 2>/dev/null || echo 2)
if [ "$kind" = sanitize ]; then
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp"
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
ctest --test-dir "$root/build/$kind" --output-on-failure -j "$jobs"
