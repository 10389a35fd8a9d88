package dev.mutexlab.agent.runtime.jfr;

/**
 * Every use of the events, for the runtime: events travel as {@code Object} so that the runtime's
 * classes name no {@code jdk.jfr} type and load on an image without it. Call only where the image
 * has {@code jdk.jfr}.
 *
 * <p>Cost when no recording enables them: {@link #waitEnabled()} and {@link #holdEnabled()} ask a
 * constant instance, which JFR's instrumentation answers from a static field (a false constant
 * before JFR has instrumented the class); nothing else runs.
 *
 * <p>The event classes load on the boot class path with the rest of the agent, and JFR registers
 * them by itself as it does a program's events, whether the recording started with the JVM or
 * after they loaded ({@code JfrEventsIT}, JDK 17.0.15 and 25.0.3): nothing here initializes JFR.
 */
public final class LockEvents {

    private static final LockWaitEvent WAIT = new LockWaitEvent();
    private static final LockHoldEvent HOLD = new LockHoldEvent();

    private LockEvents() {
    }

    /** Whether a recording enables {@code dev.mutexlab.LockWait}. */
    public static boolean waitEnabled() {
        return WAIT.isEnabled();
    }

    /** Whether a recording enables {@code dev.mutexlab.LockHold}. */
    public static boolean holdEnabled() {
        return HOLD.isEnabled();
    }

    /** A wait event begun now. */
    public static Object beginWait() {
        LockWaitEvent e = new LockWaitEvent();
        e.begin();
        return e;
    }

    /** Ends the wait {@code event} began now (the lock is held). */
    public static void endWait(Object event) {
        ((LockWaitEvent) event).end();
    }

    /** Commits an ended wait event, if the recording's settings keep it. */
    public static void commitWait(Object event, String site, String lockClass) {
        LockWaitEvent e = (LockWaitEvent) event;
        if (e.shouldCommit()) {
            e.site = site;
            e.lockClass = lockClass;
            e.commit();
        }
    }

    /** A hold event begun now. */
    public static Object beginHold() {
        LockHoldEvent e = new LockHoldEvent();
        e.begin();
        return e;
    }

    /** Ends a hold event now (the lock was just released) and commits it, if the recording's settings keep it. */
    public static void commitHold(Object event, String site, String lockClass, long waitCausedNanos) {
        LockHoldEvent e = (LockHoldEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.site = site;
            e.lockClass = lockClass;
            e.waitCausedNanos = waitCausedNanos;
            e.commit();
        }
    }
}
