package dev.mutexlab.lab.results;

import java.util.List;

/** What {@code mutexlab fairness} writes ({@value #SCHEMA}, documented in docs/results-schema.md). */
public record FairnessResult(String schema, String command, String createdAt, Machine machine, Config config,
                             List<Group> groups) implements Result {
    public static final String SCHEMA = "mutexlab.fairness/1";

    public record Config(List<String> locks, List<String> threads, List<Integer> procs, int tasks, long holdNanos,
                         long outsideNanos, long durationNanos, int runs) {
    }

    /** One child JVM: one thread kind on P processors. */
    public record Group(String threads, int procs, String enforcement, double busyStepsPerNano, List<Sample> samples) {
    }

    /** One lock, one run. Times in microseconds; latency = lock + operation + unlock, per op. */
    public record Sample(String lock, int run, long ops, long wallNanos, double opsPerSec, double costMicros,
                        double devianceMicros, double p50Micros, double p99Micros, double maxMicros,
                        long[] perTask, Double maxMinRatio, double jain) {
    }
}
