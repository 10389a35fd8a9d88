package dev.mutexlab.lab.stats;

import java.util.Locale;

/**
 * The ratios that count as no effect: the band a ratio's interval is judged against. Measured by an
 * A/A control (a lock against itself in the same batches) where a run has one, otherwise fixed.
 *
 * @param low  the lowest ratio that is no effect
 * @param high the highest
 * @param text where it comes from, for tables and pages
 */
public record NoEffectBand(double low, double high, String text) {
    /** The no-effect band where a result has no A/A control: ±5%. */
    public static final double FIXED_NOISE = 0.05;
    /** The narrowest band an A/A control can give: ±2% (narrower would call a lucky A/A a law of nature). */
    public static final double MIN_NOISE = 0.02;

    /** The fixed band, for results with no A/A control. */
    public static final NoEffectBand FIXED = new NoEffectBand(1 - FIXED_NOISE, 1 + FIXED_NOISE,
            "fixed ±" + Math.round(FIXED_NOISE * 100) + "% (no A/A control)");

    /**
     * The band an A/A control measured: its interval made symmetric around 1 on a log scale and at
     * least ±{@value #MIN_NOISE}; the fixed band for an empty interval.
     */
    public static NoEffectBand of(Bootstrap.Interval aa, String what) {
        if (aa.isEmpty() || !Double.isFinite(aa.low()) || !Double.isFinite(aa.high()) || aa.low() <= 0) {
            return FIXED;
        }
        double half = Math.max(Math.log1p(MIN_NOISE), Math.max(Math.abs(Math.log(aa.low())), Math.abs(Math.log(aa.high()))));
        return new NoEffectBand(Math.exp(-half), Math.exp(half), String.format(Locale.ROOT,
                "A/A %s: %.3f–%.3f (n = %d) → band %.3f–%.3f", what, aa.low(), aa.high(), aa.n(), Math.exp(-half), Math.exp(half)));
    }

    /** The band's half-width in percent, rounded: the X of "within ±X%". */
    public double percent() {
        return Math.max(high - 1, 1 - low) * 100;
    }

    /** {@code ±5%}, {@code ±3.2%}. */
    public String label() {
        double p = percent();
        return "±" + (Math.abs(p - Math.round(p)) < 0.05 ? String.format(Locale.ROOT, "%.0f%%", p)
                : String.format(Locale.ROOT, "%.1f%%", p));
    }
}
