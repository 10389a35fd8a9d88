package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.Jfr;
import dev.mutexlab.locks.internal.MutexContendedEvent;
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
 * A barging lock with a bound on waiting: threads that find the lock free take it (which is what
 * makes barging locks fast when critical sections are short), the others sleep in line in order of
 * arrival, and a waiter that has waited longer than the bound (1 ms by default, Go's starvation
 * threshold) is handed the lock by the next unlock, so no thread starves.
 *
 * <p>Use it where {@link java.util.concurrent.locks.ReentrantLock} or {@code synchronized} would
 * do but a waiter must not wait without a bound. How contended acquisitions wait is a policy
 * the lock chooses by trying, per lock: barging (a short spin, then sleep, as a HotSpot monitor),
 * the line (one look, then sleep, as {@code ReentrantLock}) or solo (one thread runs the lock
 * alone while the others sleep until due). {@code Locks.mutex("lineup:policy=barge")},
 * {@code "lineup:policy=line"} and {@code "lineup:policy=solo"} fix one. A waiter waits about the
 * bound plus the holds of those ahead of it and a wake-up; {@code docs/RESULTS.md} (§12) has what
 * it costs, where it loses, and the longest waits measured.
 *
 * <p>Like {@code ReentrantLock}: reentrant and owned ({@code unlock} by another thread throws
 * {@link IllegalMonitorStateException}), with {@link #tryLock()} (which barges whenever the lock
 * is free), timed and interruptible acquisition (a timed one that reaches its deadline looks at
 * the lock once more before it gives up), and conditions. Acquiring has the memory effects of a
 * volatile read and releasing those of a volatile write. {@code unlock} never blocks, yields or
 * waits for another thread. The inspection methods count and list the same threads: those asleep
 * in line and a waiter whose handoff request stands; the one sleeper an unlock woke is running
 * (spinning for the lock) and is not listed until it sleeps again.
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
     * Origins. Barging with a short spin and a woken "heir presumptive" (an unlock wakes nobody
     * while a woken waiter has not run yet) is HotSpot's monitor and ReentrantLock's AQS; the
     * bound in time on barging is Go's sync.Mutex starvation rule (CL 34310) and parking_lot's
     * eventual fairness; the handoff that keeps the lock held while it passes to the waiter past
     * its bound is Linux's generic mutex (MUTEX_FLAG_HANDOFF); sleeping until due is the
     * concurrency restriction of Malthusian locks (Dice); trying the policies per lock and keeping
     * the faster is reactive locking (LineupChooser).
     *
     * State word (state, an int):
     *   bit 0  LOCKED   held, or being handed over (ownership passes with it set)
     *   bit 1  WAITERS  the line is not empty (exact whenever the line's guard is free)
     *   bit 2  HANDOFF  the waiter in handoffTo is past its bound: the next unlock hands it the lock
     * Other mutable fields: line (the sleepers, in order of Waiter.startNanos, behind a short
     * guard); heir (the sleeper an unlock woke and that has not yet taken the lock, slept again or
     * given up); handoffTo (the waiter that asks for the handoff); the policy (arrivalPolicy, or a
     * fixed one), the chooser's counts and switch (chooserCounts, choosing), and the learned spin.
     * Per waiter (internal.Waiter): startNanos, the ticket (WOKEN, REQUESTED, HANDED, WITHDRAWN)
     * and the token (SLEEPS_UNTIL_DUE or 0).
     *
     * Invariants.
     *   I1  WAITERS is set only together with LOCKED (one CAS, under the guard), and cleared under
     *       the guard when the line empties: so an unlock's releasing CAS either sees WAITERS or
     *       the joiner sees the lock free and does not sleep.
     *   I2  An unlock that clears LOCKED and sees WAITERS wakes the first sleeper unless heir is
     *       set (wakeFirst), and the decision is made under the guard from the first sleeper's own
     *       node; if another thread holds the guard the decision is left to it (the guard's DUTY
     *       bit, WaitQueue.lockGuardOrLeaveDuty) and made before that thread lets the guard go.
     *   I3  An unlock leaves the first sleeper asleep only while heir is set (that thread runs and
     *       will take the lock, sleep again or give up, and then pass the wake-up on), or while
     *       that sleeper sleeps until due and is not yet due (its own timer fires then: at its
     *       bound, or SOLO_PERIOD_NANOS after it started if the bound is longer).
     *   I4  Every waiter that stops without the lock (gives up, or a woken heir that gives up)
     *       passes the wake-up on (passOn): if the lock is free with sleepers and no heir, it wakes
     *       the first. A heir that sleeps again clears heir before it reads the word.
     *   I5  HANDOFF implies LOCKED and a claimed handoffTo whose ticket is REQUESTED (its owner
     *       waits for the lock) or WITHDRAWN (it gave up); only the holder's unlock clears them.
     *   I6  The line is in order of arrival: a sleeper that joins it again keeps its start.
     * Together: no wake-up is lost (each sleeper is woken by an unlock, by a waiter passing on,
     * or by its own timer), and a waiter that is running when it is past its bound takes the lock
     * at the next unlock.
     *
     * lock: CAS 0 -> LOCKED. Slow path (acquireSlow):
     *   arrival (the policy: spin or look once, taking the lock whenever it is free)
     *   start = now (the bound counts from here)
     *   loop:
     *     look: the heir spins for the learned budget, any other waiter looks once -> free: take it
     *     past the bound: ask for the handoff (claim handoffTo, set HANDOFF with LOCKED, wait for
     *       the unlock to hand it over; another request stands: go on to sleep)
     *     sleep in line (the heir first clears heir): WOKEN (we are the heir) | the lock was free
     *       (look again) | our timer fired at our due time (SOLO: look again) | gave up
     *   gave up (timeout, interrupt): a timed waiter looks once more; then pass the wake-up on
     * unlock: CAS LOCKED -> 0. Slow path (releaseSlow):
     *   HANDOFF: clear it (LOCKED stays), take handoffTo, CAS its ticket REQUESTED -> HANDED and
     *     signal it; if it was withdrawn, release as without HANDOFF
     *   else clear LOCKED; if WAITERS and no heir: wakeFirst (I2, I3)
     *
     * Why a heir and not a wake-up per unlock: a woken thread takes a wake-up latency to run; an
     * unlock per microsecond would otherwise wake a sleeper per microsecond, each of which finds
     * the lock taken and sleeps again. One heir at a time is HotSpot's succ and AQS's signal.
     *
     * The bound. It is enforced by running waiters, not by a timer: the first sleeper is woken
     * by every unlock that finds no heir, and a waiter that runs past its bound asks for the
     * handoff, which bars barging (LOCKED stays set through the handover). Under SOLO the first
     * sleeper is left asleep until due and its own timer wakes it: due at its bound, or at most
     * SOLO_PERIOD_NANOS after it started, so that a sleeper on a lock its runner left waits that
     * long at most whatever the bound (with bound=1h, an hour would be an outage); it sleeps until
     * due only when that comes before its deadline, else it sleeps as under the other policies.
     * Once due it sleeps as under the other policies: when its timer fires it stays in line (and
     * queued, for the inspection methods) if the lock is held, and looks again if it is free.
     *
     * The clocks. The bound (a waiter's start, whether it is past its bound) and the chooser's
     * epochs are read on hooks.nanoTime(); a spin's length and a timed acquisition's deadline are
     * real time, on System.nanoTime() (AbstractMutex computes the deadline there, Waiter.block parks
     * until it). A SOLO sleeper's timer converts what is left until it is due on the first clock into
     * a deadline on the second.
     *
     * Policies (LineupPolicy, one file each) decide only the arrival and whether a sleeper sleeps
     * until due; everything above holds under each and across a switch, since an unlock's one
     * policy-dependent decision (I3) is read from the sleeper's own node. The chooser's state is
     * the owner's alone: releaseCore counts and ticks it before the releasing CAS, and releases in
     * a finally block, so an Error thrown there (OOM, a JFR event) never leaves the lock held.
     *
     * Memory ordering. Every state access is volatile or a CAS (the acquiring CAS has acquire
     * semantics, the releasing CAS release semantics); heir and handoffTo are volatile for the
     * Dekker-style arguments of I1, I4 and the heir (each side writes its own variable, then reads
     * the other's). A handoff and a wake-up publish what they hand over through the node's volatile
     * wake flag (Waiter.signal). arrivalPolicy is opaque (see the field). The learned spin is a
     * racy heuristic (AdaptiveSpin).
     *
     * Racy publication: every non-final field starts at its type's default (policy 0 is barging,
     * no heir, no request, not choosing), so a lock published without a happens-before edge is a
     * valid free lock.
     */

    /** The default bound on waiting before the lock is handed over: 1 ms, as Go's starvation threshold. */
    public static final Duration DEFAULT_BOUND = Duration.ofMillis(1);

    static final int LOCKED = 1;
    static final int WAITERS = 2;
    static final int HANDOFF = 4;

    /** Ticket: an unlock woke this sleeper; it is the heir and has not run yet. */
    static final int WOKEN = 1;
    /** Ticket: this waiter asks for the handoff; the unlock CASes it to HANDED, a withdrawal to WITHDRAWN. */
    static final int REQUESTED = 2;
    /** Ticket: ownership was handed over (LOCKED stayed set). */
    static final int HANDED = 3;
    /** Ticket: the waiter gave its request up before an unlock served it. */
    static final int WITHDRAWN = 4;
    /** Token: this sleeper sleeps until due, with a timer at its bound (SOLO): an unlock may leave it asleep until then. */
    static final int SLEEPS_UNTIL_DUE = 1;

    /** chooserCounts: the releases counted, in its low half. */
    private static final int RELEASES_MASK = 0xFFFF;
    /** chooserCounts: one acquisition that waited, in its high half (a carry out of the int is harmless: modulo 2^16). */
    private static final int WAITED_ONE = 1 << 16;
    /**
     * The longest a sleeper that sleeps until due (SOLO) sleeps before it competes again, when the
     * bound is longer: the period at which the solo line rotates, and the longest such a sleeper
     * may sleep while the lock is free (its runner left). Go's starvation threshold.
     */
    static final long SOLO_PERIOD_NANOS = 1_000_000L;
    /** A spin reads the clock once per this many looks at the word. */
    private static final int LOOKS_PER_CLOCK_READ = 8;
    /** The most PAUSEs between two looks at the word in a spin (the gap doubles up to it). */
    private static final int MAX_GAP_PAUSES = 16;

    /** See the notes: the state word. */
    private volatile int state;
    /**
     * The chooser's counts, the owner's alone: the releases it counted in the low 16 bits and the
     * acquisitions that waited in the high 16, each modulo 2^16. Plain: the lock orders every
     * access. Declared beside state, on the word's cache line, which every owner has just brought.
     */
    private int chooserCounts;
    /** Whether the owner counts releases and ticks the chooser (see LineupChooser: pausing). Owner only, plain. */
    private boolean choosing;
    /**
     * The policy arrivals follow when the chooser picks: its ordinal. Written by the owner
     * (chooserTick), read by arrivals without the lock, opaque both ways: a stale read only makes
     * an arrival follow the previous policy, which keeps every invariant (see the notes), and
     * opaque keeps the JIT from hoisting the read out of a caller's loop. 0 by default: barging.
     */
    private int arrivalPolicy;
    /** The sleeper an unlock woke that has not taken the lock, slept again or given up (I3), or null. */
    private volatile Waiter heir;
    /** The waiter that asks for the handoff (I5), or null. Claimed by CAS from null; cleared by the holder's unlock. */
    private volatile Waiter handoffTo;
    private final WaitQueue line = new WaitQueue();
    private final AdaptiveSpin spin = new AdaptiveSpin();
    /** The bound, in nanoseconds, capped so that start + bound never overflows. */
    private final long boundNanos;
    /** How long a SOLO sleeper sleeps until due: the bound, at most SOLO_PERIOD_NANOS. */
    private final long dueNanos;
    private final LineupHooks hooks;
    /** How arrivals wait when the spec fixed it, or null when the chooser picks. */
    private final LineupPolicy fixedPolicy;
    /** Picks the policy when none is fixed (else null); used by the owner only, in releaseCore. */
    private final LineupChooser chooser;

    /** Outcomes of the slow path's steps. */
    private enum Step {
        /** The lock is ours: we took it. */
        ACQUIRED,
        /** The lock is ours: an unlock handed it to us. */
        HANDED_OVER,
        /** Look at the word again: it was free. */
        RETRY,
        /** Sleep in line (another handoff request stands). */
        SLEEP,
        /** An unlock woke us: we are the heir. */
        WOKEN,
        /** SOLO: our timer fired at our bound and we left the line. */
        DUE,
        /** We give up: the deadline passed. */
        TIMED_OUT,
        /** We give up: interrupted (the interrupt consumed). */
        INTERRUPTED
    }

    /** A lock with the default bound, choosing its policy, without statistics. */
    public LineupMutex() {
        this(DEFAULT_BOUND, false);
    }

    /** A lock with the given bound on waiting, choosing its policy, without statistics. */
    public LineupMutex(Duration bound) {
        this(bound, false);
    }

    /** A lock with the given bound, choosing its policy, recording statistics if asked. */
    public LineupMutex(Duration bound, boolean recordStats) {
        this(bound, recordStats, LineupHooks.NONE, null);
    }

    /** As above, with a fixed policy (null: the lock chooses). */
    LineupMutex(Duration bound, boolean recordStats, LineupPolicy policy) {
        this(bound, recordStats, LineupHooks.NONE, policy);
    }

    /** As above, with test hooks (LineupHooks). */
    LineupMutex(Duration bound, boolean recordStats, LineupHooks hooks, LineupPolicy policy) {
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
        this.boundNanos = Math.min(nanos, Long.MAX_VALUE / 2);
        this.dueNanos = Math.min(boundNanos, SOLO_PERIOD_NANOS);
        this.hooks = Objects.requireNonNull(hooks, "hooks");
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

    // ---- acquiring

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

    /** The slow path; its pseudocode is in the notes (lock). */
    private boolean acquireSlow(int mode, long deadlineNanos) throws InterruptedException {
        LineupPolicy policy = runningPolicy(); // read once: a switch applies from the next arrival
        if (policy.arrive(this)) {
            waitedAndAcquired(); // it waited, if briefly: the chooser counts it
            return true;
        }
        if (stats != null) {
            stats.add(LockEvent.CONTENDED_ACQUIRE);
        }
        MutexContendedEvent jfr = contentionStart();
        Waiter node = new Waiter();
        node.startNanos = hooks.nanoTime(); // the bound counts from here
        boolean woken = false; // we are the heir
        boolean slept = false;
        for (;;) {
            Step r;
            if (woken ? spinAsHeir() : takeIfFree()) {
                r = Step.ACQUIRED;
            } else if (hooks.nanoTime() - node.startNanos >= boundNanos) {
                r = awaitHandoff(node, mode, deadlineNanos);
            } else {
                r = Step.SLEEP;
            }
            if (r == Step.SLEEP) {
                if (woken) {
                    woken = false;
                    clearHeir(node); // before the word is read again (I4)
                }
                r = sleepInLine(node, mode, deadlineNanos, policy.sleepsUntilDue());
                slept = true;
            }
            switch (r) {
                case WOKEN -> woken = true;
                case RETRY, DUE -> { } // look again; after DUE we are past the bound
                case ACQUIRED, HANDED_OVER -> {
                    if (woken) {
                        clearHeir(node);
                    }
                    return acquired(node, jfr, r == Step.HANDED_OVER ? Won.HANDOFF : slept ? Won.WOKEN : Won.BARGING);
                }
                default -> { // TIMED_OUT, INTERRUPTED
                    boolean lastLook = r == Step.TIMED_OUT && takeIfFree(); // as AQS's: a free lock is never refused
                    if (woken) {
                        clearHeir(node);
                    }
                    if (lastLook) {
                        return acquired(node, jfr, slept ? Won.WOKEN : Won.BARGING);
                    }
                    passOn(); // I4
                    return gaveUp(r == Step.INTERRUPTED, node);
                }
            }
        }
    }

    /** Takes the lock if it is free: only LOCKED decides, whatever else changes meanwhile. */
    private boolean takeIfFree() {
        for (;;) {
            int s = state;
            if ((s & LOCKED) != 0) {
                return false;
            }
            if (casState(s, s | LOCKED)) {
                return true;
            }
        }
    }

    private boolean acquired(Waiter node, MutexContendedEvent jfr, Won how) {
        waitedAndAcquired();
        node.restoreInterrupt();
        contended(jfr, how);
        return true;
    }

    /**
     * The heir's spin: looks at the word, further apart as it goes on, for the learned budget,
     * taking the lock whenever it is free. The budget grows when a spin ends with the lock and
     * shrinks when it runs out (AdaptiveSpin), so a heir of long holds soon sleeps at once.
     */
    private boolean spinAsHeir() {
        long budgetNanos = spin.budgetNanos();
        long startNanos = System.nanoTime();
        int gap = 1;
        for (int looks = 1; ; looks++) {
            int s = state;
            if ((s & LOCKED) == 0 && casState(s, s | LOCKED)) {
                spin.succeeded(System.nanoTime() - startNanos);
                return true;
            }
            if (looks % LOOKS_PER_CLOCK_READ == 0 && System.nanoTime() - startNanos >= budgetNanos) {
                spin.failed();
                return false;
            }
            for (int i = 0; i < gap; i++) {
                Thread.onSpinWait();
            }
            if (gap < MAX_GAP_PAUSES) {
                gap <<= 1;
            }
        }
    }

    /**
     * An arrival's spin (LineupPolicy.arrive): {@code pauses} PAUSEs with looks at the word between
     * them, further apart as it goes on (1, 2, 4 ... MAX_GAP_PAUSES: each look takes the word's cache
     * line from the holder), taking the lock whenever it is free. One look when {@code pauses} is 0.
     */
    boolean spinForLock(int pauses) {
        int gap = 1;
        for (int paused = 0; ; paused += gap) {
            int s = state;
            if ((s & LOCKED) == 0 && casState(s, s | LOCKED)) {
                return true;
            }
            if (paused + gap > pauses) {
                return false;
            }
            for (int i = 0; i < gap; i++) {
                Thread.onSpinWait();
            }
            if (gap < MAX_GAP_PAUSES) {
                gap <<= 1;
            }
        }
    }

    /** Whether spinning can pay at all (not on one processor): the learned budget is zero there. */
    boolean canSpin() {
        return spin.budgetNanos() != 0;
    }

    /**
     * Whether a virtual arrival should not spin: the heir an unlock woke has not run (no carrier
     * was free for it, and none frees up while the threads that have one keep spinning and taking
     * the lock) and is past its bound. True then, and counted (LockEvent.MADE_ROOM).
     */
    boolean heirStuck() {
        Waiter h = heir;
        if (h == null || h.getTicketAcquire() != WOKEN || hooks.nanoTime() - h.startNanos < boundNanos) {
            return false;
        }
        if (stats != null) {
            stats.add(LockEvent.MADE_ROOM);
        }
        return true;
    }

    /**
     * Asks for the handoff (I5): claims handoffTo, sets HANDOFF while the lock is held, and waits
     * for the unlock to hand the lock over — spinning for the learned budget, then parked.
     * Returns HANDED_OVER, RETRY (the lock was free: take it), SLEEP (another request stands),
     * or TIMED_OUT / INTERRUPTED once the request is withdrawn.
     */
    private Step awaitHandoff(Waiter node, int mode, long deadlineNanos) {
        node.reset(); // no unlock reaches the node before the claim below publishes it
        node.ticket = REQUESTED;
        if (!casHandoffTo(null, node)) {
            return Step.SLEEP;
        }
        for (;;) {
            int s = state;
            if ((s & LOCKED) == 0) {
                handoffTo = null; // no HANDOFF was set: no unlock has read the claim
                return Step.RETRY;
            }
            if (casState(s, s | HANDOFF)) {
                break;
            }
        }
        if (stats != null) {
            stats.add(LockEvent.HANDOFF_REQUEST);
        }
        long budgetNanos = spin.budgetNanos();
        long startNanos = System.nanoTime();
        while (!node.isWoken() && System.nanoTime() - startNanos < budgetNanos) {
            for (int i = 0; i < MAX_GAP_PAUSES; i++) {
                Thread.onSpinWait();
            }
        }
        int b = node.block(parkBlocker(), mode, deadlineNanos);
        if (b == Waiter.SIGNALLED) {
            return Step.HANDED_OVER;
        }
        hooks.withdrawing();
        if (node.casTicket(REQUESTED, WITHDRAWN)) {
            return b == Waiter.INTERRUPTED ? Step.INTERRUPTED : Step.TIMED_OUT; // the unlock clears HANDOFF
        }
        node.awaitSignal(parkBlocker()); // HANDED: the lock is ours, its signal on the way
        if (b == Waiter.INTERRUPTED) {
            node.rememberInterrupt(); // acquired after all: the caller still sees the interrupt
        }
        return Step.HANDED_OVER;
    }

    /**
     * Joins the line and sleeps. Returns WOKEN (an unlock woke us: we are the heir), RETRY (the
     * lock was free: we did not sleep), DUE (SOLO: our timer fired at our due time and we left the
     * line), TIMED_OUT or INTERRUPTED (we left the line). A sleeper that gives up but was taken out
     * of line by a waker first is the heir: it returns WOKEN, keeping an interrupt set, and gives
     * up at its next sleep if it does not get the lock first.
     */
    private Step sleepInLine(Waiter node, int mode, long deadlineNanos, boolean untilDue) {
        WaitQueue q = line;
        q.lockGuard();
        for (;;) { // I1
            int s = state;
            if ((s & LOCKED) == 0) {
                releaseGuard();
                return Step.RETRY;
            }
            if ((s & WAITERS) != 0 || casState(s, s | WAITERS)) {
                break;
            }
        }
        hooks.joining();
        node.reset(); // not queued: no waker can reach the node before the guard's release
        long nowNanos = System.nanoTime();
        long dueInNanos = node.startNanos + dueNanos - hooks.nanoTime();
        long timerNanos = hooks.dueTimerNanos(dueInNanos);
        boolean timed = (mode & Waiter.TIMED) != 0;
        boolean selfWake = untilDue && dueInNanos > 0L && (!timed || deadlineNanos - nowNanos > timerNanos);
        node.token = selfWake ? SLEEPS_UNTIL_DUE : 0; // read by wakeFirst under the guard
        q.addInStartOrder(node); // I6
        releaseGuard();
        if (stats != null) {
            stats.add(LockEvent.PARK);
        }
        int b = node.block(parkBlocker(), selfWake ? mode | Waiter.TIMED : mode,
                selfWake ? nowNanos + timerNanos : deadlineNanos);
        if (b == Waiter.TIMED_OUT && selfWake && stillQueuedAndHeld(node)) {
            selfWake = false; // due, and the lock is held: sleep on in line, as under the other policies
            b = node.block(parkBlocker(), mode, deadlineNanos);
        }
        if (b == Waiter.SIGNALLED) {
            running(node);
            return Step.WOKEN;
        }
        hooks.leavingLine();
        q.lockGuard();
        boolean removed = q.remove(node);
        if (removed) {
            afterRemoval(q);
        }
        releaseGuard();
        if (!removed) { // a waker took us out: we are the heir, its signal on the way
            node.awaitSignal(parkBlocker());
            running(node);
            if (b == Waiter.INTERRUPTED) {
                Thread.currentThread().interrupt(); // seen again at our next sleep, if we do not get the lock first
            }
            return Step.WOKEN;
        }
        if (b == Waiter.INTERRUPTED) {
            return Step.INTERRUPTED;
        }
        return selfWake ? Step.DUE : Step.TIMED_OUT;
    }

    /**
     * A sleeper whose timer fired at its due time stops sleeping until due (under the guard, where
     * every unlock makes its decision, so from now on each unlock wakes it as any sleeper), and
     * then reads the word: true if it is still in line and the lock is held (it sleeps on, queued,
     * for the holder's unlock), false if a waker took it out of line or the lock is free (it
     * leaves the line and looks again). An unlock whose decision came first left the lock free
     * before it, so this read sees that.
     */
    private boolean stillQueuedAndHeld(Waiter node) {
        WaitQueue q = line;
        q.lockGuard();
        boolean queued = q.contains(node);
        if (queued) {
            node.token = 0; // read by wakeFirstGuarded, under the guard
        }
        releaseGuard();
        return queued && (state & LOCKED) != 0;
    }

    /** A woken sleeper runs: the heir is no longer stuck (heirStuck), and the test seam may hold it. */
    private void running(Waiter node) {
        hooks.woken();
        node.casTicket(WOKEN, 0); // a CAS, not a store: an unlock's WOKEN may be the only write it races with
    }

    /** The heir stops being the heir (it took the lock, sleeps again or gives up). */
    private void clearHeir(Waiter node) {
        HEIR.compareAndSet(this, node, null); // volatile: before the word is read again (I4)
    }

    /** After a node left the line: WAITERS follows (I1). Guard held. */
    private void afterRemoval(WaitQueue q) {
        if (!q.isEmpty()) {
            return;
        }
        for (;;) {
            int s = state;
            if (casState(s, s & ~WAITERS)) { // only WAITERS: a pending HANDOFF is not ours to drop
                return;
            }
        }
    }

    /** I4: a waiter stopped without the lock; wake the first sleeper if the lock is free and nobody will. */
    private void passOn() {
        int s = state;
        if ((s & (LOCKED | WAITERS)) == WAITERS && heir == null) {
            wakeFirst();
        }
    }

    // ---- releasing

    @Override
    protected void releaseCore() {
        if (!choosing) {
            release();
            return;
        }
        try {
            countRelease(); // the owner's: ordered by the lock, so before the release
        } finally {
            release(); // whatever the chooser or JFR threw, the lock is free
        }
    }

    private void release() {
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
                    Waiter h = handoffTo;
                    handoffTo = null; // the next request may claim it now
                    if (h.casTicket(REQUESTED, HANDED)) {
                        if (stats != null) {
                            stats.add(LockEvent.HANDOFF);
                        }
                        h.signal();
                        return;
                    }
                    // withdrawn: release as usual
                }
            } else if (casState(s, s & ~LOCKED)) {
                break;
            }
        }
        if ((s & WAITERS) != 0 && heir == null) {
            wakeFirst();
        }
    }

    /**
     * Wakes the first sleeper, as heir, unless I3 leaves it asleep. Never waits for the line's
     * guard: if another thread holds it, the decision is left to that thread, which makes it
     * before it lets the guard go (releaseGuard).
     */
    private void wakeFirst() {
        if (line.lockGuardOrLeaveDuty()) {
            wakeFirstGuarded();
            releaseGuard();
        }
    }

    /** Releases the line's guard, running first any wake-up left to us while we held it. */
    private void releaseGuard() {
        WaitQueue q = line;
        while (q.unlockGuardOrTakeDuty()) {
            wakeFirstGuarded();
        }
    }

    /** wakeFirst's decision and wake-up; the guard is held. */
    private void wakeFirstGuarded() {
        WaitQueue q = line;
        Waiter first = q.peekFirst();
        if (first == null || heir != null) {
            return; // I3: the heir runs
        }
        if (first.token == SLEEPS_UNTIL_DUE && hooks.nanoTime() - first.startNanos < dueNanos) {
            if (stats != null) {
                stats.add(LockEvent.WAKE_SKIPPED); // I3: its own timer fires at its bound
            }
            return;
        }
        q.pollFirst();
        afterRemoval(q);
        first.ticket = WOKEN; // published with heir (volatile) and by the signal
        heir = first;
        if (stats != null) {
            stats.add(LockEvent.WAKEUP);
        }
        first.signal(); // an unpark never blocks
    }

    // ---- the chooser

    /**
     * The owner's count of an acquisition that had to wait, for the chooser; the first after a
     * pause starts the chooser counting releases again.
     */
    private void waitedAndAcquired() {
        chooserCounts += WAITED_ONE; // we own the lock: the count is ours to write (the high half)
        if (!choosing && chooser != null) {
            choosing = true;
            chooser.resume();
        }
    }

    /**
     * A condition waiter that re-acquired counts as an acquisition that waited: it waited for the
     * release that woke it (MutexCondition), and a lock whose threads wait on its conditions (a
     * bounded queue) would otherwise look unsaturated to the chooser.
     */
    @Override
    void reacquiredAfterWait() {
        waitedAndAcquired();
    }

    /** The owner counts a release and, every TICK_RELEASES-th, ticks the chooser. */
    private void countRelease() {
        int c = chooserCounts;
        int released = (c + 1) & RELEASES_MASK;
        if (runningPolicy() == LineupPolicy.SOLO && (state & WAITERS) != 0) {
            c += WAITED_ONE; // SOLO's runner never waits: the sleepers it leaves behind are the sign of saturation
        }
        chooserCounts = (c & ~RELEASES_MASK) | released;
        if ((released & (LineupChooser.TICK_RELEASES - 1)) == 0) {
            chooserTick();
        }
    }

    /** The owner's tick of the chooser: applies what it decided. */
    private void chooserTick() {
        LineupChooser c = chooser;
        LineupChooser.Decision d = c.tick(hooks.nanoTime(), chooserCounts >>> 16);
        if (d == LineupChooser.Decision.KEEP) {
            return;
        }
        if (d == LineupChooser.Decision.PAUSE) {
            choosing = false; // until an acquisition waits again
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

    /** The policy arrivals follow now: the fixed one, or the chooser's (package-private: tests and inspection). */
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

    // ---- inspection

    /**
     * The queued threads: the sleepers in line and the waiter whose handoff request stands. The
     * heir is running and is neither listed nor counted. Takes no guard (WaitQueue.threads).
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
                + ", sleepers=" + line.size()
                + (heir != null ? ", heir running" : "")
                + ", policy=" + (fixedPolicy != null ? fixedPolicy.specName : "auto (" + runningPolicy().specName + ")")
                + ", bound=" + boundNanos + "ns, spin budget=" + spin.limitNanos() + "ns";
    }

    // ---- package-private views for tests and policies in this package

    int state() {
        return state;
    }

    int sleepers() {
        return line.size();
    }

    boolean hasHeir() {
        return heir != null;
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

    private boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    private boolean casHandoffTo(Waiter expected, Waiter next) {
        return HANDOFF_TO.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    private static final VarHandle HEIR;
    private static final VarHandle HANDOFF_TO;
    private static final VarHandle ARRIVAL_POLICY;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(LineupMutex.class, "state", int.class);
            HEIR = l.findVarHandle(LineupMutex.class, "heir", Waiter.class);
            HANDOFF_TO = l.findVarHandle(LineupMutex.class, "handoffTo", Waiter.class);
            ARRIVAL_POLICY = l.findVarHandle(LineupMutex.class, "arrivalPolicy", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
