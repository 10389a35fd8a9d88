package dev.mutexlab.agent.runtime;

/**
 * What a rewritten {@code synchronized} block or method calls ({@code MonitorRewriter} inserts the
 * calls): the sampling decision, the clock reads and the recording, per monitor site, into the
 * calling thread's {@link SiteStats}. The monitor itself is the program's own, entered and exited
 * by its own {@code monitorenter}/{@code monitorexit} (or the method's flag); nothing here touches
 * it except {@link Thread#holdsLock} on a sampled enter.
 *
 * <pre>{@code
 * block:   T = arriving(obj, site)     // before monitorenter: count down; sampled? now : NOT_TIMED
 *          monitorenter
 *          T = entered(T, site)        // after it: wait = now - T (contended if >= CONTENDED_WAIT_NANOS); T = now
 *          ...
 *          monitorexit
 *          T = exiting(T, site)        // after each monitorexit, the handler's included: hold = now - T
 * method:  T = methodEntered(site)     // at entry, the monitor held: count down; sampled? now : NOT_TIMED
 *          exiting(T, site)            // before each return, and in a catch-all handler before its athrow
 * }</pre>
 *
 * <p>Counting is the lock profiler's ({@link LockProbe}'s notes): an enter sampled out only
 * decrements its thread's countdown for the site, which is also its count; the sampled path adds
 * the interval at once.
 *
 * <p>The enter's time travels in a local variable of the rewritten method, never in shared state:
 * nested and reentrant monitors pair by construction, and an enter sampled out reads no clock. A
 * sampled enter that finds its thread already holding the monitor is counted {@code reentrant}
 * and not timed (its hold lies inside the outer one), and the next enter is sampled instead, as
 * for a lock.
 *
 * <p>Contention. A monitor shows no holder to a look from Java ({@link Thread#holdsLock} answers
 * for the current thread only), so a timed enter counts as contended when its wait reached
 * {@link #CONTENDED_WAIT_NANOS}; {@code waitNanos} records those waits. A synchronized method's
 * monitor is taken by the call, before its first instruction: its sites have holds, and no waits.
 *
 * <p>Nothing here throws into the program: a null monitor (the {@code monitorenter} throws
 * {@code NullPointerException} itself) is not counted, and the site ids come from the rewrite.
 */
public final class MonitorProbe {

    /** The value of an enter not timed (sampled out, reentrant, or after {@link #stopAll}). */
    public static final long NOT_TIMED = LockProbe.NOT_TIMED;

    /**
     * A timed enter whose wait reached this counts as contended: an uncontended enter is a
     * compare-and-swap, tens of nanoseconds even with a cache miss, and an enter that had to
     * spin or park for another thread's exit waits longer.
     */
    public static final long CONTENDED_WAIT_NANOS = 1_000;

    /**
     * Set when a profile stops ({@code stopAfter=D}): no enter is timed after it, until the next
     * profile starts ({@link #startAll()}). Read only where an enter would be timed (one in N).
     */
    private static volatile boolean stopped;

    private MonitorProbe() {
    }

    /** Stops timing every monitor site (holds being timed finish). */
    public static void stopAll() {
        stopped = true;
    }

    /** Times monitor sites again: a second attach to a JVM whose first profile stopped them. */
    public static void startAll() {
        stopped = false;
    }

    /** Before a {@code monitorenter} of {@code monitor} at {@code site}: when a sampled wait began, or {@link #NOT_TIMED}. */
    public static long arriving(Object monitor, int site) {
        if (monitor == null) {
            return NOT_TIMED;   // the monitorenter throws; nothing was acquired
        }
        SiteStats s = ThreadStats.current().site(site);
        if (--s.countdown > 0) {
            return NOT_TIMED;
        }
        return sampled(monitor, site, s);
    }

    /** The one enter in N: reentrant or timed. */
    private static long sampled(Object monitor, int site, SiteStats s) {
        s.countInterval(Settings.current().sampleEvery());
        if (stopped) {
            return NOT_TIMED;
        }
        if (Thread.holdsLock(monitor)) {
            s.reentrant++;
            s.countInterval(1);   // counted above: only sends the next enter to the sampled path
            return NOT_TIMED;
        }
        Site where = Sites.get(site);
        if (where.lockClass().get() == null) {
            where.lockClass().lazySet(monitor.getClass().getName());
        }
        return System.nanoTime();
    }

    /** After the {@code monitorenter}: records the wait of a timed enter; returns when its hold began. */
    public static long entered(long arrivalNanos, int site) {
        if (arrivalNanos == NOT_TIMED) {
            return NOT_TIMED;
        }
        long now = System.nanoTime();
        SiteStats s = ThreadStats.current().site(site);
        s.timed++;
        long waitNanos = now - arrivalNanos;
        if (waitNanos >= CONTENDED_WAIT_NANOS) {
            s.contended++;
            s.waitNanos.record(waitNanos);
        }
        return now;
    }

    /** At a synchronized method's entry, its monitor held: when a sampled hold began, or {@link #NOT_TIMED}. */
    public static long methodEntered(int site) {
        SiteStats s = ThreadStats.current().site(site);
        if (--s.countdown > 0) {
            return NOT_TIMED;
        }
        s.countInterval(Settings.current().sampleEvery());
        if (stopped) {
            return NOT_TIMED;
        }
        s.timed++;
        return System.nanoTime();
    }

    /**
     * After a {@code monitorexit} (before a synchronized method's return or throw): records the
     * hold that began at {@code holdStartNanos}, if it was timed. Returns {@link #NOT_TIMED}, which
     * the block stores back, so that the exit's probe records a hold once.
     */
    public static long exiting(long holdStartNanos, int site) {
        if (holdStartNanos != NOT_TIMED) {
            long now = System.nanoTime();
            ThreadStats.current().site(site).holdNanos.record(now - holdStartNanos);
        }
        return NOT_TIMED;
    }
}
