package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.stats.Spread;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Prints a {@link Comparison} as benchstat does: old and new medians (k/s) with ± the largest
 * deviation of a run from its median, then the change and {@code (p=… n=…+…)}, or {@code ~} in
 * place of the change when it is not significant.
 */
public final class CompareTable {
    private CompareTable() {
    }

    public static void print(String oldName, String newName, List<Comparison.Row> rows, PrintWriter out) {
        int shapeWidth = Math.max(5, rows.stream().mapToInt(r -> r.shape().length()).max().orElse(0));
        int lockWidth = Math.max(4, rows.stream().mapToInt(r -> r.lock().length()).max().orElse(0));
        String format = "%-" + shapeWidth + "s  %-" + lockWidth + "s  %-16s  %-16s  %s%n";
        out.printf("throughput, k acquisitions/s: median ± largest deviation of a run; delta of the medians, Mann-Whitney U%n");
        out.printf(format, "shape", "lock", "old " + shortName(oldName), "new " + shortName(newName), "delta");
        String lastShape = null;
        for (Comparison.Row r : rows) {
            String shape = r.shape().equals(lastShape) ? "" : r.shape();
            lastShape = r.shape();
            String stats = String.format(Locale.ROOT, "(p=%.3f n=%d+%d)", r.p(), r.oldRuns(), r.newRuns());
            String delta = r.significant() ? String.format(Locale.ROOT, "%+.1f%% %s", r.delta() * 100, stats) : "~ " + stats;
            out.printf(Locale.ROOT, format, shape, r.lock(), cell(r.old()), cell(r.now()), delta);
        }
        long better = rows.stream().filter(r -> r.significant() && r.delta() > 0).count();
        long worse = rows.stream().filter(r -> r.significant() && r.delta() < 0).count();
        out.printf("%d of %d significant at p < %.2f: %d faster, %d slower%n", better + worse, rows.size(), Comparison.ALPHA,
                better, worse);
        out.flush();
    }

    /** {@code 434 ± 3%}. */
    static String cell(Spread s) {
        double dev = Math.max(s.median() - s.min(), s.max() - s.median());
        double pct = s.median() == 0 ? 0 : dev / s.median() * 100;
        double k = s.median() / 1e3;
        String value = k >= 100 ? String.format(Locale.ROOT, "%.0f", k) : k >= 10 ? String.format(Locale.ROOT, "%.1f", k)
                : String.format(Locale.ROOT, "%.2f", k);
        return value + " ± " + String.format(Locale.ROOT, "%.0f%%", pct);
    }

    private static String shortName(String file) {
        String name = java.nio.file.Path.of(file).getFileName().toString();
        return name.length() > 12 ? name.substring(0, 12) : name;
    }
}
