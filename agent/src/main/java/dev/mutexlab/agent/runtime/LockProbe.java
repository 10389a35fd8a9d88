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
 *   if held by me:            super.lock(); count reentrant
 *   s = enter()               // this thread's stats; one acquisition in sampleEvery is timed
 *   if not s.timing:          super.lock(); count; return
 *   t0 = now; outside = t0 - my last release of this site
 *   if barging and super.tryLock(): acquired(uncontended)
 *   else: waiting++ (max seen); super.lock(); waiting--; acquired(contended, wait = now - t0)
 *   holdStart = now
 * unlock():
 *   if timed and outermost:   end = now; super.unlock(); record hold = end - holdStart
 * }</pre>
 *
 * <p>Implementation notes. {@code holdStartNanos} is read and written only by the thread that
 * holds the lock (between its acquisition and its release), so the lock's own happens-before
 * orders every access and a plain field suffices. {@code waiting} is shared: a getAndAdd (volatile)
 * per contended timed acquisition gives the number waiting at that moment; its maximum is kept per
 * thread and merged at report time. The contended check tries the lock once first, which is what a
 * barging lock's {@code lock()} does anyway; for a fair lock (where a {@code tryLock} would barge)
 * the check only looks ({@code isLocked}) and never changes who gets the lock.
 */
public final class LockProbe {

    /** The hold-start value of a hold not timed. */
    static final long NOT_TIMED = Long.MIN_VALUE;

    final int site;
    final int sampleEvery;
    final boolean barging;

    /** When the current timed hold began; owner-only, see the notes. */
    long holdStartNanos = NOT_TIMED;
    /** Threads in a timed wait for this lock now; accessed through {@link #WAITING}. */
    @SuppressWarnings("unused")
    private volatile int waiting;

    LockProbe(int site, int sampleEvery, boolean barging) {
        this.site = site;
        this.sampleEvery = sampleEvery;
        this.barging = barging;
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
     * Begins an acquisition by a thread that does not hold the lock: returns its stats with
     * {@code timing} set when this acquisition is to be timed. An untimed acquisition right after a
     * timed release still measures the time outside.
     */
    SiteStats enter() {
        SiteStats s = stats();
        if (--s.countdown > 0) {
            s.timing = false;
            if (s.lastReleaseNanos != NOT_TIMED) {
                s.outsideNanos.record(System.nanoTime() - s.lastReleaseNanos);
                s.lastReleaseNanos = NOT_TIMED;
            }
            return s;
        }
        s.countdown = sampleEvery;
        s.timing = true;
        return s;
    }

    /** A timed attempt begins: returns the time, and records the time outside since the last release. */
    long attemptStarts(SiteStats s) {
        long now = System.nanoTime();
        if (s.lastReleaseNanos != NOT_TIMED) {
            s.outsideNanos.record(now - s.lastReleaseNanos);
            s.lastReleaseNanos = NOT_TIMED;
        }
        return now;
    }

    /** A timed attempt did not get the lock at once and is about to wait. */
    void waitStarts(SiteStats s) {
        int now = (int) WAITING.getAndAdd(this, 1) + 1;
        if (now > s.maxWaiting) {
            s.maxWaiting = now;
        }
    }

    /** The wait {@link #waitStarts} began is over (acquired, interrupted or timed out). */
    void waitEnds() {
        WAITING.getAndAdd(this, -1);
    }

    /** A timed acquisition got the lock: the hold begins now. */
    void acquired(SiteStats s, long startNanos, boolean contended) {
        long now = System.nanoTime();
        s.acquisitions++;
        s.timed++;
        if (contended) {
            s.contended++;
            s.waitNanos.record(now - startNanos);
        }
        holdStartNanos = now;
    }

    /** An untimed acquisition got the lock. */
    static void acquiredUntimed(SiteStats s) {
        s.acquisitions++;
    }

    /** A thread that held the lock took it again. */
    void reentered() {
        SiteStats s = stats();
        s.acquisitions++;
        s.reentrant++;
    }

    /** A {@code tryLock} returned false. */
    static void tryFailed(SiteStats s) {
        s.tryLockFailures++;
    }

    /**
     * Called by the owner before its outermost unlock: returns when the timed hold began and ends
     * it, or {@link #NOT_TIMED}.
     */
    long releasing() {
        long start = holdStartNanos;
        holdStartNanos = NOT_TIMED;
        return start;
    }

    /** After the unlock: records a timed hold from {@code startNanos} to {@code endNanos}. */
    void released(long startNanos, long endNanos) {
        SiteStats s = stats();
        s.holdNanos.record(endNanos - startNanos);
        s.lastReleaseNanos = endNanos;
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

    static {
        try {
            WAITING = MethodHandles.lookup().findVarHandle(LockProbe.class, "waiting", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
