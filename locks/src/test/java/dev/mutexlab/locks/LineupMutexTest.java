package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupMutex.HANDOFF;
import static dev.mutexlab.locks.LineupMutex.LOCKED;
import static dev.mutexlab.locks.LineupMutex.WAITERS;
import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mutexlab.locks.internal.Waiter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lineup lock's own rules, each built as an exact interleaving through {@link LineupHooks}
 * and a clock the test moves: an unlock during a join leaves its wake-up to the joiner (under
 * every policy, and after a switch to SOLO from a line a sleeper that slept until due has left);
 * SOLO leaves a sleeper asleep only until due; a woken waiter past its bound is handed the lock;
 * a waiter waiting for its handoff sees its deadline and its interrupt; a heir that gives up passes
 * the wake-up on; an Error in the chooser's tick leaves the lock free; tryLock on a free lock
 * succeeds whatever else changes; inspection lists sleepers and a standing request.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineupMutexTest {

    /** Hooks with a clock that stands still until the test moves it, and per-step gates. */
    static class Steered extends LineupHooks {
        final AtomicLong nowNanos = new AtomicLong(System.nanoTime());
        volatile Runnable onBarge;
        volatile Thread owner; // the thread whose tryLock runs onBarge
        volatile Thread gatedJoiner;
        final CountDownLatch joinerGate = new CountDownLatch(1);
        final AtomicBoolean joinReached = new AtomicBoolean();
        volatile Thread gatedLeaver;
        final CountDownLatch leaverGate = new CountDownLatch(1);
        final AtomicBoolean leaveReached = new AtomicBoolean();
        volatile Thread gatedWithdrawer;
        final CountDownLatch withdrawGate = new CountDownLatch(1);
        final AtomicBoolean withdrawReached = new AtomicBoolean();
        volatile Thread gatedWoken;
        final CountDownLatch wokenGate = new CountDownLatch(1);
        final AtomicBoolean wokenReached = new AtomicBoolean();
        volatile Error tickError; // thrown by the clock's next read from the thread that set it

        @Override
        long nanoTime() {
            Error e = tickError;
            if (e != null && Thread.currentThread() == owner) {
                tickError = null;
                throw e;
            }
            return nowNanos.get();
        }

        void advance(Duration d) {
            nowNanos.addAndGet(d.toNanos());
        }

        /** Whether a SOLO sleeper's own timer runs in real time (else it never fires within a test). */
        volatile boolean realDueTimers;

        @Override
        long dueTimerNanos(long dueInNanos) {
            return realDueTimers ? dueInNanos : TimeUnit.HOURS.toNanos(1);
        }

        @Override
        void beforeBarge() {
            Runnable r = onBarge;
            if (r != null && Thread.currentThread() == owner) {
                onBarge = null;
                r.run();
            }
        }

        @Override
        void joining() {
            gate(gatedJoiner, joinReached, joinerGate);
        }

        @Override
        void leavingLine() {
            gate(gatedLeaver, leaveReached, leaverGate);
        }

        @Override
        void withdrawing() {
            gate(gatedWithdrawer, withdrawReached, withdrawGate);
        }

        @Override
        void woken() {
            gate(gatedWoken, wokenReached, wokenGate);
        }

        private static void gate(Thread gated, AtomicBoolean reached, CountDownLatch latch) {
            if (Thread.currentThread() == gated && !reached.getAndSet(true)) {
                await(latch);
            }
        }

        static void await(CountDownLatch latch) {
            try {
                if (!latch.await(30, TimeUnit.SECONDS)) {
                    throw new AssertionError("gate never opened");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the lock's own wait sees it
            }
        }
    }

    private static LineupMutex lock(Steered hooks, Duration bound, LineupPolicy policy) {
        return new LineupMutex(bound, true, hooks, policy);
    }

    static void awaitParked(Thread t) {
        awaitCondition(t.getName() + " parks", 10_000,
                () -> t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING);
    }

    /** A thread that takes the lock once and records that it did. */
    private static Thread taker(ThreadKind kind, LineupMutex lock, AtomicBoolean got) {
        return kind.start(() -> {
            lock.lock();
            got.set(true);
            lock.unlock();
        });
    }

    @Test
    void theBargingSpinIsOneLookOnlyWhereSpinningCannotPay() {
        assertThat(LineupBarge.pauses(true, false)).as("whatever the line").isEqualTo(LineupBarge.SHORT_SPIN_PAUSES);
        assertThat(LineupBarge.pauses(false, false)).as("one CPU").isZero();
        assertThat(LineupBarge.pauses(true, true)).as("virtual, the heir stuck: make room").isZero();
    }

    /**
     * I1/I2 under every policy: the holder unlocks while a waiter holds the line's guard with
     * WAITERS set and has not yet joined the line; the unlock leaves its wake-up to the joiner,
     * which runs it as it lets the guard go, and the waiter gets the lock.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void anUnlockDuringAJoinLeavesItsWakeUpToTheJoiner(ThreadKind kind) throws Exception {
        for (LineupPolicy policy : LineupPolicy.values()) {
            Steered hooks = new Steered();
            LineupMutex lock = lock(hooks, Duration.ofHours(1), policy);
            lock.lock();
            AtomicBoolean got = new AtomicBoolean();
            Thread joiner = kind.unstarted(() -> {
                lock.lock();
                got.set(true);
                lock.unlock();
            });
            hooks.gatedJoiner = joiner;
            joiner.start();
            awaitCondition("the joiner holds the guard with WAITERS set", 10_000, hooks.joinReached::get);
            assertThat(lock.state()).isEqualTo(LOCKED | WAITERS);
            lock.unlock();
            hooks.joinerGate.countDown();
            if (policy == LineupPolicy.SOLO) { // its sleeper sleeps until due: the duty leaves it asleep until then
                awaitCondition("the joiner's release of the guard ran the unlock's decision", 10_000,
                        () -> lock.stats().count(LockEvent.WAKE_SKIPPED) == 1);
                assertThat(lock.sleepers()).isEqualTo(1);
                assertThat(got).isFalse();
                hooks.advance(Duration.ofHours(1));
                lock.lock();
                lock.unlock();
            }
            join(joiner, 10_000);
            assertThat(got).as("%s: the joiner got the lock", policy).isTrue();
            assertThat(lock.state()).isZero();
            assertThat(lock.sleepers()).isZero();
        }
    }

    /**
     * The lost wake-up of a flag beside the line: a SOLO sleeper (one that sleeps until due) leaves
     * the line, the arrivals switch to barging, a waiter joins, the arrivals switch back to SOLO and
     * the holder unlocks while the waiter is between setting WAITERS and joining. The unlock's
     * decision is read from the first sleeper's own node, under the guard: the waiter (which sleeps
     * as barging's sleepers do, without a timer) is woken, not left asleep on a free lock.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aWaiterJoiningAsTheArrivalsSwitchToSoloIsWokenAfterASoloSleeperLeft(ThreadKind kind) throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), null);
        lock.switchArrivalsTo(LineupPolicy.SOLO);
        lock.lock();
        Thread leaver = kind.start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException expected) {
                // it left the line
            }
        });
        awaitCondition("the SOLO sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        leaver.interrupt();
        join(leaver, 10_000);
        assertThat(lock.sleepers()).isZero();
        lock.switchArrivalsTo(LineupPolicy.BARGE);
        AtomicBoolean got = new AtomicBoolean();
        Thread joiner = kind.unstarted(() -> {
            lock.lock();
            got.set(true);
            lock.unlock();
        });
        hooks.gatedJoiner = joiner;
        joiner.start();
        awaitCondition("the joiner set WAITERS", 10_000, hooks.joinReached::get);
        lock.switchArrivalsTo(LineupPolicy.SOLO);
        lock.unlock();
        hooks.joinerGate.countDown();
        join(joiner, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).as("nothing left asleep").isZero();
    }

    /**
     * SOLO: an unlock leaves a sleeper that sleeps until due asleep while its bound has not
     * passed (the runner keeps the lock), and wakes it at the first unlock after.
     */
    @Test
    void underSoloTheUnlockLeavesASleeperAsleepUntilDue() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), LineupPolicy.SOLO);
        lock.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread sleeper = taker(ThreadKind.PLATFORM, lock, got);
        awaitCondition("the sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        awaitParked(sleeper);
        for (int i = 0; i < 100; i++) {
            lock.unlock();
            lock.lock();
        }
        assertThat(lock.sleepers()).as("left asleep: not yet due").isEqualTo(1);
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isEqualTo(100);
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isZero();
        hooks.advance(Duration.ofMillis(1)); // due on the lock's clock: SOLO_PERIOD_NANOS, though the bound is an hour
        lock.unlock();
        join(sleeper, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.state()).isZero();
    }

    /**
     * SOLO: when a sleeper's own timer fires while the lock is held, it stays in line (queued, as
     * the inspection methods say) and sleeps on without a timer; the next unlock wakes it, though
     * the lock's clock (held still here) says it is not yet due.
     */
    @Test
    void underSoloASleeperWhoseTimerFiresWhileTheLockIsHeldStaysQueuedForTheUnlock() throws Exception {
        Steered hooks = new Steered();
        hooks.realDueTimers = true; // its timer fires after SOLO_PERIOD_NANOS of real time
        LineupMutex lock = lock(hooks, Duration.ofHours(1), LineupPolicy.SOLO);
        lock.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread sleeper = taker(ThreadKind.PLATFORM, lock, got);
        awaitCondition("the sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        awaitCondition("its timer fired and it sleeps on without one", 10_000,
                () -> sleeper.getState() == Thread.State.WAITING);
        assertThat(lock.getQueuedThreads()).containsExactly(sleeper);
        assertThat(lock.state()).isEqualTo(LOCKED | WAITERS);
        lock.unlock();
        join(sleeper, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isZero();
    }

    /**
     * SOLO: a timed waiter whose deadline comes before its bound does not sleep until due: the
     * next unlock wakes it (a tryLock shorter than the bound gets a lock freed while it sleeps).
     */
    @Test
    void underSoloATimedWaiterWhoseDeadlineComesFirstIsWokenByTheUnlock() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), LineupPolicy.SOLO);
        lock.lock();
        AtomicReference<Boolean> got = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                got.set(lock.tryLock(30, TimeUnit.SECONDS));
                lock.unlock();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        awaitCondition("the waiter is in line", 10_000, () -> lock.sleepers() == 1);
        lock.unlock();
        join(waiter, 10_000);
        assertThat(got.get()).isTrue();
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isZero();
    }

    /**
     * A woken waiter past its bound that finds the lock taken again asks for the handoff, and
     * the next unlock hands it the lock (HANDOFF bars barging meanwhile).
     */
    @Test
    void aWokenWaiterPastItsBoundIsHandedTheLock() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofMillis(1), LineupPolicy.BARGE);
        lock.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread waiter = Thread.ofPlatform().unstarted(() -> {
            lock.lock();
            got.set(true);
            lock.unlock();
        });
        hooks.gatedWoken = waiter;
        waiter.start();
        awaitCondition("the waiter is in line", 10_000, () -> lock.sleepers() == 1);
        awaitParked(waiter);
        hooks.advance(Duration.ofMillis(2));
        lock.unlock(); // wakes it as heir; the gate holds it before it runs
        awaitCondition("the heir was woken", 10_000, hooks.wokenReached::get);
        assertThat(lock.hasHeir()).isTrue();
        lock.lock(); // a barge before the heir runs
        hooks.wokenGate.countDown();
        awaitCondition("the heir asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        assertThat(tryLockElsewhere(lock)).as("HANDOFF bars barging").isFalse();
        lock.unlock();
        join(waiter, 10_000);
        assertThat(got).isTrue();
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isEqualTo(1);
        assertThat(lock.state()).isZero();
        assertThat(lock.hasHeir()).isFalse();
    }

    @Test
    void aWaiterWaitingForItsHandoffGivesUpAtItsDeadline() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO, LineupPolicy.LINE); // every waiter is due at once
        lock.lock();
        AtomicReference<Boolean> got = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                got.set(lock.tryLock(200, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        awaitCondition("the waiter asks for the handoff", 10_000, () -> (lock.state() & HANDOFF) != 0);
        assertThat(lock.getQueuedThreads()).as("a standing request is queued").containsExactly(waiter);
        join(waiter, 10_000);
        assertThat(got.get()).as("timed out while the lock stayed held").isFalse();
        assertThat(lock.state()).as("the withdrawn request waits for the holder's unlock").isEqualTo(LOCKED | HANDOFF);
        assertThat(lock.getQueuedThreads()).as("a withdrawn request is not queued").isEmpty();
        assertThat(lock.getQueueLength()).isZero();
        lock.unlock(); // finds the request withdrawn and releases
        assertThat(lock.state()).isZero();
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isZero();
    }

    @Test
    void aWaiterWaitingForItsHandoffGivesUpWhenInterrupted() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO, LineupPolicy.BARGE);
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
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ZERO, LineupPolicy.BARGE);
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

    /**
     * A timed sleeper is taken out of line by an unlock's wake-up just as it gives up: it is the
     * heir, finds the lock taken again, and gives up at its next sleep; it passes the wake-up on,
     * so the sleeper behind it gets the lock at the holder's unlock.
     */
    @Test
    void aHeirThatGivesUpPassesTheWakeUpOn() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), LineupPolicy.LINE);
        lock.lock();
        AtomicReference<Boolean> firstGot = new AtomicReference<>();
        Thread first = Thread.ofPlatform().name("first").unstarted(() -> {
            try {
                firstGot.set(lock.tryLock(300, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        hooks.gatedLeaver = first;
        first.start();
        awaitCondition("first is in line", 10_000, () -> lock.sleepers() == 1);
        AtomicBoolean secondGot = new AtomicBoolean();
        Thread second = taker(ThreadKind.PLATFORM, lock, secondGot);
        awaitCondition("second is in line", 10_000, () -> lock.sleepers() == 2);
        awaitCondition("first timed out and is about to leave the line", 20_000, hooks.leaveReached::get);
        lock.unlock(); // wakes first, the first sleeper, as heir: it is no longer in line
        assertThat(lock.hasHeir()).isTrue();
        lock.lock(); // taken again before the heir runs
        hooks.leaverGate.countDown();
        join(first, 10_000);
        assertThat(firstGot.get()).as("first gave up: the lock stayed held past its deadline").isFalse();
        assertThat(lock.hasHeir()).as("the heir that gave up is no longer heir").isFalse();
        lock.unlock(); // no heir: wakes second
        join(second, 10_000);
        assertThat(secondGot).isTrue();
        assertThat(lock.state()).isZero();
    }

    /**
     * I4 after a skip: an unlock leaves a SOLO sleeper asleep (not yet due) on a free lock, with a
     * sleeper that joined under the line behind it; the SOLO sleeper is interrupted and leaves,
     * and passes the wake-up on to the one behind, which gets the lock nobody else will release.
     */
    @Test
    void aSoloSleeperThatLeavesAfterAnUnlockSkippedItPassesTheWakeUpOn() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), null);
        lock.switchArrivalsTo(LineupPolicy.SOLO);
        lock.lock();
        Thread solo = Thread.ofPlatform().name("solo").start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException expected) {
                // it left the line
            }
        });
        awaitCondition("the SOLO sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        hooks.advance(Duration.ofNanos(1));
        lock.switchArrivalsTo(LineupPolicy.LINE);
        AtomicBoolean got = new AtomicBoolean();
        Thread behind = taker(ThreadKind.PLATFORM, lock, got);
        awaitCondition("the other is in line behind it", 10_000, () -> lock.sleepers() == 2);
        lock.unlock(); // the first sleeper sleeps until due: left asleep, the lock free
        assertThat(lock.stats().count(LockEvent.WAKE_SKIPPED)).isEqualTo(1);
        assertThat(lock.state()).isEqualTo(WAITERS);
        solo.interrupt();
        join(solo, 10_000);
        join(behind, 10_000);
        assertThat(got).as("woken by the leaver, not by an unlock").isTrue();
        assertThat(lock.state()).isZero();
    }

    /**
     * A timed waiter that reaches its deadline looks at the lock once more: here the lock is free
     * (the unlock woke the sleeper ahead of it, held before it runs) and the waiter takes it.
     */
    @Test
    void aTimedWaiterAtItsDeadlineTakesALockThatIsFreeThen() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofHours(1), LineupPolicy.LINE);
        lock.lock();
        Thread heir = Thread.ofPlatform().name("heir").unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        hooks.gatedWoken = heir;
        heir.start();
        awaitCondition("the first sleeper is in line", 10_000, () -> lock.sleepers() == 1);
        hooks.advance(Duration.ofNanos(1));
        AtomicReference<Boolean> got = new AtomicReference<>();
        Thread timed = Thread.ofPlatform().name("timed").start(() -> {
            try {
                got.set(lock.tryLock(300, TimeUnit.MILLISECONDS));
                if (got.get()) {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        awaitCondition("the timed waiter is in line", 10_000, () -> lock.sleepers() == 2);
        lock.unlock(); // wakes the first as heir, held at its gate: the lock stays free
        join(timed, 10_000);
        assertThat(got.get()).as("the last look at the deadline finds the lock free").isTrue();
        hooks.wokenGate.countDown();
        join(heir, 10_000);
        assertThat(lock.state()).isZero();
    }

    /**
     * An Error thrown in the chooser's tick (which reads the clock and may emit a JFR event) at a
     * release does not leave the lock held by nobody: the release happens in a finally block.
     */
    @Test
    void anErrorInTheChoosersTickLeavesTheLockFree() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = new LineupMutex(Duration.ofHours(1), false, hooks, null);
        lock.lock();
        lock.reacquiredAfterWait(); // an acquisition that waited: the chooser counts releases now
        assertThat(lock.choosing()).isTrue();
        lock.unlock();
        hooks.owner = Thread.currentThread();
        Error thrown = null;
        for (int i = 0; i < 2 * LineupChooser.TICK_RELEASES && thrown == null; i++) {
            lock.lock();
            if (i == LineupChooser.TICK_RELEASES - 4) {
                hooks.tickError = new OutOfMemoryError("in the chooser's tick");
            }
            try {
                lock.unlock();
            } catch (OutOfMemoryError e) {
                thrown = e;
            }
        }
        assertThat(thrown).as("the tick threw").isNotNull();
        assertThat(lock.isLocked()).isFalse();
        assertThat(lock.state()).isZero();
        AtomicBoolean got = new AtomicBoolean();
        join(taker(ThreadKind.PLATFORM, lock, got), 10_000);
        assertThat(got).as("another thread takes the lock").isTrue();
    }

    /**
     * tryLock reads a free lock with WAITERS set, and before its CAS the last sleeper leaves and
     * clears WAITERS: only LOCKED decides, so tryLock retries and succeeds.
     */
    @Test
    void tryLockSucceedsOnAFreeLockWhoseOtherBitsChangeDuringTheCall() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30), LineupPolicy.LINE);
        lock.lock();
        Thread heir = Thread.ofPlatform().name("heir").unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        hooks.gatedWoken = heir;
        heir.start();
        awaitCondition("the heir-to-be is in line", 10_000, () -> lock.sleepers() == 1);
        hooks.advance(Duration.ofNanos(1)); // the next sleeper arrives later: second in line
        AtomicBoolean sleeperInterrupted = new AtomicBoolean();
        Thread sleeper = Thread.ofPlatform().name("sleeper").start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException e) {
                sleeperInterrupted.set(true);
            }
        });
        awaitCondition("both in line", 10_000, () -> lock.sleepers() == 2);
        lock.unlock(); // wakes the first as heir, held at its gate: free, WAITERS set
        awaitCondition("the heir was woken", 10_000, hooks.wokenReached::get);
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
        hooks.wokenGate.countDown();
        join(heir, 10_000);
        assertThat(lock.state()).isZero();
    }

    /** Whether another thread's tryLock() succeeds now (it unlocks at once if it does). */
    private static boolean tryLockElsewhere(LineupMutex lock) throws InterruptedException {
        AtomicBoolean got = new AtomicBoolean();
        Thread t = Thread.ofPlatform().start(() -> {
            if (lock.tryLock()) {
                got.set(true);
                lock.unlock();
            }
        });
        join(t, 10_000);
        return got.get();
    }

    /** The inspection methods list the sleepers in line, and not the heir, which runs. */
    @Test
    void theInspectionMethodsListSleepersAndNotTheRunningHeir() throws Exception {
        Steered hooks = new Steered();
        LineupMutex lock = lock(hooks, Duration.ofSeconds(30), LineupPolicy.LINE);
        lock.lock();
        Thread a = Thread.ofPlatform().name("a").unstarted(() -> {
            lock.lock();
            lock.unlock();
        });
        hooks.gatedWoken = a;
        a.start();
        awaitCondition("a is in line", 10_000, () -> lock.sleepers() == 1);
        hooks.advance(Duration.ofNanos(1));
        Thread b = Thread.ofPlatform().name("b").start(() -> {
            lock.lock();
            lock.unlock();
        });
        awaitCondition("b is in line", 10_000, () -> lock.sleepers() == 2);
        assertThat(lock.getQueuedThreads()).containsExactlyInAnyOrder(a, b);
        assertThat(lock.getQueueLength()).isEqualTo(2);
        lock.unlock(); // wakes a
        awaitCondition("a was woken", 10_000, hooks.wokenReached::get);
        assertThat(lock.getQueuedThreads()).containsExactly(b);
        assertThat(lock.hasQueuedThread(a)).isFalse();
        assertThat(lock.hasQueuedThread(b)).isTrue();
        assertThat(lock.getQueueLength()).isEqualTo(1);
        assertThat(lock.hasQueuedThreads()).isTrue();
        hooks.wokenGate.countDown();
        join(a, 10_000);
        join(b, 10_000);
        assertThat(lock.getQueuedThreads()).isEmpty();
        assertThat(lock.getQueueLength()).isZero();
        assertThat(lock.state()).isZero();
    }

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
        assertThat(checked).as("the lock's state word, counts, policy, heir, request and the learned spin").isGreaterThanOrEqualTo(6);
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
        assertThat(Locks.create("lineup").toString()).contains("unlocked").contains("sleepers=0");
    }

    private static void busy(Duration d) {
        long end = System.nanoTime() + d.toNanos();
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
