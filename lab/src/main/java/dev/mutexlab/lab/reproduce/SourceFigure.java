package dev.mutexlab.lab.reproduce;

/**
 * A ratio the source reported: one value ({@code low == high}), a range of values, only a
 * direction ({@link #above}: "beyond the no-effect band", by an amount the source does not give),
 * or a one-sided claim ({@link #atLeast}: "ties or wins", {@link #atMost}: "no worse than").
 *
 * @param low       the smallest ratio the source reported
 * @param high      the largest (infinite: any larger)
 * @param direction whether the claim is two-sided or one-sided, and which side
 * @param text      the figure as the page shows it, with where it comes from
 */
public record SourceFigure(double low, double high, Direction direction, String text) {
    /** Which outcomes the source's words allow. */
    public enum Direction {
        /** The ratio lies at the figure (or in the range): larger and smaller effects are judged alike. */
        TWO_SIDED,
        /** "Ties or wins", "at least", "matches or beats": any ratio from a tie with the figure up. */
        AT_LEAST,
        /** "Ties or loses", "at most", "no worse than": any ratio from a tie with the figure down. */
        AT_MOST
    }

    public SourceFigure {
        if (!(low > 0) || high < low) {
            throw new IllegalArgumentException("bad source figure " + low + "–" + high);
        }
        direction = direction == null ? Direction.TWO_SIDED : direction;
    }

    /** A two-sided figure. */
    public SourceFigure(double low, double high, String text) {
        this(low, high, Direction.TWO_SIDED, text);
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

    /** One-sided: the ratio ties with {@code value} (1: a tie) or exceeds it. */
    public static SourceFigure atLeast(double value, String text) {
        return new SourceFigure(value, value, Direction.AT_LEAST, text);
    }

    /** One-sided: the ratio ties with {@code value} (1: a tie) or stays under it. */
    public static SourceFigure atMost(double value, String text) {
        return new SourceFigure(value, value, Direction.AT_MOST, text);
    }

    /** Whether the source gave only a direction, no amount. */
    public boolean directionOnly() {
        return Double.isInfinite(high) || low == Double.MIN_VALUE;
    }
}
