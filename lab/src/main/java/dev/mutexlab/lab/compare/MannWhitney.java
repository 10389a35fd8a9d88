package dev.mutexlab.lab.compare;

import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

/**
 * The two-sided Mann–Whitney U test, as benchstat uses it to say whether two sets of runs differ.
 * Small samples without ties get the exact distribution of U (the normal approximation is wrong
 * there: 3 runs against 3 fully separated ones give p = 0.1 exactly, not 0.05); larger samples or
 * samples with ties use commons-math3's normal approximation.
 */
public final class MannWhitney {
    /** Up to this many values in all, without ties, p is exact. */
    static final int EXACT_MAX_TOTAL = 40;

    private MannWhitney() {
    }

    /** The two-sided p-value that {@code a} and {@code b} come from the same distribution; 1 if either is empty. */
    public static double pValue(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) {
            return 1.0;
        }
        if (a.length + b.length <= EXACT_MAX_TOTAL && !hasTies(a, b)) {
            return exact(a, b);
        }
        if (allEqual(a, b)) {
            return 1.0;
        }
        return new MannWhitneyUTest().mannWhitneyUTest(a, b);
    }

    /** U: the number of pairs (x from a, y from b) with x > y; ties count a half. */
    public static double u(double[] a, double[] b) {
        double u = 0;
        for (double x : a) {
            for (double y : b) {
                u += x > y ? 1 : x == y ? 0.5 : 0;
            }
        }
        return u;
    }

    static double exact(double[] a, double[] b) {
        int m = a.length;
        int n = b.length;
        int u = (int) u(a, b);
        // counts[i][j][k]: arrangements of i a's and j b's with U = k; only two rows of i kept.
        double[][] prev = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            prev[j] = new double[m * n + 1];
            prev[j][0] = 1; // i = 0: U = 0
        }
        for (int i = 1; i <= m; i++) {
            double[][] cur = new double[n + 1][m * n + 1];
            cur[0][0] = 1; // j = 0: U = 0
            for (int j = 1; j <= n; j++) {
                for (int k = 0; k <= i * j; k++) {
                    // the largest value is an a (it beats all j b's) or a b (adds nothing)
                    cur[j][k] = (k >= j ? prev[j][k - j] : 0) + cur[j - 1][k];
                }
            }
            prev = cur;
        }
        double[] dist = prev[n];
        double total = 0;
        double low = 0;
        double high = 0;
        for (int k = 0; k <= m * n; k++) {
            total += dist[k];
            low += k <= u ? dist[k] : 0;
            high += k >= u ? dist[k] : 0;
        }
        return Math.min(1.0, 2 * Math.min(low, high) / total);
    }

    private static boolean hasTies(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        java.util.Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    private static boolean allEqual(double[] a, double[] b) {
        double first = a[0];
        for (double x : a) {
            if (x != first) {
                return false;
            }
        }
        for (double y : b) {
            if (y != first) {
                return false;
            }
        }
        return true;
    }
}
