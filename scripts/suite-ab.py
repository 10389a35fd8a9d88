#!/usr/bin/env python3
"""Reads `mutexlab suite` result files of two builds of a lock (old and new, the same command) and
prints, per thread kind, benchmark and lock, the lock's ns/op over `jdk`'s (the median of each over
its repetitions) in every file, old files then new: the comparison of a lock change on Go's runtime
benchmarks, as the lab's A/B scripts make it for the loop (scripts/ab-versus-best.py).
`mutexlab compare OLD.json NEW.json` gives new ÷ old of each lock's absolute ns/op with an interval;
this takes each lock over `jdk` within its own run first, so that a change of the machine's speed
between the runs (docs/RESULTS.md §17.4) cancels, and pools several runs a side.
Usage: scripts/suite-ab.py OLD1.json[,OLD2.json...] NEW1.json[,NEW2.json...]"""
import json
import statistics
import sys


def ratios(path):
    """(threads, benchmark, lock) -> the lock's median ns/op over jdk's, in one suite file."""
    with open(path) as f:
        d = json.load(f)
    if not isinstance(d, dict) or not str(d.get("schema", "")).startswith("mutexlab.suite/"):
        raise ValueError("not a result file of mutexlab suite")
    out = {}
    for g in d["groups"]:
        runs = {}
        for m in g["measurements"]:
            runs.setdefault((m["benchmark"], m["lock"]), []).append(m["nsPerOp"])
        for (bench, lock), ns in runs.items():
            if lock != "jdk" and (bench, "jdk") in runs:
                out[(g["threads"], f"{bench}-{g['procs']}", lock)] = statistics.median(ns) / statistics.median(runs[(bench, "jdk")])
    return out


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) != 2:
        print("suite-ab.py: needs two arguments, the old files and the new files, each comma-separated (see --help)",
              file=sys.stderr)
        return 2
    sides = []
    for arg in argv:
        files = [f for f in arg.split(",") if f]
        try:
            sides.append([ratios(f) for f in files])
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"suite-ab.py: cannot read {arg}: {e}", file=sys.stderr)
            return 2
    olds, news = sides
    if not olds or not news:
        print("suite-ab.py: each side needs at least one file (see --help)", file=sys.stderr)
        return 2
    keys = sorted(set.intersection(*[set(r) for r in olds + news]))
    if not keys:
        print("suite-ab.py: no benchmark and lock measured beside `jdk` in every file", file=sys.stderr)
        return 2
    print("| threads | benchmark | lock | ns/op ÷ `jdk`, old | new |")
    print("|---|---|---|---|---|")
    for key in keys:
        threads, bench, lock = key
        old = ", ".join(f"{r[key]:.2f}" for r in olds)
        new = ", ".join(f"{r[key]:.2f}" for r in news)
        print(f"| {threads} | {bench} | `{lock}` | {old} | {new} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
