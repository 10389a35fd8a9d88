package dev.mutexlab.agent.runtime;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import dev.mutexlab.locks.MutexReentrantLock;

/**
 * The library's lock of the agent's {@code lock=SPEC}, timed: what a program's lock becomes with a
 * swap and {@code profile}: {@link TimedLocking} around {@link MutexReentrantLock}'s delegating
 * methods, as {@link ProfiledReentrantLock} has it around the JDK's; a barging backing lock is
 * tried once first, a FIFO one ({@code isFair()}) only looked at.
 *
 * <p>The {@code boolean} of the two-argument constructor is ignored: this class is used for a fair
 * allocation only under {@code fair=swap}, where the lock of SPEC replaces it whatever its fairness.
 */
public class ProfiledSwappedLock extends MutexReentrantLock implements TimedLocking.Stock {

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
        TrackedLocks.constructed(site, mutex);
    }

    /** A lock of SPEC profiled at {@code site}, for a re-parented {@code super(fair)}; see the class notes. */
    public ProfiledSwappedLock(boolean fair, int site) {
        this(site);
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
