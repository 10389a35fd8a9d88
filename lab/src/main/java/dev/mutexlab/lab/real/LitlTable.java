package dev.mutexlab.lab.real;

import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.Spread;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The LiTL-style table of the census (after Guiroux et al., "Multicore Locks: the Case is Not
 * Closed Yet", USENIX ATC 2016): over the cells of one or more {@code real} results
 * ({@link CensusCells}), per lock the share of cells where it is the best, the best or within the
 * no-effect band (±5%) of the best, behind by less than 20%, at least 20% behind, and where its
 * verdict against the best cannot tell; per program (workload), the spread from the best lock to
 * the worst — the worst lock's ops/s over the best's, a median ratio within batches. Error cells (a
 * failed check) count in no share and are counted apart.
 */
public final class LitlTable {
    private LitlTable() {
    }

    /**
     * One lock's row: counts of the cells it was measured in.
     *
     * @param bestOrWithin cells where it is the best or within the band of the best
     */
    public record LockRow(String lock, int cells, int best, int bestOrWithin, int behind, int farBehind, int cannotTell) {
        /** {@code n} as a share of the cells, 0 to 1. */
        public double share(int n) {
            return cells == 0 ? Double.NaN : (double) n / cells;
        }
    }

    /**
     * One program's row.
     *
     * @param best       the lock most often best, and in how many cells
     * @param worst      the lock most often furthest behind, and in how many cells
     * @param worstToBest over its cells, the worst lock's median ratio to the best
     */
    public record ProgramRow(String workload, int cells, String best, int bestCells, String worst, int worstCells,
                             Spread worstToBest) {
    }

    /** The rows per lock, in the order the locks first appear. */
    public static List<LockRow> locks(List<CensusCells.Cell> cells) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        results(cells).forEach(c -> c.locks().forEach(l -> names.add(l.lock())));
        List<LockRow> rows = new ArrayList<>();
        for (String lock : names) {
            int[] n = new int[CensusCells.Standing.values().length];
            int measured = 0;
            for (CensusCells.Cell c : results(cells)) {
                CensusCells.LockInCell l = c.lock(lock).orElse(null);
                if (l != null) {
                    measured++;
                    n[l.standing().ordinal()]++;
                }
            }
            rows.add(new LockRow(lock, measured, n[CensusCells.Standing.BEST.ordinal()],
                    n[CensusCells.Standing.BEST.ordinal()] + n[CensusCells.Standing.WITHIN.ordinal()],
                    n[CensusCells.Standing.BEHIND.ordinal()], n[CensusCells.Standing.FAR_BEHIND.ordinal()],
                    n[CensusCells.Standing.CANNOT_TELL.ordinal()]));
        }
        return rows;
    }

    /** The rows per program, in the order the programs first appear. */
    public static List<ProgramRow> programs(List<CensusCells.Cell> cells) {
        Map<String, List<CensusCells.Cell>> byProgram = new LinkedHashMap<>();
        results(cells).forEach(c -> byProgram.computeIfAbsent(c.key().workload(), k -> new ArrayList<>()).add(c));
        List<ProgramRow> rows = new ArrayList<>();
        byProgram.forEach((workload, list) -> {
            Map.Entry<String, Integer> best = mostOften(list, CensusCells.Cell::best);
            Map.Entry<String, Integer> worst = mostOften(list, c -> c.worst().lock());
            double[] spread = list.stream().mapToDouble(c -> c.worst().toBest()).filter(Double::isFinite).toArray();
            rows.add(new ProgramRow(workload, list.size(), best.getKey(), best.getValue(), worst.getKey(), worst.getValue(),
                    Metrics.spread(spread)));
        });
        return rows;
    }

    private static Map.Entry<String, Integer> mostOften(List<CensusCells.Cell> cells, Function<CensusCells.Cell, String> what) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        cells.forEach(c -> counts.merge(what.apply(c), 1, Integer::sum));
        return counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).orElseThrow();
    }

    /** The cells that are results, not errors. */
    static List<CensusCells.Cell> results(List<CensusCells.Cell> cells) {
        return cells.stream().filter(c -> !c.isError()).toList();
    }

    /** Both tables, within 100 columns. */
    public static void print(List<CensusCells.Cell> cells, int files, PrintWriter out) {
        List<CensusCells.Cell> results = results(cells);
        long errors = cells.size() - results.size();
        String reference = cells.isEmpty() ? "-" : cells.getFirst().reference();
        out.printf("%nLiTL table: %d cells (thread kind, P, workers, workload), %d file(s), %d error cell(s) left"
                + " out%n", results.size(), files, errors);
        out.printf("  best: the highest median ops/s ratio to %s within batches; each other lock's ops/s over%n"
                + "  the best's within batches, its interval against the no-effect band: within 5%%, 5-20%%%n"
                + "  behind, >= 20%% behind (below the band, median <= %.2f), or can't tell. Shares of the cells%n"
                + "  each lock ran in.%n", reference, CensusCells.FAR_BEHIND);
        out.printf("  %-22s %6s %7s %10s %8s %9s %8s%n", "lock", "cells", "best", "best/<=5%", "5-20%", ">=20%", "can't");
        for (LockRow r : locks(cells)) {
            out.printf(Locale.ROOT, "  %-22.22s %6d %7s %10s %8s %9s %8s%n", r.lock(), r.cells(), pct(r.share(r.best())),
                    pct(r.share(r.bestOrWithin())), pct(r.share(r.behind())), pct(r.share(r.farBehind())),
                    pct(r.share(r.cannotTell())));
        }
        out.printf("%nPer program: the spread from the best lock to the worst (worst / best, median within-batch ratio)%n");
        out.printf("  %-16s %5s  %-24s %-24s %s%n", "program", "cells", "best most often", "worst most often",
                "worst/best (min-max)");
        for (ProgramRow r : programs(cells)) {
            out.printf(Locale.ROOT, "  %-16.16s %5d  %-24.24s %-24.24s %s%n", r.workload(), r.cells(),
                    r.best() + " (" + r.bestCells() + ")", r.worst() + " (" + r.worstCells() + ")", spread(r.worstToBest()));
        }
        cells.stream().filter(CensusCells.Cell::isError).forEach(c -> out.println(fit("  error: " + c.file() + " "
                + c.key().text() + ": " + c.error())));
    }

    /** {@code line} cut to 100 columns, ending in "..." where it was cut. */
    static String fit(String line) {
        return line.length() <= 100 ? line : line.substring(0, 97) + "...";
    }

    static String pct(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    static String spread(Spread s) {
        return Double.isNaN(s.median()) ? "-" : String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", s.median(), s.min(), s.max());
    }
}
