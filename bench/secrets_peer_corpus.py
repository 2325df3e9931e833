#!/usr/bin/env python3
"""Recall and look-alike blocking of the security lens on the peer-style corpus
(tests/fixtures/rules/peer-corpus/cases.jsonl, see its PROVENANCE.md), per family.

Usage: bench/secrets_peer_corpus.py QA_SKILL_BINARY [--cases FILE] [--json OUT]
       [--min-recall PCT] [--max-false PCT]

Writes every case to its own folder of a temporary git repository (cases/<id>/<path>), runs
`qa-skill run --all-files --format json --no-artifacts` there with the security lens alone, and
counts per family: positives blocked (a blocking security finding in the case's file), negatives
blocked (the same, counted as false), and "report" cases (context-free high-entropy literals and
tokens whose checksum fails: reported or not, they must not block). Prints a Markdown table; with
--min-recall/--max-false, exits 1 when the overall figures miss them. Prints no value.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

CONFIG = """[lenses.style]
enabled = false

[lenses.architecture]
enabled = false
"""


def run(qa, cases, extra_rules=None):
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, HOME=os.path.join(work, "home"), GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1")
        os.makedirs(env["HOME"])
        repo = os.path.join(work, "repo")
        os.makedirs(repo)
        for case in cases:
            path = os.path.join(repo, "cases", case["id"], case["path"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(case["text"])
        config = CONFIG
        if extra_rules:
            # Rules being written, tried as the repository's own rules before they join the lens.
            with open(extra_rules) as src, open(os.path.join(repo, "extra-rules.toml"), "w") as dst:
                dst.write(src.read())
            config = 'rules_files = ["extra-rules.toml"]\n' + config
        with open(os.path.join(repo, ".qa-skill.toml"), "w") as fh:
            fh.write(config)
        git = ["git", "-c", "user.email=bench@example.invalid", "-c", "user.name=bench"]
        subprocess.run(git + ["init", "-q"], cwd=repo, env=env, check=True)
        subprocess.run(git + ["add", "-A"], cwd=repo, env=env, check=True)
        subprocess.run(git + ["commit", "-q", "-m", "corpus"], cwd=repo, env=env, check=True)
        out = subprocess.run([qa, "run", "--all-files", "--format", "json", "--no-artifacts"],
                             cwd=repo, env=env, capture_output=True, text=True)
        if not out.stdout.strip():
            sys.exit(f"qa-skill printed no report (exit {out.returncode}): {out.stderr[-2000:]}")
        return json.loads(out.stdout)


def findings_by_case(doc):
    by_case = collections.defaultdict(list)
    for r in doc["runs"]:
        for lens in r["skillResult"]["lensResults"]:
            if lens["lensId"] != "security":
                continue
            for f in lens["findings"]:
                parts = f["file"].split("/")
                if len(parts) > 2 and parts[0] == "cases":
                    by_case[parts[1]].append(f)
    return by_case


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("qa")
    ap.add_argument("--cases", default=os.path.join(root, "tests/fixtures/rules/peer-corpus/cases.jsonl"))
    ap.add_argument("--extra-rules", help="a rules file to add as the repository's own rules")
    ap.add_argument("--json", help="write per-family figures and the missed case ids here")
    ap.add_argument("--before", help="a --json file of an earlier run: print before/after per family")
    ap.add_argument("--min-recall", type=float)
    ap.add_argument("--max-false", type=float)
    args = ap.parse_args()
    with open(args.cases, encoding="utf-8") as fh:
        cases = [json.loads(line) for line in fh if line.strip()]
    by_case = findings_by_case(run(os.path.abspath(args.qa), cases, args.extra_rules))

    fam = collections.defaultdict(lambda: collections.Counter())
    missed, false = [], []
    for c in cases:
        blocking = any(f["blocking"] for f in by_case.get(c["id"], []))
        reported = bool(by_case.get(c["id"]))
        t = fam[c["family"]]
        t[c["kind"]] += 1
        if c["kind"] == "positive":
            t["blocked"] += blocking
            if not blocking:
                missed.append(c["id"])
        elif c["kind"] == "negative":
            t["false"] += blocking
            if blocking:
                false.append(c["id"])
        else:
            t["report_blocked"] += blocking
            t["reported"] += reported
            if blocking:
                false.append(c["id"])

    def pct(a, b):
        return f"{100.0 * a / b:.1f}%" if b else "-"

    print("| family | credentials | blocked | look-alikes | blocked | report-only | reported | blocked |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    tot = collections.Counter()
    for name in sorted(fam):
        t = fam[name]
        tot.update(t)
        print(f"| {name} | {t['positive']} | {pct(t['blocked'], t['positive'])} | {t['negative']} | "
              f"{pct(t['false'], t['negative'])} | {t['report']} | {pct(t['reported'], t['report'])} | "
              f"{pct(t['report_blocked'], t['report'])} |")
    recall = 100.0 * tot["blocked"] / tot["positive"]
    neg = tot["negative"] + tot["report"]
    false_rate = 100.0 * (tot["false"] + tot["report_blocked"]) / neg
    print(f"| **all {len(fam)} families** | {tot['positive']} | {recall:.1f}% | {tot['negative']} | "
          f"{pct(tot['false'], tot['negative'])} | {tot['report']} | {pct(tot['reported'], tot['report'])} | "
          f"{pct(tot['report_blocked'], tot['report'])} |")
    print(f"\npositives blocked: {tot['blocked']}/{tot['positive']} ({recall:.1f}%); "
          f"look-alikes and report-only cases blocked: {tot['false'] + tot['report_blocked']}/{neg} ({false_rate:.1f}%)")
    if args.before:
        with open(args.before) as fh:
            old = {k: collections.Counter(v) for k, v in json.load(fh)["families"].items()}
        print("\n| family | credentials | blocked before | blocked after | look-alikes | blocked before | blocked after |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name in sorted(fam):
            t, o = fam[name], old.get(name, collections.Counter())
            neg = t["negative"] + t["report"]
            print(f"| {name} | {t['positive']} | {pct(o['blocked'], t['positive'])} | {pct(t['blocked'], t['positive'])} | "
                  f"{neg} | {pct(o['false'] + o['report_blocked'], neg)} | {pct(t['false'] + t['report_blocked'], neg)} |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"families": {k: dict(v) for k, v in fam.items()}, "missed": missed, "false": false}, fh, indent=1)
    ok = True
    if args.min_recall is not None and recall < args.min_recall:
        print(f"recall {recall:.1f}% is below {args.min_recall}%", file=sys.stderr)
        ok = False
    if args.max_false is not None and false_rate > args.max_false:
        print(f"look-alikes blocked {false_rate:.1f}% is above {args.max_false}%", file=sys.stderr)
        ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
