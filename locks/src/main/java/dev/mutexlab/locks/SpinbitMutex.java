package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.IdRegistry;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.List;
import java.util.ArrayList;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Go 1.24's runtime mutex, the "spinbit" lock, as a reentrant {@link java.util.concurrent.locks.Lock}:
 * at most one waiter spins, the others sleep on a LIFO stack kept in the lock word, and an
 * unlock wakes nobody while a spinner exists.
 *
 * <p>The lock is not fair. Sleepers form a stack, so a wake targets the most recent sleeper; to
 * keep the oldest from starving, one wake decision in sixteen goes to the bottom of the stack
 * (even if a spinner exists), and that waiter may spin without holding the spinning bit. A woken
 * waiter is not given the lock: it competes again. With {@code preferLowLatency} (Go uses it for
 * {@code sched.lock} only) every waiter spins and every unlock that sees sleepers wakes one.
 *
 * <p>Beyond Go: reentrant and owned, with timed and interruptible acquisition and conditions, as
 * {@link java.util.concurrent.locks.ReentrantLock}. {@link #tryLock()} barges. Acquiring has the
 * memory effects of a volatile read and releasing those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new SpinbitMutex();
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
public final class SpinbitMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * A transliteration of runtime/lock_spinbit.go (Rhys Hiltner, golang/go#68578, and
     * its design document; commit fd050b3c, Go 1.24).
     *
     * State word (long):
     *   bit 0   LOCKED        the lock is held
     *   bit 1   SLEEPING      hint: the stack of sleepers may be non-empty (may be stale; costs one
     *                         extra wake attempt, never a lost wakeup)
     *   bits 2-7              unused (Go loses them to its Xchg8 of the low byte)
     *   bit 8   SPINNING      try-lock: permission for ONE waiter to spin on the word
     *   bit 9   STACK_LOCKED  try-lock: permission to pop or unlink sleepers
     *   bits 10+              id of the sleeper at the top of the LIFO stack (0: empty). Go stores
     *                         a partial M pointer; Java cannot, so each sleeping acquisition takes
     *                         a small id from this lock's own internal.IdRegistry and stores
     *                         id << 10.
     * Each sleeper's node holds the id of the one below it (Go's mWaitList.next). Pushers change
     * only the top (CAS of the word, with their own next set first); everything else — popping,
     * unlinking the bottom, and (here) unlinking a cancelled sleeper — needs STACK_LOCKED.
     *
     * lock: CAS in LOCKED if free (Go exchanges the low byte and restores SLEEPING; a CAS keeps
     * the other bits by construction). Slow path, loop with i counting rounds:
     *   if unlocked: take it — the spinner clears SPINNING in the same CAS and sets SLEEPING only
     *     if the stack is non-empty; others set LOCKED|SLEEPING (conservatively keep the hint)
     *   try to become THE spinner (CAS in SPINNING)
     *   if spinner, or atTail, or preferLowLatency: i < 4: 30 × onSpinWait; i < 5: one yield
     *   otherwise push ourselves, set SLEEPING, drop SPINNING if ours, and sleep; once woken,
     *   atTail = (our next was 0: we were the bottom), i = 0, compete again.
     * unlock: clear LOCKED and SLEEPING; if SLEEPING was set, unlockWake:
     *   antiStarve = one chance in 16
     *   unless antiStarve or no spinner or preferLowLatency: return (the spinner will take it)
     *   take STACK_LOCKED unless someone holds it (they will decide) or the stack is empty
     *   wake the top unless a spinner exists; on antiStarve, unlink the bottom instead and commit
     *   to waking it; pop and release STACK_LOCKED in one CAS; signal.
     *
     * Invariant (no lost wakeup): while the stack is non-empty and the lock is held, SLEEPING is
     * set, or a spinner or a woken waiter is awake and will either take the lock (setting
     * SLEEPING if sleepers remain) or push itself (setting SLEEPING).
     *
     * Cancellation (Go's lock has none). A sleeper whose wait times out or is interrupted takes
     * STACK_LOCKED (spinning, then yielding: its holders never block), unlinks itself if it is
     * still on the stack, and releases STACK_LOCKED with a fix-up that keeps the invariant, because
     * an unlock that found STACK_LOCKED held returned without waking anyone: if sleepers remain and
     * the lock is held it sets SLEEPING, and if the lock is free it pops and wakes the top sleeper.
     * A sleeper that was no longer on the stack was popped by a waker, whose signal is on the way:
     * it counts as woken and competes once more; a waiter that gives up at its sleep point (lock
     * held) sets SLEEPING if sleepers remain and drops SPINNING, so any wake it consumed is passed on.
     *
     * Memory ordering: every word access is volatile (CAS), as Go's atomics are sequentially
     * consistent. A sleeper's next is written before the push CAS and read by STACK_LOCKED holders,
     * who acquire that bit by CAS; the popped node is signalled with Waiter's volatile wake flag.
     */

    static final long LOCKED = 0x001L;
    static final long SLEEPING = 0x002L;
    static final long SPINNING = 0x100L;
    static final long STACK_LOCKED = 0x200L;
    static final long M_MASK = 0x3FFL;
    static final int ID_SHIFT = 10;
    /** Go's {@code mutexTailWakePeriod}: one wake decision in this many wakes the bottom sleeper. */
    static final int TAIL_WAKE_PERIOD = 16;

    volatile long state; // package-private: the tests check the word's invariants on it
    private final boolean preferLowLatency;
    private final SpinPolicy spin = SpinPolicy.GO;
    /** Threads that pushed themselves and have not yet returned from their sleep (for queue length). */
    private final AtomicInteger sleeping = new AtomicInteger();
    private final IdRegistry<Sleeper> registry = new IdRegistry<>(Sleeper::new);
    private final SpinbitMutexHooks hooks;

    /** A spinbit mutex without statistics. */
    public SpinbitMutex() {
        this(false, false);
    }

    /**
     * A spinbit mutex; with {@code preferLowLatency} every waiter spins and every unlock that sees
     * sleepers wakes one (Go's behaviour for {@code sched.lock}).
     */
    public SpinbitMutex(boolean preferLowLatency, boolean recordStats) {
        this(preferLowLatency, recordStats, SpinbitMutexHooks.NONE);
    }

    /** As {@link #SpinbitMutex(boolean, boolean)}, with the hooks a test observes it through. */
    SpinbitMutex(boolean preferLowLatency, boolean recordStats, SpinbitMutexHooks hooks) {
        super(recordStats);
        this.preferLowLatency = preferLowLatency;
        this.hooks = hooks;
    }

    /** Whether this mutex behaves as Go's {@code sched.lock}. */
    public boolean prefersLowLatency() {
        return preferLowLatency;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        long v = state;
        return (v & LOCKED) == 0L && casState(v, v | LOCKED);
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        long v = state;
        if ((v & LOCKED) == 0L && casState(v, v | LOCKED)) { // speculative grab
            return true;
        }
        return lockSlow(mode, deadlineNanos);
    }

    /*
     * lock2's loop (see the notes), with giving up at the sleep point and after a cancelled sleep.
     */
    private boolean lockSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        final SpinPolicy spin = this.spin;
        final int spinRounds = spin.activeRoundsForCurrentThread();
        final boolean preferLowLatency = this.preferLowLatency;
        Sleeper me = null;
        boolean spun = false;
        boolean weSpin = false;
        boolean atTail = false;
        boolean interrupted = false;
        long v = state;
        for (int i = 0;; i++) {
            if ((v & LOCKED) == 0L) {
                long next;
                if (weSpin) {
                    next = (v & ~SPINNING) | SLEEPING | LOCKED;
                    if ((next & ~M_MASK) == 0L) {
                        next &= ~SLEEPING;
                    }
                    hooks.spinningBitDropping();
                } else {
                    next = v | LOCKED | SLEEPING; // Go's Xchg8(LOCKED|SLEEPING): keep the hint
                }
                if (casState(v, next)) {
                    contended(jfr, me != null ? Won.WOKEN : spun ? Won.SPINNING : Won.BARGING);
                    return acquired(me, interrupted, weSpin);
                }
                if (weSpin) {
                    hooks.spinningBitTaken();
                }
                v = state;
                continue;
            }
            if (!weSpin && (v & SPINNING) == 0L && casState(v, v | SPINNING)) {
                v |= SPINNING;
                weSpin = true;
                hooks.spinningBitTaken();
            }
            if (weSpin || atTail || preferLowLatency) {
                if (i < spinRounds) {
                    spin.activeSpin();
                    spun = true;
                    if (stats != null) {
                        stats.add(LockEvent.SPIN_ROUND);
                    }
                    v = state;
                    continue;
                } else if (i < spinRounds + spin.passiveRounds()) {
                    SpinPolicy.osyield();
                    spun = true;
                    if (stats != null) {
                        stats.add(LockEvent.YIELD);
                    }
                    v = state;
                    continue;
                }
            }
            // Go to sleep, or give up here.
            interrupted |= Waiter.takeInterrupt(mode);
            if (interrupted || Waiter.deadlinePassed(mode, deadlineNanos)) {
                long next = v & ~(weSpin ? SPINNING : 0L);
                if ((next & ~M_MASK) != 0L) {
                    next |= SLEEPING; // pass on any wake we consumed: the holder's unlock wakes one
                }
                if (weSpin) {
                    hooks.spinningBitDropping();
                }
                if (casState(v, next)) {
                    release(me);
                    return gaveUp(interrupted, null);
                }
                if (weSpin) {
                    hooks.spinningBitTaken();
                }
                v = state;
                continue;
            }
            if (me == null) {
                me = registry.take();
                me.waiter = new Waiter();
            }
            me.next = (int) (v >>> ID_SHIFT);
            me.waiter.reset(); // before the push: a waker may pop and signal us right after it
            long next = ((long) me.id << ID_SHIFT) | (v & M_MASK) | SLEEPING;
            if (weSpin) {
                next &= ~SPINNING; // retire as the spinner when going to sleep
                hooks.spinningBitDropping();
            }
            if (casState(v, next)) {
                weSpin = false;
                sleeping.incrementAndGet();
                if (stats != null) {
                    stats.add(LockEvent.PARK);
                }
                int r = me.waiter.block(parkBlocker(), mode, deadlineNanos);
                if (r != Waiter.SIGNALLED) {
                    interrupted |= r == Waiter.INTERRUPTED;
                    if (leaveStack(me)) {
                        sleeping.decrementAndGet();
                        release(me);
                        return gaveUp(interrupted, null);
                    }
                    me.waiter.awaitSignal(parkBlocker()); // popped by a waker: its signal is on the way
                }
                sleeping.decrementAndGet();
                atTail = me.next == 0;
                i = 0;
            } else if (weSpin) {
                hooks.spinningBitTaken();
            }
            me.next = 0;
            v = state;
        }
    }

    private boolean acquired(Sleeper me, boolean interrupted, boolean weSpin) {
        if (stats != null && weSpin) {
            stats.add(LockEvent.SPIN_ACQUIRE);
        }
        if (me != null) {
            me.waiter.acquiredAfterWait(interrupted);
            release(me);
        } else if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return true;
    }

    private void release(Sleeper me) {
        if (me != null) {
            me.waiter = null; // nobody reads it now: a waker reads it before its signal, which we waited for
            registry.release(me);
        }
    }

    /*
     * Cancellation: take STACK_LOCKED; unlink ourselves if still stacked; release STACK_LOCKED,
     * setting SLEEPING if sleepers remain and the lock is held, or popping and waking the top
     * sleeper if the lock is free (an unlock may have skipped its wake because we held the bit).
     * Returns whether we were still on the stack (no wake consumed).
     */
    private boolean leaveStack(Sleeper me) {
        long v;
        for (int spins = 0;; spins++) {
            v = state;
            if ((v & STACK_LOCKED) == 0L && casState(v, v | STACK_LOCKED)) {
                break;
            }
            if (spins < SpinPolicy.ACTIVE_SPIN_SIZE) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        boolean removed = false;
        for (;;) {
            v = state;
            int top = (int) (v >>> ID_SHIFT);
            if (top == me.id) {
                if (casState(v, ((long) me.next << ID_SHIFT) | (v & M_MASK))) {
                    removed = true;
                    break;
                }
                continue; // a push changed the top: look again
            }
            Sleeper prev = null;
            for (int id = top; id != 0 && id != me.id; id = registry.get(id).next) {
                prev = registry.get(id);
            }
            if (prev != null && prev.next == me.id) {
                prev.next = me.next; // STACK_LOCKED held: only we change links below the top
                removed = true;
            }
            break;
        }
        Sleeper wake = null;
        for (;;) {
            v = state;
            long next = v & ~STACK_LOCKED;
            wake = null;
            if ((next & ~M_MASK) != 0L) {
                if ((next & LOCKED) != 0L) {
                    next |= SLEEPING;
                } else {
                    wake = registry.get((int) (next >>> ID_SHIFT));
                    next = ((long) wake.next << ID_SHIFT) | (next & M_MASK);
                }
            }
            if (casState(v, next)) {
                break;
            }
        }
        if (wake != null) {
            wake.waiter.signal();
            if (stats != null) {
                stats.add(LockEvent.WAKEUP);
            }
        }
        return removed;
    }

    @Override
    protected void releaseCore() {
        long v;
        do {
            v = state;
        } while (!casState(v, v & ~(LOCKED | SLEEPING))); // Go's Xchg8(low byte, 0)
        if ((v & LOCKED) == 0L) {
            throw inconsistent("unlock of unlocked lock", v);
        }
        if ((v & SLEEPING) != 0L) {
            unlockWake();
        }
    }

    /*
     * unlock2Wake (see the notes): maybe skip; take STACK_LOCKED; choose the top, or on antiStarve
     * the bottom (unlinked once and committed to); pop and release STACK_LOCKED in one CAS; signal.
     */
    private void unlockWake() {
        long v = state;
        final boolean antiStarve = ThreadLocalRandom.current().nextInt(TAIL_WAKE_PERIOD) == 0;
        if (!(antiStarve || (v & SPINNING) == 0L || preferLowLatency)) {
            if (stats != null) {
                stats.add(LockEvent.WAKE_SKIPPED);
            }
            return; // a spinner exists: it will take the lock, or push itself with SLEEPING set
        }
        for (;;) {
            if ((v & ~M_MASK) == 0L || (v & STACK_LOCKED) != 0L) {
                return; // no sleepers, or the STACK_LOCKED holder will decide
            }
            if (casState(v, v | STACK_LOCKED)) {
                break;
            }
            v = state;
        }
        Sleeper committed = null;
        for (;;) {
            long headM = v & ~M_MASK;
            long flags = v & (M_MASK & ~STACK_LOCKED);
            Sleeper mp = registry.get((int) (v >>> ID_SHIFT));
            Sleeper wakem = committed;
            if (committed == null) {
                if ((v & SPINNING) == 0L || preferLowLatency) {
                    wakem = mp;
                }
                if (antiStarve) {
                    wakem = mp;
                    Sleeper prev = mp;
                    while (wakem.next != 0) {
                        prev = wakem;
                        wakem = registry.get(wakem.next);
                    }
                    if (wakem != mp) {
                        committed = wakem; // a promise: we wake it even if the CAS below retries
                        prev.next = wakem.next;
                    }
                }
            }
            if (wakem == mp) {
                headM = (long) mp.next << ID_SHIFT;
            }
            if (casState(v, headM | flags)) {
                if (wakem != null) {
                    wakem.waiter.signal();
                    if (stats != null) {
                        stats.add(wakem == committed ? LockEvent.ANTI_STARVATION_WAKE : LockEvent.WAKEUP);
                    }
                }
                return;
            }
            v = state;
        }
    }

    @Override
    protected boolean isLockedCore() {
        return (state & LOCKED) != 0L;
    }

    @Override
    protected int queueLengthCore() {
        return Math.max(0, sleeping.get());
    }

    @Override
    protected String specCore() {
        return "spinbit" + (preferLowLatency ? ":lowlatency" : "");
    }

    /**
     * Walks the sleeper stack from the word's top id without taking STACK_LOCKED: an estimate.
     * Ids are never destroyed, so a stale link still names a slot; the walk stops after as many
     * steps as there are sleepers, so a link changed under it cannot make it loop.
     */
    @Override
    protected Collection<Thread> queuedThreadsCore() {
        List<Thread> list = new ArrayList<>();
        int steps = Math.max(0, sleeping.get());
        for (int id = (int) (state >>> ID_SHIFT); id != 0 && steps-- > 0; ) {
            Sleeper s = registry.get(id);
            Waiter w = s.waiter;
            if (w != null && !list.contains(w.thread)) {
                list.add(w.thread);
            }
            id = s.next;
        }
        return list;
    }

    @Override
    protected String stateString() {
        return "state=" + describe(state) + (preferLowLatency ? ", lowlatency" : "");
    }

    /** The state word as flags and top sleeper id, e.g. {@code LOCKED|SPINNING top=3}. */
    static String describe(long s) {
        StringBuilder sb = new StringBuilder();
        if ((s & LOCKED) != 0L) {
            sb.append("LOCKED|");
        }
        if ((s & SLEEPING) != 0L) {
            sb.append("SLEEPING|");
        }
        if ((s & SPINNING) != 0L) {
            sb.append("SPINNING|");
        }
        if ((s & STACK_LOCKED) != 0L) {
            sb.append("STACK_LOCKED|");
        }
        if (sb.isEmpty()) {
            sb.append("0|");
        }
        sb.setLength(sb.length() - 1);
        return sb.append(" top=").append(s >>> ID_SHIFT).toString();
    }

    private static IllegalStateException inconsistent(String what, long s) {
        return new IllegalStateException("runtime: inconsistent mutex state: " + what + " (" + describe(s) + ")");
    }

    /** A sleeper slot: a small id, the waiter of the acquisition using it, and the id below it. */
    static final class Sleeper extends IdRegistry.Slot {
        /**
         * The waiter of the acquisition that holds this id. Plain: written by that acquisition
         * before the push CAS that makes the id reachable, and not rewritten while the id is on the
         * stack or a waker still holds it (the id is released only after its waiter was signalled).
         */
        Waiter waiter;
        /** Go's mWaitList.next: the id of the sleeper below, 0 at the bottom. */
        volatile int next;

        Sleeper(int id) {
            super(id);
        }
    }

    // ---- VarHandle mechanics

    private boolean casState(long expected, long next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SpinbitMutex.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
