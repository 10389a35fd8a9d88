package dev.mutexlab.locks;

/**
 * The events a lock counts when statistics are enabled. Each lock counts the events that mean
 * something for its algorithm and leaves the others at zero.
 *
 * @since 1.0
 */
public enum LockEvent {
    /** An acquisition that did not succeed on the first attempt and entered the slow path. */
    CONTENDED_ACQUIRE,
    /** A round of active spinning ({@code procyield}: a burst of {@link Thread#onSpinWait()}). */
    SPIN_ROUND,
    /** A passive spin: {@link Thread#yield()} while waiting (Go's {@code osyield}). */
    YIELD,
    /** A waiter blocked (parked) in the lock. */
    PARK,
    /** An unlock woke a sleeping waiter. */
    WAKEUP,
    /** An unlock handed ownership directly to a waiter. */
    HANDOFF,
    /** A woken waiter found the lock taken again and went back to wait. */
    REQUEUE,
    /** The lock switched into starvation (handoff) mode. */
    STARVATION_ENTER,
    /** The lock switched back to normal mode. */
    STARVATION_EXIT,
    /** An unlock skipped waking a sleeper: another waiter was already awake, or (lineup's solo) the sleeper sleeps until due. */
    WAKE_SKIPPED,
    /** An anti-starvation wake of the longest sleeper (Go spinbit's 1-in-16 tail wake). */
    ANTI_STARVATION_WAKE,
    /** A waiter asked the owner to hand the lock over (Linux's HANDOFF flag). */
    HANDOFF_REQUEST,
    /** A timed acquisition gave up at its deadline. */
    TIMEOUT,
    /** An interruptible acquisition gave up because the thread was interrupted. */
    INTERRUPT,
    /** An unlock saw the "sleeping" state and issued a wake that found nobody asleep (tristate futex lock). */
    EMPTY_WAKE,
    /** An acquirer woke another waiter on its way out of the slow path (old semaphore's tail wakeup). */
    TAIL_WAKE,
    /** An acquisition succeeded while spinning, without sleeping. */
    SPIN_ACQUIRE,
    /** A virtual arrival looked once rather than spin, making room for a woken sleeper past its bound that no carrier has run (lineup). */
    MADE_ROOM,
    /**
     * The lock began to try its other waiting policy for a short epoch (lineup's chooser).
     */
    POLICY_TRIAL,
    /**
     * A trial ran the lock faster and its policy became the lock's (lineup's chooser).
     */
    POLICY_SWITCH,
    /**
     * A trial ended without a switch and the lock's policy returned (lineup's chooser).
     */
    POLICY_RETURN
}
