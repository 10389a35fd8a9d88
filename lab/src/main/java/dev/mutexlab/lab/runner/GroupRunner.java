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
 * {@value HiccupResult#LABEL}; they are not reported to {@link Listener#measured}. With a budget,
 * a shape whose verdicts cannot tell after its planned batches gets more ({@link Replication}).
 */
public final class GroupRunner {
    /** Receives progress: one call per finished measurement, one per finished shape. */
    public interface Listener {
        void measured(Shape shape, String lock, int run);

        void shapeDone(ShapeResult result);

        /**
         * The shape's verdicts cannot tell yet: one more batch of {@code measurements} measurements
         * (batch number {@code run}) follows, for {@code undecided} locks.
         */
        default void addingBatch(Shape shape, int run, int measurements, int undecided) {
        }

        /** The busy work was calibrated (before the first shape). */
        default void calibrated(double busyStepsPerNano) {
        }
    }

    private GroupRunner() {
    }

    public static GroupResult run(RunConfig config, ThreadKind kind, int procs, String enforcement, Listener listener)
            throws InterruptedException {
        return run(config, kind, procs, enforcement, Set.of(), 0, listener);
    }

    /**
     * Measures the group's shapes except those in {@code skip} (already measured by an earlier,
     * interrupted sweep), adding batches to undecided shapes for up to {@code budgetNanos} in all
     * ({@link Replication}; 0: the planned batches only).
     */
    public static GroupResult run(RunConfig config, ThreadKind kind, int procs, String enforcement, Set<Shape> skip,
                                  long budgetNanos, Listener listener) throws InterruptedException {
        BusyWork work = BusyWork.calibrate();
        listener.calibrated(work.stepsPerNano());
        List<Shape> todo = config.shapes(kind, procs).stream().filter(s -> !skip.contains(s)).toList();
        Replication replication = new Replication(budgetNanos, todo.size());
        List<ShapeResult> shapes = new ArrayList<>();
        Set<Integer> metered = new HashSet<>();
        for (Shape shape : todo) {
            List<Meter> meters = metered.add(shape.workers())
                    ? Meter.forBlock(kind, procs, shape.workers()) : List.of();
            ShapeResult r = measureShape(config, shape, work, meters, listener, replication);
            shapes.add(r);
            listener.shapeDone(r);
        }
        return new GroupResult(kind.label(), procs, enforcement, work.stepsPerNano(), peakHeapBytes(), shapes);
    }

    /**
     * Measures one shape: {@code runs} batches of every lock, and of every meter in {@code meters}
     * (one window each per batch, rotated among the locks as if it were one); then, while
     * {@code replication} says a verdict cannot tell and the shape's allowance pays for a batch like
     * the ones before, one batch more.
     */
    static ShapeResult measureShape(RunConfig config, Shape shape, BusyWork work, List<Meter> meters,
                                    Listener listener, Replication replication) throws InterruptedException {
        int lockCount = config.locks().size();
        int entries = lockCount + meters.size();
        List<String> specs = config.locks().stream().map(LabLock::spec).toList();
        List<Sample[]> batches = new ArrayList<>();
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
        long allowanceNanos = replication.allowanceNanos();
        long addedNanos = 0;
        long plannedStart = System.nanoTime();
        for (int run = 0; ; run++) {
            if (run >= config.runs()) {
                long batchNanos = (System.nanoTime() - plannedStart) / Math.max(1, config.runs());
                int undecided = run >= Replication.MAX_BATCHES || addedNanos + batchNanos > allowanceNanos ? 0
                        : Replication.undecided(specs, batches.stream().map(Replication::throughputs).toList());
                if (undecided == 0) {
                    break;
                }
                listener.addingBatch(shape, run, lockCount, undecided);
            }
            long batchStart = System.nanoTime();
            Sample[] batch = new Sample[lockCount];
            List<Integer> order = Metrics.rotatedOrder(entries, run);
            for (int pos = 0; pos < entries; pos++) {
                int li = order.get(pos);
                if (li >= lockCount) {
                    int m = li - lockCount;
                    meterRuns.get(m).add(HiccupMeter.run(shape.threads(), meters.get(m).threads(), config.warmupNanos(),
                            config.durationNanos(), run, pos, meterStalls.get(m)));
                    continue;
                }
                batch[li] = Measurement.run(shape, config.locks().get(li), work, config.warmupNanos(),
                        config.durationNanos(), config.recordWaits(), run, pos, merged[li]);
                listener.measured(shape, specs.get(li), run);
            }
            batches.add(batch);
            if (run >= config.runs()) {
                addedNanos += System.nanoTime() - batchStart;
            }
        }
        replication.shapeDone(addedNanos);
        Sample[][] samples = new Sample[lockCount][batches.size()];
        for (int run = 0; run < batches.size(); run++) {
            for (int li = 0; li < lockCount; li++) {
                samples[li][run] = batches.get(run)[li];
            }
        }
        List<HiccupResult> hiccups = new ArrayList<>();
        for (int m = 0; m < meters.size(); m++) {
            hiccups.add(HiccupMeter.summary(meters.get(m), meterRuns.get(m), meterStalls.get(m)));
        }
        return ShapeSummary.of(shape.threads().label(), shape.procs(), shape.workers(), shape.holdNanos(),
                shape.outsideNanos(), shape.ceilingPerSecond(), specs, samples, merged, hiccups);
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
