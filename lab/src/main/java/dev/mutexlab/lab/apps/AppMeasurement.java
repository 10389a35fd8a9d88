package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.lab.workload.NoiseMeter;
import dev.mutexlab.lab.workload.Phase;
import dev.mutexlab.locks.Locks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Measures one workload on one lock once: builds the structure on fresh locks, starts the threads,
 * lets them warm up, measures for the duration, stops them (closing the structure, so that no thread
 * stays blocked in it), and runs the workload's check. Each operation is timed from before it starts
 * to after it ends, and each acquisition from {@code lock()} to held: two {@code nanoTime} reads per
 * operation and two per acquisition, alike for every lock; each thread keeps its own histograms. CPU
 * time is the whole JVM's over the measured window.
 */
public final class AppMeasurement {
    /** How long the threads get to stop after the window before the measurement is declared hung. */
    static final long STOP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** The JVM's CPU time, read right at the window's two ends (no walk of /proc in between). */
    private static final com.sun.management.OperatingSystemMXBean CPU =
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);
    private AppMeasurement() {
    }

    /** The locks a lab lock builds: fresh library locks (statistics off), or null for {@code synchronized}. */
    public static Supplier<Lock> locksOf(LabLock lock) {
        if (lock.isMonitor()) {
            return null;
        }
        return lock.yieldAfterUnlock() ? () -> new YieldingLock(create(lock.lockSpec()), lock)
                : () -> create(lock.lockSpec());
    }

    /**
     * A lock of {@code spec}. The JDK's locks are allocated here, in the lab's own code, rather than
     * inside the library: a Java agent that rewrites {@code new ReentrantLock(..)} (mutexlab-agent,
     * which never touches the library) then sees the apps' locks, so its profiler's overhead can be
     * measured on these workloads ({@code scripts/measure-profiler.sh}).
     */
    private static Lock create(String spec) {
        return switch (spec) {
            case "jdk" -> new ReentrantLock(false);
            case "jdk-fair" -> new ReentrantLock(true);
            default -> Locks.create(spec);
        };
    }

    /** The batch number of the unmeasured warm-up pass ({@link AppsChild}). */
    static final int WARM_UP_RUN = -1;

    /**
     * The random seed of thread {@code index} in batch {@code run}: the same for every lock of a batch
     * and for every invocation, so that within a batch each lock serves the same keys in the same
     * order (the ratio compares locks, not key sequences) and two runs of the command draw the same
     * sequences. A seed from the clock made the cache's hit rate, and with it the ops/s, differ from
     * one measurement to the next by the luck of the draw.
     */
    static long seed(int run, int index) {
        long z = (run + 2L) * 0x9E3779B97F4A7C15L + index * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L; // SplitMix64's finalizer: nearby inputs give unrelated seeds
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Runs the measurement in this JVM.
     *
     * @param locks the locks under test (null: {@code synchronized}); a fresh one per call
     * @param spec  the lock's name in the sample
     */
    public static AppsResult.Sample run(Workload workload, String spec, Supplier<Lock> locks, AppsResult.Config c,
                                        BusyWork work, ThreadKind kind, int run, int order) throws InterruptedException {
        return measure(workload.create(locks, c, work), workload, spec, c, kind, run, order);
    }

    private static <A extends Actor> AppsResult.Sample measure(App<A> app, Workload workload, String spec,
                                                               AppsResult.Config c, ThreadKind kind, int run, int order)
            throws InterruptedException {
        int n = c.workers();
        List<A> actors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            actors.add(app.actor(i, n, seed(run, i)));
        }
        Phase phase = new Phase();
        for (A actor : actors) {
            actor.phase = phase; // before the threads start, which publishes it
        }
        Throwable[] failures = new Throwable[n];
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            A actor = actors.get(i);
            int index = i;
            threads.add(kind.start(workload.label() + "-" + i, () -> {
                try {
                    loop(app, actor, phase);
                } catch (Throwable t) {
                    failures[index] = t;
                }
            }));
        }
        long wallNanos;
        long cpuNanos;
        Noise noise;
        try {
            TimeUnit.NANOSECONDS.sleep(c.warmupNanos());
            NoiseMeter.Reading noiseBefore = NoiseMeter.read();
            long cpuBefore = CPU.getProcessCpuTime();
            long start = System.nanoTime();
            phase.startMeasuring(start);
            TimeUnit.NANOSECONDS.sleep(c.durationNanos());
            phase.value = Phase.STOP;
            wallNanos = System.nanoTime() - start;
            cpuNanos = CPU.getProcessCpuTime() - cpuBefore;
            noise = NoiseMeter.between(noiseBefore, NoiseMeter.read(), wallNanos);
        } finally {
            phase.value = Phase.STOP;
            app.close();
        }
        String check = null;
        long deadline = System.nanoTime() + STOP_TIMEOUT_NANOS;
        for (int i = 0; i < n; i++) {
            Thread t = threads.get(i);
            long left = deadline - System.nanoTime();
            if (left <= 0 || !t.join(java.time.Duration.ofNanos(left))) {
                check = workload.label() + ": thread " + i + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOP_TIMEOUT_NANOS) + " s (blocked or looping in the structure)";
                break;
            }
        }
        for (int i = 0; i < n && check == null; i++) {
            if (failures[i] != null) {
                check = workload.label() + ": thread " + i + " threw " + failures[i];
            }
        }
        if (check == null) {
            check = app.check(actors);
        }
        Histogram latency = new Histogram(Actor.HISTOGRAM_MAX_NANOS, 3);
        Histogram waits = new Histogram(Actor.HISTOGRAM_MAX_NANOS, 3);
        long[] perThread = new long[n];
        long ops = 0;
        for (int i = 0; i < n; i++) {
            A a = actors.get(i);
            perThread[i] = a.measuredOps;
            ops += a.measuredOps;
            latency.add(a.latency);
            waits.add(a.waits);
        }
        List<Long> perThreadList = new ArrayList<>(n);
        for (long v : perThread) {
            perThreadList.add(v);
        }
        return new AppsResult.Sample(workload.label(), spec, run, order, ops, wallNanos, ops * 1e9 / wallNanos,
                perThreadList, WaitSummary.of(latency), WaitSummary.of(waits),
                ops == 0 ? 0 : (double) cpuNanos / ops, (double) cpuNanos / wallNanos,
                Metrics.jain(perThread), check == null ? AppsResult.Sample.OK : check).withNoise(noise);
    }

    private static <A extends Actor> void loop(App<A> app, A actor, Phase phase) throws InterruptedException {
        int p;
        while ((p = phase.value) != Phase.STOP) {
            actor.begunIn = p;
            long t0 = System.nanoTime();
            app.operate(actor);
            actor.allOps++;
            if (p == Phase.MEASURE) {
                actor.measuredOps++;
            }
            long t1 = System.nanoTime();
            if (phase.overlaps(p, t1)) {
                actor.latency.recordValue(Math.max(0L, t1 - t0));
            }
        }
        BusyWork.consume(actor.seed);
    }
}
