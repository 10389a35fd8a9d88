#!/usr/bin/env bash
# The JMH measurements behind docs/RESULTS.md §2: the uncontended table and the fast path before
# and after its changes, and what observability costs (3b), into docs/results/. Run it on an otherwise idle machine; about 45
# minutes (the uncontended part alone, steps 1-4, about 15).
# Usage: scripts/measure-jmh.sh [OUTDIR]   (default docs/results)
set -euo pipefail
case "${1:-}" in
    -h|--help) awk 'NR > 1 && /^set -euo/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "measure-jmh.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/results}"
ml="$root/mutexlab"
cd "$root"
. "$root/scripts/jdk.sh"
jfc="$root/locks/src/main/resources/dev/mutexlab/locks/mutexlab.jfc"

# 1. The uncontended table: every spec, synchronized and the CAS floor; ns/op ± error, ÷ jdk, ÷ floor.
"$ml" jmh Uncontended -rf json -rff "$out/jmh-uncontended.json" | tee "$out/jmh-uncontended.txt"

# 2. The fast path before: the same benchmark on the commit that added bench/ but not the fast-path
#    changes (opaque owner stores, GoMutex unlock as CAS then add).
before="$(mktemp -d)"
git worktree add --detach "$before" fefd7b4 >/dev/null
(cd "$before" && mvn -B -q -DskipTests -pl bench -am package >/dev/null \
    && "$JAVA_HOME/bin/java" -jar bench/target/benchmarks.jar Uncontended \
        -p spec=go,spinbit,futex,kernel,semaphore,semaphore:handoff,jdk,jdk-fair \
        -rf json -rff "$out/jmh-uncontended-before.json") | tee "$out/jmh-uncontended-before.txt"
git worktree remove --force "$before"

# 3. The JFR events cost the uncontended path nothing, even with a recording that enables them.
"$ml" jmh Uncontended -p spec=go,jdk -jvmArgsAppend "-XX:StartFlightRecording:settings=$jfc,filename=$(mktemp -d)/u.jfr" \
    -rf json -rff "$out/jmh-uncontended-jfr-on.json" | tee "$out/jmh-uncontended-jfr-on.txt"

# 3b. What observability costs (issue 20), uncontended and contended, go and lineup against jdk:
#     (a) nothing, (b) the JDK's default continuous recording, (c) mutexlab.jfc, (d) statistics on.
#     Step 1 is also the owner-as-AbstractOwnableSynchronizer check: every spec must stay <= 1.0x jdk.
for cfg in none default mutexlab stats; do
    specs=go,lineup,jdk
    args=()
    case "$cfg" in
        default) args=(-jvmArgsAppend "-XX:StartFlightRecording:settings=default,filename=$(mktemp -d)/d.jfr") ;;
        mutexlab) args=(-jvmArgsAppend "-XX:StartFlightRecording:settings=default,settings=$jfc,filename=$(mktemp -d)/m.jfr") ;;
        stats) specs=go:stats,lineup:stats,jdk ;;
    esac
    "$ml" jmh 'Uncontended.lockUnlock|Contended' -p spec="$specs" "${args[@]}" \
        -rf json -rff "$out/jmh-observability-$cfg.json" | tee "$out/jmh-observability-$cfg.txt"
done

# 4. Allocation on the fast path (expected 0 B/op everywhere); add -prof perfasm where perf and hsdis exist.
"$ml" jmh Uncontended -p spec=go,lineup,jdk -prof gc -rf json -rff "$out/jmh-uncontended-gc.json" \
    | tee "$out/jmh-uncontended-gc.txt"

# 5. The other questions: failing tryLock, reentrant acquire, condition ping-pong, contended 2 and 4 threads.
"$ml" jmh 'TryLockFails|Reentrant|ConditionPingPong|Contended' -rf json -rff "$out/jmh-others.json" \
    | tee "$out/jmh-others.txt"

"$ml" report "$out/jmh-uncontended.json" "$out/jmh-others.json" -o "$out/jmh-report.html"
