package dev.mutexlab.lab.results;

import java.util.List;

/**
 * The JSON result of {@code mutexlab run} (schema {@value #SCHEMA}, documented in docs/results-schema.md).
 *
 * @param schema    {@value #SCHEMA} when written; {@value #SCHEMA_1_0} in files written before the
 *                  hiccup meter, run-queue delay and the lock events line, which read back with those absent
 * @param command   the command line that produced it
 * @param createdAt ISO-8601 instant
 * @param machine   where it ran
 * @param config    the configuration, as specs and nanoseconds
 * @param groups    one per (thread kind, procs)
 */
public record RunResult(String schema, String command, String createdAt, Machine machine, Config config,
                        List<GroupResult> groups) implements Result {
    public static final String SCHEMA = "mutexlab.run/1.1";
    /** The first version, still read: the same fields less {@code hiccups}, {@code runQueue*}. */
    public static final String SCHEMA_1_0 = "mutexlab.run/1";

    /** The configuration as it appears in the file. */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<Integer> workers,
                         List<Long> holdNanos, String outside, long durationNanos, long warmupNanos, int runs,
                         boolean recordWaits) {
    }
}
