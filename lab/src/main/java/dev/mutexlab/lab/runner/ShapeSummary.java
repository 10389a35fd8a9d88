package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * A shape's result from its samples, whoever measured them (the Java workload or Go's own mutex):
 * per lock the median and range over batches of throughput, share of the ceiling, Jain's index,
 * CPU per wall second, starvation share and run-queue share, and the ratio to the first lock taken
 * within each batch; the hiccup meters measured beside them ride along.
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
     * @param hiccups       the hiccup meters measured beside the locks (empty: none)
     */
    public static ShapeResult of(String threads, int procs, int workers, long holdNanos, long outsideNanos,
                                 double ceilingPerSec, List<String> specs, Sample[][] samples, Histogram[] merged,
                                 List<HiccupResult> hiccups) {
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
                    Metrics.spread(cpu), Metrics.spread(starving), runQueueSpread(samples[i], RunQueueDelay::meanShare),
                    runQueueSpread(samples[i], RunQueueDelay::maxShare)));
        }
        return new ShapeResult(threads, procs, workers, holdNanos, outsideNanos,
                Double.isInfinite(ceilingPerSec) ? 0 : ceilingPerSec, locks, List.copyOf(hiccups));
    }

    /** The spread of one run-queue figure over the samples that have it; null if none does. */
    private static Spread runQueueSpread(Sample[] samples, ToDoubleFunction<RunQueueDelay> figure) {
        double[] values = Arrays.stream(samples).map(Sample::runQueue).filter(Objects::nonNull).mapToDouble(figure).toArray();
        return values.length == 0 ? null : Metrics.spread(values);
    }
}
