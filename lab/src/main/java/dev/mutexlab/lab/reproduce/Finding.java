package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.stats.Bootstrap.Interval;

/**
 * One claim in one column (a thread kind of the ports, or Go's own mutex) and one shape on this
 * machine: one row of the page.
 *
 * @param claim    the claim's id
 * @param column   {@code platform}, {@code virtual} or {@code goroutines}, or "–" when nothing ran
 * @param shape    the shape or processor count of the row ("P=2 W=16 hold 10 µs"), "–" for none
 * @param source   the source's figure for this shape
 * @param here     this machine's figure, as text ("–" when none)
 * @param interval the median and its bootstrap interval over the batches, with n (empty when none)
 * @param noise    the no-effect band the verdict used, in words ("–" when it used none)
 * @param measured how the row was measured: batches, batch length, JVMs or processes
 * @param differs  how the shape differs from the source's ("" when it does not)
 * @param verdict  the verdict
 * @param note     why, when the verdict alone does not say (requirement not met, experiment missing,
 *                 window-capped waits, a substitute comparator)
 */
public record Finding(String claim, String column, String shape, SourceFigure source, String here, Interval interval,
                      String noise, String measured, String differs, Verdict verdict, String note) {
    /** A row with no figure: cannot tell, and why. */
    static Finding none(String claim, String column, String shape, SourceFigure source, String note) {
        return new Finding(claim, column, shape, source, "–", new Interval(Double.NaN, Double.NaN, Double.NaN, 0), "–", "–", "",
                Verdict.CANNOT_TELL, note);
    }

    /** This machine's median, NaN when none. */
    public double value() {
        return interval.median();
    }

    /**
     * The verdict as the page writes it: "cannot tell" carries why where the window capped the
     * figure ("capped by the window": a lower bound, whatever its interval), else n and the interval, or n alone where
     * there are fewer than {@value Verdicts#MIN_BATCHES} batches (such an interval says nothing, and
     * one of a single run, or of identical runs, reads as a false certainty: "0.938–0.938"; an
     * interval of five or more batches whose ends print alike says "every batch 0.938" instead).
     */
    public String verdictText() {
        if (verdict != Verdict.CANNOT_TELL || interval.isEmpty()) {
            return verdict.label();
        }
        if (note.startsWith(Claims.CAPPED)) {
            return verdict.label() + " (" + Claims.CAPPED + ")";
        }
        if (!Verdicts.decidable(interval)) {
            return String.format(java.util.Locale.ROOT, "%s (n = %d < %d)", verdict.label(), interval.n(), Verdicts.MIN_BATCHES);
        }
        String bracketed = Claims.bracketed(interval);
        return String.format(java.util.Locale.ROOT, "%s (n = %d, %s)", verdict.label(), interval.n(),
                bracketed.substring(1, bracketed.length() - 1));
    }
}
