package dev.mutexlab.agent.runtime;

import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * A condition of an {@link AgentReentrantLock}: the serving lock's own condition (the JDK's or the
 * library's), with each wait counted and timed when the lock is profiled (the hold it interrupts
 * split in two, as the wait releases the lock), and a serial form a JVM without the agent reads.
 *
 * <p>Serializable because the JDK's conditions are and programs keep them in serializable fields
 * ({@code ArrayBlockingQueue.notEmpty}); it writes what its lock chooses
 * ({@link AgentReentrantLock#serialCondition}), a JDK condition of the lock that lock writes, so the
 * pair reads back paired.
 */
final class AgentCondition implements Condition, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    final transient Condition inner;
    private final transient AgentReentrantLock lock;
    /** The lock's probe, or null when it is not profiled. */
    private final transient LockProbe probe;

    AgentCondition(Condition inner, AgentReentrantLock lock, LockProbe probe) {
        this.inner = inner;
        this.lock = lock;
        this.probe = probe;
    }

    /** The serving lock's own condition behind {@code condition}, for the lock's inspection methods. */
    static Condition unwrap(Condition condition) {
        return condition instanceof AgentCondition ? ((AgentCondition) condition).inner : condition;
    }

    @Serial
    private Object writeReplace() throws ObjectStreamException {
        return lock.serialCondition(inner);
    }

    // A wait on a lock not profiled, or by a thread that does not hold the lock, goes straight to
    // the serving condition (which throws IllegalMonitorStateException for the latter) without
    // touching a probe: only the owner writes it.

    /** One of {@code Condition}'s waits, made on the serving condition. */
    private interface Wait<T> {
        T on(Condition serving) throws InterruptedException;
    }

    /** Makes {@code wait}, timed and counted when the lock is profiled and held by this thread. */
    private <T> T timed(Wait<T> wait) throws InterruptedException {
        if (probe == null || !lock.isHeldByCurrentThread()) {
            return wait.on(inner);
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            return wait.on(inner);
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
    }

    @Override
    public void await() throws InterruptedException {
        timed(c -> {
            c.await();
            return null;
        });
    }

    @Override
    public void awaitUninterruptibly() {
        try {
            timed(c -> {
                c.awaitUninterruptibly();
                return null;
            });
        } catch (InterruptedException e) {
            throw new AssertionError(e);   // awaitUninterruptibly throws none; timed adds none
        }
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        return timed(c -> c.awaitNanos(nanosTimeout));
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        return timed(c -> c.await(time, unit));
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        return timed(c -> c.awaitUntil(deadline));
    }

    @Override
    public void signal() {
        inner.signal();
    }

    @Override
    public void signalAll() {
        inner.signalAll();
    }

    @Override
    public String toString() {
        return inner.toString();
    }
}
