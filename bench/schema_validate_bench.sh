#!/usr/bin/env bash
# Times `qa-skill schema validate` against ajv-cli on one large lens-result-like document
# (~50 MB by default) and its draft-07 schema, with hyperfine; prints MB/s for both.
#
# usage: bench/schema_validate_bench.sh [path/to/qa-skill] [size-in-MB]
# The corpus goes to ${QA_BENCH_DIR:-/tmp/qa-skill-schema-bench}; ajv-cli is installed into
# /tmp/ajv on first use (npm, idempotent).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
qa_skill="${1:-$root/build/release/qa-skill}"
size_mb="${2:-50}"
work="${QA_BENCH_DIR:-/tmp/qa-skill-schema-bench}"
ajv_prefix=/tmp/ajv

for tool in hyperfine python3 npm; do
    command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 2; }
done
[[ -x "$qa_skill" ]] || { echo "qa-skill not built: $qa_skill" >&2; exit 2; }

if [[ ! -x "$ajv_prefix/node_modules/.bin/ajv" ]]; then
    npm install --silent --no-audit --no-fund --prefix "$ajv_prefix" ajv-cli ajv-formats >&2
fi
ajv="$ajv_prefix/node_modules/.bin/ajv"

mkdir -p "$work"
schema="$work/schema.json"
doc="$work/doc-${size_mb}mb.json"

# The schema: an array of LensResult-like objects (enums, patterns, nested findings, numbers).
cat >"$schema" <<'EOF'
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "type": "array",
  "items": {"$ref": "#/definitions/lensResult"},
  "definitions": {
    "lensResult": {
      "type": "object",
      "additionalProperties": false,
      "required": ["planOrdinal", "lensId", "lensVersion", "status", "findings", "usage"],
      "properties": {
        "planOrdinal": {"type": "integer", "minimum": 0},
        "lensId": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "lensVersion": {"type": "string", "minLength": 1},
        "status": {"enum": ["completed", "failed", "skipped", "timed_out"]},
        "findings": {"type": "array", "items": {"$ref": "#/definitions/finding"}},
        "usage": {
          "type": "object",
          "required": ["inputTokens", "outputTokens", "durationMs"],
          "properties": {
            "inputTokens": {"type": "integer", "minimum": 0},
            "outputTokens": {"type": "integer", "minimum": 0},
            "durationMs": {"type": "number", "minimum": 0}
          }
        },
        "degraded": {"type": "boolean"}
      }
    },
    "finding": {
      "type": "object",
      "additionalProperties": false,
      "required": ["ruleId", "severity", "file", "line", "message", "evidenceHash"],
      "properties": {
        "ruleId": {"type": "string"},
        "severity": {"enum": ["blocker", "major", "minor", "info"]},
        "file": {"type": "string", "minLength": 1},
        "line": {"type": "integer", "minimum": 1},
        "message": {"type": "string", "maxLength": 2000},
        "evidenceHash": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
      }
    }
  }
}
EOF

if [[ ! -s "$doc" ]]; then
    python3 - "$doc" "$size_mb" <<'EOF'
import hashlib, json, random, sys
path, size_mb = sys.argv[1], int(sys.argv[2])
random.seed(7)
target = size_mb * 1000 * 1000
statuses = ["completed", "failed", "skipped", "timed_out"]
severities = ["blocker", "major", "minor", "info"]
with open(path, "w") as out:
    out.write("[")
    written, i = 1, 0
    while written < target:
        findings = [{
            "ruleId": f"rule-{random.randrange(200)}",
            "severity": random.choice(severities),
            "file": f"src/module{random.randrange(50)}/file{random.randrange(500)}.cpp",
            "line": random.randrange(1, 5000),
            "message": "possible issue: " + "x" * random.randrange(10, 120),
            "evidenceHash": hashlib.sha256(f"{i}-{k}".encode()).hexdigest(),
            "tags": ["security", f"t{k}"],
        } for k in range(random.randrange(0, 6))]
        item = {
            "planOrdinal": i, "lensId": f"lens-{i % 37}", "lensVersion": "1.0.0",
            "status": random.choice(statuses), "findings": findings,
            "usage": {"inputTokens": random.randrange(10**6), "outputTokens": random.randrange(10**5),
                      "durationMs": round(random.random() * 1000, 3)},
            "degraded": False,
        }
        text = ("," if i else "") + json.dumps(item, separators=(",", ":"))
        out.write(text)
        written += len(text)
        i += 1
    out.write("]")
EOF
fi

bytes=$(stat -c %s "$doc")
mb=$(python3 -c "print(f'{$bytes / 1e6:.1f}')")
echo "document: $doc ($mb MB), schema: $schema"

# Both must agree that the document is valid before timing means anything.
"$qa_skill" schema validate "$schema" "$doc" >/dev/null
"$ajv" validate --spec=draft7 -s "$schema" -d "$doc" >/dev/null 2>&1

json_out="$work/hyperfine.json"
hyperfine --warmup 1 --runs "${QA_BENCH_RUNS:-5}" --export-json "$json_out" \
    -n qa-skill "$qa_skill schema validate $schema $doc" \
    -n ajv-cli "$ajv validate --spec=draft7 -s $schema -d $doc"

python3 - "$json_out" "$bytes" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
size_mb = int(sys.argv[2]) / 1e6
for r in results:
    print(f"{r['command']:>8}: mean {r['mean']:.3f} s (+/- {r['stddev']:.3f}), "
          f"{size_mb / r['mean']:.1f} MB/s")
EOF
