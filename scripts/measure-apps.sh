#!/usr/bin/env bash
# The application-shaped workloads (mutexlab apps: cache, queue, logger, pool, striped map) on every
# lock of the default run, both thread kinds, P = 1 and 2, into docs/results/apps-2cpu.json (and the
# table beside it). Run it on an otherwise idle machine; about 5 minutes on 2 CPUs (the command
# prints its estimate before it starts).
# Usage: scripts/measure-apps.sh [OUTDIR]   (default docs/results)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results}"
cd "$root"
mkdir -p "$out"
"$root/mutexlab" apps --out "$out/apps-2cpu.json" | tee "$out/apps-2cpu.txt"
