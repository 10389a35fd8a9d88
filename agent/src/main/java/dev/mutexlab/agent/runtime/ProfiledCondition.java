package dev.mutexlab.agent.runtime;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A profiled lock's {@code Condition}: the lock's own condition, with each wait counted and timed
 * and the hold it interrupts split in two (the wait releases the lock).
 */
final class ProfiledCondition implements Condition {

    final Condition inner;
    private final ReentrantLock lock;
    private final LockProbe probe;

    ProfiledCondition(Condition inner, ReentrantLock lock, LockProbe probe) {
        this.inner = inner;
        this.lock = lock;
        this.probe = probe;
    }

    /** The lock's own condition behind {@code condition}, for the lock's inspection methods. */
    static Condition unwrap(Condition condition) {
        return condition instanceof ProfiledCondition p ? p.inner : condition;
    }

    // A wait by a thread that does not hold the lock goes straight to the lock's condition (which
    // throws IllegalMonitorStateException) without touching the probe: only the owner writes it.

    @Override
    public void await() throws InterruptedException {
        if (!lock.isHeldByCurrentThread()) {
            inner.await();
            return;
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            inner.await();
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
    }

    @Override
    public void awaitUninterruptibly() {
        if (!lock.isHeldByCurrentThread()) {
            inner.awaitUninterruptibly();
            return;
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            inner.awaitUninterruptibly();
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        if (!lock.isHeldByCurrentThread()) {
            return inner.awaitNanos(nanosTimeout);
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            return inner.awaitNanos(nanosTimeout);
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        if (!lock.isHeldByCurrentThread()) {
            return inner.await(time, unit);
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            return inner.await(time, unit);
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        if (!lock.isHeldByCurrentThread()) {
            return inner.awaitUntil(deadline);
        }
        SiteStats s = probe.stats();
        long start = System.nanoTime();
        long hold = probe.conditionWaitStarts(s, start);
        try {
            return inner.awaitUntil(deadline);
        } finally {
            probe.conditionWaitEnds(s, start, hold);
        }
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
