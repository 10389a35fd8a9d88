#!/usr/bin/env python3
"""Reads `mutexlab run` and `mutexlab apps` result files measured with lineup (the chooser),
lineup:policy=line, lineup:policy=barge, lineup:policy=solo, lineup:name=aa and rival locks, and
prints per shape or workload, each ratio within a batch (median, min-max over batches): the chooser,
the line, barging and solo over the best rival; the chooser over the best of its fixed policies the
files measured (the oracle: the gap is the chooser's cost); the A/A control over the chooser; the
longest wait of the chooser and of the best rival (median over batches) and the stall floor of the
same run and worker count; Jain's index of the chooser (run files). Then how many shapes meet each
target (target 3 over the shapes with a stall floor: the apps measure none).
With --clean, a batch counts only if no lock's sample in it was flagged for steal time (the
hypervisor running another guest on this VM's CPUs: the lab's noise record, `steal` > 2%); the
number of batches left is shown as n.
With --chooser SPEC, another lock stands in the chooser's place in every column and count (say
lineup:policy=solo: its ratio to the best rival, and to the best of the fixed policies).
Usage: scripts/chooser-table.py RESULT.json...   [--rivals go,jdk,...] [--chooser SPEC] [--clean]"""
import json
import statistics
import sys

from mutexlab_tables import fmt_ns, median_range as cell
from collections import defaultdict

RIVALS = ["go", "go:threshold=0", "go+yield", "jdk", "jdk+yield", "synchronized"]
CHOOSER, LINE, BARGE, SOLO, AA = "lineup", "lineup:policy=line", "lineup:policy=barge", "lineup:policy=solo", "lineup:name=aa"


def stolen(sample):
    return any(x.startswith("steal") for x in (sample.get("noise") or {}).get("disturbed", []))


def rows_of_run(d, clean):
    for g in d["groups"]:
        # The lab measures the stall floor once per worker count of a group, in its first shape:
        # it is the floor of every shape with as many busy threads.
        floors = {sh["workers"]: max(h["longestStall"]["median"] for h in sh["hiccups"])
                  for sh in g["shapes"] if sh.get("hiccups")}
        for sh in g["shapes"]:
            locks = {l["spec"]: l for l in sh["locks"]}
            bad = {r["run"] for l in sh["locks"] for r in l["runs"] if clean and stolen(r)}
            ops = {s: {r["run"]: r["throughputPerSec"] for r in l["runs"] if r["run"] not in bad} for s, l in locks.items()}
            waits = {s: [r["waits"]["maxNanos"] for r in l["runs"]] for s, l in locks.items()}
            jain = {s: [r["jain"] for r in l["runs"]] for s, l in locks.items()}
            floor = floors.get(sh["workers"])
            hold = fmt_ns(sh["holdNanos"]).replace(" ", "\u00a0")
            outside = fmt_ns(sh["outsideNanos"]) if sh["outsideNanos"] else "0"
            yield f"{g['threads']} | {sh['workers']} × {hold} / {outside}", ops, waits, jain, floor


def rows_of_apps(d, clean):
    for g in d["groups"]:
        ops = defaultdict(lambda: defaultdict(dict))
        wait = defaultdict(lambda: defaultdict(list))
        bad = {(s["workload"], s["run"]) for s in g["samples"] if clean and stolen(s)}
        for s in g["samples"]:
            if (s["workload"], s["run"]) in bad:
                continue
            ops[s["workload"]][s["lock"]][s["run"]] = s["opsPerSec"]
            wait[s["workload"]][s["lock"]].append(s["waits"]["maxNanos"])
        for w in ops:
            yield f"{g['threads']} | apps {w}", ops[w], wait[w], None, None


def pooled(loaded, clean):
    """Rows of every file, a row met in several files merged: batches keyed (file, batch)."""
    rows = {}
    for i, d in enumerate(loaded):
        found = rows_of_apps(d, clean) if d["groups"] and "samples" in d["groups"][0] else rows_of_run(d, clean)
        for name, ops, waits, jain, floor in found:
            row = rows.setdefault(name, (defaultdict(dict), defaultdict(list), defaultdict(list) if jain else None, []))
            for spec, runs in ops.items():
                row[0][spec].update({(i, r): v for r, v in runs.items()})
            for spec, w in waits.items():
                row[1][spec].extend(w)
            for spec, j in (jain or {}).items():
                row[2][spec].extend(j)
            if floor is not None:
                row[3].append(floor)
    for name, (ops, waits, jain, floors) in rows.items():
        yield (name, ops, {s: statistics.median(w) for s, w in waits.items()},
               {s: statistics.median(j) for s, j in jain.items()} if jain else None,
               statistics.median(floors) if floors else None)


def tally(met, of, name, ok):
    met[name] += bool(ok)
    of[name] = of.get(name, 0) + 1


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    rivals = RIVALS
    chooser_spec = CHOOSER
    files = []
    clean = False
    it = iter(argv)
    for a in it:
        if a == "--clean":
            clean = True
        elif a == "--rivals":
            value = next(it, None)
            if not value:
                print("chooser-table.py: --rivals needs a comma-separated list of lock specs", file=sys.stderr)
                return 2
            rivals = value.split(",")
        elif a == "--chooser" or a.startswith("--chooser="):
            value = a.split("=", 1)[1] if "=" in a else next(it, None)
            if not value:
                print("chooser-table.py: --chooser needs a lock spec", file=sys.stderr)
                return 2
            chooser_spec = value
        elif a.startswith("--rivals="):
            if not a.split("=", 1)[1]:
                print("chooser-table.py: --rivals needs a comma-separated list of lock specs", file=sys.stderr)
                return 2
            rivals = a.split("=", 1)[1].split(",")
        else:
            files.append(a)
    loaded = []
    if not files:
        print("chooser-table.py: no result file given (see --help)", file=sys.stderr)
        return 2
    for f in files:
        try:
            with open(f) as fh:
                d = json.load(fh)
            if not isinstance(d, dict) or not isinstance(d.get("groups"), list):
                raise ValueError("not a result file of mutexlab run or apps (no groups)")
            loaded.append(d)
        except (OSError, ValueError) as e:
            print(f"chooser-table.py: cannot read {f}: {e}", file=sys.stderr)
            return 2
    try:
        rows = list(pooled(loaded, clean))
    except (KeyError, TypeError, IndexError) as e:
        print(f"chooser-table.py: a file is not a result file of mutexlab run or apps (no {e})", file=sys.stderr)
        return 2
    if not any(chooser_spec in ops for _, ops, _, _, _ in rows):
        print(f"chooser-table.py: no file measured {chooser_spec} (see --help)", file=sys.stderr)
        return 2
    met = defaultdict(int)
    total = 0
    of = {}  # a target counted over fewer rows than all: its row count
    c = "chooser" if chooser_spec == CHOOSER else f"`{chooser_spec}`"
    print(f"| threads | shape | n | {c} ÷ best rival | line ÷ best rival | barge ÷ best rival | solo ÷ best rival | {c} ÷ best policy | A/A ÷ chooser | longest wait {c} / best rival | stall floor | Jain {c} |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, ops, waits, jain, floor in rows:
        present = [r for r in rivals if r in ops]
        if chooser_spec not in ops or not present:
            continue
        runs = sorted(set.intersection(*[set(v) for v in ops.values()]))
        if not runs:
            print(f"| {name} | no batch left | | | | | | | | | |")
            continue
        best = lambda r: max(ops[x][r] for x in present)
        chooser = [ops[chooser_spec][r] / best(r) for r in runs]
        line = [ops[LINE][r] / best(r) for r in runs] if LINE in ops else []
        barge = [ops[BARGE][r] / best(r) for r in runs] if BARGE in ops else []
        solo = [ops[SOLO][r] / best(r) for r in runs] if SOLO in ops else []
        policies = [p for p in (LINE, BARGE, SOLO) if p in ops and p != chooser_spec]
        oracle = [ops[chooser_spec][r] / max(ops[p][r] for p in policies) for r in runs] if len(policies) >= 2 else []
        aa = [ops[AA][r] / ops[CHOOSER][r] for r in runs] if AA in ops else []
        best_rival = max(present, key=lambda s: statistics.median(ops[s].values()))
        wait_cell = f"{fmt_ns(waits[chooser_spec])} / {fmt_ns(waits[best_rival])} (`{best_rival}`)"
        floor_cell = fmt_ns(floor) if floor else "–"
        jain_cell = f"{jain[chooser_spec]:.3f}" if jain else "–"
        print(f"| {name} | {len(runs)} | {cell(chooser)} | {cell(line)} | {cell(barge)} | {cell(solo)} | {cell(oracle)} | {cell(aa)} | {wait_cell} | {floor_cell} | {jain_cell} |")
        total += 1
        met["chooser ≥ 0.95 × best rival (median)"] += statistics.median(chooser) >= 0.95
        if oracle:
            met["chooser ≥ 0.95 × best fixed policy (median)"] += statistics.median(oracle) >= 0.95
        if line:
            met["chooser ≥ line (median)"] += statistics.median(chooser) >= statistics.median(line)
        bounded = fair = None
        if floor is not None:
            bounded = waits[chooser_spec] <= max(2e6, floor)
            tally(met, of, "longest wait ≤ max(2 ms, stall floor) (rows with a floor)", bounded)
            tally(met, of, "chooser's longest wait ≤ the best rival's (rows with a floor)", waits[chooser_spec] <= waits[best_rival])
        if jain:
            fair = jain[chooser_spec] >= 0.99
            tally(met, of, "Jain ≥ 0.99 (run rows)", fair)
        if bounded is not None and fair is not None:
            tally(met, of, "target 3: both (rows with a floor)", bounded and fair)
    print()
    for k, v in met.items():
        print(f"- {k}: {v} of {of.get(k, total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
