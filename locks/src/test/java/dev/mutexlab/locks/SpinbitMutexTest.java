package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The spinbit lock's invariants: one spinner, the sleeper stack in the word, wakes that are never lost. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpinbitMutexTest {

    @ParameterizedTest(name = "lowlatency={0}")
    @ValueSource(booleans = {false, true})
    void atMostOneThreadHoldsTheSpinningBit(boolean lowLatency) throws Exception {
        SpinnerCount spinners = new SpinnerCount();
        SpinbitMutex m = new SpinbitMutex(lowLatency, true, spinners);
        Hammer.run(m, 6, 20_000, 50_000, (t, i) -> { });
        assertThat(spinners.max.get()).as("threads holding the spinning bit at once").isLessThanOrEqualTo(1);
        assertThat(spinners.now.get()).as("spinning bit holders after the run").isZero();
        assertThat(m.stats().count(LockEvent.CONTENDED_ACQUIRE)).as("the run was contended").isPositive();
        assertThat(m.state).as("word after the run: " + SpinbitMutex.describe(m.state)).isZero();
    }

    @Test
    void sleepersStackInTheWordAndEveryOneIsWoken() throws Exception {
        SpinbitMutex m = new SpinbitMutex(false, true);
        m.lock();
        List<Thread> ts = new ArrayList<>();
        AtomicInteger acquired = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            Thread t = ThreadKind.PLATFORM.start(() -> {
                m.lock();
                acquired.incrementAndGet();
                m.unlock();
            });
            Hammer.awaitParked(t, 10_000);
            ts.add(t);
        }
        long s = m.state;
        assertThat(s & SpinbitMutex.LOCKED).isNotZero();
        assertThat(s & SpinbitMutex.SLEEPING).as("sleepers set the SLEEPING hint").isNotZero();
        assertThat(s & SpinbitMutex.SPINNING).as("nobody spins once all sleep").isZero();
        assertThat(s >>> SpinbitMutex.ID_SHIFT).as("top of the sleeper stack").isNotZero();
        assertThat(m.getQueueLength()).isEqualTo(3);
        m.unlock(); // SLEEPING was set and nobody spins: this unlock must wake the top sleeper
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(acquired.get()).isEqualTo(3);
        assertThat(m.state).as(SpinbitMutex.describe(m.state)).isZero();
        assertThat(m.stats().count(LockEvent.WAKEUP) + m.stats().count(LockEvent.ANTI_STARVATION_WAKE))
                .isGreaterThanOrEqualTo(3);
    }

    @Test
    void cancelledSleepersLeaveTheStackAndTheRestAreStillWoken() throws Exception {
        SpinbitMutex m = new SpinbitMutex(false, true);
        m.lock();
        List<Thread> ts = new ArrayList<>();
        AtomicInteger acquired = new AtomicInteger();
        for (int i = 0; i < 2; i++) {
            Thread t = ThreadKind.PLATFORM.start(() -> {
                m.lock();
                acquired.incrementAndGet();
                m.unlock();
            });
            Hammer.awaitParked(t, 10_000);
            ts.add(t);
        }
        AtomicReference<Object> timed = new AtomicReference<>();
        join(ThreadKind.PLATFORM.start(() -> {
            try {
                timed.set(m.tryLock(30, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                timed.set(e);
            }
        }), 10_000);
        assertThat(timed.get()).isEqualTo(false);
        AtomicReference<Object> interrupted = new AtomicReference<>();
        Thread t3 = ThreadKind.PLATFORM.start(() -> {
            try {
                m.lockInterruptibly();
                interrupted.set("acquired");
            } catch (InterruptedException e) {
                interrupted.set("threw");
            }
        });
        Hammer.awaitParked(t3, 10_000);
        t3.interrupt();
        join(t3, 10_000);
        assertThat(interrupted.get()).isEqualTo("threw");
        assertThat(m.getQueueLength()).as("only the two sleepers remain").isEqualTo(2);
        assertThat(m.state >>> SpinbitMutex.ID_SHIFT).isNotZero();
        m.unlock();
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(acquired.get()).isEqualTo(2);
        assertThat(m.state).as(SpinbitMutex.describe(m.state)).isZero();
    }

    /** Counts the threads that hold the spinning bit, and the most at once. */
    private static final class SpinnerCount extends SpinbitMutexHooks {
        final AtomicInteger now = new AtomicInteger();
        final AtomicInteger max = new AtomicInteger();

        @Override
        void spinningBitTaken() {
            max.accumulateAndGet(now.incrementAndGet(), Math::max);
        }

        @Override
        void spinningBitDropping() {
            now.decrementAndGet();
        }
    }
}
