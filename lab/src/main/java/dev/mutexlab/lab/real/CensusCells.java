package dev.mutexlab.lab.real;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict;
import dev.mutexlab.lab.stats.RatioVerdicts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cells of {@code mutexlab real} results as the census counts them: one per (thread kind, P,
 * workers, workload) of a file, ops/s only, each lock placed against the reference lock (the first
 * of {@code --locks}) and against the cell's best lock.
 *
 * <p>Every figure is a ratio taken within a batch, never a raw median: the rotation of each batch
 * puts the locks side by side in time, and the machine's drift cancels out of a ratio. The best lock
 * is the one with the highest median ratio to the reference ({@link CellVerdicts}; the reference's own
 * ratio is 1). Each other lock is then judged against the best with the lab's one verdict rule
 * ({@link RatioVerdicts}): its ops/s over the best's in each batch, the bootstrap interval of their
 * median (by JVM where the batches came from several), against the cell's no-effect band (±5%, or
 * wider where the run's A/A control could not resolve 5%). Its standing follows from that verdict:
 * {@link Standing#WITHIN} when the interval lies inside the band, {@link Standing#FAR_BEHIND} when it
 * lies below the band and the median ratio is at most {@value #FAR_BEHIND}, {@link Standing#BEHIND}
 * when below the band but nearer, {@link Standing#CANNOT_TELL} otherwise (too few batches, or an
 * interval that crosses the band's edge, or above it: the two ways of naming the best disagree).
 *
 * <p>A cell where any sample failed its check (the workload's own check, or the lock under test not
 * in place) is an error, never a result: it carries the first failure and no standings.
 */
public final class CensusCells {
    /** A lock at most this share of the best lock's ops/s is at least 20% behind it. */
    public static final double FAR_BEHIND = 0.80;

    private CensusCells() {
    }

    /** Where a cell is: the thread kind, P, the threads driving the workload, and the workload. */
    public record Key(String threads, int procs, int workers, String workload) {
        /** {@code platform P=2 W=8 caffeine}. */
        public String text() {
            return threads + " P=" + procs + " W=" + workers + " " + workload;
        }
    }

    /** Where a lock stands against the best lock of its cell. */
    public enum Standing {
        BEST, WITHIN, BEHIND, FAR_BEHIND, CANNOT_TELL
    }

    /**
     * One lock in one cell.
     *
     * @param vsReference its ops/s over the reference's, within batches (null for the reference itself)
     * @param vsBest      its ops/s over the best lock's, within batches (null for the best itself)
     */
    public record LockInCell(String lock, RatioVerdict vsReference, RatioVerdict vsBest, Standing standing) {
        /** Its median ratio to the best lock (1 for the best). */
        public double toBest() {
            return vsBest == null ? 1 : vsBest.median();
        }
    }

    /**
     * One cell of one file.
     *
     * @param file      the file as it was named
     * @param reference the reference lock
     * @param locks     each lock measured there, in {@code --locks} order, the A/A copy left out
     * @param best      the lock with the highest median ratio to the reference; null for an error cell
     * @param error     the first failed check of the cell's samples; null when every check passed
     */
    public record Cell(String file, Key key, String reference, List<LockInCell> locks, String best, String error) {
        public boolean isError() {
            return error != null;
        }

        /** The lock {@code name}, if it was measured here. */
        public Optional<LockInCell> lock(String name) {
            return locks.stream().filter(l -> l.lock().equals(name)).findFirst();
        }

        /** The lock furthest behind the best (by median ratio); the best itself where it is the only lock. */
        public LockInCell worst() {
            return locks.stream().min(java.util.Comparator.comparingDouble(LockInCell::toBest)).orElseThrow();
        }
    }

    /** The cells of every file, in file order. */
    public static List<Cell> of(Map<String, RealResult> files) {
        List<Cell> cells = new ArrayList<>();
        files.forEach((name, r) -> cells.addAll(of(name, r)));
        return cells;
    }

    /** The cells of one file, in the file's group and workload order. */
    public static List<Cell> of(String file, RealResult r) {
        AppsResult apps = r.asApps();
        List<Figure> figures = Figures.ofApps(apps).stream().filter(f -> f.metric() == Figure.Metric.OPS_PER_SEC).toList();
        List<CellVerdicts.Cell> verdicts = CellVerdicts.of(figures);
        String reference = r.config().locks().getFirst();
        List<Cell> cells = new ArrayList<>();
        for (AppsResult.Group g : r.groups()) {
            String group = Figures.appsGroup(apps, g);
            for (String workload : r.config().workloads()) {
                String where = group + " " + workload;
                Key key = new Key(g.threads(), g.procs(), g.workersOr(r.config().workers()), workload);
                Map<String, Figure> byLock = new LinkedHashMap<>();
                figures.stream().filter(f -> f.where().equals(where)).forEach(f -> byLock.putIfAbsent(f.lock(), f));
                if (!byLock.containsKey(reference)) {
                    continue;
                }
                String error = g.samples().stream().filter(s -> s.workload().equals(workload) && !s.checkPassed())
                        .map(AppsResult.Sample::check).findFirst().orElse(null);
                if (error != null) {
                    cells.add(new Cell(file, key, reference, List.of(), null, error));
                    continue;
                }
                List<CellVerdicts.Cell> here = CellVerdicts.at(verdicts, where, Figure.Metric.OPS_PER_SEC).stream()
                        .filter(c -> !c.aa()).toList();
                NoEffectBand band = here.stream().map(CellVerdicts.Cell::band).findFirst().orElse(NoEffectBand.FIXED);
                Map<String, RatioVerdict> vsReference = new LinkedHashMap<>();
                here.forEach(c -> vsReference.put(c.figure().lock(), c.verdict()));
                String best = reference;
                double bestRatio = 1;
                for (Map.Entry<String, RatioVerdict> e : vsReference.entrySet()) {
                    if (e.getValue().median() > bestRatio) {
                        best = e.getKey();
                        bestRatio = e.getValue().median();
                    }
                }
                List<LockInCell> locks = new ArrayList<>();
                for (Map.Entry<String, Figure> e : byLock.entrySet()) {
                    String lock = e.getKey();
                    RatioVerdict toBest = lock.equals(best) ? null : against(byLock.get(best), e.getValue(), band);
                    locks.add(new LockInCell(lock, vsReference.get(lock), toBest, standing(toBest)));
                }
                cells.add(new Cell(file, key, reference, List.copyOf(locks), best, null));
            }
        }
        return cells;
    }

    /** {@code lock}'s ops/s over {@code best}'s within batches, judged against {@code band}. */
    private static RatioVerdict against(Figure best, Figure lock, NoEffectBand band) {
        RatioVerdict v = CellVerdicts.of(List.of(best, lock)).getFirst().verdict();
        return RatioVerdicts.judge(new Bootstrap.Interval(v.median(), v.low(), v.high(), v.n()), v.jvms(), band);
    }

    /** The standing a verdict against the best gives (null: the best itself). */
    static Standing standing(RatioVerdict toBest) {
        if (toBest == null) {
            return Standing.BEST;
        }
        return switch (toBest.call()) {
            case WITHIN -> Standing.WITHIN;
            case BELOW -> toBest.median() <= FAR_BEHIND ? Standing.FAR_BEHIND : Standing.BEHIND;
            case ABOVE, CANNOT_TELL -> Standing.CANNOT_TELL;
        };
    }
}
