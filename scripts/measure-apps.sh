#!/usr/bin/env bash
# The application-shaped workloads (mutexlab apps: cache, queue, logger, pool, striped map) on every
# lock of the default run, both thread kinds, P = 1 and 2, into docs/results/apps-2cpu.json (and the
# table beside it). Run it on an otherwise idle machine; about 5 minutes on 2 CPUs (the command
# prints its estimate before it starts).
# Usage: scripts/measure-apps.sh [OUTDIR]   (default docs/results)
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-apps.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results}"
cd "$root"
mkdir -p "$out"
"$root/mutexlab" apps --out "$out/apps-2cpu.json" | tee "$out/apps-2cpu.txt"
