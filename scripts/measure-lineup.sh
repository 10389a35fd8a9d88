#!/usr/bin/env bash
# Every measurement behind lineup's targets (docs/RESULTS.md §12), one after the other, into
# docs/results/. Run it on an otherwise idle machine; about 20 minutes on 2 CPUs.
# Usage: scripts/measure-lineup.sh [OUTDIR]   (default docs/results)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results}"
ml="$root/mutexlab"
cd "$root"

# Targets 1 and 4: the loop of Go's starvation-mode experiment, 4 workers, outside = hold, holds 0.1-100 us, both thread kinds,
# lineup against the best of go, go:threshold=0, go+yield, jdk, jdk+yield, synchronized.
"$ml" run --hold 100ns,1us,3us,10us,30us,100us \
    --out "$out/run-lineup-2cpu.json" --csv "$out/run-lineup-2cpu.csv" | tee "$out/run-lineup-2cpu.txt"

# Target 2: 64 workers, 10 us holds, no outside work.
"$ml" run --workers 64 --hold 10us --outside 0 \
    --locks lineup,go,go:threshold=0,jdk,kernel,semaphore:handoff,synchronized \
    --out "$out/run-lineup-64workers-2cpu.json" | tee "$out/run-lineup-64workers-2cpu.txt"

# Target 3: the grid of Go's starvation-mode experiment (clipped to this machine's CPUs), five locks, shortened batches.
"$ml" sweep --locks lineup,go,go:threshold=0,jdk,synchronized --runs 3 --duration 200ms --warmup 50ms \
    --out "$out/sweep-lineup-2cpu.json" | tee "$out/sweep-lineup-2cpu.txt"

# Target 7: where lineup loses in Go's runtime benchmarks and in the test-mutex fairness test.
"$ml" suite --locks go,lineup --procs 1,2 --threads platform --quick \
    --out "$out/suite-go-lineup-2cpu.json" | tee "$out/suite-go-lineup-2cpu.txt"
"$ml" fairness --locks kernel,go,lineup --tasks 16 --procs 2 --threads platform --duration 5s \
    --out "$out/fairness-lineup-2cpu.json" | tee "$out/fairness-lineup-2cpu.txt"

# The deck (12.7): always open, measured (the default), closed, beside jdk and synchronized; 5 batches.
"$ml" run --hold 100ns,1us,3us,10us,30us,100us \
    --locks lineup:deck=open,lineup:deck=measured,lineup:deck=closed,jdk,synchronized --runs 5 \
    --out "$out/run-lineup-deck-2cpu.json" | tee "$out/run-lineup-deck-2cpu.txt"

# Target 6: uncontended, with JMH.
"$ml" jmh Uncontended -p spec=lineup,jdk -rf json -rff "$out/jmh-uncontended-lineup-deck.json" \
    | tee "$out/jmh-uncontended-lineup-deck.txt"
