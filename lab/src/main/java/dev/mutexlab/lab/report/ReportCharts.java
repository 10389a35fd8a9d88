package dev.mutexlab.lab.report;

import dev.mutexlab.lab.compare.VersusBest;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.locks.LockSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The charts of a report, built from result files:
 * <ul>
 * <li>run results: throughput against hold per lock, with the ceiling, one chart per (thread kind,
 *     procs, workers);</li>
 * <li>sweep results: a heat map of each lock's median ratio to the first over the grid, per thread kind;</li>
 * <li>both: wait-time percentiles per lock and per-worker acquisitions per lock (fairness), for the
 *     featured shape of each group — the longest hold, outside work equal to the hold if measured,
 *     the most workers — with the hiccup meter's stall floor beside the waits and, where Linux's
 *     schedstat was read, the run-queue delay per lock;</li>
 * <li>suite and fairness results: see {@link FigureCharts}.</li>
 * </ul>
 */
public final class ReportCharts {
    private ReportCharts() {
    }

    /** The charts of one result file, in report order. */
    public static List<Chart> of(ResultFiles.Loaded file, int fileIndex) {
        List<Chart> charts = new ArrayList<>();
        String prefix = "f" + fileIndex + "-";
        if (!file.hasShapes()) {
            return FigureCharts.of(file, prefix);
        }
        if (file.isSweep()) {
            charts.addAll(heatMaps(file, prefix));
        } else {
            charts.addAll(throughputCharts(file, prefix));
        }
        for (GroupResult g : file.groups()) {
            if (g.shapes().isEmpty()) {
                continue;
            }
            ShapeResult featured = featured(g.shapes());
            charts.add(waitChart(g, featured, prefix));
            charts.add(fairnessChart(g, featured, prefix));
            if (featured.locks().stream().anyMatch(l -> l.runQueueShare() != null)) {
                charts.add(runQueueChart(g, featured, prefix));
            }
        }
        return charts;
    }

    static List<Chart> throughputCharts(ResultFiles.Loaded file, String prefix) {
        List<Chart> charts = new ArrayList<>();
        for (GroupResult g : file.groups()) {
            Map<Integer, List<ShapeResult>> byWorkers = new LinkedHashMap<>();
            for (ShapeResult s : g.shapes()) {
                byWorkers.computeIfAbsent(s.workers(), k -> new ArrayList<>()).add(s);
            }
            for (var e : byWorkers.entrySet()) {
                List<ShapeResult> shapes = e.getValue().stream().sorted(Comparator.comparingLong(ShapeResult::holdNanos)).toList();
                List<Double> holds = shapes.stream().map(s -> s.holdNanos() / 1e3).toList();
                List<Chart.Series> series = new ArrayList<>();
                List<String> locks = shapes.get(0).locks().stream().map(LockResult::spec).toList();
                for (int li = 0; li < locks.size(); li++) {
                    int i = li;
                    series.add(new Chart.Series(locks.get(li), holds,
                            shapes.stream().map(s -> s.locks().get(i).throughput().median()).toList(), false));
                }
                series.add(new Chart.Series("ceiling", holds, shapes.stream().map(s -> s.ceilingPerSec() > 0
                        ? s.ceilingPerSec() : Double.NaN).toList(), true));
                String where = g.threads() + " threads, P=" + g.procs() + ", " + e.getKey() + " workers";
                charts.add(new Chart(prefix + "throughput-" + g.threads() + "-p" + g.procs() + "-w" + e.getKey(),
                        Chart.Kind.XY, "Throughput against hold: " + where,
                        "Median acquisitions per second over " + file.config().runs() + " batches against the hold ("
                                + where + ", outside work " + file.config().outside() + "); the dashed line is the "
                                + "ceiling min(1/hold, W/(hold + outside)).",
                        "hold (µs)", "acquisitions/s", true, true, List.of(), List.of(), series));
            }
        }
        return charts;
    }

    static List<Chart> heatMaps(ResultFiles.Loaded file, String prefix) {
        List<Chart> charts = new ArrayList<>();
        List<Outside> outside = RunConfig.parseOutside(file.config().outside());
        List<String> kinds = file.groups().stream().map(GroupResult::threads).distinct().toList();
        for (String kind : kinds) {
            List<GroupResult> groups = file.groups().stream().filter(g -> g.threads().equals(kind)).toList();
            List<String> columns = new ArrayList<>();
            for (GroupResult g : groups) {
                for (int w : file.config().workers()) {
                    columns.add("P=" + g.procs() + " W=" + w);
                }
            }
            List<String> rows = new ArrayList<>();
            for (long h : file.config().holdNanos()) {
                for (Outside o : outside) {
                    rows.add("hold " + micros(h) + ", outside " + o.text());
                }
            }
            List<String> locks = groups.get(0).shapes().get(0).locks().stream().map(LockResult::spec).toList();
            for (int li = 1; li < locks.size(); li++) {
                int lock = li;
                List<Chart.Series> series = heatSeries(file, groups, outside, s -> s.locks().get(lock).ratio().median());
                charts.add(new Chart(prefix + "heat-" + kind + "-" + safe(locks.get(li)), Chart.Kind.HEAT,
                        locks.get(li) + " / " + locks.get(0) + ", " + kind + " threads",
                        "Median ratio of " + locks.get(li) + "'s throughput to " + locks.get(0) + "'s within a batch, "
                                + "per shape of the sweep (" + kind + " threads); red cells are faster than "
                                + locks.get(0) + ", blue slower.",
                        "procs and workers", "hold and outside work", false, false, columns, rows, series));
            }
            if (locks.size() >= 3) { // the first lock against the best of the others, within each batch
                List<Chart.Series> series = heatSeries(file, groups, outside, VersusBest::ratio);
                String others = String.join(", ", locks.subList(1, locks.size()));
                charts.add(new Chart(prefix + "heat-" + kind + "-" + safe(locks.get(0)) + "-vs-best", Chart.Kind.HEAT,
                        locks.get(0) + " / best of the others, " + kind + " threads",
                        "Per shape: " + locks.get(0) + "'s throughput divided by the best of " + others
                                + " in the same batch, median over batches (" + kind + " threads); 1.00 matches the best "
                                + "lock of that shape, red cells beat all of them, blue cells lose to at least one.",
                        "procs and workers", "hold and outside work", false, false, columns, rows, series));
            }
        }
        return charts;
    }

    /** One heat-map row per (hold, outside work), one cell per (procs, workers): {@code value} of that shape, NaN if absent. */
    private static List<Chart.Series> heatSeries(ResultFiles.Loaded file, List<GroupResult> groups, List<Outside> outside,
                                                 java.util.function.ToDoubleFunction<ShapeResult> value) {
        List<Chart.Series> series = new ArrayList<>();
        for (long h : file.config().holdNanos()) {
            for (Outside o : outside) {
                List<Double> values = new ArrayList<>();
                for (GroupResult g : groups) {
                    for (int w : file.config().workers()) {
                        ShapeResult s = shapeOf(g, w, h, o, outside);
                        values.add(s == null ? Double.NaN : value.applyAsDouble(s));
                    }
                }
                series.add(new Chart.Series("hold " + micros(h) + ", outside " + o.text(), List.of(), values, false));
            }
        }
        return series;
    }

    private static ShapeResult shapeOf(GroupResult g, int workers, long hold, Outside o, List<Outside> outside) {
        for (ShapeResult s : g.shapes()) {
            if (s.workers() == workers && s.holdNanos() == hold && Outside.labelFor(outside, s.holdNanos(), s.outsideNanos()).equals(o.text())) {
                return s;
            }
        }
        return null;
    }

    static Chart waitChart(GroupResult g, ShapeResult s, String prefix) {
        List<Chart.Series> series = new ArrayList<>();
        for (LockResult l : s.locks()) {
            var w = l.waits();
            series.add(new Chart.Series(l.spec(), List.of(), List.of(positive(w.p50Nanos() / 1e3),
                    positive(w.p99Nanos() / 1e3), positive(w.p999Nanos() / 1e3), positive(w.maxNanos() / 1e3)), false));
        }
        List<HiccupResult> meters = hiccupsFor(g, s.workers());
        for (HiccupResult h : meters) {
            series.add(new Chart.Series(String.format(Locale.ROOT, "%s %d busy threads, no lock", HiccupResult.LABEL,
                    h.threads()), List.of(), List.of(Double.NaN, Double.NaN, positive(h.stalls().p999Nanos() / 1e3),
                    positive(h.stalls().maxNanos() / 1e3)), true));
        }
        String where = describe(g, s);
        return new Chart(prefix + "waits-" + g.threads() + "-p" + g.procs(), Chart.Kind.CATEGORY_LINE,
                "Wait to acquire: " + where,
                "Percentiles of the wait to acquire the lock, all batches merged, per lock (" + where + ")"
                        + (meters.isEmpty() ? "." : "; dashed: the platform's stall floor, the p99.9 and longest stall"
                        + " of busy threads that take no lock (the hiccup meter), in the same JVM."),
                "percentile", "wait (µs)", false, true, List.of("p50", "p99", "p99.9", "max"), List.of(), series);
    }

    /**
     * The hiccup meters of the group's block of {@code workers}: those of its first shape that has them
     * (a resumed sweep may have metered a block once per session).
     */
    static List<HiccupResult> hiccupsFor(GroupResult g, int workers) {
        return g.shapes().stream().filter(x -> x.workers() == workers && x.hiccups() != null && !x.hiccups().isEmpty())
                .map(ShapeResult::hiccups).findFirst().orElse(List.of());
    }

    static Chart runQueueChart(GroupResult g, ShapeResult s, String prefix) {
        List<Chart.Series> series = new ArrayList<>();
        String of = RunQueueDelay.WORKERS;
        for (LockResult l : s.locks()) {
            boolean known = l.runQueueShare() != null;
            series.add(new Chart.Series(l.spec(), List.of(), List.of(known ? l.runQueueShare().median() * 100 : Double.NaN,
                    known ? l.runQueueMaxShare().median() * 100 : Double.NaN), false));
            of = l.runs().stream().map(Sample::runQueue).filter(Objects::nonNull).map(RunQueueDelay::of).findFirst().orElse(of);
        }
        String where = describe(g, s);
        return new Chart(prefix + "runqueue-" + g.threads() + "-p" + g.procs(), Chart.Kind.BAR,
                "Run-queue delay: " + where,
                "Share of the window the " + of + " were runnable but not running (Linux schedstat), mean and largest over"
                        + " the " + of + ", median over batches (" + where + ").",
                "over the " + of, "% of the window", false, false, List.of("mean", "max"), List.of(), series);
    }

    static Chart fairnessChart(GroupResult g, ShapeResult s, String prefix) {
        List<String> workers = new ArrayList<>();
        for (int i = 0; i < s.workers(); i++) {
            workers.add("w" + i);
        }
        List<Chart.Series> series = new ArrayList<>();
        for (LockResult l : s.locks()) {
            Sample median = l.runs().stream().sorted(Comparator.comparingDouble(Sample::throughputPerSec))
                    .toList().get(l.runs().size() / 2);
            series.add(new Chart.Series(String.format(Locale.ROOT, "%s (Jain %.2f)", l.spec(), median.jain()), List.of(),
                    median.perWorker().stream().map(Long::doubleValue).toList(), false));
        }
        String where = describe(g, s);
        return new Chart(prefix + "fairness-" + g.threads() + "-p" + g.procs(), Chart.Kind.BAR,
                "Acquisitions per worker: " + where,
                "Acquisitions of each worker in each lock's median-throughput batch (" + where
                        + "); equal bars are fair, and Jain's index (1 = equal) is in the legend.",
                "worker", "acquisitions", false, false, workers, List.of(), series);
    }

    /** The longest hold; among those outside work equal to the hold if measured, else the least; then the most workers. */
    static ShapeResult featured(List<ShapeResult> shapes) {
        long hold = shapes.stream().mapToLong(ShapeResult::holdNanos).max().orElse(0);
        List<ShapeResult> atHold = shapes.stream().filter(s -> s.holdNanos() == hold).toList();
        List<ShapeResult> equal = atHold.stream().filter(s -> s.outsideNanos() == s.holdNanos()).toList();
        List<ShapeResult> pool = equal.isEmpty() ? atHold : equal;
        return pool.stream().max(Comparator.comparingInt(ShapeResult::workers)
                .thenComparing(Comparator.comparingLong(ShapeResult::outsideNanos).reversed())).orElseThrow();
    }

    private static String describe(GroupResult g, ShapeResult s) {
        return g.threads() + " threads, P=" + g.procs() + ", " + s.workers() + " workers, hold " + micros(s.holdNanos())
                + ", outside " + micros(s.outsideNanos());
    }

    private static double positive(double v) {
        return v > 0 ? v : Double.NaN;
    }

    static String micros(long nanos) {
        return LockSpec.formatDuration(Duration.ofNanos(nanos));
    }

    static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-");
    }
}
