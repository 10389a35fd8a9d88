package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.RuntimeSemaphore;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.Threads;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.util.Collection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;

/**
 * Go's {@code sync.Mutex} (Go 1.9 and later) as a reentrant {@link java.util.concurrent.locks.Lock}:
 * barging with brief spinning in normal mode, and direct handoff in starvation mode, which a
 * waiter switches on after waiting longer than the starvation threshold (1 ms by default).
 *
 * <p>Normal mode favours throughput: a running thread may take the lock ahead of a woken waiter,
 * which usually loses and goes back to the front of the queue. Starvation mode favours waiting
 * time: {@code unlock} hands ownership to the first waiter and yields to it, and arriving threads
 * neither spin nor barge. The mode ends when a waiter that waited less than the threshold, or the
 * last waiter, receives the lock. The threshold is a constructor argument so that the three
 * settings can be compared: {@link Duration#ZERO} (hand off whenever anyone waits), the default,
 * and {@link #NEVER}.
 *
 * <p>Beyond Go: the lock is reentrant and owned (unlock by another thread throws
 * {@link IllegalMonitorStateException}), and it supports timed and interruptible acquisition and
 * conditions, as {@link java.util.concurrent.locks.ReentrantLock} does. {@link #tryLock()} barges,
 * like Go's {@code TryLock}, except in starvation mode.
 *
 * <p>Carrier-aware mode ({@link #GoMutex(Duration, boolean, boolean)}, spec {@code go:carrieraware})
 * changes only what virtual threads do, toward what Go's scheduler checks before a goroutine
 * spins: a virtual thread does not spin while a waiter that an unlock woke is still waiting for
 * a carrier, and never claims the "woken" flag that makes unlock skip its wake. Without it, two
 * mounted virtual threads can trade the lock while the parked waiters are never woken (virtual
 * threads are not preempted), and their waits reach 100 ms and more.
 *
 * <pre>{@code
 * Mutex m = new GoMutex();                 // 1 ms starvation threshold
 * Mutex fair = new GoMutex(Duration.ZERO); // hand off whenever anyone waits
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
public final class GoMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * A transliteration of src/internal/sync/mutex.go (CL 34310, Go 1.9; the handoff yield of
     * CL 200577, Go 1.14); the transitions are numbered T1-T10 below.
     *
     * State word (int):
     *   bit 0  LOCKED    the lock is held
     *   bit 1  WOKEN     a thread is awake and competing (a spinner, or a waiter just woken), so
     *                    unlock must not wake another; owned by that thread, which clears it on
     *                    its next successful CAS
     *   bit 2  STARVING  starvation mode: unlock hands ownership to the first waiter
     *   bits 3+          number of waiters (W), in units of 1 << WAITER_SHIFT
     *
     * Who decrements W: in normal mode the unlocker, for the waiter it wakes (T7); in starvation
     * mode the waiter itself, when it receives the lock (T9). In starvation mode LOCKED may be
     * clear while ownership is in transit; the lock counts as held while STARVING is set.
     *
     * Waiters sleep on a RuntimeSemaphore (Go's sema): FIFO, except that a woken waiter that lost
     * the race re-queues at the front and keeps its original waitStartNanos.
     *
     * Memory ordering: every state access is volatile (Go's atomics are sequentially consistent);
     * the acquiring CAS gives acquire semantics and the releasing add release semantics.
     *
     * Cancellation (Go has none). A waiter that gives up while queued takes itself out of the
     * semaphore queue and then out of the count (leaveWaiters): W + pending semaphore units must
     * drop by one. If W is 0, an unlocker already counted it as woken (T7), so it takes that
     * unlocker's semaphore unit and WOKEN flag and gives up as a woken waiter would. (It must take
     * them itself: left for the next arrival, they would let a waiter that is still counted act as
     * woken and count itself twice, a phantom waiter.) Removing the last waiter of a
     * starving, locked mutex also ends starvation mode, since unlock must never hand off to
     * nobody. If the mutex is starving and unlocked with W = 1, ownership is in transit and the
     * leaving waiter is the only one it can be meant for: the unlocker found the semaphore queue
     * empty (the waiter had just left it) and left the unit in the count. Decrementing W there
     * would strand that unit and leave a free mutex in starvation mode, which isLocked() reports
     * held and tryLock() refuses until a blocking lock() happens to take the unit. So the waiter takes the unit and the lock, exactly as a queued waiter that is handed
     * ownership while giving up: the invariant "while STARVING, LOCKED is clear iff one handoff
     * unit is in transit, and W counts its recipient" holds throughout. (Ending starvation mode
     * and leaving the lock free instead would still have to consume the unit, and would break the
     * rule that a waiter to which ownership was handed keeps it.) A waiter that gives up after
     * being woken in normal mode takes the lock if it is free, and otherwise clears WOKEN so that
     * the holder's unlock wakes someone else. A waiter to which ownership was handed keeps it.
     */

    /** The default starvation threshold, Go's {@code starvationThresholdNs}: 1 ms. */
    public static final Duration DEFAULT_STARVATION_THRESHOLD = Duration.ofMillis(1);
    /** A threshold that is never reached: the mutex never enters starvation mode. */
    public static final Duration NEVER = Duration.ofNanos(Long.MAX_VALUE);

    static final int LOCKED = 1;
    static final int WOKEN = 2;
    static final int STARVING = 4;
    static final int WAITER_SHIFT = 3;
    static final int ONE_WAITER = 1 << WAITER_SHIFT;

    volatile int state; // package-private: the tests check the invariants on it
    final RuntimeSemaphore sema = new RuntimeSemaphore(); // package-private: the tests read its count and queue
    private final long starvationThresholdNanos;
    private final SpinPolicy spin = SpinPolicy.GO;
    private final boolean carrierAware;
    private final GoMutexHooks hooks;

    /** A mutex with Go's 1 ms starvation threshold and no statistics. */
    public GoMutex() {
        this(DEFAULT_STARVATION_THRESHOLD, false);
    }

    /**
     * A mutex that switches to starvation mode when a waiter has waited longer than
     * {@code starvationThreshold}; {@link Duration#ZERO} switches as soon as a woken waiter loses,
     * {@link #NEVER} never switches.
     */
    public GoMutex(Duration starvationThreshold) {
        this(starvationThreshold, false);
    }

    /** As {@link #GoMutex(Duration)}, recording {@link #stats()} when {@code recordStats}. */
    public GoMutex(Duration starvationThreshold, boolean recordStats) {
        this(starvationThreshold, false, recordStats);
    }

    /**
     * As {@link #GoMutex(Duration, boolean)}; with {@code carrierAware}, virtual threads follow
     * Go's spinning conditions as far as Java can see them (see the class description).
     */
    public GoMutex(Duration starvationThreshold, boolean carrierAware, boolean recordStats) {
        this(starvationThreshold, carrierAware, recordStats, GoMutexHooks.NONE);
    }

    /** As {@link #GoMutex(Duration, boolean, boolean)}, with the hooks a test stops it at. */
    GoMutex(Duration starvationThreshold, boolean carrierAware, boolean recordStats, GoMutexHooks hooks) {
        super(recordStats);
        this.carrierAware = carrierAware;
        this.hooks = hooks;
        Objects.requireNonNull(starvationThreshold, "starvationThreshold");
        if (starvationThreshold.isNegative()) {
            throw new IllegalArgumentException("starvation threshold must not be negative: " + starvationThreshold);
        }
        this.starvationThresholdNanos = saturatedNanos(starvationThreshold);
    }

    /** The starvation threshold in nanoseconds ({@code Long.MAX_VALUE} for {@link #NEVER}). */
    public long starvationThresholdNanos() {
        return starvationThresholdNanos;
    }

    /** Whether virtual threads follow the carrier-aware spinning rules. */
    public boolean isCarrierAware() {
        return carrierAware;
    }

    /** Whether the mutex is in starvation (handoff) mode. */
    public boolean isStarving() {
        return (state & STARVING) != 0;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        int old = state;
        if ((old & (LOCKED | STARVING)) != 0) {
            return false;
        }
        return casState(old, old | LOCKED); // may barge ahead of sleeping waiters, as Go's TryLock
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        if (casState(0, LOCKED)) { // T1
            return true;
        }
        return lockSlow(mode, deadlineNanos);
    }

    /*
     * lockSlow, as Go's, plus giving up:
     *
     *   loop:
     *     if normal mode, locked, and canSpin(iter):          (T2: claim WOKEN so unlock wakes nobody)
     *         spin; continue                                  (carrier-aware: see spinDecision)
     *     new = old; if normal: new |= LOCKED; if locked or starving: new += 1 waiter
     *     if starving and locked: new |= STARVING; if awoke: new &^= WOKEN
     *     if new would block and we must give up: leave (clear WOKEN if awoke) and return
     *     if CAS(old, new):
     *         if old was unlocked and normal: acquired        (T3)
     *         block on sema (at the front if re-queued)       (T4, T5)
     *         starving |= waited > threshold
     *         if STARVING: ownership was handed to us        (T9) -> fix LOCKED, W, maybe leave starvation
     *         else awoke = true, iter = 0                     (T10)
     */
    private boolean lockSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = null;
        long waitStartNanos = 0L;
        boolean starving = false;
        boolean awoke = false;
        boolean spun = false;
        boolean handedOff = false;
        int iter = 0;
        final boolean onCarrier = carrierAware && Threads.currentIsVirtual();
        int old = state;
        for (;;) {
            int spinning = (old & (LOCKED | STARVING)) == LOCKED && spin.canSpin(iter)
                    ? spinDecision(old, awoke, onCarrier, onCarrier ? sema.readied() : 0) : NO_SPIN;
            if (spinning != NO_SPIN) {
                if (spinning == SPIN_CLAIMING_WOKEN && casState(old, old | WOKEN)) {
                    awoke = true;
                }
                spin.activeSpin();
                if (stats != null) {
                    stats.add(LockEvent.SPIN_ROUND);
                }
                spun = true;
                iter++;
                old = state;
                continue;
            }
            int next = old;
            if ((old & STARVING) == 0) {
                next |= LOCKED;
            }
            boolean willBlock = (old & (LOCKED | STARVING)) != 0;
            if (willBlock) {
                next += ONE_WAITER;
            }
            if (starving && (old & LOCKED) != 0) {
                next |= STARVING;
            }
            if (awoke) {
                if ((next & WOKEN) == 0) {
                    throw inconsistent("woken waiter without the WOKEN flag", old);
                }
                next &= ~WOKEN;
            }
            if (willBlock) {
                int giveUp = mustGiveUp(mode, deadlineNanos);
                if (giveUp != 0) {
                    if (awoke) {
                        if (!casState(old, old & ~WOKEN)) { // hand the WOKEN duty back to unlock
                            old = state;
                            continue;
                        }
                    }
                    return gaveUp(giveUp == INTERRUPT, node);
                }
            }
            if (casState(old, next)) {
                if (stats != null && (old & STARVING) == 0 && (next & STARVING) != 0) {
                    stats.starvationEntered();
                }
                if ((old & (LOCKED | STARVING)) == 0) {
                    break; // T3: acquired by CAS
                }
                boolean queueLifo = waitStartNanos != 0L;
                if (waitStartNanos == 0L) {
                    waitStartNanos = System.nanoTime();
                    node = new Waiter();
                }
                int r = sema.acquire(node, queueLifo, mode, deadlineNanos, parkBlocker(), stats);
                starving = starving || System.nanoTime() - waitStartNanos > starvationThresholdNanos;
                if (r == RuntimeSemaphore.TIMED_OUT || r == RuntimeSemaphore.INTERRUPTED) {
                    hooks.beforeLeave();
                    if (leaveWaiters(starving)) { // the wake or handoff meant for us came with the lock: keep it
                        if (r == RuntimeSemaphore.INTERRUPTED) {
                            node.rememberInterrupt();
                        }
                        break;
                    }
                    return gaveUp(r == RuntimeSemaphore.INTERRUPTED, node);
                }
                old = state;
                if ((old & STARVING) != 0) {
                    acceptHandoff(starving); // T9
                    handedOff = true;
                    break;
                }
                if (stats != null) {
                    stats.add(LockEvent.REQUEUE);
                }
                awoke = true; // T10
                iter = 0;
            } else {
                old = state;
            }
        }
        if (node != null) {
            node.restoreInterrupt();
        }
        contended(jfr, handedOff ? Won.HANDOFF : node != null ? Won.WOKEN : spun ? Won.SPINNING : Won.BARGING);
        return true;
    }

    static final int NO_SPIN = 0;
    static final int SPIN = 1;
    static final int SPIN_CLAIMING_WOKEN = 2;

    /*
     * spinDecision: what a contender that Go's canSpin(iter) allows to spin does, given the state
     * word (locked, normal mode). Go spins, and claims WOKEN when nobody holds it and waiters
     * exist, so that the unlock it expects to win wakes nobody (T2).
     *
     * On a carrier (carrier-aware mode, virtual thread), Go's other conditions apply as Java can
     * see them. Go does not spin when its P's run queue is not empty: a goroutine that an unlock
     * readied must not be kept off its CPU by a spinner. The Java view of that queue is the
     * semaphore's readied count: waiters signalled and not yet running, i.e. waiting for a
     * carrier. And Go relies on preemption (sysmon) so that no pair of running goroutines keeps the
     * others off the CPU for long; virtual threads are never preempted, so a spinner that claims
     * WOKEN can suppress every wake for as long as two mounted threads trade the lock, and a
     * parked waiter's starvation clock only runs once it is woken. So on a carrier a contender
     * never claims WOKEN: an unlock with waiters and no woken waiter always wakes one, and the
     * spinners then stand aside (readied > 0) until it has a carrier.
     */
    static int spinDecision(int old, boolean awoke, boolean onCarrier, int readied) {
        if (onCarrier) {
            return readied == 0 ? SPIN : NO_SPIN;
        }
        boolean claim = !awoke && (old & WOKEN) == 0 && (old >>> WAITER_SHIFT) != 0;
        return claim ? SPIN_CLAIMING_WOKEN : SPIN;
    }

    private static final int TIMEOUT = 1;
    private static final int INTERRUPT = 2;

    private static int mustGiveUp(int mode, long deadlineNanos) {
        if ((mode & Waiter.INTERRUPTIBLE) != 0 && Thread.currentThread().isInterrupted()) {
            return INTERRUPT;
        }
        return Waiter.deadlinePassed(mode, deadlineNanos) ? TIMEOUT : 0;
    }

    /*
     * T9: ownership was handed to us (we hold the semaphore unit of a starvation-mode unlock);
     * LOCKED is clear and we are still counted in W. Take the lock and our count in one add, and
     * end starvation mode if we did not starve or are the last waiter.
     */
    private void acceptHandoff(boolean starving) {
        int old = state;
        if ((old & (LOCKED | WOKEN)) != 0 || (old >>> WAITER_SHIFT) == 0) {
            throw inconsistent("handoff found LOCKED or WOKEN set, or no waiters", old);
        }
        int delta = LOCKED - ONE_WAITER;
        boolean exit = !starving || (old >>> WAITER_SHIFT) == 1;
        if (exit) {
            // Critical to do it here and consider wait time: starvation mode is so
            // inefficient that two threads can go lock-step forever once it is on.
            delta -= STARVING;
        }
        getAndAddState(delta);
        if (stats != null) {
            stats.add(LockEvent.HANDOFF);
            if (exit) {
                stats.starvationExited();
            }
        }
    }

    /*
     * leaveWaiters: a waiter that gave up and is no longer queued takes itself out of the count.
     * What must drop by one is W plus the semaphore units pending for woken waiters (each unlock
     * in normal mode turns one unit of W into one semaphore unit, T7). So:
     *   if starving, unlocked and W == 1: an unlock is handing ownership to the first waiter, and
     *        the only counted waiter is us: the handoff is ours. Take its unit (the unlocker may
     *        still be between its add and its release) and accept the handoff: we keep the lock.
     *   else if W > 0: W -= 1 (and end starvation mode if that was the last waiter of a held lock);
     *   else an unlocker already woke us (W was decremented for us) and its unit is on the way:
     *        take the unit, and with it the WOKEN flag, and act as a woken waiter that gives up:
     *        take the lock if it is free, else clear WOKEN so the holder's unlock wakes another.
     * If another waiter takes that unit first it has taken our place, and W > 0 again counts it.
     * A unit we take means what the state says once we hold it: while starving, a handoff (only
     * a starvation-mode unlock makes units then, and LOCKED stays clear until its unit is taken);
     * otherwise a normal-mode wake, whose WOKEN flag nobody else can clear meanwhile.
     */
    private boolean leaveWaiters(boolean starving) {
        for (int spins = 0;; spins++) {
            int old = state;
            int waiters = old >>> WAITER_SHIFT;
            boolean handoffToUs = waiters == 1 && (old & (STARVING | LOCKED)) == STARVING;
            if (waiters != 0 && !handoffToUs) {
                int next = old - ONE_WAITER;
                boolean exit = waiters == 1 && (old & (STARVING | LOCKED)) == (STARVING | LOCKED);
                if (exit) {
                    next &= ~STARVING; // nobody left to hand off to
                }
                if (casState(old, next)) {
                    if (exit && stats != null) {
                        stats.starvationExited();
                    }
                    return false;
                }
            } else if (sema.tryAcquire()) {
                if ((state & STARVING) != 0) {
                    acceptHandoff(starving);
                    return true;
                }
                return giveUpWoken();
            } else if (spins < 100) {
                Thread.onSpinWait(); // the unlocker is between its state change and its semaphore release
            } else {
                Thread.yield();
            }
        }
    }

    /** A woken waiter (it owns WOKEN) that gives up: takes the lock if free, else hands WOKEN back. */
    private boolean giveUpWoken() {
        for (;;) {
            int old = state;
            if ((old & WOKEN) == 0) {
                throw inconsistent("woken waiter without the WOKEN flag", old);
            }
            if ((old & (LOCKED | STARVING)) == 0) {
                if (casState(old, (old | LOCKED) & ~WOKEN)) {
                    return true;
                }
            } else if (casState(old, old & ~WOKEN)) {
                return false;
            }
        }
    }

    @Override
    protected void releaseCore() {
        int next = getAndAddState(-LOCKED) - LOCKED; // T6: Go's one atomic add, uncontended or not
        if (next != 0) {
            unlockSlow(next);
        }
    }

    /*
     * unlockSlow: in normal mode wake one waiter unless there is none, or one is already awake
     * (WOKEN), or the lock was re-taken, or starvation began meanwhile (T7); in starvation mode
     * hand the lock to the first waiter and yield to it (T8).
     */
    private void unlockSlow(int next) {
        if (((next + LOCKED) & LOCKED) == 0) {
            throw inconsistent("unlock of unlocked mutex", next);
        }
        if ((next & STARVING) == 0) {
            int old = next;
            for (;;) {
                if ((old >>> WAITER_SHIFT) == 0 || (old & (LOCKED | WOKEN | STARVING)) != 0) {
                    if (stats != null && (old & WOKEN) != 0 && (old >>> WAITER_SHIFT) != 0) {
                        stats.add(LockEvent.WAKE_SKIPPED);
                    }
                    return;
                }
                int wake = (old - ONE_WAITER) | WOKEN;
                if (casState(old, wake)) {
                    Waiter w = sema.release(false);
                    if (stats != null && w != null) {
                        stats.add(LockEvent.WAKEUP);
                    }
                    return;
                }
                old = state;
            }
        } else {
            sema.release(true); // T8: state unchanged; the waiter fixes LOCKED and W
        }
    }

    @Override
    protected boolean isLockedCore() {
        return (state & (LOCKED | STARVING)) != 0;
    }

    @Override
    protected int queueLengthCore() {
        return state >>> WAITER_SHIFT;
    }

    @Override
    protected String specCore() {
        return "go" + (starvationThresholdNanos == DEFAULT_STARVATION_THRESHOLD.toNanos() ? ""
                : ":threshold=" + (starvationThresholdNanos == Long.MAX_VALUE ? "never"
                        : starvationThresholdNanos + "ns")) // exact, whatever the unit it was given in
                + (carrierAware ? ":carrieraware" : "");
    }

    @Override
    protected Collection<Thread> queuedThreadsCore() {
        return sema.waitingThreads();
    }

    @Override
    protected String stateString() {
        int s = state;
        return "state=" + describe(s) + ", threshold=" + (starvationThresholdNanos == Long.MAX_VALUE
                ? "never" : Duration.ofNanos(starvationThresholdNanos).toString())
                + (carrierAware ? ", carrieraware" : "");
    }

    /** The state word as flags and waiter count, e.g. {@code LOCKED|STARVING waiters=3}. */
    static String describe(int s) {
        StringBuilder sb = new StringBuilder();
        if ((s & LOCKED) != 0) {
            sb.append("LOCKED|");
        }
        if ((s & WOKEN) != 0) {
            sb.append("WOKEN|");
        }
        if ((s & STARVING) != 0) {
            sb.append("STARVING|");
        }
        if (sb.isEmpty()) {
            sb.append("0|");
        }
        sb.setLength(sb.length() - 1);
        return sb.append(" waiters=").append(s >>> WAITER_SHIFT).toString();
    }

    private static IllegalStateException inconsistent(String what, int s) {
        return new IllegalStateException("sync: inconsistent mutex state: " + what + " (" + describe(s) + ")");
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    // ---- VarHandle mechanics

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private int getAndAddState(int delta) {
        return (int) STATE.getAndAdd(this, delta);
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(GoMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
