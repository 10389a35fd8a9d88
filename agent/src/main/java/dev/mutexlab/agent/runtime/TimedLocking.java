package dev.mutexlab.agent.runtime;

import java.util.concurrent.TimeUnit;

/**
 * The profiled acquisition and release of an {@link AgentReentrantLock} (served by the JDK's lock or
 * the library's lock of SPEC). It passes itself as a {@link Stock}, whose {@code stock*} methods are
 * the serving lock's, untimed; the timing around them is here.
 *
 * <p>Rules, each for a cost the profiler must not add:
 * <ul>
 *   <li>The lock takes the same path as without the profiler: an acquisition calls the serving
 *       lock's own method once, never a {@code tryLock} first. Whether it waited is a look at
 *       {@code isLocked()} on arrival (a read, which changes no one's turn).
 *   <li>An acquisition sampled out (all but one in {@code sample=N}, per thread and site) reads no
 *       clock and touches nothing shared: the thread's own counters, and one field of the probe
 *       that only the holder writes, read on release.
 *   <li>A sampled one reads the clock once on arrival only if the lock looked held (the wait's
 *       start), once when it has the lock (the wait's end and the hold's start) and once before the
 *       outermost release (the hold's end); the hold is recorded after the release.
 * </ul>
 */
final class TimedLocking {

    /** A profiled lock as the timing sees it: its probe, its superclass's methods and its state. */
    interface Stock {
        LockProbe probe();

        void stockLock();

        void stockLockInterruptibly() throws InterruptedException;

        boolean stockTryLock();

        boolean stockTryLock(long timeout, TimeUnit unit) throws InterruptedException;

        void stockUnlock();

        boolean isHeldByCurrentThread();

        boolean isLocked();

        int getHoldCount();
    }

    private TimedLocking() {
    }

    static void lock(Stock lock) {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (!p.sampled(s) || p.reentering(lock, s)) {
            lock.stockLock();
            LockProbe.acquired(s);
            return;
        }
        long start = p.arriving(s, lock.isLocked());
        try {
            lock.stockLock();
        } finally {
            p.waitEnds(start);
        }
        p.acquired(s, start);
    }

    static void lockInterruptibly(Stock lock) throws InterruptedException {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (!p.sampled(s) || p.reentering(lock, s)) {
            lock.stockLockInterruptibly();
            LockProbe.acquired(s);
            return;
        }
        long start = p.arriving(s, lock.isLocked());
        try {
            lock.stockLockInterruptibly();
        } finally {
            p.waitEnds(start);
        }
        p.acquired(s, start);
    }

    static boolean tryLock(Stock lock) {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (!p.sampled(s) || p.reentering(lock, s)) {
            return LockProbe.tried(s, lock.stockTryLock());
        }
        if (!lock.stockTryLock()) {
            return LockProbe.tried(s, false);
        }
        p.acquired(s, LockProbe.NOT_TIMED);
        return true;
    }

    static boolean tryLock(Stock lock, long timeout, TimeUnit unit) throws InterruptedException {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (!p.sampled(s) || p.reentering(lock, s)) {
            return LockProbe.tried(s, lock.stockTryLock(timeout, unit));
        }
        long start = p.arriving(s, lock.isLocked());
        boolean got;
        try {
            got = lock.stockTryLock(timeout, unit);
        } finally {
            p.waitEnds(start);
        }
        if (!got) {
            return LockProbe.tried(s, false);
        }
        p.acquired(s, start);
        return true;
    }

    static void unlock(Stock lock) {
        LockProbe p = lock.probe();
        if (!p.holdTimed() || lock.getHoldCount() != 1) {
            lock.stockUnlock();   // an untimed hold, a reentrant release, or one by a non-owner (which throws)
            return;
        }
        long start = p.releasing();
        long end = System.nanoTime();
        long causedNanos = p.waitCausedNanos(start, end);   // while held: the waiters are still waiting
        lock.stockUnlock();
        p.released(start, end, causedNanos);
    }
}
