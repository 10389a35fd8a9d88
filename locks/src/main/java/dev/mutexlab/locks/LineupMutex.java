package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupWord.Step.ACQUIRED;
import static dev.mutexlab.locks.LineupWord.Step.DUE;
import static dev.mutexlab.locks.LineupWord.Step.HANDED_OVER;
import static dev.mutexlab.locks.LineupWord.Step.INTERRUPTED;
import static dev.mutexlab.locks.LineupWord.Step.RETRY;
import static dev.mutexlab.locks.LineupWord.Step.SLEEP;
import static dev.mutexlab.locks.LineupWord.Step.SWAPPED;
import static dev.mutexlab.locks.LineupWord.Step.WOKEN;

import dev.mutexlab.locks.internal.Jfr;
import dev.mutexlab.locks.internal.MutexContendedEvent;
import dev.mutexlab.locks.internal.Waiter;
import dev.mutexlab.locks.internal.Won;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Collection;
import java.util.List;


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
 * <p>Each lock chooses how its contended acquisitions wait, by trying: the restricted line above;
 * barging (arrivals spin briefly, take the lock whenever it is free and sleep in line, as a
 * HotSpot monitor's do); or solo (concurrency restriction: one thread runs the lock alone while
 * the others sleep, the line rotating once a bound), keeping whichever ran it fastest while it
 * was saturated, and trying the others again now and then. All keep the bound.
 * {@code Locks.mutex("lineup:policy=line")}, {@code "lineup:policy=barge"} and
 * {@code "lineup:policy=solo"} fix one; {@code docs/RESULTS.md} (§12.9, §12.10, §12.23) has where
 * each wins.
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
public final class LineupMutex extends LineupArrivals {

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
     * The files. The lock is one object, built as a chain of package-private abstract classes
     * (as JCTools builds its queues: the fast path calls into no other object), each file with
     * the notes and invariants of its own code:
     *   LineupWord      the state word, spinner count, handoff request, heir and learned
     *                   estimates; invariants, memory ordering, racy publication; VarHandles
     *   LineupLine      the line of sleepers and all under its guard: sleeping, the unlock's
     *                   wake-up (the DUTY bit), the swap, passing on, cancellation, making room
     *   LineupSlots     spinning in a slot, the handoff request and its withdrawal, the clock
     *   LineupArrivals  an arrival's short spin, barging spin and time-based yield
     *   LineupMutex     (this file) the policy, the slow paths of lock and unlock, inspection.
     * LineupPolicy names the policies, LineupChooser picks one per lock, LineupHooks is the test
     * seam.
     *
     * Policies (LineupPolicy). They differ in what an arriving contended acquisition does, and
     * SOLO also in the unlock's wake-up (below); everything else (the heir's slot, the handoff,
     * the swap from a slot) is shared, so the invariants (LineupWord, LineupLine) hold under each,
     * and across a change of policy between two arrivals. A spec may fix one
     * (lineup:policy=line|barge|solo: fixedPolicy); by default the lock's LineupChooser picks, by
     * trying each while the lock is saturated (its notes say how). The owner ticks the chooser from releaseCore at every TICK_RELEASES-th release,
     * before the releasing CAS, while it is choosing: from an acquisition that had to wait until
     * an epoch in which too few did (the chooser's PAUSE), so an uncontended release pays one
     * test. The chooser's state, choosing and the counts it is fed (chooserCounts: releases and
     * acquisitions that waited, on the word's cache line, see LineupWord) are the owner's alone
     * (plain fields, ordered by the lock itself); the
     * choice reaches arrivals and unlocks through arrivalPolicy, opaque (see the field). An
     * arrival reads the policy once:
     *   LINE   as below: the time-based yield, preSpin, the look at the clock and the swap, a
     *          spinner slot if one is free (unless making room), else the line.
     *   BARGE  bargeSpin (the same spaced spin, whoever sleeps; one look on a platform thread when
     *          the sleepers outnumber the processors), then one look at the clock (the start of the bound) and
     *          the line. No slot, no swap, no yield: the only spinner is the heir an unlock woke,
     *          which spins for the learned budget, asks for the handoff once past its bound (at
     *          its look at the clock every ROUNDS_PER_CHECK rounds) and swaps with an older due
     *          sleeper, as any slot holder does. So a waiter waits about the bound plus the time
     *          until it is woken as heir; the bound costs nothing until a heir is past it. A
     *          virtual arrival spins at most the short spin and then sleeps, freeing its carrier,
     *          so a woken virtual heir needs no room made.
     *   SOLO   one look at the word, then the line, no slot; the sleeper parks with a timeout
     *          at its bound (it wakes itself: Waiter.token WAKES_ITSELF, headWakesItself when
     *          first). An unlock under SOLO leaves a first sleeper that wakes itself asleep, so the
     *          thread that holds the lock runs alone while the others sleep, except that one
     *          release in SOLO_LOOK_EVERY reads the clock and wakes it once it is (nearly) due;
     *          any other first sleeper (one that slept under LINE or BARGE before a switch, or one
     *          whose timer fired) it wakes as the other policies do. When a sleeper's timer fires
     *          it stops waking itself, so every unlock wakes it from then on; if it then finds the
     *          lock free (its runner left it) it leaves the line by itself (Step.DUE) and may take
     *          a slot, spin and ask for the handoff as a woken heir would; if the lock is held it
     *          sleeps on, in line, for the holder's unlock (so a waiter stays queued while the lock
     *          is held, as under the other policies; LineupLine: the look and the timer). A due
     *          sleeper that found no slot sleeps again without a timeout. A sleeper that gives up
     *          passes the wake-up on (LineupLine.parkInLine), since an unlock may have read it as
     *          the first sleeper a moment before it left. So no sleeper sleeps past its bound
     *          waiting for an unlock that never comes. While the chooser runs SOLO, a release that
     *          leaves sleepers counts for it as an acquisition that waited (releaseCore): the
     *          runner itself never waits.

     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow), LINE:
     *   - the time-based yield (maybeYield, platform threads) and the short spin (preSpin),
     *     taking the lock whenever it is free (barging) while no slot is taken and nobody sleeps
     *     (LineupArrivals). With sleepers the acquisition goes on at once to the look at the clock
     *     below: an arrival that barges without one could keep a due sleeper waiting for as long
     *     as arrivals find the lock free;
     *   - start = now (the bound counts from here);
     *   - if the first sleeper is (nearly) past its bound and a slot is free: take it and swap;
     *   - loop: lock free -> take it; a slot free -> take it and spin (spinInSlot, LineupSlots)
     *     until the lock is free, the budget runs out (then sleep), or a look at the clock finds
     *       this waiter past its bound: claim handoffTo, set HANDOFF and wait for the lock (spin
     *         on the node, then park); another request pending: go on to the swap below;
     *       the first sleeper (nearly) past its bound and older than us (past its bound or not):
     *         swap (LineupLine) — under the guard take it out, give it our slot (ticket
     *         SLOT_GIVEN), join the line in order of arrival, signal it, and park;
     *     otherwise (or, on a virtual thread, while a woken sleeper waits for a carrier: making
     *     room, LineupLine) sleep in line. Setting WAITERS needs LOCKED (one CAS), so no wake-up is lost.
     * unlock: CAS LOCKED -> 0. Slow path (releaseSlow):
     *   - HANDOFF: clear it, keeping LOCKED, take handoffTo, and CAS its ticket to HANDED and
     *     signal it; if it was withdrawn, go on as without HANDOFF;
     *   - else clear LOCKED; then if WAITERS and no slot is taken, give the first sleeper a slot
     *     and wake it (wakeHeir), unless SOLO runs and the first sleeper wakes itself and is not
     *     found due (one release in SOLO_LOOK_EVERY looks); with a slot taken unlock wakes
     *     nobody (its holder is the heir). A
     *     woken virtual sleeper gets ticket SLOT_WOKEN and becomes the heir (making room,
     *     LineupLine). wakeHeir never waits for the line's guard (LineupLine: the DUTY bit).
     * Under LINE and BARGE the bound is enforced by running threads, not by timers: a sleeper's
     * timer would wake it into a run queue that is full (platform threads) or onto carriers
     * nothing frees (virtual threads). A swap wakes the sleeper a little before its bound (two
     * wake-up latencies, measured per lock from the signal to the woken thread's first step), so
     * it runs when due. Under SOLO the unlock's look wakes a due sleeper while the lock runs, and
     * where no release comes (the runner left, or holds the lock long) the sleepers' own timers
     * keep the bound: the others sleep on purpose, so processors are free for a timer's wake-up
     * (LineupLine: the look and the timer).
     *
     * Inspection counts and lists the same threads (the sleepers in line and a waiter whose ticket
     * is REQUESTED), reads the line without its guard (WaitQueue.threads, an estimate while it
     * changes, exact at rest) and so never delays an unlock. Spinners are not queued: they run.
     */

    /** The default bound on waiting before the lock is handed over: 1 ms, as Go's starvation threshold. */
    public static final Duration DEFAULT_BOUND = Duration.ofMillis(1);
    /** chooserCounts: the releases counted, in its low half. */
    private static final int RELEASES_MASK = 0xFFFF;
    /** chooserCounts: one acquisition that waited, in its high half (a carry out of the int is harmless: modulo 2^16). */
    private static final int WAITED_ONE = 1 << 16;

    /** How arrivals wait when the spec fixed it, or null when the chooser picks (see LineupPolicy and the notes). */
    private final LineupPolicy fixedPolicy;
    /** Picks the policy when none is fixed (else null); used by the owner only, in releaseCore. */
    private final LineupChooser chooser;
    /**
     * The policy the chooser has arrivals (and unlocks) follow now: its ordinal. Written
     * by the owner (chooserTick), read by arrivals and unlocks without the lock, opaque both ways:
     * a stale read is harmless (an arrival follows the previous policy, an unlock wakes or leaves
     * asleep as that policy would, and every policy keeps every invariant), and opaque keeps a
     * reader from reading a value the JIT hoisted long ago. 0 by default, barging, so a lock
     * published racily barges, as the chooser does at first.
     */
    private int arrivalPolicy;
    /**
     * Whether the owner counts releases and ticks the chooser: set by an acquisition that had to
     * wait, cleared when the chooser finds an epoch unsaturated (LineupChooser's PAUSE), so a lock
     * nobody waits for pays one test per release. Owner only, plain; false by default (racy
     * publication: the first contended acquisition starts the counting).
     */
    private boolean choosing;

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
        super(bound, recordStats, hooks, maxSpinners); // checks and caps the bound, requires hooks
        this.fixedPolicy = policy;
        this.chooser = policy == null ? new LineupChooser() : null;
    }

    /** The bound on waiting, in nanoseconds, after which the next unlock hands a waiter the lock. */
    public long boundNanos() {
        return boundNanos;
    }

    /**
     * The waiting policy a contended acquisition follows now: {@code "line"}, {@code "barge"} or
     * {@code "solo"} (the names of the spec option {@code policy}). A lock whose spec fixed one
     * returns it; one that chooses ({@code policy=auto}, the default) returns the policy its
     * chooser runs at this moment, the one it keeps or, during a short trial, the one it tries,
     * so the answer may change with the next acquisition. With statistics on,
     * {@link LockEvent#POLICY_SWITCH} counts the chooser's switches.
     *
     * @since 1.0
     */
    public String policy() {
        return runningPolicy().specName;
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
        final LineupPolicy policy = runningPolicy(); // read once
        final boolean solo = policy == LineupPolicy.SOLO;
        final boolean line = policy == LineupPolicy.LINE; // BARGE, SOLO: no yield, no slot, no swap for an arrival
        if (line && !Thread.currentThread().isVirtual()) {
            maybeYield(); // virtual threads never yield here (see LineupArrivals)
        }
        if (line ? preSpin() : solo ? tryAcquireOnce() : bargeSpin()) { // SOLO: one look, as tryLock
            waitedAndAcquired(); // it waited, if briefly: the chooser counts it
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
        Step r = RETRY;
        boolean due = false; // SOLO: we woke ourselves at our bound, and may take a slot
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
                    } else if ((line || due) && !heirStuck() && takeSpinnerSlot()) {
                        spinning = true;
                        continue;
                    } else {
                        r = SLEEP;
                    }
                }
            }
            if (r == SLEEP) {
                // RETRY: it found the lock free and did not sleep; DUE (SOLO): it woke itself at its bound
                r = sleepInLine(node, mode, deadlineNanos, solo && !due);
            } else if (r == SWAPPED) {
                r = parkInLine(node, mode, deadlineNanos);
            }
            switch (r) {
                case WOKEN: // a waker (or a swap) gave us a spinner slot
                    slept = true;
                    spinning = true;
                    r = RETRY;
                    continue;
                case DUE:
                    due = true;
                    slept = true;
                    r = RETRY;
                    continue;
                case RETRY:
                    continue;
                case ACQUIRED:
                case HANDED_OVER:
                    waitedAndAcquired();
                    node.restoreInterrupt();
                    contended(jfr, r == HANDED_OVER ? Won.HANDOFF : slept ? Won.WOKEN : spun ? Won.SPINNING : Won.BARGING);
                    return true;
                default:
                    return gaveUp(r == INTERRUPTED, node);
            }
        }
    }

    /**
     * The owner's count of an acquisition that had to wait, for the chooser; the first after a
     * pause starts the chooser counting releases again (see the field choosing).
     */
    private void waitedAndAcquired() {
        chooserCounts += WAITED_ONE; // we own the lock: the count is ours to write (the high half, see the field)
        if (!choosing && chooser != null) {
            choosing = true;
            chooser.resume();
        }
    }

    /**
     * A condition waiter that re-acquired counts as an acquisition that waited: it waited for the
     * lock's release that woke it (MutexCondition), and a lock whose threads wait on its
     * conditions (a bounded queue) would otherwise look unsaturated to the chooser, which would
     * then never try a policy there, however differently they run it. A re-acquisition that found
     * the lock held has counted once already, on its slow path: the second count only makes a lock
     * whose condition waiters also wait for it look a little more saturated than it is, which the
     * chooser's one-in-SATURATED_SHARE_INVERSE threshold does not tell apart.
     */
    @Override
    void reacquiredAfterWait() {
        waitedAndAcquired();
    }

    @Override
    protected void releaseCore() {
        if (choosing) {
            int c = chooserCounts;
            int released = (c + 1) & RELEASES_MASK; // the low half, modulo 2^16 (see the field)
            if (runningPolicy() == LineupPolicy.SOLO && (state & WAITERS) != 0) { // the policy first: no volatile read otherwise
                c += WAITED_ONE; // SOLO's runner does not wait: sleepers left behind are the sign of saturation
            }
            chooserCounts = (c & ~RELEASES_MASK) | released;
            if ((released & (LineupChooser.TICK_RELEASES - 1)) == 0) {
                chooserTick(); // still the owner: the chooser's state is ours
            }
        }
        if (!casState(LOCKED, 0)) {
            releaseSlow();
        }
    }

    /**
     * Whether the first sleeper is (nearly) past its bound: two wake-ups early, so that it runs
     * when due (SOLO's look at the clock, one release in SOLO_LOOK_EVERY).
     */
    private boolean firstSleeperDue() {
        return hooks.nanoTime() - headStartNanos >= boundNanos - swapAheadNanos();
    }

    /** The owner's tick of the chooser (every TICK_RELEASES-th release): applies what it decided. */
    private void chooserTick() {
        LineupChooser c = chooser;
        LineupChooser.Decision d = c.tick(hooks.nanoTime(), chooserCounts >>> 16);
        if (d == LineupChooser.Decision.KEEP) {
            return;
        }
        if (d == LineupChooser.Decision.PAUSE) {
            choosing = false; // until an acquisition waits again: uncontended releases count nothing
            return;
        }
        LineupPolicy running = c.running();
        ARRIVAL_POLICY.setOpaque(this, running.ordinal()); // opaque: see the field
        if (stats != null) {
            stats.add(d == LineupChooser.Decision.TRIAL ? LockEvent.POLICY_TRIAL
                    : d == LineupChooser.Decision.SWITCH ? LockEvent.POLICY_SWITCH : LockEvent.POLICY_RETURN);
        }
        if (d == LineupChooser.Decision.SWITCH) {
            Jfr.policySwitched(this, c.replaced().specName, running.specName, c.replacedRatePerSecond(), c.trialRatePerSecond());
        }
    }

    /** The policy arrivals and unlocks follow now: the fixed one, or the chooser's (package-private: tests and inspection). */
    LineupPolicy runningPolicy() {
        LineupPolicy fixed = fixedPolicy;
        return fixed != null ? fixed : LineupPolicy.ofOrdinal((int) ARRIVAL_POLICY.getOpaque(this)); // opaque: see the field
    }

    /** Makes the chooser's arrivals follow {@code p} now, as a switch does (tests build each state with it). */
    void switchArrivalsTo(LineupPolicy p) {
        if (chooser == null) {
            throw new IllegalStateException("the policy is fixed: " + fixedPolicy.specName);
        }
        ARRIVAL_POLICY.setOpaque(this, p.ordinal());
    }

    private void releaseSlow() {
        int looks = ++slowReleases; // still the owner: the count is ours to write (see the field)
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
            if (spinners == 0 && (runningPolicy() != LineupPolicy.SOLO || !headWakesItself // read after the CAS: LineupLine, the look and the timer
                    || ((looks & (SOLO_LOOK_EVERY - 1)) == 0 && firstSleeperDue()))) {
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

    boolean choosing() {
        return choosing;
    }

    int releasesCounted() {
        return chooserCounts & RELEASES_MASK;
    }

    int waitsCounted() {
        return chooserCounts >>> 16;
    }

    int learnedSpinNanos() {
        return spin.limitNanos();
    }

    // ---- VarHandle mechanics

    private static final VarHandle ARRIVAL_POLICY;
    static {
        try {
            ARRIVAL_POLICY = MethodHandles.lookup().findVarHandle(LineupMutex.class, "arrivalPolicy", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
