package dev.mutexlab.lab.torture;

import java.util.List;
import java.util.Map;

/**
 * The outcome of torturing one lock, in the spirit of Linux locktorture's
 * {@code Writes: Total: N Max/Min: a/b ??? Fail: f !!!} line.
 *
 * @param spec               the lock spec
 * @param threads            the writers' thread kinds, {@code platform,virtual}
 * @param writers            writer slots
 * @param durationNanos      how long the writers ran, stop to stop (without the drain)
 * @param totalAcquisitions  successful outermost acquisitions, all writers
 * @param maxPerWriter       the most acquisitions by one writer slot
 * @param minPerWriter       the fewest acquisitions by one writer slot
 * @param imbalanced         locktorture's {@code ???}: max > 2 × min (unfairness or starvation, not a failure)
 * @param operations         what the writers did and how it ended (lock, try-lock-failed, timed-out, ...)
 * @param faults             faults injected, by {@link FaultKind#key()}
 * @param failures           detector failures, by {@link FailureKind#key()}; any non-zero makes the verdict FAILURE
 * @param failureSamples     the first few failure messages, one line each
 * @param parallelism        how the virtual-thread carrier count was varied, or why it was not
 * @param writerResults      per writer slot
 * @param verdict            {@code SUCCESS} or {@code FAILURE}
 */
public record TortureOutcome(String spec, String threads, int writers, long durationNanos, long totalAcquisitions,
                         long maxPerWriter, long minPerWriter, boolean imbalanced, Map<String, Long> operations,
                         Map<String, Long> faults, Map<String, Long> failures, List<String> failureSamples,
                         String parallelism, List<WriterResult> writerResults, String verdict) {
    public static final String SUCCESS = "SUCCESS";
    public static final String FAILURE = "FAILURE";

    /** Whether no detector fired. */
    public boolean success() {
        return SUCCESS.equals(verdict);
    }

    /** The count of failures of {@code kind}. */
    public long failures(FailureKind kind) {
        return failures.getOrDefault(kind.key(), 0L);
    }

    /** The count of faults of {@code kind} injected. */
    public long faults(FaultKind kind) {
        return faults.getOrDefault(kind.key(), 0L);
    }

    /** The total failures of every kind. */
    public long totalFailures() {
        return failures.values().stream().mapToLong(Long::longValue).sum();
    }
}
