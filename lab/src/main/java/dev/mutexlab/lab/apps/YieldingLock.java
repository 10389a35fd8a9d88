package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.config.LabLock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A lab spec's yield suffix on a lock: {@link Thread#yield()} right after each unlock ({@code +yield},
 * Go's starvation-mode experiment's {@code Gosched} diagnostic) or after an unlock at most once per
 * period per thread ({@code +yield=D}); everything else the lock's own.
 */
final class YieldingLock implements Lock {
    /** Per thread: when it last yielded after an unlock (for {@code +yield=D}). */
    private static final ThreadLocal<long[]> LAST_YIELD = ThreadLocal.withInitial(() -> new long[] {Long.MIN_VALUE / 2});
    private final Lock lock;
    private final LabLock spec;

    YieldingLock(Lock lock, LabLock spec) {
        this.lock = lock;
        this.spec = spec;
    }

    @Override
    public void lock() {
        lock.lock();
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        lock.lockInterruptibly();
    }

    @Override
    public boolean tryLock() {
        return lock.tryLock();
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        return lock.tryLock(time, unit);
    }

    @Override
    public void unlock() {
        lock.unlock();
        spec.afterUnlock(LAST_YIELD.get());
    }

    @Override
    public Condition newCondition() {
        return lock.newCondition();
    }
}
