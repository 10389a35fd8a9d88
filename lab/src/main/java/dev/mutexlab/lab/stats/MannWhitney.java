package dev.mutexlab.lab.stats;

import java.util.Arrays;

/**
 * The two-sided Mann–Whitney U test, as benchstat uses it to say whether two sets of runs differ:
 * exact (by counting every arrangement of the ranks) when there are no ties and the samples are
 * small, otherwise the normal approximation with tie and continuity corrections.
 */
public final class MannWhitney {
    private static final int EXACT_LIMIT = 50;

    private MannWhitney() {
    }

    /** The U statistic of {@code x} against {@code y}: pairs where x wins, ties counting half. */
    public static double u(double[] x, double[] y) {
        double u = 0;
        for (double a : x) {
            for (double b : y) {
                u += a > b ? 1 : a == b ? 0.5 : 0;
            }
        }
        return u;
    }

    /** The two-sided p-value that {@code x} and {@code y} come from the same distribution; 1 for an empty sample. */
    public static double pValue(double[] x, double[] y) {
        int n1 = x.length;
        int n2 = y.length;
        if (n1 == 0 || n2 == 0) {
            return 1;
        }
        double u = u(x, y);
        if (!hasTies(x, y) && n1 <= EXACT_LIMIT && n2 <= EXACT_LIMIT) {
            double[] cdf = exactCdf(n1, n2);
            double lower = cdf[(int) Math.floor(u)];
            double upper = 1 - (u >= 1 ? cdf[(int) Math.ceil(u) - 1] : 0);
            return Math.min(1, 2 * Math.min(lower, upper));
        }
        double[] all = new double[n1 + n2];
        System.arraycopy(x, 0, all, 0, n1);
        System.arraycopy(y, 0, all, n1, n2);
        Arrays.sort(all);
        double tieSum = 0;
        for (int i = 0; i < all.length; ) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            tieSum += t * t * t - t;
            i = j;
        }
        double n = n1 + n2;
        double mean = n1 * (double) n2 / 2;
        double var = n1 * (double) n2 / 12 * ((n + 1) - tieSum / (n * (n - 1)));
        if (var <= 0) {
            return 1;
        }
        double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(var);
        return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
    }

    private static boolean hasTies(double[] x, double[] y) {
        double[] all = new double[x.length + y.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    /** P(U ≤ u) for u = 0..n1·n2 with no ties: counts of rank arrangements, by recurrence. */
    static double[] exactCdf(int n1, int n2) {
        // counts[i][j][u]: arrangements of i x's and j y's with statistic u; built up over i and j.
        double[][] prev = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            prev[j] = new double[] {1};   // i = 0: one arrangement, U = 0
        }
        for (int i = 1; i <= n1; i++) {
            double[][] cur = new double[n2 + 1][];
            cur[0] = new double[] {1};
            for (int j = 1; j <= n2; j++) {
                // The largest value is an x (it beats all j y's: U shifts by j) or a y (no change).
                double[] withX = prev[j];
                double[] withY = cur[j - 1];
                double[] c = new double[i * j + 1];
                for (int k = 0; k < withX.length; k++) {
                    c[k + j] += withX[k];
                }
                for (int k = 0; k < withY.length; k++) {
                    c[k] += withY[k];
                }
                cur[j] = c;
            }
            prev = cur;
        }
        double[] counts = prev[n2];
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double[] cdf = new double[counts.length];
        double acc = 0;
        for (int k = 0; k < counts.length; k++) {
            acc += counts[k];
            cdf[k] = acc / total;
        }
        return cdf;
    }

    /** The standard normal CDF (Zelen–Severo via erf approximation, |error| < 1.5e-7). */
    static double normalCdf(double z) {
        double t = 1 / (1 + 0.3275911 * Math.abs(z) / Math.sqrt(2));
        double erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592)
                * t * Math.exp(-z * z / 2);
        return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
    }
}
