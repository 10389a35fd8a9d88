package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupWord.Step.ACQUIRED;
import static dev.mutexlab.locks.LineupWord.Step.HANDED_OVER;
import static dev.mutexlab.locks.LineupWord.Step.INTERRUPTED;
import static dev.mutexlab.locks.LineupWord.Step.RETRY;
import static dev.mutexlab.locks.LineupWord.Step.SLEEP;
import static dev.mutexlab.locks.LineupWord.Step.SWAPPED;
import static dev.mutexlab.locks.LineupWord.Step.TIMED_OUT;

import dev.mutexlab.locks.internal.AdaptiveSpin;
import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.Waiter;
import java.time.Duration;

/**
 * The spinner slots of a {@link LineupMutex}: taking and giving up a slot, spinning in it for
 * the learned budget, and the handoff request of a slot holder past its bound, with its
 * withdrawal. The third link of the lock's class chain, after LineupLine.
 */
abstract class LineupSlots extends LineupLine {

    /*
     * Implementation notes.
     *
     * Slots. A waiter spins only in a spinner slot (spinners, at most maxSpinners: one per
     * processor of the thread's kind by default, none on one processor, where spinning cannot
     * pay). It takes one by CAS (takeSpinnerSlot) or is given one by a waker or a swap
     * (LineupLine), and leaves it by taking the lock, by the handoff, by sleeping, by the swap, or
     * by giving up (then it passes the wake-up on, LineupLine). The hooks hear that a spin ends
     * before the slot is given back, so they never count more spinners than slots.
     *
     * Spinning. A spinner spins for the learned budget (AdaptiveSpin: a few times what recent
     * spins needed, each measured from its first round: the rounds before the first look at the
     * clock count at NANOS_PER_ROUND each), and at least two wake-up latencies: a waiter that sleeps sooner costs the
     * lock a wake-up when it is needed again (the classic 2-competitive rule); zero on one
     * processor, where a spinner could only delay the holder. It looks at the word every round
     * and takes the lock whenever it is free. Every ROUNDS_PER_CHECK rounds it looks at the clock,
     * in this order: the deadline and the interrupt status (give the slot up, pass on, give up);
     * past its own bound with no request pending: the handoff request (below); the first sleeper
     * (nearly) past its bound and older than itself: the swap (LineupLine), also while another
     * spinner's request is pending; the budget spent: a failed spin, and it sleeps in line.
     *
     * The bound by handoff. A spinner past its bound claims handoffTo by CAS from null (one
     * request pending at a time; if another spinner's is, it spins on and may swap), then sets
     * HANDOFF by CAS while LOCKED is set, so nobody barges past it and the next unlock hands it
     * the lock with LOCKED kept set (LineupMutex.releaseSlow). If it finds the lock free first it
     * takes it and clears handoffTo itself: no HANDOFF was set, so no unlock reads it. It waits
     * for the lock spinning on its node for the spin budget (at least AdaptiveSpin.MIN_NANOS: the
     * unlock comes within about one hold), then parked.
     *
     * Cancellation of a spinner (a sleeper's: LineupLine). A spinner that asked for a handoff
     * CASes its ticket REQUESTED -> WITHDRAWN; if that fails the unlock has handed it the lock,
     * which it keeps (re-asserting an interrupt). A withdrawal never touches HANDOFF: clearing the
     * bit by CAS could clear a later request's (the same state value again), which the holder
     * alone can tell apart. Every spin looks at the deadline and the interrupt status each
     * ROUNDS_PER_CHECK rounds.
     *
     * The clock. nanoTime costs tens of ns on some virtual machines (25 ns on ours, more than a
     * short hold), so a contended acquisition reads it only after the short spin, which most
     * contended acquisitions at short holds end in (the bound then counts from there, a few
     * microseconds late at most), then once per ROUNDS_PER_CHECK spin rounds; the time-based
     * yield reads it once per YIELD_SAMPLE contended acquisitions; the unlock path reads it only
     * to stamp a wake-up.
     * All of it goes through LineupHooks.nanoTime, which tests replace with a clock they move.
     */

    /** Spin rounds between two looks at the clock (and at the deadline and the interrupt status). */
    static final int ROUNDS_PER_CHECK = 64;
    /** A rough cost of one spin round (a PAUSE and a load), for spins too short to read the clock. */
    private static final int NANOS_PER_ROUND = 30;

    LineupSlots(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
        super(bound, recordStats, hooks, maxSpinners);
    }

    /** Takes a spinner slot if one is free (none on one processor, where spinning cannot pay). */
    final boolean takeSpinnerSlot() {
        for (;;) {
            int n = spinners;
            if (n >= (maxSpinners != 0 ? maxSpinners : SpinPolicy.processors()) || spin.budgetNanos() == 0) {
                return false;
            }
            if (casSpinners(n, n + 1)) {
                return true;
            }
        }
    }

    /**
     * Gives the spinner slot we spun in back (the hooks hear of it first, so they never count more
     * spinners than slots); a caller that neither holds the lock nor sleeps next calls passOn().
     */
    final void releaseSpinnerSlot() {
        hooks.spinning(false);
        getAndAddSpinners(-1);
    }

    /**
     * Spins (a slot is ours) until the lock is ours, we give the slot up (SLEEP), we give it to a
     * sleeper past its bound (SWAPPED: we are in line), or we give up.
     */
    final Step spin(Waiter node, int mode, long deadlineNanos) {
        hooks.spinning(true); // every way out of the slot reports the end first: releaseSpinnerSlot or swap
        return spinInSlot(node, mode, deadlineNanos);
    }

    private Step spinInSlot(Waiter node, int mode, long deadlineNanos) {
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
                Step gaveUp = mustGiveUp(mode, deadlineNanos, now);
                if (gaveUp != RETRY) {
                    releaseSpinnerSlot();
                    passOn();
                    return gaveUp;
                }
                if (now - node.startNanos >= boundNanos && handoffTo == null) {
                    Step r = requestHandoff(node, mode, deadlineNanos);
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
     * We spin and are past our bound: ask the next unlock to hand us the lock, then wait for it
     * spinning on our node (the unlock comes within about one hold), parking once the budget is
     * spent. RETRY if another spinner's request is pending (we keep our slot and spin on).
     */
    private Step requestHandoff(Waiter node, int mode, long deadlineNanos) {
        node.reset(); // before the claim below publishes the node: the unlock that serves it signals after this
        node.ticket = REQUESTED;
        if (!casHandoffTo(null, node)) {
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
                Step gaveUp = mustGiveUp(mode, deadlineNanos, now);
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

    private Step handedOver() {
        releaseSpinnerSlot(); // LOCKED is set and ours
        return HANDED_OVER;
    }

    /**
     * Gives up a handoff request, unless an unlock has served it (then the lock is ours after
     * all). Only the ticket is settled here: HANDOFF and handoffTo stay as they are until the
     * next unlock, which finds the request withdrawn and releases as usual. So only the holder
     * ever clears them, and a withdrawal can never clear a later request's bit.
     */
    private Step withdrawHandoff(Waiter node, boolean interrupted) {
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

    /** RETRY to go on, or TIMED_OUT / INTERRUPTED (the interrupt consumed) to give up. */
    private static Step mustGiveUp(int mode, long deadlineNanos, long nowNanos) {
        if (Waiter.takeInterrupt(mode)) {
            return INTERRUPTED;
        }
        if ((mode & Waiter.TIMED) != 0 && deadlineNanos - nowNanos <= 0L) {
            return TIMED_OUT;
        }
        return RETRY;
    }
}
