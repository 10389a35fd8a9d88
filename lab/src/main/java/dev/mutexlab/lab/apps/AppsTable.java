package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.Spread;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The terminal table of an apps result: per (thread kind, P) and workload, one row per lock — ops/s
 * (median over batches), the ratio to the first lock taken within each batch with its bootstrap
 * interval and verdict ({@link CellVerdicts}: faster, slower, {@code ~} within the no-effect band,
 * {@code ~?} cannot tell), the p99 latency (and wait to acquire) of the lock's median batch — and the
 * check. {@link Columns#WIDE} adds the min–max of ops/s, the other latency and wait percentiles, CPU
 * per operation and Jain's index. The best lock by median ops/s is marked {@code *}.
 */
public final class AppsTable {
    private AppsTable() {
    }

    /** One lock in one (group, workload): its samples in batch order. */
    record Row(String lock, int index, List<AppsResult.Sample> runs, Spread opsPerSec, Spread ratio, AppsResult.Sample median,
               double cpuNanosPerOp, double jain, String check) {
    }

    /** The rows of {@code workload} in {@code g}, locks in {@code --locks} order; locks with no sample are left out. */
    static List<Row> rows(AppsResult r, AppsResult.Group g, String workload) {
        List<String> locks = r.config().locks();
        List<List<AppsResult.Sample>> byLock = new ArrayList<>();
        for (int i = 0; i < locks.size(); i++) {
            byLock.add(Figures.appsSamples(r, g, workload, i));
        }
        List<AppsResult.Sample> base = byLock.getFirst();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < locks.size(); i++) {
            List<AppsResult.Sample> runs = byLock.get(i);
            if (runs.isEmpty()) {
                continue;
            }
            double[] ops = runs.stream().mapToDouble(AppsResult.Sample::opsPerSec).toArray();
            List<Double> ratios = new ArrayList<>();
            for (AppsResult.Sample s : runs) {
                base.stream().filter(b -> b.run() == s.run() && b.opsPerSec() > 0).findFirst()
                        .ifPresent(b -> ratios.add(s.opsPerSec() / b.opsPerSec()));
            }
            List<AppsResult.Sample> sorted = runs.stream().sorted(Comparator.comparingDouble(AppsResult.Sample::opsPerSec)).toList();
            String check = runs.stream().filter(s -> !s.checkPassed()).map(AppsResult.Sample::check).findFirst()
                    .orElse(AppsResult.Sample.OK);
            rows.add(new Row(locks.get(i), i, runs, Metrics.spread(ops),
                    Metrics.spread(ratios.stream().mapToDouble(Double::doubleValue).toArray()), sorted.get(sorted.size() / 2),
                    Metrics.median(runs.stream().mapToDouble(AppsResult.Sample::cpuNanosPerOp).toArray()),
                    Metrics.median(runs.stream().mapToDouble(AppsResult.Sample::jain).toArray()), check));
        }
        return rows;
    }

    /** The default table: within {@link Columns#WIDTH} columns. */
    public static void print(AppsResult r, PrintWriter out) {
        print(r, Columns.DEFAULT, out);
    }

    public static void print(AppsResult r, Columns columns, PrintWriter out) {
        AppsResult.Config c = r.config();
        print(r, out, g -> String.format(Locale.ROOT, "%s threads, P=%d (%s); %d threads per workload, keys %d, Zipf s=%.2f,"
                + " outside %.1f us", g.threads(), g.procs(), g.enforcement(), c.workers(), c.keys(), c.skew(),
                c.outsideNanos() / 1e3), true, columns);
    }

    /**
     * The table with {@code header} above each group; {@code waits}: with the wait-to-acquire columns
     * (left out where the harness cannot time the lock, as in the real programs).
     */
    public static void print(AppsResult r, PrintWriter out, java.util.function.Function<AppsResult.Group, String> header,
                             boolean waits, Columns columns) {
        AppsResult.Config c = r.config();
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofApps(r));
        for (AppsResult.Group g : r.groups()) {
            out.println();
            Columns.printWrapped(header.apply(g), "  ", out);
            LinkedHashSet<String> workloads = new LinkedHashSet<>(c.workloads());
            for (String w : workloads) {
                List<Row> rows = rows(r, g, w);
                List<CellVerdicts.Cell> here = CellVerdicts.at(cells, Figures.appsGroup(r, g) + " " + w,
                        Figure.Metric.OPS_PER_SEC);
                if (rows.isEmpty()) {
                    continue;
                }
                String best = rows.stream().max(Comparator.comparingDouble(x -> x.opsPerSec().median())).map(Row::lock).orElse("");
                out.printf("%n  %s%n", w);
                if (columns == Columns.WIDE) {
                    out.printf("  %-20s %10s %19s %-28s %9s %9s %9s %9s " + (waits ? "%9s %9s " : "%s%s") + "%8s %6s  %s%n",
                            "lock", "ops/s", "(min-max)", "ratio [interval] verdict", "p50 us", "p99 us", "p99.9 us", "max us",
                            waits ? "wait p99" : "", waits ? "wait max" : "", "CPU ns/op", "Jain", "check");
                } else {
                    out.printf("  %-20s %10s %-28s %9s " + (waits ? "%9s " : "%s") + " %s%n",
                            "lock", "ops/s", "ratio [interval] verdict", "p99 us", waits ? "wait p99" : "", "check");
                }
                for (Row row : rows) {
                    AppsResult.Sample m = row.median();
                    String verdict = row.index() == 0 ? "1" : row.index() - 1 < here.size()
                            ? here.get(row.index() - 1).verdict().cell(true) : String.format(Locale.ROOT, "%.2f", row.ratio().median());
                    verdict += RunTable.disturbedMark(row.runs().stream().filter(AppsResult.Sample::disturbed).count());
                    String lock = (row.lock().equals(best) ? "*" : " ") + row.lock()
                            + (row.index() > 0 && row.lock().equals(c.locks().getFirst()) ? " (A/A)" : "");
                    if (columns == Columns.WIDE) {
                        String waitColumns = waits ? String.format(Locale.ROOT, "%9.1f %9.1f ", m.waits().p99Nanos() / 1e3,
                                m.waits().maxNanos() / 1e3) : "";
                        out.printf(Locale.ROOT, "  %-20s %10.0f %19s %-28s %9.1f %9.1f %9.1f %9.1f %s%8.0f %6.3f  %s%n",
                                lock, row.opsPerSec().median(),
                                String.format(Locale.ROOT, "(%.0f-%.0f)", row.opsPerSec().min(), row.opsPerSec().max()),
                                verdict, m.latency().p50Nanos() / 1e3, m.latency().p99Nanos() / 1e3,
                                m.latency().p999Nanos() / 1e3, m.latency().maxNanos() / 1e3, waitColumns,
                                row.cpuNanosPerOp(), row.jain(), row.check());
                    } else {
                        String waitColumn = waits ? String.format(Locale.ROOT, "%9.1f ", m.waits().p99Nanos() / 1e3) : "";
                        out.printf(Locale.ROOT, "  %-20s %10.0f %-28s %9.1f %s %s%n", lock, row.opsPerSec().median(), verdict,
                                m.latency().p99Nanos() / 1e3, waitColumn, row.check());
                    }
                }
            }
        }
        out.println();
        Columns.printWrapped(String.format("* = most ops/s; ratio = ops/s / %s's within each batch (median); latency%s of"
                + " each lock's median batch.", c.locks().isEmpty() ? "the first lock" : c.locks().getFirst(),
                waits ? " and waits" : ""), "", out);
        RunTable.printLegend(cells.stream().filter(x -> x.figure().metric() == Figure.Metric.OPS_PER_SEC).toList(), out);
    }
}
