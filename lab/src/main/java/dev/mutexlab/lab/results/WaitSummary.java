package dev.mutexlab.lab.results;

import org.HdrHistogram.Histogram;

/** Percentiles of the wait to acquire, from an HdrHistogram (nanoseconds). */
public record WaitSummary(long count, long p50Nanos, long p99Nanos, long p999Nanos, long maxNanos) {

    public static WaitSummary of(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return new WaitSummary(0, 0, 0, 0, 0);
        }
        return new WaitSummary(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue());
    }
}
