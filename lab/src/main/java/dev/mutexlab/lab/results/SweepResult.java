package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.Spread;
import java.util.List;

/**
 * The JSON result of {@code mutexlab sweep} (schema {@value #SCHEMA}, documented in
 * docs/results-schema.md). Groups and shapes are as in {@link RunResult}; the summary holds, per
 * thread kind and lock, Go's starvation-mode experiment's summary: the per-shape median ratios to the first lock by
 * (hold, outside), summarized over the other dimensions (workers, procs).
 *
 * @param schema    {@value #SCHEMA} when written; {@value #SCHEMA_1_0} (shapes without the hiccup meter
 *                  and run-queue delay) is still read
 * @param command   the command line that produced it (of the session that finished it)
 * @param createdAt ISO-8601 instant the sweep finished
 * @param machine   where it ran
 * @param config    the grid as measured ({@code outside} is a comma list, procs already clipped)
 * @param clipped   what was left out of the grid for this machine, in words (empty when nothing)
 * @param sessions  how many sessions measured it (more than 1 when it was resumed)
 * @param groups    one per (thread kind, procs)
 * @param summary   Go's starvation-mode experiment's summary
 */
public record SweepResult(String schema, String command, String createdAt, Machine machine, RunResult.Config config,
                          String clipped, int sessions, List<GroupResult> groups, List<SummaryRow> summary) implements Result {
    public static final String SCHEMA = "mutexlab.sweep/1.2";
    /** The version before each sample's {@code noise}, still read. */
    public static final String SCHEMA_1_1 = "mutexlab.sweep/1.1";
    /** The first version, still read. */
    public static final String SCHEMA_1_0 = "mutexlab.sweep/1";

    /**
     * One cell of Go's starvation-mode experiment's summary.
     *
     * @param threads   thread kind
     * @param lock      the lock compared
     * @param baseline  the first lock, which the ratios are to
     * @param holdNanos hold
     * @param outside   outside work as configured ({@code 0}, {@code 1x}, {@code 10x})
     * @param shapes    how many shapes (workers × procs) it summarizes
     * @param ratio     median and range of the shapes' median ratios
     */
    public record SummaryRow(String threads, String lock, String baseline, long holdNanos, String outside, int shapes,
                             Spread ratio) {
    }
}
