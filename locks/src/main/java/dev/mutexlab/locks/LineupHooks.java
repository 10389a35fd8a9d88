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

    /** The lock's clock: every deadline, bound and spin budget of the lock is read on it. */
    long nanoTime() {
        return System.nanoTime();
    }

    /** {@code tryLock()} read a free state and is about to CAS it: another thread may change it now. */
    void beforeBarge() {
    }

    /** The current thread starts ({@code true}) or stops ({@code false}) spinning in a spinner slot. */
    void spinning(boolean started) {
    }

    /** A sleeper that gave up (timeout, interrupt) is about to take itself out of line; a waker may reach it first. */
    void leavingLine() {
    }

    /**
     * A sleeper whose timer fired at its bound is about to stop waking itself (under the line's
     * guard) and then read the word: the holder's unlock may come first.
     */
    void stoppingSelfWake() {
    }

    /** A spinner that gave up is about to withdraw its handoff request; an unlock may serve it first. */
    void withdrawing() {
    }

    /**
     * A sleeper given a spinner slot was signalled and is about to run in the lock: a test may
     * hold it here, as a thread that no processor or carrier is free for yet.
     */
    void woken() {
    }

    /**
     * The current thread holds the line's guard (it has just joined the line): a test may hold it
     * here, as a thread that the OS took the processor from inside the guard.
     */
    void guardHeld() {
    }

    /** The current thread is about to yield its processor from inside the lock. */
    void yielding() {
    }
}
