package dev.mutexlab.locks;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A reentrant mutual-exclusion {@link Lock} with the inspection methods of
 * {@link java.util.concurrent.locks.ReentrantLock} and optional statistics.
 *
 * <p>Every lock in this library implements this interface, so code written against
 * {@code ReentrantLock} keeps working: a thread that holds the lock may acquire it again, each
 * {@code lock} needs its own {@code unlock}, and {@code unlock} by a thread that does not hold the
 * lock throws {@link IllegalMonitorStateException}. A successful acquisition has the memory
 * effects of a volatile read, a release those of a volatile write, as the {@link Lock} contract
 * specifies.
 *
 * <pre>{@code
 * Mutex m = new GoMutex();
 * m.lock();
 * try {
 *     // ... the critical section
 * } finally {
 *     m.unlock();
 * }
 * }</pre>
 */
public interface Mutex extends Lock {

    /** Whether any thread holds this lock; a snapshot for monitoring, not for synchronization. */
    boolean isLocked();

    /** Whether the current thread holds this lock. */
    boolean isHeldByCurrentThread();

    /** How many times the current thread holds this lock (0 if it does not hold it). */
    int getHoldCount();

    /** An estimate of the number of threads waiting to acquire this lock. */
    int getQueueLength();

    /**
     * The number of threads waiting on {@code condition}, a condition of this lock, as
     * {@link java.util.concurrent.locks.ReentrantLock#getWaitQueueLength(Condition)} counts them: a
     * signalled thread no longer waits on the condition, even before it runs again.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold this lock
     * @throws IllegalArgumentException if {@code condition} is not one of this lock's conditions
     */
    int getWaitQueueLength(Condition condition);

    /**
     * A snapshot of this lock's event counters. When statistics were not enabled at construction
     * the snapshot is {@link LockStats#disabled() empty}; the uncontended path then costs nothing.
     */
    LockStats stats();
}
