package dev.mutexlab.lab.compare;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.stats.MannWhitney;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.stats.Spread;
import dev.mutexlab.lab.spec.Shape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two result files side by side, benchstat style: for every (shape, lock) both files measured, the
 * old and new median throughput with its spread over runs, the change of the median, and the
 * Mann–Whitney p-value over the runs. A change is significant when p is below {@link #ALPHA}.
 */
public final class Comparison {
    /** The significance level. */
    public static final double ALPHA = 0.05;

    /**
     * One (shape, lock).
     *
     * @param shape    the shape, in words
     * @param lock     the lock spec
     * @param old      throughput (acquisitions/s) in the old file: median, min, max over runs
     * @param now      the same in the new file
     * @param oldRuns  runs in the old file
     * @param newRuns  runs in the new file
     * @param delta    new median / old median - 1
     * @param p        the two-sided Mann–Whitney p-value over the runs
     */
    public record Row(String shape, String lock, Spread old, Spread now, int oldRuns, int newRuns, double delta, double p) {
        public boolean significant() {
            return p < ALPHA;
        }
    }

    private Comparison() {
    }

    /** The rows for every (shape, lock) in both files, in the old file's order. */
    public static List<Row> of(ResultFiles.Loaded oldFile, ResultFiles.Loaded newFile) {
        Map<String, LockResult> newer = index(newFile.groups());
        List<Row> rows = new ArrayList<>();
        for (var e : index(oldFile.groups()).entrySet()) {
            LockResult b = newer.get(e.getKey());
            if (b == null) {
                continue;
            }
            LockResult a = e.getValue();
            double[] x = throughputs(a);
            double[] y = throughputs(b);
            Spread sa = Metrics.spread(x);
            Spread sb = Metrics.spread(y);
            String shape = e.getKey().substring(0, e.getKey().lastIndexOf('|'));
            rows.add(new Row(shape, a.spec(), sa, sb, x.length, y.length, sb.median() / sa.median() - 1,
                    MannWhitney.pValue(x, y)));
        }
        if (rows.isEmpty()) {
            throw new UsageException(oldFile.file() + " and " + newFile.file() + " have no (shape, lock) in common");
        }
        return rows;
    }

    private static Map<String, LockResult> index(List<GroupResult> groups) {
        Map<String, LockResult> map = new LinkedHashMap<>();
        for (GroupResult g : groups) {
            for (ShapeResult s : g.shapes()) {
                for (LockResult l : s.locks()) {
                    map.put(Shape.of(s) + "|" + l.spec(), l);
                }
            }
        }
        return map;
    }

    private static double[] throughputs(LockResult l) {
        return l.runs().stream().mapToDouble(Sample::throughputPerSec).toArray();
    }
}
