package dev.mutexlab.lab.sweep;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.compare.VersusBest;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SweepResult.SummaryRow;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.locks.LockSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Prints a sweep: per shape, each lock's throughput (median, k/s) and its ratio to the first lock
 * within a batch (median, bootstrap interval and verdict, {@link CellVerdicts}); then Go's starvation-mode experiment's summary by (hold, outside work).
 */
public final class SweepTable {
    private SweepTable() {
    }

    /** The default table: within {@link Columns#WIDTH} columns. */
    public static void print(SweepResult result, PrintWriter out) {
        print(result, Columns.DEFAULT, out);
    }

    /**
     * The sweep: by default ({@link Columns#DEFAULT}) a row per shape and lock, within 100 columns
     * however many locks; {@link Columns#WIDE} a row per shape with a column group per lock.
     */
    public static void print(SweepResult result, Columns columns, PrintWriter out) {
        List<Outside> outside = RunConfig.parseOutside(result.config().outside());
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofShapes(result.groups()));
        for (GroupResult g : result.groups()) {
            List<String> locks = g.shapes().get(0).locks().stream().map(LockResult::spec).toList();
            out.println();
            Columns.printWrapped(String.format("%s threads, P=%d (%s): throughput k/s, ratio to %s within a batch, median"
                    + " [interval] verdict", g.threads(), g.procs(), g.enforcement(), locks.get(0)), "  ", out);
            if (columns != Columns.WIDE) {
                printRows(g, locks, outside, cells, out);
                continue;
            }
            StringBuilder head = new StringBuilder(String.format("%-4s %-7s %-8s", "W", "hold", "outside"));
            for (String l : locks) {
                head.append(" | ").append(RunTable.pad(l, 36));
            }
            out.println(head);
            for (ShapeResult s : g.shapes()) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-4d %-7s %-8s", s.workers(),
                        duration(s.holdNanos()), Outside.labelFor(outside, s.holdNanos(), s.outsideNanos())));
                List<CellVerdicts.Cell> here = CellVerdicts.at(cells, Shape.describe(s), Figure.Metric.THROUGHPUT);
                for (int i = 0; i < s.locks().size(); i++) {
                    LockResult lr = s.locks().get(i);
                    String ratio = i == 0 ? "" : "  " + (i - 1 < here.size() ? here.get(i - 1).verdict().cell(true) : RunTable.ratio(lr.ratio()));
                    row.append(" | ").append(RunTable.pad(RunTable.kilo(lr.throughput().median()) + ratio, 36));
                }
                out.println(row);
            }
        }
        RunTable.printLegend(cells, out);
        printSummary(result.summary(), outside, result.config(), out);
        printVersusBest(result.groups(), out);
        out.flush();
    }

    /** The default block: a row per shape and lock, the shape on its first row. */
    private static void printRows(GroupResult g, List<String> locks, List<Outside> outside, List<CellVerdicts.Cell> cells,
                                  PrintWriter out) {
        List<String> names = RunTable.lockNames(locks);
        String format = "%-4s %-7s %-8s %-" + Math.max(4, names.stream().mapToInt(String::length).max().orElse(0))
                + "s %7s  %s";
        out.println(String.format(Locale.ROOT, format, "W", "hold", "outside", "lock", "k/s", "ratio [interval] verdict"));
        for (ShapeResult s : g.shapes()) {
            List<CellVerdicts.Cell> here = CellVerdicts.at(cells, Shape.describe(s), Figure.Metric.THROUGHPUT);
            for (int i = 0; i < s.locks().size(); i++) {
                LockResult lr = s.locks().get(i);
                String ratio = i == 0 ? "1" : i - 1 < here.size() ? here.get(i - 1).verdict().cell(true) : RunTable.ratio(lr.ratio());
                out.println(String.format(Locale.ROOT, format, i == 0 ? s.workers() : "", i == 0 ? duration(s.holdNanos()) : "",
                        i == 0 ? Outside.labelFor(outside, s.holdNanos(), s.outsideNanos()) : "",
                        i < names.size() ? names.get(i) : lr.spec(), RunTable.kilo(lr.throughput().median()), ratio));
            }
        }
    }

    /** With three or more locks: how often the first came within 5% of the best of the others. */
    public static void printVersusBest(List<GroupResult> groups, PrintWriter out) {
        for (VersusBest.Summary v : VersusBest.of(groups)) {
            out.println();
            Columns.printWrapped(String.format(Locale.ROOT, "%s threads: %s / best of {%s}, within each batch: %d of %d shapes"
                            + " (%.0f%%) at %.2f or more; median %.2f (%.2f–%.2f)", v.threads(), v.lock(),
                    String.join(", ", v.others()), v.matched(), v.shapes(), 100 * v.matchedShare(), VersusBest.MATCHED,
                    v.ratios().median(), v.ratios().min(), v.ratios().max()), "  ", out);
        }
    }

    /** Go's starvation-mode experiment's summary: one table per (thread kind, lock), rows by hold, columns by outside work. */
    public static void printSummary(List<SummaryRow> summary, List<Outside> outside, RunResult.Config config,
                                    PrintWriter out) {
        List<String> blocks = summary.stream().map(r -> r.threads() + "|" + r.lock()).distinct().toList();
        for (String block : blocks) {
            List<SummaryRow> rows = summary.stream().filter(r -> (r.threads() + "|" + r.lock()).equals(block)).toList();
            SummaryRow first = rows.get(0);
            out.println();
            Columns.printWrapped(String.format("Summary, %s threads: %s / %s, median (min–max) of the shapes' median ratios"
                    + " over workers %s and procs %s", first.threads(), first.lock(), first.baseline(), config.workers(),
                    config.procs()), "  ", out);
            StringBuilder head = new StringBuilder(String.format("%-7s", "hold"));
            for (Outside o : outside) {
                head.append(" | ").append(RunTable.pad("outside " + o.text(), 22));
            }
            out.println(head);
            for (long hold : config.holdNanos()) {
                StringBuilder row = new StringBuilder(String.format("%-7s", duration(hold)));
                for (Outside o : outside) {
                    String cell = rows.stream().filter(r -> r.holdNanos() == hold && r.outside().equals(o.text()))
                            .findFirst().map(r -> RunTable.ratio(r.ratio())).orElse("-");
                    row.append(" | ").append(RunTable.pad(cell, 22));
                }
                out.println(row);
            }
        }
    }

    static String duration(long nanos) {
        return LockSpec.formatDuration(Duration.ofNanos(nanos));
    }
}
