package dev.mutexlab.lab.torture;

import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.locks.LockSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Prints a {@link TortureReport} the way Linux locktorture does: one {@code Writes:} line per lock
 * with {@code ???} when max > 2 × min and {@code !!!} after a non-zero failure count, the faults
 * injected, the first failure messages, and {@code End of test: SUCCESS} or {@code FAILURE}. Every
 * line keeps to 100 columns: the long ones wrap, their continuation indented under them.
 */
public final class TortureReportPrinter {
    private TortureReportPrinter() {
    }

    public static void print(TortureReport report, PrintWriter out) {
        Columns.printWrapped(String.format("torture: %d writers (%s), %s per lock, long hold %s, stutter %s, stuck after %s,"
                + " %d CPUs, Java %s", report.writers(), report.threads(), fmt(report.durationPerLockNanos()),
                fmt(report.longHoldNanos()), fmt(report.stutterNanos()), fmt(report.stuckAfterNanos()), report.cpus(),
                report.javaVersion()), "  ", out);
        for (TortureOutcome r : report.locks()) {
            long failed = r.totalFailures();
            Columns.printWrapped(String.format("%s-torture: Writes:  Total: %d  Max/Min: %d/%d %s  Fail: %d %s", r.spec(),
                    r.totalAcquisitions(), r.maxPerWriter(), r.minPerWriter(), r.imbalanced() ? "???" : "",
                    failed, failed > 0 ? "!!!" : "").stripTrailing(), "    ", out);
            Columns.printWrapped("    faults: " + join(r.faults()), "      ", out);
            Columns.printWrapped("    carriers: " + r.parallelism(), "      ", out);
            if (failed > 0) {
                Columns.printWrapped("    failures: " + join(nonZero(r.failures())), "      ", out);
                for (String s : r.failureSamples()) {
                    Columns.printWrapped("      " + s, "        ", out);
                }
            }
            out.printf("    End of test: %s%n", r.verdict());
        }
        out.printf("End of test: %s%n", report.verdict());
        out.flush();
    }

    private static Map<String, Long> nonZero(Map<String, Long> m) {
        return m.entrySet().stream().filter(e -> e.getValue() != 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, java.util.LinkedHashMap::new));
    }

    private static String join(Map<String, Long> m) {
        return m.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String fmt(long nanos) {
        return nanos == 0 ? "off" : LockSpec.formatDuration(Duration.ofNanos(nanos));
    }
}
