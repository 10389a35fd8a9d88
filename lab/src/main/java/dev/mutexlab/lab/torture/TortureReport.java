package dev.mutexlab.lab.torture;

import java.util.List;

/**
 * A whole torture session: the settings, the machine, and one {@link TortureOutcome} per lock. This
 * is the JSON document {@code mutexlab torture --out} writes (schema in {@code docs/torture.md}).
 *
 * @param schema             {@value #SCHEMA}
 * @param command            the command line, when run from the CLI
 * @param startedAt          ISO-8601 start time
 * @param javaVersion        {@code Runtime.version()}
 * @param cpus               available processors
 * @param durationPerLockNanos how long each lock was tortured
 * @param writers            writers per lock
 * @param threads            {@code platform}, {@code virtual} or {@code platform,virtual}
 * @param longHoldNanos      the long-hold time (0: off)
 * @param stutterNanos       the stutter run period (0: off)
 * @param stuckAfterNanos    the stuck-writer deadline
 * @param seed               the random seed
 * @param locks              per lock, in order
 * @param verdict            {@code SUCCESS} when every lock succeeded, else {@code FAILURE}
 */
public record TortureReport(String schema, String command, String startedAt, String javaVersion, int cpus,
                            long durationPerLockNanos, int writers, String threads, long longHoldNanos,
                            long stutterNanos, long stuckAfterNanos, long seed, List<TortureOutcome> locks,
                            String verdict) {
    public static final String SCHEMA = "mutexlab.torture/1";

    /** Whether every lock succeeded. */
    public boolean success() {
        return TortureOutcome.SUCCESS.equals(verdict);
    }
}
