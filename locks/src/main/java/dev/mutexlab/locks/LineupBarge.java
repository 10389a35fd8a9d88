package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.SpinPolicy;

/**
 * Barging, as a HotSpot monitor: an arrival spins briefly on the word, taking the lock whenever it
 * is free (sleepers or not), then sleeps in line. For holds of a microsecond or less, where a
 * thread that parks at once turns nearly every acquisition into a park and a wake-up.
 *
 * <p>Implementation notes. The spin is {@link #SHORT_SPIN_PAUSES} PAUSEs, about 3 us, with looks
 * at the word further apart as it goes on ({@link LineupMutex#spinForLock}). It is one look where
 * spinning cannot pay or would take a processor from the holder: on one processor; on a platform
 * thread when the sleepers already outnumber the processors (the threads that run are then enough
 * to keep every processor busy, and a spinner only slows the holder, as {@code ReentrantLock}'s
 * arrivals, which do not spin, show); and on a virtual thread while the sleeper an unlock woke has
 * not run and is past its bound (the heir is stuck: two virtual threads that spin and take the
 * lock in turn never free a carrier for it). A virtual thread otherwise spins whatever the line:
 * its park is an unmount, dearer than the spin. A sleeper past its bound is served by the handoff,
 * which keeps the lock held, so no spin passes it.
 */
final class LineupBarge extends LineupPolicy {

    /** The arrival's spin, in PAUSEs. */
    static final int SHORT_SPIN_PAUSES = 128;

    LineupBarge(int ordinal) {
        super("barge", ordinal);
    }

    @Override
    boolean arrive(LineupMutex lock) {
        boolean virtual = Thread.currentThread().isVirtual();
        return lock.spinForLock(pauses(lock.canSpin(), lock.sleepers(), SpinPolicy.processors(), virtual,
                virtual && lock.heirStuck()));
    }

    @Override
    boolean sleepsUntilDue() {
        return false;
    }

    /** The arrival's PAUSEs: none (one look) only where spinning cannot pay (see the notes). */
    static int pauses(boolean canSpin, int sleepers, int processors, boolean virtual, boolean heirStuck) {
        return !canSpin || heirStuck || sleepers >= processors && !virtual ? 0 : SHORT_SPIN_PAUSES;
    }
}
