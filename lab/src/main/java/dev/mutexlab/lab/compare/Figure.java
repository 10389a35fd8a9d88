package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.results.Noise;

/**
 * One figure of one lock, measured over several runs: the unit that {@link Comparison} pairs and the
 * report draws, whatever command wrote the file.
 *
 * @param group   the child JVM it was measured in ({@code platform P=2})
 * @param where   where it was measured, in words: a shape ({@code platform P=2 W=4 hold=10us outside=10us}),
 *                or a group and a benchmark ({@code platform P=2 ChanSync}) or workload ({@code platform P=2 cache})
 * @param lock    the lock spec
 * @param metric  what was measured, with its unit ({@link Metric})
 * @param values  one value per run
 * @param batches the batch (or run) each value was measured in, to pair a lock's value with the
 *                reference lock's of the same batch; null where values are not paired (then by position)
 * @param jvms    the child JVM each value was measured in, for the bootstrap by JVM; null: all in one
 * @param noise   what the machine did in each value's window (its line probes say the machine's state,
 *                {@link Noise#oneState}); null where not recorded
 */
public record Figure(String group, String where, String lock, Metric metric, double[] values, int[] batches, int[] jvms,
                     Noise[] noise) {
    /** A figure without a noise record per value. */
    public Figure(String group, String where, String lock, Metric metric, double[] values, int[] batches, int[] jvms) {
        this(group, where, lock, metric, values, batches, jvms, null);
    }

    /** A figure whose values are paired by position. */
    public Figure(String group, String where, String lock, Metric metric, double[] values) {
        this(group, where, lock, metric, values, null, null);
    }

    /** A figure measured in one JVM. */
    public Figure(String group, String where, String lock, Metric metric, double[] values, int[] batches) {
        this(group, where, lock, metric, values, batches, null);
    }

    /** The JVM of value {@code i}. */
    public int jvm(int i) {
        return jvms == null ? 0 : jvms[i];
    }

    /** The noise of value {@code i}'s window; null where not recorded. */
    public Noise noise(int i) {
        return noise == null ? null : noise[i];
    }

    /** The batch of value {@code i}. */
    public int batch(int i) {
        return batches == null ? i : batches[i];
    }

    /** What a figure measures. */
    public enum Metric {
        THROUGHPUT("acquisitions/s", true),
        NS_PER_OP("ns/op", false),
        OPS_PER_SEC("ops/s", true),
        COST_PER_OP("cost µs/op", false),
        DEVIANCE_PER_OP("deviance µs/op", false),
        P99_LATENCY("p99 latency µs/op", false),
        CPU_PER_OP("CPU ns/op", false);

        private final String label;
        private final boolean higherIsBetter;

        Metric(String label, boolean higherIsBetter) {
            this.label = label;
            this.higherIsBetter = higherIsBetter;
        }

        public String label() {
            return label;
        }

        /** Whether a larger value is an improvement (throughput) or a regression (time per op). */
        public boolean higherIsBetter() {
            return higherIsBetter;
        }
    }
}
