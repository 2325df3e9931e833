#!/usr/bin/env bash
# Secret-scanning benchmark (issue "Rule lenses ... fast and quiet", Speed): in one hyperfine run
# over one generated tree (bench/gen_corpus.py: 2,000 source files, ~50 MB, 100 planted
# FAKE secrets with a manifest), committed to git:
#   - qa-skill run --all-files, embedded default config (every rule lens), at --jobs 1 and
#     --jobs 2 (artifacts written, as a user runs it), and at --jobs 2 with --no-artifacts;
#   - the same with the security lens alone (secrets and unsafe code), at --jobs 1 and 2;
#   - secretlint 13.0.6 with @secretlint/secretlint-rule-preset-recommend;
#   - ripgrep (2 threads) with six of qa-skill's patterns (AWS key id, GitHub classic PAT, Slack
#     token, Stripe live key, Google API key, private key header).
# Prints mean wall time, MB/s (10^6 bytes of tracked content per second), peak RSS (MiB, one
# extra run each, from getrusage) and recall against the manifest. Builds nothing; asserts
# nothing. Secret values are never printed (the tools' outputs go to files in a temp folder).
#
# Usage: bench/secrets_bench.sh QA_SKILL_BINARY [RUNS]   (RUNS per command, default 10)
#   SECRETLINT_DIR: where secretlint is installed; default bench/.secretlint, installed there with
#   npm (pinned 13.0.6: a plain install on Node 20 picks 12.0.0, which has a slowdown bug).
#   KEEP=1 keeps the temp folder (corpus, manifest, outputs) and prints its path.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -ge 1 ]] || { sed -n '2,20p' "$0"; exit 2; }
qa=$(realpath "$1")
runs=${2:-10}
[[ -x $qa ]] || { echo "not an executable: $1" >&2; exit 2; }
gen="$root/bench/gen_corpus.py"
sl_dir=${SECRETLINT_DIR:-$root/bench/.secretlint}
sl_version=13.0.6

work=$(mktemp -d)
if [[ ${KEEP:-0} == 1 ]]; then
    echo "temp folder: $work"
else
    trap 'rm -rf "$work"' EXIT
fi
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME"
git config --global user.email bench@example.invalid
git config --global user.name bench
git config --global init.defaultBranch main

if [[ ! -x $sl_dir/node_modules/.bin/secretlint ]] ||
    [[ $("$sl_dir/node_modules/.bin/secretlint" --version) != "$sl_version" ]]; then
    echo "installing secretlint $sl_version into $sl_dir" >&2
    npm install --prefix "$sl_dir" --no-audit --no-fund --loglevel=error \
        "secretlint@$sl_version" "@secretlint/secretlint-rule-preset-recommend@$sl_version" >&2
fi
sl="$sl_dir/node_modules/.bin/secretlint"

corpus="$work/corpus"
manifest="$work/manifest.json"  # outside the corpus, so that no scanner reads it
python3 "$gen" "$corpus" "$manifest" >&2
git -C "$corpus" init -q
git -C "$corpus" add -A
git -C "$corpus" commit -q -m corpus
bytes=$(git -C "$corpus" ls-files -z | (cd "$corpus" && xargs -0 cat) | wc -c)
files=$(git -C "$corpus" ls-files | wc -l)

sl_rc='{"rules":[{"id":"@secretlint/secretlint-rule-preset-recommend"}]}'
rg_patterns=(
    -e '\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b'
    -e '\bghp_[A-Za-z0-9]{36}\b'
    -e '\bxox[abprs]-[0-9A-Za-z][0-9A-Za-z-]{18,}'
    -e '\b(?:sk|rk)_live_[0-9A-Za-z]{24,99}\b'
    -e '\bAIza[0-9A-Za-z_-]{35}(?:[^0-9A-Za-z_-]|$)'
    -e '-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----'
)
# The same tree checked out again, with a committed .qa-skill.toml that leaves the security
# lens alone (what secretlint and ripgrep do: secrets; qa-skill adds unsafe code). An audit
# reads the configuration of the commit it checks: an untracked file would leave every lens on.
# The index is refreshed a moment later, as any git command would, so that its stat data is not
# "racy".
security_only="$work/corpus-security"
git clone -q "$corpus" "$security_only"
printf '[lenses.style]\nenabled = false\n\n[lenses.architecture]\nenabled = false\n' \
    >"$security_only/.qa-skill.toml"
git -C "$security_only" add .qa-skill.toml
git -C "$security_only" commit -q -m "security lens alone"
sleep 1
git -C "$security_only" update-index -q --really-refresh

q() { printf '%q ' "$@"; }
names=("qa-skill --jobs 1" "qa-skill --jobs 2" "qa-skill --jobs 2 --no-artifacts"
    "qa-skill security --jobs 1" "qa-skill security --jobs 2"
    "secretlint $sl_version" "ripgrep (2 threads)")
cmds=("$(q "$qa" run --all-files --jobs 1)"
    "$(q "$qa" run --all-files --jobs 2)"
    "$(q "$qa" run --all-files --jobs 2 --no-artifacts)"
    "cd $(q "$security_only") && $(q "$qa" run --all-files --jobs 1)"
    "cd $(q "$security_only") && $(q "$qa" run --all-files --jobs 2)"
    "$(q "$sl" --secretlintrcJSON "$sl_rc" --format json --output "$work/sl-bench.json" '**/*')"
    "$(q rg -n --no-heading --threads 2 "${rg_patterns[@]}")")

cd "$corpus"
echo "corpus: $files files, $bytes bytes, $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
hf_args=()
for i in "${!names[@]}"; do
    hf_args+=(-n "${names[$i]}" "${cmds[$i]}")
done
# Every tool exits non-zero when it finds something: -i.
hyperfine -i --warmup 1 --runs "$runs" --export-json "$work/hyperfine.json" "${hf_args[@]}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Peak RSS, one run each (getrusage of the child; the shell command runs under bash -c).
rss=()
for i in "${!names[@]}"; do
    rss[$i]=$(python3 "$root/bench/peak_rss.py" bash -c "${cmds[$i]}")
done

# Recall: each tool's report of the same corpus, against the manifest.
"$qa" run --all-files --format json --no-artifacts >"$work/qa.json" || true
"$sl" --secretlintrcJSON "$sl_rc" --format json --output "$work/sl.json" '**/*' || true
rg -n --no-heading --threads 2 "${rg_patterns[@]}" >"$work/rg.txt" || true

python3 - "$work/hyperfine.json" "$bytes" "${rss[@]}" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
size = int(sys.argv[2])
rss = sys.argv[3:]
sl = next(r for r in results if r["command"].startswith("secretlint"))["mean"]
rg = next(r for r in results if r["command"].startswith("ripgrep"))["mean"]
print(f"\n{'command':<34}{'mean s':>9}{'± s':>8}{'MB/s':>9}{'peak RSS MiB':>14}"
      f"{'x secretlint':>14}{'x ripgrep time':>16}")
for r, m in zip(results, rss):
    speed = size / 1e6 / r["mean"]
    print(f"{r['command']:<34}{r['mean']:>9.3f}{r['stddev'] or 0:>8.3f}{speed:>9.1f}{m:>14}"
          f"{sl / r['mean']:>13.2f}x{r['mean'] / rg:>15.2f}x")
PY
echo
echo "recall (planted secrets found, by file and line):"
python3 "$root/bench/secrets_recall.py" "$manifest" --qa "$work/qa.json" --secretlint \
    "$work/sl.json" --rg "$work/rg.txt" --root "$corpus"
python3 - "$work/qa.json" <<'PY'
import collections, json, sys
doc = json.load(open(sys.argv[1]))
by_rule = collections.Counter()
for run in doc["runs"]:
    for r in run["skillResult"]["lensResults"]:
        by_rule.update(f["lensId"] + "/" + f["ruleId"] for f in r["findings"])
print("qa-skill findings by rule: " + ", ".join(f"{k} {v}" for k, v in by_rule.most_common()))
PY
