package dev.mutexlab.real;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.real.RealTask;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.lab.workload.Phase;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Measures one workload once in this JVM, on whatever lock the library allocated (the agent's swap,
 * or the library's own): opens a fresh {@link Session}, starts the threads, lets them warm up,
 * measures for the window, stops them, and runs the session's check. Each operation is timed from
 * before it starts to after it ends (two {@code nanoTime} reads, into the thread's own histogram;
 * the {@link Phase} rules decide which operations belong to the window). CPU time is the whole
 * JVM's over the window. The library's lock waits cannot be timed from outside it: the sample's
 * wait summary is empty, and the profile pass measures them instead.
 */
public final class RealMeasurement {
    /** How long the threads get to stop after the window before the measurement is declared hung. */
    static final long STOP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(20);
    static final long HISTOGRAM_MAX_NANOS = 60_000_000_000L;
    private static final com.sun.management.OperatingSystemMXBean CPU =
            ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);

    private RealMeasurement() {
    }

    /** Measures {@code task}'s workload, calibrating the busy work first. */
    public static AppsResult.Sample run(RealTask task) throws Exception {
        BusyWork work = BusyWork.calibrate();
        RealWorkload w = RealWorkload.parse(task.workload());
        ThreadKind kind = ThreadKind.parse(task.threads());
        try (Session s = w.open(task.workers(), kind, task.procs(), work.stepsFor(task.outsideNanos()), task.seed())) {
            return measure(s, task);
        }
    }

    /** Measures one open session (a test may open it with its own queue factory). */
    static AppsResult.Sample measure(Session session, RealTask task) throws Exception {
        int n = task.workers();
        ThreadKind kind = ThreadKind.parse(task.threads());
        Phase phase = new Phase();
        Histogram[] latency = new Histogram[n];
        long[] measured = new long[n];
        long[] all = new long[n];
        Throwable[] failures = new Throwable[n];
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            latency[i] = new Histogram(HISTOGRAM_MAX_NANOS, 3);
        }
        for (int i = 0; i < n; i++) {
            int index = i;
            threads.add(kind.start(task.workload() + "-" + i, () -> {
                Histogram h = latency[index];
                long ops = 0;
                long inWindow = 0;
                try {
                    int p;
                    while ((p = phase.value) != Phase.STOP) {
                        long t0 = System.nanoTime();
                        session.operate(index);
                        long t1 = System.nanoTime();
                        ops++;
                        if (p == Phase.MEASURE) {
                            inWindow++;
                        }
                        if (phase.overlaps(p, t1)) {
                            h.recordValue(Math.max(0L, t1 - t0));
                        }
                    }
                } catch (Throwable t) {
                    failures[index] = t;
                } finally {
                    all[index] = ops;
                    measured[index] = inWindow;
                    session.leave(index);
                }
            }));
        }
        long wallNanos;
        long cpuNanos;
        try {
            TimeUnit.NANOSECONDS.sleep(task.warmupNanos());
            long cpuBefore = CPU.getProcessCpuTime();
            long start = System.nanoTime();
            phase.startMeasuring(start);
            TimeUnit.NANOSECONDS.sleep(task.durationNanos());
            phase.value = Phase.STOP;
            wallNanos = System.nanoTime() - start;
            cpuNanos = CPU.getProcessCpuTime() - cpuBefore;
        } finally {
            phase.value = Phase.STOP;
        }
        String check = null;
        try {
            session.stop();
        } catch (Exception e) {
            check = task.workload() + ": stopping threw " + e;
        }
        long deadline = System.nanoTime() + STOP_TIMEOUT_NANOS;
        for (int i = 0; i < n && check == null; i++) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !threads.get(i).join(java.time.Duration.ofNanos(left))) {
                check = task.workload() + ": thread " + i + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOP_TIMEOUT_NANOS) + " s (blocked or looping in the library)";
            }
        }
        for (int i = 0; i < n && check == null; i++) {
            if (failures[i] != null) {
                check = task.workload() + ": thread " + i + " threw " + failures[i];
            }
        }
        if (check == null) {
            try {
                check = session.check(all);
            } catch (Exception | Error e) {
                check = task.workload() + ": the check threw " + e;
            }
        }
        Histogram merged = new Histogram(HISTOGRAM_MAX_NANOS, 3);
        long ops = 0;
        List<Long> perThread = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            merged.add(latency[i]);
            ops += measured[i];
            perThread.add(measured[i]);
        }
        return new AppsResult.Sample(task.workload(), task.lock(), task.run(), task.order(), ops, wallNanos,
                ops * 1e9 / wallNanos, perThread, WaitSummary.of(merged), WaitSummary.of(null),
                ops == 0 ? 0 : (double) cpuNanos / ops, (double) cpuNanos / wallNanos, Metrics.jain(measured),
                check == null ? AppsResult.Sample.OK : check);
    }
}
