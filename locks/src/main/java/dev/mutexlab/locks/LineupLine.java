package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupWord.Step.DUE;
import static dev.mutexlab.locks.LineupWord.Step.INTERRUPTED;
import static dev.mutexlab.locks.LineupWord.Step.RETRY;
import static dev.mutexlab.locks.LineupWord.Step.TIMED_OUT;
import static dev.mutexlab.locks.LineupWord.Step.WOKEN;

import dev.mutexlab.locks.internal.WaitQueue;
import dev.mutexlab.locks.internal.Waiter;
import java.time.Duration;

/**
 * The line of sleepers of a {@link LineupMutex} and everything done under its guard: joining it
 * and sleeping, leaving it (cancellation), the unlock's wake-up, passing the wake-up on, the swap,
 * and making room for a woken virtual thread. The second link of the lock's class chain, after
 * LineupWord.
 */
abstract class LineupLine extends LineupWord {

    /*
     * Implementation notes.
     *
     * The line (line, a WaitQueue): the sleepers in order of arrival (Waiter.startNanos), behind
     * a short guard, a test-and-test-and-set word held for a few pointer updates. headStartNanos
     * is the first sleeper's start, written under the guard. WAITERS says the line is not empty,
     * exactly whenever the guard is free. Joining it (sleepInLine): setting WAITERS needs LOCKED
     * (one CAS, under the guard), so either the holder's unlock sees WAITERS or the joiner sees the
     * lock free and retries: no wake-up is lost.
     *
     * Invariants of the line (LineupWord states those of the word, the slots and the handoff): a
     * waiter that leaves the line touches WAITERS only (a HANDOFF request survives it); the line
     * is in order of arrival (Waiter.startNanos); if the line is non-empty then the lock is held
     * (its unlock sees WAITERS) or a slot is taken (its holder takes the lock, or gives the slot
     * up and passes the duty on); a swap goes only to a waiter that has waited longer than the
     * swapper; unlock never waits for the line's guard (it leaves the wake-up to the guard's
     * holder, below) and never yields.
     *
     * The wake-up (wakeHeir). An unlock that clears LOCKED while WAITERS is set and no slot is
     * taken gives the first sleeper a slot and wakes it; with a slot taken it wakes nobody (its
     * holder is the heir). A woken virtual sleeper gets ticket SLOT_WOKEN and becomes the heir
     * (making room, below). wakeHeir never waits for the line's guard: if another thread holds
     * it, the unlock sets the guard's DUTY bit (WaitQueue.lockGuardOrLeaveDuty) and returns; the
     * holder finds the bit when it lets the guard go and runs the wake-up first (releaseGuard),
     * so the wake is late by the holder's few pointer updates and never lost. Every release of
     * the line's guard goes through releaseGuard.
     *
     * The look and the timer (SOLO). Under SOLO (LineupMutex) the unlock skips the wake while
     * the first sleeper is one that wakes itself (headWakesItself), except that one release in
     * SOLO_LOOK_EVERY reads the clock and wakes it once it is (nearly) past its bound (two
     * wake-ups early, swapAheadNanos, so it runs when due): the runner's releases read the clock
     * one time in eight, where a look at every release cost a tenth of a 0.1 us hold's cycle, and
     * the look is at most seven releases late. For a lock that no release looks at in time
     * (its runner left, or holds it long) the sleeper parks with a timeout at its bound. When
     * the timer fires it stops waking itself (stopWakingItself): under the guard it clears its
     * Waiter.token and, if it is first, headWakesItself, so from then on every unlock wakes it as
     * it wakes the sleepers of the other policies (and newHead reads the cleared token if it
     * becomes first later: an older sleeper may be woken before it). Then it reads the word: free
     * (its runner left), it leaves the line and takes the lock (parkInLine returns Step.DUE);
     * held, it sleeps on without a timeout, queued, for the holder's unlock. It writes
     * headWakesItself and then reads state; the unlock CASes state and then reads
     * headWakesItself; both volatile, so either the unlock wakes it or it sees the lock free (or
     * held by a later holder, whose unlock reads the cleared flag). The timer alone would keep
     * the bound too, but a due sleeper would then wait for two wake-ups in a row (its timer's and
     * the unlock's) and the line would rotate at under half the rate it needs (docs/RESULTS.md
     * §12.25): so the look.

     * The swap. A running waiter (an arrival under LINE, or a slot holder at its look at the
     * clock) that finds the first sleeper (nearly) past its bound and older than itself takes it
     * out under the guard, gives it its slot (ticket SLOT_GIVEN), joins the line in order of
     * arrival, signals it, and parks: the count of runnable threads stays the same while the line
     * rotates. It wakes the sleeper a little before its bound (two wake-up latencies, measured per
     * lock from the signal to the woken thread's first step: swapAheadNanos), so it runs when due.
     *
     * Passing on. An unlock skips its wake while a slot is taken; so whoever gives a slot up
     * without taking the lock or sleeping (a waiter that gives up) re-checks "free, sleepers, no
     * slot taken" and wakes the first sleeper (passOn). The unlocker writes state then reads
     * spinners; the leaver writes spinners then reads state: both volatile, so one sees the other.
     *
     * Cancellation of a sleeper (a spinner's: LineupSlots). A sleeper that gives up removes itself
     * under the guard; if it is no longer in line, a waker gave it a slot and its signal is on the
     * way: it waits for it, gives the slot up and passes on.
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
     */

    final WaitQueue line = new WaitQueue();
    /** When the first sleeper started waiting; meaningful while WAITERS is set. Written under the guard. */
    volatile long headStartNanos;
    /**
     * Whether the first sleeper wakes itself at its bound (it went to sleep under SOLO): only then
     * may a SOLO unlock leave it asleep. Written under the guard with headStartNanos.
     */
    volatile boolean headWakesItself;
    /** Waiter.token of a sleeper that wakes itself at its bound (else 0). */
    static final int WAKES_ITSELF = 1;

    /**
     * The bound on waiting, in nanoseconds, capped so that start + bound never overflows. Here
     * rather than in LineupWord, whose fields are ints and references only so that its
     * chooserCounts lies beside state (see there).
     */
    final long boundNanos;

    LineupLine(Duration bound, boolean recordStats, LineupHooks hooks, int maxSpinners) {
        super(bound, recordStats, hooks, maxSpinners); // checks bound
        long nanos;
        try {
            nanos = bound.toNanos();
        } catch (ArithmeticException overflow) {
            nanos = Long.MAX_VALUE / 2;
        }
        this.boundNanos = Math.min(nanos, Long.MAX_VALUE / 2);
    }

    /**
     * How early a spinner swaps with a sleeper before the sleeper's bound ends: two wake-ups, so
     * that the woken thread runs by the time it is due; at most half the bound.
     */
    final long swapAheadNanos() {
        return Math.min(boundNanos >> 1, 2L * wakeLatencyNanos());
    }

    /**
     * Joins the line and sleeps until woken with a spinner slot. Setting WAITERS requires LOCKED,
     * under the guard: either the unlock's CAS sees WAITERS, or we see the lock free and retry.
     * With {@code wakeAtBound} (SOLO), a sleeper that is past its bound and finds the lock free
     * wakes itself, leaves the line and returns DUE; one that finds it held sleeps on
     * for the holder's unlock (see the notes: the look and the timer).
     */
    final Step sleepInLine(Waiter node, int mode, long deadlineNanos, boolean wakeAtBound) {
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
        node.token = wakeAtBound ? WAKES_ITSELF : 0;
        q.addInStartOrder(node);
        newHead(q.peekFirst());
        hooks.guardHeld();
        releaseGuard();
        if (stats != null) {
            stats.add(LockEvent.PARK);
        }
        return parkInLine(node, mode, deadlineNanos, wakeAtBound);
    }

    /** Parks, queued, until a waker gives us a spinner slot (WOKEN) or we give up. */
    final Step parkInLine(Waiter node, int mode, long deadlineNanos) {
        return parkInLine(node, mode, deadlineNanos, false);
    }

    private Step parkInLine(Waiter node, int mode, long deadlineNanos, boolean wakeAtBound) {
        long wakeAtNanos = node.startNanos + boundNanos; // an unlock's look wakes us earlier while the lock runs
        boolean selfWake = wakeAtBound && ((mode & Waiter.TIMED) == 0 || wakeAtNanos - deadlineNanos < 0L);
        int b = node.block(parkBlocker(), selfWake ? mode | Waiter.TIMED : mode, selfWake ? wakeAtNanos : deadlineNanos);
        if (b == Waiter.TIMED_OUT && selfWake && stopWakingItself(node)) {
            // the lock is held, and its unlock wakes us now as it wakes any sleeper: sleep on, in
            // line (and counted as queued), until woken or our own deadline
            selfWake = false;
            b = node.block(parkBlocker(), mode, deadlineNanos);
        }
        if (b == Waiter.SIGNALLED) { // ticket SLOT_GIVEN or SLOT_WOKEN
            hooks.woken();
            measuredWake(hooks.nanoTime() - node.signalNanos);
            running(node);
            return WOKEN;
        }
        boolean interrupted = b == Waiter.INTERRUPTED;
        boolean due = selfWake && !interrupted;
        hooks.leavingLine();
        WaitQueue q = line;
        q.lockGuard();
        boolean removed = q.remove(node);
        if (removed) {
            afterRemoval(q);
        }
        releaseGuard();
        if (removed && !due) {
            // a SOLO unlock may have read us as the first sleeper that wakes itself and left the
            // line asleep: the new first sleeper need not wake itself, so wake it if nobody will
            passOn();
        }
        if (!removed) { // a waker gave us a spinner slot and its signal is on the way
            node.awaitSignal(parkBlocker());
            running(node);
            if (due) {
                return WOKEN; // due, and woken with the slot we were about to take
            }
            getAndAddSpinners(-1);
            passOn();
        }
        return due ? DUE : interrupted ? INTERRUPTED : TIMED_OUT;
    }

    /**
     * A sleeper that woke itself by its timer stops waking itself: every unlock wakes it from now
     * on (see the notes: the look and the timer). Returns whether the lock is held (then sleep on for its
     * unlock), or false if it is free (then leave the line and take it).
     */
    private boolean stopWakingItself(Waiter node) {
        WaitQueue q = line;
        hooks.stoppingSelfWake();
        q.lockGuard();
        node.token = 0;
        if (q.peekFirst() == node) {
            headWakesItself = false; // volatile write, then the volatile read of state below
        }
        releaseGuard();
        return (state & LOCKED) != 0;
    }

    /** The line's first sleeper is now {@code first}: what an unlock reads of it follows. Guard held. */
    private void newHead(Waiter first) {
        headStartNanos = first.startNanos;
        headWakesItself = first.token == WAKES_ITSELF;
    }

    /** After a node left the line: WAITERS and the head's fields follow. Guard held. */
    private void afterRemoval(WaitQueue q) {
        Waiter first = q.peekFirst();
        if (first != null) {
            newHead(first);
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
     * Gives the first sleeper a spinner slot and wakes it, unless somebody spins already. Never
     * waits for the line's guard: if another thread holds it, the wake-up is left to that thread,
     * which runs it before it lets the guard go (releaseGuard).
     */
    final void wakeHeir() {
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
        if (first == null || !casSpinners(0, 1)) {
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

    /** After a spinner slot was given up without the lock: wake a sleeper if the unlock could not. */
    final void passOn() {
        int s = state;
        if ((s & (LOCKED | WAITERS)) == WAITERS && spinners == 0) {
            wakeHeir();
        }
    }

    /**
     * The swap: gives our spinner slot to the first sleeper, which is (nearly) past its bound,
     * joins the line in its place (in order of arrival), and wakes it. One thread parks for the
     * one that wakes, so the line rotates without adding a runnable thread. Returns false if the
     * first sleeper has changed (then we keep spinning).
     */
    final boolean swap(Waiter node, long nowNanos, boolean spinning) {
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
        node.token = 0;               // it parks until woken (parkInLine from SWAPPED)
        q.addInStartOrder(node);      // WAITERS stays set: the line is not empty
        newHead(q.peekFirst());
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
     * Whether a contended acquisition on a virtual thread should sleep rather than spin, making
     * room for a sleeper that an unlock woke, that has not run yet (no carrier was free for it,
     * and none frees up while the threads that have one keep spinning and taking the lock) and
     * that is (nearly) past its bound, as a swap would for a sleeper in line (see the notes).
     * True then, and counted.
     */
    final boolean heirStuck() {
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
}
