#!/usr/bin/env python3
"""Reads `mutexlab run` result files and prints, per shape, the oracle of lineup's policies: each
lineup variant's throughput divided by the best of the rival locks within each batch (median and
min-max over batches), the winner by median, the longest waits and the stall floor.
Usage: scripts/oracle-table.py RESULT.json... [--rivals go,jdk,...]"""
import json
import statistics
import sys

from mutexlab_tables import fmt_ns

RIVALS = ["go", "go:threshold=0", "go+yield", "jdk", "jdk+yield", "synchronized"]
VARIANTS = ["lineup", "lineup:policy=barge", "lineup:name=aa"]


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    files = [a for a in argv if not a.startswith("--")]
    print("| threads | workers | hold | outside | winner (median) | lineup ÷ best rival | barge ÷ best rival | A/A ÷ lineup | longest wait lineup / barge / best rival | stall floor |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for f in files:
        d = json.load(open(f))
        for g in d["groups"]:
            for sh in g["shapes"]:
                locks = {l["spec"]: l for l in sh["locks"]}
                rivals = [r for r in RIVALS if r in locks]
                nruns = min(len(l["runs"]) for l in locks.values())
                by_run = {s: {r["run"]: r["throughputPerSec"] for r in l["runs"]} for s, l in locks.items()}
                runs = sorted(set.intersection(*[set(v) for v in by_run.values()]))
                def ratio_to_best(spec):
                    xs = [by_run[spec][r] / max(by_run[x][r] for x in rivals) for r in runs]
                    return statistics.median(xs), min(xs), max(xs)
                winner = max(locks, key=lambda s: locks[s]["throughput"]["median"])
                best_rival = max(rivals, key=lambda s: locks[s]["throughput"]["median"])
                cells = []
                for v in ["lineup", "lineup:policy=barge"]:
                    m, lo, hi = ratio_to_best(v)
                    cells.append(f"{m:.2f} ({lo:.2f}–{hi:.2f})")
                aa = [by_run["lineup:name=aa"][r] / by_run["lineup"][r] for r in runs] if "lineup:name=aa" in by_run else []
                aa_cell = f"{statistics.median(aa):.2f} ({min(aa):.2f}–{max(aa):.2f})" if aa else "–"
                waits = " / ".join(fmt_ns(locks[s]["waits"]["maxNanos"]["median"] if isinstance(locks[s]["waits"]["maxNanos"], dict) else locks[s]["waits"]["maxNanos"])
                                   for s in ["lineup", "lineup:policy=barge", best_rival])
                floor = sh.get("hiccups") or []
                floor_cell = ", ".join(f"{h['threads']} thr {fmt_ns(h['longestStall']['median'])}" for h in floor) or "–"
                hold = fmt_ns(sh["holdNanos"]).replace(" ", "\u00a0")
                outside = fmt_ns(sh["outsideNanos"]) if sh["outsideNanos"] else "0"
                print(f"| {g['threads']} | {sh['workers']} | {hold} | {outside} | `{winner}` | {cells[0]} | {cells[1]} | {aa_cell} | {waits} (`{best_rival}`) | {floor_cell} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
