#!/usr/bin/env bash
# False positives of the security lens on real code that ships on this machine: copies the
# given folders (default: Python's standard library and dist-packages, /usr/include, the global
# node_modules) into a temporary git repository, runs `qa-skill run --all-files` with the
# security lens alone, and prints the blocking findings per rule, per MB and per 20 MB. Code
# that ships in a distribution holds no live credential, so every blocking credential finding
# is counted as false (read them: `KEEP=1` keeps the folder, its report is qa.json). Writes
# nothing else, prints no secret value (only rule ids, files and lines).
#
# Usage: bench/secrets_fp_real_code.sh QA_SKILL_BINARY [DIR...]
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,10p' "$0"; exit 2; }
qa=$(realpath "$1")
shift
dirs=("$@")
if [[ ${#dirs[@]} -eq 0 ]]; then
    dirs=(/usr/lib/python3.11 /usr/lib/python3/dist-packages /usr/include /usr/lib/node_modules)
fi
work=$(mktemp -d)
if [[ ${KEEP:-0} == 1 ]]; then echo "temp folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME" "$work/repo"
git config --global user.email bench@example.invalid
git config --global user.name bench
for d in "${dirs[@]}"; do
    [[ -d $d ]] || continue
    dest="$work/repo/$(echo "$d" | tr / _)"
    mkdir -p "$dest"
    # Source and text, not compiled bytecode or shared objects.
    tar -C "$d" --exclude='*.pyc' --exclude='*.so' --exclude='*.so.*' -cf - . 2>/dev/null |
        tar -C "$dest" -xf - 2>/dev/null || true
done
cd "$work/repo"
printf '[lenses.style]\nenabled = false\n\n[lenses.architecture]\nenabled = false\n' >.qa-skill.toml
git init -q && git add -A && git commit -q -m code
# Bytes of the tracked regular files (symlinks are tracked as their target's path).
bytes=$(git ls-files -s -z | python3 -c '
import os, sys
entries = sys.stdin.buffer.read().split(b"\0")
print(sum(os.path.getsize(e.split(b"\t", 1)[1]) for e in entries if e.startswith(b"100")))')
"$qa" run --all-files --format json --no-artifacts >"$work/qa.json" 2>/dev/null || true
cp "$work/qa.json" "$work/repo.qa.json" 2>/dev/null || true
python3 - "$work/qa.json" "$bytes" <<'PY'
import collections, json, sys
doc = json.load(open(sys.argv[1]))
mb = int(sys.argv[2]) / 1e6
blocking = collections.Counter()
nonblocking = collections.Counter()
where = collections.defaultdict(list)
for run in doc["runs"]:
    for r in run["skillResult"]["lensResults"]:
        if r["lensId"] != "security":
            continue
        for f in r["findings"]:
            (blocking if f["blocking"] else nonblocking)[f["ruleId"]] += 1
            if f["blocking"]:
                where[f["ruleId"]].append(f"{f['file']}:{f['startLine']}")
total = sum(blocking.values())
print(f"scanned {mb:.1f} MB; blocking security findings: {total} "
      f"({total / mb:.3f} per MB, {20 * total / mb:.2f} per 20 MB)")
for rule, n in blocking.most_common():
    print(f"  {rule}: {n}  e.g. {', '.join(where[rule][:3])}")
print("non-blocking: " + ", ".join(f"{k} {v}" for k, v in nonblocking.most_common()))
PY
