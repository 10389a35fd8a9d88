package dev.mutexlab.lab.gobench;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go's benchmark output format, which {@code benchstat} reads: configuration lines
 * ({@code key: value}) and result lines ({@code BenchmarkName-P <tab> N <tab> X ns/op}).
 */
public final class GoFormat {
    /** A result line as the Go benchmark format defines it (name, iterations, value-unit pairs). */
    static final Pattern RESULT = Pattern.compile("^Benchmark(\\S+)\\s+(\\d+)\\s+((?:[-+0-9.eE]+\\s+\\S+\\s*)+)$");

    private GoFormat() {
    }

    /** Go's full name: {@code BenchmarkX} on one processor, {@code BenchmarkX-P} otherwise. */
    public static String fullName(String benchmark, int procs) {
        return "Benchmark" + benchmark + (procs == 1 ? "" : "-" + procs);
    }

    /** One result line, spaced as {@code go test -bench} prints it. */
    public static String resultLine(String benchmark, int procs, long n, double nsPerOp) {
        return String.format(Locale.ROOT, "%-28s\t%10d\t%s", fullName(benchmark, procs), n, nsPerOp(nsPerOp));
    }

    /** Go's {@code prettyPrint} of an ns/op value. */
    static String nsPerOp(double x) {
        double y = Math.abs(x);
        String format = y == 0 || y >= 999.95 ? "%10.0f ns/op" : y >= 99.995 ? "%12.1f ns/op"
                : y >= 9.9995 ? "%13.2f ns/op" : y >= 0.99995 ? "%14.3f ns/op" : "%15.4f ns/op";
        return String.format(Locale.ROOT, format, x);
    }

    /** A configuration line ({@code lock: spinbit}). */
    public static String configLine(String key, String value) {
        return key + ": " + value;
    }

    /** A parsed result line. */
    public record Parsed(String name, long n, double nsPerOp) {
    }

    /** Parses a result line; null when {@code line} is not one. */
    public static Parsed parse(String line) {
        Matcher m = RESULT.matcher(line.strip());
        if (!m.matches()) {
            return null;
        }
        String[] fields = m.group(3).trim().split("\\s+");
        for (int i = 0; i + 1 < fields.length; i += 2) {
            if (fields[i + 1].equals("ns/op")) {
                return new Parsed(m.group(1), Long.parseLong(m.group(2)), Double.parseDouble(fields[i]));
            }
        }
        return null;
    }
}
