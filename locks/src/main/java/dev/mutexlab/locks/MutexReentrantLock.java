package dev.mutexlab.locks;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link ReentrantLock} whose every behaviour comes from a mutexlab {@link Mutex}: a drop-in for
 * code that types its locks as {@code ReentrantLock} (fields, parameters, subclasses), where a
 * {@link java.util.concurrent.locks.Lock} would not compile.
 *
 * <pre>{@code
 * ReentrantLock lock = Locks.reentrant("lineup");   // or new MutexReentrantLock(new GoMutex())
 * lock.lock();
 * try {
 *     // ... the critical section
 * } finally {
 *     lock.unlock();
 * }
 * }</pre>
 *
 * <p>Every method that {@code ReentrantLock} lets a subclass override goes to the backing lock:
 * {@code lock}, {@code lockInterruptibly}, both {@code tryLock}s, {@code unlock},
 * {@code newCondition} (conditions of the backing lock), {@code getHoldCount},
 * {@code isHeldByCurrentThread}, {@code isLocked}, {@code getOwner}, {@code getQueuedThreads},
 * {@code hasWaiters}, {@code getWaitQueueLength}, {@code getWaitingThreads} (these three take the
 * backing lock's conditions, where {@code ReentrantLock}'s own would throw
 * {@link ClassCastException}) and {@code toString}. Mutual exclusion, reentrancy, interruption,
 * timeouts, the memory effects and {@link IllegalMonitorStateException} on an unlock by a
 * non-owner are the backing lock's, as {@link Mutex} states them.
 *
 * <p><b>Four methods differ, because {@code ReentrantLock} makes them {@code final}</b> and they read
 * the superclass's own synchronizer, which this class never uses:
 * <ul>
 *   <li>{@link #isFair()} returns the backing lock's {@link Mutex#isFair()}, fixed at construction
 *       (true only for a lock that grants in order of arrival, such as {@code semaphore:handoff});
 *   <li>{@link #hasQueuedThreads()} always returns {@code false};
 *   <li>{@link #hasQueuedThread(Thread)} always returns {@code false} (and throws
 *       {@link NullPointerException} for a null thread, as {@code ReentrantLock}'s does);
 *   <li>{@link #getQueueLength()} always returns {@code 0}.
 * </ul>
 * Code that needs those answers asks the backing lock: {@code lock.mutex().getQueueLength()}. They
 * are monitoring estimates in {@code ReentrantLock} too, so no correct program depends on them for
 * synchronization.
 *
 * <p>The JDK's tools see the backing lock: {@code jstack -l} lists its owner object under the
 * holder's "Locked ownable synchronizers", a parked waiter names it, and
 * {@code ThreadMXBean.findDeadlockedThreads()} finds deadlocks through it (see {@link Mutex}).
 *
 * <p>Serialization writes the backing lock's configuration (its serial form, see
 * {@link Mutex}); like {@code ReentrantLock}, a lock deserializes unlocked, whatever its state when
 * it was written. A backing lock that is not serializable makes this one fail to serialize.
 *
 * <p>This class is not final so that a program (or the mutexlab agent) can subclass it where the
 * program subclassed {@code ReentrantLock}; an override that calls {@code super} keeps the
 * backing lock's behaviour.
 *
 * @since 1.0
 */
public class MutexReentrantLock extends ReentrantLock {
    private static final long serialVersionUID = 1L;

    /** The lock that does everything; final, so every thread sees it once the adapter is published. */
    private final Mutex mutex;

    /**
     * A {@code ReentrantLock} backed by {@code mutex}; use each backing lock behind one adapter
     * only, or through the adapter only, as its holds are counted per backing lock.
     *
     * @throws NullPointerException if {@code mutex} is null
     */
    public MutexReentrantLock(Mutex mutex) {
        super(Objects.requireNonNull(mutex, "mutex").isFair());
        this.mutex = mutex;
    }

    /** The backing lock, which answers {@code getQueueLength} and the other final methods truly. */
    public final Mutex mutex() {
        return mutex;
    }

    @Override
    public void lock() {
        mutex.lock();
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        mutex.lockInterruptibly();
    }

    @Override
    public boolean tryLock() {
        return mutex.tryLock();
    }

    @Override
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return mutex.tryLock(timeout, unit);
    }

    @Override
    public void unlock() {
        mutex.unlock();
    }

    /** A condition of the backing lock, with the {@link Condition} contract as it states it. */
    @Override
    public Condition newCondition() {
        return mutex.newCondition();
    }

    @Override
    public int getHoldCount() {
        return mutex.getHoldCount();
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return mutex.isHeldByCurrentThread();
    }

    @Override
    public boolean isLocked() {
        return mutex.isLocked();
    }

    @Override
    protected Thread getOwner() {
        return mutex.getOwner();
    }

    @Override
    protected Collection<Thread> getQueuedThreads() {
        return mutex.getQueuedThreads();
    }

    /**
     * As {@link Mutex#hasWaiters(Condition)}.
     *
     * @throws IllegalArgumentException if {@code condition} is not a condition of the backing lock
     */
    @Override
    public boolean hasWaiters(Condition condition) {
        return mutex.hasWaiters(condition);
    }

    /**
     * As {@link Mutex#getWaitQueueLength(Condition)}.
     *
     * @throws IllegalArgumentException if {@code condition} is not a condition of the backing lock
     */
    @Override
    public int getWaitQueueLength(Condition condition) {
        return mutex.getWaitQueueLength(condition);
    }

    /**
     * As {@link Mutex#getWaitingThreads(Condition)}.
     *
     * @throws IllegalArgumentException if {@code condition} is not a condition of the backing lock
     */
    @Override
    protected Collection<Thread> getWaitingThreads(Condition condition) {
        return mutex.getWaitingThreads(condition);
    }

    /**
     * This adapter's identity and the backing lock's description, e.g.
     * {@code MutexReentrantLock@1b6d3586[GoMutex[locked by thread main, ...]]}.
     */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(this))
                + "[" + mutex + "]";
    }
}
