package dev.mutexlab.lab.jmh;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The uncontended table of {@code docs/RESULTS.md} from a JMH result of {@code Uncontended}:
 * ns/op ± error for every spec and baseline, and the ratio to ReentrantLock ({@code jdk}) and to
 * the CAS floor.
 */
public final class UncontendedTable {
    private UncontendedTable() {
    }

    /** Prints the table if {@code results} hold {@code Uncontended} scores; returns whether it did. */
    public static boolean print(List<JmhResult> results, PrintWriter out) {
        List<JmhResult> rows = results.stream().filter(r -> r.className().equals("Uncontended")).toList();
        if (rows.isEmpty()) {
            return false;
        }
        double jdk = score(rows, "jdk");
        double floor = score(rows, "casFloor");
        out.printf("%-22s %18s %10s %10s%n", "uncontended", rows.get(0).unit() + " ± error", "÷ jdk", "÷ CAS floor");
        for (JmhResult r : rows) {
            String name = r.spec() != null ? r.spec() : r.method();
            out.printf(Locale.ROOT, "%-22s %9.2f ± %6.2f %10s %10s%n", name, r.score(), r.error(), ratio(r.score(), jdk),
                    ratio(r.score(), floor));
        }
        return true;
    }

    private static double score(List<JmhResult> rows, String name) {
        return rows.stream().filter(r -> name.equals(r.spec()) || (r.spec() == null && r.method().equals(name)))
                .mapToDouble(JmhResult::score).findFirst().orElse(Double.NaN);
    }

    private static String ratio(double score, double reference) {
        return Double.isNaN(reference) ? "-" : String.format(Locale.ROOT, "%.3f", score / reference);
    }
}
