package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.config.LabLock;
import java.util.concurrent.locks.Lock;

/**
 * One critical section of the workload: acquire, busy work for the hold, release, and — for a
 * yield spec ({@code +yield}, {@code +yield=D}) — {@link Thread#yield()} after the release. A lock and a
 * {@code synchronized} block cannot share code (a monitor cannot be entered in one method and left
 * in another), so each has its own subclass; the workload loop around them is shared.
 */
public abstract sealed class Section permits Section.LockSection, Section.MonitorSection {
    final LabLock spec;
    final boolean timed;

    private Section(LabLock spec, boolean timed) {
        this.spec = spec;
        this.timed = timed;
    }

    /** The section for {@code lock}; {@code lockInstance} is null for {@code synchronized}. */
    public static Section of(LabLock lock, Lock lockInstance, boolean timed) {
        return lock.isMonitor() ? new MonitorSection(lock, timed) : new LockSection(lockInstance, lock, timed);
    }

    /**
     * Acquires, runs {@code worker.holdSteps} of busy work, releases.
     *
     * @return {@code System.nanoTime()} at the moment the lock was acquired (0 when not timed)
     */
    abstract long holdOnce(Worker worker);

    static final class LockSection extends Section {
        private final Lock lock;

        LockSection(Lock lock, LabLock spec, boolean timed) {
            super(spec, timed);
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
            spec.afterUnlock(w.lastYieldNanos);
            return acquiredNanos;
        }
    }

    static final class MonitorSection extends Section {
        private final Object monitor = new Object();

        MonitorSection(LabLock spec, boolean timed) {
            super(spec, timed);
        }

        @Override
        long holdOnce(Worker w) {
            long acquiredNanos;
            synchronized (monitor) {
                acquiredNanos = timed ? System.nanoTime() : 0L;
                w.seed = BusyWork.spin(w.seed, w.holdSteps);
            }
            spec.afterUnlock(w.lastYieldNanos);
            return acquiredNanos;
        }
    }
}
