#!/usr/bin/env python3
"""Runs a command and prints its peak resident set size in MiB (from getrusage of children).
Usage: bench/peak_rss.py CMD [ARGS...]  (the command's output is discarded)"""
import resource, subprocess, sys

subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
print(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.1f}")
