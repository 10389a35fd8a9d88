package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.workload.Phase;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * One thread of a workload: its random numbers, its busy-work seed, and its own histograms of
 * operation latency and of waits to acquire — no shared state, no lock in the harness. A workload
 * extends it with the counters its check adds up.
 *
 * <p>A workload brackets every acquisition with {@link #asking()} just before {@code lock()} (or
 * {@code synchronized}) and {@link #acquired()} first thing inside, so the wait is the lock's alone;
 * waits in {@code Condition.await} (or {@code Object.wait}) count in the operation's latency, not here.
 */
public class Actor {
    static final long HISTOGRAM_MAX_NANOS = 60_000_000_000L;

    /** The thread's index, from 0. */
    final int index;
    final SplittableRandom random;
    final Histogram latency = new Histogram(HISTOGRAM_MAX_NANOS, 3);
    final Histogram waits = new Histogram(HISTOGRAM_MAX_NANOS, 3);
    /** Busy-work chain; feed it to the next {@code BusyWork.spin}. */
    long seed;
    /** Operations in the measured window. */
    long measuredOps;
    /** Operations from the start, warm-up included: what a workload's check adds up. */
    long allOps;
    /** The phase this operation began in. */
    int begunIn = Phase.WARMUP;
    /** The measurement's phase, set before the thread starts; an actor outside a measurement times nothing. */
    Phase phase = new Phase();
    private long askedNanos;

    protected Actor(int index, long seed) {
        this.index = index;
        this.random = new SplittableRandom(seed);
        this.seed = seed | 1;
    }

    /** The thread is about to acquire the lock. */
    final void asking() {
        askedNanos = System.nanoTime();
    }

    /** The thread holds the lock it asked for. */
    final void acquired() {
        long now = System.nanoTime();
        if (phase.overlaps(begunIn, now)) {
            waits.recordValue(Math.max(0L, now - askedNanos));
        }
    }
}
