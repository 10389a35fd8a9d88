package dev.mutexlab.agent.runtime;

import dev.mutexlab.locks.Locks;
import dev.mutexlab.locks.Mutex;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a program's {@code ReentrantLock} becomes under the agent, and what a class that
 * {@code extends ReentrantLock} is re-parented onto: a {@code ReentrantLock} whose every overridable
 * method goes either to the JDK's own lock (this object's superclass) or to the library's lock of
 * {@code lock=SPEC}, timed or not, as decided when the constructor runs.
 *
 * <p>Implementation notes.
 *
 * <p>Decision. The constructor reads {@link Settings} and the fairness the program passed (a
 * constant, a variable, a field: whatever it was, it is a value by now) and fixes two final fields:
 * {@code mutex}, the library's lock, or null for the JDK's own; {@code probe}, the profiler's part,
 * or null when not profiling. A fair request keeps the JDK's FIFO lock unless {@code fair=swap}; a
 * nonfair one becomes SPEC's lock when a swap is asked, or the JDK's fair lock under
 * {@code lock=jdk-fair}. Deciding per instance is what lets one base class serve a subclass whose
 * {@code super(..)} passes a variable: its fair instances stay fair and the others are swapped.
 *
 * <p>Forwarding. Each method tests {@code probe} (timed through {@link TimedLocking}) and then
 * {@code mutex} (the library's lock, or {@code super}). Both are final and set before the lock is
 * published, so every thread sees them as constructed. The four methods {@code ReentrantLock} makes
 * final read the superclass's synchronizer: it is constructed with the fairness of the lock that
 * serves ({@code isFair()} answers truly), and with a library lock behind it its queue stays empty
 * ({@code getQueueLength()} is 0), as {@link dev.mutexlab.locks.MutexReentrantLock} documents.
 *
 * <p>Serialization. An instance of this class itself (a rewritten {@code new ReentrantLock(..)})
 * writes a plain {@code ReentrantLock} of its fairness in its place (a serial twin, made once per
 * lock), and its conditions write conditions of that twin: a stream names no class of the agent, a
 * JVM without the agent reads it, and a queue read back has its lock and conditions paired. A
 * re-parented subclass writes itself (its own fields are the program's); its {@code mutex} and
 * {@code probe} are transient, so it reads back as the JDK's own lock, unprofiled, and its
 * conditions write conditions of that lock. Its stream names this class: a JVM that reads it needs
 * the agent (docs/agent.md).
 */
public class AgentReentrantLock extends ReentrantLock implements TimedLocking.Stock {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The library's lock that serves, or null for the JDK's own (the superclass). */
    private final transient Mutex mutex;
    /** The profiler's part, or null when not profiling. */
    private final transient LockProbe probe;
    /** What this lock writes in its place when serialized; made on the first write. */
    private transient ReentrantLock serialTwin;

    /** Replaces {@code new ReentrantLock()} (or a subclass's {@code super()}) at rewritten site {@code site}. */
    public AgentReentrantLock(int site) {
        this(false, site);
    }

    /** Replaces {@code new ReentrantLock(fair)} (or a subclass's {@code super(fair)}) at rewritten site {@code site}. */
    public AgentReentrantLock(boolean fair, int site) {
        this(backing(fair), fair, site);
    }

    private AgentReentrantLock(Mutex mutex, boolean fair, int site) {
        super(servesFair(mutex, fair));
        Settings settings = Settings.current();
        this.mutex = mutex;
        boolean keptFair = mutex == null && fair && settings.swaps();
        boolean changed = mutex != null || !fair && settings.fairJdk();   // what lock=SPEC asked for, in place
        int profiled = Sites.constructed(site, settings.frames(), mutex != null ? mutex.getClass() : ReentrantLock.class,
                changed, keptFair);
        this.probe = settings.profile() ? new LockProbe(profiled, settings.sampleEvery()) : null;
        if (mutex != null) {
            TrackedLocks.constructed(site, mutex);
        }
    }

    /** Whether the lock that serves grants in order of arrival: what {@code isFair()} answers. */
    private static boolean servesFair(Mutex mutex, boolean fair) {
        return mutex != null ? mutex.isFair() : fair || Settings.current().fairJdk();
    }

    /** The library's lock for a lock constructed with {@code fair} now, or null for the JDK's own. */
    private static Mutex backing(boolean fair) {
        Settings settings = Settings.current();
        return settings.swaps() && (!fair || settings.swapFair()) ? Locks.mutex(settings.spec()) : null;
    }

    /** Whether the library's lock serves this one (false: the JDK's own). */
    public final boolean swapped() {
        return mutex != null;
    }

    @Override
    public void lock() {
        if (probe != null) {
            TimedLocking.lock(this);
        } else {
            stockLock();
        }
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (probe != null) {
            TimedLocking.lockInterruptibly(this);
        } else {
            stockLockInterruptibly();
        }
    }

    @Override
    public boolean tryLock() {
        return probe != null ? TimedLocking.tryLock(this) : stockTryLock();
    }

    @Override
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return probe != null ? TimedLocking.tryLock(this, timeout, unit) : stockTryLock(timeout, unit);
    }

    @Override
    public void unlock() {
        if (probe != null) {
            TimedLocking.unlock(this);
        } else {
            stockUnlock();
        }
    }

    // The untimed operations, which TimedLocking times (public because an interface's methods are;
    // a caller that uses them goes untimed).

    @Override
    public LockProbe probe() {
        return probe;
    }

    @Override
    public void stockLock() {
        if (mutex != null) {
            mutex.lock();
        } else {
            super.lock();
        }
    }

    @Override
    public void stockLockInterruptibly() throws InterruptedException {
        if (mutex != null) {
            mutex.lockInterruptibly();
        } else {
            super.lockInterruptibly();
        }
    }

    @Override
    public boolean stockTryLock() {
        return mutex != null ? mutex.tryLock() : super.tryLock();
    }

    @Override
    public boolean stockTryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return mutex != null ? mutex.tryLock(timeout, unit) : super.tryLock(timeout, unit);
    }

    @Override
    public void stockUnlock() {
        if (mutex != null) {
            mutex.unlock();
        } else {
            super.unlock();
        }
    }

    @Override
    public Condition newCondition() {
        return new AgentCondition(mutex != null ? mutex.newCondition() : super.newCondition(), this, probe);
    }

    @Override
    public int getHoldCount() {
        return mutex != null ? mutex.getHoldCount() : super.getHoldCount();
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return mutex != null ? mutex.isHeldByCurrentThread() : super.isHeldByCurrentThread();
    }

    @Override
    public boolean isLocked() {
        return mutex != null ? mutex.isLocked() : super.isLocked();
    }

    @Override
    protected Thread getOwner() {
        return mutex != null ? mutex.getOwner() : super.getOwner();
    }

    @Override
    protected Collection<Thread> getQueuedThreads() {
        return mutex != null ? mutex.getQueuedThreads() : super.getQueuedThreads();
    }

    @Override
    public boolean hasWaiters(Condition condition) {
        Condition inner = AgentCondition.unwrap(condition);
        return mutex != null ? mutex.hasWaiters(inner) : super.hasWaiters(inner);
    }

    @Override
    public int getWaitQueueLength(Condition condition) {
        Condition inner = AgentCondition.unwrap(condition);
        return mutex != null ? mutex.getWaitQueueLength(inner) : super.getWaitQueueLength(inner);
    }

    @Override
    protected Collection<Thread> getWaitingThreads(Condition condition) {
        Condition inner = AgentCondition.unwrap(condition);
        return mutex != null ? mutex.getWaitingThreads(inner) : super.getWaitingThreads(inner);
    }

    /** The JDK's own description, or the library lock's behind this object's identity. */
    @Override
    public String toString() {
        return mutex == null ? super.toString()
                : getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(this)) + "[" + mutex + "]";
    }

    /**
     * What a condition of this lock writes in its place: a condition of the serial twin for an
     * instance of this class, or one of the superclass's own synchronizer (which serves the lock once
     * read back) for a subclass.
     */
    Condition serialCondition(Condition inner) {
        if (getClass() == AgentReentrantLock.class) {
            return serialTwin().newCondition();
        }
        return mutex == null ? inner : super.newCondition();
    }

    /**
     * An instance of this class writes a plain {@code ReentrantLock}; private, so a re-parented
     * subclass, whose fields are the program's, writes itself.
     */
    @Serial
    private Object writeReplace() throws ObjectStreamException {
        return serialTwin();
    }

    private synchronized ReentrantLock serialTwin() {
        // The lock's own monitor, never a ReentrantLock: serialization is rare, and the twin must be
        // one object for the lock and its conditions written in one stream.
        if (serialTwin == null) {
            serialTwin = new ReentrantLock(isFair());
        }
        return serialTwin;
    }
}
