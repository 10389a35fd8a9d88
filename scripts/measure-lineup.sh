#!/usr/bin/env bash
# Every measurement behind lineup's targets (docs/RESULTS.md §12), one after the other, into
# docs/results/. Run it on an otherwise idle machine; about 15 minutes on 2 CPUs (the sweep,
# target 3, is separate: scripts/measure-lineup.sh --sweep adds about 8 minutes).
# Usage: scripts/measure-lineup.sh [--sweep] [OUTDIR]   (default docs/results)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${1:-}" in
    -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) [ "$1" = "--sweep" ] || { echo "measure-lineup.sh: unknown option '$1' (see --help)" >&2; exit 2; } ;;
esac
sweep=false
if [ "${1:-}" = "--sweep" ]; then
    sweep=true
    shift
fi
out="${1:-$root/docs/results}"
ml="$root/mutexlab"
cd "$root"
best="go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized"

# Target 1: the loop of Go's starvation-mode experiment, 4 workers, outside = hold, holds 0.1-100 us,
# both thread kinds, lineup against the best of go, go:threshold=0, go+yield, jdk, jdk+yield, synchronized.
"$ml" run --hold 100ns,1us,3us,10us,30us,100us --locks "lineup,$best" \
    --out "$out/run-lineup-2cpu.json" --csv "$out/run-lineup-2cpu.csv" | tee "$out/run-lineup-2cpu.txt"

# Target 2: 64 workers, 10 us holds, no outside work.
"$ml" run --workers 64 --hold 10us --outside 0 --locks "lineup,$best,kernel" \
    --out "$out/run-lineup-64workers-2cpu.json" | tee "$out/run-lineup-64workers-2cpu.txt"

# Target 4: shapes the targets never named: 2, 8 and 16 workers; 0.3 us and 300 us holds; outside 0, 3x, 10x.
"$ml" run --workers 2,8,16 --hold 300ns,1us,10us,300us --locks "lineup,$best" \
    --out "$out/run-lineup-workers-2cpu.json" | tee "$out/run-lineup-workers-2cpu.txt"
for o in 0 3x 10x; do
    "$ml" run --hold 1us,10us,100us --outside "$o" --locks "lineup,$best" \
        --out "$out/run-lineup-outside-$o-2cpu.json" | tee "$out/run-lineup-outside-$o-2cpu.txt"
done

# Target 5: uncontended, with JMH.
"$ml" jmh Uncontended -p spec=lineup,jdk -f 1 -wi 3 -w 1s -i 5 -r 1s -rf json -rff "$out/jmh-uncontended-lineup.json" \
    | tee "$out/jmh-uncontended-lineup.txt"

# Target 6: where lineup loses in Go's runtime benchmarks and in the test-mutex fairness test.
"$ml" suite --locks go,lineup --procs 1,2 --threads platform --quick \
    --out "$out/suite-go-lineup-2cpu.json" | tee "$out/suite-go-lineup-2cpu.txt"
"$ml" fairness --locks kernel,go,lineup --tasks 16 --procs 2 --threads platform --duration 5s \
    --out "$out/fairness-lineup-2cpu.json" | tee "$out/fairness-lineup-2cpu.txt"

# Target 3: the grid of Go's starvation-mode experiment (clipped to this machine's CPUs), five locks.
if $sweep; then
    "$ml" sweep --locks lineup,go,go:threshold=0,jdk,synchronized --runs 3 --duration 200ms --warmup 50ms \
        --out "$out/sweep-lineup-2cpu.json" | tee "$out/sweep-lineup-2cpu.txt"
fi
