#!/usr/bin/env python3
"""Summarizes scripts/measure-profiler.sh's files: per (thread kind, P, workload) and round, the
profiled arm's median ops/s over the plain arm's of the same round; then per arm the median and the
range over all cells and rounds. Reads each round's file as NAME.json or, kept compressed, NAME.json.gz.
Usage: scripts/profiler-overhead.py DIR   (default docs/results/profiler-overhead)"""
import glob
import gzip
import json
import os
import statistics
import sys


def load(path):
    """A result file, or its gzipped copy (path + '.gz') where only that is kept."""
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    with gzip.open(path + ".gz", "rt") as f:
        return json.load(f)


def medians(path):
    d = load(path)
    out = {}
    for g in d["groups"]:
        cells = {}
        for s in g["samples"]:
            cells.setdefault(s["workload"], []).append(s["opsPerSec"])
        for w, xs in cells.items():
            out[(g["threads"], g["procs"], w)] = statistics.median(xs)
    return out


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    root = argv[0] if argv else "docs/results/profiler-overhead"
    rounds = sorted({os.path.basename(p).split("-")[0] for p in glob.glob(os.path.join(root, "round*-plain.json*"))})
    for arm in ("profile", "sample1"):
        ratios = []
        for r in rounds:
            plain = medians(os.path.join(root, f"{r}-plain.json"))
            prof = medians(os.path.join(root, f"{r}-{arm}.json"))
            ratios += [prof[k] / plain[k] for k in plain if k in prof]
        print(f"{arm}: ops/s ÷ plain over {len(ratios)} cells ({len(rounds)} rounds): median {statistics.median(ratios):.2f},"
              f" range {min(ratios):.2f}–{max(ratios):.2f}, within 5% in {sum(1 for x in ratios if x >= 0.95)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
