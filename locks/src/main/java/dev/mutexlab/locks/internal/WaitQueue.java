package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * A doubly linked queue of {@link Waiter}s guarded by a small test-and-test-and-set lock, the
 * Java form of Go's {@code semaRoot.lock} and Linux's {@code wait_lock}. Every operation that
 * changes the queue must run between {@link #lockGuard()} and {@link #unlockGuard()}; the guard is
 * held for a few pointer updates only, never across a park, so spinning on it is cheaper than
 * blocking: a platform thread yields after 64 spins (the holder
 * may have lost its processor), a virtual thread never yields here (a virtual holder cannot
 * unmount inside the guard, so its carrier keeps running it, and a yield could send the spinner to
 * a queue its scheduler seldom looks at).
 *
 * <p>A thread that must never wait for the guard (an {@code unlock}) can leave work to its holder
 * instead: {@link #lockGuardOrLeaveDuty()} either takes the guard or sets the DUTY bit, and the
 * holder's {@link #unlockGuardOrTakeDuty()} then keeps the guard and reports the duty, which the
 * holder runs before it tries to release again. The duty is a flag, not a list: several posts
 * before the holder's release ask for the same work once. Inspection ({@link #threads()}) never
 * takes the guard.
 *
 * <p>Removal of an arbitrary node ({@link #remove}) is what makes cancellation work: a waiter that
 * times out or is interrupted takes itself out under the guard, and then knows for certain whether
 * a waker had already dequeued it (and so will signal it) or not.
 */
public final class WaitQueue {
    private static final int GUARD_SPINS_BEFORE_YIELD = 64;

    /** Guard word: HELD, and DUTY (only with HELD: the holder owes a duty left by another thread). */
    private volatile int guard;
    private static final int HELD = 1;
    private static final int DUTY = 2;
    private Waiter head;
    private Waiter tail;
    /** The number of queued nodes; written under the guard, read racily for estimates. */
    private volatile int size;

    /** Acquires the guard. */
    public void lockGuard() {
        if (!GUARD.compareAndSet(this, 0, HELD)) {
            contendGuard();
        }
    }

    private void contendGuard() {
        boolean mayYield = !Threads.currentIsVirtual(); // see the class comment
        for (int spins = 0;; spins++) {
            if (guard == 0 && GUARD.compareAndSet(this, 0, HELD)) {
                return;
            }
            if (spins < GUARD_SPINS_BEFORE_YIELD || !mayYield) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Releases the guard; for queues whose users never leave a duty. */
    public void unlockGuard() {
        GUARD.setRelease(this, 0);
    }

    /**
     * Takes the guard if it is free and returns true; otherwise leaves the duty to its holder
     * (sets DUTY, or finds it set) and returns false. Never waits: each failed CAS means another
     * thread took or released the guard or posted the duty (lock-free).
     */
    public boolean lockGuardOrLeaveDuty() {
        for (;;) {
            int g = guard;
            if (g == 0) {
                if (GUARD.compareAndSet(this, 0, HELD)) {
                    return true;
                }
            } else if ((g & DUTY) != 0 || GUARD.compareAndSet(this, HELD, HELD | DUTY)) {
                return false;
            }
        }
    }

    /**
     * Releases the guard and returns false, unless a duty was left while it was held: then clears
     * DUTY, keeps the guard and returns true; the caller runs the duty and calls this again.
     * Release ordering on the way out publishes the queue's changes to the next holder.
     */
    public boolean unlockGuardOrTakeDuty() {
        for (;;) {
            int g = guard;
            if ((g & DUTY) != 0) {
                if (GUARD.compareAndSet(this, g, HELD)) {
                    return true;
                }
            } else if (GUARD.compareAndSet(this, HELD, 0)) {
                return false;
            }
        }
    }

    /** Appends {@code w} (FIFO) or, when {@code atHead}, pushes it at the front (Go's lifo re-queue). Guard held. */
    public void add(Waiter w, boolean atHead) {
        if (head == null) {
            w.prev = w.next = null;
            head = tail = w;
        } else if (atHead) {
            w.prev = null;
            w.next = head;
            head.prev = w;
            head = w;
        } else {
            w.next = null;
            w.prev = tail;
            tail.next = w;
            tail = w;
        }
        w.queued = true;
        size = size + 1; // guard held: the only writer
    }

    /**
     * Inserts {@code w} behind every node that started waiting no later than it ({@link
     * Waiter#startNanos}), so a line kept this way stays in order of arrival even when a waiter
     * re-joins it. Scans from the back: a re-joining waiter is usually among the youngest. Guard held.
     */
    public void addInStartOrder(Waiter w) {
        Waiter p = tail;
        while (p != null && p.startNanos - w.startNanos > 0L) {
            p = p.prev;
        }
        if (p == null) {
            add(w, true);
        } else if (p == tail) {
            add(w, false);
        } else {
            Waiter n = p.next;
            w.prev = p;
            w.next = n;
            p.next = w;
            n.prev = w;
            w.queued = true;
            size = size + 1; // guard held: the only writer
        }
    }

    /** Removes and returns the first node, or null. Guard held. */
    public Waiter pollFirst() {
        Waiter w = head;
        if (w != null) {
            unlink(w);
        }
        return w;
    }

    /** Removes and returns the last node, or null. Guard held. */
    public Waiter pollLast() {
        Waiter w = tail;
        if (w != null) {
            unlink(w);
        }
        return w;
    }

    /** Removes {@code w} if it is still queued. Guard held. @return whether it was queued */
    public boolean remove(Waiter w) {
        if (!w.queued) {
            return false;
        }
        unlink(w);
        return true;
    }

    /**
     * For a waiter that gives up: removes {@code w} under the guard and returns true if it was
     * still queued; otherwise a waker has dequeued it and will signal it, so this waits for that
     * signal (whatever happens) and returns false: the caller then owns what the waker gave.
     */
    public boolean removeOrAwaitSignal(Waiter w, Object blocker) {
        lockGuard();
        boolean removed = remove(w);
        unlockGuard();
        if (!removed) {
            w.awaitSignal(blocker);
        }
        return removed;
    }

    /** The first node, or null. Guard held. */
    public Waiter peekFirst() {
        return head;
    }

    /** The node after {@code w} (which must be queued), or null. Guard held. */
    public Waiter successor(Waiter w) {
        return w.next;
    }

    /** Whether {@code w} is queued. Guard held. */
    public boolean contains(Waiter w) {
        return w.queued;
    }

    private void unlink(Waiter w) {
        Waiter p = w.prev;
        Waiter n = w.next;
        if (p == null) {
            head = n;
        } else {
            p.next = n;
        }
        if (n == null) {
            tail = p;
        } else {
            n.prev = p;
        }
        w.prev = w.next = null;
        w.queued = false;
        size = size - 1; // guard held: the only writer
    }

    /**
     * The threads of the queued waiters, first to last, for monitoring: an estimate while the queue
     * changes, exact while it does not, as AbstractQueuedSynchronizer's getQueuedThreads. Never
     * takes the guard, so no waker waits for a monitoring call. The volatile read of {@link #size}
     * comes after the guard holder's last link write, so a queue at rest is read in full; a walk
     * that races with changes may miss or repeat a node, and stops after that many steps and a
     * few more, so a link changed under it cannot make it loop.
     */
    public List<Thread> threads() {
        int steps = size + 8; // volatile read first: the links written before it are visible
        List<Thread> list = new ArrayList<>();
        for (Waiter w = head; w != null && steps-- > 0; w = w.next) {
            if (w.queued && !list.contains(w.thread)) {
                list.add(w.thread);
            }
        }
        return list;
    }

    /** The number of queued waiters (exact under the guard, an estimate otherwise). */
    public int size() {
        return size;
    }

    /** Whether no waiter is queued (exact under the guard, an estimate otherwise). */
    public boolean isEmpty() {
        return size == 0;
    }

    // VarHandle mechanics
    private static final VarHandle GUARD;
    static {
        try {
            GUARD = MethodHandles.lookup().findVarHandle(WaitQueue.class, "guard", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
