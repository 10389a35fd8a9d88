package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.CompareTable;
import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Metrics;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The suite's two outputs: the table of every lock against the first (benchstat's layout: median
 * ± the largest deviation from it, delta, p-value, "~" unless p < 0.05, as {@code compare} does; then
 * the lab's verdict on the ratio within each repetition), and the Go benchmark format
 * that benchstat reads ({@code benchstat -col lock FILE}).
 */
public final class SuiteReport {
    private SuiteReport() {
    }

    /**
     * The table: per group and benchmark, every lock's ns/op, its delta and p against the first
     * (benchstat's), and its ratio to the first within each repetition with the interval and verdict
     * ({@link CellVerdicts}, judged against the A/A control's band where {@code --aa} measured one);
     * the legend under it says which band each group used.
     */
    public static void printTable(SuiteResult r, PrintWriter out) {
        printTable(r, Columns.DEFAULT, out);
    }

    /**
     * As {@link #printTable(SuiteResult, PrintWriter)}: by default ({@link Columns#DEFAULT}) a row per
     * benchmark and lock, within 100 columns however many locks (ns/op, the ratio to the first with its
     * interval and verdict, benchstat's delta and p); {@link Columns#WIDE} a row per benchmark with a
     * column group per lock, the number of runs beside each p.
     */
    public static void printTable(SuiteResult r, Columns columns, PrintWriter out) {
        List<String> locks = r.config().locks();
        List<String> benchmarks = r.config().benchmarks();
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofSuite(r));
        for (SuiteResult.Group g : r.groups()) {
            out.printf("%n%s threads, P=%d (%s)%n", g.threads(), g.procs(), g.enforcement());
            if (columns != Columns.WIDE) {
                printRows(r, g, cells, out);
                continue;
            }
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-26s", "ns/op"));
            for (int i = 0; i < locks.size(); i++) {
                head.append(String.format(Locale.ROOT, " %18s", locks.get(i) + (i > 0 && locks.get(i).equals(locks.get(0)) ? " (A/A)" : "")));
                if (i > 0) {
                    head.append(String.format(Locale.ROOT, " %-28s", "  vs " + locks.get(0)));
                    head.append(String.format(Locale.ROOT, " %-30s", "÷ " + locks.get(0) + " [interval] verdict"));
                }
            }
            out.println(head.toString().stripTrailing());
            String group = g.threads() + " P=" + g.procs();
            for (String bench : benchmarks) {
                double[] base = SuiteRunner.values(g, locks, benchmarks, bench, 0);
                if (base.length == 0) {
                    continue;
                }
                List<CellVerdicts.Cell> here = CellVerdicts.at(cells, group + " " + bench, Figure.Metric.NS_PER_OP);
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-26s", GoFormat.fullName(bench, g.procs()).substring(9)));
                int judged = 0;
                for (int i = 0; i < locks.size(); i++) {
                    double[] v = SuiteRunner.values(g, locks, benchmarks, bench, i);
                    row.append(String.format(Locale.ROOT, " %18s", v.length == 0 ? "-" : cell(v)));
                    if (i > 0) {
                        row.append(String.format(Locale.ROOT, " %-28s", "  " + delta(r.comparisons(), g, bench, locks, i)));
                        String verdict = v.length == 0 || judged >= here.size() ? "" : here.get(judged++).verdict().cell(false);
                        row.append(String.format(Locale.ROOT, " %-30s", verdict));
                    }
                }
                out.println(row.toString().stripTrailing());
            }
        }
        RunTable.printLegend(cells, out);
    }

    /**
     * The default block: a row per benchmark and lock, the benchmark's name on its first row; ns/op,
     * the ratio to the first lock with its interval and verdict, and benchstat's delta with its p.
     */
    private static void printRows(SuiteResult r, SuiteResult.Group g, List<CellVerdicts.Cell> cells, PrintWriter out) {
        List<String> locks = r.config().locks();
        List<String> benchmarks = r.config().benchmarks();
        List<String> names = RunTable.lockNames(locks);
        String group = g.threads() + " P=" + g.procs();
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(new String[] {"ns/op", "lock", "median ± dev", "÷ " + locks.get(0) + " [interval] verdict", "vs " + locks.get(0)});
        for (String bench : benchmarks) {
            if (SuiteRunner.values(g, locks, benchmarks, bench, 0).length == 0) {
                continue;
            }
            List<CellVerdicts.Cell> here = CellVerdicts.at(cells, group + " " + bench, Figure.Metric.NS_PER_OP);
            int judged = 0;
            for (int i = 0; i < locks.size(); i++) {
                double[] v = SuiteRunner.values(g, locks, benchmarks, bench, i);
                String verdict = i == 0 ? "1" : v.length == 0 || judged >= here.size() ? "" : here.get(judged++).verdict().cell(false);
                rows.add(new String[] {i == 0 ? GoFormat.fullName(bench, g.procs()).substring(9) : "", names.get(i),
                    v.length == 0 ? "-" : cell(v), verdict, i == 0 ? "" : shortDelta(r.comparisons(), g, bench, locks, i)});
            }
        }
        int[] width = new int[4];
        for (String[] row : rows) {
            for (int c = 0; c < width.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        String format = "%-" + width[0] + "s %-" + width[1] + "s %" + width[2] + "s  %-" + width[3] + "s  %s";
        for (String[] row : rows) {
            out.println(String.format(Locale.ROOT, format, (Object[]) row).stripTrailing());
        }
    }

    /** benchstat's delta and p in a few columns: {@code +9.8% p=0.008}, {@code ~ p=0.421}. */
    static String shortDelta(List<SuiteResult.Comparison> cs, SuiteResult.Group g, String bench, List<String> locks, int index) {
        SuiteResult.Comparison c = comparison(cs, g, bench, locks, index);
        if (c == null) {
            return "";
        }
        return (c.p() >= Comparison.ALPHA ? "~" : String.format(Locale.ROOT, "%+.2f%%", c.deltaPercent()))
                + String.format(Locale.ROOT, " p=%.3f", c.p());
    }

    /** The result with every cell's verdict recorded, as {@code run} and {@code apps} record theirs. */
    public static SuiteResult withVerdicts(SuiteResult r) {
        return r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofSuite(r))));
    }

    static String cell(double[] v) {
        return CompareTable.cell(Figure.Metric.NS_PER_OP, Metrics.spread(v));
    }

    /** benchstat's delta and p of lock number {@code index} against the first (the comparisons keep lock order). */
    static String delta(List<SuiteResult.Comparison> cs, SuiteResult.Group g, String bench, List<String> locks, int index) {
        SuiteResult.Comparison c = comparison(cs, g, bench, locks, index);
        if (c == null) {
            return "";
        }
        String d = c.p() >= Comparison.ALPHA ? "~" : String.format(Locale.ROOT, "%+.2f%%", c.deltaPercent());
        return String.format(Locale.ROOT, "%8s (p=%.3f n=%d)", d, c.p(), c.n());
    }

    /** The comparison of lock number {@code index} against the first (the comparisons keep lock order), or null. */
    private static SuiteResult.Comparison comparison(List<SuiteResult.Comparison> cs, SuiteResult.Group g, String bench,
                                                     List<String> locks, int index) {
        int seen = 0;
        String lock = locks.get(index);
        int nth = (int) locks.subList(1, index + 1).stream().filter(lock::equals).count();
        for (SuiteResult.Comparison c : cs) {
            if (c.threads().equals(g.threads()) && c.procs() == g.procs() && c.benchmark().equals(bench) && c.lock().equals(lock)
                    && ++seen == nth) {
                return c;
            }
        }
        return null;
    }

    /** The whole run in Go's benchmark format, one configuration block per (thread kind, lock). */
    public static String goFormat(SuiteResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(GoFormat.configLine("goos", System.getProperty("os.name").toLowerCase(Locale.ROOT))).append('\n');
        sb.append(GoFormat.configLine("goarch", System.getProperty("os.arch"))).append('\n');
        sb.append(GoFormat.configLine("pkg", "dev.mutexlab.lab.gobench")).append('\n');
        sb.append(GoFormat.configLine("cpu", r.machine().cpuModel())).append('\n');
        sb.append(GoFormat.configLine("jdk", r.machine().jdk().replace(' ', '-'))).append('\n');
        List<String> locks = r.config().locks();
        for (SuiteResult.Group g : r.groups()) {
            for (int i = 0; i < locks.size(); i++) {
                sb.append(GoFormat.configLine("threads", g.threads())).append('\n');
                // the A/A copy gets a name of its own, or benchstat would pool it with the reference
                sb.append(GoFormat.configLine("lock", locks.get(i) + (locks.indexOf(locks.get(i)) < i ? " (A/A)" : ""))).append('\n');
                for (String bench : r.config().benchmarks()) {
                    for (SuiteResult.Measurement m : SuiteResult.runsOf(g, locks, r.config().benchmarks(), bench, i)) {
                        sb.append(GoFormat.resultLine(m.benchmark(), g.procs(), m.n(), m.nsPerOp())).append('\n');
                    }
                }
            }
        }
        return sb.toString();
    }
}
