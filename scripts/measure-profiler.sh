#!/usr/bin/env bash
# The profiler's overhead on the apps workloads (cache, queue, logger, pool, striped map): the same
# `mutexlab apps --locks jdk` run without the agent, with `-javaagent:mutexlab-agent.jar=profile`
# (the default: one acquisition in 64 timed) and with `profile,sample=1` (every one), interleaved
# round by round (A B C, then
# B C A, ...) so drift hits every arm alike. The agent reaches the apps' child JVMs through
# JAVA_TOOL_OPTIONS and rewrites only the lab's apps package (include=dev.mutexlab.lab.apps,
# jdk=false), where the apps allocate their ReentrantLocks; each child writes its profile JSON.
# Prints `mutexlab compare` of each profiled arm against the plain one per round.
# Run on an otherwise idle machine: about 3 × ROUNDS × 40 s on 2 CPUs (ROUNDS=3: ~6 minutes).
# Usage: scripts/measure-profiler.sh [OUTDIR] [ROUNDS]   (default docs/results/profiler-overhead, 3)
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-profiler.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results/profiler-overhead}"
rounds="${2:-3}"
case "$rounds" in ''|*[!0-9]*) echo "measure-profiler.sh: ROUNDS '$rounds' is not a whole number" >&2; exit 2 ;; esac
cd "$root"
. "$root/scripts/jdk.sh"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
jar="$root/agent/target/mutexlab-agent.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/agent/src" "$root/locks/src" -newer "$jar" -print -quit)" ]; then
    echo "measure-profiler.sh: building the agent..." >&2
    mvn -B -q -DskipTests -pl agent -am package >"$root/.build.log" 2>&1 \
        || { echo "measure-profiler.sh: the build failed; see $root/.build.log" >&2; exit 1; }
fi
"$root/mutexlab" --help >/dev/null   # builds the lab once, outside the measured runs
common="include=dev.mutexlab.lab.apps,jdk=false,report=none"
arms=(plain profile sample1)
agent_options() {
    case "$1" in
        plain) echo "" ;;
        profile) echo "-javaagent:$jar=profile,$common,out=$out/$2-profile-{pid}.json" ;;
        sample1) echo "-javaagent:$jar=profile,sample=1,$common,out=$out/$2-sample1-{pid}.json" ;;
    esac
}
for ((r = 1; r <= rounds; r++)); do
    for ((k = 0; k < 3; k++)); do
        arm="${arms[$(( (r - 1 + k) % 3 ))]}"
        echo "== round $r: $arm" >&2
        JAVA_TOOL_OPTIONS="$(agent_options "$arm" "round$r")" \
            "$root/mutexlab" apps --locks jdk --budget 0s --out "$out/round$r-$arm.json" >"$out/round$r-$arm.txt"
    done
    for arm in profile sample1; do
        echo "== round $r: $arm against plain"
        "$root/mutexlab" compare "$out/round$r-plain.json" "$out/round$r-$arm.json"
    done
done
