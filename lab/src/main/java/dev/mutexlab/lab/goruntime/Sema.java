package dev.mutexlab.lab.goruntime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.Lock;

/**
 * Go's runtime semaphore ({@code runtime/sema.go}, {@code semacquire1}/{@code semrelease1}) for one
 * address, whose wait queue is guarded by a pluggable {@link Lock} as Go guards it with
 * {@code semaRoot.lock} (a {@code runtime.mutex}). {@link #acquire()} takes one unit of the count,
 * blocking while it is zero; {@link #release()} adds one and wakes the longest waiter.
 *
 * <pre>{@code
 * Sema s = new Sema(1, Locks.create("futex"));
 * s.acquire();
 * try { ... } finally { s.release(); }
 * }</pre>
 *
 * <p>Not FIFO for acquirers that arrive while a woken waiter is on its way (Go's "easy case" lets
 * them take the unit first, and the woken waiter queues again), unless released with handoff.
 */
public final class Sema {
    /* Implementation notes
     *
     * count: the units, changed only by CAS (cansemacquire) or getAndAdd (release), never under the
     * lock, as in Go. nwait: waiters queued or about to queue; raised under the lock before the
     * acquirer re-reads count, read by release after it raised count, both volatile, so one always
     * sees the other and a release cannot miss a sleeper (Go's "must come after the Xadd"). The
     * queue, and nwait's decrement when a waiter is dequeued, are guarded by the lock under test.
     * Handoff (release(true)) takes the unit on the waiter's behalf (ticket = 1), readies it and
     * yields, Go's direct G handoff; Java has no runnext, so yield only offers the CPU.
     */
    private volatile int count;
    private volatile int nwait;
    private final Lock lock;
    private final SudogQueue queue = new SudogQueue();

    /** A semaphore with {@code initialCount} units, its queue guarded by {@code lock}. */
    public Sema(int initialCount, Lock lock) {
        if (initialCount < 0) {
            throw new IllegalArgumentException("negative semaphore count " + initialCount);
        }
        this.count = initialCount;
        this.lock = lock;
    }

    /** Go's {@code semacquire}: takes a unit, waiting at the back of the queue while there is none. */
    public void acquire() {
        acquire(false);
    }

    /** Go's {@code cansemacquire}: takes a unit if there is one. */
    public boolean tryAcquire() {
        for (;;) {
            int v = count;
            if (v == 0) {
                return false;
            }
            if (COUNT.compareAndSet(this, v, v - 1)) {
                return true;
            }
        }
    }

    /*
     * semacquire1(addr, lifo):
     *   if cansemacquire: return
     *   loop: lock; nwait++
     *         if cansemacquire: nwait--; unlock; return
     *         queue (front if lifo); unlock; park
     *         if ticket != 0 || cansemacquire: return
     */
    /** Go's {@code semacquire1(addr, lifo)}: {@code lifo} queues at the front. */
    public void acquire(boolean lifo) {
        if (tryAcquire()) {
            return;
        }
        G g = new G();
        Sudog s = new Sudog(g, null, false, 0, null);
        for (;;) {
            lock.lock();
            NWAIT.getAndAdd(this, 1);
            if (tryAcquire()) {
                NWAIT.getAndAdd(this, -1);
                lock.unlock();
                return;
            }
            if (lifo) {
                queue.push(s);
            } else {
                queue.enqueue(s);
            }
            lock.unlock();
            g.park();
            if (s.ticket != 0 || tryAcquire()) {
                return;
            }
            g.rearm();
        }
    }

    /** Go's {@code semrelease}: adds a unit and wakes the first waiter, if any. */
    public void release() {
        release(false);
    }

    /*
     * semrelease1(addr, handoff):
     *   count++; if nwait == 0: return
     *   lock; if nwait == 0: unlock; return
     *   s = dequeue head; nwait--; unlock
     *   if handoff && cansemacquire: s.ticket = 1
     *   ready(s); if ticket == 1: yield
     */
    /** Go's {@code semrelease1(addr, handoff)}: with {@code handoff}, the unit goes to the woken waiter. */
    public void release(boolean handoff) {
        COUNT.getAndAdd(this, 1);
        if (nwait == 0) {
            return;
        }
        lock.lock();
        if (nwait == 0) {
            lock.unlock();
            return;
        }
        Sudog s = queue.dequeue();
        if (s != null) {
            NWAIT.getAndAdd(this, -1);
        }
        lock.unlock();
        if (s != null) {
            if (handoff && tryAcquire()) {
                s.ticket = 1;
            }
            s.success = true;
            s.g.ready(s);
            if (s.ticket == 1) {
                Thread.yield();
            }
        }
    }

    /** The units now available. */
    public int count() {
        return count;
    }

    /** Waiters queued or about to queue. */
    public int waiters() {
        return nwait;
    }

    // VarHandle mechanics
    private static final VarHandle COUNT;
    private static final VarHandle NWAIT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(Sema.class, "count", int.class);
            NWAIT = l.findVarHandle(Sema.class, "nwait", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
