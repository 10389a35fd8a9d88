#!/usr/bin/env python3
# Per-cell verdict agreement of two result files of the same command (mutexlab run 1.2 or apps 1.1,
# which record a "verdicts" list), and the A/A control's "within" share of any such files.
# A cell is (group, where, lock, metric, which copy); its call is faster / slower / within / cannot tell.
# For run and sweep files it also says in which state of the machine each run measured each shape
# (the median of its line probes, docs/RESULTS.md 17.4), the agreement among the cells whose shape
# both runs measured in one state (medians within 2x), and how many cells' intervals do not overlap
# between the runs: two honest 95% intervals of one quantity seldom miss each other.
# Usage: scripts/cell-agreement.py A.json B.json      agreement of A and B, cell by cell
#        scripts/cell-agreement.py --aa R.json...     the share of A/A cells called "within ±X%"
import json, sys

from mutexlab_tables import LINE_CHANGE, probes_of

def usage(code):
    print("\n".join(l[2:] for l in open(__file__).read().splitlines()[1:10]), file=sys.stderr if code else sys.stdout)
    sys.exit(code)

def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"cell-agreement.py: cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)

def probe_medians(path):
    """Per shape (the verdicts' "where") of a run or sweep file, the median of its line probes; {} if none."""
    out = {}
    for g in load(path).get("groups") or []:
        for s in g.get("shapes") or []:
            probes = sorted(p for l in s["locks"] for x in l["runs"] for p in probes_of(x))
            if probes:
                where = f"{g['threads']} P={g['procs']} W={s['workers']} hold={fmt(s['holdNanos'])} outside={fmt(s['outsideNanos'])}"
                out[where] = probes[len(probes) // 2]
    return out

def fmt(nanos):
    """A duration as the lab's shape names write it (Shape.describe): 300ns, 1us, 2.5ms."""
    for unit, scale in (("s", 10**9), ("ms", 10**6), ("us", 10**3)):
        if nanos >= scale:
            v = nanos / scale
            return (f"{v:g}" if v != int(v) else str(int(v))) + unit
    return f"{nanos}ns"

def cells(path):
    r = load(path)
    if not r.get("verdicts"):
        print(f"cell-agreement.py: {path} has no verdicts (a file from before run 1.2 / apps 1.1?)", file=sys.stderr)
        sys.exit(2)
    out, seen = {}, {}
    for v in r["verdicts"]:
        key = (v["group"], v["where"], v["lock"], v["metric"])
        seen[key] = seen.get(key, 0) + 1
        out[key + (seen[key],)] = v
    return out

def call(v):
    return {"ABOVE": "faster" if v["metric"] in ("acquisitions/s", "ops/s") else "slower",
            "BELOW": "slower" if v["metric"] in ("acquisitions/s", "ops/s") else "faster",
            "WITHIN": "within", "CANNOT_TELL": "cannot tell"}[v["verdict"]["call"]]

def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        usage(0 if args else 2)
    if args[0] == "--aa":
        aa = [v for p in args[1:] for v in cells(p).values() if v["aa"]]
        if not aa:
            print("cell-agreement.py: no A/A cells (measure with --aa)", file=sys.stderr)
            sys.exit(2)
        within = sum(1 for v in aa if call(v) == "within")
        wrong = sum(1 for v in aa if call(v) in ("faster", "slower"))
        print(f"A/A cells: {len(aa)}; within the band: {within} ({100 * within / len(aa):.1f}%); "
              f"called faster or slower: {wrong}; cannot tell: {len(aa) - within - wrong}")
        # What a fixed band would have called them: the interval wholly inside 1 -+ X, with n >= 5.
        for x in (0.05, 0.10):
            inside = sum(1 for v in aa if v["verdict"]["n"] >= 5
                         and v["verdict"]["low"] >= 1 - x and v["verdict"]["high"] <= 1 + x)
            print(f"  against a fixed band of +-{100 * x:.0f}% instead: {inside} of {len(aa)} within")
        for v in aa:
            r = v["verdict"]
            print(f"  {v['group']} | {v['where']}: {r['median']:.3f} [{r['low']:.3f}-{r['high']:.3f}] n={r['n']}, "
                  f"band {r['bandLow']:.3f}-{r['bandHigh']:.3f}: {call(v)}")
        sys.exit(0)
    if len(args) != 2:
        usage(2)
    a, b = cells(args[0]), cells(args[1])
    keys = [k for k in a if k in b and not a[k]["aa"]]
    if not keys:
        print("cell-agreement.py: the two files have no cell in common", file=sys.stderr)
        sys.exit(2)
    agree = sum(1 for k in keys if call(a[k]) == call(b[k]))
    both = [k for k in keys if call(a[k]) != "cannot tell" and call(b[k]) != "cannot tell"]
    both_agree = sum(1 for k in both if call(a[k]) == call(b[k]))
    opposite = [k for k in both if {call(a[k]), call(b[k])} == {"faster", "slower"}]
    undecided = sum(1 for k in keys if "cannot tell" in (call(a[k]), call(b[k])))
    print(f"cells in both: {len(keys)}; same verdict: {agree} ({100 * agree / len(keys):.1f}%)")
    print(f"decided in both: {len(both)}; same: {both_agree} ({100 * both_agree / max(1, len(both)):.1f}%); "
          f"opposite (faster vs slower): {len(opposite)}; undecided in either: {undecided}")
    sa, sb = probe_medians(args[0]), probe_medians(args[1])
    if sa and sb:
        def one_state(k):
            x, y = sa.get(k[1]), sb.get(k[1])
            return x is not None and y is not None and max(x, y) <= LINE_CHANGE * min(x, y)
        same = [k for k in keys if one_state(k)]
        same_agree = sum(1 for k in same if call(a[k]) == call(b[k]))
        print(f"cells whose shape both runs measured in one state of the machine (line probe medians within "
              f"{LINE_CHANGE:g}x): {len(same)}; same verdict: {same_agree} ({100 * same_agree / max(1, len(same)):.1f}%)")
        for where in sorted({k[1] for k in keys}):
            if where in sa and where in sb:
                print(f"  line probe median, {where}: {sa[where]:.0f} ns -> {sb[where]:.0f} ns")
    apart = [k for k in keys if a[k]["verdict"]["high"] < b[k]["verdict"]["low"] or b[k]["verdict"]["high"] < a[k]["verdict"]["low"]]
    print(f"cells whose two intervals do not overlap: {len(apart)}"
          + (f" ({sum(1 for k in apart if one_state(k))} of them measured in one state)" if sa and sb else ""))
    for k in keys:
        if call(a[k]) != call(b[k]):
            print(f"  differs: {k[0]} | {k[1]} | {k[2]} | {k[3]}: {a[k]['word']} -> {b[k]['word']}")


try:
    main()
except (KeyError, TypeError, AttributeError, IndexError) as e:
    print(f"cell-agreement.py: not a mutexlab result file with verdicts ({type(e).__name__}: {e})", file=sys.stderr)
    sys.exit(2)
