#!/usr/bin/env bash
# Issue 28 benchmark: where a model lens's answer comes from, and what a dead team store costs.
# A staged change of 20 Python files (one performance-lens plan for the change), judged by
# `qa-skill run --staged` against tests/support/provider_server.py on 127.0.0.1 (answers at once:
# a real provider takes seconds, so (a) is a lower bound) and a real redis-server on 127.0.0.1.
# Measured by hyperfine in one run:
#   (a) provider call: local cache emptied before each run, no team store;
#   (b) local hit:     local cache warm;
#   (c) team hit:      local cache emptied before each run, every answer in Redis;
#   (d) provider call with an unreachable store (connection refused);
#   (e) provider call with a silent store (accepts, never answers: costs [cache] timeout_ms once).
# (d) - (a) and (e) - (a) are the added latency of a dead store.
# Usage: bench/team_cache_bench.sh [build-dir]   (default build/release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1 QA_BENCH_KEY=bench-key
unset XDG_CONFIG_HOME
mkdir -p "$HOME/.config/qa-skill" "$work/record"
git config --global user.email bench@example.invalid
git config --global user.name bench
git config --global init.defaultBranch main
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

python3 "$root/tests/support/provider_server.py" --record "$work/record" > "$work/server.out" &
pids+=($!)
for _ in $(seq 100); do grep -q PORT "$work/server.out" 2>/dev/null && break; sleep 0.05; done
port=$(awk '/PORT/ {print $2}' "$work/server.out")

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" \
    > "$work/redis.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.05; done
dead_port=$(free_port)
# A silent store: the kernel completes the handshake (backlog), nobody ever reads or answers.
silent_port=$(free_port)
python3 -c "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',$silent_port)); s.listen(64); time.sleep(3600)" &
pids+=($!)

repo="$work/repo"
git init -q "$repo"
echo "# bench" > "$repo/README.md"
cat > "$repo/.qa-skill.toml" <<TOML
[lenses.performance]
enabled = true
required = true
provider = "local"
[providers.local]
adapter = "openai-codex"
api = "chat_completions"
base_url = "http://127.0.0.1:$port/ok/v1"
model = "bench-model"
api_key_env = "QA_BENCH_KEY"
TOML
git -C "$repo" add . && git -C "$repo" commit -qm initial
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

user="$HOME/.config/qa-skill/config.toml"
use_store() { printf '[cache]\nremote = ["%s"]\n' "$1" > "$user"; }
run="bash -c 'cd $repo && $build/qa-skill run --staged >/dev/null 2>&1; true'"
empty="rm -rf $repo/.qa-skill/cache"

# Fill Redis once (and warm the page cache).
use_store "redis://127.0.0.1:$redis_port/0"
eval "$empty"; (cd "$repo" && "$build/qa-skill" run --staged >/dev/null 2>&1) || true
echo "records in Redis: $(redis-cli -p "$redis_port" --scan --pattern 'qa-skill:*' | wc -l)"

rm -f "$user"
hyperfine -N --warmup 1 --runs 10 --prepare "$empty" -n "(a) provider call" "$run" 2>&1 | sed 's/^/  /'
hyperfine -N --warmup 1 --runs 10 -n "(b) local hit" "$run" 2>&1 | sed 's/^/  /'
use_store "redis://127.0.0.1:$redis_port/0"
hyperfine -N --warmup 1 --runs 10 --prepare "$empty" -n "(c) team hit (Redis)" "$run" 2>&1 | sed 's/^/  /'
use_store "redis://127.0.0.1:$dead_port/0"
hyperfine -N --warmup 1 --runs 10 --prepare "$empty" -n "(d) provider call, store refused" "$run" 2>&1 | sed 's/^/  /'
use_store "redis://127.0.0.1:$silent_port/0"
hyperfine -N --warmup 1 --runs 10 --prepare "$empty" -n "(e) provider call, store silent (timeout_ms 500)" "$run" 2>&1 | sed 's/^/  /'
echo "provider calls recorded by the server: $(ls "$work/record" | grep -c raw)"
