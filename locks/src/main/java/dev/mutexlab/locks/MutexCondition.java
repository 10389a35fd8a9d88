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
 * signals the next.
 *
 * <p>A signal does not wake the waiter: it moves the node to the lock's list of signalled waiters
 * ({@link AbstractMutex#addSignalled}), and the lock's next release wakes the first node there
 * (SIGNALLED → WOKEN, then an unpark once the lock is free), one node per release. This is what
 * {@code AbstractQueuedSynchronizer.ConditionObject} does by moving a signalled node to the lock's
 * own queue, where it sleeps until a release reaches it. The signaller always holds the lock, so a
 * waiter woken by the signal itself could only find the lock held: it would spin or sleep again in
 * the lock (a second wake-up for every signal), and on a busy machine its wake-up can preempt the
 * signaller while it still holds the lock. Waking one node per release, not all at once, also
 * keeps {@code signalAll} from waking every waiter into one contended lock: each woken waiter
 * re-acquires, and its own release (at the latest) wakes the next. A signalled waiter sleeps until
 * its wake whatever else happens, as an AQS waiter sleeps in the lock's queue: an interrupt or
 * deadline that comes after the signal does not cancel the wait (the interrupt is kept, and a
 * timed wait reports that it was signalled). Having been woken, the waiter re-acquires through the
 * lock's own algorithm, like any arriving thread.
 *
 * <p>Liveness: a node is added to the signalled list only by a thread that holds the lock, whose
 * release then wakes one; while more remain, the lock is held by someone or a woken waiter is on
 * its way to acquire it, and either one's release wakes the next. So every signalled node is woken
 * as long as every holder releases the lock, which the lock's contract already demands.
 */
final class MutexCondition implements Condition {
    private static final int WAITING = 0;
    private static final int SIGNALLED = 1;
    private static final int WOKEN = 2;
    private static final int CANCELLED = 3;

    /** One await: its thread and how the wait ends; shared with {@link AbstractMutex}'s signalled list. */
    static final class Node {
        final Thread thread = Thread.currentThread();
        volatile int status;
        /**
         * The next node of this condition's wait list while WAITING, then of the lock's signalled
         * list while SIGNALLED (a signaller unlinks it from the first before linking it into the
         * second); guarded by the lock in both.
         */
        Node next;
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
        boolean interrupted = false;
        boolean gaveUp = false;
        for (int s; (s = node.status) != WOKEN; ) {
            interrupted |= Thread.interrupted(); // cleared, so that park blocks; re-asserted or thrown below
            if (s == SIGNALLED) {
                LockSupport.park(this); // our wake comes with a release of the lock (see the class notes)
                continue;
            }
            long remainingNanos = timed ? deadlineNanos - System.nanoTime() : Long.MAX_VALUE;
            if ((interrupted && interruptible) || remainingNanos <= 0L) {
                if (STATUS.compareAndSet(node, WAITING, CANCELLED)) {
                    gaveUp = true;
                    break;
                }
                continue; // a signal won the race: it is ours, and the loop waits for its wake
            }
            if (timed) {
                LockSupport.parkNanos(this, remainingNanos);
            } else {
                LockSupport.park(this);
            }
        }
        mutex.reacquireHolds(savedHolds);
        if (gaveUp) {
            unlink(node);
        }
        if (interrupted) {
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
                mutex.addSignalled(n); // woken by a release, not now: the signaller holds the lock
                return;
            }
        }
    }

    @Override
    public void signalAll() {
        mutex.checkHeld();
        for (Node n; (n = pollFirst()) != null; ) {
            if (STATUS.compareAndSet(n, WAITING, SIGNALLED)) {
                mutex.addSignalled(n); // in order: the lock's releases wake them one at a time
            }
        }
    }

    /**
     * Wakes a signalled node that the lock's release took off its signalled list: publishes WOKEN
     * (volatile, read by the waiter's loop after its park returns) and unparks the thread. Called
     * once the lock is free, so the waiter can take it at once.
     */
    static void wake(Node node) {
        node.status = WOKEN;
        LockSupport.unpark(node.thread);
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
