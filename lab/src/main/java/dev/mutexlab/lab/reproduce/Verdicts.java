package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.stats.Bootstrap.Interval;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdicts;

/**
 * The rules that turn what was measured here into a verdict on a source's claim — the only place
 * they live; docs/verdicts.md says the same in words and {@code VerdictsDocTest} checks that the
 * two name the same constants. Never tuned to agree with the source.
 *
 * <p>A ratio claim is judged on the bootstrap interval of the row's median ratio
 * ({@link dev.mutexlab.lab.stats.Bootstrap}) against two ranges:
 * <ul>
 * <li>the <em>no-effect band</em> ({@link NoEffectBand}): the ±{@value #FIXED_NOISE} margin, checked by
 *     the A/A control (a lock against itself in the same batches): where the control's interval
 *     reaches beyond the margin, that interval made symmetric around 1; where a result has no A/A
 *     control, the margin alone;
 * <li>the source's <em>widened range</em>: its low end ÷ {@value #TOLERANCE} to its high end ×
 *     {@value #TOLERANCE}; for a source that reported an effect, never reaching into the band; for a
 *     direction-only source, everything beyond the band; for a level source, its own range (never
 *     widened) joined with the band.
 * </ul>
 * The source's side is above or below when its figure lies beyond 1 ± {@value #FIXED_NOISE}
 * (the source gives no interval of its own), level otherwise. Then, in this order:
 * <b>holds</b> when the interval lies inside the widened range; <b>holds in direction</b> when the
 * source reported an effect and the interval excludes the band on the source's side; <b>does not
 * hold</b> when the interval excludes the widened range on the other side (for a level source:
 * on either side) and, for a source that reported an effect (a difference) where the interval shows
 * less, when that effect is larger than the band says this machine can see: the source's figure
 * must lie beyond the interval's far end by more than the band (source ÷ band edge), so an effect
 * of 6% against a ±5% band is not refuted by an interval just inside the band, and a wide band
 * refutes only what lies a band's width from the source; otherwise <b>cannot tell</b>.
 *
 * <p>A one-sided claim ({@link SourceFigure#atLeast}: "ties or wins") holds when the interval's low
 * end lies above the band's low edge, does not hold when the whole interval lies below it, and
 * cannot tell otherwise ({@link SourceFigure#atMost} the other way round).
 *
 * An interval of fewer than {@value #MIN_BATCHES} batches carries no verdict: cannot tell.
 *
 * <p>A suite row (Go's benchmark table) has the bootstrap interval of old ÷ new, the ratio of the two
 * sets of runs' medians, judged by the same rule against the fixed ±{@value #FIXED_NOISE} band, and
 * the Mann–Whitney p-value of old against new: an effect counts only at p &lt; {@value #ALPHA} as well.
 *
 * <p>A share (of the ceiling) is a level the source measured: its figure scaled by the row's band,
 * never widened ({@link #share}).
 *
 * <p>A target (a figure at least a threshold) is met when the interval's low end reaches it,
 * missed when its high end is below it, undecided otherwise; a claim of several targets holds when
 * all are met and does not hold when any is missed.
 */
public final class Verdicts {
    /** The no-effect band where a result has no A/A control, and the source's own: ±5%. */
    public static final double FIXED_NOISE = NoEffectBand.FIXED_NOISE;
    /** The narrowest no-effect band an A/A control can give: the ±5% margin (NoEffectBand). */
    public static final double MIN_NOISE = NoEffectBand.MIN_NOISE;
    /** How far (as a factor) the interval may lie outside the source's figure and still hold. */
    public static final double TOLERANCE = 1.25;
    /** The fewest batches an interval needs before it can carry a verdict. */
    public static final int MIN_BATCHES = RatioVerdicts.MIN_BATCHES;
    /** The p-value below which a suite row counts as an effect. */
    public static final double ALPHA = 0.05;

    /** Whether a target was reached. */
    public enum Target { MET, MISSED, UNDECIDED }

    private Verdicts() {
    }

    /** The source's side: above (1), below (-1) or level (0) with the fixed band, as the source gives no interval. */
    static int sourceSide(SourceFigure source) {
        return source.low() >= 1 + FIXED_NOISE ? 1 : source.high() <= 1 - FIXED_NOISE ? -1 : 0;
    }

    /**
     * The source's range as {@link #ratio} reads it before the band: an effect's widened by
     * {@value #TOLERANCE}, a level's, a one-sided figure's and a direction's as the source gave it.
     * What the chart draws.
     */
    static double[] range(SourceFigure source) {
        boolean effect = source.direction() == SourceFigure.Direction.TWO_SIDED && !source.directionOnly() && sourceSide(source) != 0;
        return effect ? new double[] {source.low() / TOLERANCE, source.high() * TOLERANCE} : new double[] {source.low(), source.high()};
    }

    /** The verdict on a ratio claim from the interval of this machine's median ratio; an empty interval: cannot tell. */
    public static Verdict ratio(SourceFigure source, Interval here, NoEffectBand band) {
        if (!decidable(here)) {
            return Verdict.CANNOT_TELL;
        }
        if (source.direction() != SourceFigure.Direction.TWO_SIDED) {
            return oneSided(source, here, band);
        }
        double lo = here.low();
        double hi = here.high();
        int side = sourceSide(source);
        double wideLow = source.low() == Double.MIN_VALUE ? 0 : Double.isInfinite(source.high()) ? band.high()
                : source.low() / TOLERANCE;
        double wideHigh = Double.isInfinite(source.high()) ? Double.POSITIVE_INFINITY
                : source.low() == Double.MIN_VALUE ? band.low() : source.high() * TOLERANCE;
        if (side > 0) {
            double from = Math.max(wideLow, band.high());
            if (lo > from && hi <= wideHigh) {
                return Verdict.HOLDS;
            }
            if (lo > band.high()) {
                return Verdict.HOLDS_IN_DIRECTION;
            }
            // the source's effect set against the band: refuted only where it exceeds the interval by more than the band
            double refutedBelow = source.directionOnly() ? from : Math.min(from, source.low() / band.high());
            return hi < refutedBelow ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
        }
        if (side < 0) {
            double to = Math.min(wideHigh, band.low());
            if (hi < to && lo >= wideLow) {
                return Verdict.HOLDS;
            }
            if (hi < band.low()) {
                return Verdict.HOLDS_IN_DIRECTION;
            }
            double refutedAbove = source.directionOnly() ? to : Math.max(to, source.high() / band.low());
            return lo > refutedAbove ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
        }
        // a level source's range is its own words ("within 10%"): not widened, or 0.83 would count as within 10%
        double from = Math.min(source.low(), band.low());
        double to = Math.max(Double.isInfinite(source.high()) ? band.high() : source.high(), band.high());
        if (lo >= from && hi <= to) {
            return Verdict.HOLDS;
        }
        return lo > to || hi < from ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
    }

    /**
     * A one-sided claim ("ties or wins": {@link SourceFigure.Direction#AT_LEAST}): holds when the
     * interval's low end lies above the band's low edge (scaled by the source's figure, 1 for a tie),
     * does not hold when the whole interval lies below that edge, cannot tell otherwise; "ties or
     * loses" the other way round. How far beyond the tie the interval lies does not matter: the
     * claim allows any win.
     */
    static Verdict oneSided(SourceFigure source, Interval here, NoEffectBand band) {
        if (source.direction() == SourceFigure.Direction.AT_LEAST) {
            double edge = source.low() * band.low();
            return here.low() > edge ? Verdict.HOLDS : here.high() < edge ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
        }
        double edge = source.high() * band.high();
        return here.high() < edge ? Verdict.HOLDS : here.low() > edge ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
    }

    /** Whether an interval can carry a verdict: at least {@value #MIN_BATCHES} batches and finite ends. */
    static boolean decidable(Interval here) {
        return here.n() >= MIN_BATCHES && Double.isFinite(here.low()) && Double.isFinite(here.high());
    }

    /**
     * The verdict on a share (a figure with no "no effect" level, such as the share of the ceiling):
     * a level the source measured, so its own figure is never widened by {@value #TOLERANCE} (that
     * tolerance is for the size of an effect, which moves from machine to machine; "about 48%" does
     * not become 38–60%). The range is the source's figure scaled by the row's no-effect band, the
     * noise this machine showed on the throughput the share is made of: holds inside it, does not
     * hold when the interval excludes it, otherwise cannot tell.
     */
    public static Verdict share(SourceFigure source, Interval here, NoEffectBand band) {
        if (!decidable(here)) {
            return Verdict.CANNOT_TELL;
        }
        double from = source.low() * band.low();
        double to = source.high() * band.high();
        if (here.low() >= from && here.high() <= to) {
            return Verdict.HOLDS;
        }
        return here.low() > to || here.high() < from ? Verdict.DOES_NOT_HOLD : Verdict.CANNOT_TELL;
    }

    /**
     * The verdict on a suite row: the bootstrap interval of old ÷ new (the ratio of the two sets of
     * runs' medians, each set resampled on its own) judged by {@link #ratio} against the fixed band,
     * with the Mann–Whitney {@code pValue} of the two sets as a second witness: an effect (a holds,
     * or an effect where the source had none) counts only at p &lt; {@value #ALPHA}. A refutation needs
     * no p-value: an interval inside the band, or beyond it against the source, is one by itself.
     */
    public static Verdict suite(SourceFigure source, Interval here, double pValue) {
        Verdict v = ratio(source, here, NoEffectBand.FIXED);
        if (pValue < ALPHA || source.direction() != SourceFigure.Direction.TWO_SIDED) {
            return v;
        }
        if (sourceSide(source) != 0) {
            return v == Verdict.HOLDS || v == Verdict.HOLDS_IN_DIRECTION ? Verdict.CANNOT_TELL : v;
        }
        return v == Verdict.DOES_NOT_HOLD ? Verdict.CANNOT_TELL : v;
    }

    /** Whether the interval reaches {@code threshold}. */
    public static Target meets(Interval here, double threshold) {
        if (here.n() < MIN_BATCHES) {
            return Target.UNDECIDED;
        }
        return here.low() >= threshold ? Target.MET : here.high() < threshold ? Target.MISSED : Target.UNDECIDED;
    }

    /** Whether the interval stays at or below {@code ceiling}. */
    public static Target atMost(Interval here, double ceiling) {
        if (here.n() < MIN_BATCHES) {
            return Target.UNDECIDED;
        }
        return here.high() <= ceiling ? Target.MET : here.low() > ceiling ? Target.MISSED : Target.UNDECIDED;
    }

    /** The verdict on a claim of one or several targets at once. */
    public static Verdict allOf(Target... targets) {
        boolean allMet = true;
        for (Target t : targets) {
            if (t == Target.MISSED) {
                return Verdict.DOES_NOT_HOLD;
            }
            allMet &= t == Target.MET;
        }
        return allMet && targets.length > 0 ? Verdict.HOLDS : Verdict.CANNOT_TELL;
    }
}
