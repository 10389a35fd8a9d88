package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A binary semaphore used as a mutex, in the two Linux designs that preceded and followed the
 * 2006 mutex: the 1999 x86 semaphore with a {@code sleepers} count (lib/semaphore-sleepers.c), and
 * the 2008 generic semaphore with direct handoff (kernel/locking/semaphore.c), as a reentrant
 * {@link java.util.concurrent.locks.Lock}.
 *
 * <p>{@link Design#SLEEPERS} and {@link Design#SLEEPERS_WAKE2}: {@code down} is one atomic
 * decrement when the semaphore is free; contended {@code down}s queue FIFO and reconcile the count
 * with a {@code sleepers} correction under the wait-queue lock; {@code up} wakes the first waiter
 * that is not already awake, which then competes again (a running thread may take the semaphore
 * first). {@code SLEEPERS_WAKE2} is the 1999 code as it was: every successful contended
 * {@code down} also wakes the next waiter on its way out ("they'll wake up two at a time - once by
 * up(), once by down()", Linus Torvalds, 2005). {@code SLEEPERS} removes that second wakeup and
 * does the woken waiter's bookkeeping itself (see the implementation notes).
 *
 * <p>{@link Design#HANDOFF}: everything under one lock, FIFO, and {@code up} gives the count to the
 * first waiter, which returns without competing: strictly FIFO, no barging.
 *
 * <p>Beyond Linux: reentrant and owned, with timed and interruptible acquisition and conditions.
 * Acquiring has the memory effects of a volatile read and releasing those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new SemaphoreMutex(SemaphoreMutex.Design.HANDOFF, false);
 * m.lock();
 * try {
 *     // ...
 * } finally {
 *     m.unlock();
 * }
 * }</pre>
 *
 * @since 1.0
 */
public final class SemaphoreMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * SLEEPERS (torvalds/linux lib/semaphore-sleepers.c @026477c1141b, "(C) 1999 Linus Torvalds").
     *
     *   count     atomic int, 1 when free. down decrements it; up increments it. Negative: held,
     *             and waiters are (or are being) accounted in it.
     *   sleepers  plain int guarded by the wait queue's guard (Linux's wait.lock): how many
     *             waiters' decrements are folded into count; 0 or 1 whenever the guard is free.
     *   queue     FIFO of waiters; a waiter stays queued while it runs the loop and leaves only
     *             when it has the semaphore or gives up.
     *
     *   down:   if decrement(count) >= 0: acquired
     *           __down, under the guard: enqueue; sleepers++
     *             loop: s = sleepers
     *                   if count + (s - 1) >= 0 (one atomic add): sleepers = 0; break   // got it
     *                   sleepers = 1; sleep (guard released); re-take the guard
     *             dequeue; tail step; release the guard
     *   up:     if increment(count) <= 0: under the guard, wake the first queued waiter that is not
     *           already awake (Linux's exclusive wake_up skips running tasks).
     *
     * "Add everybody else into it. They aren't playing, because we own the spinlock": the add of
     * s - 1 folds the other sleepers' decrements (and undoes this waiter's own, the -1) in one
     * step, so count < 0 means "held with accounted waiters". After a waiter takes the semaphore
     * with sleepers = 0, the waiters still queued are accounted nowhere: if nobody re-accounted
     * them, the holder's up would take count from 0 to 1 and wake nobody, stranding them. The
     * 1999 tail step (SLEEPERS_WAKE2) wakes the next waiter so it runs the loop and re-accounts
     * itself (count -1, sleepers 1) and goes back to sleep: the extra wakeup Ingo Molnar found
     * could not simply be removed ("removing that wakeup quickly causes hung test-tasks").
     * SLEEPERS does that waiter's loop step for it instead: with the guard held and the semaphore
     * held by the caller, count <= 0, so the woken waiter's "count + (0 - 1)" is certain to stay
     * negative and it would certainly set sleepers = 1 and sleep again; doing "count -= 1;
     * sleepers = 1" directly reaches the same state without the wakeup. If that waiter was
     * already awake, its own next step (s = 1, add 0) changes nothing, so nothing is counted twice.
     *
     * Cancellation (Linux's __down_interruptible): at the top of the loop, under the guard, a
     * waiter that must give up undoes every accounting (count += sleepers; sleepers = 0), dequeues,
     * and wakes the next waiter so that it re-accounts; this wake is kept in both SLEEPERS designs,
     * because the count it hands back may make the semaphore free.
     *
     * HANDOFF (kernel/locking/semaphore.c @f6c95a407c23, Matthew Wilcox, 2008):
     *   count is a plain int under the guard (volatile only for monitoring reads).
     *   down: under the guard: if count > 0: count--; else enqueue at the tail and sleep until
     *         woken with the semaphore (node.ticket = 1), checking interrupt and deadline under
     *         the guard before each sleep.
     *   up:   under the guard: if nobody waits, count++; else dequeue the first waiter, set its
     *         ticket and wake it: the count goes straight to it.
     * A waiter re-takes the guard after every wake and looks at its ticket before it looks at
     * its deadline, so a handoff is never dropped: once dequeued by up it owns the semaphore.
     *
     * Memory ordering: count is updated with volatile read-modify-writes (SLEEPERS) or under the
     * guard (HANDOFF), whose CAS and release store order the critical sections of successive
     * holders; sleepers and the queue are only touched under the guard.
     */

    /** Which semaphore design. */
    public enum Design {
        /** The 1999 sleepers semaphore without the extra wakeup in {@code down}. */
        SLEEPERS,
        /** The 1999 sleepers semaphore as written: {@code down} also wakes the next waiter. */
        SLEEPERS_WAKE2,
        /** The 2008 semaphore: FIFO under one lock, {@code up} hands the count to the first waiter. */
        HANDOFF
    }

    private final Design design;
    volatile int count = 1; // package-private: the tests check the count on it
    /** Guarded by queue's guard (SLEEPERS designs). */
    private int sleepers;
    private final WaitQueue queue = new WaitQueue();

    /** A {@link Design#SLEEPERS} semaphore without statistics. */
    public SemaphoreMutex() {
        this(Design.SLEEPERS, false);
    }

    /** A semaphore mutex of the given design, recording {@link #stats()} when {@code recordStats}. */
    public SemaphoreMutex(Design design, boolean recordStats) {
        super(recordStats);
        this.design = Objects.requireNonNull(design, "design");
    }

    /** This semaphore's design. */
    public Design design() {
        return design;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        if (design == Design.HANDOFF) {
            queue.lockGuard();
            boolean acquired = count > 0;
            if (acquired) {
                count = count - 1; // guard held: the only writer
            }
            queue.unlockGuard();
            return acquired;
        }
        return casCount(1, 0); // free with nothing accounted; Linux's down_trylock decrements and corrects
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        if (design == Design.HANDOFF) {
            return downHandoff(mode, deadlineNanos);
        }
        if (getAndAddCount(-1) > 0) {
            return true;
        }
        return downSleepers(mode, deadlineNanos);
    }

    /*
     * __down (sleepers), with giving up:
     *
     *   lock; enqueue(tail); sleepers++
     *   loop:
     *     if must give up: count += sleepers; sleepers = 0; dequeue; wake next; unlock; give up
     *     s = sleepers
     *     if count + (s - 1) >= 0: sleepers = 0; break
     *     sleepers = 1; unlock; sleep; lock
     *   dequeue; WAKE2: wake next | SLEEPERS: if queued: count -= 1, sleepers = 1; unlock
     */
    private boolean downSleepers(int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter();
        boolean interrupted = false;
        boolean slept = false;
        queue.lockGuard();
        queue.add(node, false);
        sleepers++;
        for (;;) {
            interrupted |= Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                getAndAddCount(sleepers);
                sleepers = 0;
                queue.remove(node);
                wakeNextLocked(true);
                queue.unlockGuard();
                return gaveUp(interrupted, node);
            }
            int s = sleepers;
            if (getAndAddCount(s - 1) + (s - 1) >= 0) {
                sleepers = 0;
                break;
            }
            sleepers = 1; // us: see the -1 above
            if (slept && stats != null) {
                stats.add(LockEvent.REQUEUE);
            }
            node.reset();
            queue.unlockGuard();
            if (stats != null) {
                stats.add(LockEvent.PARK);
            }
            int r = node.block(parkBlocker(), mode, deadlineNanos);
            interrupted |= r == Waiter.INTERRUPTED;
            slept = true;
            queue.lockGuard();
        }
        queue.remove(node);
        if (!queue.isEmpty()) {
            if (design == Design.SLEEPERS_WAKE2) {
                wakeNextLocked(true);
            } else {
                getAndAddCount(-1); // the next waiter's loop step, done for it (see the notes)
                sleepers = 1;
            }
        }
        queue.unlockGuard();
        node.acquiredAfterWait(interrupted);
        contended(jfr, slept ? Won.WOKEN : Won.BARGING);
        return true;
    }

    /** Linux's wake_up(): signals the first queued waiter that is not awake already. Guard held. */
    private void wakeNextLocked(boolean tail) {
        for (Waiter w = queue.peekFirst(); w != null; w = queue.successor(w)) {
            if (!w.isWoken()) {
                w.signal();
                if (stats != null) {
                    stats.add(tail ? LockEvent.TAIL_WAKE : LockEvent.WAKEUP);
                }
                return;
            }
        }
    }

    /*
     * down (2008): lock; if count > 0: count--, unlock, acquired
     *   enqueue(tail); loop: if must give up: dequeue, unlock, give up
     *                        unlock; sleep; lock; if ticket: acquired (up dequeued us)
     */
    private boolean downHandoff(int mode, long deadlineNanos) throws InterruptedException {
        queue.lockGuard();
        if (count > 0) {
            count = count - 1; // guard held: the only writer
            queue.unlockGuard();
            return true;
        }
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter();
        queue.add(node, false);
        boolean interrupted = false;
        for (;;) {
            interrupted |= Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                queue.remove(node);
                queue.unlockGuard();
                return gaveUp(interrupted, node);
            }
            queue.unlockGuard();
            if (stats != null) {
                stats.add(LockEvent.PARK);
            }
            int r = node.block(parkBlocker(), mode, deadlineNanos);
            interrupted |= r == Waiter.INTERRUPTED;
            queue.lockGuard();
            if (node.ticket != 0) { // handed to us: keep it, whatever else happened
                queue.unlockGuard();
                if (stats != null) {
                    stats.add(LockEvent.HANDOFF);
                }
                node.acquiredAfterWait(interrupted);
                contended(jfr, Won.HANDOFF);
                return true;
            }
        }
    }

    @Override
    protected void releaseCore() {
        if (design == Design.HANDOFF) {
            queue.lockGuard();
            Waiter first = queue.pollFirst();
            if (first == null) {
                count = count + 1; // guard held: the only writer
            } else {
                first.ticket = 1; // published by signal()
                first.signal();
            }
            queue.unlockGuard();
            return;
        }
        if (getAndAddCount(1) + 1 <= 0) {
            queue.lockGuard();
            wakeNextLocked(false);
            queue.unlockGuard();
        }
    }

    @Override
    protected boolean isLockedCore() {
        return count <= 0;
    }

    @Override
    protected int queueLengthCore() {
        return queue.size();
    }

    @Override
    protected String specCore() {
        return switch (design) {
            case SLEEPERS -> "semaphore";
            case SLEEPERS_WAKE2 -> "semaphore:wake2";
            case HANDOFF -> "semaphore:handoff";
        };
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return queue.threads();
    }

    @Override
    protected boolean isFairCore() {
        return design == Design.HANDOFF; // up() hands the count to the first waiter: nobody barges past the queue
    }

    @Override
    protected String stateString() {
        return "design=" + design + ", count=" + count
                + (design == Design.HANDOFF ? "" : ", sleepers=" + sleepers) + ", queued=" + queue.size();
    }

    // ---- VarHandle mechanics

    private boolean casCount(int expected, int next) {
        return COUNT.compareAndSet(this, expected, next);
    }

    private int getAndAddCount(int delta) {
        return (int) COUNT.getAndAdd(this, delta);
    }

    private static final VarHandle COUNT;
    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(SemaphoreMutex.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
