package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.EventCounters;
import dev.mutexlab.locks.internal.Jfr;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.Condition;

/**
 * The part of every lock that is not its algorithm: the owner and hold count (reentrancy), the
 * {@link java.util.concurrent.locks.Lock} methods, conditions, {@code toString} and statistics.
 * A subclass implements a non-reentrant mutex through four methods — {@link #tryAcquireOnce()},
 * {@link #acquireCore(int, long)}, {@link #releaseCore()} and {@link #isLockedCore()} — and
 * describes it through two more, {@link #queueLengthCore()} and {@link #stateString()}; this class
 * turns it into a reentrant {@link Mutex}. Three hooks have defaults a lock overrides where it
 * can: {@link #queuedThreadsCore()} (its waiters, for {@code getQueuedThreads}; none by default),
 * {@link #isFairCore()} (false) and {@link #specCore()} (its configuration as a spec, which makes it
 * serializable; null, not serializable, by default). A slow path parks with {@link #parkBlocker()}
 * as its blocker.
 *
 * <p>Implementation notes. The owner is this object's own {@link AbstractOwnableSynchronizer}
 * field (the lock is one), so that the JDK's tools see it as they see {@code ReentrantLock}'s:
 * {@code jstack -l} lists the lock under "Locked ownable synchronizers" of the holder, and because
 * every slow path parks with {@link #parkBlocker()} (the lock itself) as its blocker,
 * {@code ThreadMXBean.findDeadlockedThreads()} follows a parked waiter to the holder and finds a
 * cycle through mutexlab locks. The owner lives in the lock object, beside the algorithm's state
 * word, as {@code ReentrantLock}'s lives in its {@code Sync} beside AQS's state: every handover
 * writes both, and an owner in a second object would be a second cache line to pass between
 * processors on every handover (docs/RESULTS.md §12.15 measures what that costs).
 * The owner and {@link #extraHolds} are written only by the thread that holds the underlying
 * mutex, after acquiring it and before releasing it, so plain accesses suffice: the release in
 * {@link #releaseCore()} orders {@code owner = null} before the next acquisition, and a thread that
 * is not the owner can never read its own identity there (it cleared it itself before releasing).
 * Other threads read the owner only for monitoring (and the JDK's tools read it racily, as they
 * read AQS's). The uncontended cost over the algorithm's own fast path is one load, one compare
 * and two plain stores of the owner thread, the shape of {@code ReentrantLock}'s own path; the
 * hold count is kept as holds beyond the first, so a non-reentrant lock/unlock pair never writes
 * it. The owner stores are plain, as AQS's are: an opaque or release store would gain nothing,
 * since the acquiring and releasing atomics already order them, and costs C2 a compiler barrier on
 * each side of the store on the fast path.
 *
 * <p>Conditions: a signal does not wake its waiter but appends it to {@link #signalledFirst}, a
 * list only the owner touches, and every release of the lock (the last {@code unlock}, or an
 * {@code await} giving up its holds) takes the first node there before {@link #releaseCore()} and
 * wakes it after, when the lock is free: the counterpart of AQS moving a signalled node to the
 * lock's queue, so that no signal wakes a thread into a lock its signaller still holds
 * ({@link MutexCondition} has the reasons and the liveness argument). Without conditions in use
 * the release pays one plain load of that field, as {@code ReentrantLock}'s pays a load of its
 * queue's head.
 *
 * <p>JFR: a slow path brackets its wait with {@link #contentionStart()} and
 * {@link #contended(MutexContendedEvent, Won)} (the {@code dev.mutexlab.MutexContended} event);
 * a lock created with statistics is also reported by the periodic {@code dev.mutexlab.MutexStatistics}
 * event. Neither touches the fast path, and both are no-ops on a runtime without {@code jdk.jfr}
 * ({@code internal.Jfr}).
 *
 * <p>Serialization writes a {@link SerialForm} (spec, name, whether statistics are on) instead of
 * the lock, so that a deserialized lock is a fresh, unlocked one, as a deserialized
 * {@code ReentrantLock} is.
 */
abstract class AbstractMutex extends AbstractOwnableSynchronizer implements Mutex, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Holds beyond the first (reentrant acquisitions); touched only by the owner, 0 when free. */
    private int extraHolds;
    /**
     * Condition waiters that a signal chose and no release has woken yet, first to last, linked
     * through {@link MutexCondition.Node#next}; touched only by the owner (see MutexCondition).
     */
    private MutexCondition.Node signalledFirst;
    private MutexCondition.Node signalledLast;
    /** The lock's name, or null; read only by toString and JFR events (volatile: set once, read rarely). */
    private volatile String name;
    /** Event counters, or null when statistics are off (every recording site is a null check). */
    protected final EventCounters stats;

    protected AbstractMutex(boolean recordStats) {
        this.stats = recordStats ? new EventCounters() : null;
        if (recordStats) {
            Jfr.track(this); // reads only stats, assigned above; a no-op without JFR
        }
    }

    // ---- the algorithm's hooks

    /** One acquisition attempt that never blocks (the algorithm's {@code TryLock}). */
    protected abstract boolean tryAcquireOnce();

    /**
     * Acquires the underlying mutex, blocking as the algorithm does. {@code mode} is a combination
     * of {@link Waiter#INTERRUPTIBLE} and {@link Waiter#TIMED}. A waiter that gives up must leave the
     * mutex consistent; if ownership was handed to it while it was giving up it keeps the lock and
     * returns true.
     *
     * @return true when acquired, false when the deadline passed first
     * @throws InterruptedException when interruptible, interrupted, and not acquired
     */
    protected abstract boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException;

    /** Releases the underlying mutex; called by the owner once its last hold is released. */
    protected abstract void releaseCore();

    /** Whether the underlying mutex is held (or being handed over). */
    protected abstract boolean isLockedCore();

    /** An estimate of queued waiters. */
    protected abstract int queueLengthCore();

    /** The algorithm's state word and flags, for {@link #toString()}. */
    protected abstract String stateString();

    /**
     * The threads queued or asleep in the slow path, for monitoring. The default finds none; a
     * lock whose waiters can be listed overrides it.
     */
    protected Collection<Thread> queuedThreadsCore() {
        return List.of();
    }

    /** Whether the algorithm grants the lock in order of arrival; false unless overridden. */
    protected boolean isFairCore() {
        return false;
    }

    /**
     * The spec ({@link Locks#create(String)}) of this lock's configuration, without {@code stats}
     * and {@code name}: what its serialized form records. Null (the default) makes the lock not
     * serializable; every lock of the library overrides it.
     */
    protected String specCore() {
        return null;
    }

    // ---- Lock

    @Override
    public final void lock() {
        Thread current = Thread.currentThread();
        if (getExclusiveOwnerThread() == current) {
            reenter();
            return;
        }
        try {
            acquireCore(0, 0L);
        } catch (InterruptedException e) {
            throw new AssertionError("uninterruptible acquisition threw", e);
        }
        becomeOwner(current);
    }

    @Override
    public final void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Thread current = Thread.currentThread();
        if (getExclusiveOwnerThread() == current) {
            reenter();
            return;
        }
        acquireCore(Waiter.INTERRUPTIBLE, 0L);
        becomeOwner(current);
    }

    @Override
    public final boolean tryLock() {
        Thread current = Thread.currentThread();
        if (getExclusiveOwnerThread() == current) {
            reenter();
            return true;
        }
        if (tryAcquireOnce()) {
            becomeOwner(current);
            return true;
        }
        return false;
    }

    @Override
    public final boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        long timeoutNanos = unit.toNanos(time);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Thread current = Thread.currentThread();
        if (getExclusiveOwnerThread() == current) {
            reenter();
            return true;
        }
        boolean acquired = timeoutNanos <= 0L
                ? tryAcquireOnce()
                : acquireCore(Waiter.INTERRUPTIBLE | Waiter.TIMED, System.nanoTime() + timeoutNanos);
        if (acquired) {
            becomeOwner(current);
        }
        return acquired;
    }

    @Override
    public final void unlock() {
        if (getExclusiveOwnerThread() != Thread.currentThread()) {
            throw new IllegalMonitorStateException("unlock by a thread that does not hold " + getClass().getSimpleName());
        }
        if (extraHolds != 0) {
            extraHolds--;
            return;
        }
        setExclusiveOwnerThread(null); // plain: ordered before the next owner's acquisition by releaseCore's release
        release();
    }

    @Override
    public final Condition newCondition() {
        return new MutexCondition(this);
    }

    // ---- Mutex

    @Override
    public final boolean isLocked() {
        return isLockedCore();
    }

    @Override
    public final boolean isHeldByCurrentThread() {
        return getExclusiveOwnerThread() == Thread.currentThread();
    }

    @Override
    public final int getHoldCount() {
        return getExclusiveOwnerThread() == Thread.currentThread() ? extraHolds + 1 : 0;
    }

    @Override
    public final int getQueueLength() {
        return queueLengthCore();
    }

    @Override
    public final boolean isFair() {
        return isFairCore();
    }

    @Override
    public final Thread getOwner() {
        return ownerForMonitoring();
    }

    @Override
    public final boolean hasQueuedThreads() {
        return queueLengthCore() > 0;
    }

    @Override
    public final boolean hasQueuedThread(Thread thread) {
        return queuedThreadsCore().contains(Objects.requireNonNull(thread, "thread"));
    }

    @Override
    public final Collection<Thread> getQueuedThreads() {
        return queuedThreadsCore();
    }

    @Override
    public final boolean hasWaiters(Condition condition) {
        return heldCondition(condition).waitQueueLength() > 0;
    }

    @Override
    public final int getWaitQueueLength(Condition condition) {
        return heldCondition(condition).waitQueueLength();
    }

    @Override
    public final Collection<Thread> getWaitingThreads(Condition condition) {
        return heldCondition(condition).waitingThreads();
    }

    /** {@code condition} as one of this lock's, checked as {@code ReentrantLock} checks it. */
    private MutexCondition heldCondition(Condition condition) {
        Objects.requireNonNull(condition, "condition");
        if (!(condition instanceof MutexCondition c) || !c.belongsTo(this)) {
            throw new IllegalArgumentException("not a condition of this lock");
        }
        checkHeld();
        return c;
    }

    @Override
    public final Mutex named(String name) {
        this.name = name;
        return this;
    }

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final LockStats stats() {
        EventCounters s = stats;
        return s == null ? LockStats.disabled() : LockStats.of(s.counts(), s.starvationNanosNow());
    }

    /** The thread that holds the lock, for monitoring only; may be stale. */
    protected final Thread ownerForMonitoring() {
        return getExclusiveOwnerThread();
    }

    /**
     * The object every slow path passes to {@code LockSupport.park} as its blocker: the lock, an
     * {@link AbstractOwnableSynchronizer} whose exclusive owner is its holder, so thread dumps and
     * {@code ThreadMXBean.findDeadlockedThreads()} see who a parked waiter waits for.
     */
    protected final Object parkBlocker() {
        return this;
    }

    @Override
    public String toString() {
        Thread o = ownerForMonitoring();
        String n = name;
        return getClass().getSimpleName() + (n == null ? "" : " '" + n + "'") + "["
                + (o == null ? (isLockedCore() ? "locked" : "unlocked") : "locked by thread " + o.getName())
                + ", " + stateString() + "]";
    }

    /**
     * Ends an acquisition that gave up: counts it, and throws {@link InterruptedException} (with the
     * interrupt status cleared) if it was interrupted, else returns false for a timeout. Call it
     * only once the lock's state no longer counts this waiter.
     *
     * @param node the acquisition's waiter node, or null if it never queued
     */
    protected final boolean gaveUp(boolean interrupted, Waiter node) throws InterruptedException {
        if (interrupted) {
            Thread.interrupted();
            if (stats != null) {
                stats.add(dev.mutexlab.locks.LockEvent.INTERRUPT);
            }
            throw new InterruptedException();
        }
        if (stats != null) {
            stats.add(dev.mutexlab.locks.LockEvent.TIMEOUT);
        }
        if (node != null) {
            node.restoreInterrupt();
        }
        return false;
    }

    // ---- the JFR contention event, for slow paths only

    /**
     * Begins a {@code dev.mutexlab.MutexContended} JFR event for an acquisition that enters its slow
     * path. Returns null, without reading the clock, unless a recording enables the event; call it
     * once, first thing in the slow path, and never on the fast path (which stays free of JFR).
     */
    protected final MutexContendedEvent contentionStart() {
        return MutexContendedEvent.start(this);
    }

    /**
     * Ends what {@link #contentionStart()} began, once the slow path has the lock: commits the event
     * if the wait reached the recording's threshold. Does nothing when {@code event} is null; an
     * acquisition that gives up (timeout, interrupt) simply never calls it.
     *
     * <pre>{@code
     * MutexContendedEvent jfr = contentionStart();
     * ... spin, sleep ...
     * contended(jfr, slept ? Won.WOKEN : Won.SPINNING);
     * return true;
     * }</pre>
     */
    protected final void contended(MutexContendedEvent event, Won how) {
        if (event != null) {
            event.won(this, how);
        }
    }

    // ---- owner bookkeeping, shared with MutexCondition

    private void becomeOwner(Thread current) {
        setExclusiveOwnerThread(current); // plain: only the owner relies on it, after its acquiring atomic (see class notes)
    }

    private void reenter() {
        if (extraHolds == Integer.MAX_VALUE - 1) {
            throw new Error("Maximum lock count exceeded");
        }
        extraHolds++;
    }

    /** Releases every hold of the current thread (for a condition wait); returns the hold count. */
    final int releaseAllHolds() {
        if (getExclusiveOwnerThread() != Thread.currentThread()) {
            throw new IllegalMonitorStateException("condition used by a thread that does not hold the lock");
        }
        int saved = extraHolds + 1;
        extraHolds = 0;
        setExclusiveOwnerThread(null); // plain: ordered before the next owner's acquisition by releaseCore's release
        release();
        return saved;
    }

    /**
     * Releases the underlying mutex and then wakes the first signalled condition waiter, if any:
     * the one wake a signal asked for, issued once the lock is free. Called by the owner only.
     */
    private void release() {
        MutexCondition.Node signalled = signalledFirst; // plain: the owner's own field
        if (signalled == null) {
            releaseCore();
            return;
        }
        MutexCondition.Node next = signalled.next;
        signalledFirst = next;
        if (next == null) {
            signalledLast = null;
        }
        signalled.next = null;
        try {
            releaseCore();
        } finally {
            MutexCondition.wake(signalled); // even if releaseCore threw: the waiter is off the list, only we can wake it
        }
    }

    /** Appends a node that {@code signal} took off its condition; the lock's releases wake them in order. Owner only. */
    final void addSignalled(MutexCondition.Node node) {
        if (signalledLast == null) {
            signalledFirst = node;
        } else {
            signalledLast.next = node;
        }
        signalledLast = node;
    }

    /** Re-acquires after a condition wait, uninterruptibly, and restores {@code savedHolds}. */
    final void reacquireHolds(int savedHolds) {
        boolean interrupted = false;
        for (;;) {
            try {
                acquireCore(0, 0L);
                break;
            } catch (InterruptedException e) {
                interrupted = true; // cannot happen in mode 0; kept for safety
            }
        }
        becomeOwner(Thread.currentThread());
        extraHolds = savedHolds - 1;
        reacquiredAfterWait();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Called by a thread that has just re-acquired the lock after a condition wait, as its owner.
     * The wake came with a release (MutexCondition), so the re-acquisition usually finds the lock
     * free and takes the fast path, which counts nothing; a lock that learns from its waits
     * (LineupMutex's chooser) counts it here. Nothing by default.
     */
    void reacquiredAfterWait() {
    }

    /** Throws unless the current thread holds the lock. */
    final void checkHeld() {
        if (getExclusiveOwnerThread() != Thread.currentThread()) {
            throw new IllegalMonitorStateException("condition used by a thread that does not hold the lock");
        }
    }

    // ---- serialization: like ReentrantLock's, a deserialized lock is unlocked

    /**
     * Serializes the configuration, not the state: a {@link SerialForm} with the spec, the name
     * and whether statistics are on, so that the lock comes back unlocked, with no waiters and
     * fresh counters, as a deserialized {@code ReentrantLock} does.
     */
    @Serial
    final Object writeReplace() throws ObjectStreamException {
        String spec = specCore();
        if (spec == null) {
            throw new NotSerializableException(getClass().getName() + " (no specCore())");
        }
        return new SerialForm(spec, name, stats != null);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("a mutexlab lock is read through its SerialForm");
    }

    /**
     * The serialized form of every lock: rebuilt from its spec, unlocked. Its binary name
     * ({@code dev.mutexlab.locks.AbstractMutex$SerialForm}) and its fields are API (see
     * {@link Mutex}): renaming, moving or reshaping it breaks every stream written before.
     */
    private record SerialForm(String spec, String name, boolean recordStats) implements Serializable {
        @Serial
        private Object readResolve() throws ObjectStreamException {
            try {
                return Locks.mutex(spec, recordStats).named(name);
            } catch (IllegalArgumentException e) {
                InvalidObjectException invalid = new InvalidObjectException("bad lock spec in stream: " + spec);
                invalid.initCause(e);
                throw invalid;
            }
        }
    }
}
