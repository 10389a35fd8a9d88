package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;

/**
 * A lock with the throughput of a barging lock and a bound on waiting: one holder, at most one
 * waiter "on deck" spinning for the lock, and the others asleep in line in order of arrival. A
 * waiter that has waited longer than the bound (1 ms by default) is handed the lock by the next
 * unlock, and the running waiter on deck trades places with a sleeper whose bound has passed.
 *
 * <p>Use it where {@link java.util.concurrent.locks.ReentrantLock} or {@code synchronized} would
 * do but long tails would not: running threads may take the lock back to back (which is what
 * makes barging locks fast when critical sections are short), only one waiter spins (so spinning
 * never eats the processors that the holder and the work outside the lock need), the spin is
 * learned per lock as HotSpot's monitors learn theirs, and a waiter waits about the bound plus the
 * holds of those ahead of it — also on virtual threads, where nothing preempts a thread that keeps
 * a carrier busy. {@code docs/RESULTS.md} (§12) has what it costs and where it loses.
 *
 * <p>Like {@code ReentrantLock}: reentrant and owned ({@code unlock} by another thread throws
 * {@link IllegalMonitorStateException}), with {@link #tryLock()} (which barges whenever the lock
 * is free), timed and interruptible acquisition, and conditions. Acquiring has the memory effects
 * of a volatile read and releasing those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new LineupMutex();                              // waits bounded at about 1 ms
 * Mutex tight = new LineupMutex(Duration.ofNanos(250_000)); // tighter bound, a little less throughput
 * m.lock();
 * try {
 *     // ...
 * } finally {
 *     m.unlock();
 * }
 * }</pre>
 */
public final class LineupMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * Origins. The "baseball lineup" proposed for Go's runtime lock (golang/go#68578): one thread
     * at bat, one on deck spinning, the rest in the dugout asleep. Malthusian locks (Dice) keep
     * the surplus waiters asleep so that only as many threads circulate as keep the lock busy;
     * HotSpot's monitors contribute the learned spin and the heir presumptive (an exiting thread
     * wakes nobody while a successor is already awake); ShflLock's blocking variant hands the lock
     * only to a waiter that is running; Go's sync.Mutex (CL 34310) and parking_lot's eventual
     * fairness bound the barging in time; Linux's mutex hands over with the lock still held
     * (HANDOFF, then PICKUP). The swap — the running waiter wakes the due sleeper and sleeps in
     * its place — is this lock's own: it keeps the count of runnable threads constant while the
     * line rotates, so the processor the swapper gives up is the one the woken thread runs on.
     *
     * State word (int):
     *   bit 0  LOCKED   held, or being handed over (ownership passes with it set)
     *   bit 1  WAITERS  the line of sleepers is not empty (exact whenever the line's guard is free)
     *   bit 2  HANDOFF  the waiter on deck is past its bound and asks for the lock: the next unlock
     *                   hands it over, keeping LOCKED. Set only by the deck's owner.
     * deck (a volatile Waiter, null when empty): the heir presumptive, the one waiter that is awake
     * and competing — spinning, or woken and about to run. Taken by CAS from null (an arrival, or
     * an unlock that wakes a sleeper for it); given up only by its owner (taking the lock, leaving,
     * or giving it to a due sleeper in a swap).
     *
     * Invariants: at most one thread spins (the deck's owner); HANDOFF implies LOCKED and a deck
     * whose owner set it and is waiting for exactly that handoff; a waiter that leaves the line
     * touches WAITERS only (a HANDOFF request survives it); the line is in order of arrival
     * (Waiter.startNanos); if the line is non-empty then the lock is held (its unlock sees
     * WAITERS) or the deck is owned (its owner takes the lock, or leaves and passes the duty on);
     * nothing here yields a processor inside unlock.
     *
     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow), looping:
     *   - lock free: take it (barging; every bypass ends at the bound);
     *   - deck empty and spinning can pay: take the deck and spin (spinOnDeck) until the lock is
     *     free, the learned budget (AdaptiveSpin) runs out (then leave the deck and sleep), or a
     *     look at the clock finds
     *       this waiter past its bound: set HANDOFF and wait for the lock (awaitHandoff: spin on
     *         the node, then park), or
     *       the line's first sleeper past its bound: swap — under the line's guard take it out,
     *         give it the deck, join the line in order of arrival, signal it, and park;
     *   - otherwise: sleep in line. Setting WAITERS needs LOCKED (one CAS), so no wake-up is lost.
     *     A sleeper is woken only to be given the deck (ticket DECK).
     * unlock: CAS LOCKED -> 0. Slow path (releaseSlow):
     *   - HANDOFF: clear it, keeping LOCKED, and signal the deck's owner (ticket HANDED);
     *   - else clear LOCKED; then if WAITERS and the deck is empty, give the deck to the first
     *     sleeper and wake it (wakeHeir). With the deck owned, unlock wakes nobody: its owner
     *     takes the lock (the futile wake-up HotSpot's successor rule avoids).
     * So a thread runs in the lock only as the holder or the one on deck; everyone else sleeps,
     * and the line rotates one for one. The bound is enforced by running threads, not by timers:
     * a sleeper's timer would wake it into a run queue that is full (platform threads) or onto
     * carriers that nothing frees (virtual threads).
     *
     * Passing on. An unlock skips its wake while the deck is owned; so whoever empties the deck
     * without taking the lock or sleeping (a waiter that gives up) re-checks "free, sleepers, deck
     * empty" and wakes the first sleeper (passOn). The unlocker writes state then reads deck; the
     * leaver writes deck then reads state: both volatile, so one of them sees the other.
     *
     * Cancellation. A sleeper that gives up removes itself under the guard; if it is no longer in
     * line, a waker gave it the deck and its signal is on the way: it waits for it, then leaves
     * the deck and passes on. A waiter that asked for a handoff clears HANDOFF with a CAS; if that
     * fails, the unlock has handed it the lock, which it keeps (re-asserting an interrupt). Every
     * spin looks at the deadline and the interrupt status each ROUNDS_PER_CHECK rounds.
     *
     * The clock. nanoTime costs tens of ns on some virtual machines, so it is read once when an
     * acquisition enters the slow path (its start, for the bound) and then once per
     * ROUNDS_PER_CHECK spin rounds; the unlock path never reads it.
     *
     * Memory ordering: every state access is volatile or a CAS (the acquiring CAS has acquire
     * semantics, the releasing CAS release semantics); deck is volatile for the passing-on
     * argument above. A handoff publishes the critical section through the node's volatile wake
     * flag (Waiter.signal), which the new owner reads before it proceeds.
     */

    /** The default bound on waiting before the lock is handed over: 1 ms, as Go's starvation threshold. */
    public static final Duration DEFAULT_BOUND = Duration.ofMillis(1);

    static final int LOCKED = 1;
    static final int WAITERS = 2;
    static final int HANDOFF = 4;

    /** Node ticket: ownership was handed over (LOCKED stays set). */
    static final int HANDED = 1;
    /** Node ticket: the waker gave this sleeper a spinner slot, which it now holds. */
    static final int SLOT_GIVEN = 2;

    /** Spin rounds between two looks at the clock (and at the deadline and the interrupt status). */
    static final int ROUNDS_PER_CHECK = 64;
    /** A rough cost of one spin round (a PAUSE and a load), for spins too short to read the clock. */
    private static final int NANOS_PER_ROUND = 30;
    /** The wake-up latency a new lock assumes until its woken waiters have measured it. */
    static final int INITIAL_WAKE_NANOS = 25_000;

    // acquisition outcomes of the slow path's steps (a step that returns SLEEP or RETRY loops)
    private static final int ACQUIRED = 0;
    private static final int HANDED_OVER = 1;
    private static final int TIMED_OUT = 2;
    private static final int INTERRUPTED = 3;
    private static final int RETRY = 4;
    private static final int SLEEP = 5;
    private static final int WOKEN = 6;
    /** Per thread: when it last yielded in a contended acquisition (platform threads only). */
    private static final ThreadLocal<long[]> LAST_YIELD = ThreadLocal.withInitial(() -> new long[] {Long.MIN_VALUE / 2});

    private volatile int state;
    /** Waiters holding a spinner slot: spinning, or woken with a slot and about to run (see the notes). */
    private volatile int spinners;
    /** The spinner that asks for a handoff: claimed by CAS from null before it sets HANDOFF, cleared by the unlock that serves it or by the spinner withdrawing. */
    private volatile Waiter handoffTo;
    /** The most spinners at once. */
    private final int maxSpinners;
    /** A platform thread's time-based yield period; 0 for none. */
    private final long yieldPeriodNanos;
    private final WaitQueue line = new WaitQueue();
    /** When the first sleeper started waiting; meaningful while WAITERS is set. Written under the guard. */
    private volatile long headStartNanos;
    private final long boundNanos;
    private final AdaptiveSpin spin = new AdaptiveSpin();
    /** How long a signalled sleeper takes to run, smoothed over wake-ups (opaque: see wakeLatencyNanos()). */
    private int wakeNanos = INITIAL_WAKE_NANOS;
    private final LineupHooks hooks;

    /** A lineup lock with the default bound of 1 ms and no statistics. */
    public LineupMutex() {
        this(DEFAULT_BOUND, false);
    }

    /** A lineup lock that hands the lock to a waiter once it has waited {@code bound}. */
    public LineupMutex(Duration bound) {
        this(bound, false);
    }

    /** As {@link #LineupMutex(Duration)}, recording {@link #stats()} when {@code recordStats}. */
    public LineupMutex(Duration bound, boolean recordStats) {
        this(bound, recordStats, LineupHooks.NONE);
    }

    /** As {@link #LineupMutex(Duration, boolean)}, with a test's hooks. */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks) {
        this(bound, recordStats, hooks, Integer.getInteger("lineup.spinners", 1), Long.getLong("lineup.yieldNanos", 500_000L));
    }

    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners, long yieldPeriodNanos) {
        super(recordStats);
        Objects.requireNonNull(bound, "bound");
        if (bound.isNegative()) {
            throw new IllegalArgumentException("bound must not be negative: " + bound);
        }
        long nanos;
        try {
            nanos = bound.toNanos();
        } catch (ArithmeticException overflow) {
            nanos = Long.MAX_VALUE / 2;
        }
        this.boundNanos = Math.min(nanos, Long.MAX_VALUE / 2); // start + bound never overflows
        this.hooks = Objects.requireNonNull(hooks, "hooks");
        this.maxSpinners = maxSpinners;
        this.yieldPeriodNanos = yieldPeriodNanos;
    }

    /** The bound on waiting, in nanoseconds, after which the next unlock hands a waiter the lock. */
    public long boundNanos() {
        return boundNanos;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        for (;;) { // other bits change while the lock is free: only LOCKED decides (HANDOFF implies it)
            int s = state;
            if ((s & LOCKED) != 0) {
                return false;
            }
            hooks.beforeBarge();
            if (casState(s, s | LOCKED)) {
                return true;
            }
        }
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        return casState(0, LOCKED) || acquireSlow(mode, deadlineNanos);
    }

    /*
     * acquireSlow:
     *   barge if free; start = now; a platform thread yields if it has not for YIELD_PERIOD
     *   loop:
     *     a spinner slot is ours: r = spin()   ACQUIRED | HANDED_OVER | SLEEP (slot given up) | gave up
     *     free:                   CAS LOCKED   -> done
     *     a slot is free:         take it      -> loop (and spin)
     *     otherwise:              r = SLEEP
     *     SLEEP:                  r = sleepInLine()  RETRY (woken with a slot, or the lock was free) | gave up
     */
    private boolean acquireSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (tryAcquireOnce()) {
            return true; // free with sleepers about: barge (bounded, see the notes)
        }
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter();
        long now = hooks.nanoTime();
        node.startNanos = now;
        if (yieldPeriodNanos > 0L && !Thread.currentThread().isVirtual()) {
            maybeYield(now);
        }
        boolean spun = false;
        boolean slept = false;
        boolean spinning = false; // we hold a spinner slot
        if ((state & WAITERS) != 0 && now - headStartNanos >= boundNanos - swapAheadNanos()) {
            SPINNERS.getAndAdd(this, 1); // the slot we give the first sleeper in the swap
            if (swap(node, now)) {
                slept = true;
                int r = parkInLine(node, mode, deadlineNanos);
                if (r != WOKEN) {
                    return gaveUp(r == INTERRUPTED, node);
                }
                spinning = true;
            } else {
                SPINNERS.getAndAdd(this, -1);
                passOn();
            }
        }
        for (;;) {
            int r;
            if (spinning) {
                spun = true;
                spinning = false;
                r = spin(node, mode, deadlineNanos);
            } else {
                int s = state;
                if ((s & LOCKED) == 0) {
                    r = casState(s, s | LOCKED) ? ACQUIRED : RETRY;
                } else if (takeSpinnerSlot()) {
                    spinning = true;
                    r = RETRY;
                } else {
                    r = SLEEP;
                }
            }
            if (r == SLEEP) {
                slept = true;
                r = sleepInLine(node, mode, deadlineNanos);
            }
            switch (r) {
                case WOKEN: // a waker (or a swap) gave us a spinner slot
                    slept = true;
                    spinning = true;
                    continue;
                case RETRY:
                    continue;
                case ACQUIRED:
                case HANDED_OVER:
                    node.restoreInterrupt();
                    contended(jfr, r == HANDED_OVER ? Won.HANDOFF : slept ? Won.WOKEN : spun ? Won.SPINNING : Won.BARGING);
                    return true;
                default:
                    return gaveUp(r == INTERRUPTED, node);
            }
        }
    }

    /**
     * The time-based yield: a platform thread entering a contended acquisition gives its processor
     * away if it has not done so (here) for yieldPeriodNanos. It is about to wait anyway, so the
     * yield costs it about a microsecond when nobody else is runnable; when somebody is (a waiter
     * or a thread working outside the lock that the OS has not run for a while) that thread runs
     * now rather than at the end of an OS time slice.
     */
    private void maybeYield(long nowNanos) {
        long[] last = LAST_YIELD.get();
        if (nowNanos - last[0] >= yieldPeriodNanos) {
            last[0] = nowNanos;
            hooks.yielding();
            if (stats != null) {
                stats.add(LockEvent.YIELD);
            }
            Thread.yield();
        }
    }

    private boolean takeSpinnerSlot() {
        for (;;) {
            int n = spinners;
            if (n >= maxSpinners || spin.budgetNanos() == 0) {
                return false;
            }
            if (SPINNERS.compareAndSet(this, n, n + 1)) {
                return true;
            }
        }
    }

    /** Gives a spinner slot back without the lock, passing the wake-up duty on (see the notes). */
    private void releaseSpinnerSlot() {
        SPINNERS.getAndAdd(this, -1);
        hooks.deck(false);
    }

    /** Spins (a slot is ours) until the lock is ours, we give the slot up, or we give up. */
    private int spin(Waiter node, int mode, long deadlineNanos) {
        hooks.deck(true);
        final long budgetNanos = spinBudgetNanos();
        long spinStartNanos = 0L; // read at the first look at the clock: a short spin never reads it
        for (int round = 1;; round++) {
            int s = state;
            if ((s & LOCKED) == 0) {
                if (casState(s, s | LOCKED)) {
                    releaseSpinnerSlot(); // we hold the lock: no wake-up duty to pass on
                    spin.succeeded(spinStartNanos == 0L
                            ? (long) round * NANOS_PER_ROUND : hooks.nanoTime() - spinStartNanos);
                    if (stats != null) {
                        stats.add(LockEvent.SPIN_ACQUIRE);
                    }
                    return ACQUIRED;
                }
                continue;
            }
            if (round % ROUNDS_PER_CHECK == 0) {
                long now = hooks.nanoTime();
                if (spinStartNanos == 0L) {
                    spinStartNanos = now;
                }
                int gaveUp = mustGiveUp(mode, deadlineNanos, now);
                if (gaveUp != RETRY) {
                    releaseSpinnerSlot();
                    passOn();
                    return gaveUp;
                }
                if (now - node.startNanos >= boundNanos && handoffTo == null) {
                    int r = requestHandoff(node, mode, deadlineNanos);
                    if (r != RETRY) {
                        return r;
                    }
                    continue; // another spinner asked first: it is served next, then we are
                }
                if ((s & WAITERS) != 0 && now - headStartNanos >= boundNanos - swapAheadNanos() && swap(node, now)) {
                    return parkInLine(node, mode, deadlineNanos);
                }
                if (now - spinStartNanos >= budgetNanos) {
                    spin.failed();
                    releaseSpinnerSlot(); // we sleep next: sleepInLine sees the lock free, or its holder's unlock sees WAITERS
                    return SLEEP;
                }
            }
            Thread.onSpinWait();
        }
    }

    /**
     * The swap: gives our spinner slot to the first sleeper, which is (nearly) past its bound,
     * joins the line in its place (in order of arrival), and wakes it. One thread parks for the
     * one that wakes, so the line rotates without adding a runnable thread. Returns false if the
     * first sleeper has changed (then we keep spinning).
     */
    private boolean swap(Waiter node, long nowNanos) {
        WaitQueue q = line;
        q.lockGuard();
        Waiter first = q.peekFirst();
        if (first == null || nowNanos - first.startNanos < boundNanos - swapAheadNanos()) {
            q.unlockGuard();
            return false;
        }
        q.pollFirst();
        node.reset();
        q.addInStartOrder(node);      // WAITERS stays set: the line is not empty
        headStartNanos = q.peekFirst().startNanos;
        first.ticket = SLOT_GIVEN;    // our slot passes to it: spinners is unchanged
        first.signalNanos = nowNanos;
        q.unlockGuard();
        hooks.deck(false);
        if (stats != null) {
            stats.add(LockEvent.SWAP);
        }
        first.signal();
        return true;
    }

    /**
     * We spin and are past our bound: ask the next unlock to hand us the lock, then wait for it
     * spinning on our node (the unlock comes within about one hold), parking once the budget is
     * spent. RETRY if another spinner's request is pending (we keep our slot and spin on).
     */
    private int requestHandoff(Waiter node, int mode, long deadlineNanos) {
        node.reset(); // before HANDOFF is visible: the unlock that sees it signals after this
        if (!HANDOFF_TO.compareAndSet(this, null, node)) {
            return RETRY; // another spinner's request comes first
        }
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                if (casState(s, s | LOCKED)) {
                    handoffTo = null;
                    releaseSpinnerSlot();
                    return ACQUIRED;
                }
            } else if (casState(s, s | HANDOFF)) {
                break;
            }
        }
        if (stats != null) {
            stats.add(LockEvent.HANDOFF_REQUEST);
        }
        final long budgetNanos = Math.max(spinBudgetNanos(), AdaptiveSpin.MIN_NANOS);
        long spinStartNanos = 0L;
        for (int round = 1;; round++) {
            if (node.isWoken()) {
                return handedOver();
            }
            if (round % ROUNDS_PER_CHECK == 0) {
                long now = hooks.nanoTime();
                if (spinStartNanos == 0L) {
                    spinStartNanos = now;
                }
                int gaveUp = mustGiveUp(mode, deadlineNanos, now);
                if (gaveUp != RETRY) {
                    return withdrawHandoff(node, gaveUp == INTERRUPTED);
                }
                if (now - spinStartNanos >= budgetNanos) {
                    break;
                }
            }
            Thread.onSpinWait();
        }
        hooks.parking(node);
        int b = node.block(this, mode, deadlineNanos);
        if (b == Waiter.SIGNALLED) {
            if (stats != null) {
                stats.add(LockEvent.HANDOFF_TO_PARKED);
            }
            return handedOver();
        }
        return withdrawHandoff(node, b == Waiter.INTERRUPTED);
    }

    private int handedOver() {
        releaseSpinnerSlot(); // LOCKED is set and ours
        return HANDED_OVER;
    }

    /** Gives up a handoff request; if the unlock already took it, the lock is ours after all. */
    private int withdrawHandoff(Waiter node, boolean interrupted) {
        for (;;) {
            int s = state;
            if ((s & HANDOFF) == 0) { // an unlock has handed us the lock: keep it
                node.awaitSignal(this);
                if (interrupted) {
                    node.rememberInterrupt();
                }
                return handedOver();
            }
            if (casState(s, s & ~HANDOFF)) {
                handoffTo = null; // ours again: the request is withdrawn
                releaseSpinnerSlot();
                passOn();
                return interrupted ? INTERRUPTED : TIMED_OUT;
            }
        }
    }

    /** After a spinner slot was given up without the lock: wake a sleeper if the unlock could not. */
    private void passOn() {
        int s = state;
        if ((s & (LOCKED | WAITERS)) == WAITERS && spinners == 0) {
            wakeHeir();
        }
    }

    /**
     * Joins the line and sleeps until woken with a spinner slot. Setting WAITERS requires LOCKED,
     * under the guard: either the unlock's CAS sees WAITERS, or we see the lock free and retry.
     */
    private int sleepInLine(Waiter node, int mode, long deadlineNanos) {
        WaitQueue q = line;
        q.lockGuard();
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                q.unlockGuard();
                return RETRY;
            }
            if ((s & WAITERS) != 0 || casState(s, s | WAITERS)) {
                break;
            }
        }
        node.reset(); // not queued: no waker can reach the node before the guard's release
        q.addInStartOrder(node);
        headStartNanos = q.peekFirst().startNanos;
        q.unlockGuard();
        if (stats != null) {
            stats.add(LockEvent.PARK);
        }
        return parkInLine(node, mode, deadlineNanos);
    }

    /** Parks, queued, until a waker gives us a spinner slot (WOKEN) or we give up. */
    private int parkInLine(Waiter node, int mode, long deadlineNanos) {
        hooks.parking(node);
        int b = node.block(this, mode, deadlineNanos);
        if (b == Waiter.SIGNALLED) { // ticket SLOT_GIVEN
            measuredWake(hooks.nanoTime() - node.signalNanos);
            return WOKEN;
        }
        boolean interrupted = b == Waiter.INTERRUPTED;
        WaitQueue q = line;
        q.lockGuard();
        boolean removed = q.remove(node);
        if (removed) {
            afterRemoval(q);
        }
        q.unlockGuard();
        if (!removed) { // a waker gave us a spinner slot and its signal is on the way
            node.awaitSignal(this);
            SPINNERS.getAndAdd(this, -1);
            passOn();
        }
        return interrupted ? INTERRUPTED : TIMED_OUT;
    }

    /** After a node left the line: WAITERS and headStartNanos follow. Guard held. */
    private void afterRemoval(WaitQueue q) {
        Waiter first = q.peekFirst();
        if (first != null) {
            headStartNanos = first.startNanos;
            return;
        }
        for (;;) {
            int s = state;
            if (casState(s, s & ~WAITERS)) { // only WAITERS: a pending HANDOFF is not ours to drop
                return;
            }
        }
    }

    /** Gives the first sleeper a spinner slot and wakes it, unless somebody spins already. */
    private void wakeHeir() {
        WaitQueue q = line;
        q.lockGuard();
        Waiter first = q.peekFirst();
        if (first == null || !SPINNERS.compareAndSet(this, 0, 1)) {
            q.unlockGuard();
            return;
        }
        q.pollFirst();
        afterRemoval(q);
        first.ticket = SLOT_GIVEN;
        q.unlockGuard();
        first.signalNanos = hooks.nanoTime(); // before the signal that publishes it; wakes are rare enough for the clock
        if (stats != null) {
            stats.add(LockEvent.WAKEUP);
        }
        first.signal();
    }

    @Override
    protected void releaseCore() {
        if (!casState(LOCKED, 0)) {
            releaseSlow();
        }
    }

    private void releaseSlow() {
        int s;
        for (;;) {
            s = state;
            if ((s & HANDOFF) != 0) {
                if (casState(s, s & ~HANDOFF)) { // LOCKED stays set: ownership passes
                    Waiter h = handoffTo; // the spinner that set HANDOFF claimed it first, and waits for exactly this
                    handoffTo = null;     // the next request may claim it now
                    h.ticket = HANDED;
                    if (stats != null) {
                        stats.add(LockEvent.HANDOFF);
                    }
                    h.signal();
                    return;
                }
            } else if (casState(s, s & ~LOCKED)) {
                break;
            }
        }
        if ((s & WAITERS) != 0) {
            if (spinners == 0) {
                wakeHeir();
            } else if (stats != null) {
                stats.add(LockEvent.WAKE_SKIPPED);
            }
        }
    }

    @Override
    protected boolean isLockedCore() {
        return (state & LOCKED) != 0;
    }

    @Override
    protected int queueLengthCore() {
        return line.size() + spinners;
    }

    @Override
    protected String stateString() {
        int s = state;
        return "state=" + ((s & LOCKED) != 0 ? "LOCKED" : "free")
                + ((s & WAITERS) != 0 ? "|WAITERS" : "")
                + ((s & HANDOFF) != 0 ? "|HANDOFF" : "")
                + ", spinners=" + spinners
                + ", sleepers=" + line.size()
                + ", bound=" + boundNanos + "ns, spin budget=" + spinBudgetNanos() + "ns, wake-up=" + wakeLatencyNanos() + "ns";
    }

    /**
     * How long a spinner spins before it sleeps: what the learned spin says holds need, and at
     * least twice a wake-up (a waiter that sleeps sooner costs the lock a wake-up when it is
     * needed again, and a woken thread runs only after the wake-up latency: spinning as long as
     * two of those is the classic 2-competitive rule). Zero on one processor.
     */
    private long spinBudgetNanos() {
        int learned = spin.budgetNanos();
        return learned == 0 ? 0L : Math.min(AdaptiveSpin.MAX_NANOS, Math.max(learned, 2L * wakeLatencyNanos()));
    }

    /**
     * How early a spinner swaps with a sleeper before the sleeper's bound ends: two wake-ups, so
     * that the woken thread runs by the time it is due; at most half the bound.
     */
    private long swapAheadNanos() {
        return Math.min(boundNanos >> 1, 2L * wakeLatencyNanos());
    }

    /** The smoothed wake-up latency (opaque: a racy heuristic, updates may be lost, never torn). */
    private int wakeLatencyNanos() {
        return (int) WAKE_NANOS.getOpaque(this);
    }

    /** A woken sleeper ran {@code nanos} after its signal: move the estimate an eighth of the way. */
    private void measuredWake(long nanos) {
        int w = (int) WAKE_NANOS.getOpaque(this);
        long clamped = Math.max(0L, Math.min(nanos, AdaptiveSpin.MAX_NANOS));
        WAKE_NANOS.setOpaque(this, (int) (w + ((clamped - w) >> 3))); // racy by design, as AdaptiveSpin
    }

    /** RETRY to go on, or TIMED_OUT / INTERRUPTED (the interrupt consumed) to give up. */
    private static int mustGiveUp(int mode, long deadlineNanos, long nowNanos) {
        if (Waiter.takeInterrupt(mode)) {
            return INTERRUPTED;
        }
        if ((mode & Waiter.TIMED) != 0 && deadlineNanos - nowNanos <= 0L) {
            return TIMED_OUT;
        }
        return RETRY;
    }

    // ---- package-private views for tests in this package

    int state() {
        return state;
    }

    int spinners() {
        return spinners;
    }

    int sleepers() {
        return line.size();
    }

    // ---- VarHandle mechanics

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    private static final VarHandle SPINNERS;
    private static final VarHandle HANDOFF_TO;
    private static final VarHandle WAKE_NANOS;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(LineupMutex.class, "state", int.class);
            SPINNERS = l.findVarHandle(LineupMutex.class, "spinners", int.class);
            HANDOFF_TO = l.findVarHandle(LineupMutex.class, "handoffTo", Waiter.class);
            WAKE_NANOS = l.findVarHandle(LineupMutex.class, "wakeNanos", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
