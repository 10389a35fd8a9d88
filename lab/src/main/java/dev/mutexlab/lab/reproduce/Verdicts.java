package dev.mutexlab.lab.reproduce;

import java.util.Arrays;

/**
 * The rules that turn a figure measured here into a verdict on a source's claim — the only place
 * they live; docs/verdicts.md says the same in words. Never tuned to agree with the source.
 *
 * <p>A ratio claim (the source reported a ratio or a range of ratios, see {@link SourceFigure}):
 * <ul>
 * <li>the <em>side</em> of a ratio is above (more than 1 + {@value #NOISE}), below (less than
 *     1 − {@value #NOISE}) or level (in between: no effect within the noise band);
 * <li><b>holds</b>: this machine's ratio is on the source's side and within the source's figure
 *     widened by the tolerance ({@value #TOLERANCE}×: from low ÷ tolerance to high × tolerance);
 * <li><b>holds in direction</b>: on the source's side (not level) but outside that window;
 * <li><b>does not hold</b>: on the other side, or level where the source reported an effect, or an
 *     effect where the source reported none;
 * <li><b>cannot tell here</b>: no figure (the experiment did not run, or the machine lacks what the
 *     claim needs — say which, e.g. "needs ≥ 10 CPUs").
 * </ul>
 * A target claim (every row at least a threshold): <b>holds</b> when every row reaches it,
 * <b>holds in direction</b> when the median row does, <b>does not hold</b> otherwise. A claim of
 * several targets at once: <b>holds</b> when every one is met, <b>holds in direction</b> when some
 * are, <b>does not hold</b> when none is.
 */
public final class Verdicts {
    /** Half-width of the band around 1 where a ratio counts as no effect. */
    public static final double NOISE = 0.05;
    /** How far (as a factor) a ratio may lie outside the source's figure and still hold. */
    public static final double TOLERANCE = 1.25;

    private Verdicts() {
    }

    /** The verdict on a ratio claim; {@code here} NaN: cannot tell. */
    public static Verdict ratio(SourceFigure source, double here) {
        if (Double.isNaN(here) || Double.isInfinite(here)) {
            return Verdict.CANNOT_TELL;
        }
        int sourceSide = source.low() >= 1 + NOISE ? 1 : source.high() <= 1 - NOISE ? -1 : 0;
        int hereSide = side(here);
        boolean inWindow = here >= source.low() / TOLERANCE && here <= source.high() * TOLERANCE;
        if (hereSide == sourceSide && inWindow) {
            return Verdict.HOLDS;
        }
        return sourceSide != 0 && hereSide == sourceSide ? Verdict.HOLDS_IN_DIRECTION : Verdict.DOES_NOT_HOLD;
    }

    /** Above (1), below (-1) or level (0) with the noise band. */
    static int side(double ratio) {
        return ratio > 1 + NOISE ? 1 : ratio < 1 - NOISE ? -1 : 0;
    }

    /** The verdict on a claim of several targets at once, given which are met. */
    public static Verdict allOf(boolean... met) {
        int count = 0;
        for (boolean m : met) {
            count += m ? 1 : 0;
        }
        return count == met.length ? Verdict.HOLDS : count > 0 ? Verdict.HOLDS_IN_DIRECTION : Verdict.DOES_NOT_HOLD;
    }

    /** The verdict on a target claim: every row of {@code rows} at least {@code threshold}. */
    public static Verdict target(double[] rows, double threshold) {
        double[] v = Arrays.stream(rows).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length == 0) {
            return Verdict.CANNOT_TELL;
        }
        if (v[0] >= threshold) {
            return Verdict.HOLDS;
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return median >= threshold ? Verdict.HOLDS_IN_DIRECTION : Verdict.DOES_NOT_HOLD;
    }
}
