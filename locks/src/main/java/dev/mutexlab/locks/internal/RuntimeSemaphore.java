package dev.mutexlab.locks.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * Go's runtime semaphore ({@code runtime/sema.go}) for one address: a count, a waiter count
 * {@code nwait}, and a FIFO queue, with Go's two twists that {@code sync.Mutex} relies on —
 * {@code lifo} acquisition (a re-queued waiter goes to the front) and {@code handoff} release (the
 * count is consumed on the woken waiter's behalf, which then runs at once: {@code goyield}).
 *
 * <p>Implementation notes. {@code semrelease} adds to the count <em>before</em> it reads
 * {@code nwait}, and {@code semacquire} raises {@code nwait} <em>before</em> it re-reads the count,
 * both with volatile accesses, so one of them always sees the other: a release cannot miss a
 * waiter that is about to sleep. Dequeue and enqueue happen under the queue's guard, as Go does
 * them under {@code semaRoot.lock}; the guard also makes {@code nwait} equal to the queue length
 * whenever it is held. Like Go, a waiter woken without a ticket must still win the count with
 * {@code cansemacquire}; a thread racing through the "easy case" can take it first, and the woken
 * waiter then queues again (as in Go's {@code semacquire1}).
 *
 * <p>Java has no {@code runnext} slot: {@code goready} becomes {@code unpark}, and
 * {@code goyield} becomes {@link Thread#yield()}, which on a virtual thread re-submits the
 * unlocker behind the woken waiter and on a platform thread merely offers the CPU to the OS.
 *
 * <p>{@link #readied()} counts waiters that a release has signalled and that have not yet resumed:
 * the Java view of Go's goroutines that {@code goready} put in a run queue and that no P runs yet.
 * On virtual threads it is how many woken waiters wait for a carrier (it is raised before the
 * signal and lowered by the waiter once it runs again), which is what Go's {@code canSpin} asks
 * with its "my run queue is empty" check.
 *
 * <p>Cancellation (not in Go, whose semaphore cannot time out): a waiter that gives up removes
 * itself under the guard. If it is no longer queued, a releaser has dequeued it and will signal
 * it, so it waits for that signal and takes what it was given.
 */
public final class RuntimeSemaphore {
    /** {@link #acquire} result: a count was taken normally. */
    public static final int ACQUIRED = 0;
    /** {@link #acquire} result: a releaser consumed the count on this waiter's behalf (handoff). */
    public static final int HANDED_OFF = 1;
    /** {@link #acquire} result: gave up at the deadline, holding no count and queued nowhere. */
    public static final int TIMED_OUT = 2;
    /** {@link #acquire} result: gave up on interrupt, holding no count and queued nowhere. */
    public static final int INTERRUPTED = 3;

    private volatile int count;
    private volatile int nwait;
    /** Waiters signalled by a release that have not resumed yet (see the class notes). */
    private volatile int readied;
    private final WaitQueue queue = new WaitQueue();

    /** Go's {@code cansemacquire}: takes one count if there is one. */
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

    /**
     * Go's {@code semacquire1(addr, lifo)}, with a deadline and interrupts.
     *
     * @param node   this acquisition's waiter node (reused across re-queues)
     * @param lifo   queue at the front (a re-queued waiter) instead of the back
     * @param stats  counters to record parks in, or null
     * @return {@link #ACQUIRED}, {@link #HANDED_OFF}, {@link #TIMED_OUT} or {@link #INTERRUPTED}
     */
    public int acquire(Waiter node, boolean lifo, int mode, long deadlineNanos, Object blocker, EventCounters stats) {
        if (tryAcquire()) {
            return ACQUIRED;
        }
        for (;;) {
            queue.lockGuard();
            nwait = nwait + 1; // guard held; volatile so releasers' unguarded check sees it
            if (tryAcquire()) {
                nwait = nwait - 1;
                queue.unlockGuard();
                return ACQUIRED;
            }
            node.reset();
            queue.add(node, lifo);
            queue.unlockGuard();
            if (stats != null) {
                stats.add(dev.mutexlab.locks.LockEvent.PARK);
            }
            int r = node.block(blocker, mode, deadlineNanos);
            if (r == Waiter.SIGNALLED) {
                READIED.getAndAdd(this, -1); // running again
            } else {
                queue.lockGuard();
                boolean removed = queue.remove(node);
                if (removed) {
                    nwait = nwait - 1;
                }
                queue.unlockGuard();
                if (removed) {
                    return r == Waiter.TIMED_OUT ? TIMED_OUT : INTERRUPTED;
                }
                node.awaitSignal(blocker); // dequeued by a releaser: its signal is on the way
                READIED.getAndAdd(this, -1);
            }
            int got = node.ticket != 0 ? HANDED_OFF : tryAcquire() ? ACQUIRED : -1;
            if (got >= 0) {
                if (r == Waiter.INTERRUPTED) {
                    node.rememberInterrupt(); // we keep what we were given, so the interrupt must not be lost
                }
                return got;
            }
            if (r != Waiter.SIGNALLED || Waiter.deadlinePassed(mode, deadlineNanos)) {
                return r == Waiter.INTERRUPTED ? INTERRUPTED : TIMED_OUT; // woken, count stolen, and leaving
            }
            // Woken but another thread took the count: queue again, at the front if lifo.
        }
    }

    /**
     * Go's {@code semrelease1(addr, handoff)}: adds one count and wakes the first waiter. With
     * {@code handoff} the count is consumed for the waiter before it wakes, and the releaser yields.
     *
     * @return the waiter that was woken, or null if there was none
     */
    public Waiter release(boolean handoff) {
        COUNT.getAndAdd(this, 1);
        if (nwait == 0) {
            return null;
        }
        queue.lockGuard();
        if (nwait == 0) { // the count was already consumed by another thread
            queue.unlockGuard();
            return null;
        }
        Waiter w = queue.pollFirst();
        if (w != null) {
            nwait = nwait - 1;
        }
        queue.unlockGuard();
        if (w != null) {
            READIED.getAndAdd(this, 1); // before the signal: the waiter lowers it once it runs
            if (handoff && tryAcquire()) {
                w.ticket = 1;
            }
            boolean yield = w.ticket == 1;
            w.signal();
            if (yield) {
                Thread.yield(); // goyield: let the waiter that now owns the count run
            }
        }
        return w;
    }

    /** An estimate of the number of queued waiters. */
    public int waiters() {
        return nwait;
    }

    /** The threads queued on the semaphore, for monitoring. */
    public List<Thread> waitingThreads() {
        return queue.threads();
    }

    /** Waiters signalled by a release that have not yet resumed (Go: readied, still in a run queue). */
    public int readied() {
        return readied;
    }

    /** The current count (for tests and toString). */
    public int count() {
        return count;
    }

    // VarHandle mechanics
    private static final VarHandle COUNT;
    private static final VarHandle READIED;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(RuntimeSemaphore.class, "count", int.class);
            READIED = l.findVarHandle(RuntimeSemaphore.class, "readied", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
