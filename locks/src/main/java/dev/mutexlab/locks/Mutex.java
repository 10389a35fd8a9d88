package dev.mutexlab.locks;

import java.util.Collection;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A reentrant mutual-exclusion {@link Lock} with the inspection methods of
 * {@link java.util.concurrent.locks.ReentrantLock} and optional statistics.
 *
 * <p>Every lock in this library implements this interface, with {@code ReentrantLock}'s
 * semantics: a thread that holds the lock may acquire it again, each {@code lock} needs its own
 * {@code unlock}, and {@code unlock} by a thread that does not hold the lock throws
 * {@link IllegalMonitorStateException}. A successful acquisition has the memory effects of a
 * volatile read, a release those of a volatile write, as the {@link Lock} contract specifies.
 * Code typed as {@link Lock} works unchanged with any of them. A {@code Mutex} is not a
 * {@code ReentrantLock}: code typed as {@code ReentrantLock} takes {@code Locks.reentrant(spec)},
 * a {@code ReentrantLock} backed by a mutexlab lock, on which {@code ReentrantLock}'s final methods
 * {@code isFair}, {@code hasQueuedThreads}, {@code hasQueuedThread} and {@code getQueueLength}
 * differ from this interface's ({@code docs/migration.md} lists every difference).
 *
 * <p>This interface is implemented by the library's locks only and is not meant to be
 * implemented outside it: a later minor release may add methods to it (see
 * {@code docs/compatibility.md}). Program against it, or against {@link Lock}; to add behaviour,
 * wrap a lock rather than implementing this interface.
 *
 * <p>Every lock of this library is {@link java.io.Serializable}: its serialized form is an object
 * of class {@code dev.mutexlab.locks.AbstractMutex$SerialForm} holding the lock's spec, its name
 * and whether statistics are on, and it deserializes as a new, unlocked lock of the same
 * configuration, as a deserialized {@code ReentrantLock} comes back unlocked. That class name and
 * those three fields are part of the API: a lock serialized by 1.x deserializes with any later 1.y.
 *
 * <p>The JDK's tools see a mutexlab lock as they see a {@code ReentrantLock}: the holder lists it
 * under "Locked ownable synchronizers" in {@code jstack -l} and
 * {@code ThreadInfo.getLockedSynchronizers()}, a waiter parked in its slow path
 * names it (and its owner) as the lock it waits for, and
 * {@code ThreadMXBean.findDeadlockedThreads()} finds a deadlock through
 * mutexlab locks. The object these tools show is the lock itself: every mutexlab lock is a
 * {@link java.util.concurrent.locks.AbstractOwnableSynchronizer}, as {@code ReentrantLock}'s
 * {@code Sync} is.
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
 *
 * @since 1.0
 */
public interface Mutex extends Lock {

    /** Whether any thread holds this lock; a snapshot for monitoring, not for synchronization. */
    boolean isLocked();

    /** Whether the current thread holds this lock. */
    boolean isHeldByCurrentThread();

    /** How many times the current thread holds this lock (0 if it does not hold it). */
    int getHoldCount();

    /**
     * Whether this lock grants itself in order of arrival, as {@code new ReentrantLock(true)} does
     * (only {@code semaphore:handoff} does; every other lock lets an arriving thread barge).
     */
    boolean isFair();

    /**
     * The thread that holds this lock, or null when it is free; like {@code ReentrantLock}'s
     * protected {@code getOwner()}, a snapshot for monitoring: a thread that is not the owner may
     * see a value that is already stale, or null while the lock is being handed over.
     */
    Thread getOwner();

    /** An estimate of the number of threads waiting to acquire this lock. */
    int getQueueLength();

    /**
     * Whether any thread may be waiting to acquire this lock; as in {@code ReentrantLock}, a true
     * answer does not guarantee that another thread will ever acquire it. For monitoring.
     */
    boolean hasQueuedThreads();

    /**
     * Whether {@code thread} is waiting to acquire this lock, as far as the lock can tell: a thread
     * counts once it is queued or asleep in the lock's slow path (a thread still spinning before it
     * queues does not). For monitoring.
     *
     * @throws NullPointerException if {@code thread} is null
     */
    boolean hasQueuedThread(Thread thread);

    /**
     * The threads waiting to acquire this lock, in no guaranteed order; an estimate, for monitoring
     * (threads come and go while it is built), as {@code ReentrantLock}'s protected method.
     */
    Collection<Thread> getQueuedThreads();

    /**
     * Whether any thread waits on {@code condition}, a condition of this lock (a signalled thread no
     * longer does). For monitoring.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold this lock
     * @throws IllegalArgumentException if {@code condition} is not one of this lock's conditions
     * @throws NullPointerException if {@code condition} is null
     */
    boolean hasWaiters(Condition condition);

    /**
     * The number of threads waiting on {@code condition}, a condition of this lock, as
     * {@link java.util.concurrent.locks.ReentrantLock#getWaitQueueLength(Condition)} counts them: a
     * signalled thread no longer waits on the condition, even before it runs again.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold this lock
     * @throws IllegalArgumentException if {@code condition} is not one of this lock's conditions
     * @throws NullPointerException if {@code condition} is null
     */
    int getWaitQueueLength(Condition condition);

    /**
     * The threads waiting on {@code condition}, a condition of this lock, in order of arrival, as
     * {@code ReentrantLock}'s protected {@code getWaitingThreads(Condition)}.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold this lock
     * @throws IllegalArgumentException if {@code condition} is not one of this lock's conditions
     * @throws NullPointerException if {@code condition} is null
     */
    Collection<Thread> getWaitingThreads(Condition condition);

    /**
     * Names this lock, for {@code toString()} and the JFR events ({@code lockName}), so that a
     * thread dump or a recording says which lock of an application it is; the same as the spec
     * option {@code name} ({@code Locks.create("go:name=cache")}). Name a lock before sharing it
     * with other threads; a later name is seen by them eventually.
     *
     * @param name the name, or null for none
     * @return this lock
     */
    Mutex named(String name);

    /** The name given by {@link #named(String)} or the spec option {@code name}, or null. */
    String getName();

    /**
     * A snapshot of this lock's event counters. When statistics were not enabled at construction
     * the snapshot is {@link LockStats#disabled() empty}; the uncontended path then costs nothing.
     */
    LockStats stats();
}
