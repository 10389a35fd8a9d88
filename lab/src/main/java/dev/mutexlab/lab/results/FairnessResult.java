package dev.mutexlab.lab.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code mutexlab fairness} writes ({@value #SCHEMA}, documented in docs/results-schema.md).
 *
 * @param groups   one per (thread kind, procs): one child JVM each
 * @param verdicts every lock's figures against the first lock's, per group, with interval and verdict
 *                 (1.1; null in older files, where the table and {@code compare} recompute them)
 */
public record FairnessResult(String schema, String command, String createdAt, Machine machine, Config config,
                             List<Group> groups, List<VerdictRow> verdicts) implements Result {
    public static final String SCHEMA = "mutexlab.fairness/1.1";
    /** The version before the verdicts, still read. */
    public static final String SCHEMA_1_0 = "mutexlab.fairness/1";

    /** A result without verdicts (they are added once every run is in: {@link #withVerdicts}). */
    public FairnessResult(String schema, String command, String createdAt, Machine machine, Config config, List<Group> groups) {
        this(schema, command, createdAt, machine, config, groups, null);
    }

    /** The same result with {@code rows} as its verdicts. */
    public FairnessResult withVerdicts(List<VerdictRow> rows) {
        return new FairnessResult(schema, command, createdAt, machine, config, groups, rows);
    }

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

    /**
     * The samples of lock number {@code index} of {@code locks} in {@code g}, in run order. A lock listed
     * twice (the A/A control) is told apart by its place in the run: run r measures the locks in an
     * order rotated by r, position k being lock (k + r) mod n, and a group keeps its samples in the
     * order they were measured. Samples whose place does not name their lock (a file edited by hand)
     * go to the first entry of that name.
     */
    public static List<Sample> samplesOf(Group g, List<String> locks, int index) {
        int n = locks.size();
        if (n == 0) {
            return List.of();
        }
        Map<Integer, Integer> position = new HashMap<>();
        List<Sample> out = new ArrayList<>();
        for (Sample s : g.samples()) {
            int k = position.merge(s.run(), 1, Integer::sum) - 1;
            int at = Math.floorMod(k + s.run(), n);
            int owner = locks.get(at).equals(s.lock()) ? at : locks.indexOf(s.lock());
            if (owner == index) {
                out.add(s);
            }
        }
        out.sort(java.util.Comparator.comparingInt(Sample::run));
        return out;
    }
}
