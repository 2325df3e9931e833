#!/usr/bin/env python3
"""A repository with a large change between two commits, for the issue 3 benchmark:
N files (default 500) with L changed lines in all (default 20,000: half added, half removed).
Usage: bench/gen_large_diff.py DIR [FILES] [LINES]. Deterministic (seeded). Prints base and head."""
import os, random, shutil, subprocess, sys

root = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 500
lines = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
rnd = random.Random(7)
per_file = max(1, lines // files // 2)

def git(*a):
    return subprocess.run(["git", *a], cwd=root, check=True, capture_output=True, text=True).stdout.strip()

if os.path.exists(root):
    shutil.rmtree(root)
os.makedirs(root)
git("init", "-q", "-b", "main")
git("config", "user.email", "bench@example.invalid")
git("config", "user.name", "bench")
git("config", "commit.gpgsign", "false")
bodies = []
for i in range(files):
    path = os.path.join(root, "src", f"pkg{i % 25:02d}", f"mod{i:04d}.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    body = [f"value_{i}_{j} = compute({rnd.randint(0, 10**6)}, '{rnd.random():.6f}')"
            for j in range(per_file * 3)]
    bodies.append((path, body))
    with open(path, "w") as fh:
        fh.write("\n".join(body) + "\n")
git("add", "-A")
git("commit", "-q", "-m", "base")
base = git("rev-parse", "HEAD")
for path, body in bodies:
    for j in range(0, per_file):
        body[j * 3] = f"changed_{j} = transform({rnd.randint(0, 10**6)})  # edited"
    with open(path, "w") as fh:
        fh.write("\n".join(body) + "\n")
git("add", "-A")
git("commit", "-q", "-m", "head")
print(base, git("rev-parse", "HEAD"))
