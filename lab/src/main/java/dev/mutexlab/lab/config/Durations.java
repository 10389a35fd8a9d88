package dev.mutexlab.lab.config;

import dev.mutexlab.locks.LockSpec;
import java.time.Duration;
import java.util.Locale;

/**
 * The one duration grammar of every lab option: a number and a unit, {@code ns}, {@code us} (or
 * {@code µs}), {@code ms}, {@code s}, {@code m} or {@code h} — {@code 100ns}, {@code 1.5us},
 * {@code 400ms}, {@code 30s}, {@code 10m} — or a bare {@code 0}. The units up to seconds are the lock
 * specs' ({@link LockSpec#parseDuration}); minutes and hours are for long runs such as torture.
 */
public final class Durations {
    private static final String EXPECTED = "(expected e.g. 100ns, 10us, 400ms, 30s, 10m, 1h)";

    private Durations() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a one-line message for anything else, an empty or a negative value
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("-")) {
            throw new IllegalArgumentException("negative duration '" + text + "'");
        }
        try {
            if (t.endsWith("h")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 3_600_000));
            }
            if (t.endsWith("m") && !t.endsWith("ms")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
            }
            return LockSpec.parseDuration(t);
        } catch (IllegalArgumentException e) { // NumberFormatException included
            throw new IllegalArgumentException("bad duration '" + text + "' " + EXPECTED);
        }
    }
}
