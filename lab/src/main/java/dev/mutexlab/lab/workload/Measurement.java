package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.RunQueueDelay;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.locks.LockStats;
import dev.mutexlab.locks.Mutex;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import org.HdrHistogram.Histogram;

/**
 * Measures one lock in one shape once: starts the workers on a fresh lock, lets them warm up,
 * measures for the duration, stops them and collects a {@link Sample}. Before the window (and the
 * process statistics' {@code /proc} walk) and at its end, before the workers are told to stop (a
 * thread that has exited has no schedstat), it reads the run-queue delay of each worker — of each
 * carrier, for virtual threads — from {@link SchedStat}; the share is over the time between the
 * middles of the two readings.
 */
public final class Measurement {
    private static final long HISTOGRAM_MAX_NANOS = TimeUnit.SECONDS.toNanos(60);

    private Measurement() {
    }

    /**
     * The workers' native ids; a worker that has not yet run by the end of the warm-up is waited for
     * (up to a second), so that a short warm-up does not lose it.
     */
    private static long[] workerTids(List<Worker> workers) throws InterruptedException {
        long[] tids = new long[workers.size()];
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (int i = 0; i < tids.length; i++) {
            long tid;
            while ((tid = workers.get(i).tid) == 0 && System.nanoTime() - deadline < 0) {
                TimeUnit.MILLISECONDS.sleep(1);
            }
            tids[i] = tid == 0 ? -1 : tid;
        }
        return tids;
    }

    /**
     * Runs the measurement in this JVM.
     *
     * @param mergedWaits a histogram to add this run's waits to (may be null)
     */
    public static Sample run(Shape shape, LabLock labLock, BusyWork work, long warmupNanos, long durationNanos,
                             boolean recordWaits, int run, int order, Histogram mergedWaits) throws InterruptedException {
        double lineBeforeNanos = LineProbe.roundTripNanos(); // before any worker runs: the machine, not the lock
        Lock lock = labLock.isMonitor() ? null : labLock.newLock();
        Section section = Section.of(labLock, lock, recordWaits);
        Phase phase = new Phase();
        long holdSteps = work.stepsFor(shape.holdNanos());
        long outsideSteps = work.stepsFor(shape.outsideNanos());
        boolean platform = shape.threads() == ThreadKind.PLATFORM;
        long[] carriers = platform ? null : SchedStat.carrierTids(Runtime.getRuntime().availableProcessors());
        List<Worker> workers = new ArrayList<>(shape.workers());
        List<Thread> threads = new ArrayList<>(shape.workers());
        for (int i = 0; i < shape.workers(); i++) {
            Worker w = new Worker(phase, section, holdSteps, outsideSteps, System.nanoTime() + i * 0x9E3779B97F4A7C15L,
                    recordWaits ? new Histogram(HISTOGRAM_MAX_NANOS, 3) : null, platform);
            workers.add(w);
            threads.add(shape.threads().start("worker-" + i, w));
        }
        try {
            TimeUnit.NANOSECONDS.sleep(warmupNanos);
            long[] tids = platform ? workerTids(workers) : carriers;
            long readingBefore = System.nanoTime();
            long[] delaysBefore = SchedStat.read(tids);
            readingBefore = (readingBefore + System.nanoTime()) / 2;
            LockStats statsBefore = lock instanceof Mutex m ? m.stats() : LockStats.disabled();
            ProcessStats procBefore = ProcessStats.now();
            NoiseMeter.Reading noiseBefore = NoiseMeter.read();
            long start = System.nanoTime();
            phase.startMeasuring(start);
            TimeUnit.NANOSECONDS.sleep(durationNanos);
            long readingAfter = System.nanoTime(); // before STOP: a worker that has exited has no schedstat
            long[] delaysAfter = SchedStat.read(tids);
            readingAfter = (readingAfter + System.nanoTime()) / 2;
            phase.value = Phase.STOP;
            long wallNanos = System.nanoTime() - start;
            NoiseMeter.Reading noiseAfter = NoiseMeter.read();
            ProcessStats proc = ProcessStats.now().since(procBefore);
            LockStats stats = lock instanceof Mutex m ? m.stats().since(statsBefore) : LockStats.disabled();
            RunQueueDelay runQueue = SchedStat.delay(platform ? RunQueueDelay.WORKERS : RunQueueDelay.CARRIERS,
                    delaysBefore, delaysAfter, readingAfter - readingBefore);
            for (Thread t : threads) {
                t.join();
            }
            double lineAfterNanos = LineProbe.roundTripNanos();
            long[] perWorker = new long[workers.size()];
            long total = 0;
            Histogram waits = recordWaits ? new Histogram(HISTOGRAM_MAX_NANOS, 3) : null;
            for (int i = 0; i < perWorker.length; i++) {
                perWorker[i] = workers.get(i).acquisitions;
                total += perWorker[i];
                if (waits != null) {
                    waits.add(workers.get(i).waits);
                }
            }
            if (mergedWaits != null && waits != null) {
                mergedWaits.add(waits);
            }
            List<Long> perWorkerList = new ArrayList<>(perWorker.length);
            for (long c : perWorker) {
                perWorkerList.add(c);
            }
            return new Sample(run, order, total * 1e9 / wallNanos, total, wallNanos, perWorkerList, WaitSummary.of(waits),
                    Metrics.jain(perWorker), Metrics.maxMinRatio(perWorker), (double) proc.cpuNanos() / proc.wallNanos(),
                    proc.voluntarySwitches(), proc.involuntarySwitches(), stats.nonZeroCounts(),
                    (double) stats.starvationNanos() / wallNanos, runQueue, NoiseMeter.between(noiseBefore, noiseAfter, wallNanos)
                            .withLineRoundTrip(lineBeforeNanos, lineAfterNanos));
        } finally {
            phase.value = Phase.STOP;
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
