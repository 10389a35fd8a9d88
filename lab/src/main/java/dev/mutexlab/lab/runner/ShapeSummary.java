package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.WaitSummary;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A shape's result from its samples, whoever measured them (the Java workload or Go's own mutex):
 * per lock the median and range over batches of throughput, share of the ceiling, Jain's index,
 * CPU per wall second and starvation share, and the ratio to the first lock taken within each batch.
 */
public final class ShapeSummary {
    private ShapeSummary() {
    }

    /**
     * @param threads       the thread kind's label
     * @param ceilingPerSec the shape's ceiling (infinite: none)
     * @param specs         the locks, first the baseline
     * @param samples       per lock, one sample per batch
     * @param merged        per lock, the waits of every batch (null entries: not recorded)
     */
    public static ShapeResult of(String threads, int procs, int workers, long holdNanos, long outsideNanos,
                                 double ceilingPerSec, List<String> specs, Sample[][] samples, Histogram[] merged) {
        int lockCount = specs.size();
        int runs = samples[0].length;
        double[][] throughput = new double[lockCount][runs];
        for (int i = 0; i < lockCount; i++) {
            for (int run = 0; run < runs; run++) {
                throughput[i][run] = samples[i][run].throughputPerSec();
            }
        }
        double[][] ratios = Metrics.ratiosWithinBatch(throughput);
        List<LockResult> locks = new ArrayList<>();
        for (int i = 0; i < lockCount; i++) {
            double[] util = new double[runs];
            double[] jain = new double[runs];
            double[] cpu = new double[runs];
            double[] starving = new double[runs];
            for (int run = 0; run < runs; run++) {
                util[run] = Double.isInfinite(ceilingPerSec) ? Double.NaN : throughput[i][run] / ceilingPerSec;
                jain[run] = samples[i][run].jain();
                cpu[run] = samples[i][run].cpuPerWall();
                starving[run] = samples[i][run].starvationShare();
            }
            locks.add(new LockResult(specs.get(i), List.of(samples[i]), Metrics.spread(throughput[i]),
                    Metrics.spread(util), Metrics.spread(ratios[i]), WaitSummary.of(merged[i]), Metrics.spread(jain),
                    Metrics.spread(cpu), Metrics.spread(starving)));
        }
        return new ShapeResult(threads, procs, workers, holdNanos, outsideNanos,
                Double.isInfinite(ceilingPerSec) ? 0 : ceilingPerSec, locks);
    }
}
