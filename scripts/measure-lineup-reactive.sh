#!/usr/bin/env bash
# The oracle of lineup's reactive design, into docs/results/ (or OUTDIR): lineup, its fixed
# policies (lineup:policy=barge, lineup:policy=line), an A/A control and the best rivals (go,
# go:threshold=0, go+yield, jdk, jdk+yield, synchronized), one interleaved run per command: the
# seed loop (0.1-100 us, both thread kinds), sub-microsecond holds with 2-16 workers, 8-32 workers
# with nothing outside, the apps workloads, Go's Mutex-2 / MutexSlack-2 / RWMutexWrite10-2, and the
# uncontended JMH. About 20 minutes on 2 CPUs; run it on an otherwise idle machine.
# Usage: scripts/measure-lineup-reactive.sh [OUTDIR]   (the --reactive part of scripts/measure-lineup.sh)
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-lineup-reactive.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
exec "$(dirname "${BASH_SOURCE[0]}")/measure-lineup.sh" --reactive "$@"
