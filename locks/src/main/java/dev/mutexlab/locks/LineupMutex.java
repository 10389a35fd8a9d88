package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.Jfr;
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
 * are processors, and the line rotates one for one (a running waiter that wakes a sleeper whose
 * bound is up sleeps in its place), so rotating adds no runnable thread; an unlock wakes a sleeper
 * only while nobody spins.
 * A waiter waits about the bound plus the holds of those ahead of it — also on virtual threads,
 * where nothing preempts a thread that keeps a carrier busy. {@code docs/RESULTS.md} (§12) has
 * what it costs and where it loses.
 *
 * <p>Like {@code ReentrantLock}: reentrant and owned ({@code unlock} by another thread throws
 * {@link IllegalMonitorStateException}), with {@link #tryLock()} (which barges whenever the lock
 * is free), timed and interruptible acquisition, and conditions. Acquiring has the memory effects
 * of a volatile read and releasing those of a volatile write. A contended acquisition on a platform
 * thread may yield the processor (at most once per 0.5 ms the thread ran, or while the thread
 * that holds the line's short internal guard has lost its processor); one on a virtual thread
 * never yields; {@code unlock} never blocks, yields or waits for another thread. The inspection
 * methods ({@link #getQueueLength()}, {@link #getQueuedThreads()}, {@link #hasQueuedThreads()},
 * {@link #hasQueuedThread(Thread)}) count and list the same threads: those asleep in line and a
 * waiter whose handoff request stands; a waiter that is spinning is running, not queued.
 *
 * <p>Each lock chooses how its contended acquisitions wait, by trying: the restricted line above,
 * or barging (arrivals spin briefly, take the lock whenever it is free and sleep in line, as a
 * HotSpot monitor's do), keeping whichever ran it faster while it was saturated, and trying the
 * other again now and then. Both keep the bound. {@code Locks.mutex("lineup:policy=line")} and
 * {@code "lineup:policy=barge"} fix one; {@code docs/RESULTS.md} (§12.9, §12.10) has where each wins.
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
     * blocking variant hands the lock only to a waiter that is running, and here a handoff goes to
     * a waiter that asked for it while spinning (it may have parked since, when the holder's hold
     * outlasted its spin); Go's sync.Mutex (CL
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
     * to a waiter that has waited longer than the swapper; heir != null only while the virtual
     * sleeper that an unlock woke holds its slot and has not run; unlock never waits for the
     * line's guard (it leaves the wake-up to the guard's holder, below) and never yields.
     *
     * Policies (LineupPolicy). They differ only in what an arriving contended acquisition does;
     * everything after (the heir's slot, the handoff, the swap from a slot, the unlock) is shared,
     * so the invariants above hold under both, and across a change of policy between two
     * arrivals. A spec may fix one (lineup:policy=line|barge: fixedPolicy); by default the lock's
     * LineupChooser picks, by trying each while the lock is saturated (its notes say how). The
     * owner ticks the chooser from releaseCore at every TICK_RELEASES-th release, before the
     * releasing CAS, so the chooser's state, the release count and contendedAcquisitions are
     * the owner's alone (plain fields, ordered by the lock itself); the chooser's choice reaches
     * arrivals through barging, opaque (see the field). An arrival reads the policy once:
     *   LINE   as below: the time-based yield, preSpin, the look at the clock and the swap, a
     *          spinner slot if one is free (unless making room), else the line.
     *   BARGE  bargeSpin (the same spaced spin, whoever sleeps; one look when the sleepers
     *          outnumber the processors), then one look at the clock (the start of the bound) and
     *          the line. No slot, no swap, no yield: the only spinner is the heir an unlock woke,
     *          which spins for the learned budget, asks for the handoff once past its bound (at
     *          its look at the clock every ROUNDS_PER_CHECK rounds) and swaps with an older due
     *          sleeper, as any slot holder does. So a waiter waits about the bound plus the time
     *          until it is woken as heir; the bound costs nothing until a heir is past it. A
     *          virtual arrival spins at most the short spin and then sleeps, freeing its carrier,
     *          so a woken virtual heir needs no room made.
     *
     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow), LINE:
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
     *     woken virtual sleeper gets ticket SLOT_WOKEN and becomes the heir (making room, below).
     *     wakeHeir never waits for the line's guard: if another thread holds it, the unlock sets
     *     the guard's DUTY bit (WaitQueue.lockGuardOrLeaveDuty) and returns; the holder finds the
     *     bit when it lets the guard go and runs the wake-up first (releaseGuard), so the wake is
     *     late by the holder's few pointer updates and never lost. Every release of the line's
     *     guard goes through releaseGuard.
     * The bound is enforced by running threads, not by timers: a sleeper's timer would wake it
     * into a run queue that is full (platform threads) or onto carriers nothing frees (virtual
     * threads). A swap wakes the sleeper a little before its bound (two wake-up latencies,
     * measured per lock from the signal to the woken thread's first step), so it runs when due.
     *
     * Spinning. A spinner spins for the learned budget (AdaptiveSpin: a few times what recent
     * spins needed, each measured from its first round: the rounds before the first look at the
     * clock count at NANOS_PER_ROUND each), and at least two wake-up latencies: a waiter that sleeps sooner costs the
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
     * holding a spinner slot. So once a woken virtual sleeper that has not run (heir, at
     * most one: it holds a slot and a wake needs none taken) is (nearly) past its bound, as a
     * sleeper in line is when a swap takes it, a contended acquisition on a virtual thread that
     * would take a slot sleeps in line instead, and the carrier it frees runs the woken thread.
     * Before that the woken thread waits for a carrier: making room 100 us after the wake parked a
     * thread every few hundred acquisitions at 0.1-1 us holds and cost up to half the throughput.
     * The woken thread clears heir when it runs. Platform threads never do this: parking
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
     * Inspection counts and lists the same threads (the sleepers in line and a waiter whose ticket
     * is REQUESTED), reads the line without its guard (WaitQueue.threads, an estimate while it
     * changes, exact at rest) and so never delays an unlock. Spinners are not queued: they run.
     *
     * Racy publication: every non-final field starts at its type's default (the wake-up estimate
     * and the learned spin are kept as offsets from their initial values, the heir as a node), so
     * a thread that reads a lock published without a happens-before edge sees a valid state.
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
     * The virtual sleeper that an unlock (or a waiter passing on) woke and that has not run yet,
     * or null. At most one: the woken sleeper holds a spinner slot, and a wake needs none taken.
     * Null by default, so a lock published racily reads no heir rather than a stale value.
     */
    private volatile Waiter heir;
    private final WaitQueue line = new WaitQueue();
    /** When the first sleeper started waiting; meaningful while WAITERS is set. Written under the guard. */
    private volatile long headStartNanos;
    private final long boundNanos;
    private final AdaptiveSpin spin = new AdaptiveSpin();
    /**
     * How long a signalled sleeper takes to run, smoothed over wake-ups, less INITIAL_WAKE_NANOS
     * (opaque: see wakeLatencyNanos()). Zero by default, so a lock published racily reads the
     * initial estimate, never a torn or missing one.
     */
    private int wakeDeltaNanos;
    private final LineupHooks hooks;
    /** The most spinner slots, or 0 for one per processor of the acquiring thread's kind. */
    private final int maxSpinners;
    /** How arrivals wait when the spec fixed it, or null when the chooser picks (see LineupPolicy and the notes). */
    private final LineupPolicy fixedPolicy;
    /** Picks the policy when none is fixed (else null); used by the owner only, in releaseCore. */
    private final LineupChooser chooser;
    /**
     * The policy the chooser has arrivals follow now: false the line, true barging. Written by
     * the owner (chooserTick), read by arrivals without the lock, opaque both ways: a stale read
     * is harmless (an arrival follows the previous policy, and both keep every invariant), and
     * opaque keeps an arrival from reading a value the JIT hoisted long ago. False by default, so
     * a lock published racily runs the line, as the chooser does at first.
     */
    private boolean barging;
    /** Releases, counted by the owner for the chooser's ticks (owner only: the lock orders it, so plain). */
    private int releases;
    /** Acquisitions that went through the slow path, counted by their owner for the chooser (owner only, plain). */
    private int contendedAcquisitions;

    /** A lineup lock with the default bound of 1 ms and no statistics; it chooses its policy itself. */
    public LineupMutex() {
        this(DEFAULT_BOUND, false);
    }

    /** A lineup lock that hands the lock to a waiter once it has waited {@code bound}. */
    public LineupMutex(Duration bound) {
        this(bound, false);
    }

    /** As {@link #LineupMutex(Duration)}, recording {@link #stats()} when {@code recordStats}. */
    public LineupMutex(Duration bound, boolean recordStats) {
        this(bound, recordStats, LineupHooks.NONE, 0, null);
    }

    /** As {@link #LineupMutex(Duration, boolean)}, with a test's hooks and the line fixed (the tests steer it). */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks) {
        this(bound, recordStats, hooks, 0, LineupPolicy.LINE);
    }

    /** As {@link #LineupMutex(Duration, boolean)}, with the given policy (null: chosen by the lock). */
    LineupMutex(Duration bound, boolean recordStats, LineupPolicy policy) {
        this(bound, recordStats, LineupHooks.NONE, 0, policy);
    }

    /** As above, with at most {@code maxSpinners} spinners (0: one per processor of the thread's kind). */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
        this(bound, recordStats, hooks, maxSpinners, LineupPolicy.LINE);
    }

    /** As above, with a policy (null: the lock chooses, see LineupChooser). */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners, LineupPolicy policy) {
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
        this.fixedPolicy = policy;
        this.chooser = policy == null ? new LineupChooser() : null;
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
     * acquireSlow (the steps marked LINE are skipped under BARGE, which spins with bargeSpin):
     *   LINE: the time-based yield (platform threads)
     *   LINE: preSpin: take the lock if it is free within a short spin (no slot taken, nobody asleep)
     *   start = now
     *   LINE: the first sleeper (nearly) past its bound and a slot free: take it, r = SWAPPED (swap)
     *   loop:
     *     a slot is ours:  r = spin()   ACQUIRED | HANDED_OVER | SLEEP (slot given up) | SWAPPED | gave up
     *     lock free:       CAS LOCKED   -> done
     *     LINE: a slot is free: take it -> loop (and spin), unless heirStuck() (virtual threads: sleep)
     *     otherwise:       r = SLEEP
     *     SLEEP:           r = sleepInLine()   RETRY (the lock was free) | WOKEN (given a slot) | gave up
     *     SWAPPED:         r = parkInLine()    WOKEN | gave up
     */
    private boolean acquireSlow(int mode, long deadlineNanos) throws InterruptedException {
        final boolean line = !barges(); // BARGE: no yield, no slot, no swap for an arrival; read once
        if (line && !Thread.currentThread().isVirtual()) {
            maybeYield(); // virtual threads never yield here (see the notes)
        }
        if (line ? preSpin() : bargeSpin()) {
            contendedAcquisitions++; // it waited, if briefly: the chooser counts it (we own the lock)
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
        if (line && (state & WAITERS) != 0 && now - headStartNanos >= boundNanos - swapAheadNanos() && takeSpinnerSlot()) {
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
                    } else if (line && !heirStuck() && takeSpinnerSlot()) {
                        spinning = true;
                        continue;
                    } else {
                        r = SLEEP;
                    }
                }
            }
            if (r == SLEEP) {
                r = sleepInLine(node, mode, deadlineNanos); // RETRY: it found the lock free and did not sleep
            } else if (r == SWAPPED) {
                r = parkInLine(node, mode, deadlineNanos);
            }
            switch (r) {
                case WOKEN: // a waker (or a swap) gave us a spinner slot
                    slept = true;
                    spinning = true;
                    r = RETRY;
                    continue;
                case RETRY:
                    continue;
                case ACQUIRED:
                case HANDED_OVER:
                    contendedAcquisitions++; // we own the lock: the chooser's count is ours to write
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
     * The BARGE policy's spin: PRE_SPIN_PAUSES PAUSEs with looks at the word spaced as in preSpin,
     * taking the lock whenever it is free, whether or not anybody sleeps (a sleeper past its bound
     * is served by handoff, which keeps LOCKED set). One look only when spinning cannot pay: on
     * one processor, or when the sleepers already outnumber the processors (more spinners would
     * only take processors from the holder and from work outside the lock).
     */
    private boolean bargeSpin() {
        int pauses = spin.budgetNanos() == 0 || line.size() >= SpinPolicy.processors() ? 1 : PRE_SPIN_PAUSES;
        int gap = 1;
        for (int paused = 0; paused < pauses; ) {
            int s = state;
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
                    spinStartNanos = now - (long) round * NANOS_PER_ROUND; // the rounds before this first look
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
            releaseGuard();
            return false;
        }
        q.pollFirst();
        node.reset();
        q.addInStartOrder(node);      // WAITERS stays set: the line is not empty
        headStartNanos = q.peekFirst().startNanos;
        first.ticket = SLOT_GIVEN;    // our slot passes to it: spinners is unchanged
        first.signalNanos = nowNanos;
        releaseGuard();
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
                    spinStartNanos = now - (long) round * NANOS_PER_ROUND; // the rounds before this first look
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
                releaseGuard();
                return RETRY;
            }
            if ((s & WAITERS) != 0 || casState(s, s | WAITERS)) {
                break;
            }
        }
        node.reset(); // not queued: no waker can reach the node before the guard's release
        q.addInStartOrder(node);
        headStartNanos = q.peekFirst().startNanos;
        hooks.guardHeld();
        releaseGuard();
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
        releaseGuard();
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
        Waiter h = heir;
        if (h == null || !Thread.currentThread().isVirtual()
                || hooks.nanoTime() - h.startNanos < boundNanos - swapAheadNanos()) {
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
            heir = null; // the one such sleeper: the next wake needs the slot it holds
        }
    }

    /**
     * Gives the first sleeper a spinner slot and wakes it, unless somebody spins already. Never
     * waits for the line's guard: if another thread holds it, the wake-up is left to that thread,
     * which runs it before it lets the guard go (releaseGuard).
     */
    private void wakeHeir() {
        if (line.lockGuardOrLeaveDuty()) {
            wakeHeirGuarded();
            releaseGuard();
        }
    }

    /** Releases the line's guard, running first any wake-up left to us while we held it. */
    private void releaseGuard() {
        WaitQueue q = line;
        while (q.unlockGuardOrTakeDuty()) {
            wakeHeirGuarded();
        }
    }

    /** wakeHeir's work; the guard is held. */
    private void wakeHeirGuarded() {
        WaitQueue q = line;
        Waiter first = q.peekFirst();
        if (first == null || !SPINNERS.compareAndSet(this, 0, 1)) {
            return;
        }
        q.pollFirst();
        afterRemoval(q);
        boolean virtual = first.thread.isVirtual(); // a platform thread gets a processor from the OS
        first.ticket = virtual ? SLOT_WOKEN : SLOT_GIVEN;
        first.signalNanos = hooks.nanoTime(); // before the signal that publishes it; wakes are rare enough for the clock
        if (virtual) {
            heir = first; // before the signal, so that its running() clears it
        }
        if (stats != null) {
            stats.add(LockEvent.WAKEUP);
        }
        first.signal(); // an unpark never blocks
    }

    @Override
    protected void releaseCore() {
        if (chooser != null && (++releases & (LineupChooser.TICK_RELEASES - 1)) == 0) {
            chooserTick(); // still the owner: the chooser's state is ours
        }
        if (!casState(LOCKED, 0)) {
            releaseSlow();
        }
    }

    /** Whether an arrival barges now: the fixed policy's answer, or the chooser's. */
    private boolean barges() {
        LineupPolicy fixed = fixedPolicy;
        return fixed != null ? fixed == LineupPolicy.BARGE : (boolean) BARGING.getOpaque(this); // opaque: see the field
    }

    /** The owner's tick of the chooser (every TICK_RELEASES-th release): applies what it decided. */
    private void chooserTick() {
        LineupChooser c = chooser;
        LineupChooser.Decision d = c.tick(hooks.nanoTime(), contendedAcquisitions);
        if (d == LineupChooser.Decision.KEEP) {
            return;
        }
        LineupPolicy running = c.running();
        BARGING.setOpaque(this, running == LineupPolicy.BARGE); // opaque: see the field
        if (stats != null) {
            stats.add(d == LineupChooser.Decision.TRIAL ? LockEvent.POLICY_TRIAL
                    : d == LineupChooser.Decision.SWITCH ? LockEvent.POLICY_SWITCH : LockEvent.POLICY_RETURN);
        }
        if (d == LineupChooser.Decision.SWITCH) {
            LineupPolicy from = running == LineupPolicy.BARGE ? LineupPolicy.LINE : LineupPolicy.BARGE;
            Jfr.policySwitched(this, from.specName, running.specName, c.replacedRatePerSecond(), c.trialRatePerSecond());
        }
    }

    /** The policy arrivals follow now (package-private: tests and inspection). */
    LineupPolicy runningPolicy() {
        return barges() ? LineupPolicy.BARGE : LineupPolicy.LINE;
    }

    /** Makes the chooser's arrivals follow {@code p} now, as a switch does (tests build each state with it). */
    void switchArrivalsTo(LineupPolicy p) {
        if (chooser == null) {
            throw new IllegalStateException("the policy is fixed: " + fixedPolicy.specName);
        }
        BARGING.setOpaque(this, p == LineupPolicy.BARGE);
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

    /**
     * The queued threads: the sleepers in line and the waiter whose handoff request stands
     * (ticket REQUESTED, spinning or parked). Spinners are running, not queued, and are neither
     * listed nor counted (queueLengthCore counts exactly these threads). Takes no guard.
     */
    @Override
    protected Collection<Thread> queuedThreadsCore() {
        List<Thread> threads = line.threads();
        Waiter h = requestStanding();
        if (h != null && !threads.contains(h.thread)) {
            threads.add(h.thread);
        }
        return threads;
    }

    /** The waiter whose handoff request stands (not yet served or withdrawn), or null. */
    private Waiter requestStanding() {
        Waiter h = handoffTo;
        return h != null && h.getTicketAcquire() == REQUESTED ? h : null;
    }

    @Override
    protected String specCore() {
        return "lineup" + (boundNanos == DEFAULT_BOUND.toNanos() ? "" : ":bound=" + boundNanos + "ns")
                + (fixedPolicy == null ? "" : ":policy=" + fixedPolicy.specName);
    }

    @Override
    protected boolean isLockedCore() {
        return (state & LOCKED) != 0;
    }

    @Override
    protected int queueLengthCore() {
        return line.size() + (requestStanding() != null ? 1 : 0); // the threads queuedThreadsCore lists
    }

    @Override
    protected String stateString() {
        int s = state;
        return "state=" + ((s & LOCKED) != 0 ? "LOCKED" : "free")
                + ((s & WAITERS) != 0 ? "|WAITERS" : "")
                + ((s & HANDOFF) != 0 ? "|HANDOFF" : "")
                + ", spinners=" + spinners
                + ", sleepers=" + line.size()
                + ", policy=" + (fixedPolicy != null ? fixedPolicy.specName : "auto (" + runningPolicy().specName + ")") + ", bound=" + boundNanos + "ns, spin budget=" + spinBudgetNanos() + "ns, wake-up=" + wakeLatencyNanos() + "ns";
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
        return INITIAL_WAKE_NANOS + (int) WAKE_DELTA.getOpaque(this);
    }

    /** A woken sleeper ran {@code nanos} after its signal: move the estimate an eighth of the way. */
    private void measuredWake(long nanos) {
        int w = wakeLatencyNanos();
        long clamped = Math.max(0L, Math.min(nanos, AdaptiveSpin.MAX_NANOS));
        WAKE_DELTA.setOpaque(this, (int) (w + ((clamped - w) >> 3)) - INITIAL_WAKE_NANOS); // racy by design, as AdaptiveSpin
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

    int learnedSpinNanos() {
        return spin.limitNanos();
    }

    // ---- VarHandle mechanics

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    private static final VarHandle SPINNERS;
    private static final VarHandle HANDOFF_TO;
    private static final VarHandle WAKE_DELTA;
    private static final VarHandle BARGING;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(LineupMutex.class, "state", int.class);
            SPINNERS = l.findVarHandle(LineupMutex.class, "spinners", int.class);
            HANDOFF_TO = l.findVarHandle(LineupMutex.class, "handoffTo", Waiter.class);
            WAKE_DELTA = l.findVarHandle(LineupMutex.class, "wakeDeltaNanos", int.class);
            BARGING = l.findVarHandle(LineupMutex.class, "barging", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
