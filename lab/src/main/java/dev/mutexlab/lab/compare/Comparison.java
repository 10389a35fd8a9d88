package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.stats.MannWhitney;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict;
import dev.mutexlab.lab.stats.RatioVerdicts;
import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lab's one comparison, benchstat style: two sets of runs of the same figure, their medians
 * with spread, the change of the median, the two-sided Mann–Whitney p-value over the runs, and the
 * verdict of {@link RatioVerdicts} on new ÷ old (the bootstrap interval of the ratio of the two
 * medians against the fixed ±5% band): faster, slower, within, or cannot tell. The verdict says
 * whether the change is real; the p-value only whether the two sets differ at all. {@code compare} pairs two files
 * ({@link #of}); {@code suite} pairs every lock with the first within one file ({@link #againstFirst}).
 */
public final class Comparison {
    /** The significance level. */
    public static final double ALPHA = 0.05;

    /**
     * One figure, old against new.
     *
     * @param where    where it was measured, in words
     * @param lock     the lock spec (new side)
     * @param metric   what was measured
     * @param old      the old runs: median, min, max
     * @param now      the new runs
     * @param oldRuns  runs on the old side
     * @param newRuns  runs on the new side
     * @param delta    new median / old median - 1
     * @param p        the two-sided Mann–Whitney p-value over the runs
     * @param verdict  new ÷ old with its interval and verdict
     */
    public record Row(String where, String lock, Figure.Metric metric, Spread old, Spread now, int oldRuns, int newRuns,
                      double delta, double p, RatioVerdict verdict) {
        public boolean significant() {
            return p < ALPHA;
        }

        /** Significant and an improvement (more throughput, less time per op). */
        public boolean better() {
            return significant() && (delta > 0) == metric.higherIsBetter() && delta != 0;
        }

        /** Significant and a regression. */
        public boolean worse() {
            return significant() && !better() && delta != 0;
        }

        /** The verdict in words: faster, slower, ~ within ±5%, ~ cannot tell (reason). */
        public String word() {
            return verdict.word(metric.higherIsBetter());
        }
    }

    private Comparison() {
    }

    /** Old against new runs of one figure. */
    public static Row row(String where, String lock, Figure.Metric metric, double[] old, double[] now) {
        Spread a = Metrics.spread(old);
        Spread b = Metrics.spread(now);
        return new Row(where, lock, metric, a, b, old.length, now.length, b.median() / a.median() - 1,
                MannWhitney.pValue(old, now), RatioVerdicts.change(old, null, now, null, NoEffectBand.FIXED));
    }

    /**
     * Every figure both files measured, in the old file's order; files of any schema the lab writes.
     * A lock measured twice in one place (an A/A copy) is matched occurrence by occurrence: the
     * reference with the reference, the copy with the copy.
     */
    public static List<Row> of(ResultFiles.Loaded oldFile, ResultFiles.Loaded newFile) {
        Map<String, Figure> newer = index(Figures.of(newFile));
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Figure> e : index(Figures.of(oldFile)).entrySet()) {
            Figure a = e.getValue();
            Figure b = newer.get(e.getKey());
            if (b != null && a.values().length > 0 && b.values().length > 0) {
                rows.add(row(a.where(), a.lock(), a.metric(), a.values(), b.values()));
            }
        }
        if (rows.isEmpty()) {
            throw new UsageException(oldFile.file() + " and " + newFile.file() + " have no (shape, lock) in common");
        }
        return rows;
    }

    /**
     * Every lock after {@code first} against it, where both were measured, in figure order. The first
     * figure of {@code first} in a place is the reference; a second one there is its A/A copy, compared
     * like any other lock.
     */
    public static List<Row> againstFirst(List<Figure> figures, String first) {
        Map<String, Figure> base = new LinkedHashMap<>();
        for (Figure f : figures) {
            if (f.lock().equals(first)) {
                base.putIfAbsent(f.where() + "|" + f.metric(), f);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Figure f : figures) {
            Figure b = base.get(f.where() + "|" + f.metric());
            if (f != b && b != null && b.values().length > 0 && f.values().length > 0) {
                rows.add(row(f.where(), f.lock(), f.metric(), b.values(), f.values()));
            }
        }
        return rows;
    }

    /** The figures in order, each under its place, lock, metric and occurrence there (1 for the first). */
    private static Map<String, Figure> index(List<Figure> figures) {
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Figure> map = new LinkedHashMap<>();
        for (Figure f : figures) {
            String key = f.where() + "|" + f.lock() + "|" + f.metric();
            map.put(key + "|" + seen.merge(key, 1, Integer::sum), f);
        }
        return map;
    }
}
