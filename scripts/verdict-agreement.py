#!/usr/bin/env python3
# Counts how many verdicts two `mutexlab reproduce` summaries agree on, row by row, and lists the
# rows that flip. A verdict is compared by its word ("holds", "cannot tell here", ...), not its interval.
# Usage: scripts/verdict-agreement.py A/summary.md B/summary.md
import sys, re
if len(sys.argv) == 2 and sys.argv[1] in ('-h', '--help'):
    print("Usage: scripts/verdict-agreement.py A/summary.md B/summary.md\n"
          "Counts the verdicts two mutexlab reproduce summaries agree on, row by row, and lists the flips.")
    sys.exit(0)
if len(sys.argv) != 3:
    print("verdict-agreement.py: needs two summary.md files (see --help)", file=sys.stderr)
    sys.exit(2)
for f in sys.argv[1:]:
    try:
        open(f).close()
    except OSError as e:
        print(f"verdict-agreement.py: cannot read {f}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
def rows(fn):
    """(claim, column, shape) -> [(verdict word, has a figure)] in file order.
    Only the per-shape table counts (its header begins "| claim | column | shape"): the one-line-per-claim
    table above it summarises those rows and would count them twice."""
    out = {}
    in_rows = False
    for line in open(fn):
        if line.startswith('| claim | column | shape'):
            in_rows = True
            continue
        if not line.startswith('|'):
            in_rows = False
        if not in_rows or line.startswith('|---'): continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) < 9: continue
        key = (cells[0], cells[1], cells[2])
        v = re.sub(r'\*', '', cells[8]).split(' (')[0]
        out.setdefault(key, []).append((v, cells[4] not in ('', '–', '-')))
    return out
a = rows(sys.argv[1]); b = rows(sys.argv[2])
keys = [k for k in a if k in b]
agree = 0; flips = []
tot = 0
mt = 0; ma = 0
for k in keys:
    for (va, fa), (vb, fb) in zip(a[k], b[k]):
        tot += 1
        if va == vb: agree += 1
        else: flips.append((k, va, vb))
        # a row counts as measured when BOTH runs have a figure for it, whatever either decided:
        # counting only the rows the first run decided leaves out the flips away from "cannot tell"
        if fa and fb:
            mt += 1
            ma += va == vb
print(f"rows in both: {tot}; agree: {agree} ({100*agree/max(1,tot):.1f}%)")
print(f"rows with a figure in both runs: {mt}; agree: {ma} ({100*ma/max(1,mt):.1f}%)")
for f in flips: print("  flip:", f)
