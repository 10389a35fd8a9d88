package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.LockSpec;
import java.time.Duration;
import java.util.List;

/**
 * Work outside the lock: a fixed duration ({@code 5us}, {@code 0}) or a multiple of the hold
 * ({@code 1x}, {@code 10x}, {@code 0.5x}).
 *
 * @param text       as written
 * @param multiple   the multiple of the hold, or -1 when fixed
 * @param fixedNanos the fixed duration when {@code multiple < 0}
 */
public record Outside(String text, double multiple, long fixedNanos) {

    public static Outside parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.endsWith("x")) {
                double m = Double.parseDouble(t.substring(0, t.length() - 1));
                if (m < 0 || Double.isNaN(m) || Double.isInfinite(m)) {
                    throw new UsageException("bad outside work '" + text + "': the multiple must be >= 0");
                }
                return new Outside(t, m, 0);
            }
            return new Outside(t, -1, Durations.parse(t).toNanos());
        } catch (NumberFormatException e) {
            throw new UsageException("bad outside work '" + text + "' (expected a duration like 5us or a multiple like 1x)");
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad outside work '" + text + "' (expected a duration like 5us or a multiple of the hold like 1x)");
        }
    }

    /** Which of the configured {@code outside} values gives {@code outsideNanos} for {@code holdNanos} (the first), as written. */
    public static String labelFor(List<Outside> outside, long holdNanos, long outsideNanos) {
        for (Outside o : outside) {
            if (o.nanosFor(holdNanos) == outsideNanos) {
                return o.text();
            }
        }
        return outsideNanos + "ns";
    }

    /** The outside work for a given hold. */
    public long nanosFor(long holdNanos) {
        return multiple >= 0 ? Math.round(holdNanos * multiple) : fixedNanos;
    }

    /** The outside work for a hold, as text ({@code 1x = 10us}). */
    public String describe(long holdNanos) {
        return multiple >= 0 ? text + " hold" : LockSpec.formatDuration(Duration.ofNanos(fixedNanos));
    }

    @Override
    public String toString() {
        return text;
    }
}
