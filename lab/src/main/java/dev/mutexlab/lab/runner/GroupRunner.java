package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Meter;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.HiccupSample;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.lab.workload.HiccupMeter;
import dev.mutexlab.lab.workload.Measurement;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Measures every shape of one (thread kind, procs) group in this JVM. For each shape it runs
 * {@code runs} batches; each batch measures every lock once, in an order rotated by one from the
 * previous batch, so no lock always goes first. Ratios are taken within a batch only. The first
 * shape measured of each worker count also runs the hiccup meters of its block ({@link HiccupMeter},
 * {@link Meter#forBlock}) as extra entries of each batch's rotation, labelled
 * {@value HiccupResult#LABEL}; they are not reported to {@link Listener#measured}.
 */
public final class GroupRunner {
    /** Receives progress: one call per finished measurement, one per finished shape. */
    public interface Listener {
        void measured(Shape shape, String lock, int run);

        void shapeDone(ShapeResult result);

        /** The busy work was calibrated (before the first shape). */
        default void calibrated(double busyStepsPerNano) {
        }
    }

    private GroupRunner() {
    }

    public static GroupResult run(RunConfig config, ThreadKind kind, int procs, String enforcement, Listener listener)
            throws InterruptedException {
        return run(config, kind, procs, enforcement, Set.of(), listener);
    }

    /** Measures the group's shapes except those in {@code skip} (already measured by an earlier, interrupted sweep). */
    public static GroupResult run(RunConfig config, ThreadKind kind, int procs, String enforcement, Set<Shape> skip,
                                  Listener listener) throws InterruptedException {
        BusyWork work = BusyWork.calibrate();
        listener.calibrated(work.stepsPerNano());
        List<ShapeResult> shapes = new ArrayList<>();
        Set<Integer> metered = new HashSet<>();
        for (Shape shape : config.shapes(kind, procs)) {
            if (skip.contains(shape)) {
                continue;
            }
            List<Meter> meters = metered.add(shape.workers())
                    ? Meter.forBlock(kind, procs, shape.workers()) : List.of();
            ShapeResult r = measureShape(config, shape, work, meters, listener);
            shapes.add(r);
            listener.shapeDone(r);
        }
        return new GroupResult(kind.label(), procs, enforcement, work.stepsPerNano(), peakHeapBytes(), shapes);
    }

    /**
     * Measures one shape: {@code runs} batches of every lock, and of every meter in {@code meters}
     * (one window each per batch, rotated among the locks as if it were one).
     */
    static ShapeResult measureShape(RunConfig config, Shape shape, BusyWork work, List<Meter> meters,
                                    Listener listener) throws InterruptedException {
        int lockCount = config.locks().size();
        int entries = lockCount + meters.size();
        int runs = config.runs();
        Sample[][] samples = new Sample[lockCount][runs];
        Histogram[] merged = new Histogram[lockCount];
        for (int i = 0; i < lockCount; i++) {
            merged[i] = config.recordWaits() ? new Histogram(TimeUnit.SECONDS.toNanos(60), 3) : null;
        }
        List<List<HiccupSample>> meterRuns = new ArrayList<>();
        List<Histogram> meterStalls = new ArrayList<>();
        for (int m = 0; m < meters.size(); m++) {
            meterRuns.add(new ArrayList<>());
            meterStalls.add(HiccupMeter.newHistogram());
        }
        for (int run = 0; run < runs; run++) {
            List<Integer> order = Metrics.rotatedOrder(entries, run);
            for (int pos = 0; pos < entries; pos++) {
                int li = order.get(pos);
                if (li >= lockCount) {
                    int m = li - lockCount;
                    meterRuns.get(m).add(HiccupMeter.run(shape.threads(), meters.get(m).threads(), config.warmupNanos(),
                            config.durationNanos(), run, pos, meterStalls.get(m)));
                    continue;
                }
                samples[li][run] = Measurement.run(shape, config.locks().get(li), work, config.warmupNanos(),
                        config.durationNanos(), config.recordWaits(), run, pos, merged[li]);
                listener.measured(shape, config.locks().get(li).spec(), run);
            }
        }
        List<HiccupResult> hiccups = new ArrayList<>();
        for (int m = 0; m < meters.size(); m++) {
            hiccups.add(HiccupMeter.summary(meters.get(m), meterRuns.get(m), meterStalls.get(m)));
        }
        return ShapeSummary.of(shape.threads().label(), shape.procs(), shape.workers(), shape.holdNanos(),
                shape.outsideNanos(), shape.ceilingPerSecond(), config.locks().stream().map(LabLock::spec).toList(),
                samples, merged, hiccups);
    }

    /** The peak heap use of this JVM so far, summed over the heap pools. */
    public static long peakHeapBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** A listener that ignores everything. */
    public static Listener quiet() {
        return new Listener() {
            @Override
            public void measured(Shape shape, String lock, int run) {
            }

            @Override
            public void shapeDone(ShapeResult result) {
            }
        };
    }

    /** A listener that passes finished shapes to {@code sink}. */
    public static Listener collecting(Consumer<ShapeResult> sink) {
        return new Listener() {
            @Override
            public void measured(Shape shape, String lock, int run) {
            }

            @Override
            public void shapeDone(ShapeResult result) {
                sink.accept(result);
            }
        };
    }
}
