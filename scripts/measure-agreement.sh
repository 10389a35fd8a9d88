#!/usr/bin/env bash
# Do two runs agree? Two back-to-back default `./mutexlab apps`, two default `./mutexlab run`, and one
# `./mutexlab run --aa`, then the per-cell verdict agreement of each pair and the A/A control's
# "within" share (scripts/cell-agreement.py). Run it on an otherwise idle machine: on 2 CPUs about
# 70 minutes (each apps about 6 minutes planned plus at most its 10-minute --budget, each run about
# 5 minutes, the --aa run about 6); every command prints its own estimate before it starts.
# Each run also spends up to its default 5-minute --budget on added batches.
# Usage: scripts/measure-agreement.sh [--run-only] [OUTDIR]   (default results/agreement-<time>)
#   --run-only: the two runs and the A/A run, not apps (about 30 minutes)
set -euo pipefail
run_only=0
case "${1:-}" in
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --run-only) run_only=1; shift ;;
    -*) echo "measure-agreement.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/results/agreement-$(date +%Y%m%d-%H%M%S)}"
cd "$root"
mkdir -p "$out"
if [ "$run_only" = 0 ]; then
    for i in 1 2; do
        "$root/mutexlab" apps --out "$out/apps-$i.json" | tee "$out/apps-$i.txt"
    done
fi
for i in 1 2; do
    "$root/mutexlab" run --out "$out/run-$i.json" | tee "$out/run-$i.txt"
done
"$root/mutexlab" run --aa --out "$out/run-aa.json" | tee "$out/run-aa.txt"
{
    if [ "$run_only" = 0 ]; then
        echo "== apps: two default runs, per-cell verdicts (ops/s, p99 latency, CPU/op)"
        python3 "$root/scripts/cell-agreement.py" "$out/apps-1.json" "$out/apps-2.json"
    fi
    echo "== run: two default runs, per-cell verdicts (throughput)"
    python3 "$root/scripts/cell-agreement.py" "$out/run-1.json" "$out/run-2.json"
    echo "== A/A: the first lock against itself (run --aa)"
    python3 "$root/scripts/cell-agreement.py" --aa "$out/run-aa.json"
} | tee "$out/agreement.txt"
echo "measure-agreement.sh: figures in $out/agreement.txt (docs/RESULTS.md, the verdicts section)"
