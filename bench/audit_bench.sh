#!/usr/bin/env bash
# Issue 23 benchmark: `qa-skill audit REV` (every commit reachable from REV judged for
# credentials, its lines and its message) on a real history, timed once with the commits counted;
# gitleaks is timed beside it when it is installed.
# Usage: bench/audit_bench.sh <repository> [REV] [build-dir]
# e.g. a bare clone of redis (12,272 commits on its default branch):
#   git clone --bare https://github.com/redis/redis /work/redis.git
#   bench/audit_bench.sh /work/redis.git HEAD
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd "$1" && pwd)
rev=${2:-HEAD}
build=$(cd "${3:-$root/build/release}" && pwd)
cd "$repo"
echo "commits: $(git rev-list --count "$rev")"
start=$(date +%s.%N)
set +e
"$build/qa-skill" audit "$rev" --no-artifacts --format json > /tmp/audit-bench.json
rc=$?
set -e
end=$(date +%s.%N)
echo "qa-skill audit $rev: exit $rc, $(python3 -c "print(round($end - $start, 1))") s"
python3 - <<'PY'
import json
d = json.load(open("/tmp/audit-bench.json"))
for run in d["runs"]:
    v = run["skillResult"]["finalVerdict"]
    n = sum(len(r["findings"]) for r in run["skillResult"]["lensResults"])
    print(f'  {run["label"]}: {v["status"]}, {n} finding(s), {len(v["blockingFindings"])} blocking')
PY
echo "peak RSS (MiB): $(python3 "$root/bench/peak_rss.py" "$build/qa-skill" audit "$rev" \
    --no-artifacts --format json)"
if command -v gitleaks > /dev/null; then
    start=$(date +%s.%N)
    gitleaks detect --no-banner --log-opts="$rev" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "gitleaks detect --log-opts=$rev: $(python3 -c "print(round($end - $start, 1))") s"
fi
