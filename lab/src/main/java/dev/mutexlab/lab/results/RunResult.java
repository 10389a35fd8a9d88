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
 * @param verdicts  every lock's throughput against the first lock's, cell by cell, with its interval and
 *                  verdict (1.2; null in older files, where {@code compare} and the table recompute them)
 */
public record RunResult(String schema, String command, String createdAt, Machine machine, Config config,
                        List<GroupResult> groups, List<VerdictRow> verdicts) implements Result {
    public static final String SCHEMA = "mutexlab.run/1.2";
    /** The version before the verdicts, still read: the same fields less {@code verdicts}. */
    public static final String SCHEMA_1_1 = "mutexlab.run/1.1";
    /** The first version, still read: the same fields less {@code hiccups}, {@code runQueue*}. */
    public static final String SCHEMA_1_0 = "mutexlab.run/1";

    /** A result without verdicts (they are added once every batch is in: {@link #withVerdicts}). */
    public RunResult(String schema, String command, String createdAt, Machine machine, Config config,
                     List<GroupResult> groups) {
        this(schema, command, createdAt, machine, config, groups, null);
    }

    /** The same result with {@code rows} as its verdicts. */
    public RunResult withVerdicts(List<VerdictRow> rows) {
        return new RunResult(schema, command, createdAt, machine, config, groups, rows);
    }

    /** The configuration as it appears in the file. */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<Integer> workers,
                         List<Long> holdNanos, String outside, long durationNanos, long warmupNanos, int runs,
                         boolean recordWaits) {
    }
}
