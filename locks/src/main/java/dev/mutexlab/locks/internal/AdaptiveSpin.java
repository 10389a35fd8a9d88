package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A spin budget learned per lock, as HotSpot's monitors learn theirs: a spin that ends with the
 * lock lengthens the next one, a spin that runs out shortens it. Short critical sections thus keep
 * their waiters spinning (a handover at cache speed), and long ones send them to sleep soon, so a
 * waiter does not burn a processor that the holder or work outside the lock could use.
 *
 * <p>Implementation notes. The budget is a time ({@code limitNanos}), not a count of
 * {@link Thread#onSpinWait()} calls, because the cost of a PAUSE differs tenfold between
 * processors. A spin that ends with the lock moves the budget an eighth of the way towards four
 * times what that spin took; one that runs out shrinks it by an eighth; always within
 * [{@link #MIN_NANOS}, {@link #MAX_NANOS}]. So short critical sections keep the budget a few times
 * their length (a spinner whose holder was preempted gives up soon instead of burning a processor
 * for the longest budget), long ones grow it quickly, and waits that spinning never catches bring
 * it down within a few dozen failures. A failure shrinks the budget by an eighth, not by half,
 * because halving collapses it whenever waiters arrive mid-way through long holds, and then every
 * handover pays a park and a wake-up. The field holds the budget less {@link #INITIAL_NANOS}, so
 * its default value is the initial budget and a lock published racily (its constructor's writes not
 * yet seen) reads that rather than zero. It is read and written with opaque accesses and without a CAS: concurrent updates may lose one
 * another, which only makes the heuristic a little less precise, never incorrect. On one
 * processor the budget is zero: a spinner could only delay the holder it waits for.
 */
public final class AdaptiveSpin {
    /** The shortest budget: about one cache-line handover round trip plus a short hold. */
    public static final int MIN_NANOS = 1_000;
    /**
     * The longest budget. Long: while a spin keeps succeeding the processor it uses was free (the
     * holder and the threads working outside the lock ran elsewhere), and a park would add a
     * wake-up to every handover of a long critical section.
     */
    public static final int MAX_NANOS = 200_000;
    /** The budget a new lock starts with. */
    public static final int INITIAL_NANOS = 10_000;

    /** The budget less INITIAL_NANOS (see the notes: zero by default). */
    private int limitDeltaNanos;

    /** How long the current thread may spin now; 0 when spinning cannot pay (one processor). */
    public int budgetNanos() {
        return SpinPolicy.multicore() ? limit() : 0;
    }

    /**
     * A spin ended with the lock after {@code spunNanos}: move the budget an eighth of the way
     * towards four times that (plus {@link #MIN_NANOS}). Spins that need little keep the budget
     * short, so a spinner whose holder lost its processor gives up soon; spins that need most of
     * the budget grow it quickly.
     */
    public void succeeded(long spunNanos) {
        int l = limit();
        long target = Math.min(MAX_NANOS, 4 * Math.max(0L, spunNanos) + MIN_NANOS);
        int step = (int) ((target - l) >> 3);
        if (Math.abs(step) > (l >>> 4)) { // no write for small moves: the line stays shared between the spinners' caches
            LIMIT.setOpaque(this, l + step - INITIAL_NANOS); // racy by design (see notes)
        }
    }

    /** A spin ran out without the lock: spin an eighth less next time. */
    public void failed() {
        int l = limit();
        if (l != MIN_NANOS) {
            LIMIT.setOpaque(this, Math.max(MIN_NANOS, l - (l >>> 3)) - INITIAL_NANOS); // racy by design (see notes)
        }
    }

    /** The current budget, for monitoring. */
    public int limitNanos() {
        return limit();
    }

    private int limit() {
        return INITIAL_NANOS + (int) LIMIT.getOpaque(this);
    }

    // VarHandle mechanics
    private static final VarHandle LIMIT;
    static {
        try {
            LIMIT = MethodHandles.lookup().findVarHandle(AdaptiveSpin.class, "limitDeltaNanos", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
