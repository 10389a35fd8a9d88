#!/usr/bin/env bash
# A lock change against the build before it: the same `mutexlab run` commands in an OLD checkout
# and in this one, alternated (old, new, old, new ... ROUNDS times each), into OUTDIR. The shapes
# reach beyond any one loop a change could be tuned on: sub-microsecond holds with 2-16 workers and
# little outside work, the seed loop's 1-100 us holds with 4 workers, 3 and 8 workers with nothing
# outside at 0.5 and 5 us, on platform and virtual threads, and the apps workloads. lineup's
# specs are measured beside jdk, synchronized and go, the rivals that win those shapes. Tables:
# scripts/ab-versus-best.py OLD1.json,OLD2.json NEW1.json,NEW2.json for each command (in
# OUTDIR/table.md). About 11 minutes a round on 2 CPUs; run it on an
# otherwise idle machine. AB_LOCKS=SPEC,... measures that list of locks instead (say, with
# lineup:policy=solo beside the others).
# Usage: scripts/measure-lock-ab.sh OLD_CHECKOUT OUTDIR [ROUNDS]   (ROUNDS: default 2)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/ab-args.sh"
ab_args 2 11 "$@"
locks="${AB_LOCKS:-lineup,lineup:policy=barge,lineup:policy=line,jdk,synchronized,go}" # AB_LOCKS: another list
common=(--locks "$locks" --runs 3 --budget 0s --duration 300ms --threads platform,virtual)
side() { # side NAME CHECKOUT ROUND
    local ml="$2/mutexlab" tag="$1$3"
    (cd "$2" && git rev-parse --short HEAD) > "$out/$1.commit"
    "$ml" run --workers 2,4,8,16 --hold 100ns,300ns,1us --outside 100ns "${common[@]}" \
        --out "$out/submicro-$tag.json" > "$out/submicro-$tag.txt"
    "$ml" run --workers 4 --hold 1us,3us,10us,30us,100us --outside 1x "${common[@]}" \
        --out "$out/seed-$tag.json" > "$out/seed-$tag.txt"
    "$ml" run --workers 3,8 --hold 500ns,5us --outside 0 "${common[@]}" \
        --out "$out/nooutside-$tag.json" > "$out/nooutside-$tag.txt"
    "$ml" apps --procs 2 --budget 0s --runs 3 --locks "$locks" \
        --out "$out/apps-$tag.json" > "$out/apps-$tag.txt"
}
for r in $(seq 1 "$rounds"); do
    echo "measure-lock-ab.sh: round $r of $rounds: old ($old)" >&2
    side old "$old" "$r"
    echo "measure-lock-ab.sh: round $r of $rounds: new ($new)" >&2
    side new "$new" "$r"
done
for cmd in submicro seed nooutside apps; do
    olds=$(ls "$out/$cmd"-old*.json | paste -sd,)
    news=$(ls "$out/$cmd"-new*.json | paste -sd,)
    echo "## $cmd"
    python3 "$new/scripts/ab-versus-best.py" "$olds" "$news"
done | tee "$out/table.md"
