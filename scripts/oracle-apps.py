#!/usr/bin/env python3
"""Reads a `mutexlab apps` result file and prints, per (thread kind, workload), lineup's and
lineup:policy=barge's ops/s divided by the best rival's within each batch (median, min-max), the
winner by median ops/s and the longest wait to acquire (median over batches).
Usage: scripts/oracle-apps.py APPS.json"""
import json
import statistics
import sys
from collections import defaultdict

RIVALS = ["go", "go:threshold=0", "go+yield", "jdk", "jdk+yield", "synchronized"]


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    d = json.load(open(argv[0]))
    print("| threads | workload | winner (median ops/s) | lineup ÷ best rival | barge ÷ best rival | longest wait lineup / barge / best rival (ms) |")
    print("|---|---|---|---|---|---|")
    for g in d["groups"]:
        ops = defaultdict(dict)
        wait = defaultdict(list)
        for s in g["samples"]:
            ops[(s["workload"], s["lock"])][s["run"]] = s["opsPerSec"]
            wait[(s["workload"], s["lock"])].append(s["waits"]["maxNanos"])
        for w in dict.fromkeys(s["workload"] for s in g["samples"]):
            locks = [l for (ww, l) in ops if ww == w]
            rivals = [r for r in RIVALS if r in locks]
            runs = sorted(set.intersection(*[set(ops[(w, l)]) for l in locks]))
            med = {l: statistics.median(ops[(w, l)].values()) for l in locks}
            winner = max(locks, key=med.get)
            best = max(rivals, key=med.get)
            cells = []
            for v in ["lineup", "lineup:policy=barge"]:
                xs = [ops[(w, v)][r] / max(ops[(w, x)][r] for x in rivals) for r in runs]
                cells.append(f"{statistics.median(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})")
            waits = " / ".join(f"{statistics.median(wait[(w, l)]) / 1e6:.1f}" for l in ["lineup", "lineup:policy=barge", best])
            print(f"| {g['threads']} | {w} | `{winner}` | {cells[0]} | {cells[1]} | {waits} (`{best}`) |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
