#!/usr/bin/env bash
# The conditions change (a signal no longer wakes its waiter; the lock's next release does) against
# the build before it: BoundedBufferConditions (2 producers, 2 consumers, capacity 4) from two
# benchmark jars, alternated old, new, old, new, into docs/results/conditions/ (or OUTDIR).
# Build the old jar first from the commit before the change, with this benchmark class copied in.
# About 6 minutes on 2 CPUs; run it on an otherwise idle machine.
# Usage: scripts/measure-conditions.sh OLD_BENCHMARKS_JAR [OUTDIR]
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    "") echo "measure-conditions.sh: give the old benchmarks jar (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/jdk.sh"
old="$1"
new="$root/bench/target/benchmarks.jar"
out="${2:-$root/docs/results/conditions}"
[ -f "$old" ] || { echo "measure-conditions.sh: no jar at $old" >&2; exit 2; }
[ -f "$new" ] || { echo "measure-conditions.sh: build the benchmarks first (./mutexlab jmh -h)" >&2; exit 2; }
mkdir -p "$out"
specs="go,kernel,spinbit,lineup:policy=line,lineup:policy=barge,jdk"
for round in 1 2; do
    for which in old new; do
        jar="$old"; [ "$which" = new ] && jar="$new"
        "$JAVA_HOME/bin/java" -jar "$jar" BoundedBufferConditions -p spec="$specs" -f 1 -wi 2 -w 1s -i 3 -r 1s \
            -rf json -rff "$out/bounded-buffer-$which-$round.json" | tee "$out/bounded-buffer-$which-$round.txt"
    done
done
