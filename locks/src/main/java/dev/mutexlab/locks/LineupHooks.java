package dev.mutexlab.locks;

/**
 * The test seam of {@link LineupMutex}: the points where a test steers an interleaving or watches
 * a transition. Every method does nothing (or reads the real clock) here; a lock built with
 * {@link #NONE} calls these on its slow paths only, where a call that the JIT inlines to nothing
 * costs nothing. Tests in this package subclass it and pass the subclass to the package-private
 * constructor, so no test code lives in the lock itself.
 */
class LineupHooks {
    /** The hooks of every lock built through the public constructors. */
    static final LineupHooks NONE = new LineupHooks();

    /**
     * The clock of the bound: when a waiter started, whether it is past its bound, and the
     * chooser's epochs are read on it. Spins and the deadlines of timed acquisitions are real time
     * and read {@link System#nanoTime()}, so a test that stops this clock stops no spin or park.
     */
    long nanoTime() {
        return System.nanoTime();
    }

    /**
     * The timer, in real nanoseconds, of a sleeper that sleeps until due and is due in
     * {@code dueInNanos} on the lock's clock: that, here; a test that steers the lock's clock
     * lengthens it so that only what the test does wakes the sleeper.
     */
    long dueTimerNanos(long dueInNanos) {
        return dueInNanos;
    }

    /** {@code tryLock()} read a free state and is about to CAS it: another thread may change it now. */
    void beforeBarge() {
    }

    /**
     * A waiter holds the line's guard, has set WAITERS and is about to join the line: an unlock may
     * come now (it leaves its wake-up to the guard's holder).
     */
    void joining() {
    }

    /** A sleeper that an unlock woke is about to run: a test may hold it here, as a thread no processor or carrier is free for yet. */
    void woken() {
    }

    /** A sleeper that gave up (timeout, interrupt) or whose timer fired is about to take itself out of line; a waker may reach it first. */
    void leavingLine() {
    }

    /** A waiter that gave up is about to withdraw its handoff request; an unlock may serve it first. */
    void withdrawing() {
    }
}
