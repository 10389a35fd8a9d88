package dev.mutexlab.lab.results;

import java.util.List;

/**
 * The JSON result of {@code mutexlab run} (schema {@value #SCHEMA}, documented in docs/results-schema.md).
 *
 * @param schema    always {@value #SCHEMA}
 * @param command   the command line that produced it
 * @param createdAt ISO-8601 instant
 * @param machine   where it ran
 * @param config    the configuration, as specs and nanoseconds
 * @param groups    one per (thread kind, procs)
 */
public record RunResult(String schema, String command, String createdAt, Machine machine, Config config,
                        List<GroupResult> groups) implements Result {
    public static final String SCHEMA = "mutexlab.run/1";

    /** The configuration as it appears in the file. */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<Integer> workers,
                         List<Long> holdNanos, String outside, long durationNanos, long warmupNanos, int runs,
                         boolean recordWaits) {
    }
}
