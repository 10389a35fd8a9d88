package dev.mutexlab.lab.gotoolchain;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What one run of the Go program prints: one JSON object (field names as below). {@code waits}
 * is its histogram of the wait to acquire as (nanoseconds, count) pairs, one per non-empty bucket
 * (the lowest value of the bucket, about 3% wide; the last pair carries the longest wait itself).
 *
 * @param goVersion    {@code runtime.Version()}
 * @param stepsPerNano the busy-work rate it used (calibrated when it was given none)
 * @param wallNanos    the measured window
 * @param cpuNanos     CPU time of the process in the window
 * @param perWorker    acquisitions of each goroutine in the window
 */
public record GoRun(String goVersion, int procs, int workers, long holdNanos, long outsideNanos, long thresholdNanos,
                    boolean gosched, double stepsPerNano, long wallNanos, long cpuNanos, long voluntarySwitches,
                    long involuntarySwitches, List<Long> perWorker, List<List<Long>> waits) {
    private static final long HISTOGRAM_MAX_NANOS = TimeUnit.SECONDS.toNanos(60);

    /** Parses the program's output; throws {@link IllegalArgumentException} naming what is wrong. */
    public static GoRun parse(String json) {
        GoRun run;
        try {
            run = ResultIO.json().readValue(json.strip(), GoRun.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the Go program printed no result JSON (" + e.getOriginalMessage() + "): "
                    + json.strip().lines().findFirst().orElse("nothing"));
        }
        if (run == null || run.perWorker() == null || run.waits() == null || run.wallNanos() <= 0
                || run.perWorker().size() != run.workers()) {
            throw new IllegalArgumentException("the Go program's result lacks fields: " + json.strip());
        }
        for (List<Long> pair : run.waits()) {
            if (pair == null || pair.size() != 2) {
                throw new IllegalArgumentException("the Go program's wait histogram is not (nanos, count) pairs: " + pair);
            }
        }
        return run;
    }

    /** Acquisitions in the window, all goroutines together. */
    public long acquisitions() {
        return perWorker.stream().mapToLong(Long::longValue).sum();
    }

    /** The waits as an HdrHistogram, as the Java workload records them. */
    public Histogram histogram() {
        Histogram h = new Histogram(HISTOGRAM_MAX_NANOS, 3);
        for (List<Long> pair : waits) {
            h.recordValueWithCount(Math.min(Math.max(0, pair.get(0)), HISTOGRAM_MAX_NANOS), pair.get(1));
        }
        return h;
    }

    /** This run as a sample of batch {@code run} at position {@code order}; its waits are added to {@code merged}. */
    public Sample toSample(int run, int order, Histogram merged) {
        Histogram h = histogram();
        if (merged != null) {
            merged.add(h);
        }
        long[] counts = perWorker.stream().mapToLong(Long::longValue).toArray();
        return new Sample(run, order, acquisitions() * 1e9 / wallNanos, acquisitions(), wallNanos, perWorker,
                WaitSummary.of(h), Metrics.jain(counts), Metrics.maxMinRatio(counts), (double) cpuNanos / wallNanos,
                voluntarySwitches, involuntarySwitches, Map.of(), 0.0, null);
    }
}
