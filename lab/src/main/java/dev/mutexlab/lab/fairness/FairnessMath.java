package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.stats.Metrics;
import java.util.List;

/**
 * The test-mutex figures, as pure functions of per-task latencies: average ops/sec over the run, average
 * cost per op (the mean latency of an op, in absolute time), and average deviance per op — "measured
 * by summing up the deltas between subsequent latencies, and divided by the total number of ops"
 * (successive within each task, absolute values, summed over tasks).
 */
public final class FairnessMath {
    private FairnessMath() {
    }

    /** The figures for one lock: per-task latency tracks over {@code wallNanos}. */
    public record Figures(double opsPerSec, double costMicros, double devianceMicros, long[] perTask, double jain,
                          Double maxMinRatio) {
    }

    public static Figures of(List<LatencyTrack> tasks, long wallNanos) {
        long ops = 0;
        long sumLatency = 0;
        long sumDelta = 0;
        long[] perTask = new long[tasks.size()];
        for (int i = 0; i < perTask.length; i++) {
            LatencyTrack t = tasks.get(i);
            ops += t.ops;
            sumLatency += t.sumLatencyNanos;
            sumDelta += t.sumDeltaNanos;
            perTask[i] = t.ops;
        }
        return new Figures(ops / (wallNanos / 1e9), ops == 0 ? 0 : sumLatency / 1e3 / ops, ops == 0 ? 0 : sumDelta / 1e3 / ops,
                perTask, Metrics.jain(perTask), Metrics.maxMinRatio(perTask));
    }

    /** The same figures straight from latency lists (nanoseconds), one list per task: for tests and checks. */
    public static Figures of(long[][] latencies, long wallNanos) {
        List<LatencyTrack> tracks = new java.util.ArrayList<>();
        for (long[] task : latencies) {
            LatencyTrack t = new LatencyTrack();
            for (long l : task) {
                t.record(l);
            }
            tracks.add(t);
        }
        return of(tracks, wallNanos);
    }
}
