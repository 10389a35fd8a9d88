package dev.mutexlab.agent.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The profiler's part of one lock: its site, when its current timed hold began, and how many
 * threads wait for it. A profiled {@link AgentReentrantLock} calls it (through {@link TimedLocking})
 * around the serving lock's calls; the numbers go to the calling thread's {@link SiteStats}.
 *
 * <pre>{@code
 * lock():
 *   s = this thread's stats for the site             // a thread-local read and an array index
 *   if --s.countdown > 0:  stock lock(); return       // sampled out: that decrement is all
 *   sampled path (out of line):
 *     count the acquisitions the countdown stood for
 *     if a timed release came before:  record outside = now - then; resume its countdown
 *     else s.countdown = sampleEvery
 *     if not this one's turn, or held by me:  stock lock(); return
 *     t0 = isLocked() ? now (and waiting++) : none    // a look, never an attempt
 *     stock lock();  t1 = now;  waiting-- if counted
 *     count timed; if t0: count contended, record wait = t1 - t0
 *     holdStart = t1
 * unlock():
 *   if holdStart is set and this is the outermost release:  t2 = now; stock unlock(); record hold = t2 - holdStart
 *   else: stock unlock()
 * }</pre>
 *
 * <p>Counting by the countdown. An acquisition sampled out adds nothing to {@link SiteStats#acquisitions}:
 * the countdown it decremented counts it, and the sampled path adds the whole interval at once
 * ({@code countdownFrom - countdown}, this acquisition included); a report adds the interval under
 * way ({@link SiteStats#acquisitionsNow()}). An attempt that does not get the lock (a failed
 * {@code tryLock}, an interrupted wait) gives its count back. A timed release sets the countdown to 1,
 * so the thread's next acquisition of the site takes the sampled path and records the time outside;
 * that path resumes the countdown where the release found it, so the sampling keeps its rate.
 *
 * <p>Implementation notes. {@code holdStartNanos} is written only by the thread that holds the lock
 * (between its acquisition and its release) and read by the thread that releases it, the same one;
 * the lock's own happens-before orders every access, so a plain field suffices. Another thread
 * calling {@code unlock()} without holding the lock may read it as set, but then fails the
 * outermost-release test (its hold count is 0) and the serving lock throws. {@code waiting} is
 * shared: a getAndAdd (volatile) per sampled acquisition that found the lock held gives the number
 * waiting at that moment; its maximum is kept per thread and merged at report time.
 * {@code waitStartsNanos} sums the same waiters' start times (added before {@code waiting} is
 * raised, removed after it is lowered), so that a release can tell the wait it caused
 * ({@link #waitCausedNanos}) for the stacks and events of {@link SampledEvents}, which the three
 * points of a sampled acquisition call.
 */
public final class LockProbe {

    /** The hold-start value of a hold not timed, and the arrival time of an arrival that found the lock free. */
    static final long NOT_TIMED = Long.MIN_VALUE;

    final int site;
    final int sampleEvery;

    /** When the current timed hold began; owner-only, see the notes. */
    long holdStartNanos = NOT_TIMED;
    /** Threads in a timed wait for this lock now; accessed through {@link #WAITING}. */
    @SuppressWarnings("unused")
    private volatile int waiting;
    /** The sum of the wait starts of the threads counted in {@code waiting}; accessed through {@link #WAIT_STARTS}. */
    @SuppressWarnings("unused")
    private volatile long waitStartsNanos;

    /**
     * Set once when the profile stops ({@code stopAfter=D}): no acquisition is timed after it.
     * Volatile, and read only where an acquisition would be timed (one in N), so the acquisitions
     * sampled out pay nothing for it.
     */
    private static volatile boolean stopped;

    /** Stops every probe: from now on no acquisition is timed (holds being timed finish). */
    public static void stopAll() {
        stopped = true;
    }

    /** Lets the probes time again: a later attach to the same JVM profiles anew. */
    public static void startAll() {
        stopped = false;
    }

    LockProbe(int site, int sampleEvery) {
        this.site = site;
        this.sampleEvery = sampleEvery;
    }

    /** The site the lock's numbers go to. */
    public int site() {
        return site;
    }

    /** The current thread's stats for this lock's site. */
    SiteStats stats() {
        return ThreadStats.current().site(site);
    }

    /**
     * The sampled path's start, for an acquisition whose decrement took the countdown to 0: counts
     * the interval the countdown stood for (this acquisition included), records the time outside
     * after a timed release, sets the countdown again, and returns whether this acquisition is one
     * to time (one in {@code sampleEvery}; never once the profile has stopped).
     */
    boolean sampled(SiteStats s) {
        if (s.lastReleaseNanos != NOT_TIMED) {
            s.outsideNanos.record(System.nanoTime() - s.lastReleaseNanos);
            s.lastReleaseNanos = NOT_TIMED;
            int left = s.resumeCountdown - 1;
            if (left > 0) {
                s.countInterval(left);
                return false;
            }
        }
        s.countInterval(sampleEvery);
        return !stopped;
    }

    /**
     * For a sampled acquisition: whether the thread holds the lock already (a reentrant one, not
     * timed: the next acquisition is sampled instead).
     */
    boolean reentering(TimedLocking.Stock lock, SiteStats s) {
        if (!lock.isHeldByCurrentThread()) {
            return false;
        }
        s.reentrant++;
        s.countInterval(1);   // counted already by sampled(): only sends the next one to the sampled path
        return true;
    }

    /**
     * A sampled acquisition arrives and found the lock held ({@code looked}) or free: returns when
     * its wait began, or {@link #NOT_TIMED} for a free lock (no clock read).
     */
    long arriving(SiteStats s, boolean looked) {
        if (!looked) {
            return NOT_TIMED;
        }
        long start = SampledEvents.arrived(this, s, System.nanoTime());
        WAIT_STARTS.getAndAdd(this, start);   // before WAITING: a release reads WAITING first
        int now = (int) WAITING.getAndAdd(this, 1) + 1;
        if (now > s.maxWaiting) {
            s.maxWaiting = now;
        }
        return start;
    }

    /** The wait that {@link #arriving} began (if it did) is over: acquired, interrupted or timed out. */
    void waitEnds(long startNanos) {
        if (startNanos != NOT_TIMED) {
            WAITING.getAndAdd(this, -1);
            WAIT_STARTS.getAndAdd(this, -startNanos);
        }
    }

    /** A sampled acquisition got the lock: its wait (if it waited) ends and its hold begins now. */
    void acquired(SiteStats s, long startNanos) {
        long now = System.nanoTime();
        s.timed++;
        if (startNanos != NOT_TIMED) {
            s.contended++;
            s.waitNanos.record(now - startNanos);
        }
        holdStartNanos = now;
        SampledEvents.acquired(this, s, startNanos, now);
    }

    /**
     * An attempt sampled out did not get the lock (a {@code tryLock} that failed, a wait
     * interrupted): gives back the count its decrement took.
     */
    static void notAcquiredSampledOut(SiteStats s) {
        s.countdown++;
    }

    /** A sampled attempt did not get the lock: takes back the count its sampled path added. */
    static void notAcquiredSampled(SiteStats s) {
        s.acquisitions--;
    }

    /** A {@code tryLock} (with or without a timeout) returned false. */
    static void tryLockFailed(SiteStats s) {
        s.tryLockFailures++;
    }

    /** Whether the current hold is timed (read by the releasing thread, see the notes). */
    boolean holdTimed() {
        return holdStartNanos != NOT_TIMED;
    }

    /** Called by the owner before its outermost unlock of a timed hold: returns when it began and ends it. */
    long releasing() {
        long start = holdStartNanos;
        holdStartNanos = NOT_TIMED;
        return start;
    }

    /**
     * Before the unlock of a timed hold from {@code startNanos} to {@code endNanos}: the wait it
     * kept the sampled waiters present now in, within the hold (a waiter that arrived before the
     * hold began counts from its start). Approximate: from the number waiting and the sum of their
     * arrival times, {@code n*end - sum(arrival)} bounded by {@code n*(end - start)} and by 0, two
     * reads that a waiter arriving or leaving between them can shift by one waiter's wait.
     */
    long waitCausedNanos(long startNanos, long endNanos) {
        // Acquire: a waiter adds its start before it raises WAITING (both volatile getAndAdds), so
        // the sum read after seeing its count includes its start; the estimate needs no more order.
        long n = (int) WAITING.getAcquire(this);
        if (n <= 0) {
            return 0;
        }
        long sinceArrivals = n * endNanos - (long) WAIT_STARTS.getAcquire(this);
        return Math.max(0, Math.min(sinceArrivals, n * (endNanos - startNanos)));
    }

    /**
     * After the unlock: records a timed hold from {@code startNanos} to {@code endNanos}, which
     * kept sampled waiters waiting {@code causedNanos} ({@link #waitCausedNanos}), and sends the
     * thread's next acquisition of the site to the sampled path, which records the time outside
     * (see the notes).
     */
    void released(long startNanos, long endNanos, long causedNanos) {
        SiteStats s = stats();
        s.holdNanos.record(endNanos - startNanos);
        s.lastReleaseNanos = endNanos;
        s.resumeCountdown = s.countdown;
        s.countInterval(1);
        SampledEvents.released(this, s, endNanos, causedNanos);
    }

    /** A {@code Condition} wait begins: ends the timed hold (the wait releases the lock); returns its start. */
    long conditionWaitStarts(SiteStats s, long nowNanos) {
        s.conditionWaits++;
        long start = holdStartNanos;
        holdStartNanos = NOT_TIMED;
        if (start != NOT_TIMED) {
            s.holdNanos.record(nowNanos - start);
        }
        return start;
    }

    /** The {@code Condition} wait is over and the lock held again: a timed hold begins again if one ended. */
    void conditionWaitEnds(SiteStats s, long waitStartNanos, long holdStartBefore) {
        long now = System.nanoTime();
        s.conditionWaitNanos.record(now - waitStartNanos);
        if (holdStartBefore != NOT_TIMED) {
            holdStartNanos = now;
        }
    }

    // VarHandle mechanics
    private static final VarHandle WAITING;
    private static final VarHandle WAIT_STARTS;

    static {
        try {
            WAITING = MethodHandles.lookup().findVarHandle(LockProbe.class, "waiting", int.class);
            WAIT_STARTS = MethodHandles.lookup().findVarHandle(LockProbe.class, "waitStartsNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
