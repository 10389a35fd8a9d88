package dev.mutexlab.lab.torture;

import java.util.ArrayDeque;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

/**
 * What the torture controls share: a reentrant {@link Lock} with conditions over a non-reentrant
 * core that a control breaks on purpose ({@link BustedLock}, {@link LostWakeupLock}). Lab code,
 * not the library: the shipped jar carries no broken lock.
 *
 * <p>Implementation notes. {@link #owner} and {@link #holds} are written by the thread that holds
 * the core (after acquiring it, before releasing it); {@code owner} is volatile so that the
 * torture's final checks may read it from any thread. A condition's waiters are a FIFO guarded
 * by the lock itself; a waiter leaves it by a signal (the signaller sets {@code signalled} and
 * unparks) or by a timeout or interrupt (it takes itself out after re-acquiring the lock).
 */
abstract class ControlLock implements Lock {
    private volatile Thread owner;
    private int holds;

    /** One attempt that never blocks. */
    abstract boolean tryAcquireCore();

    /**
     * Blocks for the core until acquired, until {@code deadlineNanos} when {@code timed}, or until
     * interrupted when {@code interruptible}.
     *
     * @return true when acquired, false at the deadline
     */
    abstract boolean acquireCore(boolean interruptible, boolean timed, long deadlineNanos) throws InterruptedException;

    /** Releases the core; called by the owner once its last hold is released. */
    abstract void releaseCore();

    @Override
    public void lock() {
        if (reentered()) {
            return;
        }
        try {
            acquireCore(false, false, 0L);
        } catch (InterruptedException e) {
            throw new AssertionError("uninterruptible acquisition threw", e);
        }
        own(1);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (reentered()) {
            return;
        }
        acquireCore(true, false, 0L);
        own(1);
    }

    @Override
    public boolean tryLock() {
        if (reentered()) {
            return true;
        }
        if (tryAcquireCore()) {
            own(1);
            return true;
        }
        return false;
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        long timeoutNanos = unit.toNanos(time);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (reentered()) {
            return true;
        }
        boolean acquired = timeoutNanos <= 0L ? tryAcquireCore()
                : acquireCore(true, true, System.nanoTime() + timeoutNanos);
        if (acquired) {
            own(1);
        }
        return acquired;
    }

    @Override
    public void unlock() {
        checkHeld();
        if (--holds == 0) {
            owner = null;
            releaseCore();
        }
    }

    @Override
    public Condition newCondition() {
        return new ControlCondition();
    }

    @Override
    public String toString() {
        Thread o = owner;
        return getClass().getSimpleName() + "[" + (o == null ? "unlocked" : "locked by thread " + o.getName()) + "]";
    }

    private boolean reentered() {
        if (owner == Thread.currentThread()) {
            holds++;
            return true;
        }
        return false;
    }

    private void own(int holdCount) {
        owner = Thread.currentThread();
        holds = holdCount;
    }

    private void checkHeld() {
        if (owner != Thread.currentThread()) {
            throw new IllegalMonitorStateException("not held by the current thread: " + this);
        }
    }

    /** Releases every hold (for a condition wait); returns how many there were. */
    private int releaseAll() {
        checkHeld();
        int saved = holds;
        holds = 0;
        owner = null;
        releaseCore();
        return saved;
    }

    private void reacquire(int savedHolds) {
        boolean interrupted = false;
        for (;;) {
            try {
                acquireCore(false, false, 0L);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        own(savedHolds);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private final class ControlCondition implements Condition {
        private final class Node {
            final Thread thread = Thread.currentThread();
            volatile boolean signalled;
        }

        private final ArrayDeque<Node> waiters = new ArrayDeque<>(); // guarded by the lock

        @Override
        public void await() throws InterruptedException {
            awaitNanosOrForever(true, false, 0L);
        }

        @Override
        public void awaitUninterruptibly() {
            try {
                awaitNanosOrForever(false, false, 0L);
            } catch (InterruptedException e) {
                throw new AssertionError("uninterruptible wait threw", e);
            }
        }

        @Override
        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            long deadline = System.nanoTime() + Math.max(nanosTimeout, 0L);
            awaitNanosOrForever(true, true, deadline);
            return deadline - System.nanoTime();
        }

        @Override
        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            return awaitNanosOrForever(true, true, System.nanoTime() + Math.max(unit.toNanos(time), 0L));
        }

        @Override
        public boolean awaitUntil(Date deadline) throws InterruptedException {
            // Compared before subtracting: the difference of two wall-clock times wraps round for a
            // deadline near either end of the range (new Date(Long.MIN_VALUE) would wait for centuries).
            long deadlineMillis = deadline.getTime();
            long nowMillis = System.currentTimeMillis();
            long millis = deadlineMillis <= nowMillis ? 0L : deadlineMillis - nowMillis;
            return await(millis < 0L ? Long.MAX_VALUE : millis, TimeUnit.MILLISECONDS);
        }

        /** @return true if signalled */
        private boolean awaitNanosOrForever(boolean interruptible, boolean timed, long deadlineNanos)
                throws InterruptedException {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException();
            }
            checkHeld();
            Node node = new Node();
            waiters.addLast(node);
            int saved = releaseAll();
            boolean interrupted = false;
            while (!node.signalled) {
                if (Thread.interrupted()) {
                    interrupted = true;
                    if (interruptible) {
                        break;
                    }
                }
                if (timed) {
                    long remaining = deadlineNanos - System.nanoTime();
                    if (remaining <= 0L) {
                        break;
                    }
                    LockSupport.parkNanos(this, remaining);
                } else {
                    LockSupport.park(this);
                }
            }
            reacquire(saved);
            boolean signalled = node.signalled;
            if (!signalled) {
                waiters.remove(node);
            }
            if (interrupted) {
                if (interruptible && !signalled) {
                    throw new InterruptedException();
                }
                Thread.currentThread().interrupt();
            }
            return signalled;
        }

        @Override
        public void signal() {
            checkHeld();
            Node n = waiters.pollFirst();
            if (n != null) {
                n.signalled = true;
                LockSupport.unpark(n.thread);
            }
        }

        @Override
        public void signalAll() {
            checkHeld();
            for (Node n; (n = waiters.pollFirst()) != null; ) {
                n.signalled = true;
                LockSupport.unpark(n.thread);
            }
        }
    }
}
