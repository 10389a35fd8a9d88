package dev.mutexlab.lab.report;

import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The charts of the results that hold no shapes — suite, fairness and apps: for each child JVM and
 * metric, grouped bars of every lock's median over the runs (ns/op per benchmark; ops/s, cost and
 * deviance per op; ops/s, p99 latency and CPU per op per workload); for fairness also the
 * acquisitions of each task.
 */
final class FigureCharts {
    private FigureCharts() {
    }

    static List<Chart> of(ResultFiles.Loaded file, String prefix) {
        List<Chart> charts = new ArrayList<>();
        Map<String, List<Figure>> byGroupAndMetric = new LinkedHashMap<>();
        for (Figure f : Figures.of(file)) {
            byGroupAndMetric.computeIfAbsent(f.group() + "|" + f.metric(), k -> new ArrayList<>()).add(f);
        }
        for (List<Figure> figures : byGroupAndMetric.values()) {
            charts.add(medians(figures, prefix));
        }
        if (file.fairness() != null) {
            for (FairnessResult.Group g : file.fairness().groups()) {
                if (!g.samples().isEmpty()) {
                    charts.add(perTask(g, prefix));
                }
            }
        }
        return charts;
    }

    private static Chart medians(List<Figure> figures, String prefix) {
        Figure first = figures.getFirst();
        String group = first.group();
        LinkedHashSet<String> places = new LinkedHashSet<>();
        LinkedHashSet<String> locks = new LinkedHashSet<>();
        for (Figure f : figures) {
            places.add(label(f));
            locks.add(f.lock());
        }
        List<Chart.Series> series = new ArrayList<>();
        for (String lock : locks) {
            List<Double> y = new ArrayList<>();
            for (String place : places) {
                y.add(figures.stream().filter(f -> f.lock().equals(lock) && label(f).equals(place)).findFirst()
                        .map(f -> Metrics.median(f.values())).orElse(Double.NaN));
            }
            series.add(new Chart.Series(lock, List.of(), y, false));
        }
        String metric = first.metric().label();
        return new Chart(prefix + "bars-" + ReportCharts.safe(group) + "-" + first.metric().name().toLowerCase(java.util.Locale.ROOT),
                Chart.Kind.BAR, metric + ": " + group,
                "Median " + metric + " of each lock over its runs (" + group + "); "
                        + (first.metric().higherIsBetter() ? "higher" : "lower") + " is better.",
                "", metric, false, false, List.copyOf(places), List.of(), series);
    }

    /** The benchmark's name, or the group when each lock has one figure per metric (fairness). */
    private static String label(Figure f) {
        return f.where().startsWith(f.group() + " ") ? f.where().substring(f.group().length() + 1) : f.where();
    }

    private static Chart perTask(FairnessResult.Group g, String prefix) {
        List<Chart.Series> series = new ArrayList<>();
        int tasks = 0;
        for (String lock : new LinkedHashSet<>(g.samples().stream().map(FairnessResult.Sample::lock).toList())) {
            List<FairnessResult.Sample> runs = g.samples().stream().filter(s -> s.lock().equals(lock))
                    .sorted(Comparator.comparingDouble(FairnessResult.Sample::opsPerSec)).toList();
            FairnessResult.Sample median = runs.get(runs.size() / 2);
            tasks = Math.max(tasks, median.perTask().length);
            series.add(new Chart.Series(String.format(java.util.Locale.ROOT, "%s (Jain %.2f)", lock, median.jain()), List.of(),
                    java.util.Arrays.stream(median.perTask()).mapToDouble(v -> v).boxed().toList(), false));
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            names.add("t" + i);
        }
        String where = g.threads() + " threads, P=" + g.procs();
        return new Chart(prefix + "tasks-" + g.threads() + "-p" + g.procs(), Chart.Kind.BAR, "Acquisitions per task: " + where,
                "Acquisitions of each task in each lock's median run (" + where
                        + "); equal bars are fair, and Jain's index (1 = equal) is in the legend.",
                "task", "acquisitions", false, false, names, List.of(), series);
    }
}
