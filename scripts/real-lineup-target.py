#!/usr/bin/env python3
"""Reads a `mutexlab real` result file measured with lineup and its fixed policies beside other
locks, and prints per (thread kind, workload) lineup's ops/s, and each fixed policy's, over the best
of the other locks within each batch (median, min-max over batches), then how many cells reach
0.95x. "Other locks" leaves out `lineup` and every `lineup:...` spec. The best of several noisy
rivals in each batch is biased upward (the maximum of noisy values): the ratio is conservative.
Usage: scripts/real-lineup-target.py REAL.json"""
import json
import statistics
import sys

from mutexlab_tables import is_lineup, median_range




def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__, file=sys.stdout if argv else sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    try:
        with open(argv[0]) as f:
            d = json.load(f)
        groups = d["groups"]
    except (OSError, ValueError, KeyError) as e:
        print(f"real-lineup-target.py: cannot read {argv[0]}: {e}", file=sys.stderr)
        return 2
    mine = [l for l in d["config"]["locks"] if is_lineup(l)]
    print("| threads | workload | " + " | ".join(f"`{l}` ÷ best rival" for l in mine) + " | best rival (median ops/s) | batches |")
    print("|---|---|" + "---|" * len(mine) + "---|---|")
    reached, cells, medians = 0, 0, []
    for g in groups:
        for w in dict.fromkeys(s["workload"] for s in g["samples"]):
            samples = [s for s in g["samples"] if s["workload"] == w]
            runs = sorted({s["run"] for s in samples})
            rivals = [l for l in dict.fromkeys(s["lock"] for s in samples) if not is_lineup(l)]
            if not rivals:
                continue
            med = {l: statistics.median(s["opsPerSec"] for s in samples if s["lock"] == l) for l in rivals}
            row = []
            for lock in mine:
                rs = []
                for r in runs:
                    own = [s["opsPerSec"] for s in samples if s["run"] == r and s["lock"] == lock]
                    best = [s["opsPerSec"] for s in samples if s["run"] == r and not is_lineup(s["lock"])]
                    if own and best:
                        rs.append(own[0] / max(best))
                row.append(rs)
            if row and row[0]:
                cells += 1
                medians.append(statistics.median(row[0]))
                reached += medians[-1] >= 0.95
            print(f"| {g['threads']} | {w} | " + " | ".join(median_range(rs) for rs in row)
                  + f" | `{max(med, key=med.get)}` | {len(runs)} |")
    if medians:
        print(f"\n`{mine[0]}` >= 0.95x the best rival (median of the within-batch ratios): {reached} of {cells};"
              f" median over cells {statistics.median(medians):.2f} ({min(medians):.2f}–{max(medians):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
