#!/usr/bin/env bash
# Every measurement behind lineup's targets (docs/RESULTS.md §12), one after the other, into
# docs/results/. Run it on an otherwise idle machine; about 15 minutes on 2 CPUs (the sweep,
# target 3, is separate: scripts/measure-lineup.sh --sweep adds about 8 minutes).
# --reactive runs instead the policy oracle of the reactive design (scripts/measure-lineup-reactive.sh).
# Usage: scripts/measure-lineup.sh [--sweep | --reactive] [OUTDIR]   (default docs/results)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sweep=false
reactive=false
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --sweep) sweep=true; shift ;;
        --reactive) reactive=true; shift ;;
        -*) echo "measure-lineup.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
if $sweep && $reactive; then
    echo "measure-lineup.sh: --sweep and --reactive are different runs; pick one" >&2
    exit 2
fi
out="${1:-$root/docs/results}"
mkdir -p "$out"
ml="$root/mutexlab"
cd "$root"
best="go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized"

# The reactive design's oracle (issue: lineup reactive): each policy of lineup as a fixed spec, the
# default lineup, an A/A control (the default under another name) and the best rivals, in ONE
# interleaved run per command, so that every ratio is within one batch. About 20 minutes on 2 CPUs.
if $reactive; then
    # lineup:policy=line is the default policy: lineup itself stands for it, lineup:name=aa is its A/A.
    policies="lineup,lineup:policy=barge,lineup:name=aa"
    for spec in lineup:policy=barge lineup:policy=line; do
        "$ml" locks 2>/dev/null | grep -q "${spec}" || {
            echo "measure-lineup.sh: this build has no '${spec}' (a build before the lineup policies?)" >&2; exit 2; }
    done
    # (a1) The seed loop: 4 workers, outside = hold, holds 0.1-100 us, both thread kinds (~3 min).
    "$ml" run --hold 100ns,1us,3us,10us,30us,100us --locks "$policies,$best" \
        --out "$out/run-reactive-seed-2cpu.json" --csv "$out/run-reactive-seed-2cpu.csv" | tee "$out/run-reactive-seed-2cpu.txt"
    # (a2) Sub-microsecond holds, 2-16 workers, little outside work (an LRU cache's shape) (~4 min).
    "$ml" run --workers 2,8,16 --hold 100ns,300ns,1us --outside 100ns --locks "$policies,$best" \
        --out "$out/run-reactive-submicro-2cpu.json" | tee "$out/run-reactive-submicro-2cpu.txt"
    # (a3) 8 and 32 workers with nothing outside (~2 min).
    "$ml" run --workers 8,32 --hold 1us,10us --outside 0 --locks "$policies,$best" \
        --out "$out/run-reactive-nooutside-2cpu.json" | tee "$out/run-reactive-nooutside-2cpu.txt"
    # (a4) The apps workloads: cache, queue, logger, pool, striped map, on 2 CPUs (~3 min).
    "$ml" apps --procs 2 --budget 0s --locks "$policies,$best" \
        --out "$out/apps-reactive-2cpu.json" | tee "$out/apps-reactive-2cpu.txt"
    # (a5) Go's Mutex-2, MutexSlack-2, RWMutexWrite10-2 (~2 min).
    "$ml" suite --bench '^(Mutex|MutexSlack|RWMutexWrite10)$' --procs 2 --benchtime 300ms --count 5 \
        --locks "go,$policies,go:threshold=0,jdk" \
        --out "$out/suite-reactive-2cpu.json" | tee "$out/suite-reactive-2cpu.txt"
    # (b) Uncontended lock+unlock against ReentrantLock, synchronized and the CAS floor, JMH, 3 forks (~4 min);
    # its JSON goes to results/jmh-TIME.json (named on the last line of the .txt).
    "$ml" uncontended --locks lineup,lineup:policy=barge,lineup:policy=line,jdk \
        | tee "$out/jmh-uncontended-reactive.txt"
    exit 0
fi

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
