package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.compare.CompareTable;
import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdicts;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The suite's two outputs: the table of every lock against the first (benchstat's layout: median
 * ± the largest deviation from it, delta, p-value, "~" unless p < 0.05, as {@code compare} does), and the Go benchmark format
 * that benchstat reads ({@code benchstat -col lock FILE}).
 */
public final class SuiteReport {
    private SuiteReport() {
    }

    public static void printTable(SuiteResult r, PrintWriter out) {
        List<String> locks = r.config().locks();
        for (SuiteResult.Group g : r.groups()) {
            out.printf("%n%s threads, P=%d (%s)%n", g.threads(), g.procs(), g.enforcement());
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-26s", "ns/op"));
            for (String lock : locks) {
                head.append(String.format(Locale.ROOT, " %18s", lock));
                if (!lock.equals(locks.get(0))) {
                    head.append(String.format(Locale.ROOT, " %-28s", "  vs " + locks.get(0)));
                    head.append(String.format(Locale.ROOT, " %-30s", "÷ " + locks.get(0) + " [interval] verdict"));
                }
            }
            out.println(head.toString().stripTrailing());
            for (String bench : r.config().benchmarks()) {
                double[] base = SuiteRunner.values(g, bench, locks.get(0));
                if (base.length == 0) {
                    continue;
                }
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-26s", GoFormat.fullName(bench, g.procs()).substring(9)));
                for (String lock : locks) {
                    double[] v = SuiteRunner.values(g, bench, lock);
                    row.append(String.format(Locale.ROOT, " %18s", v.length == 0 ? "-" : cell(v)));
                    if (!lock.equals(locks.get(0))) {
                        row.append(String.format(Locale.ROOT, " %-28s", "  " + delta(r.comparisons(), g, bench, lock)));
                        row.append(String.format(Locale.ROOT, " %-30s", v.length == 0 ? "" : RatioVerdicts.change(base, null, v,
                                null, NoEffectBand.FIXED).cell(false)));
                    }
                }
                out.println(row.toString().stripTrailing());
            }
        }
    }

    static String cell(double[] v) {
        return CompareTable.cell(Figure.Metric.NS_PER_OP, Metrics.spread(v));
    }

    static String delta(List<SuiteResult.Comparison> cs, SuiteResult.Group g, String bench, String lock) {
        for (SuiteResult.Comparison c : cs) {
            if (c.threads().equals(g.threads()) && c.procs() == g.procs() && c.benchmark().equals(bench) && c.lock().equals(lock)) {
                String d = c.p() >= Comparison.ALPHA ? "~" : String.format(Locale.ROOT, "%+.2f%%", c.deltaPercent());
                return String.format(Locale.ROOT, "%8s (p=%.3f n=%d)", d, c.p(), c.n());
            }
        }
        return "";
    }

    /** The whole run in Go's benchmark format, one configuration block per (thread kind, lock). */
    public static String goFormat(SuiteResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(GoFormat.configLine("goos", System.getProperty("os.name").toLowerCase(Locale.ROOT))).append('\n');
        sb.append(GoFormat.configLine("goarch", System.getProperty("os.arch"))).append('\n');
        sb.append(GoFormat.configLine("pkg", "dev.mutexlab.lab.gobench")).append('\n');
        sb.append(GoFormat.configLine("cpu", r.machine().cpuModel())).append('\n');
        sb.append(GoFormat.configLine("jdk", r.machine().jdk().replace(' ', '-'))).append('\n');
        for (SuiteResult.Group g : r.groups()) {
            for (String lock : r.config().locks()) {
                sb.append(GoFormat.configLine("threads", g.threads())).append('\n');
                sb.append(GoFormat.configLine("lock", lock)).append('\n');
                for (SuiteResult.Measurement m : g.measurements()) {
                    if (m.lock().equals(lock)) {
                        sb.append(GoFormat.resultLine(m.benchmark(), g.procs(), m.n(), m.nsPerOp())).append('\n');
                    }
                }
            }
        }
        return sb.toString();
    }
}
