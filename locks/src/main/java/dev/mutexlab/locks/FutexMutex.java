package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.Futex;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntSupplier;

/**
 * Go's runtime mutex from 2011 to Go 1.23, the "tristate" futex lock, as a reentrant
 * {@link java.util.concurrent.locks.Lock}: one word that is unlocked, locked, or locked with
 * (presumably) sleeping waiters; a waiter spins actively, then passively, then sleeps on a futex.
 *
 * <p>The lock is not fair: there is no queue in the lock itself, a running thread may take it
 * ahead of a woken one, and every woken thread competes again from the start. Every unlock that
 * finds the sleeping state wakes one sleeper, whether or not other waiters are already awake and
 * spinning, which is what makes this design collapse under heavy contention (golang/go#68578)
 * and what {@link SpinbitMutex} fixes.
 *
 * <p>Beyond Go: reentrant and owned, with timed and interruptible acquisition and conditions, as
 * {@link java.util.concurrent.locks.ReentrantLock}. {@link #tryLock()} barges. Acquiring has the
 * memory effects of a volatile read and releasing those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new FutexMutex();
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
public final class FutexMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * A transliteration of runtime/lock_futex.go (lock2/unlock2; the design of CL 4711045,
     * "runtime: improve Linux mutex", Dmitry Vyukov, 2011).
     *
     * State word (int), one of three values:
     *   0 UNLOCKED
     *   1 LOCKED     held, and no thread went to sleep since it was last unlocked
     *   2 SLEEPING   held, and at least one thread may be asleep on the futex: unlock must wake one
     * "There can be spinning threads during all states - they do not affect the mutex's state."
     *
     * lock: exchange in LOCKED (speculative grab); if the old value was UNLOCKED we own it.
     * Otherwise remember the old value as `wait` and loop: 4 rounds of "while UNLOCKED, CAS to
     * `wait`; 30 onSpinWait", then 1 round of the same with a yield, then exchange in SLEEPING
     * (if that returned UNLOCKED we own it, conservatively in SLEEPING), set wait = SLEEPING and
     * sleep on the futex while the word is SLEEPING. A thread that ever saw SLEEPING takes the
     * lock in SLEEPING: whoever replaces SLEEPING by something else must put it back before it
     * returns, or a sleeper loses its wakeup.
     *
     * unlock: exchange in UNLOCKED; if the old value was SLEEPING, futexWake(1).
     *
     * Invariant (no lost wakeup): while a thread sleeps on the futex, the word is SLEEPING or an
     * unlock that saw SLEEPING is about to wake someone. The futex emulation (internal.Futex)
     * enqueues before it re-checks the word, so an unlock between "exchange in SLEEPING" and the
     * park is never missed.
     *
     * Memory ordering: all word accesses are volatile (getAndSet / CAS), as Go's atomics are
     * sequentially consistent; the acquiring exchange or CAS is the acquire, the releasing
     * exchange the release.
     *
     * Cancellation (Go's lock cannot be cancelled). A waiter checks its deadline and interrupt
     * only right after it exchanged in SLEEPING and failed: at that point the word says SLEEPING,
     * so the holder's unlock wakes a sleeper, and a wake this waiter may have consumed is passed
     * on. A waiter whose timed sleep ends removes itself from the futex queue; if a waker had
     * already dequeued it, the sleep counts as a wake, and the waiter goes round the loop once more
     * (and gives up after that exchange) instead of dropping the wake.
     */

    static final int UNLOCKED = 0;
    static final int LOCKED = 1;
    static final int SLEEPING = 2;

    volatile int state; // package-private: the tests check the word on it
    final Futex futex = new Futex(); // package-private: the tests read its sleepers
    /** The word as the futex re-reads it (volatile), allocated once. */
    private final IntSupplier stateReader = () -> state;
    private final SpinPolicy spin = SpinPolicy.GO;

    /** A tristate futex mutex without statistics. */
    public FutexMutex() {
        this(false);
    }

    /** A tristate futex mutex, recording {@link #stats()} when {@code recordStats}. */
    public FutexMutex(boolean recordStats) {
        super(recordStats);
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        return casState(UNLOCKED, LOCKED);
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        int v = getAndSetState(LOCKED); // speculative grab
        if (v == UNLOCKED) {
            return true;
        }
        return lockSlow(v, mode, deadlineNanos);
    }

    /*
     * lockSlow (lock2 after the speculative exchange), with giving up:
     *
     *   wait = v                                  // LOCKED or SLEEPING
     *   loop:
     *     repeat activeRounds: while word == UNLOCKED: if CAS(UNLOCKED, wait): acquired
     *                          procyield(30)
     *     repeat passiveRounds: the same, with osyield
     *     if xchg(SLEEPING) == UNLOCKED: acquired (in SLEEPING)
     *     wait = SLEEPING
     *     if must give up: return                 // the word says SLEEPING: the holder wakes one
     *     futexSleep(word, SLEEPING)              // a timed-out sleep that was also woken counts as woken
     */
    private boolean lockSlow(int v, int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        int wait = v;
        Waiter node = null;
        final SpinPolicy spin = this.spin;
        final int activeRounds = spin.activeRoundsForCurrentThread();
        for (;;) {
            for (int i = 0; i < activeRounds; i++) {
                while (state == UNLOCKED) {
                    if (casState(UNLOCKED, wait)) {
                        return acquiredSpinning(node, jfr);
                    }
                }
                spin.activeSpin();
                if (stats != null) {
                    stats.add(LockEvent.SPIN_ROUND);
                }
            }
            for (int i = 0; i < spin.passiveRounds(); i++) {
                while (state == UNLOCKED) {
                    if (casState(UNLOCKED, wait)) {
                        return acquiredSpinning(node, jfr);
                    }
                }
                SpinPolicy.osyield();
                if (stats != null) {
                    stats.add(LockEvent.YIELD);
                }
            }
            if (getAndSetState(SLEEPING) == UNLOCKED) {
                contended(jfr, node != null ? Won.WOKEN : Won.SPINNING);
                return acquired(node);
            }
            wait = SLEEPING;
            boolean interrupted = Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                return gaveUp(interrupted, node);
            }
            if (node == null) {
                node = new Waiter();
            }
            if (stats != null) {
                stats.add(LockEvent.PARK);
            }
            int r = futex.sleep(stateReader, SLEEPING, node, mode, deadlineNanos, parkBlocker());
            if (r == Futex.INTERRUPTED || r == Futex.TIMED_OUT) {
                return gaveUp(r == Futex.INTERRUPTED, node);
            }
            // WOKEN or VALUE_CHANGED: compete again from the top, as Go does
        }
    }

    private boolean acquiredSpinning(Waiter node, MutexContendedEvent jfr) {
        if (stats != null) {
            stats.add(LockEvent.SPIN_ACQUIRE);
        }
        contended(jfr, node != null ? Won.WOKEN : Won.SPINNING);
        return acquired(node);
    }

    private static boolean acquired(Waiter node) {
        if (node != null) {
            node.restoreInterrupt();
        }
        return true;
    }

    @Override
    protected void releaseCore() {
        int v = getAndSetState(UNLOCKED);
        if (v == UNLOCKED) {
            throw new IllegalStateException("sync: inconsistent mutex state: unlock of unlocked lock");
        }
        if (v == SLEEPING) {
            unlockWake();
        }
    }

    /** Wakes one sleeper, because the word said SLEEPING. */
    private void unlockWake() {
        int woken = futex.wake(1);
        if (stats != null) {
            stats.add(woken != 0 ? LockEvent.WAKEUP : LockEvent.EMPTY_WAKE);
        }
    }

    @Override
    protected boolean isLockedCore() {
        return state != UNLOCKED;
    }

    @Override
    protected int queueLengthCore() {
        return futex.sleepers();
    }

    @Override
    protected String specCore() {
        return "futex";
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return futex.sleepingThreads();
    }

    @Override
    protected String stateString() {
        return "state=" + describe(state) + ", sleepers=" + futex.sleepers();
    }

    static String describe(int s) {
        return switch (s) {
            case UNLOCKED -> "UNLOCKED";
            case LOCKED -> "LOCKED";
            case SLEEPING -> "SLEEPING";
            default -> "INVALID(" + s + ")";
        };
    }

    // ---- VarHandle mechanics

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private int getAndSetState(int next) {
        return (int) STATE.getAndSet(this, next);
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(FutexMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
