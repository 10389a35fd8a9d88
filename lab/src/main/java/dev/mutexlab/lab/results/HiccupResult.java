package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.Spread;
import java.util.List;

/**
 * The hiccup meter of one (thread kind, procs, workers) block, in the style of jHiccup: {@code threads}
 * threads of the block's kind, in the same confined JVM, busy-loop on {@link System#nanoTime()} and never
 * take a lock; the gap between two consecutive reads is time the thread did not run. Its longest stall is
 * the platform's stall floor beside which a lock's longest wait is read.
 *
 * @param label        always {@value #LABEL}
 * @param threads      busy threads
 * @param per          {@code worker} (one per worker) or {@code cpu} (one per CPU)
 * @param longestStall the longest stall of each batch (nanoseconds), median and range
 * @param stalls       the stalls of at least {@value #STALL_THRESHOLD_NANOS} ns, every batch merged
 * @param stalledShare the share of the threads' time lost to those stalls, median and range
 * @param runs         one window per batch
 */
public record HiccupResult(String label, int threads, String per, Spread longestStall, WaitSummary stalls,
                           Spread stalledShare, List<HiccupSample> runs) {
    public static final String LABEL = "(hiccup)";
    /** A gap shorter than this is the loop itself (a clock read is tens of nanoseconds), not a stall. */
    public static final long STALL_THRESHOLD_NANOS = 10_000;
    public static final String PER_WORKER = "worker";
    public static final String PER_CPU = "cpu";
}
