package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.config.LabLock;
import java.util.concurrent.locks.Lock;

/**
 * One critical section of the workload: acquire, busy work for the hold, release, and — for a
 * {@code +yield} spec — {@link Thread#yield()} after the release. A lock and a
 * {@code synchronized} block cannot share code (a monitor cannot be entered in one method and left
 * in another), so each has its own subclass; the workload loop around them is shared.
 */
public abstract sealed class Section permits Section.LockSection, Section.MonitorSection {
    final boolean yieldAfterUnlock;
    final boolean timed;

    private Section(boolean yieldAfterUnlock, boolean timed) {
        this.yieldAfterUnlock = yieldAfterUnlock;
        this.timed = timed;
    }

    /** The section for {@code lock}; {@code lockInstance} is null for {@code synchronized}. */
    public static Section of(LabLock lock, Lock lockInstance, boolean timed) {
        return lock.isMonitor() ? new MonitorSection(lock.yieldAfterUnlock(), timed)
                : new LockSection(lockInstance, lock.yieldAfterUnlock(), timed);
    }

    /**
     * Acquires, runs {@code worker.holdSteps} of busy work, releases.
     *
     * @return {@code System.nanoTime()} at the moment the lock was acquired (0 when not timed)
     */
    abstract long holdOnce(Worker worker);

    static final class LockSection extends Section {
        private final Lock lock;

        LockSection(Lock lock, boolean yieldAfterUnlock, boolean timed) {
            super(yieldAfterUnlock, timed);
            this.lock = lock;
        }

        @Override
        long holdOnce(Worker w) {
            long acquiredNanos;
            lock.lock();
            try {
                acquiredNanos = timed ? System.nanoTime() : 0L;
                w.seed = BusyWork.spin(w.seed, w.holdSteps);
            } finally {
                lock.unlock();
            }
            if (yieldAfterUnlock) {
                Thread.yield();
            }
            return acquiredNanos;
        }
    }

    static final class MonitorSection extends Section {
        private final Object monitor = new Object();

        MonitorSection(boolean yieldAfterUnlock, boolean timed) {
            super(yieldAfterUnlock, timed);
        }

        @Override
        long holdOnce(Worker w) {
            long acquiredNanos;
            synchronized (monitor) {
                acquiredNanos = timed ? System.nanoTime() : 0L;
                w.seed = BusyWork.spin(w.seed, w.holdSteps);
            }
            if (yieldAfterUnlock) {
                Thread.yield();
            }
            return acquiredNanos;
        }
    }
}
