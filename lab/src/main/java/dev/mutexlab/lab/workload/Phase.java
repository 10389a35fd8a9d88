package dev.mutexlab.lab.workload;

/**
 * The phase of one measurement — warm-up, the measured window, stop — written by its coordinator
 * and read by its threads once per iteration. A wait or an operation belongs to the window if it
 * was begun in it, or ended in it or after it: one begun in the warm-up and kept waiting into the
 * window is in the window's tail, not left out of it.
 */
public final class Phase {
    public static final int WARMUP = 0;
    public static final int MEASURE = 1;
    public static final int STOP = 2;

    /** The phase; the threads read it once per iteration. */
    public volatile int value = WARMUP;
    /** When the window began; written before {@link #value} turns MEASURE, which publishes it. */
    private volatile long startNanos;

    /** Opens the window, which began at {@code nowNanos}. */
    public void startMeasuring(long nowNanos) {
        startNanos = nowNanos;
        value = MEASURE;
    }

    /**
     * Whether a wait or an operation begun in phase {@code begunIn} and ended at {@code endNanos}
     * overlaps the window: begun in it, or ended in it or after it.
     */
    public boolean overlaps(int begunIn, long endNanos) {
        return begunIn == MEASURE || value != WARMUP && endNanos - startNanos >= 0L;
    }
}
