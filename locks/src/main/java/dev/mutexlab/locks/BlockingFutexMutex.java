package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.Futex;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntSupplier;

/**
 * Go's runtime mutex on Linux before 2011, the purely blocking futex lock that
 * {@link FutexMutex} replaced, as a reentrant {@link java.util.concurrent.locks.Lock}: one word
 * that holds a locked bit and a count of waiters; a thread that finds the lock held counts itself
 * and goes to sleep on a futex at once, without spinning, and every unlock that sees a count wakes
 * one sleeper.
 *
 * <p>It is the "old" column of Go's 2011 runtime-lock change ("runtime: improve Linux mutex"):
 * the change added active and passive spinning before the sleep because the runtime's critical
 * sections are short, so a lock that blocks at once pays a context switch, a park and an unpark
 * per handover; Go's benchmark suite then measured contended channel, select and mutex
 * operations 2–8× faster at 2–16 threads. {@code mutexlab suite} and {@code mutexlab reproduce}
 * run that comparison with this lock as the old side.
 *
 * <p>The lock is not fair: a woken thread competes again from the start, and a running thread may
 * take the lock ahead of it. Beyond Go: reentrant and owned, with timed and interruptible
 * acquisition and conditions, as {@link java.util.concurrent.locks.ReentrantLock}.
 * {@link #tryLock()} barges. Acquiring has the memory effects of a volatile read and releasing
 * those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new BlockingFutexMutex();
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
public final class BlockingFutexMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * A transliteration of the lock/unlock pair of Go's Linux runtime before CL 4711045 (2011):
     * "a single 32-bit word that holds a 31-bit count of threads waiting for the lock and a single
     * bit (the low bit) saying whether the lock is held".
     *
     * State word (int): bit 0 LOCKED; bits 1.. the number of counted waiters (in steps of WAITER).
     * A waiter counts itself before it sleeps and uncounts itself when it wakes, before it competes
     * again, so the count covers every sleeper plus woken threads that have not yet uncounted.
     *
     * lock:
     *   again: v = word
     *          if v has no LOCKED: if CAS(v, v | LOCKED): acquired; goto again
     *          if !CAS(v, v + WAITER): goto again          // count ourselves
     *          futexSleep(word, v + WAITER)                // only while the word is exactly that
     *          repeat CAS(v, v - WAITER) until it succeeds // uncount ourselves
     *          goto again
     *
     * unlock:  repeat v = word; CAS(v, v & ~LOCKED) until it succeeds
     *          if v had any waiter: futexWake(1)
     *
     * Invariant (no lost wakeup): a thread asleep on the futex is counted in the word. Its sleep
     * began only while the word still equalled the value it counted itself into (internal.Futex
     * enqueues before it re-checks the word, as the kernel's bucket lock makes check-and-sleep
     * atomic), so any unlock after its count either changed the word before that check (and it
     * does not sleep) or finds it queued and wakes it — or, if the word came back to the same
     * value, the lock was taken again and that holder's unlock sees the count. A woken thread is
     * still counted until it uncounts itself, so an unlock in that window wakes another sleeper
     * (if there is one): the old lock's extra wakeups, kept on purpose.
     *
     * Memory ordering: all word accesses are volatile reads and CASes, as Go's are sequentially
     * consistent; the CAS that sets LOCKED is the acquire, the CAS that clears it the release.
     *
     * Cancellation (Go's lock cannot be cancelled). A waiter checks its deadline and interrupt at
     * `again` when it finds the lock held, before it counts itself: giving up there leaves the word
     * as it found it, and whoever holds the lock will wake a counted sleeper, if any, when it
     * unlocks. A sleep that ends by timeout or interrupt (no wake consumed: internal.Futex removed
     * the waiter from its queue) uncounts and gives up: an unlock in the meantime found the other
     * sleepers queued, or saw a changed word. A sleep that was woken as it timed out counts as
     * woken; it takes one more turn at `again`, where the woken thread of Go's lock would compete,
     * so the wake is used, not dropped.
     */

    static final int LOCKED = 1;
    static final int WAITER = 2;

    volatile int state; // package-private: the tests check the word on it
    final Futex futex = new Futex(); // package-private: the tests read its sleepers
    private final BlockingFutexMutexHooks hooks;

    /** A blocking futex mutex without statistics. */
    public BlockingFutexMutex() {
        this(false);
    }

    /** A blocking futex mutex, recording {@link #stats()} when {@code recordStats}. */
    public BlockingFutexMutex(boolean recordStats) {
        this(recordStats, BlockingFutexMutexHooks.NONE);
    }

    /** As {@link #BlockingFutexMutex(boolean)}, with the hooks a test stops it at. */
    BlockingFutexMutex(boolean recordStats, BlockingFutexMutexHooks hooks) {
        super(recordStats);
        this.hooks = hooks;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        int v = state;
        return (v & LOCKED) == 0 && casState(v, v | LOCKED);
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        return tryAcquireOnce() || lockSlow(mode, deadlineNanos);
    }

    /*
     * lockSlow (lock after its first attempt), with giving up:
     *
     *   loop:
     *     v = word
     *     if v has no LOCKED: if CAS(v, v | LOCKED): acquired; continue
     *     if must give up: return                  // uncounted: the word is as we found it
     *     if !CAS(v, v + WAITER): continue
     *     r = futexSleep(word, v + WAITER)
     *     uncount
     *     if r is TIMED_OUT or INTERRUPTED: return // no wake consumed
     */
    private boolean lockSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = null;
        for (;;) {
            int v = state;
            if ((v & LOCKED) == 0) {
                if (casState(v, v | LOCKED)) {
                    contended(jfr, node != null ? Won.WOKEN : Won.BARGING);
                    if (node != null) {
                        node.restoreInterrupt();
                    }
                    return true;
                }
                continue;
            }
            boolean interrupted = Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                return gaveUp(interrupted, node);
            }
            if (!casState(v, v + WAITER)) {
                continue;
            }
            if (node == null) {
                node = new Waiter();
            }
            if (stats != null) {
                stats.add(LockEvent.PARK);
            }
            int r = sleep(v + WAITER, node, mode, deadlineNanos);
            uncount();
            if (r == Futex.INTERRUPTED || r == Futex.TIMED_OUT) {
                return gaveUp(r == Futex.INTERRUPTED, node);
            }
            // WOKEN or VALUE_CHANGED: compete again from the top, as Go does
        }
    }

    /** Sleeps on the futex while the word is {@code expected}. */
    private int sleep(int expected, Waiter node, int mode, long deadlineNanos) {
        hooks.beforeSleep();
        return futex.sleep(stateReader, expected, node, mode, deadlineNanos, parkBlocker());
    }

    /** Removes this thread's count (Go's "we're awake: remove ourselves from the count"). */
    private void uncount() {
        for (;;) {
            int v = state;
            if (v < WAITER) {
                throw new IllegalStateException("runtime: bad lock key " + v);
            }
            if (casState(v, v - WAITER)) {
                return;
            }
        }
    }

    @Override
    protected void releaseCore() {
        for (;;) {
            int v = state;
            if ((v & LOCKED) == 0) {
                throw new IllegalStateException("runtime: unlock of unlocked lock");
            }
            if (casState(v, v & ~LOCKED)) {
                if (v >= WAITER) {
                    int woken = futex.wake(1);
                    if (stats != null) {
                        stats.add(woken != 0 ? LockEvent.WAKEUP : LockEvent.EMPTY_WAKE);
                    }
                }
                return;
            }
        }
    }

    @Override
    protected boolean isLockedCore() {
        return (state & LOCKED) != 0;
    }

    @Override
    protected int queueLengthCore() {
        return futex.sleepers();
    }

    @Override
    protected String specCore() {
        return "futex:blocking";
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return futex.sleepingThreads();
    }

    @Override
    protected String stateString() {
        int s = state;
        return "state=" + ((s & LOCKED) != 0 ? "LOCKED" : "UNLOCKED") + ", counted=" + (s >>> 1)
                + ", sleepers=" + futex.sleepers();
    }

    // ---- VarHandle mechanics

    /** The word as the futex re-reads it (volatile), allocated once. */
    private final IntSupplier stateReader = () -> state;

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(BlockingFutexMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
