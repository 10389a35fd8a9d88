package dev.mutexlab.lab.stats;

import java.util.Locale;

/**
 * The ratios that count as no effect: the band a ratio's interval is judged against. It is the
 * equivalence margin, ±5% ({@link #MARGIN}), wherever the lab can resolve that margin; an A/A control (a
 * lock against itself in the same batches) checks that it can, and widens the band where it cannot.
 *
 * <p><b>The rule.</b> With no A/A control the band is the margin ({@link #FIXED}). With one
 * ({@link #of}): its interval wholly inside the margin, the band is the margin; otherwise it is the
 * A/A interval made symmetric around 1 on a log scale, each edge at least as far out as the
 * margin's: band = max(margin, A/A). The band's text names which, so a table or page that shows a
 * widened band says that the run could not resolve 5%.
 *
 * <p><b>Why.</b> A verdict is an equivalence test in the TOST manner: "within ±5%" claims that the
 * effect is smaller than the margin (the whole 95% interval inside it), "faster" and "slower" that it
 * is larger. The margin is the question asked, so it stays fixed; it must not shrink with the number
 * of batches, as the A/A interval does (it is the interval of a median and narrows with every batch,
 * like every cell's own interval; as a band it makes "within" ask a cell to be as tight as the pooled
 * control, which more batches never give). What the control measures is the lab itself: the
 * systematic offset of a lock's place in the rotation, its JVM, and the noise around them. While that
 * sits inside the margin the lab can answer the question as asked. When it does not, no verdict may
 * claim a resolution finer than the control showed, so the band widens to the control's interval;
 * it does not grow by the control's width added to the margin, because each cell's interval already
 * carries its own noise, and rotation makes the offset no cell's bias in particular.
 *
 * @param low  the lowest ratio that is no effect
 * @param high the highest
 * @param text where it comes from, for tables and pages
 */
public record NoEffectBand(double low, double high, String text) {
    /** The equivalence margin of every verdict: ±5%, the X of "within ±X%" wherever the lab can resolve it. */
    public static final double MARGIN = 0.05;
    /** The band where a result has no A/A control: the margin. */
    public static final double FIXED_NOISE = MARGIN;
    /** The narrowest band an A/A control can give: the margin (a control can widen the band, never narrow it). */
    public static final double MIN_NOISE = MARGIN;

    /** The margin as a label, {@code ±5%}. */
    private static final String MARGIN_LABEL = "±" + Math.round(MARGIN * 100) + "%";

    /** The fixed band, for results with no A/A control. */
    public static final NoEffectBand FIXED = new NoEffectBand(1 - MARGIN, 1 + MARGIN,
            "fixed " + MARGIN_LABEL + " (no A/A control)");

    /**
     * The band an A/A copy itself is judged against: the margin. The copy is the check, so it is
     * judged by the question the check asks (is the lab's offset inside ±5%?); against the band its
     * own ratios widened it would always look within.
     */
    public static final NoEffectBand AA_COPY = new NoEffectBand(1 - MARGIN, 1 + MARGIN,
            MARGIN_LABEL + " margin (an A/A copy is the check, judged against the margin)");

    /**
     * The band an A/A control gives: the margin when its interval lies wholly inside the margin,
     * otherwise its interval made symmetric around 1 on a log scale, never inside the margin; the
     * fixed band for an empty interval.
     */
    public static NoEffectBand of(Bootstrap.Interval aa, String what) {
        if (aa.isEmpty() || !Double.isFinite(aa.low()) || !Double.isFinite(aa.high()) || aa.low() <= 0) {
            return FIXED;
        }
        String control = String.format(Locale.ROOT, "A/A %s: %.3f–%.3f (n = %d)", what, aa.low(), aa.high(), aa.n());
        if (aa.low() >= 1 - MARGIN && aa.high() <= 1 + MARGIN) {
            return new NoEffectBand(1 - MARGIN, 1 + MARGIN, String.format(Locale.ROOT, "%s inside %s → band %.3f–%.3f",
                    control, MARGIN_LABEL, 1 - MARGIN, 1 + MARGIN));
        }
        double half = Math.max(Math.abs(Math.log(aa.low())), Math.abs(Math.log(aa.high())));
        double low = Math.min(1 - MARGIN, Math.exp(-half));
        double high = Math.max(1 + MARGIN, Math.exp(half));
        return new NoEffectBand(low, high, String.format(Locale.ROOT,
                "%s beyond %s → band widened to %.3f–%.3f: this run cannot resolve %s", control, MARGIN_LABEL, low, high,
                MARGIN_LABEL));
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
