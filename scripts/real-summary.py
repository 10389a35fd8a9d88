#!/usr/bin/env python3
"""Summarizes a `mutexlab real` result file: per (thread kind, workload), each lock's median ops/s
divided by the program's own lock's (`jdk`) within each batch (median, min-max), the winner, and
whether every sample's check passed.
Usage: scripts/real-summary.py REAL.json"""
import json
import statistics
import sys
from collections import defaultdict


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    d = json.load(open(argv[0]))
    locks = d["config"]["locks"]
    others = [l for l in locks if l != "jdk"]
    print("| threads | workload | winner | " + " | ".join(f"`{l}` ÷ `jdk`" for l in others) + " | checks |")
    print("|---|---|---|" + "---|" * len(others) + "---|")
    for g in d["groups"]:
        ops = defaultdict(dict)
        ok = defaultdict(lambda: True)
        for s in g["samples"]:
            ops[(s["workload"], s["lock"])][s["run"]] = s["opsPerSec"]
            ok[s["workload"]] &= s.get("checkPassed", True)
        for w in dict.fromkeys(s["workload"] for s in g["samples"]):
            med = {l: statistics.median(ops[(w, l)].values()) for l in locks if (w, l) in ops}
            winner = max(med, key=med.get)
            cells = []
            for l in others:
                runs = sorted(set(ops[(w, l)]) & set(ops[(w, "jdk")]))
                xs = [ops[(w, l)][r] / ops[(w, "jdk")][r] for r in runs]
                cells.append(f"{statistics.median(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})")
            print(f"| {g['threads']} | {w} | `{winner}` | " + " | ".join(cells) + f" | {'all passed' if ok[w] else 'FAILED'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
