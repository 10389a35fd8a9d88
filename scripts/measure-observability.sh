#!/bin/bash
# A short form of scripts/measure-jmh.sh step 3b: what observability costs, uncontended and contended.
# Usage: scripts/measure-observability.sh   (writes docs/results/jmh-observability-*.{json,txt}; about 6 minutes)
case "${1:-}" in
    -h|--help) sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    ?*) echo "measure-observability.sh: takes no arguments (see --help)" >&2; exit 2 ;;
esac
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jfc="$PWD/locks/src/main/resources/dev/mutexlab/locks/mutexlab.jfc"
out=docs/results
for cfg in none default mutexlab stats; do
    specs=go,lineup,jdk
    args=()
    case "$cfg" in
        default) args=(-jvmArgsAppend "-XX:StartFlightRecording:settings=default,filename=$(mktemp -d)/d.jfr") ;;
        mutexlab) args=(-jvmArgsAppend "-XX:StartFlightRecording:settings=default,settings=$jfc,filename=$(mktemp -d)/m.jfr") ;;
        stats) specs=go:stats,lineup:stats,jdk ;;
    esac
    ./mutexlab jmh 'Uncontended.lockUnlock|Contended' -p spec="$specs" -f 1 -wi 2 -w 1s -i 3 -r 1s "${args[@]}" \
        -rf json -rff "$out/jmh-observability-$cfg.json" > "$out/jmh-observability-$cfg.txt" 2>&1
    echo "$cfg rc=$? $(date -u +%H:%M:%S)"
done
