#!/usr/bin/env bash
# The real-programs figures of docs/RESULTS.md: `mutexlab real` twice (does a second run agree?), then
# the seed loop at every contended site's shape and the census with the prediction count.
# Run on an otherwise idle machine; about 25 minutes on 2 CPUs (2 x ~10 min + the shapes' quick runs).
# Usage: scripts/measure-real.sh [--once]   (--once: skip the second run and its comparison)
set -euo pipefail
once=""
case "${1:-}" in
    -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --once) once=yes ;;
    "") ;;
    *) echo "measure-real.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out=docs/results
./mutexlab real --out "$out/real-2cpu.json" | tee "$out/real-2cpu.txt"
if [ -z "$once" ]; then
    ./mutexlab real --out "$out/real-2cpu-rerun.json" | tee "$out/real-2cpu-rerun.txt"
    ./mutexlab compare "$out/real-2cpu.json" "$out/real-2cpu-rerun.json" | tee "$out/real-2cpu-agreement.txt"
fi
# The census prints one './mutexlab run --quick ...' per shape no result covers; run each, then count.
mkdir -p "$out/real-shapes"
./mutexlab census "$out/real-2cpu.json" | grep -o './mutexlab run --quick .*' | sort -u \
    | sed "s#--out results/#--out $out/real-shapes/#" > "$out/real-shapes/commands.txt"
while read -r cmd; do
    echo "$cmd" >&2
    eval "$cmd"
done < "$out/real-shapes/commands.txt"
shapes="$(ls "$out"/real-shapes/*.json | paste -sd, -)"
./mutexlab census "$out/real-2cpu.json" --results "$shapes" | tee "$out/real-census-2cpu.txt"
if [ -z "$once" ]; then
    ./mutexlab census "$out/real-2cpu-rerun.json" --results "$shapes" | tee "$out/real-census-2cpu-rerun.txt"
fi
