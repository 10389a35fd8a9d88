package dev.mutexlab.lab.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The lab's arithmetic, as pure functions: medians and ranges, fairness, ratios within a batch. */
public final class Metrics {
    private Metrics() {
    }

    /** The median (mean of the middle two for an even count); NaN for no values. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    /** Median, min and max. */
    public static Spread spread(double[] values) {
        if (values.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN);
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return new Spread(median(values), min, max);
    }

    /** Jain's fairness index (Σx)² / (n·Σx²): 1 when all equal, 1/n when one gets everything. */
    public static double jain(long[] counts) {
        if (counts.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        double sumSq = 0;
        for (long c : counts) {
            sum += c;
            sumSq += (double) c * c;
        }
        return sumSq == 0 ? 1.0 : sum * sum / (counts.length * sumSq);
    }

    /** Most / fewest; null when the fewest is zero. */
    public static Double maxMinRatio(long[] counts) {
        long min = Long.MAX_VALUE;
        long max = 0;
        for (long c : counts) {
            min = Math.min(min, c);
            max = Math.max(max, c);
        }
        return counts.length == 0 || min == 0 ? null : (double) max / min;
    }

    /**
     * Ratios within each batch: {@code throughput[lock][run] / throughput[0][run]}. Runs are never
     * compared across batches; a batch where the baseline measured zero gives NaN.
     */
    public static double[][] ratiosWithinBatch(double[][] throughput) {
        double[][] ratios = new double[throughput.length][];
        for (int lock = 0; lock < throughput.length; lock++) {
            ratios[lock] = new double[throughput[lock].length];
            for (int run = 0; run < throughput[lock].length; run++) {
                double base = throughput[0][run];
                ratios[lock][run] = base == 0 ? Double.NaN : throughput[lock][run] / base;
            }
        }
        return ratios;
    }

    /** The order in which batch {@code run} measures {@code n} locks: rotated by one each batch. */
    public static List<Integer> rotatedOrder(int n, int run) {
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add((i + run) % n);
        }
        return order;
    }
}
