package dev.mutexlab.lab.apps;

import java.util.SplittableRandom;

/**
 * Keys {@code 0 .. n-1} drawn from a Zipf distribution: key {@code k} with probability proportional
 * to {@code 1 / (k+1)^s}, so key 0 is the hottest; {@code s = 0} is uniform. Sampling inverts the
 * cumulative distribution, precomputed once, by binary search (about 14 steps for 10,000 keys).
 */
public final class Zipf {
    private final double[] cumulative;

    public Zipf(int n, double s) {
        if (n < 1) {
            throw new IllegalArgumentException("a Zipf distribution needs at least one key");
        }
        cumulative = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1.0 / Math.pow(k + 1, s);
            cumulative[k] = sum;
        }
        for (int k = 0; k < n; k++) {
            cumulative[k] /= sum;
        }
        cumulative[n - 1] = 1.0;
    }

    /** The number of keys. */
    int keys() {
        return cumulative.length;
    }

    /** The probability of key {@code k}. */
    double probability(int k) {
        return k == 0 ? cumulative[0] : cumulative[k] - cumulative[k - 1];
    }

    /** A key. */
    public int next(SplittableRandom random) {
        double u = random.nextDouble();
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
