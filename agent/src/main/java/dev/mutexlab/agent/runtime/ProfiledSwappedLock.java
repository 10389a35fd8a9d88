package dev.mutexlab.agent.runtime;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import dev.mutexlab.locks.MutexReentrantLock;

/**
 * The library's lock of the agent's {@code lock=SPEC}, timed: what a program's lock becomes with a
 * swap and {@code profile}. The same timing as {@link ProfiledReentrantLock} around
 * {@link MutexReentrantLock}'s delegating methods; a barging backing lock is tried once first, a
 * FIFO one ({@code isFair()}) only looked at.
 *
 * <p>The {@code boolean} of the two-argument constructor is ignored: this class is used for a fair
 * allocation only under {@code fair=swap}, where the lock of SPEC replaces it whatever its fairness.
 */
public class ProfiledSwappedLock extends MutexReentrantLock {

    private static final long serialVersionUID = 1L;

    private final transient LockProbe probe;

    /** A lock of SPEC profiled at {@code site}. */
    public ProfiledSwappedLock(int site) {
        this(Locks.mutex(Settings.current().spec()), site);
    }

    private ProfiledSwappedLock(Mutex mutex, int site) {
        super(mutex);
        Settings settings = Settings.current();
        this.probe = new LockProbe(Sites.constructed(site, settings.frames(), getClass()), settings.sampleEvery(), !mutex.isFair());
    }

    /** A lock of SPEC profiled at {@code site}, for a re-parented {@code super(fair)}; see the class notes. */
    public ProfiledSwappedLock(boolean fair, int site) {
        this(site);
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
