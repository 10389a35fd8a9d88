#!/usr/bin/env bash
# lineup's chooser against its own fixed policies and the best rivals, into
# docs/results/lineup-chooser/ (or OUTDIR): lineup (the chooser), its fixed policies
# lineup:policy=line, lineup:policy=barge and lineup:policy=solo, lineup:name=aa (the A/A control)
# and go, go:threshold=0, go+yield, jdk, jdk+yield, synchronized, in one interleaved run per command: the seed loop (0.1-100 us, both thread kinds), sub-microsecond holds with 2-16
# workers, 8-32 workers with nothing outside, shapes neither the oracle nor the targets name
# (3 and 6 workers, 0.5 and 5 us holds, outside 2x), the apps workloads, Go's Mutex-2 /
# MutexSlack-2 / RWMutexWrite10-2, and the uncontended JMH. About 30 minutes on 2 CPUs; run it on
# an otherwise idle machine. Tables: scripts/chooser-table.py (the targets), scripts/oracle-table.py
# and scripts/oracle-apps.py.
# Usage: scripts/measure-lineup-chooser.sh [OUTDIR]
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-lineup-chooser.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results/lineup-chooser}"
mkdir -p "$out"
ml="$root/mutexlab"
cd "$root"
"$ml" locks 2>/dev/null | grep -q "policy=auto" || {
    echo "measure-lineup-chooser.sh: this build's lineup has no chooser (policy=auto)" >&2; exit 2; }
best="go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized"
ours="lineup,lineup:policy=line,lineup:policy=barge,lineup:policy=solo,lineup:name=aa"
locks="$ours,$best"
"$ml" run --hold 100ns,1us,3us,10us,30us,100us --locks "$locks" \
    --out "$out/run-seed-2cpu.json" | tee "$out/run-seed-2cpu.txt"
"$ml" run --workers 2,8,16 --hold 100ns,300ns,1us --outside 100ns --locks "$locks" \
    --out "$out/run-submicro-2cpu.json" | tee "$out/run-submicro-2cpu.txt"
"$ml" run --workers 8,32 --hold 1us,10us --outside 0 --locks "$locks" \
    --out "$out/run-nooutside-2cpu.json" | tee "$out/run-nooutside-2cpu.txt"
"$ml" run --workers 3,6 --hold 500ns,5us --outside 2x --locks "$locks" \
    --out "$out/run-unnamed-2cpu.json" | tee "$out/run-unnamed-2cpu.txt"
"$ml" apps --procs 2 --budget 0s --locks "$locks" \
    --out "$out/apps-2cpu.json" | tee "$out/apps-2cpu.txt"
"$ml" suite --bench '^(Mutex|MutexSlack|RWMutexWrite10)$' --procs 2 --benchtime 300ms --count 5 \
    --locks "go,lineup,lineup:policy=line,lineup:policy=barge,lineup:policy=solo,jdk" \
    --out "$out/suite-2cpu.json" | tee "$out/suite-2cpu.txt"
"$ml" uncontended --locks lineup,lineup:policy=line,lineup:policy=barge,lineup:policy=solo,jdk | tee "$out/jmh-uncontended.txt"
