package dev.mutexlab.lab.gobench;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Go's {@code testing.PB}: the iterator one {@link B#runParallel} thread loops on. {@link #next()}
 * claims {@code grain} iterations at a time from the counter all threads share, so the threads
 * together run exactly {@code b.N} iterations.
 */
public final class PB {
    private final AtomicLong globalN;
    private final long grain;
    private final long bN;
    private long cache;

    PB(AtomicLong globalN, long grain, long bN) {
        this.globalN = globalN;
        this.grain = grain;
        this.bN = bN;
    }

    /** Whether there is another iteration to run (Go's {@code pb.Next()}). */
    public boolean next() {
        if (cache == 0) {
            long n = globalN.addAndGet(grain);
            if (n <= bN) {
                cache = grain;
            } else if (n < bN + grain) {
                cache = bN + grain - n;
            } else {
                return false;
            }
        }
        cache--;
        return true;
    }
}
