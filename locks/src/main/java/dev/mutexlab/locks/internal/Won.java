package dev.mutexlab.locks.internal;

/**
 * How a contended acquisition got the lock, as the {@code dev.mutexlab.MutexContended} JFR event
 * reports it. An algorithm picks the first that applies: ownership was given to it
 * ({@link #HANDOFF}), it slept and was woken ({@link #WOKEN}), it spun or yielded
 * ({@link #SPINNING}), or it took the lock on a retry without waiting at all ({@link #BARGING}).
 */
public enum Won {
    /** Took the lock on a retry in the slow path, without spinning or sleeping. */
    BARGING,
    /** Took the lock while spinning or yielding, without sleeping. */
    SPINNING,
    /** Slept, was woken, and took the lock itself (competing with running threads). */
    WOKEN,
    /** Slept, and the unlocker handed ownership to it directly. */
    HANDOFF
}
