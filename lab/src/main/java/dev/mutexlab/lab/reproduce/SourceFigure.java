package dev.mutexlab.lab.reproduce;

/**
 * A ratio the source reported: one value ({@code low == high}), a range of values, or only a
 * direction ({@link #above}: "beyond the no-effect band", by an amount the source does not give).
 *
 * @param low  the smallest ratio the source reported
 * @param high the largest (infinite: any larger)
 * @param text the figure as the page shows it, with where it comes from
 */
public record SourceFigure(double low, double high, String text) {
    public SourceFigure {
        if (!(low > 0) || high < low) {
            throw new IllegalArgumentException("bad source figure " + low + "–" + high);
        }
    }

    /** One reported ratio. */
    public static SourceFigure of(double value, String text) {
        return new SourceFigure(value, value, text);
    }

    /** A reported range of ratios. */
    public static SourceFigure range(double low, double high, String text) {
        return new SourceFigure(low, high, text);
    }

    /** Only a direction: the ratio is above the no-effect band, by an amount the source does not give. */
    public static SourceFigure above(String text) {
        return new SourceFigure(1 + Verdicts.FIXED_NOISE, Double.POSITIVE_INFINITY, text);
    }

    /** Only a direction: below the no-effect band. */
    public static SourceFigure below(String text) {
        return new SourceFigure(Double.MIN_VALUE, 1 - Verdicts.FIXED_NOISE, text);
    }

    /** Whether the source gave only a direction, no amount. */
    public boolean directionOnly() {
        return Double.isInfinite(high) || low == Double.MIN_VALUE;
    }
}
