#!/usr/bin/env bash
# Scanning throughput of two qa-skill binaries on the same tree, in one hyperfine run so that
# both see the same machine load: bench/gen_corpus.py's generated tree (2,000 files, ~50 MB, with
# planted FAKE secrets), committed, audited with `run --all-files --no-artifacts` and the security
# lens alone (secrets and unsafe code), at --jobs 1 and --jobs 2, and optionally also a
# real-code tree (DIRS, copied like bench/secrets_fp_real_code.sh does). Prints mean wall time
# and MB/s (10^6 bytes of tracked content per second) per binary and the after/before ratio,
# then the same in CPU time (user + system), which other jobs' load moves less than wall time.
# Builds nothing; asserts nothing; prints no secret.
#
# Usage: bench/secrets_throughput_ab.sh BEFORE_BINARY AFTER_BINARY [RUNS]   (default 10)
#   DIRS="dir ..."  also measure on a copy of these folders (real code)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -ge 2 ]] || { sed -n '2,12p' "$0"; exit 2; }
before=$(realpath "$1")
after=$(realpath "$2")
runs=${3:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME"
git config --global user.email bench@example.invalid
git config --global user.name bench

commit_tree() {
    printf '[lenses.style]\nenabled = false\n\n[lenses.architecture]\nenabled = false\n' >"$1/.qa-skill.toml"
    git -C "$1" init -q
    git -C "$1" add -A
    git -C "$1" commit -q -m tree
    sleep 1
    git -C "$1" update-index -q --really-refresh
}

trees=("$work/generated")
python3 "$root/bench/gen_corpus.py" "$work/generated" "$work/manifest.json" >/dev/null
commit_tree "$work/generated"
if [[ -n ${DIRS:-} ]]; then
    mkdir -p "$work/real"
    for d in $DIRS; do
        dest="$work/real/$(echo "$d" | tr / _)"
        mkdir -p "$dest"
        tar -C "$d" --exclude='*.pyc' --exclude='*.so' --exclude='*.so.*' -cf - . 2>/dev/null |
            tar -C "$dest" -xf - 2>/dev/null || true
    done
    commit_tree "$work/real"
    trees+=("$work/real")
fi

for tree in "${trees[@]}"; do
    bytes=$(git -C "$tree" ls-files -z | (cd "$tree" && xargs -0 cat) | wc -c)
    echo "tree $(basename "$tree"): $(git -C "$tree" ls-files | wc -l) files, $bytes bytes;" \
        "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    cd "$tree"
    hyperfine -i --warmup 1 --runs "$runs" --export-json "$work/hf.json" \
        -n "before --jobs 1" "$(printf '%q ' "$before" run --all-files --no-artifacts --jobs 1)" \
        -n "after --jobs 1" "$(printf '%q ' "$after" run --all-files --no-artifacts --jobs 1)" \
        -n "before --jobs 2" "$(printf '%q ' "$before" run --all-files --no-artifacts --jobs 2)" \
        -n "after --jobs 2" "$(printf '%q ' "$after" run --all-files --no-artifacts --jobs 2)" >/dev/null
    python3 - "$work/hf.json" "$bytes" <<'PY'
import json, sys
res = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
mb = int(sys.argv[2]) / 1e6
for jobs in ("1", "2"):
    b, a = res[f"before --jobs {jobs}"], res[f"after --jobs {jobs}"]
    print(f"  --jobs {jobs}: before {b['mean']:.3f} s ± {b['stddev'] or 0:.3f} ({mb / b['mean']:.1f} MB/s), "
          f"after {a['mean']:.3f} s ± {a['stddev'] or 0:.3f} ({mb / a['mean']:.1f} MB/s): "
          f"throughput after/before {b['mean'] / a['mean']:.3f}")
    # CPU time (user + system, every thread) moves less with other jobs' load than wall time.
    bc, ac = b["user"] + b["system"], a["user"] + a["system"]
    print(f"  --jobs {jobs} CPU: before {bc:.3f} s ({mb / bc:.1f} MB/s per CPU second), "
          f"after {ac:.3f} s ({mb / ac:.1f}): after/before {bc / ac:.3f}")
PY
    echo "  load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
