package dev.mutexlab.locks;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.Waiter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;

/**
 * The base of {@link LineupMutex}: its state word, spinner count, handoff request and heir, the
 * estimates it learns (the wake-up latency, the spin budget), and the accesses to them. The first
 * link of the lock's class chain (LineupWord, LineupLine, LineupSlots, LineupArrivals,
 * LineupMutex: one object, as JCTools builds its queues); {@code LineupMutex}'s notes give the
 * overview.
 */
abstract class LineupWord extends AbstractMutex {

    /*
     * Implementation notes.
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
     * up); an unlock that finds it withdrawn releases as usual (LineupSlots asks and withdraws,
     * LineupMutex.releaseSlow serves).
     * heir (volatile Waiter): the virtual sleeper that an unlock (or a waiter passing on) woke
     * with ticket SLOT_WOKEN and that has not run yet (LineupLine: making room).
     *
     * Invariants of the word, the slots and the handoff (LineupLine states the line's): no more
     * threads spin than there are slots taken, and no more slots than maxSpinners; HANDOFF implies
     * LOCKED and a claimed handoffTo whose ticket is REQUESTED (its owner waits, spinning or
     * parked) or WITHDRAWN; heir != null only while the virtual sleeper that an unlock woke holds
     * its slot and has not run.
     *
     * Estimates. The wake-up latency is measured per lock from a sleeper's signal to its first
     * step and smoothed (measuredWake); the spin budget is the learned spin (AdaptiveSpin) and at
     * least two wake-ups (spinBudgetNanos; LineupSlots, Spinning); a swap goes two wake-ups early,
     * at most half the bound (swapAheadNanos). Both estimates are racy heuristics: opaque
     * accesses, so updates may be lost, never torn.
     *
     * Step outcomes (Step): the slow path's steps return a named outcome, not an int code. They
     * are returned only on the contended path after the short spin has failed, where the
     * acquisition is about to spin in a slot or sleep: beside that, a reference compare and a
     * switch on an ordinal cost nothing. The node's tickets stay ints: the node (internal.Waiter)
     * is shared with the other locks, and its ticket is an int it CASes.
     *
     * Racy publication: every non-final field starts at its type's default (the wake-up estimate
     * and the learned spin are kept as offsets from their initial values, the heir as a node), so
     * a thread that reads a lock published without a happens-before edge sees a valid state.
     *
     * Memory ordering: every state access is volatile or a CAS (the acquiring CAS has acquire
     * semantics, the releasing CAS release semantics); spinners and handoffTo are volatile for
     * the passing-on argument (LineupLine). A handoff publishes the critical section through the
     * node's volatile wake flag (Waiter.signal), which the new owner reads before it proceeds.
     * The fields are package-private so that the chain's other links read them as plainly as one
     * class would; every CAS and atomic add goes through the methods in the mechanics block below.
     */

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

    /** The wake-up latency a new lock assumes until its woken waiters have measured it. */
    static final int INITIAL_WAKE_NANOS = 25_000;

    /** Outcomes of the slow path's steps (RETRY, SLEEP, SWAPPED and WOKEN go round the loop again). */
    enum Step {
        /** The lock is ours: we took it. */
        ACQUIRED,
        /** The lock is ours: an unlock handed it to us (LOCKED stayed set). */
        HANDED_OVER,
        /** We gave up: the deadline passed. */
        TIMED_OUT,
        /** We gave up: interrupted (the interrupt consumed). */
        INTERRUPTED,
        /** Look at the word again. */
        RETRY,
        /** Sleep in line (a slot given up, or none to take). */
        SLEEP,
        /** A waker (or a swap) gave us a spinner slot. */
        WOKEN,
        /** We gave our slot to an older due sleeper and are in line in its place. */
        SWAPPED,
        /** SOLO: we woke ourselves at our bound and left the line; take a slot and ask for the handoff. */
        DUE
    }

    volatile int state;
    /**
     * The chooser's counts (LineupMutex.choosing), the owner's alone: the releases it counted in
     * the low 16 bits and the acquisitions that waited in the high 16, each modulo 2^16 (the
     * chooser takes differences between ticks, TICK_RELEASES releases apart). Plain: the lock
     * orders every access. Beside state on purpose: every owner writes it, and on the word's
     * cache line, which the acquiring CAS has just brought, the write costs nothing more, where
     * on another line each handover would move that line between processors too (§12.19 of
     * docs/RESULTS.md: the chooser ran 5-20% below its own policy). HotSpot lays a class's ints
     * out in declaration order after its longs, and this class has none, so this int follows
     * state at the next 4 bytes: on its cache line but where an object's alignment puts the line's
     * end between them (one alignment in eight).
     */
    int chooserCounts;
    /**
     * The owner's count of its slow releases (LineupMutex.releaseSlow), modulo 2^32: under SOLO
     * every SOLO_LOOK_EVERY-th looks at the clock for a due first sleeper. Plain, the owner's
     * alone (the lock orders every access), and beside state for chooserCounts' reason.
     */
    int slowReleases;
    /** Under SOLO, one slow release in this many (a power of two) looks at the clock for a due first sleeper. */
    static final int SOLO_LOOK_EVERY = 8;
    /** Waiters holding a spinner slot: spinning, or woken with a slot and about to run (see the notes). */
    volatile int spinners;
    /** The spinner that asks for a handoff, or null: claimed by CAS from null, cleared by the holder's unlock (see the notes). */
    volatile Waiter handoffTo;
    /**
     * The virtual sleeper that an unlock (or a waiter passing on) woke and that has not run yet,
     * or null. At most one: the woken sleeper holds a spinner slot, and a wake needs none taken.
     * Null by default, so a lock published racily reads no heir rather than a stale value.
     */
    volatile Waiter heir;
    final AdaptiveSpin spin = new AdaptiveSpin();
    /**
     * How long a signalled sleeper takes to run, smoothed over wake-ups, less INITIAL_WAKE_NANOS
     * (opaque: see wakeLatencyNanos()). Zero by default, so a lock published racily reads the
     * initial estimate, never a torn or missing one.
     */
    private int wakeDeltaNanos;
    final LineupHooks hooks;
    /** The most spinner slots, or 0 for one per processor of the acquiring thread's kind. */
    final int maxSpinners;

    /** See LineupMutex's constructors: the bound is checked here; LineupLine keeps it (boundNanos). */
    LineupWord(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
        super(recordStats);
        Objects.requireNonNull(bound, "bound");
        if (bound.isNegative()) {
            throw new IllegalArgumentException("bound must not be negative: " + bound);
        }
        this.hooks = Objects.requireNonNull(hooks, "hooks");
        this.maxSpinners = maxSpinners;
    }

    /**
     * How long a spinner spins before it sleeps: what the learned spin says holds need, and at
     * least twice a wake-up (a waiter that sleeps sooner costs the lock a wake-up when it is
     * needed again, and a woken thread runs only after the wake-up latency: spinning as long as
     * two of those is the classic 2-competitive rule). Zero on one processor.
     */
    final long spinBudgetNanos() {
        int learned = spin.budgetNanos();
        return learned == 0 ? 0L : Math.min(AdaptiveSpin.MAX_NANOS, Math.max(learned, 2L * wakeLatencyNanos()));
    }

    /** The smoothed wake-up latency (opaque: a racy heuristic, updates may be lost, never torn). */
    final int wakeLatencyNanos() {
        return INITIAL_WAKE_NANOS + (int) WAKE_DELTA.getOpaque(this);
    }

    /** A woken sleeper ran {@code nanos} after its signal: move the estimate an eighth of the way. */
    final void measuredWake(long nanos) {
        int w = wakeLatencyNanos();
        long clamped = Math.max(0L, Math.min(nanos, AdaptiveSpin.MAX_NANOS));
        WAKE_DELTA.setOpaque(this, (int) (w + ((clamped - w) >> 3)) - INITIAL_WAKE_NANOS); // racy by design, as AdaptiveSpin
    }

    // ---- VarHandle mechanics

    final boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    final boolean casSpinners(int expected, int next) {
        return SPINNERS.compareAndSet(this, expected, next);
    }

    final int getAndAddSpinners(int delta) {
        return (int) SPINNERS.getAndAdd(this, delta);
    }

    final boolean casHandoffTo(Waiter expected, Waiter next) {
        return HANDOFF_TO.compareAndSet(this, expected, next);
    }

    private static final VarHandle STATE;
    private static final VarHandle SPINNERS;
    private static final VarHandle HANDOFF_TO;
    private static final VarHandle WAKE_DELTA;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(LineupWord.class, "state", int.class);
            SPINNERS = l.findVarHandle(LineupWord.class, "spinners", int.class);
            HANDOFF_TO = l.findVarHandle(LineupWord.class, "handoffTo", Waiter.class);
            WAKE_DELTA = l.findVarHandle(LineupWord.class, "wakeDeltaNanos", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
