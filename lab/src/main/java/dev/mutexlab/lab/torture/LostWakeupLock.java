package dev.mutexlab.lab.torture;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A deliberately broken lock that loses wakeups: mutual exclusion holds, but now and then an
 * unlock takes a blocked waiter off the queue and never wakes it, so that waiter sleeps forever
 * while the lock is free. A control of {@code mutexlab torture} (spec {@code busted:lostwakeup}):
 * the torture must report it as a FAILURE for a stuck writer (lost wakeup) and not for an
 * exclusion violation. Never use it for anything else.
 *
 * <p>Implementation notes. The state is 0 (free) or 1 (held); an attempt CASes 0 → 1. A blocked
 * acquirer enqueues itself under the queue's monitor, re-tries the CAS (so an unlock that ran
 * before the enqueue cannot be missed), and parks; woken, it loops. A release stores 0 and then,
 * under the monitor, polls the first waiter and wakes it — except that every {@link #DROP_EVERY}th
 * such wakeup of an uninterruptible, untimed waiter is dropped: the node is dequeued and never
 * woken. Timed and interruptible waiters are never dropped, so only plain {@code lock()} calls
 * get stuck, and they get stuck for good.
 */
final class LostWakeupLock extends ControlLock {
    /** One wakeup of an untimed, uninterruptible waiter in this many is lost. */
    static final int DROP_EVERY = 16;

    private static final class Node {
        final Thread thread = Thread.currentThread();
        final boolean droppable;
        volatile boolean woken;

        Node(boolean droppable) {
            this.droppable = droppable;
        }
    }

    private final AtomicInteger state = new AtomicInteger();
    private final ArrayDeque<Node> queue = new ArrayDeque<>(); // guarded by its monitor
    private long eligibleWakeups; // guarded by queue's monitor

    @Override
    boolean tryAcquireCore() {
        return state.get() == 0 && state.compareAndSet(0, 1);
    }

    @Override
    boolean acquireCore(boolean interruptible, boolean timed, long deadlineNanos) throws InterruptedException {
        Node node = new Node(!interruptible && !timed);
        boolean interruptedQuietly = false;
        try {
            for (;;) {
                if (tryAcquireCore()) {
                    return true;
                }
                node.woken = false;
                synchronized (queue) {
                    queue.addLast(node);
                }
                if (tryAcquireCore()) {
                    leave(node);
                    return true;
                }
                while (!node.woken) {
                    if (Thread.interrupted()) {
                        if (interruptible) {
                            leave(node);
                            if (tryAcquireCore()) {
                                interruptedQuietly = true;
                                return true;
                            }
                            throw new InterruptedException();
                        }
                        interruptedQuietly = true;
                    }
                    if (timed) {
                        long remaining = deadlineNanos - System.nanoTime();
                        if (remaining <= 0L) {
                            leave(node);
                            return tryAcquireCore();
                        }
                        LockSupport.parkNanos(this, remaining);
                    } else {
                        LockSupport.park(this);
                    }
                }
            }
        } finally {
            if (interruptedQuietly) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Takes {@code node} out of the queue; if a waker had already taken it, passes the wakeup on. */
    private void leave(Node node) {
        boolean wasQueued;
        synchronized (queue) {
            wasQueued = queue.remove(node);
        }
        if (!wasQueued && state.get() == 0) {
            wakeOne(); // we consumed a wakeup meant for someone; do not lose it on purpose here
        }
    }

    @Override
    void releaseCore() {
        state.set(0);
        wakeOne();
    }

    private void wakeOne() {
        Node first;
        boolean drop;
        synchronized (queue) {
            first = queue.pollFirst();
            drop = first != null && first.droppable && ++eligibleWakeups % DROP_EVERY == 0;
        }
        if (first != null && !drop) {
            first.woken = true;
            LockSupport.unpark(first.thread);
        }
    }

    @Override
    public String toString() {
        int waiters;
        synchronized (queue) {
            waiters = queue.size();
        }
        return super.toString() + "{state=" + state.get() + ", waiters=" + waiters + "}";
    }
}
