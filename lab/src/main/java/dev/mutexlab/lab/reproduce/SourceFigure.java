package dev.mutexlab.lab.reproduce;

/**
 * A ratio the source reported: one value ({@code low == high}), a range of values, or only a
 * direction ({@code high} infinite: "more than the noise band").
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

    /** Only a direction: the ratio is above 1 beyond the noise band, by an amount the source does not give. */
    public static SourceFigure above(String text) {
        return new SourceFigure(1 + Verdicts.NOISE, Double.POSITIVE_INFINITY, text);
    }
}
