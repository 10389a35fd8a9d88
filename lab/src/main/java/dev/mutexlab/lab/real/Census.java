package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.stats.Metrics;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The census of a {@code mutexlab real} result and the prediction check. For each (workload,
 * thread kind, P, workers) of the profile pass: the lock sites, their hold distribution (p50/p99/max), share
 * contended, threads waiting (most at once, and on average) against the CPUs, the outside time —
 * i.e. where each sits in the seed loop's grid ({@link SiteShape}). Then per cell: the hottest site
 * that matters, the lock the seed loop picks at its shape ({@link SeedLoop#pick}, from the {@code run}
 * or {@code sweep} results given), and the lock that won the real run (most ops/s, median over
 * batches); how often they agree, and how far the pick ran behind the winner where they did not.
 */
public final class Census {
    /** A pick within this share of the winner's ops/s counts as "near". */
    public static final double NEAR = 0.05;

    private Census() {
    }

    /**
     * One cell's prediction.
     *
     * @param workers    the threads that drove the workload in the cell
     * @param hottest    the hottest site that matters, or null when none does
     * @param pick       the seed loop's pick at its shape, or null without a result for that shape
     * @param winner     the lock with the most ops/s in the real run
     * @param pickRatio  the pick's ops/s over the winner's in the real run (1: the winner); NaN without a pick
     */
    public record Prediction(String workload, String threads, int procs, int workers, SiteShape hottest, SeedLoop.Pick pick,
                             String winner, double pickRatio) {
        public boolean predicted() {
            return pick != null && pick.lock().equals(winner);
        }

        public boolean near() {
            return pick != null && pickRatio >= 1 - NEAR;
        }
    }

    /** The sites of every profiled cell, as shapes, hottest first. */
    public static List<Cell> cells(RealResult r) {
        List<Cell> cells = new ArrayList<>();
        for (RealResult.Profiled p : r.profiles()) {
            cells.add(new Cell(p, SiteShape.of(p.profile(), p.threads(), p.procs())));
        }
        return cells;
    }

    /** One profiled (workload, thread kind, P, workers) and its sites. */
    public record Cell(RealResult.Profiled profiled, List<SiteShape> sites) {
        public Optional<SiteShape> hottest() {
            return sites.stream().filter(SiteShape::matters).findFirst();
        }
    }

    /** The predictions of every profiled cell against the seed-loop results given (none: no picks). */
    public static List<Prediction> predictions(RealResult r, List<ResultFiles.Loaded> seedLoop) {
        List<Prediction> list = new ArrayList<>();
        for (Cell c : cells(r)) {
            RealResult.Profiled p = c.profiled();
            int workers = p.workersOr(r.config().workers());
            Optional<String> winner = winner(r, p.workload(), p.threads(), p.procs(), workers);
            if (winner.isEmpty()) {
                continue;
            }
            SiteShape hot = c.hottest().orElse(null);
            SeedLoop.Pick pick = null;
            if (hot != null) {
                pick = seedLoop.stream().map(f -> SeedLoop.pick(f, hot.point(), r.config().locks()))
                        .flatMap(Optional::stream).min(Comparator.comparingDouble(SeedLoop.Pick::distance)).orElse(null);
            }
            double ratio = Double.NaN;
            if (pick != null) {
                double w = medianOps(r, p.workload(), p.threads(), p.procs(), workers, winner.get());
                double k = medianOps(r, p.workload(), p.threads(), p.procs(), workers, pick.lock());
                ratio = w > 0 ? k / w : Double.NaN;
            }
            list.add(new Prediction(p.workload(), p.threads(), p.procs(), workers, hot, pick, winner.get(), ratio));
        }
        return list;
    }

    /** The lock with the most ops/s (median over batches) in one cell of the real run. */
    public static Optional<String> winner(RealResult r, String workload, String threads, int procs, int workers) {
        return r.config().locks().stream()
                .filter(l -> !Double.isNaN(medianOps(r, workload, threads, procs, workers, l)))
                .max(Comparator.comparingDouble(l -> medianOps(r, workload, threads, procs, workers, l)));
    }

    static double medianOps(RealResult r, String workload, String threads, int procs, int workers, String lock) {
        double[] ops = r.groups().stream().filter(g -> g.threads().equals(threads) && g.procs() == procs
                        && g.workersOr(r.config().workers()) == workers)
                .flatMap(g -> g.samples().stream())
                .filter(s -> s.workload().equals(workload) && s.lock().equals(lock))
                .mapToDouble(AppsResult.Sample::opsPerSec).toArray();
        return ops.length == 0 ? Double.NaN : Metrics.median(ops);
    }

    /** Prints the census, then the predictions and their count (or the commands that measure the shapes). */
    public static void print(RealResult r, List<ResultFiles.Loaded> seedLoop, PrintWriter out) {
        if (r.profiles().isEmpty()) {
            out.printf("%nCensus: no profile pass in this result (--profile-lock none), so no lock sites to place.%n");
            return;
        }
        out.printf("%nCensus: the lock sites of each workload (profile pass, lock %s)%n", r.config().profileLock());
        out.printf("  %-16s %-9s %2s %4s  %-48s %10s %6s %8s %8s %8s %8s %8s %4s %6s  %s%n", "workload", "threads", "P", "W",
                "site", "acq", "cont%", "hold p50", "hold p99", "hold max", "wait p99", "out p50", "maxW", "meanW",
                "matters");
        for (Cell c : cells(r)) {
            RealResult.Profiled p = c.profiled();
            int workers = p.workersOr(r.config().workers());
            if (c.sites().isEmpty()) {
                out.printf("  %-16s %-9s %2d %4d  %s%n", p.workload(), p.threads(), p.procs(), workers,
                        p.profile() == null ? "(no profile)" : "(no ReentrantLock site profiled)");
            }
            for (SiteShape s : c.sites()) {
                ProfileReport.Site site = s.site();
                out.printf(Locale.ROOT, "  %-16s %-9s %2d %4d  %-48.48s %10d %6.2f %8s %8s %8s %8s %8s %4d %6.3f  %s%n",
                        p.workload(), p.threads(), p.procs(), workers, site.site(), site.acquisitions(), 100 * site.contendedShare(),
                        us(site.holdNanos(), ProfileReport.Distribution::p50), us(site.holdNanos(), ProfileReport.Distribution::p99),
                        us(site.holdNanos(), ProfileReport.Distribution::max), us(site.waitNanos(), ProfileReport.Distribution::p99),
                        us(site.outsideNanos(), ProfileReport.Distribution::p50), site.maxWaiting(), s.meanWaiting(),
                        s.matters() ? "yes: " + s.point() : "no");
            }
        }
        out.println("  (times in us; cont% = timed acquisitions that waited; maxW = most threads waiting at once, meanW = on"
                + " average, against P CPUs)");
        List<Prediction> predictions = predictions(r, seedLoop);
        out.printf("%nPrediction: the seed loop's pick at the hottest site's shape vs the real winner%n");
        out.printf("  %-16s %-9s %2s %4s  %-44s %-16s %-16s %6s%n", "workload", "threads", "P", "W", "shape (seed loop)", "loop picks",
                "real winner", "pick/win");
        int withPick = 0;
        int predicted = 0;
        int near = 0;
        int quiet = 0;
        List<Double> missRatios = new ArrayList<>();
        List<SeedLoop.Point> unmeasured = new ArrayList<>();
        for (Prediction p : predictions) {
            if (p.hottest() == null) {
                quiet++;
                out.printf("  %-16s %-9s %2d %4d  %-44s %-16s %-16s %6s%n", p.workload(), p.threads(), p.procs(),
                        p.workers(), "no lock contended enough to matter", "-", p.winner(), "-");
                continue;
            }
            if (p.pick() == null) {
                unmeasured.add(p.hottest().point());
                out.printf("  %-16s %-9s %2d %4d  %-44s %-16s %-16s %6s%n", p.workload(), p.threads(), p.procs(),
                        p.workers(), p.hottest().point(), "(not measured)", p.winner(), "-");
                continue;
            }
            withPick++;
            if (p.predicted()) {
                predicted++;
            } else {
                missRatios.add(p.pickRatio());
            }
            if (p.near()) {
                near++;
            }
            out.printf(Locale.ROOT, "  %-16s %-9s %2d %4d  %-44s %-16s %-16s %6.2f%n", p.workload(), p.threads(), p.procs(),
                    p.workers(), p.hottest().point(), p.pick().lock(), p.winner(), p.pickRatio());
        }
        out.printf("%nThe seed loop predicted the real winner in %d of %d cells (its pick within %.0f%% of the winner in"
                + " %d)", predicted, withPick, 100 * NEAR, near);
        if (!missRatios.isEmpty()) {
            out.printf(Locale.ROOT, "; where it missed, its pick ran at %.2f-%.2fx the winner",
                    missRatios.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                    missRatios.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        }
        out.printf(".%n%d of %d cells had no lock contended enough to matter.%n", quiet, predictions.size());
        if (!unmeasured.isEmpty()) {
            out.println("Shapes no seed-loop result covers; measure them, then pass the files with --results:");
            unmeasured.stream().distinct().forEach(pt -> out.println("  " + pt.runCommand(r.config().locks(),
                    "results/shape-" + pt.threads() + "-p" + pt.procs() + "-" + pt.workers() + "w-"
                    + SeedLoop.duration(pt.holdNanos()) + "-" + SeedLoop.duration(pt.outsideNanos()) + ".json")));
        }
    }

    private static String us(ProfileReport.Distribution d, java.util.function.ToDoubleFunction<ProfileReport.Distribution> f) {
        return d == null || d.count() == 0 ? "-" : String.format(Locale.ROOT, "%.2f", f.applyAsDouble(d) / 1e3);
    }
}
