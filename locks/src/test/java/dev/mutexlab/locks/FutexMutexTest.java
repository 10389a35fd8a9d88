package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tristate lock's invariants: SLEEPING means the next unlock wakes one; the word has three values. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FutexMutexTest {

    @Test
    void sleepingStateMakesTheNextUnlockWakeASleeper() throws Exception {
        FutexMutex m = new FutexMutex(true);
        m.lock();
        assertThat(m.state).isEqualTo(FutexMutex.LOCKED);
        AtomicBoolean got = new AtomicBoolean();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            m.lock();
            got.set(true);
            m.unlock();
        });
        Hammer.awaitParked(t, 10_000);
        assertThat(m.state).isEqualTo(FutexMutex.SLEEPING);
        assertThat(m.futex.sleepers()).isEqualTo(1);
        m.unlock();
        join(t, 10_000);
        assertThat(got).isTrue();
        LockStats s = m.stats();
        assertThat(s.count(LockEvent.WAKEUP)).as("main's unlock woke the sleeper").isEqualTo(1);
        // The woken thread took the lock in SLEEPING (it cannot know it was the last sleeper), so
        // its own unlock issued a wake that found nobody: the tristate lock's futile wakeup.
        assertThat(s.count(LockEvent.EMPTY_WAKE)).isEqualTo(1);
        assertThat(m.state).isEqualTo(FutexMutex.UNLOCKED);
        assertThat(m.futex.sleepers()).isZero();
    }

    @Test
    void timedOutSleeperLeavesTheFutexAndOthersAreStillWoken() throws Exception {
        FutexMutex m = new FutexMutex(true);
        m.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread sleeper = ThreadKind.PLATFORM.start(() -> {
            m.lock();
            got.set(true);
            m.unlock();
        });
        Hammer.awaitParked(sleeper, 10_000);
        AtomicReference<Object> timed = new AtomicReference<>();
        join(ThreadKind.PLATFORM.start(() -> {
            try {
                timed.set(m.tryLock(30, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                timed.set(e);
            }
        }), 10_000);
        assertThat(timed.get()).isEqualTo(false);
        assertThat(m.futex.sleepers()).isEqualTo(1);
        assertThat(m.state).isEqualTo(FutexMutex.SLEEPING);
        m.unlock();
        join(sleeper, 10_000);
        assertThat(got).isTrue();
        assertThat(m.state).isEqualTo(FutexMutex.UNLOCKED);
    }

    @Test
    void wordOnlyEverHoldsUnlockedLockedOrSleeping() throws Exception {
        FutexMutex m = new FutexMutex(false);
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Integer> bad = new AtomicReference<>();
        Thread sampler = ThreadKind.PLATFORM.start(() -> {
            while (!done.get()) {
                int s = m.state;
                if (s < FutexMutex.UNLOCKED || s > FutexMutex.SLEEPING) {
                    bad.compareAndSet(null, s);
                }
            }
        });
        try {
            Hammer.run(m, 4, 10_000, 50_000, (t, i) -> {
                if (m.state == FutexMutex.UNLOCKED) {
                    throw new AssertionError("held but the word says UNLOCKED");
                }
            });
        } finally {
            done.set(true);
            join(sampler, 5_000);
        }
        assertThat(bad.get()).isNull();
        assertThat(m.state).isEqualTo(FutexMutex.UNLOCKED);
        assertThat(m.futex.sleepers()).isZero();
    }
}
