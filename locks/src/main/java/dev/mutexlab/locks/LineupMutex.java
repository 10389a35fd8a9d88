package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.RateProbe;
import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;

/**
 * A lock with the throughput of a barging lock and a hard bound on waiting: one holder, at most
 * one waiter "on deck" spinning for the lock, and the others asleep in line (first in, first
 * out). A waiter that has waited longer than the bound (1 ms by default) is handed the lock by
 * the next unlock, and until then no one may pass it.
 *
 * <p>Use it where {@link java.util.concurrent.locks.ReentrantLock} or {@code synchronized} would
 * do but long tails would not: it lets running threads take the lock back to back (which is what
 * makes barging locks fast when critical sections are short), keeps at most one of them spinning
 * (so spinning never eats the processors that the holder and the work outside the lock need),
 * learns per lock how long spinning pays, and never lets a waiter wait much longer than the bound
 * plus the holds of those ahead of it in line — also on virtual threads, where nothing preempts a
 * thread that keeps a carrier busy. Whether a waiter spins at all it learns by measuring: with
 * critical sections of a few hundred nanoseconds it keeps waiters asleep and lets one thread take
 * the lock back to back ({@link Deck}).
 *
 * <p>Like {@code ReentrantLock}: reentrant and owned ({@code unlock} by another thread throws
 * {@link IllegalMonitorStateException}), with {@link #tryLock()} (which barges unless a waiter
 * is past its bound), timed and interruptible acquisition, and conditions. Acquiring has the
 * memory effects of a volatile read and releasing those of a volatile write.
 *
 * <pre>{@code
 * Mutex m = new LineupMutex();                          // waits bounded at about 1 ms
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
     * at bat, one on deck spinning, the rest in the dugout asleep. Go 1.24's spinbit lock keeps
     * the one-spinner rule; Go's sync.Mutex (CL 34310) contributes barging in normal mode and
     * direct handoff after a waiter waited 1 ms; Fissile locks (Dice & Kogan) call the same idea
     * bounded bypass; Malthusian locks (Dice) show that keeping the surplus waiters asleep is
     * what makes an oversubscribed lock fast; HotSpot's monitors learn their spin per lock
     * (AdaptiveSpin); parking_lot's eventual fairness bounds unfairness in time.
     *
     * State word (int):
     *   bit 0   LOCKED   the lock is held (or being handed over: ownership passes with it set)
     *   bit 1   ONDECK   one waiter is awake and spinning for the lock; while it is set an unlock
     *                    wakes nobody and no other waiter spins
     *   bit 2   HANDOFF  a waiter past its bound, first in line and awake, asks for the lock: the
     *                    next unlock hands it over directly, and nobody may take the deck
     *   bit 3   WAITERS  the line of sleepers is not empty
     *   bit 4   WAKING   a sleeper has been woken and has not run yet: unlock wakes no other
     *   bits 8+ yielders virtual threads that stepped off the deck to yield and have not run since
     * Invariants: HANDOFF implies LOCKED and WAITERS; WAITERS is set exactly when the line is
     * non-empty whenever the line's guard is free; ONDECK and WAKING each have one owner, who
     * clears the bit with its next transition (taking the lock, the deck, or going to sleep).
     * WAKING is apart from ONDECK so that a wake-up in flight does not keep running threads off
     * the deck: with both in one bit, arrivals slept while the woken thread was still waking up.
     *
     * The line is a WaitQueue (a doubly linked list under a small guard), so a waiter that times
     * out or is interrupted can take itself out. WAITERS and HANDOFF change under the guard;
     * headDeadlineNanos, the end of the first sleeper's bound, is written under the guard too.
     *
     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow), looping:
     *   - lock free: take it (barging is allowed: any bypass ends at the bound);
     *   - nobody on deck, no handoff pending, spinning can pay, the deck is open (see "Two ways
     *     to run"), not past the bound: claim ONDECK
     *     and spin until the lock is free (take it and clear ONDECK in one CAS), a handoff is
     *     asked for, the learned budget (AdaptiveSpin) runs out, or the bound passes. A virtual
     *     thread steps off the deck every ~15 µs of spinning, counts itself in "yielders" and
     *     yields its carrier, so that work outside the lock and woken waiters can run;
     *   - a thread we woke that finds someone else on deck goes back to sleep, first in line;
     *   - otherwise sleep in line (sleepInLine): under the guard, with LOCKED still set, set
     *     WAITERS (and HANDOFF if past the bound) and join the line — at the back, or at the
     *     front if woken before or past the bound (it keeps its place and its start time). A
     *     waiter past its bound spins on its node (so the handoff finds it running), then parks.
     *     Only the first sleeper parks with a timer for its bound; when it fires, the sleeper
     *     asks for the handoff (or takes the lock if free). Signalled with HANDED: the lock is
     *     ours. With WOKEN: WAKING is ours; compete as above.
     * unlock: CAS LOCKED -> 0. Slow path (releaseSlow):
     *   - HANDOFF: under the guard take the first sleeper, clear HANDOFF, fix WAITERS, signal it
     *     with HANDED (LOCKED stays set), yield to it, and if the next sleeper is due, wake it;
     *   - else clear LOCKED, then: if the first sleeper's bound ends within WAKE_AHEAD_NANOS
     *     (sampled clock, below), wake it even past the deck — it will ask for the handoff while
     *     running, and its wake-up overlaps the next holds (the lineup) — and yield to it; else
     *     if sleepers exist and nobody is on deck or waking, wake the first to compete, and yield;
     *     else yield anyway if a virtual waiter is waking or has yielded (it needs a carrier), or,
     *     on a platform thread, if holds are long (LONG_HOLD_PERIOD).
     * The bound is thus enforced by running threads, not by a sleeper's timer alone: a virtual
     * thread whose timer fired may find no free carrier (nothing preempts the two that trade the
     * lock), and a platform thread's timer wakes it into a full run queue.
     *
     * The unlocker's clock. Reading nanoTime on every contended unlock would cost a large part of
     * a short hold (26 ns on a kvm-clock machine), so the unlocker checks the first sleeper's
     * deadline every checkPeriod contended unlocks, retuned at each check so that checks fall
     * about CHECK_INTERVAL_NANOS apart. unlocksUntilCheck, checkPeriod and lastCheckNanos are
     * plain fields touched only by the holder inside releaseCore: the lock's own release and
     * acquire order one holder's writes before the next holder's reads. checkPeriod doubles as
     * an estimate of how long holds are. Waiters read the clock lazily for the same reason: a
     * spin that succeeds within 64 rounds never reads it.
     *
     * Two ways to run. With the deck open, the holder and the one on deck trade the lock between
     * two processors: right when holds are long enough to cover the handover (the lock's cache
     * line and the critical section's data move at each one). With holds of a few dozen to a few
     * hundred nanoseconds the handover costs more than the hold, and one thread taking the lock
     * back to back while the others sleep moves it faster (what ReentrantLock does there, by
     * parking its waiters soon). With the deck closed, platform threads that arrive or are woken
     * and find the lock taken sleep at once (they may still take a free lock), and a platform
     * thread's unlock that wakes a sleeper does not yield to it; virtual threads keep the deck
     * (closed, it measured slower for them at 1-10 us holds and no faster at 0.1 us); the bound is
     * enforced the same way either way. Deck.OPEN and Deck.CLOSED pin one way. No hold time read
     * off a spin tells the two apart on every machine, so Deck.MEASURED, the default, measures: a
     * RateProbe, fed the count of unlocks by the holder at each look at the sampled clock, runs
     * one way and now and then tries the other in interleaved pairs of 2 ms epochs, switching
     * when the other way wins every pair and by 10% overall. unlockCount is plain and written only
     * by the holder, like the clock's fields.
     *
     * No lost wake-up: a sleeper sets WAITERS with a CAS that requires LOCKED, so either the
     * unlocker's CAS that clears LOCKED sees WAITERS or the sleeper sees the lock free and does
     * not sleep. Whoever gives up ONDECK or WAKING without taking the lock re-checks "free,
     * sleepers, nobody on deck or waking" and wakes one (clearAndPassOn), since an unlock may have
     * skipped its wake because of that bit.
     *
     * Cancellation. A sleeper that gives up removes itself under the guard; if it is no longer
     * in line a waker has taken it and its signal is on the way: it waits for it, keeps the lock
     * if HANDED (remembering an interrupt), or gives WAKING back (with the re-check above) if
     * WOKEN. A spinner that gives up leaves the deck the same way.
     *
     * Memory ordering: every state access is volatile or a CAS; the acquiring CAS has acquire
     * semantics and the releasing CAS release semantics. A handoff publishes the critical
     * section through the guard's release and the node's volatile wake flag (Waiter.signal).
     */

    /** The default bound on waiting before the lock is handed over: 1 ms, as Go's starvation threshold. */
    public static final Duration DEFAULT_BOUND = Duration.ofMillis(1);

    static final int LOCKED = 1;
    static final int ONDECK = 2;
    static final int HANDOFF = 4;
    static final int WAITERS = 8;
    static final int WAKING = 16;
    /** Bits 8 and up count virtual threads that stepped off the deck to yield and have not run since. */
    static final int YIELDER_SHIFT = 8;
    static final int ONE_YIELDER = 1 << YIELDER_SHIFT;

    /** Node ticket: ownership was handed over (LOCKED stays set). */
    static final int HANDED = 1;
    /** Node ticket: woken to compete for the deck; the waker set WAKING, which is now ours. */
    static final int WOKEN = 2;

    /** How far apart in time an unlocker checks the first sleeper's bound. */
    static final long CHECK_INTERVAL_NANOS = 20_000L;
    /** The most contended unlocks between two such checks. */
    static final int MAX_CHECK_PERIOD = 1 << 12;
    /** An unlocker wakes the first sleeper when its bound ends within this (at most half the bound). */
    static final long WAKE_AHEAD_NANOS = 100_000L;
    /**
     * A platform thread's contended unlock yields its processor when holds are long: checkPeriod at
     * most this means contended unlocks come about 10 µs or more apart. With more runnable threads
     * than processors (the holder, the one on deck, those working outside the lock), the yield
     * lets a thread waiting for a processor — often the next owner — run now rather than at the end
     * of an OS time slice, which is what bounds waits in milliseconds instead of tens of them.
     * With short holds a yield would cost more than a whole critical section.
     */
    static final int LONG_HOLD_PERIOD = 2;
    /** How long a waiter due for handoff spins on its node before it parks. */
    static final long HANDOFF_SPIN_NANOS = AdaptiveSpin.MAX_NANOS; // the handoff comes within about one hold
    /** Looks at the clock between two yields of a virtual thread on deck (about 10-20 µs of spinning). */
    private static final int CHECKS_PER_YIELD = 8;
    /** A rough cost of one spin round (a PAUSE and a load), for spins too short to read the clock. */
    private static final int NANOS_PER_ROUND = 30;
    /** Spin rounds between two looks at the clock. */
    private static final int ROUNDS_PER_CHECK = 64;

    private volatile int state;
    private final WaitQueue line = new WaitQueue();
    /** When the first sleeper's bound ends; meaningful while WAITERS is set. Written under the guard. */
    private volatile long headDeadlineNanos;
    private final long boundNanos;
    private final long wakeAheadNanos;
    private final AdaptiveSpin spin = new AdaptiveSpin();
    /** Alternate way: the deck closed (see "Two ways to run" in the notes). */
    private final RateProbe deckClosed = new RateProbe();
    /** Whether deckClosed measures, or stays as the constructor set it. */
    private final boolean measureDeck;
    /** Every unlock so far: plain, written only by the holder (see the notes). */
    private long unlockCount;

    // The unlocker's clock (plain: touched only by the holder, see the notes).
    private int unlocksUntilCheck;
    private int checkPeriod = 1;
    private long lastCheckNanos;

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
        this(bound, Deck.MEASURED, recordStats);
    }

    /**
     * Whether a waiter may spin on deck while the lock is held. {@link #OPEN} suits holds from
     * about a microsecond up; {@link #CLOSED} suits holds of a few hundred nanoseconds, where one
     * thread taking the lock back to back beats trading it between processors; {@link #MEASURED}
     * (the default) lets the lock find out, at the cost of trying the other way now and then.
     * Virtual threads keep the deck either way: closed, it measured slower for them.
     * docs/RESULTS.md (§12.7) has the figures for each.
     */
    public enum Deck {
        /** The lock measures both ways and keeps the faster (see the class notes). */
        MEASURED,
        /** Always open: one waiter spins for the lock while it is held. */
        OPEN,
        /** Always closed to platform threads: those that find the lock taken sleep at once. */
        CLOSED
    }

    /** As {@link #LineupMutex(Duration, boolean)}, with the deck as {@code deck} says. */
    public LineupMutex(Duration bound, Deck deck, boolean recordStats) {
        super(recordStats);
        Objects.requireNonNull(bound, "bound");
        Objects.requireNonNull(deck, "deck");
        this.measureDeck = deck == Deck.MEASURED;
        deckClosed.choose(deck == Deck.CLOSED);
        if (bound.isNegative()) {
            throw new IllegalArgumentException("bound must not be negative: " + bound);
        }
        long nanos;
        try {
            nanos = bound.toNanos();
        } catch (ArithmeticException overflow) {
            nanos = Long.MAX_VALUE / 2;
        }
        this.boundNanos = Math.min(nanos, Long.MAX_VALUE / 2); // deadlines never overflow
        this.wakeAheadNanos = Math.min(WAKE_AHEAD_NANOS, boundNanos / 2);
    }

    /** The bound on waiting, in nanoseconds, after which the next unlock hands a waiter the lock. */
    public long boundNanos() {
        return boundNanos;
    }

    // ---- algorithm

    @Override
    protected boolean tryAcquireOnce() {
        int s = state;
        return (s & LOCKED) == 0 && casState(s, s | LOCKED); // barges; HANDOFF implies LOCKED
    }

    @Override
    protected boolean acquireCore(int mode, long deadlineNanos) throws InterruptedException {
        return casState(0, LOCKED) || acquireSlow(mode, deadlineNanos);
    }

    private static final int ACQUIRED = 0;
    private static final int LEFT_DECK = 1;
    private static final int GAVE_UP_TIMEOUT = 2;
    private static final int GAVE_UP_INTERRUPT = 3;
    private static final int RETRY = 4;
    private static final int GOT_WOKEN = 5;

    /*
     * acquireSlow:
     *   start = the first look at the clock (spinning 64 rounds, or going to sleep); the bound
     *           counts from there, across every re-queue
     *   loop:
     *     if onDeck: r = spinOnDeck(); onDeck = false
     *                acquired -> done; gave up -> return; left -> sleep at the front
     *     else if free: CAS LOCKED -> done
     *     else if nobody on deck, no handoff, spinning pays, not past bound: CAS ONDECK; onDeck
     *     else: r = sleepInLine(): HANDED -> done; WOKEN -> compete (we hold WAKING, cleared by
     *           our next CAS: take the lock, take the deck, or go back to sleep at the front);
     *           RETRY -> loop; gave up -> return
     */
    private boolean acquireSlow(int mode, long deadlineNanos) throws InterruptedException {
        int s0 = state;
        if ((s0 & LOCKED) == 0 && casState(s0, s0 | LOCKED)) {
            return true; // free, with sleepers or a spinner about: barge (bounded, see the notes)
        }
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter(); // startNanos 0: not read yet (the clock costs tens of ns here and there)
        boolean spun = false;
        boolean slept = false;
        boolean onDeck = false;
        boolean waking = false; // we were woken and hold WAKING: clear it with our next change
        boolean front = false;  // re-join the line at the front: woken before, so it keeps its place
        int r;
        for (;;) {
            if (onDeck) {
                onDeck = false;
                spun = true;
                r = spinOnDeck(node, mode, deadlineNanos);
                if (r == YIELDED) {
                    continue;
                }
                if (r == LEFT_DECK) {
                    r = RETRY_SLEEP; // at the front if woken before (front is already set then)
                }
            } else {
                int s = state;
                int clear = waking ? WAKING : 0;
                if ((s & LOCKED) == 0) {
                    if (casState(s, (s | LOCKED) & ~clear)) {
                        r = ACQUIRED;
                    } else {
                        continue;
                    }
                } else if ((s & (ONDECK | HANDOFF)) == 0 && spin.budgetNanos() > 0
                        && !deckClosedFor(Thread.currentThread())
                        && (node.startNanos == 0L || System.nanoTime() - node.startNanos < boundNanos)) {
                    if (casState(s, (s | ONDECK) & ~clear)) {
                        onDeck = true;
                        waking = false;
                        if (deckViolationsForTest != null) {
                            deckOwnerForTest = Thread.currentThread();
                        }
                    }
                    continue;
                } else if (waking) { // somebody else is on deck: back to sleep, first in line
                    if (!casState(s, s & ~WAKING)) {
                        continue;
                    }
                    waking = false;
                    if (stats != null) {
                        stats.add(LockEvent.REQUEUE);
                    }
                    r = RETRY_SLEEP;
                } else {
                    r = RETRY_SLEEP;
                }
            }
            if (r == RETRY_SLEEP) {
                if (node.startNanos == 0L) {
                    node.startNanos = nonZero(System.nanoTime());
                }
                r = sleepInLine(node, front, mode, deadlineNanos);
                if (r == RETRY) {
                    continue;
                }
                slept = true;
                if (r == GOT_WOKEN) {
                    waking = true;
                    front = true;
                    continue;
                }
            }
            if (r == ACQUIRED) {
                node.restoreInterrupt();
                contended(jfr, node.ticket == HANDED ? Won.HANDOFF : slept ? Won.WOKEN : spun ? Won.SPINNING : Won.BARGING);
                return true;
            }
            return gaveUp(r == GAVE_UP_INTERRUPT, node);
        }
    }

    private static final int RETRY_SLEEP = 6;
    private static final int YIELDED = 7;

    /** Spins on deck (ONDECK is ours) until the lock is ours, or we leave the deck or give up. */
    private int spinOnDeck(Waiter node, int mode, long deadlineNanos) {
        final long budgetNanos = spin.budgetNanos();
        final boolean virtual = Thread.currentThread().isVirtual();
        long spinStartNanos = 0L; // read at the first look at the clock: a short spin never reads it
        final java.util.concurrent.atomic.AtomicInteger violations = deckViolationsForTest; // plain: set before threads start
        for (int round = 1;; round++) {
            int s = state;
            if (violations != null && deckOwnerForTest != Thread.currentThread()) {
                violations.incrementAndGet(); // another thread claimed the deck while we hold it
            }
            if ((s & LOCKED) == 0) {
                if (casState(s, (s | LOCKED) & ~ONDECK)) {
                    // time spun: from the clock if it was read, else about NANOS_PER_ROUND a round
                    spin.succeeded(spinStartNanos == 0L ? (long) round * NANOS_PER_ROUND : System.nanoTime() - spinStartNanos);
                    if (stats != null) {
                        stats.add(LockEvent.SPIN_ACQUIRE);
                    }
                    return ACQUIRED;
                }
                continue;
            }
            if ((s & HANDOFF) != 0) {
                leaveDeck(); // a waiter past its bound comes first: make way
                return LEFT_DECK;
            }
            if (round % ROUNDS_PER_CHECK == 0) {
                long now = System.nanoTime();
                if (spinStartNanos == 0L) {
                    spinStartNanos = now;
                    if (node.startNanos == 0L) {
                        node.startNanos = nonZero(now);
                    }
                }
                int giveUp = mustGiveUp(mode, deadlineNanos);
                if (giveUp != 0) {
                    leaveDeck();
                    return giveUp;
                }
                if (now - spinStartNanos > budgetNanos || now - node.startNanos >= boundNanos) {
                    if (now - spinStartNanos > budgetNanos) {
                        spin.failed();
                    }
                    leaveDeck();
                    return LEFT_DECK;
                }
                if (virtual && round % (ROUNDS_PER_CHECK * CHECKS_PER_YIELD) == 0) {
                    // let queued virtual threads run: step off the deck, yield, compete again
                    for (;;) {
                        int t = state;
                        if (casState(t, t & ~ONDECK)) {
                            break;
                        }
                    }
                    getAndAddState(ONE_YIELDER); // makes unlock take the slow path, and yield (see releaseSlow)
                    Thread.yield();
                    getAndAddState(-ONE_YIELDER);
                    if (stats != null) {
                        stats.add(LockEvent.YIELD);
                    }
                    return YIELDED;
                }
                if (stats != null) {
                    stats.add(LockEvent.SPIN_ROUND);
                }
            }
            Thread.onSpinWait();
        }
    }

    /*
     * sleepInLine(node):
     *   past = past the bound
     *   guard: if free -> RETRY; CAS WAITERS (| HANDOFF if past), requiring LOCKED; join the line
     *   loop:
     *     park until signalled, the user's deadline, or (not yet past) the bound
     *     signalled: HANDED -> ACQUIRED; WOKEN -> GOT_WOKEN
     *     user deadline or interrupt: leave the line, or take what a waker already sent
     *     bound: guard; if taken by a waker -> await the signal; if free -> take it and leave
     *            the line; else set HANDOFF; spin on the node if first, then park
     */
    private int sleepInLine(Waiter node, boolean front, int mode, long deadlineNanos) {
        // A waiter woken ahead of its bound (front) counts as past it: it was woken to be ready.
        boolean past = System.nanoTime() - node.startNanos >= boundNanos - (front ? wakeAheadNanos : 0L);
        line.lockGuard();
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                line.unlockGuard();
                return RETRY;
            }
            if (casState(s, s | WAITERS | (past ? HANDOFF : 0))) {
                break;
            }
        }
        node.reset();
        line.add(node, front || past);
        headChanged();
        // Only the first sleeper needs a timer for its bound; the others are covered by the
        // unlockers' check and the wake-ahead once they are first (a timer each would wake every
        // sleeper of a long line once per bound, for nothing).
        boolean timer = line.peekFirst() == node;
        line.unlockGuard();
        if (stats != null) {
            stats.add(past ? LockEvent.HANDOFF_REQUEST : LockEvent.PARK);
        }
        if (past) {
            awaitHandoffBriefly(node);
        }
        for (;;) {
            long boundDeadlineNanos = node.startNanos + boundNanos;
            int w;
            if (past || !timer || ((mode & Waiter.TIMED) != 0 && deadlineNanos - boundDeadlineNanos <= 0)) {
                w = node.block(this, mode, deadlineNanos);
            } else {
                w = node.block(this, mode | Waiter.TIMED, boundDeadlineNanos);
                if (w == Waiter.TIMED_OUT && !Waiter.deadlinePassed(mode, deadlineNanos)) {
                    past = true;
                    int r = boundPassed(node);
                    if (r != RETRY) {
                        return r;
                    }
                    continue;
                }
            }
            if (w == Waiter.SIGNALLED) {
                return received(node);
            }
            return cancel(node, w == Waiter.INTERRUPTED);
        }
    }

    /** The node's bound passed while it slept: ask for a handoff, or take a free lock. */
    private int boundPassed(Waiter node) {
        line.lockGuard();
        if (!line.contains(node)) { // a waker took us: its signal is on the way
            line.unlockGuard();
            node.awaitSignal(this);
            return received(node);
        }
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                if (casState(s, s | LOCKED)) {
                    line.remove(node);
                    lineChanged();
                    line.unlockGuard();
                    return ACQUIRED;
                }
            } else if ((s & HANDOFF) != 0 || casState(s, s | HANDOFF)) {
                break;
            }
        }
        boolean first = line.peekFirst() == node;
        line.unlockGuard();
        if (stats != null) {
            stats.add(LockEvent.HANDOFF_REQUEST);
        }
        if (first) {
            awaitHandoffBriefly(node);
        }
        return RETRY; // park again, now without the bound
    }

    /** A waiter due for handoff spins on its node for a while, so that the handoff is quick. */
    private void awaitHandoffBriefly(Waiter node) {
        if (spin.budgetNanos() == 0) {
            return; // one processor
        }
        long budgetNanos = HANDOFF_SPIN_NANOS;
        boolean virtual = Thread.currentThread().isVirtual();
        long startNanos = System.nanoTime();
        for (int round = 1; !node.isWoken(); round++) {
            if (round % ROUNDS_PER_CHECK == 0) {
                if (System.nanoTime() - startNanos > budgetNanos) {
                    return;
                }
                if (virtual) {
                    Thread.yield();
                }
            }
            Thread.onSpinWait();
        }
    }

    /** What a signalled node was sent. */
    private static int received(Waiter node) {
        return node.ticket == HANDED ? ACQUIRED : GOT_WOKEN;
    }

    /** A sleeper gives up: leaves the line, or takes what a waker has already sent it. */
    private int cancel(Waiter node, boolean interrupted) {
        line.lockGuard();
        boolean removed = line.remove(node);
        if (removed) {
            lineChanged();
        }
        line.unlockGuard();
        int gaveUp = interrupted ? GAVE_UP_INTERRUPT : GAVE_UP_TIMEOUT;
        if (removed) {
            return gaveUp;
        }
        node.awaitSignal(this); // dequeued by a waker: its signal is on the way
        if (node.ticket == HANDED) {
            if (interrupted) {
                node.rememberInterrupt(); // we keep the lock, so the interrupt must not be lost
            }
            return ACQUIRED;
        }
        clearAndPassOn(WAKING); // woken to compete, but leaving
        return gaveUp;
    }

    /** Whether {@code t} may not take the deck now: it is closed, and {@code t} is a platform thread. */
    private boolean deckClosedFor(Thread t) {
        return deckClosed.alternate() && !t.isVirtual();
    }

    /** Leaves the deck (ONDECK is ours). */
    private void leaveDeck() {
        clearAndPassOn(ONDECK);
    }

    /**
     * Clears {@code bit} (ONDECK or WAKING, ours); then wakes a sleeper, since an unlock may have
     * skipped its wake because of that bit.
     */
    private void clearAndPassOn(int bit) {
        for (;;) {
            int s = state;
            if (casState(s, s & ~bit)) {
                break;
            }
        }
        wakeOne(false);
    }

    /**
     * Wakes the first sleeper to compete for the deck, if there are sleepers, nobody is on deck or
     * already woken, no handoff is pending and — unless {@code evenIfLocked} — the lock is free.
     */
    private boolean wakeOne(boolean evenIfLocked) {
        return wakeOne(evenIfLocked, false);
    }

    /** As {@link #wakeOne(boolean)}, and when {@code evenIfOnDeck} also while a waiter is on deck. */
    private boolean wakeOne(boolean evenIfLocked, boolean evenIfOnDeck) {
        for (;;) {
            int s = state;
            int mask = WAITERS | WAKING | HANDOFF | (evenIfOnDeck ? 0 : ONDECK) | (evenIfLocked ? 0 : LOCKED);
            if ((s & mask) != WAITERS) {
                return false;
            }
            if (!casState(s, s | WAKING)) {
                continue;
            }
            line.lockGuard();
            Waiter w = line.pollFirst();
            if (w != null) {
                lineChanged();
            }
            line.unlockGuard();
            if (w != null) {
                afterDequeue(w);
                w.ticket = WOKEN;
                w.signal();
                if (stats != null) {
                    stats.add(LockEvent.WAKEUP);
                }
                return true;
            }
            for (;;) { // the line emptied meanwhile: take WAKING back and look again
                int t = state;
                if (casState(t, t & ~WAKING)) {
                    break;
                }
            }
        }
    }

    @Override
    protected void releaseCore() {
        unlockCount++;
        if (!casState(LOCKED, 0)) {
            releaseSlow();
        }
    }

    /*
     * releaseSlow:
     *   loop: if HANDOFF, or sleepers and the first is past its bound (sampled clock):
     *           hand the lock to the first sleeper (LOCKED stays set); done unless the line was empty
     *         else CAS LOCKED off; if sleepers and nobody on deck: wake one to go on deck; done
     */
    private void releaseSlow() {
        boolean checked = clockTick();
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                throw new IllegalStateException("lineup: unlock of an unlocked mutex (" + describe(s) + ")");
            }
            if ((s & HANDOFF) != 0) {
                if (handOff()) {
                    return;
                }
                continue;
            }
            boolean due = checked && (s & (WAITERS | WAKING)) == WAITERS
                    && lastCheckNanos - (headDeadlineNanos - wakeAheadNanos) >= 0; // first sleeper due soon
            if (casState(s, s & ~LOCKED)) {
                if (due && wakeOne(true, true)) {
                    // The lineup: the first sleeper's bound ends soon. Wake it now, even past the
                    // deck, so that it asks for the handoff while running (a handoff to a sleeper
                    // leaves the lock idle while it wakes up); meanwhile the lock keeps moving.
                    Thread.yield(); // let it run now, on our processor or carrier
                    return;
                }
                if ((s & (WAITERS | ONDECK | WAKING)) == WAITERS) {
                    if (wakeOne(false) && !deckClosedFor(Thread.currentThread())) {
                        // Let the one we woke run now, on our processor or carrier. Not on a platform
                        // thread with the deck closed: there the holds are short and the woken thread
                        // mostly finds the lock taken again, so the yield would cost more than it brings.
                        Thread.yield();
                    }
                } else if (Thread.currentThread().isVirtual()
                        ? (s & WAKING) != 0 || (s >>> YIELDER_SHIFT) != 0
                        : checkPeriod <= LONG_HOLD_PERIOD) {
                    Thread.yield(); // see LONG_HOLD_PERIOD; a virtual waiter woken earlier or that yielded needs a carrier
                } else if (stats != null && (s & WAITERS) != 0) {
                    stats.add(LockEvent.WAKE_SKIPPED);
                }
                return;
            }
        }
    }

    /**
     * The unlocker's sampled clock (see "The unlocker's clock"), ticked once per contended unlock:
     * true when it was read this time (lastCheckNanos is now), which happens every checkPeriod
     * ticks, checkPeriod retuned so that reads fall about CHECK_INTERVAL_NANOS apart.
     */
    private boolean clockTick() {
        if (--unlocksUntilCheck > 0) {
            return false;
        }
        long now = System.nanoTime();
        long sinceLastNanos = now - lastCheckNanos;
        lastCheckNanos = now;
        if (measureDeck && deckClosed.tick(now, unlockCount) && stats != null) {
            stats.add(deckClosed.alternate() ? LockEvent.DECK_CLOSED : LockEvent.DECK_OPENED);
        }
        if (sinceLastNanos < CHECK_INTERVAL_NANOS / 2) {
            checkPeriod = Math.min(MAX_CHECK_PERIOD, checkPeriod << 1);
        } else if (sinceLastNanos > CHECK_INTERVAL_NANOS * 2) {
            checkPeriod = Math.max(1, checkPeriod >>> 1);
        }
        unlocksUntilCheck = checkPeriod;
        return true;
    }

    /** Hands the lock to the first sleeper; false if the line turned out empty (HANDOFF cleared). */
    private boolean handOff() {
        line.lockGuard();
        Waiter w = line.pollFirst();
        lineChanged(); // also clears HANDOFF
        line.unlockGuard();
        if (w == null) {
            return false;
        }
        afterDequeue(w);
        w.ticket = HANDED;
        w.signal();
        if (stats != null) {
            stats.add(LockEvent.HANDOFF);
        }
        if ((state & (WAITERS | WAKING | HANDOFF)) == WAITERS
                && System.nanoTime() - (headDeadlineNanos - wakeAheadNanos) >= 0) {
            wakeOne(true, true); // the lineup: the next one due wakes while the new owner holds
        }
        Thread.yield(); // let the new owner run now, on our processor or carrier (Go's goyield)
        return true;
    }

    /** Guard held, the line changed by a removal: fix WAITERS, clear HANDOFF, and the head's deadline. */
    private void lineChanged() {
        boolean empty = line.isEmpty();
        for (;;) {
            int s = state;
            int next = s & ~HANDOFF;
            if (empty) {
                next &= ~WAITERS;
            }
            if (s == next || casState(s, next)) {
                break;
            }
        }
        headChanged();
    }

    /** Guard held: records the first sleeper's deadline. */
    private void headChanged() {
        Waiter head = line.peekFirst();
        if (head != null) {
            headDeadlineNanos = head.startNanos + boundNanos;
        }
    }

    /** A start time never equal to 0, which means "not read yet". */
    private static long nonZero(long nanos) {
        return nanos == 0L ? 1L : nanos;
    }

    private static int mustGiveUp(int mode, long deadlineNanos) {
        if ((mode & Waiter.INTERRUPTIBLE) != 0 && Thread.currentThread().isInterrupted()) {
            return GAVE_UP_INTERRUPT;
        }
        return Waiter.deadlinePassed(mode, deadlineNanos) ? GAVE_UP_TIMEOUT : 0;
    }

    @Override
    protected boolean isLockedCore() {
        return (state & LOCKED) != 0;
    }

    @Override
    protected int queueLengthCore() {
        int s = state;
        return line.size() + ((s & ONDECK) != 0 ? 1 : 0) + (s >>> YIELDER_SHIFT);
    }

    @Override
    protected String stateString() {
        return "state=" + describe(state) + ", sleepers=" + line.size() + ", bound="
                + LockSpec.formatDuration(Duration.ofNanos(boundNanos)) + ", spin=" + spin.limitNanos() + "ns"
                + (deckClosed.alternate() ? ", deck closed" : "");
    }

    /** The state word as flags, e.g. {@code LOCKED|ONDECK|WAITERS}. */
    static String describe(int s) {
        StringBuilder sb = new StringBuilder();
        if ((s & LOCKED) != 0) {
            sb.append("LOCKED|");
        }
        if ((s & ONDECK) != 0) {
            sb.append("ONDECK|");
        }
        if ((s & WAKING) != 0) {
            sb.append("WAKING|");
        }
        if ((s & HANDOFF) != 0) {
            sb.append("HANDOFF|");
        }
        if ((s & WAITERS) != 0) {
            sb.append("WAITERS|");
        }
        if ((s >>> YIELDER_SHIFT) != 0) {
            sb.append("yielders=").append(s >>> YIELDER_SHIFT).append('|');
        }
        if (sb.isEmpty()) {
            return "0";
        }
        sb.setLength(sb.length() - 1);
        return sb.toString();
    }

    // ---- test hooks (package-private)

    /**
     * When set: the thread that last claimed ONDECK, and how often a spinner found that it was not
     * itself — which can only happen if two threads held the deck at once. Null outside tests.
     */
    volatile Thread deckOwnerForTest;
    java.util.concurrent.atomic.AtomicInteger deckViolationsForTest;

    /** Runs between a waker's dequeue of {@code w} and its signal; null outside tests. */
    java.util.function.Consumer<Thread> afterDequeueForTest;

    private void afterDequeue(Waiter w) {
        java.util.function.Consumer<Thread> hook = afterDequeueForTest; // plain: set before the threads start
        if (hook != null) {
            hook.accept(w.thread);
        }
    }

    int stateForTest() {
        return state;
    }

    /** Closes or opens the deck now, as the rate probe would; it goes on probing from there. */
    void closeDeckForTest(boolean closed) {
        deckClosed.choose(closed);
    }

    int sleepersForTest() {
        return line.size();
    }

    // ---- VarHandle mechanics

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private void getAndAddState(int delta) {
        STATE.getAndAdd(this, delta);
    }

    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(LineupMutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
