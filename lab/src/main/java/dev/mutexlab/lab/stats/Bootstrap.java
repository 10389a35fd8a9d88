package dev.mutexlab.lab.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap confidence interval of a median: resample the values with replacement
 * {@value #RESAMPLES} times, take each resample's median, and report the middle
 * {@value #CONFIDENCE} of those medians. Seeded, so the same values always give the same interval.
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
        Arrays.sort(medians);
        double tail = (1 - CONFIDENCE) / 2;
        int lowAt = (int) Math.floor(tail * (RESAMPLES - 1));
        int highAt = (int) Math.ceil((1 - tail) * (RESAMPLES - 1));
        return new Interval(Metrics.median(v), medians[lowAt], medians[highAt], v.length);
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
