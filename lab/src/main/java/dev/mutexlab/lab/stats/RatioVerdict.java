package dev.mutexlab.lab.stats;

import java.util.Locale;

/**
 * A ratio to a reference with its bootstrap interval and what the interval says about it: above
 * the no-effect band, below it, within it, or cannot tell. The one verdict every command that
 * compares locks prints and writes; {@link RatioVerdicts} computes it.
 *
 * @param median   the median ratio over the batches
 * @param low      the interval's low end
 * @param high     the interval's high end
 * @param n        batches (or runs) it rests on
 * @param jvms     how many JVMs (processes) those batches came from: at least two, and the interval
 *                 resampled whole JVMs
 * @param bandLow  the no-effect band's low end
 * @param bandHigh the no-effect band's high end
 * @param call     what the interval says
 * @param reason   why it cannot tell, in words; empty otherwise
 */
public record RatioVerdict(double median, double low, double high, int n, int jvms, double bandLow, double bandHigh,
                           Call call, String reason) {
    /** What an interval says about a ratio. */
    public enum Call {
        /** The interval lies wholly above the band. */
        ABOVE,
        /** The interval lies wholly below the band. */
        BELOW,
        /** The interval lies wholly inside the band: no effect as large as the band. */
        WITHIN,
        /** The interval straddles an edge of the band, or there are too few batches. */
        CANNOT_TELL
    }

    /** Whether more batches could change the call: it cannot tell yet. */
    public boolean undecided() {
        return call == Call.CANNOT_TELL;
    }

    /**
     * The verdict in words, benchstat-like: {@code faster}, {@code slower} (for a figure where
     * higher is better; the other way round otherwise), {@code ~ within ±5%}, {@code ~ cannot tell (n=3)}.
     */
    public String word(boolean higherIsBetter) {
        return switch (call) {
            case ABOVE -> higherIsBetter ? "faster" : "slower";
            case BELOW -> higherIsBetter ? "slower" : "faster";
            case WITHIN -> "~ within " + bandLabel();
            case CANNOT_TELL -> "~ cannot tell (" + reason + ")";
        };
    }

    /**
     * The verdict as a table cell says it, benchstat-like: {@code faster}, {@code slower}, {@code ~}
     * (within the band) or {@code ~?} with the reason in parentheses ({@code ~? (n=3)}, {@code ~? (crosses)}).
     */
    public String mark(boolean higherIsBetter) {
        return switch (call) {
            case ABOVE, BELOW -> word(higherIsBetter);
            case WITHIN -> "~";
            case CANNOT_TELL -> n < RatioVerdicts.MIN_BATCHES ? "~? (n=" + n + ")" : "~? (crosses)";
        };
    }

    /** {@code 1.03 [0.99–1.07] ~}: the ratio, its interval and the short verdict. */
    public String cell(boolean higherIsBetter) {
        if (Double.isNaN(median)) {
            return "-";
        }
        if (!Double.isFinite(low)) {
            return String.format(Locale.ROOT, "%.2f %s", median, mark(higherIsBetter));
        }
        return String.format(Locale.ROOT, "%.2f [%.2f–%.2f] %s", median, low, high, mark(higherIsBetter));
    }

    /** {@code 1.03 [0.99–1.07] ~ within ±5%}: the ratio, its interval and the verdict. */
    public String text(boolean higherIsBetter) {
        if (Double.isNaN(median)) {
            return "- " + word(higherIsBetter);
        }
        return String.format(Locale.ROOT, "%.2f [%.2f–%.2f] %s", median, low, high, word(higherIsBetter));
    }

    /** The band as {@code ±X%}. */
    public String bandLabel() {
        return new NoEffectBand(bandLow, bandHigh, "").label();
    }
}
