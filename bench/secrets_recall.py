#!/usr/bin/env python3
"""Recall of the planted secrets of gen_corpus.py's manifest, per tool, by file and line.

Usage: bench/secrets_recall.py MANIFEST --qa QA.json --secretlint SL.json --rg RG.txt

- QA.json: `qa-skill run --all-files --format json` output. A plant counts as found when a
  security finding of the rule for its type lands on its file and line (any security rule, with
  --any-rule).
- SL.json: `secretlint --format json` output; any message starting on the plant's line counts.
- RG.txt: `rg -n --no-heading` output (path:line:text); any match on the plant's line counts.
Prints one line per tool: found/planted, per type, and how many reports fell outside the plants.
Values are never printed."""
import argparse
import collections
import json
import os

QA_RULE = {
    "aws_access_key_id": "aws-access-key-id",
    "github_pat_classic": "github-pat",
    "slack_bot_token": "slack-token",
    "stripe_live_key": "stripe-live-key",
    "google_api_key": "google-api-key",
    "private_key_pem": "private-key",
}


def qa_spots(path, any_rule):
    with open(path) as fh:
        doc = json.load(fh)
    spots = set()
    for run in doc["runs"]:
        for result in run["skillResult"]["lensResults"]:
            for f in result["findings"]:
                if f["lensId"] == "security":
                    spots.add((f["file"], f["startLine"], None if any_rule else f["ruleId"]))
    return spots


def secretlint_spots(path, root):
    with open(path) as fh:
        doc = json.load(fh)
    spots = set()
    for entry in doc:
        rel = os.path.relpath(entry["filePath"], root)
        for m in entry.get("messages", []):
            spots.add((rel, m["loc"]["start"]["line"], None))
    return spots


def rg_spots(path):
    spots = set()
    with open(path, errors="replace") as fh:
        for row in fh:
            parts = row.split(":", 2)
            if len(parts) == 3 and parts[1].isdigit():
                spots.add((parts[0].removeprefix("./"), int(parts[1]), None))
    return spots


def report(name, plants, spots, by_rule):
    found = collections.Counter()
    hit = set()
    for p in plants:
        key = (p["file"], p["line"], QA_RULE[p["type"]] if by_rule else None)
        if key in spots:
            found[p["type"]] += 1
            hit.add(key)
    total = sum(found.values())
    per_type = ", ".join(f"{t} {found[t]}" for t in sorted(QA_RULE))
    print(f"  {name:<28} {total:>3}/{len(plants)} planted found ({per_type}); "
          f"{len(spots - hit)} other report(s)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest")
    ap.add_argument("--qa")
    ap.add_argument("--secretlint")
    ap.add_argument("--rg")
    ap.add_argument("--root", default=".", help="corpus root (secretlint prints absolute paths)")
    args = ap.parse_args()
    with open(args.manifest) as fh:
        plants = json.load(fh)
    if args.qa:
        report("qa-skill (rule of the type)", plants, qa_spots(args.qa, False), True)
        report("qa-skill (any security rule)", plants, qa_spots(args.qa, True), False)
    if args.secretlint:
        report("secretlint", plants, secretlint_spots(args.secretlint, args.root), False)
    if args.rg:
        report("ripgrep", plants, rg_spots(args.rg), False)


if __name__ == "__main__":
    main()
