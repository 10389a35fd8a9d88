package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A lock with the throughput of a barging lock and a bound on waiting: one holder, a few waiters
 * spinning for it (one per processor at most), and the others asleep in line in order of arrival.
 * A spinner that has waited longer than the bound (1 ms by default) is handed the lock by the
 * next unlock, and a running waiter trades places with a sleeper whose bound has passed.
 *
 * <p>Use it where {@link java.util.concurrent.locks.ReentrantLock} or {@code synchronized} would
 * do but long tails would not: running threads may take the lock back to back (which is what
 * makes barging locks fast when critical sections are short), a contended acquisition first spins
 * briefly and then for a learned time, as HotSpot's monitors do, no more threads spin than there
 * are processors, and the line rotates one for one so that waiting never adds a runnable thread.
 * A waiter waits about the bound plus the holds of those ahead of it — also on virtual threads,
 * where nothing preempts a thread that keeps a carrier busy. {@code docs/RESULTS.md} (§12) has
 * what it costs and where it loses.
 *
 * <p>Like {@code ReentrantLock}: reentrant and owned ({@code unlock} by another thread throws
 * {@link IllegalMonitorStateException}), with {@link #tryLock()} (which barges whenever the lock
 * is free), timed and interruptible acquisition, and conditions. Acquiring has the memory effects
 * of a volatile read and releasing those of a volatile write. A contended acquisition on a platform
 * thread may yield the processor (at most once per 0.5 ms the thread ran); one on a virtual thread
 * never yields; {@code unlock} never blocks or yields.
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
 *
 * @since 1.0
 */
public final class LineupMutex extends AbstractMutex {

    /*
     * Implementation notes.
     *
     * Origins. The "baseball lineup" proposed for Go's runtime lock (golang/go#68578): one thread
     * at bat, a few on deck spinning, the rest in the dugout asleep. Malthusian locks (Dice) keep
     * the surplus waiters asleep so that only as many threads circulate as keep the lock busy;
     * HotSpot's monitors contribute the short fixed spin, the learned spin and the heir
     * presumptive (an exiting thread wakes nobody while a successor is already awake); ShflLock's
     * blocking variant hands the lock only to a waiter that is running; Go's sync.Mutex (CL
     * 34310) and parking_lot's eventual fairness bound the barging in time; Linux's mutex hands
     * over with the lock still held (HANDOFF, then PICKUP). The swap — a running waiter wakes the
     * due sleeper, gives it its spinner slot and sleeps in its place — is this lock's own: the
     * count of runnable threads stays the same while the line rotates.
     *
     * State word (int):
     *   bit 0  LOCKED   held, or being handed over (ownership passes with it set)
     *   bit 1  WAITERS  the line of sleepers is not empty (exact whenever the line's guard is free)
     *   bit 2  HANDOFF  the spinner in handoffTo is past its bound and asks for the lock: the next
     *                   unlock hands it over, keeping LOCKED
     * spinners (volatile int): spinner slots taken — by a thread spinning, or by a sleeper that a
     * waker gave a slot and that is about to run. At most maxSpinners (one per processor of the
     * thread's kind: a spinner beyond that only delays the holder and the work outside the lock).
     * handoffTo (volatile Waiter): the spinner that asks for the handoff; claimed by CAS from null
     * before HANDOFF is set, so one request is pending at a time. HANDOFF and handoffTo are
     * cleared only by the holder's unlock (or by the claimer itself if it finds the lock free
     * before setting HANDOFF). Whether the request stands is settled on the node's ticket:
     * REQUESTED moves by CAS to HANDED (the unlock serves it) or to WITHDRAWN (the spinner gave
     * up); an unlock that finds it withdrawn releases as usual.
     *
     * Invariants: no more threads spin than there are slots taken, and no more slots than
     * maxSpinners; HANDOFF implies LOCKED and a claimed handoffTo whose ticket is REQUESTED (its
     * owner waits, spinning or parked) or WITHDRAWN; a waiter that leaves the line touches WAITERS
     * only (a HANDOFF request survives it); the line is in order of arrival (Waiter.startNanos);
     * if the line is non-empty then the lock is held (its unlock sees WAITERS) or a slot is taken
     * (its holder takes the lock, or gives the slot up and passes the duty on); a swap goes only
     * to a waiter that has waited longer than the swapper; heirStartNanos != NO_HEIR only while the
     * virtual sleeper that an unlock woke holds its slot and has not run; unlock never yields.
     *
     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow):
     *   - the time-based yield (maybeYield, platform threads);
     *   - the short spin (preSpin): while no slot is taken and nobody sleeps, PRE_SPIN_PAUSES
     *     PAUSEs with looks at the word between them, further apart as it goes on, taking the
     *     lock whenever it is free (barging). With sleepers the
     *     acquisition goes on at once to the look at the clock below: an arrival that barges
     *     without one could keep a due sleeper waiting for as long as arrivals find the lock free;
     *   - start = now (the bound counts from here);
     *   - if the first sleeper is (nearly) past its bound and a slot is free: take it and swap;
     *   - loop: lock free -> take it; a slot free -> take it and spin (spinInSlot) until the lock
     *     is free, the budget runs out (then sleep), or a look at the clock finds
     *       this waiter past its bound: claim handoffTo, set HANDOFF and wait for the lock (spin
     *         on the node, then park); another request pending: go on to the swap below;
     *       the first sleeper (nearly) past its bound and older than us (past its bound or not):
     *         swap — under the guard take it out, give it our slot (ticket SLOT_GIVEN), join the
     *         line in order of arrival, signal it, and park;
     *     otherwise (or, on a virtual thread, while a woken sleeper waits for a carrier: making
     *     room, below) sleep in line. Setting WAITERS needs LOCKED (one CAS), so no wake-up is lost.
     * unlock: CAS LOCKED -> 0. Slow path (releaseSlow):
     *   - HANDOFF: clear it, keeping LOCKED, take handoffTo, and CAS its ticket to HANDED and
     *     signal it; if it was withdrawn, go on as without HANDOFF;
     *   - else clear LOCKED; then if WAITERS and no slot is taken, give the first sleeper a slot
     *     and wake it (wakeHeir); with a slot taken unlock wakes nobody (its holder is the heir). A
     *     woken virtual sleeper gets ticket SLOT_WOKEN and heirStartNanos is set (making room, below).
     * The bound is enforced by running threads, not by timers: a sleeper's timer would wake it
     * into a run queue that is full (platform threads) or onto carriers nothing frees (virtual
     * threads). A swap wakes the sleeper a little before its bound (two wake-up latencies,
     * measured per lock from the signal to the woken thread's first step), so it runs when due.
     *
     * Spinning. A spinner spins for the learned budget (AdaptiveSpin: a few times what recent
     * spins needed), and at least two wake-up latencies: a waiter that sleeps sooner costs the
     * lock a wake-up when it is needed again (the classic 2-competitive rule); zero on one
     * processor, where a spinner could only delay the holder.
     *
     * The time-based yield (platform threads). Threads that keep a processor busy — a holder,
     * spinners, threads working outside the lock — are time-sliced by the OS in milliseconds when
     * there are more of them than processors, and a waiter that the OS has not run waits that long.
     * A platform thread that enters a contended acquisition and has run for YIELD_PERIOD_NANOS
     * since it last yielded there yields once: about a microsecond when nobody else is runnable,
     * and otherwise the thread the OS had not run gets the processor now. What counts is time the
     * thread ran, not time that passed: it counts the time between two of its contended
     * acquisitions only up to YIELD_GAP_NANOS, so a thread the OS kept off the processor for
     * milliseconds does not yield the moment it gets it back. Counting passed time does that, and
     * on Linux (EEVDF) each yield puts the yielder a slice further back in line, so that thread
     * falls further behind each time it runs: measured, one of four workers runnable and not
     * running 64-97% of the time (docs/RESULTS.md §12.1). The yield comes before the short spin,
     * so a thread that keeps taking the lock within it yields too. It is in lock, never in unlock:
     * a yield in unlock would stall a caller that holds other locks, while a contended lock may
     * wait anyway. A virtual thread never yields here: JDK 25's scheduler queues a virtual thread
     * that yields on a carrier with an empty local queue in the pool's shared submission queue,
     * which carriers busy with their own queues seldom look at, and there it waited up to half a
     * second with 8-16 workers on 2 carriers (§12.3). Virtual threads rotate by swaps and by
     * making room instead.
     *
     * Passing on. An unlock skips its wake while a slot is taken; so whoever gives a slot up
     * without taking the lock or sleeping (a waiter that gives up) re-checks "free, sleepers, no
     * slot taken" and wakes the first sleeper (passOn). The unlocker writes state then reads
     * spinners; the leaver writes spinners then reads state: both volatile, so one sees the other.
     *
     * Cancellation. A sleeper that gives up removes itself under the guard; if it is no longer in
     * line, a waker gave it a slot and its signal is on the way: it waits for it, gives the slot
     * up and passes on. A spinner that asked for a handoff CASes its ticket REQUESTED -> WITHDRAWN;
     * if that fails the unlock has handed it the lock, which it keeps (re-asserting an interrupt).
     * A withdrawal never touches HANDOFF: clearing the bit by CAS could clear a later request's
     * (the same state value again), which the holder alone can tell apart. Every spin looks at
     * the deadline and the interrupt status each ROUNDS_PER_CHECK rounds.
     *
     * Making room (virtual threads). A swap wakes one thread and parks another, but wakeHeir wakes
     * a sleeper while the unlocker goes on running: one runnable thread more. A platform thread the
     * OS runs within a tick. A virtual thread runs only when a carrier frees up, and none does while
     * the threads that have one keep finding the lock free or spinning for it — never, with a hold
     * and the work outside it shorter than a spin: the woken thread waited hundreds of milliseconds,
     * holding a spinner slot. So once a woken virtual sleeper that has not run (heirStartNanos, at
     * most one: it holds a slot and a wake needs none taken) is (nearly) past its bound, as a
     * sleeper in line is when a swap takes it, a contended acquisition on a virtual thread that
     * would take a slot sleeps in line instead, and the carrier it frees runs the woken thread.
     * Before that the woken thread waits for a carrier: making room 100 us after the wake parked a
     * thread every few hundred acquisitions at 0.1-1 us holds and cost up to half the throughput.
     * The woken thread clears heirStartNanos when it runs. Platform threads never do this: parking
     * one to free a processor the OS would free within a tick costs two system calls and measured
     * slower at 1-10 us holds.
     *
     * The clock. nanoTime costs tens of ns on some virtual machines (25 ns on ours, more than a
     * short hold), so a contended acquisition reads it only after the short spin, which most
     * contended acquisitions at short holds end in (the bound then counts from there, a few
     * microseconds late at most), then once per ROUNDS_PER_CHECK spin rounds; the time-based
     * yield reads it once per YIELD_SAMPLE contended acquisitions; the unlock path reads it only
     * to stamp a wake-up.
     * All of it goes through LineupHooks.nanoTime, which tests replace with a clock they move.
     *
     * Memory ordering: every state access is volatile or a CAS (the acquiring CAS has acquire
     * semantics, the releasing CAS release semantics); spinners and handoffTo are volatile for
     * the passing-on argument above. A handoff publishes the critical section through the node's
     * volatile wake flag (Waiter.signal), which the new owner reads before it proceeds.
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
    /** Node ticket: this spinner asks for a handoff; the unlock CASes it to HANDED, a withdrawal to WITHDRAWN. */
    static final int REQUESTED = 3;
    /** Node ticket: the spinner gave up its request before an unlock served it. */
    static final int WITHDRAWN = 4;
    /**
     * Node ticket: as SLOT_GIVEN, for a virtual thread whose waker kept running (an unlock, or a
     * waiter passing on): the wake added a runnable thread, which may need room made (heirStuck).
     */
    static final int SLOT_WOKEN = 5;
    /** heirStartNanos when no woken virtual sleeper waits for a carrier. */
    private static final long NO_HEIR = Long.MIN_VALUE;

    /** The short spin of a contended acquisition while no slot is taken and nobody sleeps, in PAUSEs. */
    static final int PRE_SPIN_PAUSES = 128;
    /** The most PAUSEs between two looks at the word in the short spin (the gap doubles up to it). */
    static final int PRE_SPIN_MAX_GAP = 16;
    /** A platform thread entering a contended acquisition yields its processor once it has run this long since its last yield there. */
    static final long YIELD_PERIOD_NANOS = 500_000L;
    /**
     * The most a platform thread counts as run time between two of its contended acquisitions: a
     * longer gap is time the OS kept it off the processor, or work outside the lock (see the notes).
     */
    static final long YIELD_GAP_NANOS = 50_000L;
    /** The time-based yield reads the clock at every this-many-th contended acquisition of a thread (a power of two). */
    static final int YIELD_SAMPLE = 8;
    /** Spin rounds between two looks at the clock (and at the deadline and the interrupt status). */
    static final int ROUNDS_PER_CHECK = 64;
    /** A rough cost of one spin round (a PAUSE and a load), for spins too short to read the clock. */
    private static final int NANOS_PER_ROUND = 30;
    /** The wake-up latency a new lock assumes until its woken waiters have measured it. */
    static final int INITIAL_WAKE_NANOS = 25_000;

    // outcomes of the slow path's steps (RETRY, SLEEP, SWAPPED and WOKEN go round the loop again)
    private static final int ACQUIRED = 0;
    private static final int HANDED_OVER = 1;
    private static final int TIMED_OUT = 2;
    private static final int INTERRUPTED = 3;
    private static final int RETRY = 4;
    private static final int SLEEP = 5;
    private static final int WOKEN = 6;
    private static final int SWAPPED = 7;
    /**
     * Per platform thread, for the time-based yield (see the notes): [0] when it last read the
     * clock for it (or came back from its yield), [1] how long it has run since its last yield,
     * [2] its contended acquisitions (the clock is read at every YIELD_SAMPLE-th).
     */
    private static final ThreadLocal<long[]> YIELD_CLOCK = ThreadLocal.withInitial(() -> new long[] {Long.MIN_VALUE / 2, 0L, 0L});

    private volatile int state;
    /** Waiters holding a spinner slot: spinning, or woken with a slot and about to run (see the notes). */
    private volatile int spinners;
    /** The spinner that asks for a handoff, or null: claimed by CAS from null, cleared by the holder's unlock (see the notes). */
    private volatile Waiter handoffTo;
    /**
     * When the virtual sleeper that an unlock (or a waiter passing on) woke, and that has not run
     * yet, started waiting; NO_HEIR if there is none. At most one: the woken sleeper holds a
     * spinner slot, and a wake needs none taken.
     */
    private volatile long heirStartNanos = NO_HEIR;
    private final WaitQueue line = new WaitQueue();
    /** When the first sleeper started waiting; meaningful while WAITERS is set. Written under the guard. */
    private volatile long headStartNanos;
    private final long boundNanos;
    private final AdaptiveSpin spin = new AdaptiveSpin();
    /** How long a signalled sleeper takes to run, smoothed over wake-ups (opaque: see wakeLatencyNanos()). */
    private int wakeNanos = INITIAL_WAKE_NANOS;
    private final LineupHooks hooks;
    /** The most spinner slots, or 0 for one per processor of the acquiring thread's kind. */
    private final int maxSpinners;

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
        this(bound, recordStats, hooks, 0);
    }

    /** As above, with at most {@code maxSpinners} spinners (0: one per processor of the thread's kind). */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
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
     *   the time-based yield (platform threads)
     *   preSpin: take the lock if it is free within a short spin (no slot taken, nobody asleep)
     *   start = now
     *   the first sleeper (nearly) past its bound and a slot free: take it, r = SWAPPED (swap)
     *   loop:
     *     a slot is ours:  r = spin()   ACQUIRED | HANDED_OVER | SLEEP (slot given up) | SWAPPED | gave up
     *     lock free:       CAS LOCKED   -> done
     *     a slot is free:  take it      -> loop (and spin), unless heirStuck() (virtual threads: sleep)
     *     otherwise:       r = SLEEP
     *     SLEEP:           r = sleepInLine()   RETRY (the lock was free) | WOKEN (given a slot) | gave up
     *     SWAPPED:         r = parkInLine()    WOKEN | gave up
     */
    private boolean acquireSlow(int mode, long deadlineNanos) throws InterruptedException {
        if (!Thread.currentThread().isVirtual()) {
            maybeYield(); // virtual threads never yield here (see the notes)
        }
        if (preSpin()) {
            return true; // free, or freed within a short spin: barge (bounded, see the notes)
        }
        long now = hooks.nanoTime(); // the bound counts from here: after the short spin, which needs no clock
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter();
        node.startNanos = now;
        boolean spun = false;
        boolean slept = false;
        boolean spinning = false; // we hold a spinner slot
        int r = RETRY;
        if ((state & WAITERS) != 0 && now - headStartNanos >= boundNanos - swapAheadNanos() && takeSpinnerSlot()) {
            spinning = true;
            if (swap(node, now, false)) { // the slot we took passes to the first sleeper
                spinning = false;
                r = SWAPPED;
            }
        }
        for (;;) {
            if (r == RETRY) {
                if (spinning) {
                    spun = true;
                    spinning = false;
                    r = spin(node, mode, deadlineNanos);
                } else {
                    int s = state;
                    if ((s & LOCKED) == 0) {
                        r = casState(s, s | LOCKED) ? ACQUIRED : RETRY;
                    } else if (!heirStuck() && takeSpinnerSlot()) {
                        spinning = true;
                        continue;
                    } else {
                        r = SLEEP;
                    }
                }
            }
            if (r == SLEEP) {
                slept = true;
                r = sleepInLine(node, mode, deadlineNanos);
            } else if (r == SWAPPED) {
                slept = true;
                r = parkInLine(node, mode, deadlineNanos);
            }
            switch (r) {
                case WOKEN: // a waker (or a swap) gave us a spinner slot
                    spinning = true;
                    r = RETRY;
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
     * The short fixed spin a contended acquisition starts with, as HotSpot's monitors start
     * theirs: PRE_SPIN_PAUSES PAUSEs (about 3 us), looking at the word between them and taking the
     * lock whenever it is free, before any bookkeeping (node, slots). With holds of a microsecond
     * or two and few threads most contended acquisitions end here. The looks grow further apart
     * (1, 2, 4 ... PRE_SPIN_MAX_GAP PAUSEs): each look takes the word's cache line from the
     * holder, whose next CAS then misses, and at holds of tens of nanoseconds a look per PAUSE
     * halved the holder's rate (Go's Mutex-2: 46 ns per lock/unlock against 23 ns with the gaps;
     * ChanContended-2 15 us against 5 us); at microsecond holds a release is seen at most 16
     * PAUSEs late. With a slot taken it is one look: many threads spinning at once would fight
     * over the word's cache line and over the processors. With sleepers it stops at once (see the
     * notes). It cannot pass a waiter due for handoff: HANDOFF keeps LOCKED set.
     */
    private boolean preSpin() {
        int pauses = spin.budgetNanos() == 0 || spinners != 0 ? 1 : PRE_SPIN_PAUSES;
        int gap = 1; // pauses between two looks: 1, 2, 4, ... PRE_SPIN_MAX_GAP
        for (int paused = 0; paused < pauses; ) {
            int s = state;
            if ((s & WAITERS) != 0) {
                return false; // sleepers: an acquisition looks at the clock first (the swap), see the notes
            }
            if ((s & LOCKED) == 0 && casState(s, s | LOCKED)) {
                return true;
            }
            for (int i = 0; i < gap; i++) {
                Thread.onSpinWait();
            }
            paused += gap;
            if (gap < PRE_SPIN_MAX_GAP) {
                gap <<= 1;
            }
        }
        return false;
    }

    /**
     * The time-based yield: a platform thread entering a contended acquisition gives its
     * processor away once it has run YIELD_PERIOD_NANOS since it last did so here. It is about to
     * wait anyway, so the yield costs it about a microsecond when nobody else is runnable; when
     * somebody is (a waiter or a thread working outside the lock that has not run for a while)
     * that thread runs now rather than at the end of an OS time slice. It counts a gap since its
     * last contended acquisition only up to YIELD_GAP_NANOS. It reads the clock at every
     * YIELD_SAMPLE-th contended acquisition only (counting up to YIELD_SAMPLE gaps' worth): at
     * holds of tens of nanoseconds a clock read (25 ns on some virtual machines) in every one cost
     * more than the hold. Virtual threads never call it (see the notes).
     */
    private void maybeYield() {
        long[] clock = YIELD_CLOCK.get();
        if ((++clock[2] & (YIELD_SAMPLE - 1)) != 0) {
            return;
        }
        long nowNanos = hooks.nanoTime();
        long gapNanos = Math.max(0L, nowNanos - clock[0]);
        clock[1] += Math.min(gapNanos, YIELD_SAMPLE * YIELD_GAP_NANOS);
        clock[0] = nowNanos;
        if (clock[1] >= YIELD_PERIOD_NANOS) {
            clock[1] = 0L;
            hooks.yielding();
            if (stats != null) {
                stats.add(LockEvent.YIELD);
            }
            Thread.yield();
            clock[0] = hooks.nanoTime(); // the time the yield gave away is not run time
        }
    }

    /** Takes a spinner slot if one is free (none on one processor, where spinning cannot pay). */
    private boolean takeSpinnerSlot() {
        for (;;) {
            int n = spinners;
            if (n >= (maxSpinners != 0 ? maxSpinners : SpinPolicy.processors()) || spin.budgetNanos() == 0) {
                return false;
            }
            if (SPINNERS.compareAndSet(this, n, n + 1)) {
                return true;
            }
        }
    }

    /**
     * Gives the spinner slot we spun in back (the hooks hear of it first, so they never count more
     * spinners than slots); a caller that neither holds the lock nor sleeps next calls passOn().
     */
    private void releaseSpinnerSlot() {
        hooks.spinning(false);
        SPINNERS.getAndAdd(this, -1);
    }

    /**
     * Spins (a slot is ours) until the lock is ours, we give the slot up (SLEEP), we give it to a
     * sleeper past its bound (SWAPPED: we are in line), or we give up.
     */
    private int spin(Waiter node, int mode, long deadlineNanos) {
        hooks.spinning(true); // every way out of the slot reports the end first: releaseSpinnerSlot or swap
        return spinInSlot(node, mode, deadlineNanos);
    }

    private int spinInSlot(Waiter node, int mode, long deadlineNanos) {
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
                    // another spinner asked first and is served next; meanwhile an older sleeper may swap in
                }
                if ((s & WAITERS) != 0 && now - headStartNanos >= boundNanos - swapAheadNanos()
                        && headStartNanos - node.startNanos < 0L && swap(node, now, true)) {
                    return SWAPPED;
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
    private boolean swap(Waiter node, long nowNanos, boolean spinning) {
        WaitQueue q = line;
        q.lockGuard();
        Waiter first = q.peekFirst();
        if (first == null || nowNanos - first.startNanos < boundNanos - swapAheadNanos()
                || first.startNanos - node.startNanos >= 0L) { // only for a sleeper that has waited longer than us
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
        if (stats != null) {
            stats.add(LockEvent.SWAP);
        }
        if (spinning) {
            hooks.spinning(false);
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
        node.reset(); // before the claim below publishes the node: the unlock that serves it signals after this
        node.ticket = REQUESTED;
        if (!HANDOFF_TO.compareAndSet(this, null, node)) {
            return RETRY; // another spinner's request comes first
        }
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                if (casState(s, s | LOCKED)) {
                    handoffTo = null; // no HANDOFF was set, so no unlock reads it: ours to clear
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
        int b = node.block(parkBlocker(), mode, deadlineNanos);
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

    /**
     * Gives up a handoff request, unless an unlock has served it (then the lock is ours after
     * all). Only the ticket is settled here: HANDOFF and handoffTo stay as they are until the
     * next unlock, which finds the request withdrawn and releases as usual. So only the holder
     * ever clears them, and a withdrawal can never clear a later request's bit.
     */
    private int withdrawHandoff(Waiter node, boolean interrupted) {
        hooks.withdrawing();
        if (node.casTicket(REQUESTED, WITHDRAWN)) {
            releaseSpinnerSlot();
            passOn();
            return interrupted ? INTERRUPTED : TIMED_OUT;
        }
        node.awaitSignal(parkBlocker()); // HANDED: the unlock's signal is on the way
        if (interrupted) {
            node.rememberInterrupt();
        }
        return handedOver();
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
        int b = node.block(parkBlocker(), mode, deadlineNanos);
        if (b == Waiter.SIGNALLED) { // ticket SLOT_GIVEN or SLOT_WOKEN
            hooks.woken();
            measuredWake(hooks.nanoTime() - node.signalNanos);
            running(node);
            return WOKEN;
        }
        boolean interrupted = b == Waiter.INTERRUPTED;
        hooks.leavingLine();
        WaitQueue q = line;
        q.lockGuard();
        boolean removed = q.remove(node);
        if (removed) {
            afterRemoval(q);
        }
        q.unlockGuard();
        if (!removed) { // a waker gave us a spinner slot and its signal is on the way
            node.awaitSignal(parkBlocker());
            running(node);
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

    /**
     * Whether a contended acquisition on a virtual thread should sleep rather than spin, making
     * room for a sleeper that an unlock woke, that has not run yet (no carrier was free for it,
     * and none frees up while the threads that have one keep spinning and taking the lock) and
     * that is (nearly) past its bound, as a swap would for a sleeper in line (see the notes).
     * True then, and counted.
     */
    private boolean heirStuck() {
        long startNanos = heirStartNanos;
        if (startNanos == NO_HEIR || !Thread.currentThread().isVirtual()
                || hooks.nanoTime() - startNanos < boundNanos - swapAheadNanos()) {
            return false;
        }
        if (stats != null) {
            stats.add(LockEvent.MADE_ROOM);
        }
        return true;
    }

    /** A woken sleeper runs: if an unlock woke it (SLOT_WOKEN), nobody needs to make room for it any more. */
    private void running(Waiter node) {
        if (node.ticket == SLOT_WOKEN) {
            heirStartNanos = NO_HEIR; // the one such sleeper: the next wake needs the slot it holds
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
        boolean virtual = first.thread.isVirtual(); // a platform thread gets a processor from the OS
        first.ticket = virtual ? SLOT_WOKEN : SLOT_GIVEN;
        q.unlockGuard();
        first.signalNanos = hooks.nanoTime(); // before the signal that publishes it; wakes are rare enough for the clock
        if (virtual) {
            heirStartNanos = first.startNanos; // before the signal, so that its running() clears it
        }
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
                if (casState(s, s & ~HANDOFF)) { // LOCKED stays set: ownership passes, if the request stands
                    Waiter h = handoffTo; // the spinner that set HANDOFF claimed it first
                    handoffTo = null;     // the next request may claim it now
                    if (h.casTicket(REQUESTED, HANDED)) {
                        if (stats != null) {
                            stats.add(LockEvent.HANDOFF);
                        }
                        h.signal();
                        return;
                    }
                    // withdrawn: release as usual (a new request may already have set HANDOFF again)
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

    /** The sleepers in line and a spinner parked for its handoff; spinners that run are not listed. */
    @Override
    protected Collection<Thread> queuedThreadsCore() {
        List<Thread> threads = line.threads(); // takes the guard
        Waiter h = handoffTo;
        if (h != null && !threads.contains(h.thread)) {
            threads.add(h.thread);
        }
        return threads;
    }

    @Override
    protected String specCore() {
        return boundNanos == DEFAULT_BOUND.toNanos() ? "lineup" : "lineup:bound=" + boundNanos + "ns";
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
