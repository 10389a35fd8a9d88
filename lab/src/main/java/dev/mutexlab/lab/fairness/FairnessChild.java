package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.Replication;
import dev.mutexlab.lab.workload.BusyWork;
import dev.mutexlab.locks.Locks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The test-mutex benchmark of Linux's generic mutex (docs/background.md §4) in a child JVM confined to P CPUs: N tasks loop on lock, a make-believe
 * operation (calibrated busy work), unlock, then optional work outside, timing each lock-to-unlock
 * latency. Prints {@code @sample <json>} per lock and run, and {@code @adding <run> <undecided locks>}
 * before each run added while a verdict cannot tell.
 */
public final class FairnessChild {
    private FairnessChild() {
    }

    public static void main(String[] args) throws Exception {
        FairnessTask task = ChildProtocol.task(args, FairnessTask.class);
        ChildProtocol.finish(args, run(task, s -> ChildProtocol.emit("sample", s),
                (run, undecided) -> ChildProtocol.emit("adding", run + " " + undecided)));
    }

    /** Told before each run added to the planned ones, with how many locks' verdicts cannot tell yet. */
    public interface Adding {
        void adding(int run, int undecided);
    }

    /**
     * The planned runs of every lock in rotated order; then, while some lock's ops/s ratio to the
     * first cannot tell and the task's budget pays for a run like the ones before, one run more
     * ({@link Replication}'s rule, at most {@link Replication#MAX_BATCHES} runs).
     */
    public static FairnessResult.Group run(FairnessTask task, Consumer<FairnessResult.Sample> sink, Adding adding)
            throws InterruptedException {
        FairnessResult.Config c = task.config();
        BusyWork work = BusyWork.calibrate();
        ThreadKind kind = ThreadKind.parse(task.threads());
        List<FairnessResult.Sample> samples = new ArrayList<>();
        int n = c.locks().size();
        List<double[]> opsPerSec = new ArrayList<>(); // per run, per lock index
        long plannedStart = System.nanoTime();
        long addedNanos = 0;
        for (int run = 0; ; run++) {
            if (run >= c.runs()) {
                long runNanos = (System.nanoTime() - plannedStart) / Math.max(1, c.runs());
                int undecided = run >= Replication.MAX_BATCHES || addedNanos + runNanos > task.budgetNanos() ? 0
                        : Replication.undecided(c.locks(), opsPerSec);
                if (undecided == 0) {
                    break;
                }
                adding.adding(run, undecided);
            }
            long runStart = System.nanoTime();
            double[] row = new double[n];
            for (int k = 0; k < n; k++) {
                int index = (k + run) % n;
                FairnessResult.Sample s = measure(c.locks().get(index), run, c, work, kind);
                row[index] = s.opsPerSec();
                samples.add(s);
                sink.accept(s);
            }
            opsPerSec.add(row);
            if (run >= c.runs()) {
                addedNanos += System.nanoTime() - runStart;
            }
        }
        return new FairnessResult.Group(kind.label(), task.procs(), task.enforcement(), work.stepsPerNano(), samples);
    }

    static FairnessResult.Sample measure(String spec, int run, FairnessResult.Config c, BusyWork work, ThreadKind kind)
            throws InterruptedException {
        Lock lock = Locks.create(spec);
        long holdSteps = work.stepsFor(c.holdNanos());
        long outsideSteps = work.stepsFor(c.outsideNanos());
        List<LatencyTrack> tracks = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(c.tasks());
        CountDownLatch go = new CountDownLatch(1);
        long[] window = new long[2];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < c.tasks(); t++) {
            LatencyTrack track = new LatencyTrack();
            tracks.add(track);
            threads.add(kind.start("task-" + t, () -> {
                long seed = System.nanoTime() | 1;
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                long end = window[1];
                for (;;) {
                    long t0 = System.nanoTime();
                    if (t0 >= end) {
                        break;
                    }
                    lock.lock();
                    try {
                        seed = BusyWork.spin(seed, holdSteps);
                    } finally {
                        lock.unlock();
                    }
                    track.record(System.nanoTime() - t0);
                    seed = BusyWork.spin(seed, outsideSteps);
                }
                BusyWork.consume(seed);
            }));
        }
        ready.await();
        window[0] = System.nanoTime();
        window[1] = window[0] + c.durationNanos();
        go.countDown(); // the latch orders the window's writes before the tasks' reads
        for (Thread t : threads) {
            t.join();
        }
        long wall = System.nanoTime() - window[0];
        FairnessMath.Figures f = FairnessMath.of(tracks, wall);
        Histogram all = new Histogram(2);
        for (LatencyTrack t : tracks) {
            all.add(t.histogram);
        }
        long ops = 0;
        for (long x : f.perTask()) {
            ops += x;
        }
        return new FairnessResult.Sample(spec, run, ops, wall, f.opsPerSec(), f.costMicros(), f.devianceMicros(),
                all.getValueAtPercentile(50) / 1e3, all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3,
                f.perTask(), f.maxMinRatio(), f.jain());
    }
}
