package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Threads;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Linux's {@code struct mutex} (v4.11 and later) as a reentrant {@link java.util.concurrent.locks.Lock}:
 * an owner word with three flags, optimistic spinning by one queued spinner at a time, a FIFO wait
 * list, and handoff on demand: a waiter that was woken and still lost asks the owner to hand the
 * lock over directly.
 *
 * <p>The lock allows stealing (a running thread may take it ahead of a woken waiter) until the
 * first waiter, after one unlucky wakeup, sets the HANDOFF flag; the next unlock then gives the
 * lock to that waiter instead of releasing it. This bounds how often the head of the queue can
 * lose, without the cost of strict FIFO handoff on every unlock.
 *
 * <p>Beyond Linux: reentrant and owned, with timed and interruptible acquisition and conditions,
 * as {@link java.util.concurrent.locks.ReentrantLock}. {@link #tryLock()} barges unless a handoff
 * is pending. Acquiring has the memory effects of a volatile read and releasing those of a
 * volatile write.
 *
 * <pre>{@code
 * Mutex m = new KernelMutex();
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
public final class KernelMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * A port of kernel/locking/mutex.c as of v5.15+: the owner word
     * of commit 3ca0ff571b09 (v4.10, Peter Zijlstra), handoff of 9d659ae14b54 ("locking/mutex: Add
     * lock handoff to avoid starvation", v4.10), PICKUP of e274795ea7b7 ("Fix mutex handoff",
     * v4.11), HANDOFF set only while owned via __mutex_trylock_or_handoff (v5.15), and the OSQ
     * (kernel/locking/osq_lock.c) for spinners.
     *
     * Owner word (long):
     *   bit 0  WAITERS  the wait list is non-empty: unlock must take the slow path and wake the first
     *   bit 1  HANDOFF  the first waiter asks for the lock: unlock must not release it but hand it over
     *   bit 2  PICKUP   the lock was handed to the task in the word, which has yet to take it
     *   bits 3+         the owner's token, Thread.threadId() << 3 (virtual threads included); 0 = free
     *
     * Transitions: 0 -> T (fast lock); T -> 0 (fast unlock, only with no flag set);
     * T -> T|W (first waiter queued); T|W -> 0|W + wake first (unlock); T|W -> T|W|H (woken first
     * waiter fails its trylock); T|W|H -> N|W|P + wake N (unlock hands to first waiter N);
     * N|W|P -> N|W (N's trylock); the last waiter to leave the list clears all flags.
     *
     * Invariants: HANDOFF and PICKUP never appear with a zero token; HANDOFF is set only by the
     * first waiter, only while the lock is owned, and cleared only by the handoff; while PICKUP
     * is set nobody but the named task can acquire; PICKUP is cleared by that task, the new owner.
     *
     * Spinning. Linux spins only while the owner is running on a CPU (owner_on_cpu) and this task
     * need not reschedule. Java cannot know whether another thread is on a CPU, so spinning here is
     * bounded instead: OWNER_SPIN_ROUNDS rounds of SpinPolicy.ACTIVE_SPIN_SIZE onSpinWait, counting
     * the time spent queued for the right to spin, and only when SpinPolicy.multicore(). New
     * arrivals queue on an MCS lock (the OSQ) so that only its head spins on the owner word; a
     * queued spinner whose budget runs out abandons its node (CAS WAITING -> ABANDONED) and the
     * releaser skips abandoned nodes, instead of Linux's three-step unqueue. The first waiter,
     * after a wakeup, also spins directly on the word (the "waiter-spinner"), without the OSQ.
     *
     * Slow path and cancellation: trylock, OSQ spin, then under the wait lock (the WaitQueue
     * guard): trylock, enqueue at the tail (setting WAITERS if first), and loop { trylock; check
     * interrupt and deadline; sleep; trylock-or-handoff; waiter-spin if first }. The deadline and
     * interrupt are checked only under the guard and only right after a trylock, and unlock hands
     * over under the same guard, so a handoff (PICKUP for us) is always taken before a waiter can
     * decide to give up: a handoff is never dropped. A waiter that leaves an otherwise empty list
     * clears all flags, so a HANDOFF it requested cannot outlive it; one that leaves a non-empty
     * list leaves HANDOFF set, and unlock hands the lock to the new first waiter.
     *
     * Memory ordering: every owner-word update is a volatile CAS or bitwise RMW (Linux uses
     * acquire on lock, release on unlock and handoff); the handoff CAS publishes the critical
     * section to the task that picks the lock up with its own CAS. Wakes are issued after the
     * guard is released (Linux's wake_q); LockSupport's permit makes an early unpark harmless.
     */

    static final long WAITERS = 1L;
    static final long HANDOFF = 2L;
    static final long PICKUP = 4L;
    static final long FLAGS = 7L;
    static final int TOKEN_SHIFT = 3;

    /** Rounds of {@link SpinPolicy#ACTIVE_SPIN_SIZE} onSpinWait a spinner may spend before sleeping. */
    static final int OWNER_SPIN_ROUNDS = 8;

    volatile long owner; // package-private: the tests check the word on it
    private volatile SpinNode osqTail;
    final WaitQueue waitList = new WaitQueue(); // package-private: a test hook peeks at its first waiter
    private final SpinPolicy spin = SpinPolicy.GO;
    private final KernelMutexHooks hooks;

    /** A kernel mutex without statistics. */
    public KernelMutex() {
        this(false);
    }

    /** A kernel mutex, recording {@link #stats()} when {@code recordStats}. */
    public KernelMutex(boolean recordStats) {
        this(recordStats, KernelMutexHooks.NONE);
    }

    /** As {@link #KernelMutex(boolean)}, with the hooks a test observes it through. */
    KernelMutex(boolean recordStats, KernelMutexHooks hooks) {
        super(recordStats);
        this.hooks = hooks;
    }

    // ---- algorithm

    static long token(Thread t) { // package-private: the tests compare the owner word with it
        return Threads.id(t) << TOKEN_SHIFT;
    }

    @Override
    protected boolean tryAcquireOnce() {
        return trylockCommon(false, null) == 0L;
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        if (casOwner(0L, token(Thread.currentThread()))) {
            return true;
        }
        return lockSlow(mode, deadlineNanos);
    }

    /*
     * __mutex_trylock_common: returns 0 when acquired (or picked up), else the owner's token.
     *
     *   loop: flags, task = split(owner)
     *     if task != 0:
     *       if PICKUP: if task != me: fail; else flags &= ~PICKUP      (pick up our handoff)
     *       elif handoff (we are the first waiter): if HANDOFF: fail; else flags |= HANDOFF
     *       else fail
     *     else: task = me                                               (H and P must be clear)
     *     if CAS(owner, task | flags): return task == me ? 0 : task
     */
    private long trylockCommon(boolean handoff, Waiter node) {
        final long me = token(Thread.currentThread());
        long o = owner;
        for (;;) {
            long flags = o & FLAGS;
            long task = o & ~FLAGS;
            if (task != 0L) {
                if ((flags & PICKUP) != 0L) {
                    if (task != me) {
                        return task;
                    }
                    flags &= ~PICKUP;
                } else if (handoff) {
                    if ((flags & HANDOFF) != 0L) {
                        return task;
                    }
                    flags |= HANDOFF;
                } else {
                    return task;
                }
            } else {
                if ((flags & (HANDOFF | PICKUP)) != 0L) {
                    throw inconsistent("HANDOFF or PICKUP on an unowned mutex", o);
                }
                task = me;
            }
            long witness = caeOwner(o, task | flags);
            if (witness == o) {
                if (task == me) {
                    return 0L;
                }
                handoffRequested(node); // we set HANDOFF
                return task;
            }
            o = witness;
        }
    }

    private void handoffRequested(Waiter node) {
        if (stats != null) {
            stats.add(LockEvent.HANDOFF_REQUEST);
        }
        hooks.handoffRequested(this, node);
    }

    /*
     * __mutex_lock_common:
     *
     *   if trylock or optimisticSpin(OSQ): acquired
     *   lock wait_lock; if trylock: acquired
     *   enqueue at tail; if first: set WAITERS
     *   loop (wait_lock held):
     *     if trylock: break                           (picks up a handoff)
     *     if interrupted or deadline passed: dequeue (clear flags if empty); unlock wait_lock; give up
     *     unlock wait_lock; sleep
     *     first = (we are first)
     *     if trylockOrHandoff(first): break           (first sets HANDOFF if still owned)
     *     if first and waiterSpin: break
     *     lock wait_lock
     *   dequeue (clear flags if empty); unlock wait_lock
     */
    private boolean lockSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        if (trylockCommon(false, null) == 0L) {
            contended(jfr, Won.BARGING);
            return true;
        }
        if (optimisticSpin()) {
            contended(jfr, Won.SPINNING);
            return true;
        }
        final WaitQueue waitList = this.waitList;
        Waiter node = new Waiter();
        boolean interrupted = false;
        boolean slept = false;
        boolean handedOff = false;
        waitList.lockGuard();
        if (trylockCommon(false, null) == 0L) {
            waitList.unlockGuard();
            contended(jfr, Won.BARGING);
            return true;
        }
        waitList.add(node, false);
        if (waitList.peekFirst() == node) {
            orOwner(WAITERS);
        }
        for (;;) {
            // wait lock held
            handedOff = jfr != null && handedToCurrentThread(); // then the trylock below picks it up
            if (trylockCommon(false, node) == 0L) {
                break;
            }
            interrupted |= Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                removeWaiterLocked(node);
                waitList.unlockGuard();
                return gaveUp(interrupted, node);
            }
            node.reset();
            waitList.unlockGuard();
            if (stats != null) {
                stats.add(LockEvent.PARK);
            }
            int r = node.block(parkBlocker(), mode, deadlineNanos);
            interrupted |= r == Waiter.INTERRUPTED;
            slept = true;
            waitList.lockGuard();
            boolean first = waitList.peekFirst() == node;
            waitList.unlockGuard();
            handedOff = jfr != null && handedToCurrentThread();
            if (trylockCommon(first, node) == 0L || (first && waiterSpin())) {
                waitList.lockGuard();
                break;
            }
            waitList.lockGuard();
        }
        removeWaiterLocked(node);
        waitList.unlockGuard();
        node.acquiredAfterWait(interrupted);
        contended(jfr, handedOff ? Won.HANDOFF : slept ? Won.WOKEN : Won.BARGING);
        return true;
    }

    /** Whether the word names the current thread with PICKUP: a handoff only it can take (for the JFR event). */
    private boolean handedToCurrentThread() {
        long o = owner;
        return (o & PICKUP) != 0L && (o & ~FLAGS) == token(Thread.currentThread());
    }

    /** __mutex_remove_waiter: dequeue; the last waiter out clears every flag. Wait lock held. */
    private void removeWaiterLocked(Waiter node) {
        waitList.remove(node);
        if (waitList.isEmpty()) {
            andNotOwner(FLAGS);
        }
    }

    /*
     * mutex_optimistic_spin for a new arrival: take the OSQ (abandoning it when the budget runs
     * out while queued), then as its head: loop { trylock; spin one round on the owner word }.
     */
    private boolean optimisticSpin() {
        if (!SpinPolicy.multicore()) {
            return false;
        }
        SpinNode node = new SpinNode();
        int rounds = osqLock(node);
        if (rounds < 0) {
            return false;
        }
        hooks.osqLocked();
        try {
            return spinOnOwner(rounds);
        } finally {
            hooks.osqUnlocking();
            osqUnlock(node);
        }
    }

    /** The waiter-spinner: the first waiter spins on the word directly, with its own budget. */
    private boolean waiterSpin() {
        return SpinPolicy.multicore() && spinOnOwner(0);
    }

    private boolean spinOnOwner(int roundsUsed) {
        final SpinPolicy spin = this.spin;
        for (int round = roundsUsed; round < OWNER_SPIN_ROUNDS; round++) {
            if (trylockCommon(false, null) == 0L) {
                if (stats != null) {
                    stats.add(LockEvent.SPIN_ACQUIRE);
                }
                return true;
            }
            spin.activeSpin(); // Linux: while the owner is unchanged and on a CPU; here: one bounded round
            if (stats != null) {
                stats.add(LockEvent.SPIN_ROUND);
            }
        }
        return false;
    }

    /*
     * The OSQ: an MCS queue of spinners. Returns the rounds spent queued, or -1 when the budget
     * ran out and the node was abandoned (its predecessor's release will skip it).
     */
    private int osqLock(SpinNode node) {
        SpinNode prev = getAndSetOsqTail(node);
        if (prev == null) {
            return 0;
        }
        prev.next = node;
        for (int round = 0; round < OWNER_SPIN_ROUNDS; round++) {
            for (int i = 0; i < SpinPolicy.ACTIVE_SPIN_SIZE; i++) {
                if (node.status == SpinNode.GRANTED) {
                    return round;
                }
                Thread.onSpinWait();
            }
        }
        if (node.casStatus(SpinNode.WAITING, SpinNode.ABANDONED)) {
            return -1;
        }
        return OWNER_SPIN_ROUNDS; // granted as we gave up: we hold the OSQ, with no budget left
    }

    private void osqUnlock(SpinNode node) {
        for (;;) {
            if (osqTail == node && casOsqTail(node, null)) {
                return;
            }
            SpinNode next;
            while ((next = node.next) == null) {
                Thread.onSpinWait(); // a successor has swapped the tail and is about to link
            }
            if (next.casStatus(SpinNode.WAITING, SpinNode.GRANTED)) {
                return;
            }
            node = next; // abandoned: release on its behalf
        }
    }

    @Override
    protected void releaseCore() {
        if (!casOwner(token(Thread.currentThread()), 0L)) {
            unlockSlow();
        }
    }

    /*
     * __mutex_unlock_slowpath:
     *   loop: if HANDOFF: break; if CAS(owner, flags only): if WAITERS: break; else return
     *   lock wait_lock; next = first waiter; if HANDOFF: handoff(next); unlock wait_lock; wake next
     */
    private void unlockSlow() {
        long o = owner;
        for (;;) {
            if ((o & ~FLAGS) != token(Thread.currentThread()) || (o & PICKUP) != 0L) {
                throw inconsistent("unlock by a thread that is not the owner", o);
            }
            if ((o & HANDOFF) != 0L) {
                break;
            }
            long witness = caeOwner(o, o & FLAGS);
            if (witness == o) {
                if ((o & WAITERS) != 0L) {
                    break;
                }
                return;
            }
            o = witness;
        }
        waitList.lockGuard();
        Waiter next = waitList.peekFirst();
        boolean handedOff = (o & HANDOFF) != 0L;
        if (handedOff) {
            handoff(next);
        }
        waitList.unlockGuard();
        if (next != null) {
            next.signal();
            if (stats != null) {
                stats.add(handedOff ? LockEvent.HANDOFF : LockEvent.WAKEUP);
            }
        }
    }

    /** __mutex_handoff: owner := next | PICKUP, keeping WAITERS and clearing HANDOFF; a plain release if no waiter. */
    private void handoff(Waiter next) {
        long o = owner;
        for (;;) {
            long n = (o & WAITERS) | (next == null ? 0L : token(next.thread) | PICKUP);
            long witness = caeOwner(o, n);
            if (witness == o) {
                return;
            }
            o = witness;
        }
    }

    @Override
    protected boolean isLockedCore() {
        return (owner & ~FLAGS) != 0L;
    }

    @Override
    protected int queueLengthCore() {
        return waitList.size();
    }

    @Override
    protected String specCore() {
        return "kernel";
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return waitList.threads();
    }

    @Override
    protected String stateString() {
        return "owner=" + describe(owner);
    }

    /** The owner word as token and flags, e.g. {@code task=42|WAITERS|HANDOFF}. */
    static String describe(long o) {
        StringBuilder sb = new StringBuilder("task=").append(o >>> TOKEN_SHIFT);
        if ((o & WAITERS) != 0L) {
            sb.append("|WAITERS");
        }
        if ((o & HANDOFF) != 0L) {
            sb.append("|HANDOFF");
        }
        if ((o & PICKUP) != 0L) {
            sb.append("|PICKUP");
        }
        return sb.toString();
    }

    private static IllegalStateException inconsistent(String what, long o) {
        return new IllegalStateException("mutex: inconsistent state: " + what + " (" + describe(o) + ")");
    }

    /** A node of the OSQ: one spinner's place in the MCS queue. */
    static final class SpinNode {
        static final int WAITING = 0;
        static final int GRANTED = 1;
        static final int ABANDONED = 2;

        volatile SpinNode next;
        volatile int status;

        boolean casStatus(int expected, int next) {
            return STATUS.compareAndSet(this, expected, next);
        }

        private static final VarHandle STATUS;
        static {
            try {
                STATUS = MethodHandles.lookup().findVarHandle(SpinNode.class, "status", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    // ---- VarHandle mechanics

    private boolean casOwner(long expected, long next) {
        return OWNER.compareAndSet(this, expected, next);
    }

    private long caeOwner(long expected, long next) {
        return (long) OWNER.compareAndExchange(this, expected, next);
    }

    private void orOwner(long bits) {
        OWNER.getAndBitwiseOr(this, bits);
    }

    private void andNotOwner(long bits) {
        OWNER.getAndBitwiseAnd(this, ~bits);
    }

    private SpinNode getAndSetOsqTail(SpinNode node) {
        return (SpinNode) OSQ_TAIL.getAndSet(this, node);
    }

    private boolean casOsqTail(SpinNode expected, SpinNode next) {
        return OSQ_TAIL.compareAndSet(this, expected, next);
    }

    private static final VarHandle OWNER;
    private static final VarHandle OSQ_TAIL;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OWNER = l.findVarHandle(KernelMutex.class, "owner", long.class);
            OSQ_TAIL = l.findVarHandle(KernelMutex.class, "osqTail", SpinNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
