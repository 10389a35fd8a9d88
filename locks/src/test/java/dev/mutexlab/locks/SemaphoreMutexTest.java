package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The semaphores' invariants: the count comes back to 1, handoff is FIFO, and where extra wakeups come from. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SemaphoreMutexTest {

    @ParameterizedTest
    @EnumSource(SemaphoreMutex.Design.class)
    void countReturnsToOneAfterContention(SemaphoreMutex.Design design) throws Exception {
        SemaphoreMutex m = new SemaphoreMutex(design, true);
        Hammer.run(m, 6, 10_000, 50_000, (t, i) -> {
            if (m.count > 0) {
                throw new AssertionError("held, but count is " + m.count);
            }
        });
        assertThat(m.count).as(m.toString()).isEqualTo(1);
        assertThat(m.getQueueLength()).isZero();
        LockStats s = m.stats();
        if (design == SemaphoreMutex.Design.SLEEPERS) {
            // Without cancellation, the design without wake2 never wakes anyone from the down path.
            assertThat(s.count(LockEvent.TAIL_WAKE)).isZero();
        }
    }

    @Test
    void wake2WakesFromTheDownPathToo() throws Exception {
        SemaphoreMutex m = new SemaphoreMutex(SemaphoreMutex.Design.SLEEPERS_WAKE2, true);
        m.lock();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Thread t = ThreadKind.PLATFORM.start(() -> {
                m.lock();
                m.unlock();
            });
            Hammer.awaitParked(t, 10_000);
            ts.add(t);
        }
        m.unlock();
        for (Thread t : ts) {
            join(t, 10_000);
        }
        // The first woken waiter's down wakes the second, which re-accounts and sleeps again
        // (or finds the semaphore already free): at least one down-path wake.
        assertThat(m.stats().count(LockEvent.TAIL_WAKE)).isPositive();
        assertThat(m.count).isEqualTo(1);
    }

    @Test
    void handoffGivesTheCountToTheFirstWaiterSoNobodyCanBarge() throws Exception {
        SemaphoreMutex m = new SemaphoreMutex(SemaphoreMutex.Design.HANDOFF, true);
        m.lock();
        Thread t = ThreadKind.PLATFORM.start(() -> {
            m.lock();
            m.unlock();
        });
        Hammer.awaitParked(t, 10_000);
        m.unlock();
        // The count went straight to the waiter, whether or not it has run yet.
        assertThat(m.tryLock()).as("barging after a handoff").isFalse();
        join(t, 10_000);
        assertThat(m.stats().count(LockEvent.HANDOFF)).isEqualTo(1);
        assertThat(m.count).isEqualTo(1);
    }

    @Test
    void handoffServesWaitersInArrivalOrder() throws Exception {
        SemaphoreMutex m = new SemaphoreMutex(SemaphoreMutex.Design.HANDOFF, false);
        m.lock();
        ConcurrentLinkedQueue<Integer> order = new ConcurrentLinkedQueue<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int id = i;
            Thread t = ThreadKind.PLATFORM.start(() -> {
                m.lock();
                order.add(id);
                m.unlock();
            });
            Hammer.awaitParked(t, 10_000);
            ts.add(t);
        }
        m.unlock();
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(order).containsExactly(0, 1, 2, 3);
    }
}
