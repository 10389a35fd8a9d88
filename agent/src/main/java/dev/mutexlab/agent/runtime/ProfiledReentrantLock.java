package dev.mutexlab.agent.runtime;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The JDK's own {@code ReentrantLock}, timed: what a program's lock becomes in profile mode without
 * a swap. Every acquisition and release calls {@code super} (so the lock, its fairness and its
 * queue are the JDK's), with {@link TimedLocking} timing around the call; conditions are the JDK's,
 * wrapped to count their waits.
 *
 * <p>The constructors with a trailing {@code int} are what rewritten code calls: {@code site} is
 * the allocation site the transformer registered in {@link Sites}. The same pairs serve a
 * re-parented subclass's {@code super(..)}.
 */
public class ProfiledReentrantLock extends ReentrantLock implements TimedLocking.Stock {

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
        TimedLocking.lock(this);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        TimedLocking.lockInterruptibly(this);
    }

    @Override
    public boolean tryLock() {
        return TimedLocking.tryLock(this);
    }

    @Override
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return TimedLocking.tryLock(this, timeout, unit);
    }

    @Override
    public void unlock() {
        TimedLocking.unlock(this);
    }

    // The untimed operations TimedLocking calls: this class's superclass's, for the timing only
    // (public because an interface's methods are; a caller that uses them goes untimed).

    @Override
    public LockProbe probe() {
        return probe;
    }

    @Override
    public void stockLock() {
        super.lock();
    }

    @Override
    public void stockLockInterruptibly() throws InterruptedException {
        super.lockInterruptibly();
    }

    @Override
    public boolean stockTryLock() {
        return super.tryLock();
    }

    @Override
    public boolean stockTryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return super.tryLock(timeout, unit);
    }

    @Override
    public void stockUnlock() {
        super.unlock();
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
