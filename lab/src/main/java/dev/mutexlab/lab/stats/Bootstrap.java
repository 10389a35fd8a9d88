package dev.mutexlab.lab.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap confidence interval of a median: resample the values with replacement
 * {@value #RESAMPLES} times, take each resample's median, and report the middle
 * {@value #CONFIDENCE} of those medians. Seeded, so the same values always give the same interval.
 *
 * <p>Values that come in clusters (batches from the same JVM) are resampled in two stages
 * ({@link #clusterMedian}): whole clusters with replacement, then values within each drawn cluster,
 * so the interval carries the spread between JVMs as well as within them (Davison and Hinkley,
 * <i>Bootstrap Methods and their Application</i>, 1997, §3.8).
 */
public final class Bootstrap {
    /** Resamples per interval. */
    public static final int RESAMPLES = 2_000;
    /** The interval's coverage. */
    public static final double CONFIDENCE = 0.95;
    /** The fixed seed: an interval is a function of its values. */
    private static final long SEED = 0x6d75746578L; // "mutex"

    private Bootstrap() {
    }

    /** The median of {@code values} with its interval; all NaN for no values. */
    public static Interval median(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).toArray();
        if (v.length == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] medians = new double[RESAMPLES];
        double[] resample = new double[v.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < v.length; i++) {
                resample[i] = v[random.nextInt(v.length)];
            }
            medians[r] = Metrics.median(resample);
        }
        return interval(Metrics.median(v), medians, v.length);
    }

    /**
     * The median of {@code values} with a two-stage cluster-bootstrap interval: each resample draws
     * as many clusters as there are, with replacement, and from each drawn cluster as many of its
     * values as it has, with replacement. {@code clusters[i]} names the cluster of {@code values[i]};
     * NaN values are left out.
     */
    public static Interval clusterMedian(double[] values, int[] clusters) {
        double[][] byCluster = group(values, clusters);
        int n = Arrays.stream(byCluster).mapToInt(c -> c.length).sum();
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] medians = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            medians[r] = Metrics.median(resample(byCluster, random));
        }
        return interval(Metrics.median(Arrays.stream(byCluster).flatMapToDouble(Arrays::stream).toArray()), medians, n);
    }

    /**
     * The ratio median(now) ÷ median(old) of two separate sets of values, with its interval: each
     * resample draws each side on its own (by cluster where {@code oldClusters} / {@code newClusters}
     * are given, else value by value). {@code n} is the smaller side.
     */
    public static Interval ratioOfMedians(double[] old, int[] oldClusters, double[] now, int[] newClusters) {
        double[][] a = group(old, oldClusters != null ? oldClusters : distinctIds(old.length));
        double[][] b = group(now, newClusters != null ? newClusters : distinctIds(now.length));
        boolean aClustered = oldClusters != null && a.length >= 2;
        boolean bClustered = newClusters != null && b.length >= 2;
        a = aClustered ? a : group(old, distinctIds(old.length));
        b = bClustered ? b : group(now, distinctIds(now.length));
        int na = Arrays.stream(a).mapToInt(c -> c.length).sum();
        int nb = Arrays.stream(b).mapToInt(c -> c.length).sum();
        if (na == 0 || nb == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            ratios[r] = Metrics.median(resample(b, random)) / Metrics.median(resample(a, random));
        }
        double point = Metrics.median(Arrays.stream(b).flatMapToDouble(Arrays::stream).toArray())
                / Metrics.median(Arrays.stream(a).flatMapToDouble(Arrays::stream).toArray());
        return interval(point, ratios, Math.min(na, nb));
    }

    private static int[] distinctIds(int n) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        return ids;
    }

    /** The finite values by cluster, clusters in order of first appearance; empty clusters left out. */
    private static double[][] group(double[] values, int[] clusters) {
        java.util.Map<Integer, java.util.List<Double>> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            if (!Double.isNaN(values[i])) {
                map.computeIfAbsent(clusters[i], k -> new java.util.ArrayList<>()).add(values[i]);
            }
        }
        return map.values().stream().map(l -> l.stream().mapToDouble(Double::doubleValue).toArray()).toArray(double[][]::new);
    }

    /** One two-stage resample: clusters with replacement, then values within each drawn cluster. */
    private static double[] resample(double[][] byCluster, SplittableRandom random) {
        int total = 0;
        int[] drawn = new int[byCluster.length];
        for (int k = 0; k < byCluster.length; k++) {
            drawn[k] = random.nextInt(byCluster.length);
            total += byCluster[drawn[k]].length;
        }
        double[] out = new double[total];
        int at = 0;
        for (int k : drawn) {
            double[] c = byCluster[k];
            for (int i = 0; i < c.length; i++) {
                out[at++] = c[random.nextInt(c.length)];
            }
        }
        return out;
    }

    private static Interval interval(double point, double[] statistics, int n) {
        Arrays.sort(statistics);
        double tail = (1 - CONFIDENCE) / 2;
        int lowAt = (int) Math.floor(tail * (RESAMPLES - 1));
        int highAt = (int) Math.ceil((1 - tail) * (RESAMPLES - 1));
        return new Interval(point, statistics[lowAt], statistics[highAt], n);
    }

    /**
     * A median and its bootstrap interval.
     *
     * @param median the median of the values
     * @param low    the interval's low end
     * @param high   the interval's high end
     * @param n      how many values (batches) it rests on
     */
    public record Interval(double median, double low, double high, int n) {
        /** Whether there is a figure at all. */
        public boolean isEmpty() {
            return n == 0;
        }
    }
}
