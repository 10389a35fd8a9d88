package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict;
import dev.mutexlab.lab.stats.Spread;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a {@link Comparison} as benchstat does, one block per metric: old and new medians with ±
 * the largest deviation of a run from its median, then the change with the bootstrap interval of
 * new ÷ old and the verdict on it (faster, slower, {@code ~} within ±5%, {@code ~?} cannot tell,
 * with the reason), and {@code (p=… n=…+…)}. By default ({@link Columns#DEFAULT}) each shape, benchmark
 * or workload heads its rows on a line of its own, so a row keeps to 100 columns however long the
 * shape's name; {@link Columns#WIDE} puts it in a column of its own, with the files' names over the values.
 */
public final class CompareTable {
    private CompareTable() {
    }

    /** The default table: within {@link Columns#WIDTH} columns. */
    public static void print(String oldName, String newName, List<Comparison.Row> rows, PrintWriter out) {
        print(oldName, newName, rows, Columns.DEFAULT, out);
    }

    public static void print(String oldName, String newName, List<Comparison.Row> rows, Columns columns, PrintWriter out) {
        Map<Figure.Metric, List<Comparison.Row>> byMetric = new LinkedHashMap<>();
        for (Comparison.Row r : rows) {
            byMetric.computeIfAbsent(r.metric(), m -> new java.util.ArrayList<>()).add(r);
        }
        boolean first = true;
        for (var e : byMetric.entrySet()) {
            if (!first) {
                out.println();
            }
            first = false;
            if (columns == Columns.WIDE) {
                printBlock(oldName, newName, e.getKey(), e.getValue(), out);
            } else {
                printRows(oldName, newName, e.getKey(), e.getValue(), out);
            }
        }
        long better = rows.stream().filter(Comparison.Row::better).count();
        long worse = rows.stream().filter(Comparison.Row::worse).count();
        Columns.printWrapped(String.format("%d of %d significant at p < %.2f: %d faster, %d slower", better + worse,
                rows.size(), Comparison.ALPHA, better, worse), "  ", out);
        long faster = rows.stream().filter(r -> r.word().equals("faster")).count();
        long slower = rows.stream().filter(r -> r.word().equals("slower")).count();
        long within = rows.stream().filter(r -> r.verdict().call() == RatioVerdict.Call.WITHIN).count();
        Columns.printWrapped(String.format("verdicts (new ÷ old, bootstrap 95%% interval against %s): %d faster, %d slower,"
                + " %d within, %d cannot tell", NoEffectBand.FIXED.label(), faster, slower, within,
                rows.size() - faster - slower - within), "  ", out);
        out.flush();
    }

    private static void printBlock(String oldName, String newName, Figure.Metric metric, List<Comparison.Row> rows,
                                   PrintWriter out) {
        int whereWidth = Math.max(5, rows.stream().mapToInt(r -> r.where().length()).max().orElse(0));
        int lockWidth = Math.max(4, rows.stream().mapToInt(r -> r.lock().length()).max().orElse(0));
        String format = "%-" + whereWidth + "s  %-" + lockWidth + "s  %-16s  %-16s  %-34s  %s%n";
        out.printf("%s: median ± largest deviation of a run; new ÷ old [bootstrap 95%% interval] and verdict; Mann-Whitney U%n",
                heading(metric));
        out.printf(format, "where", "lock", "old " + shortName(oldName), "new " + shortName(newName), "new ÷ old", "delta");
        String lastWhere = null;
        for (Comparison.Row r : rows) {
            String where = r.where().equals(lastWhere) ? "" : r.where();
            lastWhere = r.where();
            out.printf(Locale.ROOT, format, where, r.lock(), cell(metric, r.old()), cell(metric, r.now()),
                    r.verdict().cell(metric.higherIsBetter()), delta(r));
        }
    }

    /** The default block: the shape on a line of its own, then a row per lock. */
    private static void printRows(String oldName, String newName, Figure.Metric metric, List<Comparison.Row> rows,
                                  PrintWriter out) {
        int lockWidth = Math.max(4, rows.stream().mapToInt(r -> r.lock().length()).max().orElse(0));
        int valueWidth = Math.max(3, rows.stream().mapToInt(r -> Math.max(cell(metric, r.old()).length(),
                cell(metric, r.now()).length())).max().orElse(0));
        int ratioWidth = Math.max(9, rows.stream().mapToInt(r -> r.verdict().cell(metric.higherIsBetter()).length())
                .max().orElse(0));
        String format = "  %-" + lockWidth + "s  %-" + valueWidth + "s  %-" + valueWidth + "s  %-" + ratioWidth + "s  %s%n";
        Columns.printWrapped(String.format("%s: median ± largest deviation of a run; new ÷ old [bootstrap 95%% interval]"
                + " and verdict; Mann-Whitney U (old: %s, new: %s)", heading(metric), oldName, newName), "  ", out);
        out.printf(format, "lock", "old", "new", "new ÷ old", "delta");
        String lastWhere = null;
        for (Comparison.Row r : rows) {
            if (!r.where().equals(lastWhere)) {
                out.println(r.where());
            }
            lastWhere = r.where();
            out.printf(Locale.ROOT, format, r.lock(), cell(metric, r.old()), cell(metric, r.now()),
                    r.verdict().cell(metric.higherIsBetter()), delta(r));
        }
    }

    /** benchstat's change: {@code +9.8% (p=0.008 n=5+5)}, or {@code ~ (p=… n=…)} where it is not significant. */
    private static String delta(Comparison.Row r) {
        String stats = String.format(Locale.ROOT, "(p=%.3f n=%d+%d)", r.p(), r.oldRuns(), r.newRuns());
        return r.significant() ? String.format(Locale.ROOT, "%+.1f%% %s", r.delta() * 100, stats) : "~ " + stats;
    }

    private static String heading(Figure.Metric metric) {
        return switch (metric) {
            case THROUGHPUT -> "throughput, k acquisitions/s";
            case OPS_PER_SEC -> "k ops/s";
            default -> metric.label();
        };
    }

    /** {@code 434 ± 3%}: the median in the metric's display unit, and the largest deviation of a run in percent. */
    public static String cell(Figure.Metric metric, Spread s) {
        double dev = Math.max(s.median() - s.min(), s.max() - s.median());
        double pct = s.median() == 0 ? 0 : dev / s.median() * 100;
        return value(metric, s.median()) + " ± " + String.format(Locale.ROOT, "%.0f%%", pct);
    }

    private static String value(Figure.Metric metric, double v) {
        return switch (metric) {
            case THROUGHPUT, OPS_PER_SEC -> threeDigits(v / 1e3);
            case NS_PER_OP -> time(v);
            default -> threeDigits(v);
        };
    }

    private static String threeDigits(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    /** Nanoseconds as benchstat prints time: 3.147µ, 44.26µ, 812.0n. */
    public static String time(double ns) {
        if (ns >= 1e9) {
            return String.format(Locale.ROOT, "%.4gs", ns / 1e9);
        }
        if (ns >= 1e6) {
            return String.format(Locale.ROOT, "%.4gm", ns / 1e6);
        }
        if (ns >= 1e3) {
            return String.format(Locale.ROOT, "%.4gµ", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.4gn", ns);
    }

    private static String shortName(String file) {
        String name = java.nio.file.Path.of(file).getFileName().toString();
        return name.length() > 12 ? name.substring(0, 12) : name;
    }
}
