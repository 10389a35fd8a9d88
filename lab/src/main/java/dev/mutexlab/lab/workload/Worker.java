package dev.mutexlab.lab.workload;

import org.HdrHistogram.Histogram;

/**
 * One worker of Go's starvation-mode experiment's loop: {@code lock; busy hold; unlock; busy outside}, until told to stop.
 * It counts the acquisitions it asked for in the measured phase and records in its own histogram
 * every wait to acquire that overlaps that phase — also one that began during the warm-up, so a
 * worker kept waiting from before the window to its end is in the tail, not left out of it. No
 * shared state, no locking in the harness.
 */
final class Worker implements Runnable {
    private final Phase phase;
    private final Section section;
    final long holdSteps;
    private final long outsideSteps;
    final Histogram waits;
    long seed;
    /** When this worker last yielded after an unlock (a {@code +yield=D} spec). */
    final long[] lastYieldNanos = {Long.MIN_VALUE / 2};
    /** Acquisitions in the measured phase; read by the coordinator after join. */
    long acquisitions;
    /** This platform thread's native id (for its schedstat), once it runs; 0 before, -1 where unknown. */
    volatile long tid;
    private final boolean publishTid;

    Worker(Phase phase, Section section, long holdSteps, long outsideSteps, long seed, Histogram waits,
           boolean publishTid) {
        this.publishTid = publishTid;
        this.phase = phase;
        this.section = section;
        this.holdSteps = holdSteps;
        this.outsideSteps = outsideSteps;
        this.seed = seed | 1;
        this.waits = waits;
    }

    @Override
    public void run() {
        if (publishTid) {
            tid = SchedStat.currentTid();
        }
        final Section section = this.section;
        final boolean timed = section.timed;
        final Histogram waits = this.waits;
        final long outsideSteps = this.outsideSteps;
        long count = 0;
        int p;
        while ((p = phase.value) != Phase.STOP) {
            long askedNanos = timed ? System.nanoTime() : 0L;
            long acquiredNanos = section.holdOnce(this);
            if (p == Phase.MEASURE) {
                count++;
            }
            if (timed && phase.overlaps(p, acquiredNanos)) {
                waits.recordValue(Math.max(0L, acquiredNanos - askedNanos));
            }
            seed = BusyWork.spin(seed, outsideSteps);
        }
        acquisitions = count;
        BusyWork.consume(seed);
    }
}
