package dev.mutexlab.agent.runtime;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The JDK's own {@code ReentrantLock}, timed: what a program's lock becomes in profile mode without
 * a swap. Every acquisition and release calls {@code super} (so the lock, its fairness and its
 * queue are the JDK's), with {@link LockProbe} timing around the call; conditions are the JDK's,
 * wrapped to count their waits.
 *
 * <p>The constructors with a trailing {@code int} are what rewritten code calls: {@code site} is
 * the allocation site the transformer registered in {@link Sites}. The same pairs serve a
 * re-parented subclass's {@code super(..)}.
 */
public class ProfiledReentrantLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;

    private final transient LockProbe probe;

    /** A nonfair lock profiled at {@code site}. */
    public ProfiledReentrantLock(int site) {
        this(false, site);
    }

    /** A lock of the given fairness profiled at {@code site}. */
    public ProfiledReentrantLock(boolean fair, int site) {
        super(fair);
        Settings settings = Settings.current();
        this.probe = new LockProbe(Sites.constructed(site, settings.frames(), getClass()), settings.sampleEvery(), !fair);
    }

    @Override
    public void lock() {
        LockProbe p = probe;
        if (isHeldByCurrentThread()) {
            super.lock();
            p.reentered();
            return;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            super.lock();
            LockProbe.acquiredUntimed(s);
            return;
        }
        long start = p.attemptStarts(s);
        if (p.barging && super.tryLock()) {
            p.acquired(s, start, false);
            return;
        }
        boolean contended = p.barging || isLocked();
        if (contended) {
            p.waitStarts(s);
        }
        try {
            super.lock();
        } finally {
            if (contended) {
                p.waitEnds();
            }
        }
        p.acquired(s, start, contended);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        LockProbe p = probe;
        if (isHeldByCurrentThread()) {
            super.lockInterruptibly();
            p.reentered();
            return;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            super.lockInterruptibly();
            LockProbe.acquiredUntimed(s);
            return;
        }
        long start = p.attemptStarts(s);
        // An interrupted caller throws rather than takes a free lock, as ReentrantLock's does.
        if (p.barging && !Thread.currentThread().isInterrupted() && super.tryLock()) {
            p.acquired(s, start, false);
            return;
        }
        boolean contended = p.barging || isLocked();
        if (contended) {
            p.waitStarts(s);
        }
        try {
            super.lockInterruptibly();
        } finally {
            if (contended) {
                p.waitEnds();
            }
        }
        p.acquired(s, start, contended);
    }

    @Override
    public boolean tryLock() {
        LockProbe p = probe;
        if (isHeldByCurrentThread()) {
            boolean got = super.tryLock();
            p.reentered();
            return got;
        }
        SiteStats s = p.enter();
        long start = s.timing ? p.attemptStarts(s) : 0;
        if (!super.tryLock()) {
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

    @Override
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        LockProbe p = probe;
        if (isHeldByCurrentThread()) {
            boolean got = super.tryLock(timeout, unit);
            p.reentered();
            return got;
        }
        SiteStats s = p.enter();
        if (!s.timing) {
            if (!super.tryLock(timeout, unit)) {
                LockProbe.tryFailed(s);
                return false;
            }
            LockProbe.acquiredUntimed(s);
            return true;
        }
        long start = p.attemptStarts(s);
        if (p.barging && !Thread.currentThread().isInterrupted() && super.tryLock()) {
            p.acquired(s, start, false);
            return true;
        }
        boolean contended = p.barging || isLocked();
        boolean got;
        if (contended) {
            p.waitStarts(s);
        }
        try {
            got = super.tryLock(timeout, unit);
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

    @Override
    public void unlock() {
        LockProbe p = probe;
        if (getHoldCount() != 1) {
            super.unlock();   // a reentrant release, or one by a non-owner (which throws)
            return;
        }
        long start = p.releasing();
        long end = System.nanoTime();
        super.unlock();
        if (start != LockProbe.NOT_TIMED) {
            p.released(start, end);
        }
    }

    @Override
    public Condition newCondition() {
        return new ProfiledCondition(super.newCondition(), this, probe);
    }

    @Override
    public boolean hasWaiters(Condition condition) {
        return super.hasWaiters(ProfiledCondition.unwrap(condition));
    }

    @Override
    public int getWaitQueueLength(Condition condition) {
        return super.getWaitQueueLength(ProfiledCondition.unwrap(condition));
    }

    @Override
    protected Collection<Thread> getWaitingThreads(Condition condition) {
        return super.getWaitingThreads(ProfiledCondition.unwrap(condition));
    }
}
