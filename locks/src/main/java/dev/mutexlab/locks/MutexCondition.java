package dev.mutexlab.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Condition} for any {@link AbstractMutex}, with the semantics of
 * {@code ReentrantLock}'s conditions: {@code await} releases every hold and restores them on
 * return, {@code signal} wakes the longest waiter, {@code signalAll} wakes all, and using a
 * condition without holding its lock throws {@link IllegalMonitorStateException}.
 *
 * <p>Implementation notes. The wait list is a FIFO of nodes guarded by the lock itself: awaiters
 * append while they hold it, signallers pop while they hold it, and a waiter that gave up unlinks
 * itself after re-acquiring it. Whether a node was signalled or gave up is decided by one CAS on
 * its {@code status} (WAITING → SIGNALLED by a signaller, WAITING → CANCELLED by the waiter), so a
 * signal is never spent on a waiter that is leaving: the signaller skips cancelled nodes and
 * signals the next. A signalled waiter wakes and then competes for the lock like any other thread
 * (the signaller still holds it), using the lock's own algorithm.
 */
final class MutexCondition implements Condition {
    private static final int WAITING = 0;
    private static final int SIGNALLED = 1;
    private static final int CANCELLED = 2;

    private static final class Node {
        final Thread thread = Thread.currentThread();
        volatile int status;
        Node next; // guarded by the lock
    }

    private final AbstractMutex mutex;
    private Node first; // guarded by the lock
    private Node last;  // guarded by the lock

    MutexCondition(AbstractMutex mutex) {
        this.mutex = mutex;
    }

    @Override
    public void await() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        awaitInternal(true, false, 0L);
    }

    @Override
    public void awaitUninterruptibly() {
        try {
            awaitInternal(false, false, 0L);
        } catch (InterruptedException e) {
            throw new AssertionError("uninterruptible wait threw", e);
        }
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        long deadline = System.nanoTime() + Math.max(nanosTimeout, 0L);
        awaitInternal(true, true, deadline);
        long remaining = deadline - System.nanoTime();
        return remaining <= 0L ? Math.min(remaining, 0L) : remaining;
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        long deadline = System.nanoTime() + Math.max(unit.toNanos(time), 0L);
        return awaitInternal(true, true, deadline);
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        return await(millisUntil(deadline.getTime(), System.currentTimeMillis()), TimeUnit.MILLISECONDS);
    }

    /**
     * {@code deadlineMillis - nowMillis}, saturated at {@code Long.MIN_VALUE} and {@code Long.MAX_VALUE}:
     * the plain difference of two wall-clock times wraps round for a deadline near either end of
     * the range ({@code new Date(Long.MIN_VALUE)} would become a wait of centuries).
     */
    static long millisUntil(long deadlineMillis, long nowMillis) {
        long millis = deadlineMillis - nowMillis;
        if (((deadlineMillis ^ nowMillis) & (deadlineMillis ^ millis)) < 0L) { // signs differ and the result's flipped
            return deadlineMillis < nowMillis ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return millis;
    }

    /**
     * @return true if signalled, false if the deadline passed
     * @throws InterruptedException if interruptible and interrupted before being signalled
     */
    private boolean awaitInternal(boolean interruptible, boolean timed, long deadlineNanos) throws InterruptedException {
        mutex.checkHeld();
        Node node = new Node();
        append(node);
        int savedHolds = mutex.releaseAllHolds();
        boolean interruptedWhileWaiting = false;
        boolean gaveUp = false;
        while (node.status == WAITING) {
            if (Thread.interrupted()) {
                interruptedWhileWaiting = true;
                if (interruptible) {
                    if (STATUS.compareAndSet(node, WAITING, CANCELLED)) {
                        gaveUp = true;
                        break;
                    }
                    continue; // a signal won the race: it is ours, and the loop ends without parking
                }
            }
            if (timed) {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0L) {
                    if (STATUS.compareAndSet(node, WAITING, CANCELLED)) {
                        gaveUp = true;
                        break;
                    }
                    continue; // a signal won the race: it is ours
                }
                LockSupport.parkNanos(this, remaining);
            } else {
                LockSupport.park(this);
            }
        }
        mutex.reacquireHolds(savedHolds);
        if (gaveUp) {
            unlink(node);
        }
        if (interruptedWhileWaiting) {
            if (gaveUp && interruptible) {
                throw new InterruptedException();
            }
            Thread.currentThread().interrupt(); // signalled first, or uninterruptible: keep the interrupt
        }
        return !gaveUp;
    }

    @Override
    public void signal() {
        mutex.checkHeld();
        for (Node n; (n = pollFirst()) != null; ) {
            if (STATUS.compareAndSet(n, WAITING, SIGNALLED)) {
                LockSupport.unpark(n.thread);
                return;
            }
        }
    }

    @Override
    public void signalAll() {
        mutex.checkHeld();
        for (Node n; (n = pollFirst()) != null; ) {
            if (STATUS.compareAndSet(n, WAITING, SIGNALLED)) {
                LockSupport.unpark(n.thread);
            }
        }
    }

    /** Whether this is a condition of {@code m}. */
    boolean belongsTo(AbstractMutex m) {
        return mutex == m;
    }

    /** The nodes still waiting (not signalled, not given up); the caller holds the lock. */
    int waitQueueLength() {
        int n = 0;
        for (Node node = first; node != null; node = node.next) {
            if (node.status == WAITING) {
                n++;
            }
        }
        return n;
    }

    /** The threads still waiting, in order of arrival; the caller holds the lock. */
    List<Thread> waitingThreads() {
        List<Thread> list = new ArrayList<>();
        for (Node node = first; node != null; node = node.next) {
            if (node.status == WAITING) {
                list.add(node.thread);
            }
        }
        return list;
    }

    private void append(Node node) {
        if (last == null) {
            first = last = node;
        } else {
            last.next = node;
            last = node;
        }
    }

    private Node pollFirst() {
        Node n = first;
        if (n != null) {
            first = n.next;
            if (first == null) {
                last = null;
            }
            n.next = null;
        }
        return n;
    }

    private void unlink(Node node) {
        Node prev = null;
        for (Node n = first; n != null; prev = n, n = n.next) {
            if (n == node) {
                if (prev == null) {
                    first = n.next;
                } else {
                    prev.next = n.next;
                }
                if (last == n) {
                    last = prev;
                }
                n.next = null;
                return;
            }
        }
    }

    // VarHandle mechanics
    private static final VarHandle STATUS;
    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(Node.class, "status", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
