package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.Threads;

/**
 * Barging, as a HotSpot monitor or Go's {@code sync.Mutex}: an arrival spins briefly on the word,
 * taking the lock whenever it is free (sleepers or not), then sleeps in line. For holds of a few
 * microseconds or less, where a thread that parks at once turns nearly every acquisition into a
 * park and a wake-up, each dearer than the hold.
 *
 * <p>Implementation notes. The spin is {@link #SHORT_SPIN_PAUSES} PAUSEs, about 3 us, with looks
 * at the word further apart as it goes on ({@link LineupMutex#spinForLock}), however many sleep:
 * a park and its wake-up cost a sleeper more than the spin costs the holder's processor, also
 * when the threads outnumber the processors (docs/RESULTS.md §12.30: with 6 and 12 platform
 * workers on 2 CPUs at 6-8 us holds, skipping the spin there ran at 0.63-0.86x the best rival,
 * spinning at 0.81-0.99x, as Go's arrivals do). It is one look where spinning cannot pay: on one
 * processor, and on a virtual thread while the sleeper an unlock woke has not run and is past its
 * bound (the heir is stuck: two virtual threads that spin and take the lock in turn never free a
 * carrier for it). A sleeper past its bound is served by the handoff, which keeps the lock held,
 * so no spin passes it.
 */
final class LineupBarge extends LineupPolicy {

    /** The arrival's spin, in PAUSEs. */
    static final int SHORT_SPIN_PAUSES = 128;

    LineupBarge(int ordinal) {
        super("barge", ordinal);
    }

    @Override
    boolean arrive(LineupMutex lock) {
        boolean virtual = Threads.currentIsVirtual();
        return lock.spinForLock(pauses(lock.canSpin(), virtual && lock.heirStuck()));
    }

    @Override
    boolean sleepsUntilDue() {
        return false;
    }

    /** The arrival's PAUSEs: none (one look) only where spinning cannot pay (see the notes). */
    static int pauses(boolean canSpin, boolean heirStuck) {
        return !canSpin || heirStuck ? 0 : SHORT_SPIN_PAUSES;
    }
}
