#!/usr/bin/env python3
"""A lock change against the build before it, from `mutexlab run` files of alternated runs (old,
new, old, new ...) with the same command: per shape, each `lineup` spec's throughput over the best
of the other locks within each batch, median (min-max) over every batch of the old files and of
the new ones, and the longest wait over them; `mutexlab apps` files give one row per workload.
Where the run files carry line probes (a cache line's round trip between two CPUs before each
measurement, docs/RESULTS.md 17.4), it says each side's range, leaves out a batch whose probes lie
more than 2x apart (the machine changed state inside it), and gives new / old a second time within
each state of the machine (states: the probe readings split where one is more than 2x the next),
since the two sides compare only where the machine ran at one speed through both.
Usage: scripts/ab-versus-best.py OLD.json[,OLD2.json...] NEW.json[,NEW2.json...]"""
import json
import statistics
import sys

from mutexlab_tables import LINE_CHANGE, is_lineup, median_range, probes_of



PROBES = "#probes"
STATE = "#state"        # per ratio, the median line probe of its batch (None: not probed)
STRADDLED = "#straddled"  # batches left out: their probes lie more than LINE_CHANGE apart


def state_classes(values):
    """The machine's states among probe readings: sorted, split wherever one is more than LINE_CHANGE
    times the one before it. Returns a function from a reading to its state's index."""
    edges = []
    vs = sorted(values)
    for a, b in zip(vs, vs[1:]):
        if b > LINE_CHANGE * a:
            edges.append(b)
    return lambda v: None if v is None else sum(1 for e in edges if v >= e)


def load(paths):
    """{(threads, workers, hold, outside): {spec: [ratio...], spec+'#max': [max wait ns...]}}, and under
    PROBES the line probes (ns) of every sample that has one."""
    out = {PROBES: []}
    for path in paths.split(","):
        try:
            with open(path) as f:
                d = json.load(f)
            groups = d["groups"]
        except (OSError, ValueError, KeyError) as e:
            print(f"ab-versus-best.py: cannot read {path}: {e}", file=sys.stderr)
            sys.exit(2)
        for g in groups:
            if "samples" in g:  # an apps file: one cell per (threads, workload)
                load_apps(g, out)
                continue
            for s in g["shapes"]:
                key = (g["threads"], s["workers"], s["holdNanos"], s["outsideNanos"])
                cell = out.setdefault(key, {})
                batches = {}
                for l in s["locks"]:
                    for r in l["runs"]:
                        batches.setdefault(r["run"], []).append((l["spec"], r))
                for batch in batches.values():
                    line = sorted(p for _, r in batch for p in probes_of(r))
                    out[PROBES].extend(probes_of(r)[0] for _, r in batch if probes_of(r))
                    if line and line[-1] > LINE_CHANGE * line[0]:
                        cell[STRADDLED] = cell.get(STRADDLED, 0) + 1
                        continue  # the machine changed state within the batch: its ratios are not the locks'
                    best = max((r["throughputPerSec"] for spec, r in batch if not is_lineup(spec)), default=0)
                    for spec, r in batch:
                        if is_lineup(spec) and best:
                            cell.setdefault(spec, []).append(r["throughputPerSec"] / best)
                            cell.setdefault(spec + STATE, []).append(line[len(line) // 2] if line else None)
                for l in s["locks"]:
                    if is_lineup(l["spec"]):
                        cell.setdefault(l["spec"] + "#max", []).append(l["waits"]["maxNanos"])
    return out



def load_apps(g, out):
    """An apps group's cells into out, keyed (threads, workload, "", "") with ops/s for throughput."""
    ops, waits = {}, {}
    for smp in g["samples"]:
        ops.setdefault((smp["workload"], smp["lock"]), {})[smp["run"]] = smp["opsPerSec"]
        waits.setdefault((smp["workload"], smp["lock"]), []).append(smp["waits"]["maxNanos"])
    for w in dict.fromkeys(wl for (wl, _) in ops):
        cell = out.setdefault((g["threads"], w, "", ""), {})
        best = {}
        for (wl, lock), runs in ops.items():
            if wl == w and not is_lineup(lock):
                for run, v in runs.items():
                    best[run] = max(best.get(run, 0), v)
        for (wl, lock), runs in ops.items():
            if wl == w and is_lineup(lock):
                cell.setdefault(lock, []).extend(v / best[run] for run, v in runs.items() if best.get(run))
                cell.setdefault(lock + "#max", []).append(max(waits[(wl, lock)]))


def main(argv):
    if len(argv) != 2 or argv[0] in ("-h", "--help"):
        print(__doc__, file=sys.stdout if argv and argv[0] in ("-h", "--help") else sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    old, new = load(argv[0]), load(argv[1])
    probes = {"old": old.pop(PROBES), "new": new.pop(PROBES)}
    specs = list(dict.fromkeys(k for c in old.values() for k in c if not k.startswith("#") and "#" not in k))
    readings = [v for side in (old, new) for c in side.values() for k, vs in c.items() if k.endswith(STATE)
                for v in vs if v is not None]
    state_of = state_classes(readings)
    within = {s: [] for s in specs}
    straddled = sum(c.get(STRADDLED, 0) for side in (old, new) for c in side.values())
    print("| threads | shape | " + " | ".join(f"`{s}` ÷ best, old | new | longest wait old / new" for s in specs) + " |")
    print("|---|---|" + "---|---|---|" * len(specs))
    summary = {s: [] for s in specs}
    for key in old:
        if key not in new:
            continue
        threads, workers, hold, outside = key
        row = (f"| {threads} | {workers} |" if hold == "" else  # an apps workload
               f"| {threads} | {workers} × {hold} ns / {outside} ns |")
        for s in specs:
            a, b = old[key].get(s, []), new[key].get(s, [])
            wa, wb = old[key].get(s + "#max", [0]), new[key].get(s + "#max", [0])
            row += f" {median_range(a)} | {median_range(b)} | {max(wa) / 1e6:.1f} / {max(wb) / 1e6:.1f} ms |"
            if a and b:
                summary[s].append(statistics.median(b) / statistics.median(a))
            for st in {state_of(v) for v in old[key].get(s + STATE, []) if v is not None}:
                a_st = [x for x, v in zip(a, old[key].get(s + STATE, [])) if state_of(v) == st]
                b_st = [x for x, v in zip(b, new[key].get(s + STATE, [])) if state_of(v) == st]
                if len(a_st) >= 2 and len(b_st) >= 2:
                    within[s].append(statistics.median(b_st) / statistics.median(a_st))
        print(row)
    print()
    if probes["old"] and probes["new"]:
        lo, hi = min(probes["old"] + probes["new"]), max(probes["old"] + probes["new"])
        print("line round trip before each measurement, old: " + ", new: ".join(
            f"median {statistics.median(v):.0f} ns ({min(v):.0f}–{max(v):.0f})" for v in probes.values())
              + ("; the machine changed speed (more than 2x apart): the sides may not compare" if hi > 2 * lo else
                 "; one speed throughout"))
        print()
    if straddled:
        print(f"{straddled} batches left out: the machine changed state inside them (probes more than {LINE_CHANGE:g}x apart)")
        print()
    for s, v in summary.items():
        if v:
            print(f"`{s}` new ÷ old (of the medians above): median {statistics.median(v):.2f} ({min(v):.2f}–{max(v):.2f})"
                  f" over {len(v)} shapes; higher in {sum(x > 1 for x in v)}")
        w = within[s]
        if w and readings and max(readings) > LINE_CHANGE * min(readings):
            print(f"`{s}` new ÷ old within one state of the machine (at least 2 batches a side in it): median "
                  f"{statistics.median(w):.2f} ({min(w):.2f}–{max(w):.2f}) over {len(w)} (shape, state) cells; higher in {sum(x > 1 for x in w)}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (KeyError, TypeError, AttributeError, IndexError) as e:
        print(f"ab-versus-best.py: not a mutexlab run or apps result file ({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(2)
