#!/usr/bin/env bash
# Judges lineup on shapes nobody tuned it on, into OUTDIR: every `./mutexlab run` line of SHAPES
# (one shape per line, as a shape drawer prints them, e.g. a random draw seeded with the commit
# under test) runs as it is, with the locks lineup, its three fixed policies and the rivals go,
# go:threshold=0, go+yield, jdk, jdk+yield and synchronized, 5 batches of 300 ms, no added batches.
# Then every `./mutexlab real` line of SHAPES runs with lineup, lineup:policy=line and jdk (the
# program's own lock), 5 batches. Tables: OUTDIR/loop.md (scripts/chooser-table.py: lineup over the
# best rival per shape, with its longest wait beside the stall floor) and OUTDIR/real.md
# (scripts/real-lineup-target.py: lineup over the program's own lock per workload). About 1 minute
# per loop shape and 2-3 per real configuration on 2 CPUs; run it on an otherwise idle machine.
# Usage: scripts/measure-lineup-draws.sh SHAPES OUTDIR
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-lineup-draws.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
if [ $# -ne 2 ]; then
    echo "measure-lineup-draws.sh: needs SHAPES and OUTDIR (see --help)" >&2; exit 2
fi
[ -r "$1" ] || { echo "measure-lineup-draws.sh: cannot read '$1'" >&2; exit 2; }
n=0
while read -r cmd sub _; do # every line checked before anything runs or is written
    n=$((n + 1))
    [ -z "${cmd:-}" ] && continue
    case "$sub" in
        run|real) ;;
        *) echo "measure-lineup-draws.sh: line $n of '$1' is neither 'mutexlab run' nor 'mutexlab real': $cmd $sub" >&2; exit 2 ;;
    esac
done < "$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$2"
out="$(cd "$2" && pwd)"
cp "$1" "$out/shapes.txt"
(cd "$root" && git rev-parse --short HEAD) > "$out/commit"
ml="$root/mutexlab"
loop_locks="lineup,lineup:policy=barge,lineup:policy=line,lineup:policy=solo,go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized"
real_locks="lineup,lineup:policy=line,jdk"
n=0
loop_files=()
real_files=()
while read -r cmd sub args; do
    [ -z "${cmd:-}" ] && continue
    n=$((n + 1))
    echo "measure-lineup-draws.sh: $n: $sub $args ($(date -u +%H:%M) UTC)" >&2
    # shellcheck disable=SC2086 # the shape's options are words
    case "$sub" in
        run) "$ml" run $args --locks "$loop_locks" --runs 5 --budget 0s --duration 300ms \
                 --out "$out/loop-$n.json" > "$out/loop-$n.txt"
             loop_files+=("$out/loop-$n.json") ;;
        real) "$ml" real $args --procs 2 --locks "$real_locks" --runs 5 --profile-lock none \
                 --out "$out/real-$n.json" > "$out/real-$n.txt"
              real_files+=("$out/real-$n.json") ;;
    esac
done < "$out/shapes.txt"
if [ ${#loop_files[@]} -gt 0 ]; then
    python3 "$root/scripts/chooser-table.py" "${loop_files[@]}" > "$out/loop.md"
fi
for f in "${real_files[@]}"; do
    { echo "## $(basename "$f" .json): $(sed -n "$(basename "$f" .json | sed 's/real-//')p" "$out/shapes.txt")"; echo;
      python3 "$root/scripts/real-lineup-target.py" "$f"; echo; } >> "$out/real.md"
done
echo "measure-lineup-draws.sh: done ($(date -u +%H:%M) UTC)" >&2
