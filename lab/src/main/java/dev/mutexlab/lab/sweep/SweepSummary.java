package dev.mutexlab.lab.sweep;

import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SweepResult.SummaryRow;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Go's starvation-mode experiment's summary of a sweep: for each thread kind, each lock after the first, and each
 * (hold, outside work), the median and range of the shapes' median ratios to the first lock over
 * the other dimensions (workers, procs). Each shape's ratio is itself a median over batches, taken
 * within a batch.
 */
public final class SweepSummary {
    private SweepSummary() {
    }

    /** The summary rows, in grid order: thread kind, lock, hold, outside. */
    public static List<SummaryRow> of(List<GroupResult> groups, List<Long> holdNanos, List<Outside> outside) {
        Map<String, List<Double>> cells = new LinkedHashMap<>();
        Map<String, SummaryRow> keys = new LinkedHashMap<>();
        List<String> threads = groups.stream().map(GroupResult::threads).distinct().toList();
        for (String kind : threads) {
            List<ShapeResult> shapes = groups.stream().filter(g -> g.threads().equals(kind))
                    .flatMap(g -> g.shapes().stream()).toList();
            if (shapes.isEmpty()) {
                continue;
            }
            List<String> locks = shapes.get(0).locks().stream().map(l -> l.spec()).toList();
            for (int li = 1; li < locks.size(); li++) {
                for (long hold : holdNanos) {
                    for (Outside o : outside) {
                        String key = kind + "|" + locks.get(li) + "|" + hold + "|" + o.text();
                        keys.put(key, new SummaryRow(kind, locks.get(li), locks.get(0), hold, o.text(), 0, null));
                        List<Double> ratios = new ArrayList<>();
                        for (ShapeResult s : shapes) {
                            if (s.holdNanos() == hold && Outside.labelFor(outside, s.holdNanos(), s.outsideNanos()).equals(o.text())) {
                                double r = s.locks().get(li).ratio().median();
                                if (!Double.isNaN(r)) {
                                    ratios.add(r);
                                }
                            }
                        }
                        cells.put(key, ratios);
                    }
                }
            }
        }
        List<SummaryRow> rows = new ArrayList<>();
        for (var e : keys.entrySet()) {
            SummaryRow k = e.getValue();
            double[] values = cells.get(e.getKey()).stream().mapToDouble(Double::doubleValue).toArray();
            if (values.length > 0) {
                rows.add(new SummaryRow(k.threads(), k.lock(), k.baseline(), k.holdNanos(), k.outside(), values.length,
                        Metrics.spread(values)));
            }
        }
        return rows;
    }
}
