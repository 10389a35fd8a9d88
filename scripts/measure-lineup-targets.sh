#!/usr/bin/env bash
# Where lineup stands against the targets of its reactive design, into OUTDIR: the chooser
# (lineup), its three fixed policies (lineup:policy=line, =barge, =solo; the best of them is the
# oracle) and the rivals go, go:threshold=0, go+yield, jdk, jdk+yield and synchronized, one
# interleaved run per command, 3 batches of 300 ms, on platform and virtual threads: the seed loop
# (4 workers, 0.1-100 us, outside 1x), sub-microsecond holds with 2-16 workers and 100 ns outside,
# 3 and 8 workers with nothing outside, 3 and 6 workers at 0.5 and 5 us with outside 2x, the apps
# workloads, Go's Mutex-2 / MutexSlack-2 / RWMutexWrite10-2, the uncontended JMH and the real
# programs (5 batches). About 35 minutes on 2 CPUs; run it on an otherwise idle machine. Tables:
# scripts/chooser-table.py OUTDIR/{seed,submicro,nooutside,unnamed,apps}.json (targets 1-3),
# scripts/real-lineup-target.py OUTDIR/real.json (target 5).
# Usage: scripts/measure-lineup-targets.sh OUTDIR
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-lineup-targets.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    "") echo "measure-lineup-targets.sh: no OUTDIR given (see --help)" >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then
    echo "measure-lineup-targets.sh: one OUTDIR only, got $# arguments (see --help)" >&2; exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
ml="$root/mutexlab"
cd "$root" # the JMH step writes its JSON under results/ here
ours="lineup,lineup:policy=line,lineup:policy=barge,lineup:policy=solo"
locks="$ours,go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized"
common=(--locks "$locks" --runs 3 --budget 0s --duration 300ms --threads platform,virtual)
(cd "$root" && git rev-parse --short HEAD) > "$out/commit"
step() { echo "measure-lineup-targets.sh: $1 ($(date -u +%H:%M) UTC)" >&2; }
step "seed loop"
"$ml" run --workers 4 --hold 100ns,1us,3us,10us,30us,100us --outside 1x "${common[@]}" \
    --out "$out/seed.json" > "$out/seed.txt"
step "sub-microsecond holds"
"$ml" run --workers 2,4,8,16 --hold 100ns,300ns,1us --outside 100ns "${common[@]}" \
    --out "$out/submicro.json" > "$out/submicro.txt"
step "nothing outside"
"$ml" run --workers 3,8 --hold 500ns,5us --outside 0 "${common[@]}" \
    --out "$out/nooutside.json" > "$out/nooutside.txt"
step "shapes no target names"
"$ml" run --workers 3,6 --hold 500ns,5us --outside 2x "${common[@]}" \
    --out "$out/unnamed.json" > "$out/unnamed.txt"
step "apps"
"$ml" apps --procs 2 --budget 0s --runs 3 --locks "$locks" \
    --out "$out/apps.json" > "$out/apps.txt"
step "Go's suite"
"$ml" suite --bench '^(Mutex|MutexSlack|RWMutexWrite10)$' --procs 2 --benchtime 300ms --count 5 \
    --locks "go,$ours,jdk" --out "$out/suite.json" > "$out/suite.txt"
step "uncontended (JMH)"
"$ml" uncontended --locks "$ours,jdk" > "$out/jmh-uncontended.txt"
jmh_json="$(sed -n 's/^Result: //p' "$out/jmh-uncontended.txt" | tail -n 1)"
cp "$jmh_json" "$out/jmh-uncontended.json"
step "real programs"
"$ml" real --locks "$ours,go,jdk,spinbit" --runs 5 --profile-lock none \
    --out "$out/real.json" > "$out/real.txt"
step "tables"
python3 "$root/scripts/chooser-table.py" "$out"/{seed,submicro,nooutside,unnamed,apps}.json > "$out/targets.md"
python3 "$root/scripts/real-lineup-target.py" "$out/real.json" > "$out/target5.md"
step "done"
