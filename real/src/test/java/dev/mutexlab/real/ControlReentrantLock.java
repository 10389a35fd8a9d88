package dev.mutexlab.real;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@code ReentrantLock} that hands every call to another {@link Lock} — here the lab's broken
 * torture control — so that it can stand where a library keeps its {@code ReentrantLock}.
 */
final class ControlReentrantLock extends ReentrantLock {
    private final transient Lock backing;

    ControlReentrantLock(Lock backing) {
        this.backing = backing;
    }

    @Override
    public void lock() {
        backing.lock();
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        backing.lockInterruptibly();
    }

    @Override
    public boolean tryLock() {
        return backing.tryLock();
    }

    @Override
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        return backing.tryLock(timeout, unit);
    }

    @Override
    public void unlock() {
        backing.unlock();
    }

    @Override
    public Condition newCondition() {
        return backing.newCondition();
    }
}
