package dev.mutexlab.lab.fairness;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One task's latencies in the test-mutex benchmark: the operation count, the sum of latencies (for the
 * average cost per op), the sum of the absolute deltas between successive latencies (for the
 * average deviance per op), and the distribution. Owned by one thread; read after it has finished.
 */
public final class LatencyTrack {
    long ops;
    long sumLatencyNanos;
    long sumDeltaNanos;
    private long previousNanos = -1;
    final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(60), 2);

    /** Records one operation's latency. */
    public void record(long latencyNanos) {
        ops++;
        sumLatencyNanos += latencyNanos;
        if (previousNanos >= 0) {
            sumDeltaNanos += Math.abs(latencyNanos - previousNanos);
        }
        previousNanos = latencyNanos;
        histogram.recordValue(Math.min(latencyNanos, histogram.getHighestTrackableValue()));
    }

    public long ops() {
        return ops;
    }
}
