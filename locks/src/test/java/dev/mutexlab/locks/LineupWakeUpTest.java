package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No wake-up of {@link LineupMutex} is lost and no timed acquisition fails on a free lock, under
 * each policy and across a switch: black-box rounds through the public API (and the chooser's
 * switch), each of which strands a thread or fails a {@code tryLock} when the rule is broken.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LineupWakeUpTest {

    /**
     * A timed tryLock shorter than the bound, under SOLO: the holder unlocks as soon as the
     * waiter sleeps and never takes the lock again, so the waiter must get it before its deadline.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aTimedTryLockShorterThanTheBoundGetsALockFreedWhileItSleeps(ThreadKind kind) throws Exception {
        for (LineupPolicy policy : LineupPolicy.values()) {
            for (int round = 0; round < 10; round++) {
                LineupMutex lock = new LineupMutex(Duration.ofSeconds(1), false, policy);
                lock.lock();
                AtomicBoolean got = new AtomicBoolean();
                AtomicLong tookNanos = new AtomicLong();
                Thread waiter = kind.start(() -> {
                    long t0 = System.nanoTime();
                    try {
                        got.set(lock.tryLock(200, TimeUnit.MILLISECONDS));
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    tookNanos.set(System.nanoTime() - t0);
                    if (got.get()) {
                        lock.unlock();
                    }
                });
                awaitCondition("the waiter queued", 10_000, lock::hasQueuedThreads);
                lock.unlock();
                join(waiter, 10_000);
                assertThat(got).as("%s round %d: tryLock(200 ms) on a lock freed while it slept (took %d us)",
                        policy, round, tookNanos.get() / 1000).isTrue();
            }
        }
    }

    /**
     * A waiter whose timeout is shorter than the bound and who is never woken looks at the lock
     * once more at its deadline: it gets a lock that is free then.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aTimedTryLockThatReachesItsDeadlineLooksAtTheLockOnceMore(ThreadKind kind) throws Exception {
        for (LineupPolicy policy : LineupPolicy.values()) {
            LineupMutex lock = new LineupMutex(Duration.ofHours(1), false, policy);
            lock.lock();
            AtomicBoolean got = new AtomicBoolean();
            Thread waiter = kind.start(() -> {
                try {
                    got.set(lock.tryLock(300, TimeUnit.MILLISECONDS));
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                if (got.get()) {
                    lock.unlock();
                }
            });
            awaitCondition("the waiter queued", 10_000, lock::hasQueuedThreads);
            lock.unlock();
            join(waiter, 10_000);
            assertThat(got).as("%s: tryLock(300 ms) on a lock freed while it slept", policy).isTrue();
            assertThat(lock.isLocked()).isFalse();
        }
    }

    /**
     * SOLO with an hour's bound: the runner unlocks (leaving the sleeper asleep, not yet due) and
     * never comes back. The sleeper wakes itself within SOLO's period (1 ms), not the bound.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aSoloSleeperOnALockItsRunnerLeftGetsItWithinThePeriodNotTheBound(ThreadKind kind) throws Exception {
        for (int round = 0; round < 20; round++) {
            LineupMutex lock = new LineupMutex(Duration.ofHours(1), true, LineupPolicy.SOLO);
            lock.lock();
            AtomicBoolean got = new AtomicBoolean();
            Thread sleeper = kind.start(() -> {
                lock.lock();
                got.set(true);
                lock.unlock();
            });
            awaitCondition("the sleeper queued", 10_000, lock::hasQueuedThreads);
            lock.unlock();
            join(sleeper, 10_000);
            assertThat(got).isTrue();
        }
    }

    /**
     * The stale-flag interleaving, as a stress loop: a self-waking SOLO sleeper leaves the line
     * (interrupted), the chooser's arrivals switch to BARGE, a new waiter joins the line, the
     * arrivals switch back to SOLO and the holder unlocks as soon as the line is not empty. The
     * bound is an hour, so a waiter the unlock skipped would sleep on a free lock for that long.
     */
    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void aWaiterThatJoinsAsTheArrivalsSwitchToSoloIsWokenByTheUnlock(ThreadKind kind) throws Exception {
        for (int round = 0; round < 200; round++) {
            LineupMutex lock = new LineupMutex(Duration.ofHours(1), false, (LineupPolicy) null);
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
            awaitCondition("the SOLO sleeper queued", 10_000, lock::hasQueuedThreads);
            leaver.interrupt();
            join(leaver, 10_000);
            lock.switchArrivalsTo(LineupPolicy.BARGE);
            AtomicBoolean got = new AtomicBoolean();
            Thread joiner = kind.start(() -> {
                lock.lock();
                got.set(true);
                lock.unlock();
            });
            while ((lock.state() & LineupMutex.WAITERS) == 0 && joiner.isAlive()) {
                Thread.onSpinWait();
            }
            lock.switchArrivalsTo(LineupPolicy.SOLO);
            lock.unlock();
            joiner.join(5_000);
            assertThat(got).as("round %d: the joiner got the lock its holder freed (%s)", round, lock).isTrue();
        }
    }
}
