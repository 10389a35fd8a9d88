package dev.mutexlab.lab.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * The lab's one rule for calling a ratio: the bootstrap interval of its median, judged against a
 * no-effect band ({@link NoEffectBand}: the ±5% equivalence margin, widened only where an A/A control
 * shows the run cannot resolve it). Every command that compares locks ({@code run}, {@code sweep},
 * {@code apps}, {@code real}, {@code fairness}, {@code suite}, {@code compare}, {@code reproduce}) goes
 * through here.
 *
 * <p>The rule, in order: fewer than {@value #MIN_BATCHES} batches, or no interval: <b>cannot tell (n)</b>.
 * Interval wholly above the band: <b>above</b> (faster, for throughput); wholly below: <b>below</b>;
 * wholly inside: <b>within ±X%</b>, an equivalence claim in the TOST manner (the effect is smaller
 * than the band, at the interval's confidence); otherwise <b>cannot tell</b>: the interval straddles an edge of the
 * band, and only more batches (or a wider band) can decide it. An undecided cell is never rounded
 * into a verdict.
 *
 * <p>Batches from one JVM share that JVM's JIT decisions, heap layout and the machine's mood while it
 * ran; treating them as independent understates the spread between runs. So where the batches come
 * from two JVMs or more, the interval resamples whole JVMs and then batches within each
 * ({@link Bootstrap#clusterMedian}); from one JVM it can only resample the batches, and the verdict
 * then speaks for that JVM.
 */
public final class RatioVerdicts {
    /** The fewest batches an interval needs before it can carry a verdict (a two-sided sign test at 5 gives 0.0625). */
    public static final int MIN_BATCHES = 5;
    /** Relative slack at the band's edges: exp(−log x) is not always x to the last bit. */
    private static final double EDGE_SLACK = 1e-12;

    private RatioVerdicts() {
    }

    /** The verdict on ratios taken within each batch; {@code jvms[i]} is the JVM batch i came from (null: one JVM). */
    public static RatioVerdict of(double[] ratios, int[] jvms, NoEffectBand band) {
        int[] clusters = jvms != null ? jvms : new int[ratios.length];
        double[] v = new double[ratios.length];
        int[] c = new int[ratios.length];
        int n = 0;
        for (int i = 0; i < ratios.length; i++) {
            if (Double.isFinite(ratios[i])) {
                v[n] = ratios[i];
                c[n++] = clusters[i];
            }
        }
        v = Arrays.copyOf(v, n);
        c = Arrays.copyOf(c, n);
        int jvmCount = (int) Arrays.stream(c).distinct().count();
        Bootstrap.Interval interval = jvmCount >= 2 ? Bootstrap.clusterMedian(v, c) : Bootstrap.median(v);
        return judge(interval, jvmCount, band);
    }

    /**
     * The verdict on new ÷ old, where old and new are separate sets of runs (two result files): the
     * interval of the ratio of their medians, each side resampled on its own (by JVM where it has several).
     */
    public static RatioVerdict change(double[] old, int[] oldJvms, double[] now, int[] newJvms, NoEffectBand band) {
        Bootstrap.Interval interval = Bootstrap.ratioOfMedians(old, oldJvms, now, newJvms);
        int jvms = Math.min(distinct(oldJvms, old.length), distinct(newJvms, now.length));
        return judge(interval, jvms, band);
    }

    private static int distinct(int[] jvms, int n) {
        return jvms == null ? (n == 0 ? 0 : 1) : (int) Arrays.stream(jvms).distinct().count();
    }

    /** The verdict an interval carries against {@code band}. */
    public static RatioVerdict judge(Bootstrap.Interval interval, int jvms, NoEffectBand band) {
        int n = interval.n();
        double lo = interval.low();
        double hi = interval.high();
        if (n < MIN_BATCHES || !Double.isFinite(lo) || !Double.isFinite(hi)) {
            String why = n == 0 ? "no batches" : String.format(Locale.ROOT, "n=%d < %d", n, MIN_BATCHES);
            return new RatioVerdict(interval.median(), lo, hi, n, jvms, band.low(), band.high(), RatioVerdict.Call.CANNOT_TELL, why);
        }
        RatioVerdict.Call call;
        String reason = "";
        // an edge the interval itself set (an A/A band from this very cell) must not be lost to rounding
        double bandLow = band.low() * (1 - EDGE_SLACK);
        double bandHigh = band.high() * (1 + EDGE_SLACK);
        if (lo > bandHigh) {
            call = RatioVerdict.Call.ABOVE;
        } else if (hi < bandLow) {
            call = RatioVerdict.Call.BELOW;
        } else if (lo >= bandLow && hi <= bandHigh) {
            call = RatioVerdict.Call.WITHIN;
        } else {
            call = RatioVerdict.Call.CANNOT_TELL;
            reason = String.format(Locale.ROOT, "n=%d, interval crosses %s", n, band.label());
        }
        return new RatioVerdict(interval.median(), lo, hi, n, jvms, band.low(), band.high(), call, reason);
    }
}
