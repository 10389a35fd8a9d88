package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.VerdictRow;
import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict;
import dev.mutexlab.lab.stats.RatioVerdicts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every lock against the reference lock (the first of {@code --locks}), cell by cell — a cell is one
 * figure of one lock in one shape or workload — with the ratio taken within each batch and the
 * verdict of {@link RatioVerdicts}. The tables of {@code run}, {@code sweep}, {@code apps} (and
 * {@code real}, through the apps table) and {@code fairness} print these; the result files record them.
 *
 * <p>A/A control: where the reference lock was measured a second time in the same batches
 * ({@code --aa}), that second copy ÷ the first is the A/A cell, and the A/A ratios of a group (one
 * JVM, one metric), pooled over its cells, check the group's no-effect band ({@link NoEffectBand#of}):
 * the ±5% margin while the pooled A/A interval lies inside it, else widened to that interval, as
 * {@code reproduce} does. Without one the band is the fixed ±5%. An A/A cell itself is judged
 * against the margin ({@link NoEffectBand#AA_COPY}): it is the check, and against the band its own
 * ratios helped widen it would look within.
 */
public final class CellVerdicts {
    private CellVerdicts() {
    }

    /**
     * One cell.
     *
     * @param figure    the lock's figure
     * @param reference the reference lock's figure in the same place
     * @param aa        whether it is the A/A control
     * @param band      the no-effect band it was judged against
     * @param verdict   the ratio, its interval and the call
     * @param otherState batches left out of the ratio because the lock and the reference were measured in
     *                  different states of the machine ({@link Noise#oneState})
     * @param lineNanos the median line probe of the batches in the ratio (the state it speaks for); NaN: not probed
     */
    public record Cell(Figure figure, Figure reference, boolean aa, NoEffectBand band, RatioVerdict verdict, int otherState,
                       double lineNanos) {
        /** The verdict in words for this figure's metric. */
        public String word() {
            return verdict.word(figure.metric().higherIsBetter());
        }

        /** The row a result file records. */
        public VerdictRow row() {
            return new VerdictRow(figure.group(), figure.where(), figure.lock(), figure.metric().label(),
                    reference.lock(), aa, band.text(), verdict, word(), Double.isNaN(lineNanos) ? 0 : lineNanos, otherState);
        }
    }

    /**
     * The cells of {@code figures} (of one result file): for every (place, metric), every figure after
     * the first against the first, in figure order.
     */
    public static List<Cell> of(List<Figure> figures) {
        Map<String, List<Figure>> byPlace = new LinkedHashMap<>();
        for (Figure f : figures) {
            byPlace.computeIfAbsent(f.where() + "|" + f.metric(), k -> new ArrayList<>()).add(f);
        }
        Map<String, List<Double>> aaRatios = new HashMap<>();
        for (List<Figure> place : byPlace.values()) {
            Figure ref = place.getFirst();
            for (Figure f : place.subList(1, place.size())) {
                if (f.lock().equals(ref.lock())) {
                    for (double r : ratios(f, ref).ratios()) {
                        aaRatios.computeIfAbsent(groupKey(f), k -> new ArrayList<>()).add(r);
                    }
                }
            }
        }
        Map<String, NoEffectBand> bands = new HashMap<>();
        List<Cell> cells = new ArrayList<>();
        for (List<Figure> place : byPlace.values()) {
            Figure ref = place.getFirst();
            for (Figure f : place.subList(1, place.size())) {
                NoEffectBand band = bands.computeIfAbsent(groupKey(f), k -> band(aaRatios.get(k), ref.lock()));
                Paired p = ratios(f, ref);
                boolean aa = f.lock().equals(ref.lock());
                NoEffectBand judgedBy = aa ? NoEffectBand.AA_COPY : band;
                cells.add(new Cell(f, ref, aa, judgedBy, RatioVerdicts.of(p.ratios(), p.jvms(), judgedBy), p.otherState(),
                        p.lineNanos()));
            }
        }
        return cells;
    }

    /** The rows a result file records for {@code cells}. */
    public static List<VerdictRow> rows(List<Cell> cells) {
        return cells.stream().map(Cell::row).toList();
    }

    /** The cells at {@code where} for {@code metric}, in lock order: cell i is lock i + 1 against lock 0. */
    public static List<Cell> at(List<Cell> cells, String where, Figure.Metric metric) {
        return cells.stream().filter(c -> c.figure().where().equals(where) && c.figure().metric() == metric).toList();
    }

    /**
     * Per group ({@code platform P=2}) of an apps-shaped result ({@code apps}, {@code real}), the
     * workloads where some lock's ops/s verdict cannot tell yet, in figure order: what an adaptive
     * round measures again.
     */
    public static Map<String, List<String>> undecidedWorkloads(AppsResult r) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Cell c : of(Figures.ofApps(r))) {
            if (c.figure().metric() == Figure.Metric.OPS_PER_SEC && c.verdict().undecided()) {
                String workload = c.figure().where().substring(c.figure().group().length() + 1);
                List<String> list = out.computeIfAbsent(c.figure().group(), k -> new ArrayList<>());
                if (!list.contains(workload)) {
                    list.add(workload);
                }
            }
        }
        return out;
    }

    private static String groupKey(Figure f) {
        return f.group() + "|" + f.metric();
    }

    private static NoEffectBand band(List<Double> aa, String reference) {
        if (aa == null || aa.isEmpty()) {
            return NoEffectBand.FIXED;
        }
        return NoEffectBand.of(Bootstrap.median(aa.stream().mapToDouble(Double::doubleValue).toArray()),
                reference + " ÷ " + reference);
    }

    /** Ratios within batches, with the JVM each batch was measured in, and how many batches were left out as measured across a change of the machine's state. */
    record Paired(double[] ratios, int[] jvms, int otherState, double lineNanos) {
    }

    /**
     * {@code f}'s values ÷ {@code ref}'s of the same batch. Left out: batches where either is missing
     * or the reference is 0, and batches whose two windows the line probes place in different states
     * of the machine ({@link Noise#oneState}): such a ratio is the machine's change of speed more than
     * the locks' difference, and the tables say how many were left out.
     */
    static Paired ratios(Figure f, Figure ref) {
        Map<Integer, Integer> base = new HashMap<>();
        for (int i = 0; i < ref.values().length; i++) {
            base.put(ref.batch(i), i);
        }
        List<double[]> out = new ArrayList<>();
        List<Double> probes = new ArrayList<>();
        int otherState = 0;
        for (int i = 0; i < f.values().length; i++) {
            Integer j = base.get(f.batch(i));
            double b = j == null ? Double.NaN : ref.values()[j];
            if (b == 0 || !Double.isFinite(b)) {
                continue;
            }
            if (!Noise.oneState(f.noise(i), ref.noise(j))) {
                otherState++;
                continue;
            }
            out.add(new double[] {f.values()[i] / b, f.jvm(i)});
            for (Noise n : new Noise[] {f.noise(i), ref.noise(j)}) {
                for (double probe : Noise.lineProbes(n)) {
                    probes.add(probe);
                }
            }
        }
        return new Paired(out.stream().mapToDouble(x -> x[0]).toArray(), out.stream().mapToInt(x -> (int) x[1]).toArray(),
                otherState, Metrics.median(probes.stream().mapToDouble(Double::doubleValue).toArray()));
    }
}
