package dev.mutexlab.locks;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed lock specification: a name and options, written {@code name[:option]...} where an
 * option is {@code key=value} or a bare {@code flag}. Examples: {@code go},
 * {@code go:threshold=0}, {@code go:threshold=250us}, {@code go:threshold=never},
 * {@code spinbit:lowlatency}. The same grammar names configurations in the API
 * ({@link Locks#create(String)}), the lab's command line, its result files and its reports.
 *
 * @param text    the specification as written (trimmed)
 * @param name    the lock's name
 * @param options option keys to values; a bare flag maps to {@code ""}
 *
 * @since 1.0
 */
public record LockSpec(String text, String name, Map<String, String> options) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s)");

    public LockSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a one-line message naming what is wrong
     */
    public static LockSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty lock spec");
        }
        String trimmed = text.trim();
        String[] parts = trimmed.split(":", -1);
        String name = parts[0];
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad lock name '" + name + "' in spec '" + trimmed
                    + "' (expected lower-case letters, digits and '-')");
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            if (!KEY.matcher(key).matches()) {
                throw new IllegalArgumentException("bad option '" + part + "' in spec '" + trimmed + "'");
            }
            if (eq >= 0 && value.isEmpty()) {
                throw new IllegalArgumentException("option '" + key + "' has no value in spec '" + trimmed + "'");
            }
            if (options.put(key, value) != null) {
                throw new IllegalArgumentException("option '" + key + "' given twice in spec '" + trimmed + "'");
            }
        }
        return new LockSpec(trimmed, name, options);
    }

    /** Throws unless every option key is one of {@code allowed}. Not API: {@link Locks} checks specs with it. */
    LockSpec requireOnly(Set<String> allowed) {
        for (String key : options.keySet()) {
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("lock '" + name + "' has no option '" + key + "'"
                        + (allowed.isEmpty() ? " (it takes none)" : " (options: " + String.join(", ", new TreeSet<>(allowed)) + ")"));
            }
        }
        return this;
    }

    /** Whether the bare flag {@code key} is present. */
    boolean flag(String key) {
        String v = options.get(key);
        if (v == null) {
            return false;
        }
        if (!v.isEmpty()) {
            throw new IllegalArgumentException("option '" + key + "' of '" + text + "' is a flag and takes no value");
        }
        return true;
    }

    /** The value of {@code key}, or {@code fallback} when absent. */
    String value(String key, String fallback) {
        String v = options.get(key);
        if (v != null && v.isEmpty()) {
            throw new IllegalArgumentException("option '" + key + "' of '" + text + "' needs a value (" + key + "=...)");
        }
        return v == null ? fallback : v;
    }

    /**
     * Parses a duration written as a number and a unit — {@code ns}, {@code us} (or {@code µs}),
     * {@code ms} or {@code s} — such as {@code 250us} or {@code 1.5ms}; a bare {@code 0} is zero.
     *
     * @throws IllegalArgumentException for anything else, including negative values
     */
    public static Duration parseDuration(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        if (t.startsWith("-")) {
            throw new IllegalArgumentException("negative duration '" + text + "'");
        }
        Matcher m = DURATION.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("bad duration '" + text + "' (expected e.g. 500ns, 10us, 1ms, 2s)");
        }
        double amount = Double.parseDouble(m.group(1));
        double nanosPerUnit = switch (m.group(2)) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        double nanos = amount * nanosPerUnit;
        if (nanos > Long.MAX_VALUE) {
            throw new IllegalArgumentException("duration '" + text + "' is too long");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** Formats {@code d} in the unit that reads best: {@code 100ns}, {@code 10us}, {@code 1.5ms}, {@code 2s}. */
    public static String formatDuration(Duration d) {
        long ns = d.toNanos();
        if (ns == 0) {
            return "0";
        }
        if (ns % 1_000_000_000L == 0) {
            return ns / 1_000_000_000L + "s";
        }
        if (ns >= 1_000_000L) {
            return trim(ns / 1e6) + "ms";
        }
        if (ns >= 1_000L) {
            return trim(ns / 1e3) + "us";
        }
        return ns + "ns";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    @Override
    public String toString() {
        return text;
    }
}
