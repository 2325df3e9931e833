#!/usr/bin/env bash
# Runs the SARIF tests again with `Sarif.Multitool validate` checking every SARIF they produce.
# The validator comes from npm (@microsoft/sarif-multitool-linux, a self-contained .NET build: no
# .NET runtime needed), pinned, into build/tools; the tests find it through QA_SARIF_MULTITOOL.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools="$root/build/tools"
tool="$tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$tool" ]; then
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-audit --no-fund \
        @microsoft/sarif-multitool-linux@5.7.0 >/dev/null
    chmod u+x "$tool"
fi
"$tool" --version
QA_SARIF_MULTITOOL="$tool" "$root/build/release/tests/qa-skill-integration-tests" "[sarif]"
