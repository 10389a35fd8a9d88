package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The pre-2011 blocking lock's word: a locked bit and a count of waiters; a sleeper is counted, an
 * unlock that sees a count wakes one, and the check-and-sleep never loses a wake — driven through
 * the seam between "count myself" and "sleep".
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingFutexMutexTest {
    private static final int LOCKED = BlockingFutexMutex.LOCKED;
    private static final int WAITER = BlockingFutexMutex.WAITER;

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void sleepersAreCountedAndEachUnlockWakesOne(ThreadKind kind) throws Exception {
        BlockingFutexMutex m = new BlockingFutexMutex(true);
        m.lock();
        assertThat(m.state).isEqualTo(LOCKED);
        Thread a = kind.start(() -> lockUnlock(m));
        Hammer.awaitParked(a, 10_000);
        Thread b = kind.start(() -> lockUnlock(m));
        Hammer.awaitParked(b, 10_000);
        assertThat(m.state).as("held, two waiters counted").isEqualTo(LOCKED + 2 * WAITER);
        assertThat(m.futex.sleepers()).isEqualTo(2);
        assertThat(m.stats().count(LockEvent.PARK)).isEqualTo(2);
        m.unlock();
        join(a, 10_000);
        join(b, 10_000);
        assertThat(m.state).as("free and nobody counted").isZero();
        assertThat(m.futex.sleepers()).isZero();
        // main's unlock woke one; that one's unlock saw the other still counted and woke it.
        assertThat(m.stats().count(LockEvent.WAKEUP)).isEqualTo(2);
    }

    /** Stops the first waiter that reaches its futex sleep there, until {@link #release} opens. */
    private static final class StopBeforeFirstSleep extends BlockingFutexMutexHooks {
        final CountDownLatch counted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final AtomicBoolean first = new AtomicBoolean(true);

        @Override
        void beforeSleep() {
            if (first.getAndSet(false)) {
                counted.countDown();
                await(release);
            }
        }
    }

    /**
     * Holds {@code m} and starts a thread that locks it, sets {@code got} and unlocks; returns once
     * that thread has counted itself and stopped before its first sleep, where {@code stop} holds
     * it until its {@code release} opens.
     */
    private static Thread waiterStoppedBeforeSleep(BlockingFutexMutex m, StopBeforeFirstSleep stop, AtomicBoolean got)
            throws InterruptedException {
        m.lock();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            m.lock();
            got.set(true);
            m.unlock();
        });
        assertThat(stop.counted.await(10, TimeUnit.SECONDS)).isTrue();
        return t;
    }

    /** The unlock lands between the waiter's count and its sleep: the sleep must not start. */
    @Test
    void unlockBetweenCountAndSleepIsNotLost() throws Exception {
        StopBeforeFirstSleep stop = new StopBeforeFirstSleep();
        BlockingFutexMutex m = new BlockingFutexMutex(true, stop);
        CountDownLatch unlocked = stop.release;
        AtomicBoolean got = new AtomicBoolean();
        Thread t = waiterStoppedBeforeSleep(m, stop, got);
        assertThat(m.state).as("the waiter counted itself").isEqualTo(LOCKED + WAITER);
        m.unlock();
        assertThat(m.futex.sleepers()).isZero();
        unlocked.countDown();
        join(t, 10_000);
        assertThat(got).as("the waiter saw the word change and took the lock").isTrue();
        assertThat(m.stats().count(LockEvent.EMPTY_WAKE)).as("the unlock's wake found nobody asleep").isEqualTo(1);
        assertThat(m.stats().count(LockEvent.WAKEUP)).isZero();
        assertThat(m.state).isZero();
    }

    /**
     * Between the waiter's count and its sleep the lock is released and taken again, so the word is
     * back to the value the waiter expects: it sleeps, and the new holder's unlock wakes it.
     */
    @Test
    void wordBackToTheSameValueStillWakesTheSleeper() throws Exception {
        StopBeforeFirstSleep stop = new StopBeforeFirstSleep();
        BlockingFutexMutex m = new BlockingFutexMutex(true, stop);
        CountDownLatch relocked = stop.release;
        AtomicBoolean got = new AtomicBoolean();
        Thread t = waiterStoppedBeforeSleep(m, stop, got);
        m.unlock();
        m.lock();
        assertThat(m.state).as("ABA: held again, the waiter still counted").isEqualTo(LOCKED + WAITER);
        relocked.countDown();
        ThreadKind.awaitCondition("the waiter asleep on the futex", 10_000, () -> m.futex.sleepers() == 1);
        Hammer.awaitParked(t, 10_000);
        assertThat(got).isFalse();
        m.unlock();
        join(t, 10_000);
        assertThat(got).isTrue();
        assertThat(m.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        assertThat(m.state).isZero();
    }

    @Test
    void timedOutAndInterruptedWaitersUncountThemselves() throws Exception {
        BlockingFutexMutex m = new BlockingFutexMutex(true);
        m.lock();
        AtomicReference<Object> timed = new AtomicReference<>();
        join(ThreadKind.PLATFORM.start(() -> {
            try {
                timed.set(m.tryLock(20, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                timed.set(e);
            }
        }), 10_000);
        assertThat(timed.get()).isEqualTo(false);
        assertThat(m.state).as("the timed-out waiter left no count").isEqualTo(LOCKED);

        AtomicReference<Object> interrupted = new AtomicReference<>();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            try {
                m.lockInterruptibly();
                interrupted.set("acquired");
            } catch (InterruptedException e) {
                interrupted.set(e);
            }
        });
        Hammer.awaitParked(t, 10_000);
        assertThat(m.state).isEqualTo(LOCKED + WAITER);
        t.interrupt();
        join(t, 10_000);
        assertThat(interrupted.get()).isInstanceOf(InterruptedException.class);
        assertThat(m.state).as("the interrupted waiter left no count").isEqualTo(LOCKED);
        assertThat(m.futex.sleepers()).isZero();
        m.unlock();
        assertThat(m.stats().count(LockEvent.EMPTY_WAKE) + m.stats().count(LockEvent.WAKEUP))
                .as("nobody counted: the unlock wakes nobody").isZero();
        assertThat(m.state).isZero();
    }

    @Test
    void stressKeepsTheCountConsistent() throws Exception {
        BlockingFutexMutex m = new BlockingFutexMutex();
        Hammer.run(m, 6, 20_000, 30_000, (id, i) -> { });
        assertThat(m.state).as("free, every waiter uncounted").isZero();
        assertThat(m.futex.sleepers()).isZero();
    }

    private static void lockUnlock(BlockingFutexMutex m) {
        m.lock();
        m.unlock();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
