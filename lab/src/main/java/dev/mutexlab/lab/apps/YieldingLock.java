package dev.mutexlab.lab.apps;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A lab spec's {@code +yield} suffix on a lock: {@link Thread#yield()} right after each unlock (Go's
 * starvation-mode experiment's {@code Gosched} diagnostic), everything else the lock's own.
 */
final class YieldingLock implements Lock {
    private final Lock lock;

    YieldingLock(Lock lock) {
        this.lock = lock;
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
        Thread.yield();
    }

    @Override
    public Condition newCondition() {
        return lock.newCondition();
    }
}
