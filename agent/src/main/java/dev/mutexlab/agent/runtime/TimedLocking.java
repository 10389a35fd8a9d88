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
 *   <li>An acquisition sampled out (all but one in {@code sample=N}, per thread and site) writes
 *       one field, the thread's own countdown for the site ({@link LockProbe}'s notes: the
 *       countdown is also the count), before it calls the lock: nothing inside the critical
 *       section, nothing shared, no clock, no allocation. Its release reads one field of the probe
 *       that only a timed holder writes (a line that stays in every CPU's cache between samples).
 *   <li>Everything else is out of line, in the {@code *Sampled} methods, so that the JIT inlines a
 *       fast path of a few instructions into the caller and keeps the rare path's code apart.
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
        if (--s.countdown > 0) {
            lock.stockLock();
            return;
        }
        lockSampled(lock, p, s);
    }

    private static void lockSampled(Stock lock, LockProbe p, SiteStats s) {
        if (!p.sampled(s) || p.reentering(lock, s)) {
            lock.stockLock();
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
        if (--s.countdown > 0) {
            try {
                lock.stockLockInterruptibly();
            } catch (InterruptedException e) {
                LockProbe.notAcquiredSampledOut(s);
                throw e;
            }
            return;
        }
        lockInterruptiblySampled(lock, p, s);
    }

    private static void lockInterruptiblySampled(Stock lock, LockProbe p, SiteStats s) throws InterruptedException {
        boolean timed = p.sampled(s) && !p.reentering(lock, s);
        long start = timed ? p.arriving(s, lock.isLocked()) : LockProbe.NOT_TIMED;
        try {
            lock.stockLockInterruptibly();
        } catch (InterruptedException e) {
            LockProbe.notAcquiredSampled(s);
            throw e;
        } finally {
            p.waitEnds(start);
        }
        if (timed) {
            p.acquired(s, start);
        }
    }

    static boolean tryLock(Stock lock) {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (--s.countdown > 0) {
            if (lock.stockTryLock()) {
                return true;
            }
            LockProbe.notAcquiredSampledOut(s);
            LockProbe.tryLockFailed(s);
            return false;
        }
        return tryLockSampled(lock, p, s);
    }

    private static boolean tryLockSampled(Stock lock, LockProbe p, SiteStats s) {
        boolean timed = p.sampled(s) && !p.reentering(lock, s);
        if (!lock.stockTryLock()) {
            LockProbe.notAcquiredSampled(s);
            LockProbe.tryLockFailed(s);
            return false;
        }
        if (timed) {
            p.acquired(s, LockProbe.NOT_TIMED);
        }
        return true;
    }

    static boolean tryLock(Stock lock, long timeout, TimeUnit unit) throws InterruptedException {
        LockProbe p = lock.probe();
        SiteStats s = p.stats();
        if (--s.countdown > 0) {
            boolean got;
            try {
                got = lock.stockTryLock(timeout, unit);
            } catch (InterruptedException e) {
                LockProbe.notAcquiredSampledOut(s);
                throw e;
            }
            if (!got) {
                LockProbe.notAcquiredSampledOut(s);
            LockProbe.tryLockFailed(s);
            }
            return got;
        }
        return tryLockSampled(lock, p, s, timeout, unit);
    }

    private static boolean tryLockSampled(Stock lock, LockProbe p, SiteStats s, long timeout, TimeUnit unit)
            throws InterruptedException {
        boolean timed = p.sampled(s) && !p.reentering(lock, s);
        long start = timed ? p.arriving(s, lock.isLocked()) : LockProbe.NOT_TIMED;
        boolean got;
        try {
            got = lock.stockTryLock(timeout, unit);
        } catch (InterruptedException e) {
            LockProbe.notAcquiredSampled(s);
            throw e;
        } finally {
            p.waitEnds(start);
        }
        if (!got) {
            LockProbe.notAcquiredSampled(s);
            LockProbe.tryLockFailed(s);
            return false;
        }
        if (timed) {
            p.acquired(s, start);
        }
        return true;
    }

    static void unlock(Stock lock) {
        LockProbe p = lock.probe();
        if (!p.holdTimed()) {
            lock.stockUnlock();   // an untimed hold, or a release by a non-owner (which throws)
            return;
        }
        unlockSampled(lock, p);
    }

    private static void unlockSampled(Stock lock, LockProbe p) {
        if (lock.getHoldCount() != 1) {
            lock.stockUnlock();   // a reentrant release, or one by a non-owner (which throws)
            return;
        }
        long start = p.releasing();
        long end = System.nanoTime();
        long causedNanos = p.waitCausedNanos(start, end);   // while held: the waiters are still waiting
        lock.stockUnlock();
        p.released(start, end, causedNanos);
    }
}
