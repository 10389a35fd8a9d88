package dev.mutexlab.agent.runtime;

import java.util.concurrent.TimeUnit;

/**
 * The profiled acquisition and release of an {@link AgentReentrantLock} (served by the JDK's lock or
 * the library's lock of SPEC). It passes itself as a {@link Stock}, whose {@code stock*} methods are
 * the serving lock's, untimed; the timing around
 * them is here: a reentrant or untimed (sampled-out) acquisition only counts, a timed one records
 * its wait when it had to wait (a barging lock is tried once first; a FIFO one is only looked at, so
 * that profiling never changes who gets the lock), and the outermost release records the hold.
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
        if (lock.isHeldByCurrentThread()) {
            lock.stockLock();
            p.reentered();
            return;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            lock.stockLock();
            LockProbe.acquiredUntimed(s);
            return;
        }
        long start = p.attemptStarts(s);
        if (p.barging && lock.stockTryLock()) {
            p.acquired(s, start, false);
            return;
        }
        boolean contended = p.barging || lock.isLocked();
        if (contended) {
            p.waitStarts(s);
        }
        try {
            lock.stockLock();
        } finally {
            if (contended) {
                p.waitEnds();
            }
        }
        p.acquired(s, start, contended);
    }

    static void lockInterruptibly(Stock lock) throws InterruptedException {
        LockProbe p = lock.probe();
        if (lock.isHeldByCurrentThread()) {
            lock.stockLockInterruptibly();
            p.reentered();
            return;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            lock.stockLockInterruptibly();
            LockProbe.acquiredUntimed(s);
            return;
        }
        long start = p.attemptStarts(s);
        // An interrupted caller throws rather than takes a free lock, as ReentrantLock's does.
        if (p.barging && !Thread.currentThread().isInterrupted() && lock.stockTryLock()) {
            p.acquired(s, start, false);
            return;
        }
        boolean contended = p.barging || lock.isLocked();
        if (contended) {
            p.waitStarts(s);
        }
        try {
            lock.stockLockInterruptibly();
        } finally {
            if (contended) {
                p.waitEnds();
            }
        }
        p.acquired(s, start, contended);
    }

    static boolean tryLock(Stock lock) {
        LockProbe p = lock.probe();
        if (lock.isHeldByCurrentThread()) {
            boolean got = lock.stockTryLock();
            p.reentered();
            return got;
        }
        SiteStats s = p.enter();
        long start = s.timing ? p.attemptStarts(s) : 0;
        if (!lock.stockTryLock()) {
            LockProbe.tryFailed(s);
            return false;
        }
        if (s.timing) {
            p.acquired(s, start, false);
        } else {
            LockProbe.acquiredUntimed(s);
        }
        return true;
    }

    static boolean tryLock(Stock lock, long timeout, TimeUnit unit) throws InterruptedException {
        LockProbe p = lock.probe();
        if (lock.isHeldByCurrentThread()) {
            boolean got = lock.stockTryLock(timeout, unit);
            p.reentered();
            return got;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            if (!lock.stockTryLock(timeout, unit)) {
                LockProbe.tryFailed(s);
                return false;
            }
            LockProbe.acquiredUntimed(s);
            return true;
        }
        long start = p.attemptStarts(s);
        if (p.barging && !Thread.currentThread().isInterrupted() && lock.stockTryLock()) {
            p.acquired(s, start, false);
            return true;
        }
        boolean contended = p.barging || lock.isLocked();
        boolean got;
        if (contended) {
            p.waitStarts(s);
        }
        try {
            got = lock.stockTryLock(timeout, unit);
        } finally {
            if (contended) {
                p.waitEnds();
            }
        }
        if (!got) {
            LockProbe.tryFailed(s);
            return false;
        }
        p.acquired(s, start, contended);
        return true;
    }

    static void unlock(Stock lock) {
        LockProbe p = lock.probe();
        if (lock.getHoldCount() != 1) {
            lock.stockUnlock();   // a reentrant release, or one by a non-owner (which throws)
            return;
        }
        long start = p.releasing();
        long end = System.nanoTime();
        lock.stockUnlock();
        if (start != LockProbe.NOT_TIMED) {
            p.released(start, end);
        }
    }
}
