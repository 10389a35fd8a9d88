package dev.mutexlab.lab.sweep;

import dev.mutexlab.lab.compare.CellVerdicts;
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

    public static void print(SweepResult result, PrintWriter out) {
        List<Outside> outside = RunConfig.parseOutside(result.config().outside());
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofShapes(result.groups()));
        for (GroupResult g : result.groups()) {
            List<String> locks = g.shapes().get(0).locks().stream().map(LockResult::spec).toList();
            out.printf("%n%s threads, P=%d (%s): throughput k/s, ratio to %s within a batch, median [interval] verdict%n",
                    g.threads(), g.procs(), g.enforcement(), locks.get(0));
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

    /** With three or more locks: how often the first came within 5% of the best of the others. */
    public static void printVersusBest(List<GroupResult> groups, PrintWriter out) {
        for (VersusBest.Summary v : VersusBest.of(groups)) {
            out.printf(Locale.ROOT, "%n%s threads: %s / best of {%s}, within each batch: %d of %d shapes (%.0f%%) at %.2f or more;"
                            + " median %.2f (%.2f–%.2f)%n", v.threads(), v.lock(), String.join(", ", v.others()), v.matched(),
                    v.shapes(), 100 * v.matchedShare(), VersusBest.MATCHED, v.ratios().median(), v.ratios().min(),
                    v.ratios().max());
        }
    }

    /** Go's starvation-mode experiment's summary: one table per (thread kind, lock), rows by hold, columns by outside work. */
    public static void printSummary(List<SummaryRow> summary, List<Outside> outside, RunResult.Config config,
                                    PrintWriter out) {
        List<String> blocks = summary.stream().map(r -> r.threads() + "|" + r.lock()).distinct().toList();
        for (String block : blocks) {
            List<SummaryRow> rows = summary.stream().filter(r -> (r.threads() + "|" + r.lock()).equals(block)).toList();
            SummaryRow first = rows.get(0);
            out.printf("%nSummary, %s threads: %s / %s, median (min–max) of the shapes' median ratios over workers %s"
                            + " and procs %s%n", first.threads(), first.lock(), first.baseline(), config.workers(),
                    config.procs());
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
