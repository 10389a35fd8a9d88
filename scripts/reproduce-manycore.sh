#!/usr/bin/env bash
# The whole reproduction on a bigger machine in one go: `mutexlab reproduce` (full grid, scaled to
# this machine's CPUs; Go's own mutex too when `go` is on PATH or MUTEXLAB_GO names one), plus what
# the machine is, then one archive to bring back. Run it on an otherwise idle machine; about 53 minutes on 16 CPUs
# by the plan's estimate (the spinbit ladder runs on at most 16 of them, so its 64 workers outnumber its CPUs).
# Interrupted? Run it again with the same OUTDIR: finished experiments and shapes are kept.
# Usage: scripts/reproduce-manycore.sh [OUTDIR]   (default results/reproduce-<host>-<cpus>cpu)
# Back home: tar xzf ARCHIVE && ./mutexlab reproduce --findings-only --out DIR  (recomputes the page)
set -euo pipefail
case "${1:-}" in
    -h|--help) awk 'NR > 1 && /^set -euo/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "reproduce-manycore.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cpus="$(nproc)"
out="${1:-results/reproduce-$(hostname -s)-${cpus}cpu}"
mkdir -p "$out"
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(hostname)"
    echo "cpus: $cpus"
    echo "plan: $(./mutexlab reproduce --plan --out "$out" 2>&1 | grep -m1 'experiments left' || true)"
    grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true
    uname -srvm
    echo "git: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
    go="${MUTEXLAB_GO:-go}"   # the toolchain the lab will use: MUTEXLAB_GO, else PATH's
    if command -v "$go" >/dev/null 2>&1; then "$go" version; else echo "go: none (no Go columns)"; fi
} >"$out/machine.txt"
./mutexlab reproduce --out "$out" 2>&1 | tee -a "$out/reproduce.log"
archive="$out.tar.gz"
tar czf "$archive" -C "$(dirname "$out")" "$(basename "$out")"
echo "Bring back: $archive"
