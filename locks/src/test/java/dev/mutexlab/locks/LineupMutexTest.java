package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupMutex.HANDOFF;
import static dev.mutexlab.locks.LineupMutex.LOCKED;
import static dev.mutexlab.locks.LineupMutex.WAITERS;
import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mutexlab.locks.internal.SpinPolicy;
import dev.mutexlab.locks.internal.Waiter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lineup lock's own rules, each built as an exact interleaving through {@link LineupHooks}
 * and a clock the test moves: tryLock on a free lock succeeds whatever else changes; a waiter
 * waiting for its handoff sees its deadline and its interrupt; a handoff request survives an
 * unrelated waiter leaving and goes to the spinner that asked; a spinner swaps with a sleeper past
 * its bound; a sleeper given a slot while it gives up passes the wake-up on; the time-based yield
 * counts run time, and never runs on virtual threads; a virtual acquisition sleeps to make room for
 * a woken sleeper that no carrier has run; and under stress no more threads spin than there are
 * slots and nothing yields inside unlock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineupMutexTest {

    private static final long HOUR_NANOS = TimeUnit.HOURS.toNanos(1);

    /** Hooks with a clock that stands still until the test moves it, and per-step gates. */
    static class Steered extends LineupHooks {
        final AtomicLong nowNanos = new AtomicLong(System.nanoTime());
        volatile Runnable onBarge;
        volatile Thread gatedSpinner;
        final CountDownLatch spinnerGate = new CountDownLatch(1);
        volatile Thread gatedLeaver;
        final CountDownLatch leaverGate = new CountDownLatch(1);
        volatile Thread gatedWithdrawer;
        final CountDownLatch withdrawGate = new CountDownLatch(1);
        final AtomicBoolean withdrawReached = new AtomicBoolean();
        final AtomicBoolean leaveReached = new AtomicBoolean();

        @Override
        long nanoTime() {
            return nowNanos.get();
        }

        void advance(Duration d) {
            nowNanos.addAndGet(d.toNanos());
        }

        @Override
        void beforeBarge() {
            Runnable r = onBarge;
            if (r != null && Thread.currentThread() == owner) {
                onBarge = null;
                r.run();
            }
        }

        volatile Thread owner; // the thread whose tryLock runs onBarge

        @Override
        void spinning(boolean started) {
            if (started && Thread.currentThread() == gatedSpinner) {
                await(spinnerGate);
            }
        }

        @Override
        void leavingLine() {
            if (Thread.currentThread() == gatedLeaver) {
                leaveReached.set(true);
                await(leaverGate);
            }
        }

        volatile Thread gatedSelfWaker;
        final CountDownLatch selfWakeGate = new CountDownLatch(1);
        final AtomicBoolean selfWakeReached = new AtomicBoolean();
        final java.util.Set<Thread> selfWakers = java.util.concurrent.ConcurrentHashMap.newKeySet();

        @Override
        void stoppingSelfWake() {
            selfWakers.add(Thread.currentThread());
            if (Thread.currentThread() == gatedSelfWaker) {
                selfWakeReached.set(true);
                await(selfWakeGate);
            }
        }

        @Override
        void withdrawing() {
            if (Thread.currentThread() == gatedWithdrawer) {
                withdrawReached.set(true);
                await(withdrawGate);
            }
        }

        private static void await(CountDownLatch latch) {
            try {
                if (!latch.await(30, TimeUnit.SECONDS)) {
                    throw new AssertionError("gate never opened");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the lock's own wait sees it
            }
        }
    }

    private static void assumeSpinning() {
        assumeTrue(SpinPolicy.multicore(), "spinner slots exist only with more than one processor");
    }

    private static LineupMutex lock(Steered hooks, Duration bound) {
        return new LineupMutex(bound, true, hooks, 1);
    }

    private static void awaitParked(Thread t) {
        awaitCondition(t.getName() + " parks", 10_000,
                () -> t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING);
    }

    @Test
    void theBargingSpinIsOneLookOnlyWhereSpinningCannotPay() {
        int full = LineupArrivals.PRE_SPIN_PAUSES;
        assertThat(LineupArrivals.bargeSpinPauses(true, 0, 2, false, false)).as("nobody asleep").isEqualTo(full);
        assertThat(LineupArrivals.bargeSpinPauses(true, 1, 2, false, false)).as("fewer sleepers than CPUs").isEqualTo(full);
        assertThat(LineupArrivals.bargeSpinPauses(true, 2, 2, false, false)).as("platform, sleepers outnumber CPUs").isEqualTo(1);
        assertThat(LineupArrivals.bargeSpinPauses(true, 8, 2, true, false)).as("virtual: a park is an unmount").isEqualTo(full);
        assertThat(LineupArrivals.bargeSpinPauses(false, 0, 1, true, false)).as("one CPU").isEqualTo(1);
        assertThat(LineupArrivals.bargeSpinPauses(false, 0, 1, false, false)).as("one CPU").isEqualTo(1);
        assertThat(LineupArrivals.bargeSpinPauses(true, 8, 2, true, true)).as("virtual, a woken sleeper due: make room")
                .isEqualTo(1);
        assertThat(LineupArrivals.bargeSpinPauses(true, 0, 2, true, true)).isEqualTo(1);
    }

    @Test
    void tryLockSucceedsOnAFreeLockWhoseOtherBitsChangeDuringTheCall() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30));
        lock.lock();
        Thread spinner = Thread.ofPlatform().unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        hooks.gatedSpinner = spinner; // holds the only slot without spinning
        spinner.start();
        awaitCondition("the spinner holds the slot", 10_000, () -> lock.spinners() == 1);
        AtomicBoolean sleeperInterrupted = new AtomicBoolean();
        Thread sleeper = Thread.ofPlatform().start(() -> {
            try {
                lock.tryLock(1, TimeUnit.HOURS);
                lock.unlock();
            } catch (InterruptedException e) {
                sleeperInterrupted.set(true);
            }
        });
        awaitCondition("the sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        lock.unlock(); // free, WAITERS set: the slot's holder is the heir, nobody is woken
        assertThat(lock.state()).isEqualTo(WAITERS);
        hooks.owner = Thread.currentThread();
        hooks.onBarge = () -> { // between tryLock's read and its CAS, the sleeper leaves and clears WAITERS
            sleeper.interrupt();
            try {
                join(sleeper, 10_000);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
        assertThat(lock.tryLock()).as("tryLock on a lock free for all of the call").isTrue();
        assertThat(sleeperInterrupted).isTrue();
        lock.unlock();
        hooks.spinnerGate.countDown();
        join(spinner, 10_000);
        assertThat(lock.state()).isZero();
    }

    @Test
    void aWaiterWaitingForItsHandoffGivesUpAtItsDeadline() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO); // every waiter is due at once
        lock.lock();
        AtomicReference<Boolean> got = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                got.set(lock.tryLock(1, TimeUnit.HOURS)); // a deadline the real clock never reaches here
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        hooks.advance(Duration.ofHours(2)); // past the deadline on the lock's clock; its spin budget never ran out
        join(waiter, 10_000);
        assertThat(got.get()).as("timed out while the lock stayed held").isFalse();
        assertThat(lock.state()).as("the withdrawn request waits for the holder's unlock").isEqualTo(LOCKED | HANDOFF);
        assertThat(lock.spinners()).isZero();
        lock.unlock(); // finds the request withdrawn and releases
        assertThat(lock.state()).isZero();
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isZero();
    }

    @Test
    void aWaiterWaitingForItsHandoffGivesUpWhenInterrupted() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO);
        lock.lock();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        waiter.interrupt();
        join(waiter, 10_000);
        assertThat(interrupted).isTrue();
        assertThat(lock.state()).isEqualTo(LOCKED | HANDOFF);
        lock.unlock();
        assertThat(lock.state()).isZero();
        assertThat(lock.tryLock()).isTrue();
        lock.unlock();
    }

    @Test
    void aWaiterInterruptedAfterTheUnlockHandedItTheLockKeepsIt() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO);
        lock.lock();
        AtomicBoolean acquired = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread waiter = Thread.ofPlatform().unstarted(() -> {
            try {
                lock.lockInterruptibly();
                acquired.set(true);
                interruptKept.set(Thread.currentThread().isInterrupted());
                lock.unlock();
            } catch (InterruptedException e) {
                throw new AssertionError("the lock was handed over before the withdrawal", e);
            }
        });
        hooks.gatedWithdrawer = waiter;
        waiter.start();
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        waiter.interrupt();
        awaitCondition("the waiter starts to withdraw", 10_000, hooks.withdrawReached::get);
        lock.unlock(); // hands over: clears HANDOFF, keeps LOCKED
        hooks.withdrawGate.countDown();
        join(waiter, 10_000);
        assertThat(acquired).isTrue();
        assertThat(interruptKept).as("the interrupt is re-asserted").isTrue();
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isEqualTo(1);
        assertThat(lock.state()).isZero();
    }

    @Test
    void aWaiterThatGivesUpAfterBeingHandedTheLockNeverClearsTheNextRequest() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = new LineupMutex(Duration.ZERO, true, hooks, 2);
        lock.lock();
        AtomicReference<Boolean> firstGot = new AtomicReference<>();
        CountDownLatch firstMayUnlock = new CountDownLatch(1);
        Thread first = Thread.ofPlatform().name("first").unstarted(() -> {
            try {
                boolean got = lock.tryLock(1, TimeUnit.HOURS);
                firstGot.set(got);
                if (got) {
                    firstMayUnlock.await();
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        hooks.gatedWithdrawer = first;
        first.start();
        awaitCondition("first asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        hooks.advance(Duration.ofHours(2)); // first's deadline passes: it stops at the withdrawal gate
        awaitCondition("first is about to withdraw", 10_000, hooks.withdrawReached::get);
        AtomicBoolean secondGot = new AtomicBoolean();
        Thread second = Thread.ofPlatform().name("second").start(() -> {
            lock.lock();
            secondGot.set(true);
            lock.unlock();
        });
        awaitCondition("second spins in the other slot", 10_000, () -> lock.spinners() == 2);
        lock.unlock(); // serves first; second then claims the request and sets HANDOFF again
        awaitCondition("second asks for the next handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        hooks.withdrawGate.countDown(); // first finds itself handed the lock: it must keep it, not clear HANDOFF
        awaitCondition("first returns from tryLock", 10_000, () -> firstGot.get() != null);
        assertThat(firstGot.get()).as("handed the lock before the withdrawal: tryLock succeeds").isTrue();
        assertThat(lock.state() & HANDOFF).as("second's request survives").isEqualTo(HANDOFF);
        firstMayUnlock.countDown(); // first's unlock serves second
        join(first, 10_000);
        join(second, 10_000);
        assertThat(secondGot).isTrue();
        assertThat(lock.state()).isZero();
    }

    @Test
    void aHandoffRequestSurvivesAnUnrelatedWaiterLeavingAndGoesToTheSpinnerThatAsked() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofMillis(1));
        lock.lock();
        List<String> order = new CopyOnWriteArrayList<>();
        Thread spinner = Thread.ofPlatform().name("spinner").start(() -> {
            lock.lock();
            order.add("spinner");
            lock.unlock();
        });
        awaitCondition("the spinner holds the slot", 10_000, () -> lock.spinners() == 1);
        Thread leaver = Thread.ofPlatform().name("leaver").start(() -> {
            try {
                lock.tryLock(1, TimeUnit.HOURS);
                throw new AssertionError("the leaver acquired");
            } catch (InterruptedException expected) {
                // leaves the line
            }
        });
        Thread sleeper = Thread.ofPlatform().name("sleeper").start(() -> {
            lock.lock();
            order.add("sleeper");
            lock.unlock();
        });
        awaitCondition("two sleep in line", 10_000, () -> lock.sleepers() == 2);
        hooks.advance(Duration.ofMillis(2)); // all three are past the bound; only the spinner runs
        awaitCondition("the spinner asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        leaver.interrupt();
        join(leaver, 10_000);
        assertThat(lock.state()).as("the request survives the leaver").isEqualTo(LOCKED | WAITERS | HANDOFF);
        lock.unlock();
        join(spinner, 10_000);
        join(sleeper, 10_000);
        assertThat(order).as("handed to the running spinner that asked, not to the first sleeper")
                .containsExactly("spinner", "sleeper");
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isEqualTo(1);
        assertThat(lock.state()).isZero();
    }

    @Test
    void theSpinnerSwapsWithASleeperPastItsBound() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofMillis(1));
        lock.lock();
        List<String> order = new CopyOnWriteArrayList<>();
        Thread first = Thread.ofPlatform().name("first").start(() -> {
            lock.lock();
            order.add("first");
            lock.unlock();
        });
        awaitCondition("first holds the slot", 10_000, () -> lock.spinners() == 1);
        Thread oldest = Thread.ofPlatform().name("oldest").start(() -> {
            lock.lock();
            order.add("oldest");
            lock.unlock();
        });
        awaitCondition("oldest sleeps", 10_000, () -> lock.sleepers() == 1);
        awaitParked(oldest);
        hooks.advance(Duration.ofNanos(300_000)); // first's spin budget runs out; nobody is due yet
        awaitCondition("first sleeps too", 10_000, () -> lock.sleepers() == 2 && lock.spinners() == 0);
        Thread late = Thread.ofPlatform().name("late").start(() -> {
            lock.lock();
            order.add("late");
            lock.unlock();
        });
        awaitCondition("late holds the slot", 10_000, () -> lock.spinners() == 1);
        hooks.advance(Duration.ofNanos(700_000)); // oldest and first are past the bound, late is not
        awaitCondition("late swaps with oldest, and oldest asks for the handoff", 10_000,
                () -> (lock.state() & HANDOFF) != 0 && lock.sleepers() == 2);
        assertThat(lock.stats().count(LockEvent.SWAP)).isEqualTo(1);
        lock.unlock();
        join(first, 10_000);
        join(oldest, 10_000);
        join(late, 10_000);
        assertThat(order).first().isEqualTo("oldest");
        assertThat(order).containsExactlyInAnyOrder("oldest", "first", "late");
        assertThat(lock.state()).isZero();
    }

    @Test
    void aSleeperGivenASlotWhileItGivesUpPassesTheWakeUpOn() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30));
        lock.lock();
        Thread spinner = Thread.ofPlatform().name("spinner").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("the spinner holds the slot", 10_000, () -> lock.spinners() == 1);
        AtomicBoolean gaveUp = new AtomicBoolean();
        Thread leaver = Thread.ofPlatform().name("leaver").unstarted(() -> {
            try {
                lock.tryLock(1, TimeUnit.HOURS);
                lock.unlock();
            } catch (InterruptedException e) {
                gaveUp.set(true);
            }
        });
        hooks.gatedLeaver = leaver;
        leaver.start();
        awaitCondition("the leaver sleeps", 10_000, () -> lock.sleepers() == 1);
        AtomicBoolean otherGotIt = new AtomicBoolean();
        Thread other = Thread.ofPlatform().name("other").start(() -> {
            lock.lock();
            otherGotIt.set(true);
            lock.unlock();
        });
        awaitCondition("the other sleeps behind it", 10_000, () -> lock.sleepers() == 2);
        leaver.interrupt();
        awaitCondition("the leaver has given up, still in line", 10_000, hooks.leaveReached::get);
        hooks.advance(Duration.ofNanos(300_000)); // the spinner's budget runs out: it sleeps, the slot is free
        awaitCondition("the spinner sleeps", 10_000, () -> lock.spinners() == 0 && lock.sleepers() == 3);
        // wakes the first sleeper, the leaver, and gives it the slot; if the spinner has not yet let
        // the line's guard go after joining it, the unlock leaves that duty to it (DUTY), so wait
        lock.unlock();
        awaitCondition("the leaver is given the slot", 10_000, () -> lock.spinners() == 1);
        hooks.leaverGate.countDown(); // not in line any more: it must pass the slot's wake-up duty on
        join(leaver, 10_000);
        join(other, 10_000);
        join(spinner, 10_000);
        assertThat(gaveUp).isTrue();
        assertThat(otherGotIt).isTrue();
        assertThat(lock.state()).isZero();
        assertThat(lock.spinners()).isZero();
    }

    /**
     * The time-based yield counts time the thread ran: a platform thread whose contended
     * acquisitions come 40 us apart yields about once per 0.5 ms of them, and one that the OS kept
     * off the processor between them (5 ms apart) counts each gap as 50 us, so it does not yield
     * each time it gets the processor back (which, on Linux, puts it further back each time). A
     * virtual thread never yields: a yield can send it to a queue its carrier's scheduler seldom
     * looks at, and it rotates by swaps and by making room instead. Each acquisition is a tryLock with a
     * deadline already passed on the lock's clock, on a lock the test holds.
     */
    @Test
    void theTimeBasedYieldCountsTimeTheThreadRan() throws Exception {
        // the clock is read at every 8th: 6 reads in 50 calls, each counting at most 8 x 50 us
        assertThat(yieldsOver(ThreadKind.PLATFORM, Duration.ofNanos(40_000), 50)).as("platform, 40 us apart").isEqualTo(3);
        assertThat(yieldsOver(ThreadKind.PLATFORM, Duration.ofMillis(5), 50)).as("platform, 5 ms apart (not 6)").isEqualTo(3);
        assertThat(yieldsOver(ThreadKind.VIRTUAL, Duration.ofMillis(5), 50)).as("virtual, 5 ms apart").isZero();
    }

    /**
     * An unlock woke a virtual sleeper and gave it a slot, and the sleeper has not run (held at
     * the woken hook, as a thread no carrier is free for): once it is past its bound, a contended
     * acquisition on a virtual thread sleeps in line instead of taking the free slot, so that the
     * carrier it frees can run the woken one; before that, and on a platform thread, it spins.
     */
    @Test
    void aVirtualAcquisitionSleepsToMakeRoomForAWokenSleeperThatHasNotRun() throws Exception {
        assumeSpinning();
        CountDownLatch heirGate = new CountDownLatch(1);
        AtomicReference<Thread> heir = new AtomicReference<>();
        Steered hooks = new Steered() {
            @Override
            void woken() {
                if (Thread.currentThread() == heir.get()) {
                    try {
                        assertThat(heirGate.await(30, TimeUnit.SECONDS)).isTrue();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        };
        LineupMutex lock = new LineupMutex(Duration.ofMillis(1), true, hooks, 2);
        lock.lock();
        Thread sleeper = Thread.ofVirtual().name("heir").unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        heir.set(sleeper);
        sleeper.start();
        awaitCondition("the heir spins", 10_000, () -> lock.spinners() == 1);
        hooks.advance(Duration.ofNanos(300_000)); // its spin budget runs out: it sleeps
        awaitCondition("the heir sleeps", 10_000, () -> lock.sleepers() == 1 && lock.spinners() == 0);
        lock.unlock(); // wakes it with a slot; it stops at the woken hook
        lock.lock();   // free with nobody in line: the fast path
        assertThat(lock.spinners()).as("the heir's slot").isEqualTo(1);
        Thread early = Thread.ofVirtual().name("early").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("before the heir's bound a virtual thread spins", 10_000, () -> lock.spinners() == 2);
        hooks.advance(Duration.ofNanos(300_000)); // early's spin budget runs out: it sleeps
        awaitCondition("early sleeps", 10_000, () -> lock.sleepers() == 1 && lock.spinners() == 1);
        assertThat(lock.stats().count(LockEvent.MADE_ROOM)).isZero();
        hooks.advance(Duration.ofNanos(400_000)); // the heir has waited 1 ms: its bound; early 0.7 ms

        Thread virtual = Thread.ofVirtual().name("virtual").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("a virtual thread sleeps, leaving the free slot", 10_000, () -> lock.sleepers() == 2);
        assertThat(lock.stats().count(LockEvent.MADE_ROOM)).isEqualTo(1);
        assertThat(lock.spinners()).isEqualTo(1);
        Thread platform = Thread.ofPlatform().name("platform").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("a platform thread takes the free slot and spins", 10_000, () -> lock.spinners() == 2);
        assertThat(lock.stats().count(LockEvent.MADE_ROOM)).isEqualTo(1);

        heirGate.countDown();
        hooks.advance(Duration.ofMillis(1)); // the platform spinner's budget runs out as well
        lock.unlock();
        join(sleeper, 10_000);
        join(early, 10_000);
        join(platform, 10_000);
        join(virtual, 10_000);
        assertThat(lock.state()).isZero();
        assertThat(lock.spinners()).isZero();
    }

    /** How often a fresh thread of {@code kind} yields in {@code calls} contended acquisitions {@code gap} apart. */
    private static int yieldsOver(ThreadKind kind, Duration gap, int calls) throws Exception {
        AtomicInteger yields = new AtomicInteger();
        AtomicReference<Thread> acquirer = new AtomicReference<>();
        Steered hooks = new Steered() {
            @Override
            void yielding() {
                if (Thread.currentThread() == acquirer.get()) {
                    yields.incrementAndGet();
                }
            }
        };
        hooks.nowNanos.addAndGet(HOUR_NANOS); // every deadline the real clock sets has passed on the lock's
        LineupMutex lock = new LineupMutex(LineupMutex.DEFAULT_BOUND, false, hooks);
        lock.lock();
        AtomicInteger acquired = new AtomicInteger();
        try {
            Thread t = kind.start(() -> {
                acquirer.set(Thread.currentThread());
                for (int i = 0; i < calls; i++) {
                    hooks.advance(gap);
                    try {
                        if (lock.tryLock(1, TimeUnit.NANOSECONDS)) {
                            acquired.incrementAndGet();
                            lock.unlock();
                        }
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
            });
            join(t, 20_000);
        } finally {
            lock.unlock();
        }
        assertThat(acquired.get()).as("the lock was held throughout").isZero();
        return yields.get();
    }

    @Test
    void noMoreThreadsSpinThanThereAreSlotsAndUnlockNeverYields() throws Exception {
        for (ThreadKind kind : ThreadKind.values()) {
            AtomicInteger spinning = new AtomicInteger();
            AtomicInteger mostSpinning = new AtomicInteger();
            AtomicInteger yieldsInUnlock = new AtomicInteger();
            AtomicInteger yields = new AtomicInteger();
            ThreadLocal<Boolean> inUnlock = ThreadLocal.withInitial(() -> false);
            LineupHooks hooks = new LineupHooks() {
                @Override
                void spinning(boolean started) {
                    int n = started ? spinning.incrementAndGet() : spinning.decrementAndGet();
                    mostSpinning.accumulateAndGet(n, Math::max);
                }

                @Override
                void yielding() {
                    yields.incrementAndGet();
                    if (inUnlock.get()) {
                        yieldsInUnlock.incrementAndGet();
                    }
                }
            };
            LineupMutex lock = new LineupMutex(Duration.ofNanos(200_000), true, hooks, 2);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<String> broken = new AtomicReference<>();
            Thread monitor = Thread.ofPlatform().daemon().start(() -> {
                while (!stop.get()) {
                    int s = lock.state();
                    if ((s & HANDOFF) != 0 && (s & LOCKED) == 0) {
                        broken.compareAndSet(null, "HANDOFF without LOCKED: " + s);
                    }
                    Thread.onSpinWait();
                }
            });
            int perWorker = 20_000;
            int[] counter = {0};
            try {
                List<Thread> workers = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    int id = i;
                    workers.add(kind.start(() -> {
                        for (int n = 0; n < perWorker; n++) {
                            try {
                                if (id == 0 && n % 50 == 0) {
                                    if (!lock.tryLock(1, TimeUnit.MICROSECONDS)) {
                                        n--;
                                        continue;
                                    }
                                } else {
                                    lock.lock();
                                }
                            } catch (InterruptedException e) {
                                throw new AssertionError(e);
                            }
                            try {
                                counter[0]++;
                                if (n % 1000 == 0) { // long enough for waiters to pass the bound
                                    busy(Duration.ofNanos(150_000));
                                    Thread.yield(); // lets the others in to wait even on one carrier
                                    busy(Duration.ofNanos(150_000));
                                }
                            } finally {
                                inUnlock.set(true);
                                lock.unlock();
                                inUnlock.set(false);
                            }
                        }
                    }));
                }
                for (Thread t : workers) {
                    join(t, 50_000);
                }
            } finally {
                stop.set(true);
                join(monitor, 5_000);
            }
            assertThat(counter[0]).as(kind + ": mutual exclusion").isEqualTo(6 * perWorker);
            assertThat(broken.get()).isNull();
            assertThat(mostSpinning.get()).as(kind + ": spinners at once").isLessThanOrEqualTo(2);
            assertThat(yieldsInUnlock.get()).as(kind + ": yields inside unlock").isZero();
            if (kind == ThreadKind.PLATFORM) {
                assertThat(yields.get()).as(kind + ": the time-based yield ran (the hook is live)").isPositive();
            } else {
                assertThat(yields.get()).as(kind + ": a virtual thread never yields in the lock").isZero();
            }
            assertThat(lock.state()).as(kind + " " + lock).isZero();
            assertThat(lock.spinners()).isZero();
            assertThat(lock.sleepers()).isZero();
        }
    }

    /**
     * The thread that holds the line's guard loses its processor (the hook parks it there, having
     * joined the line): an unlock that must wake a sleeper leaves the wake-up to the guard's holder
     * and returns, and the inspection methods read the line without the guard. The holder wakes
     * the sleeper (itself) when it lets the guard go.
     */
    @Test
    void unlockNeverWaitsForTheLinesGuardAndInspectionNeverTakesIt() throws Exception {
        for (ThreadKind kind : ThreadKind.values()) {
            CountDownLatch inGuard = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            AtomicReference<Thread> gated = new AtomicReference<>();
            LineupHooks hooks = new LineupHooks() {
                @Override
                void guardHeld() {
                    if (Thread.currentThread() == gated.get()) {
                        inGuard.countDown();
                        Steered.await(letGo);
                    }
                }
            };
            LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), true, hooks, 1);
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread owner = kind.start(() -> {
                lock.lock();
                held.countDown();
                Steered.await(release);
                lock.unlock();
            });
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
            Thread sleeper = Thread.ofPlatform().name("sleeper").unstarted(() -> {
                lock.lock();
                lock.unlock();
            });
            gated.set(sleeper);
            sleeper.start();
            assertThat(inGuard.await(10, TimeUnit.SECONDS)).as("the sleeper joins the line").isTrue();
            try {
                List<Object> seen = new CopyOnWriteArrayList<>();
                join(kind.start(() -> {
                    seen.add(lock.getQueuedThreads());
                    seen.add(lock.hasQueuedThread(sleeper));
                    seen.add(lock.getQueueLength());
                }), 10_000);
                assertThat(seen).as(kind + ": inspection with the guard held")
                        .containsExactly(List.of(sleeper), true, 1);
                release.countDown();
                join(owner, 10_000); // an unlock that waited for the guard would still be in it
                assertThat(lock.isLocked()).isFalse();
                assertThat(lock.stats().count(LockEvent.WAKEUP)).as("the wake-up is left to the guard's holder").isZero();
            } finally {
                letGo.countDown();
            }
            join(sleeper, 10_000);
            assertThat(lock.stats().count(LockEvent.WAKEUP)).as(kind + ": the holder ran the wake-up").isEqualTo(1);
            assertThat(lock.state()).isZero();
            assertThat(lock.spinners()).isZero();
            assertThat(lock.sleepers()).isZero();
        }
    }

    /**
     * A spinner is running, not queued: none of the four inspection methods counts it, and they
     * agree on the sleeper behind it. (Counting spinners in getQueueLength but not listing them
     * made the JSR-166 TCK's queue tests flicker.)
     */
    @Test
    void theFourInspectionMethodsAgreeWhileOneSpinsAndOneSleeps() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30));
        lock.lock();
        Thread spinner = Thread.ofPlatform().name("spinner").unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        hooks.gatedSpinner = spinner; // held in its slot
        spinner.start();
        awaitCondition("the spinner holds the slot", 10_000, () -> lock.spinners() == 1);
        assertThat(lock.getQueueLength()).isZero();
        assertThat(lock.hasQueuedThreads()).isFalse();
        assertThat(lock.hasQueuedThread(spinner)).isFalse();
        assertThat(lock.getQueuedThreads()).isEmpty();
        Thread sleeper = Thread.ofPlatform().name("sleeper").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("the other sleeps", 10_000, () -> lock.sleepers() == 1);
        assertThat(lock.getQueueLength()).isEqualTo(1);
        assertThat(lock.hasQueuedThreads()).isTrue();
        assertThat(lock.hasQueuedThread(sleeper)).isTrue();
        assertThat(lock.hasQueuedThread(spinner)).isFalse();
        assertThat(lock.getQueuedThreads()).containsExactly(sleeper);
        hooks.spinnerGate.countDown();
        lock.unlock();
        join(spinner, 10_000);
        join(sleeper, 10_000);
        assertThat(lock.getQueuedThreads()).isEmpty();
        assertThat(lock.getQueueLength()).isZero();
    }

    /**
     * A waiter whose handoff request stands is queued (listed and counted); once it withdraws (it
     * timed out) it is neither, though the request's bit and node stay until the holder's unlock.
     */
    @Test
    void aWithdrawnHandoffRequesterIsNeitherListedNorCounted() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO);
        lock.lock();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                assertThat(lock.tryLock(1, TimeUnit.HOURS)).isFalse();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        assertThat(lock.getQueuedThreads()).containsExactly(waiter);
        assertThat(lock.hasQueuedThread(waiter)).isTrue();
        assertThat(lock.getQueueLength()).isEqualTo(1);
        hooks.advance(Duration.ofHours(2));
        join(waiter, 10_000);
        assertThat(lock.state()).as("the withdrawn request waits for the holder's unlock").isEqualTo(LOCKED | HANDOFF);
        assertThat(lock.getQueuedThreads()).isEmpty();
        assertThat(lock.hasQueuedThread(waiter)).isFalse();
        assertThat(lock.hasQueuedThreads()).isFalse();
        assertThat(lock.getQueueLength()).isZero();
        lock.unlock();
        assertThat(lock.state()).isZero();
    }

    /**
     * A spinner whose budget ran out goes to sleep, but its guarded look at the word finds the
     * lock free and it takes it without sleeping: the JFR event says SPINNING, not WOKEN.
     */
    @Test
    void aWaiterThatFindsTheLockFreeOnItsWayToSleepIsNotReportedWoken() throws Exception {
        assumeSpinning();
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        AtomicReference<Thread> gated = new AtomicReference<>();
        Steered hooks = new Steered() {
            @Override
            void spinning(boolean started) {
                if (!started && Thread.currentThread() == gated.get()) {
                    stopped.countDown();
                    Steered.await(goOn); // between giving the slot up and the look under the guard
                }
            }
        };
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30));
        String how;
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.enable("dev.mutexlab.MutexContended").withThreshold(Duration.ZERO);
            r.start();
            lock.lock();
            Thread waiter = Thread.ofPlatform().name("waiter").unstarted(() -> {
                lock.lock();
                lock.unlock();
            });
            gated.set(waiter);
            waiter.start();
            awaitCondition("the waiter holds the slot", 10_000, () -> lock.spinners() == 1);
            // Its spin budget runs out and it heads for the line. The clock moves until it does: a single
            // step could land before the waiter read its start time, and a frozen clock never ends a spin.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!stopped.await(10, TimeUnit.MILLISECONDS) && System.nanoTime() < deadline) {
                hooks.advance(Duration.ofNanos(300_000));
            }
            assertThat(stopped.getCount()).as("the waiter gave its slot up").isZero();
            lock.unlock(); // nobody sleeps: nothing to wake
            goOn.countDown();
            join(waiter, 10_000);
            r.stop();
            java.nio.file.Path file = java.nio.file.Files.createTempFile("lineup", ".jfr");
            try {
                r.dump(file);
                List<String> hows = new ArrayList<>();
                for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(file)) {
                    if (e.getEventType().getName().equals("dev.mutexlab.MutexContended")
                            && e.getThread().getJavaName().equals("waiter")) {
                        hows.add(e.getString("how"));
                    }
                }
                assertThat(hows).hasSize(1);
                how = hows.get(0);
            } finally {
                java.nio.file.Files.deleteIfExists(file);
            }
        }
        assertThat(how).as("it never slept").isEqualTo("SPINNING");
        assertThat(lock.stats().count(LockEvent.PARK)).isZero();
        assertThat(lock.state()).isZero();
    }

    /**
     * The learned spin counts the rounds before its first look at the clock: a spinner that gets
     * the lock on a clock that stands still spun at least those rounds, which leaves the learned
     * budget where it was (it would shrink it towards the minimum if the spin counted from there).
     */
    @Test
    void theLearnedSpinCountsTheRoundsBeforeItsFirstLookAtTheClock() throws Exception {
        assumeSpinning();
        AtomicInteger looks = new AtomicInteger();
        AtomicReference<Thread> spinnerThread = new AtomicReference<>();
        Steered hooks = new Steered() {
            @Override
            long nanoTime() {
                if (Thread.currentThread() == spinnerThread.get()) {
                    looks.incrementAndGet();
                }
                return super.nanoTime();
            }
        };
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30));
        int before = lock.learnedSpinNanos();
        lock.lock();
        Thread spinner = Thread.ofPlatform().unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        spinnerThread.set(spinner);
        spinner.start();
        awaitCondition("the spinner has looked at the clock in its slot", 10_000, () -> looks.get() >= 2); // entry, then round 64
        lock.unlock();
        join(spinner, 10_000);
        assertThat(lock.learnedSpinNanos()).as("a spin of at least 64 rounds").isEqualTo(before);
    }

    /**
     * Every field a lock published racily (without a happens-before edge) may be read at its
     * default value: so every non-final field of the lock (in every class of its chain) and of
     * its learned spin starts there.
     */
    @Test
    void everyNonFinalFieldStartsAtItsDefaultValue() throws Exception {
        int checked = 0;
        for (Object o : new Object[] {new LineupMutex(), new dev.mutexlab.locks.internal.AdaptiveSpin()}) {
            for (Class<?> c = o.getClass(); c != Object.class; c = c.getSuperclass()) {
                if (!c.getPackageName().startsWith("dev.mutexlab")) {
                    continue; // the JDK's AbstractOwnableSynchronizer: its owner field starts null by the JDK's own code
                }
                for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                    int mods = f.getModifiers();
                    if (java.lang.reflect.Modifier.isStatic(mods) || java.lang.reflect.Modifier.isFinal(mods)) {
                        continue;
                    }
                    f.setAccessible(true);
                    Object v = f.get(o);
                    Object zero = f.getType() == int.class ? (Object) 0 : f.getType() == long.class ? (Object) 0L
                            : f.getType() == boolean.class ? (Object) false : null;
                    assertThat(v).as(c.getSimpleName() + "." + f.getName()).isEqualTo(zero);
                    checked++;
                }
            }
        }
        assertThat(checked).as("the lock's state word, slots, handoff, heir, line head and estimates").isGreaterThanOrEqualTo(7);
    }

    /**
     * BARGE: an arrival that finds the lock held spins briefly and sleeps in line without taking a
     * spinner slot; the unlock wakes it as the heir, with the one slot.
     */
    @Test
    void underBargeAnArrivalSleepsWithoutASlotAndTheUnlockWakesItAsTheHeir() throws Exception {
        assumeSpinning();
        Steered hooks = new Steered();
        LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), true, hooks, 1, LineupPolicy.BARGE);
        lock.lock();
        Thread arrival = Thread.ofPlatform().start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("the arrival sleeps", 10_000, () -> lock.sleepers() == 1);
        awaitParked(arrival);
        assertThat(lock.spinners()).as("no slot for an arrival").isZero();
        assertThat(lock.state()).isEqualTo(LOCKED | WAITERS);
        lock.unlock();
        join(arrival, 10_000);
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(lock.stats().count(LockEvent.SWAP)).isZero();
        assertThat(lock.state()).isZero();
        assertThat(lock.spinners()).isZero();
        assertThat(lock.toString()).contains("policy=barge");
    }

    /**
     * BARGE keeps the bound: the heir an unlock woke loses the lock to a barging thread, and once
     * it is past its bound it asks for the handoff, which the barger's unlock serves.
     */
    @Test
    void underBargeAWokenWaiterPastItsBoundIsHandedTheLock() throws Exception {
        assumeSpinning();
        CountDownLatch wokenReached = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        Steered hooks = new Steered() {
            @Override
            void woken() {
                wokenReached.countDown();
                Steered.await(goOn); // signalled, not yet running: the unlocker barges back in
            }
        };
        LineupMutex lock = new LineupMutex(Duration.ofMillis(1), true, hooks, 1, LineupPolicy.BARGE);
        lock.lock();
        List<String> order = new CopyOnWriteArrayList<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            lock.lock();
            order.add("waiter");
            lock.unlock();
        });
        awaitCondition("the waiter sleeps", 10_000, () -> lock.sleepers() == 1);
        awaitParked(waiter);
        lock.unlock(); // wakes it with the slot
        assertThat(wokenReached.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(lock.tryLock()).as("the barge").isTrue();
        order.add("barger");
        hooks.advance(Duration.ofMillis(2)); // the waiter is past its bound
        goOn.countDown();
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        AtomicBoolean barged = new AtomicBoolean(true);
        join(Thread.ofPlatform().start(() -> barged.set(lock.tryLock())), 10_000);
        assertThat(barged).as("nobody barges past a handoff request").isFalse();
        lock.unlock();
        join(waiter, 10_000);
        assertThat(order).containsExactly("barger", "waiter");
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isEqualTo(1);
        assertThat(lock.state()).isZero();
    }

    /** A SOLO lock with statistics and one spinner slot, on {@code hooks}. */
    private static LineupMutex solo(Duration bound, Steered hooks) {
        return new LineupMutex(bound, true, hooks, 1, LineupPolicy.SOLO);
    }

    /** A platform thread, not started, that takes {@code lock}, sets {@code got} and lets it go. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        for (;;) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread takerThatSets(LineupMutex lock, AtomicBoolean got) {
        return Thread.ofPlatform().unstarted(() -> {
            lock.lock();
            got.set(true);
            lock.unlock();
        });
    }

    /**
     * Takes {@code lock} for the calling thread, then starts a platform thread that takes it, sets
     * {@code got} and lets it go, and returns that thread once it sleeps in line.
     */
    private static Thread heldWithASleeperThatSets(LineupMutex lock, AtomicBoolean got) {
        lock.lock();
        Thread t = takerThatSets(lock, got);
        t.start();
        awaitCondition("the waiter sleeps", 10_000, () -> lock.sleepers() == 1);
        awaitParked(t);
        return t;
    }

    /**
     * SOLO: an arrival that finds the lock held sleeps without a slot, and an unlock leaves it
     * asleep while it wakes itself, so the unlocker runs the lock alone; once it has stopped
     * waking itself (a built state: what its timer does), the next unlock wakes it.
     */
    @Test
    void underSoloTheUnlockWakesTheFirstSleeperOnlyOnceItStopsWakingItself() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = solo(Duration.ofSeconds(30), hooks);
        AtomicBoolean got = new AtomicBoolean();
        Thread arrival = heldWithASleeperThatSets(lock, got);
        assertThat(lock.spinners()).as("no slot for an arrival").isZero();
        assertThat(lock.headWakesItself).isTrue();
        lock.unlock();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).as("it wakes itself: nobody woken").isZero();
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isEqualTo(1);
        assertThat(lock.tryLock()).as("the unlocker runs on alone").isTrue();
        assertThat(got).isFalse();
        lock.headWakesItself = false;
        lock.unlock();
        join(arrival, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(lock.state()).isZero();
        assertThat(lock.spinners()).isZero();
        assertThat(lock.toString()).contains("policy=solo");
    }

    /**
     * SOLO's look at the clock: an unlock leaves a first sleeper that wakes itself asleep, except
     * that one release in SOLO_LOOK_EVERY reads the clock and wakes it once it is due. With the
     * lock's clock moved past the bound, the first SOLO_LOOK_EVERY - 1 unlocks skip it and the
     * next one wakes it.
     */
    @Test
    void underSoloOneReleaseInEightLooksAtTheClockAndWakesADueSleeper() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = solo(Duration.ofSeconds(30), hooks);
        AtomicBoolean got = new AtomicBoolean();
        Thread arrival = heldWithASleeperThatSets(lock, got);
        hooks.advance(Duration.ofSeconds(31)); // due on the lock's clock; its timer (real clock) is far off
        for (int i = 1; i < LineupMutex.SOLO_LOOK_EVERY; i++) {
            lock.unlock();
            assertThat(lock.stats().count(LockEvent.WAKEUP)).as("release %d does not look", i).isZero();
            assertThat(lock.tryLock()).isTrue();
        }
        lock.unlock();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).as("the eighth looks").isEqualTo(1);
        join(arrival, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.state()).isZero();
    }

    /**
     * SOLO keeps the bound by the sleeper's own timer where no unlock looks in time: a sleeper
     * whose timer fired at its bound and that finds the lock held stops waking itself and sleeps on without a timeout, queued, and the holder's
     * unlock wakes it; one that finds the lock free (its runner left) takes it without any
     * unlock's help.
     */
    @Test
    void underSoloASleeperNearItsBoundIsWokenByTheNextUnlockOrTakesAFreeLock() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = solo(Duration.ofMillis(50), hooks);
        AtomicBoolean got = new AtomicBoolean();
        Thread held = heldWithASleeperThatSets(lock, got);
        awaitCondition("the sleeper's timer fired and it sleeps on", 10_000,
                () -> !lock.headWakesItself && held.getState() == Thread.State.WAITING);
        assertThat(lock.getQueueLength()).as("it sleeps on, queued").isEqualTo(1);
        assertThat(lock.hasQueuedThread(held)).isTrue();
        assertThat(lock.spinners()).isZero();
        assertThat(got).isFalse();
        lock.unlock();
        join(held, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).as("the unlock woke it").isEqualTo(1);
        assertThat(lock.state()).isZero();

        LineupMutex lone = solo(Duration.ofMillis(50), new Steered());
        got.set(false);
        Thread left = heldWithASleeperThatSets(lone, got);
        lone.unlock(); // it wakes itself: left asleep, and the runner leaves the lock free
        assertThat(lone.stats().count(LockEvent.WAKE_SKIPPED)).isEqualTo(1);
        join(left, 10_000); // its timer fires and it finds the lock free
        assertThat(got).isTrue();
        assertThat(lone.stats().count(LockEvent.WAKEUP)).as("no unlock woke it").isZero();
        assertThat(lone.state()).isZero();
        assertThat(lone.spinners()).isZero();
    }

    /**
     * The race of a sleeper that stops waking itself with the holder's unlock, which read it as
     * waking itself and skipped the wake: the sleeper reads the word after it stopped, so it sees
     * the lock free and takes it; or, if the runner took the lock again meanwhile, it sees it
     * held and sleeps on, and that holder's unlock wakes it. A sleeper that did not read the word
     * again would sleep without a timeout on a free lock.
     */
    @Test
    void underSoloASleeperThatStopsWakingItselfAsTheUnlockSkipsItStillGetsTheLock() throws Exception {
        for (boolean runnerTakesItAgain : new boolean[] {false, true}) {
            Steered hooks = new Steered();
            LineupMutex lock = solo(Duration.ofMillis(50), hooks);
            AtomicBoolean got = new AtomicBoolean();
            lock.lock();
            Thread sleeper = takerThatSets(lock, got);
            hooks.gatedSelfWaker = sleeper;
            sleeper.start();
            awaitCondition("the sleeper's timer fired", 10_000, hooks.selfWakeReached::get);
            lock.unlock();
            assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).as("it still wakes itself").isEqualTo(1);
            if (runnerTakesItAgain) {
                assertThat(lock.tryLock()).isTrue();
            }
            hooks.selfWakeGate.countDown();
            if (runnerTakesItAgain) {
                awaitCondition("it sleeps on for this holder", 10_000,
                        () -> !lock.headWakesItself && sleeper.getState() == Thread.State.WAITING);
                assertThat(got).isFalse();
                lock.unlock();
            }
            join(sleeper, 10_000);
            assertThat(got).isTrue();
            assertThat(lock.stats().count(LockEvent.WAKEUP)).as(runnerTakesItAgain ? "woken by the second unlock" : "it took the free lock")
                    .isEqualTo(runnerTakesItAgain ? 1 : 0);
            assertThat(lock.state()).isZero();
        }
    }

    /**
     * Two sleepers past their bound while the lock is held: the younger's timer fired while the
     * older was first, so when the older has been woken and the younger is first, every unlock
     * wakes it (it stopped waking itself on its own node, not only in the line's head flag); it
     * does not sleep on a lock its runner left free.
     */
    @Test
    void underSoloASleeperWhoseTimerFiredBehindAnotherIsWokenOnceFirst() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = solo(Duration.ofMillis(50), hooks);
        AtomicBoolean older = new AtomicBoolean();
        AtomicBoolean younger = new AtomicBoolean();
        CountDownLatch counted = new CountDownLatch(1);
        lock.lock();
        Thread first = Thread.ofPlatform().start(() -> {
            lock.lock();
            older.set(true);
            awaitUninterruptibly(counted); // holds the lock until the test has counted the wake-ups
            lock.unlock();
        });
        awaitCondition("the older sleeps", 10_000, () -> lock.sleepers() == 1);
        awaitParked(first);
        Thread second = takerThatSets(lock, younger);
        second.start();
        awaitCondition("both sleep", 10_000, () -> lock.sleepers() == 2);
        awaitCondition("both timers fired and both sleep on", 10_000, () -> hooks.selfWakers.size() == 2
                && first.getState() == Thread.State.WAITING && second.getState() == Thread.State.WAITING);
        lock.unlock(); // wakes the first sleeper only
        awaitCondition("the older holds the lock", 10_000, older::get);
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(lock.sleepers()).as("the younger sleeps on").isEqualTo(1);
        counted.countDown();
        join(first, 10_000); // its unlock wakes the second, now first
        join(second, 10_000);
        assertThat(older).isTrue();
        assertThat(younger).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(2);
        assertThat(lock.state()).isZero();
        assertThat(lock.spinners()).isZero();
    }

    /**
     * A switch to SOLO leaves a sleeper that went to sleep under another policy (it parks without
     * a timeout) to be woken by the next unlock, as that policy would: a SOLO unlock leaves only a
     * sleeper that wakes itself asleep. Without that the sleeper would wait for its bound (30 s).
     */
    @Test
    void afterASwitchToSoloAnUnlockWakesASleeperThatDoesNotWakeItself() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = new LineupMutex(Duration.ofSeconds(30), true, hooks, 1, null);
        lock.switchArrivalsTo(LineupPolicy.BARGE);
        AtomicBoolean got = new AtomicBoolean();
        Thread sleeper = heldWithASleeperThatSets(lock, got);
        lock.switchArrivalsTo(LineupPolicy.SOLO);
        lock.unlock();
        join(sleeper, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isZero();
        assertThat(lock.state()).isZero();
    }

    @Test
    void specSetsThePolicy() {
        assertThat(Locks.mutex("lineup:policy=barge").toString()).contains("policy=barge");
        assertThat(Locks.mutex("lineup:policy=line").toString()).contains("policy=line");
        assertThat(Locks.mutex("lineup:policy=solo").toString()).contains("policy=solo");
        assertThat(Locks.mutex("lineup").toString()).contains("policy=auto (barge)");
        assertThat(((LineupMutex) Locks.mutex("lineup:policy=barge:bound=250us")).boundNanos()).isEqualTo(250_000L);
        assertThatThrownBy(() -> Locks.mutex("lineup:policy=fast")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown policy");
    }

    @Test
    void theLineStaysInOrderOfArrivalWhenAWaiterRejoinsIt() {
        dev.mutexlab.locks.internal.WaitQueue q = new dev.mutexlab.locks.internal.WaitQueue();
        Waiter a = waiter(10);
        Waiter b = waiter(20);
        Waiter c = waiter(30);
        Waiter early = waiter(15);
        Waiter earliest = waiter(5);
        q.lockGuard();
        q.addInStartOrder(a);
        q.addInStartOrder(c);
        q.addInStartOrder(b);
        q.addInStartOrder(early);
        q.addInStartOrder(earliest);
        List<Long> starts = new ArrayList<>();
        for (Waiter w; (w = q.pollFirst()) != null; ) {
            starts.add(w.startNanos);
        }
        q.unlockGuard();
        assertThat(starts).containsExactly(5L, 10L, 15L, 20L, 30L);
    }

    private static Waiter waiter(long startNanos) {
        Waiter w = new Waiter();
        w.startNanos = startNanos;
        return w;
    }

    @Test
    void specSetsTheBound() {
        assertThat(((LineupMutex) Locks.create("lineup")).boundNanos()).isEqualTo(1_000_000L);
        assertThat(((LineupMutex) Locks.create("lineup:bound=250us")).boundNanos()).isEqualTo(250_000L);
        assertThatThrownBy(() -> Locks.create("lineup:deck=open")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineupMutex(Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(new LineupMutex(Duration.ofDays(365 * 1000)).boundNanos()).isPositive();
        assertThat(Locks.create("lineup").toString()).contains("unlocked").contains("spinners=0");
    }

    private static void busy(Duration d) {
        long end = System.nanoTime() + d.toNanos();
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
