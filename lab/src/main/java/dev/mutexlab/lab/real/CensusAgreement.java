package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.stats.RatioVerdict;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether two {@code real} runs agree: for each cell (thread kind, P, workers, workload) of both and
 * each lock against the reference lock there — a pair — the two ops/s verdicts ({@link CensusCells},
 * ratios within batches judged by the lab's one rule). A pair decided in both runs (faster, slower or
 * within the band in each) agrees when the calls are the same; it is in opposite directions when one
 * run says faster and the other slower. The target a census must meet: at least
 * {@value #TARGET_AGREE} of the pairs decided in both agree, and none is in opposite directions.
 * Pairs undecided in either run, in one run only, or in an error cell of either are counted and
 * listed apart; they count in no share.
 */
public final class CensusAgreement {
    /** The share of pairs decided in both runs that must agree. */
    public static final double TARGET_AGREE = 0.95;

    private CensusAgreement() {
    }

    /** One lock against the reference in one cell, in both runs (a verdict is null where that run lacks it). */
    public record Pair(CensusCells.Key key, String lock, RatioVerdict a, RatioVerdict b) {
        public boolean decidedInBoth() {
            return a != null && b != null && !a.undecided() && !b.undecided();
        }

        public boolean agrees() {
            return decidedInBoth() && a.call() == b.call();
        }

        /** One run says faster and the other slower. */
        public boolean opposite() {
            return decidedInBoth() && (a.call() == RatioVerdict.Call.ABOVE && b.call() == RatioVerdict.Call.BELOW
                    || a.call() == RatioVerdict.Call.BELOW && b.call() == RatioVerdict.Call.ABOVE);
        }
    }

    /**
     * The comparison.
     *
     * @param pairs      every pair in both runs' result cells
     * @param onlyInOne  pairs one run has and the other does not (as {@code key lock (file)})
     * @param errorCells cells that are an error in either run (as {@code key (file): check})
     */
    public record Result(String fileA, String fileB, String reference, List<Pair> pairs, List<String> onlyInOne,
                         List<String> errorCells) {
        public List<Pair> decided() {
            return pairs.stream().filter(Pair::decidedInBoth).toList();
        }

        public long agreeing() {
            return pairs.stream().filter(Pair::agrees).count();
        }

        public long opposite() {
            return pairs.stream().filter(Pair::opposite).count();
        }

        public List<Pair> undecided() {
            return pairs.stream().filter(p -> !p.decidedInBoth()).toList();
        }

        /** The share of pairs decided in both that agree (NaN when none is). */
        public double agreeShare() {
            return decided().isEmpty() ? Double.NaN : (double) agreeing() / decided().size();
        }

        /** Whether the census's target is met: at least {@value #TARGET_AGREE} agree, none opposite. */
        public boolean meetsTarget() {
            return !decided().isEmpty() && agreeShare() >= TARGET_AGREE && opposite() == 0;
        }
    }

    /** Run {@code a} against run {@code b}; they must share their reference lock. */
    public static Result of(String fileA, List<CensusCells.Cell> a, String fileB, List<CensusCells.Cell> b) {
        String reference = a.isEmpty() ? null : a.getFirst().reference();
        String other = b.isEmpty() ? null : b.getFirst().reference();
        if (reference != null && other != null && !reference.equals(other)) {
            throw new UsageException("--against: " + fileA + " compares with " + reference + ", " + fileB + " with " + other
                    + "; the verdicts of two runs agree only against the same reference lock");
        }
        Map<CensusCells.Key, CensusCells.Cell> inA = byKey(a);
        Map<CensusCells.Key, CensusCells.Cell> inB = byKey(b);
        List<Pair> pairs = new ArrayList<>();
        List<String> onlyInOne = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (CensusCells.Cell ca : inA.values()) {
            CensusCells.Cell cb = inB.get(ca.key());
            if (cb == null) {
                onlyInOne.add(ca.key().text() + " (" + fileA + " only)");
                continue;
            }
            if (ca.isError() || cb.isError()) {
                CensusCells.Cell bad = ca.isError() ? ca : cb;
                errors.add(bad.key().text() + " (" + bad.file() + "): " + bad.error());
                continue;
            }
            for (CensusCells.LockInCell la : ca.locks()) {
                if (la.vsReference() == null) {
                    continue; // the reference itself
                }
                CensusCells.LockInCell lb = cb.lock(la.lock()).orElse(null);
                if (lb == null) {
                    onlyInOne.add(ca.key().text() + " " + la.lock() + " (" + fileA + " only)");
                } else {
                    pairs.add(new Pair(ca.key(), la.lock(), la.vsReference(), lb.vsReference()));
                }
            }
            for (CensusCells.LockInCell lb : cb.locks()) {
                if (lb.vsReference() != null && ca.lock(lb.lock()).isEmpty()) {
                    onlyInOne.add(cb.key().text() + " " + lb.lock() + " (" + fileB + " only)");
                }
            }
        }
        for (CensusCells.Cell cb : inB.values()) {
            if (!inA.containsKey(cb.key())) {
                onlyInOne.add(cb.key().text() + " (" + fileB + " only)");
            }
        }
        return new Result(fileA, fileB, reference, pairs, onlyInOne, errors);
    }

    private static Map<CensusCells.Key, CensusCells.Cell> byKey(List<CensusCells.Cell> cells) {
        Map<CensusCells.Key, CensusCells.Cell> map = new LinkedHashMap<>();
        cells.forEach(c -> map.putIfAbsent(c.key(), c));
        return map;
    }

    /** The counts, then every disagreement, then the pairs undecided in either run and the ones left out. */
    public static void print(Result r, PrintWriter out) {
        List<Pair> decided = r.decided();
        out.printf("%nAgreement: %s against %s (ops/s of each lock / %s, per cell, within-batch verdicts)%n",
                r.fileA(), r.fileB(), r.reference());
        out.printf("  pairs in both runs: %d; decided in both: %d%n", r.pairs().size(), decided.size());
        out.printf(Locale.ROOT, "  agree: %d of %d (%s; target >= %.0f%%)%n", r.agreeing(), decided.size(),
                LitlTable.pct(r.agreeShare()), 100 * TARGET_AGREE);
        out.printf("  opposite directions: %d (target 0)%n", r.opposite());
        out.printf("  target %s%n", r.meetsTarget() ? "met" : "NOT met");
        out.printf("  undecided in either run: %d (in %s only: %d; in %s only: %d; in both: %d)%n", r.undecided().size(),
                r.fileA(), count(r, true, false), r.fileB(), count(r, false, true), count(r, true, true));
        out.printf("  in one run only: %d; error cells (a failed check in either run): %d%n", r.onlyInOne().size(),
                r.errorCells().size());
        List<Pair> disagree = decided.stream().filter(p -> !p.agrees()).toList();
        if (!disagree.isEmpty()) {
            out.printf("%n  Disagreements (%s | %s):%n", r.fileA(), r.fileB());
            disagree.forEach(p -> out.println(LitlTable.fit("  " + (p.opposite() ? "OPPOSITE " : "") + p.key().text() + " "
                    + p.lock() + ": " + brief(p.a()) + " | " + brief(p.b()))));
        }
        if (!r.undecided().isEmpty()) {
            out.printf("%n  Undecided in either run (%s | %s):%n", r.fileA(), r.fileB());
            r.undecided().forEach(p -> out.println(LitlTable.fit("  " + p.key().text() + " " + p.lock() + ": "
                    + brief(p.a()) + " | " + brief(p.b()))));
        }
        if (!r.onlyInOne().isEmpty() || !r.errorCells().isEmpty()) {
            out.printf("%n  Left out:%n");
            r.onlyInOne().forEach(s -> out.println(LitlTable.fit("  " + s)));
            r.errorCells().forEach(s -> out.println(LitlTable.fit("  error: " + s)));
        }
    }

    /** {@code 1.05 [0.85–1.23] ~?}: the ratio, its interval and the short call (ops/s: higher is better). */
    static String brief(RatioVerdict v) {
        String cell = v.cell(true);
        return v.undecided() && cell.contains(" (") ? cell.substring(0, cell.lastIndexOf(" (")) : cell;
    }

    private static long count(Result r, boolean undecidedInA, boolean undecidedInB) {
        return r.undecided().stream().filter(p -> p.a().undecided() == undecidedInA && p.b().undecided() == undecidedInB)
                .count();
    }
}
