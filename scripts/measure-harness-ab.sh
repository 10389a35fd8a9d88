#!/usr/bin/env bash
# The harness's own cost against an older build's: `mutexlab run` at the seed loop's 1 us row
# (4 workers, outside = hold, platform and virtual threads) with the JDK's own locks only (jdk,
# synchronized), which no change of the library touches, so what moves between the builds is the
# lab's loop, its timing of each acquisition and its meters. The two checkouts' commands alternate
# (old, new, then new, old, ... ROUNDS times each) into OUTDIR; then each (thread kind, lock)'s median
# throughput over its batches, new / old per round and pooled, into OUTDIR/table.md. About a
# minute a round on 2 CPUs; run it on an otherwise idle machine.
# Usage: scripts/measure-harness-ab.sh OLD_CHECKOUT OUTDIR [ROUNDS]   (ROUNDS: default 3)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/ab-args.sh"
ab_args 3 9 "$@"
common=(--hold 1us --outside 1x --workers 4 --locks jdk,synchronized --threads platform,virtual --runs 5 --duration 400ms)
side() { # side NAME CHECKOUT ROUND
    local extra=()
    # a build with adaptive replication would add batches by default; the older one has no --budget
    if "$2/mutexlab" run --help 2>/dev/null | grep -q -- '--budget'; then
        extra=(--budget 0s)
    fi
    (cd "$2" && git rev-parse --short HEAD) > "$out/$1.commit"
    "$2/mutexlab" run "${common[@]}" "${extra[@]}" --out "$out/$1$3.json" > "$out/$1$3.txt"
}
for r in $(seq 1 "$rounds"); do
    echo "measure-harness-ab.sh: round $r of $rounds" >&2
    if [ $((r % 2)) -eq 1 ]; then # the first side alternates too, so a drift of the machine favours neither
        side old "$old" "$r"
        side new "$new" "$r"
    else
        side new "$new" "$r"
        side old "$old" "$r"
    fi
done
python3 - "$out" "$rounds" <<'EOF' | tee "$out/table.md"
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def medians(path):
    d = json.load(open(path))
    return {(g["threads"], l["spec"]): l["throughput"]["median"]
            for g in d["groups"] for s in g["shapes"] for l in s["locks"]}
rows = {}
for r in range(1, rounds + 1):
    o, n = medians(f"{out}/old{r}.json"), medians(f"{out}/new{r}.json")
    for key in o:
        rows.setdefault(key, []).append((o[key], n[key]))
print("| threads | lock | old k/s per round | new k/s per round | new ÷ old per round | median new ÷ old |")
print("|---|---|---|---|---|---|")
every = []
for (kind, lock), pairs in sorted(rows.items()):
    ratios = [n / o for o, n in pairs]
    every += ratios
    print(f"| {kind} | {lock} | {' / '.join(f'{o/1e3:.0f}' for o, _ in pairs)} | "
          f"{' / '.join(f'{n/1e3:.0f}' for _, n in pairs)} | {' / '.join(f'{x:.3f}' for x in ratios)} | "
          f"{statistics.median(ratios):.3f} |")
print(f"\nnew ÷ old over every round and cell: median {statistics.median(every):.3f} "
      f"({min(every):.3f}–{max(every):.3f}), n = {len(every)}")
EOF
