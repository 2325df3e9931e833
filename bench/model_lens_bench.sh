#!/usr/bin/env bash
# Issue 13 benchmark: the model lens's own overhead and a fully cached re-run, on a staged change
# of 20 Python files (30 lines each), against tests/support/provider_server.py on 127.0.0.1 (a
# Chat Completions binding; the server answers at once). Measured by hyperfine in one run:
#   (a) `qa-skill run --staged` with the rule lenses only (embedded default),
#   (b) the same with the performance model lens and its cache emptied before each run: one
#       provider call per plan,
#   (c) the same with the cache warm: no provider call at all.
# (b) - (a) is the model lens's cost per run including the local server's answer; the server's
# own latency per call is printed from provenance.json (latencyMs), so the lens's overhead outside
# the provider's answer is (b) - (a) - latency.
# Usage: bench/model_lens_bench.sh [build-dir]   (default build/release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1 QA_BENCH_KEY=bench-key
mkdir -p "$HOME" "$work/record"
git config --global user.email bench@example.invalid
git config --global user.name bench
git config --global init.defaultBranch main

# The provider: prints "PORT n" once listening.
python3 "$root/tests/support/provider_server.py" --record "$work/record" > "$work/server.out" &
server_pid=$!
for _ in $(seq 100); do grep -q PORT "$work/server.out" 2>/dev/null && break; sleep 0.05; done
port=$(awk '/PORT/ {print $2}' "$work/server.out")

make_repo() {  # $1: name, $2: config text or empty
    local repo="$work/$1"
    git init -q "$repo"
    echo "# bench" > "$repo/README.md"
    git -C "$repo" add README.md && git -C "$repo" commit -qm initial
    [ -n "$2" ] && printf '%s' "$2" > "$repo/.qa-skill.toml" && git -C "$repo" add .qa-skill.toml
    mkdir -p "$repo/src"
    for i in $(seq -w 1 20); do
        {
            echo "import db"
            echo "def handler_$i(users):"
            for j in $(seq 1 27); do echo "    total_$j = sum(db.query(u) for u in users)"; done
            echo "    return total_1"
        } > "$repo/src/mod_$i.py"
    done
    git -C "$repo" add src
}
model_config="[lenses.performance]
enabled = true
required = true
provider = \"local\"
[providers.local]
adapter = \"openai-codex\"
api = \"chat_completions\"
base_url = \"http://127.0.0.1:$port/ok/v1\"
model = \"bench-model\"
api_key_env = \"QA_BENCH_KEY\"
"
make_repo rules ""
make_repo model "$model_config"
# One run to create the artifact folders and warm the page cache.
(cd "$work/rules" && "$build/qa-skill" run --staged >/dev/null) || true
(cd "$work/model" && "$build/qa-skill" run --staged >/dev/null) || true

hyperfine -N --warmup 2 --runs 10 \
    -n "rule lenses only" "bash -c 'cd $work/rules && $build/qa-skill run --staged >/dev/null'" \
    -n "with performance lens, cold cache" \
    --prepare "rm -rf $work/model/.qa-skill/cache" \
    "bash -c 'cd $work/model && $build/qa-skill run --staged >/dev/null'" 2>&1 | sed 's/^/  /'
hyperfine -N --warmup 2 --runs 10 \
    -n "rule lenses only" "bash -c 'cd $work/rules && $build/qa-skill run --staged >/dev/null'" \
    -n "with performance lens, fully cached re-run" \
    "bash -c 'cd $work/model && $build/qa-skill run --staged >/dev/null'" 2>&1 | sed 's/^/  /'

rm -rf "$work/model/.qa-skill/cache"
(cd "$work/model" && "$build/qa-skill" run --staged >/dev/null) || true
prov=$(find "$work/model/.qa-skill/runs" -name provenance.json | head -1)
echo "provider calls recorded by the server: $(ls "$work/record" | grep -c raw)"
echo "provenance of the last cold run: $(cat "$prov")"
