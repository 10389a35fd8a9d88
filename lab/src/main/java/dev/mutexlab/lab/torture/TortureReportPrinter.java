package dev.mutexlab.lab.torture;

import dev.mutexlab.locks.LockSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Prints a {@link TortureReport} the way Linux locktorture does: one {@code Writes:} line per lock
 * with {@code ???} when max > 2 × min and {@code !!!} after a non-zero failure count, the faults
 * injected, the first failure messages, and {@code End of test: SUCCESS} or {@code FAILURE}.
 */
public final class TortureReportPrinter {
    private TortureReportPrinter() {
    }

    public static void print(TortureReport report, PrintWriter out) {
        out.printf("torture: %d writers (%s), %s per lock, long hold %s, stutter %s, stuck after %s, %d CPUs, Java %s%n",
                report.writers(), report.threads(), fmt(report.durationPerLockNanos()), fmt(report.longHoldNanos()),
                fmt(report.stutterNanos()), fmt(report.stuckAfterNanos()), report.cpus(), report.javaVersion());
        for (TortureOutcome r : report.locks()) {
            long failed = r.totalFailures();
            out.printf("%s-torture: Writes:  Total: %d  Max/Min: %d/%d %s  Fail: %d %s%n", r.spec(),
                    r.totalAcquisitions(), r.maxPerWriter(), r.minPerWriter(), r.imbalanced() ? "???" : "",
                    failed, failed > 0 ? "!!!" : "");
            out.printf("    faults: %s%n", join(r.faults()));
            out.printf("    carriers: %s%n", r.parallelism());
            if (failed > 0) {
                out.printf("    failures: %s%n", join(nonZero(r.failures())));
                for (String s : r.failureSamples()) {
                    out.printf("      %s%n", s);
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
