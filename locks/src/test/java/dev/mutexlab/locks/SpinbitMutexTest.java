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
        SpinbitMutex m = new SpinbitMutex(lowLatency, true);
        m.spinnersForTest = new AtomicInteger();
        Hammer.run(m, 6, 20_000, 50_000, (t, i) -> { });
        assertThat(m.maxSpinnersForTest.get()).as("threads holding the spinning bit at once").isLessThanOrEqualTo(1);
        assertThat(m.spinnersForTest.get()).as("spinning bit holders after the run").isZero();
        assertThat(m.stats().count(LockEvent.CONTENDED_ACQUIRE)).as("the run was contended").isPositive();
        assertThat(m.stateForTest()).as("word after the run: " + SpinbitMutex.describe(m.stateForTest())).isZero();
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
        long s = m.stateForTest();
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
        assertThat(m.stateForTest()).as(SpinbitMutex.describe(m.stateForTest())).isZero();
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
        assertThat(m.stateForTest() >>> SpinbitMutex.ID_SHIFT).isNotZero();
        m.unlock();
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(acquired.get()).isEqualTo(2);
        assertThat(m.stateForTest()).as(SpinbitMutex.describe(m.stateForTest())).isZero();
    }

    @Test
    void sleeperIdsBelongToEachLock() throws Exception {
        // Ids are per lock: each lock's first sleeper gets id 1, whatever other locks hold.
        SpinbitMutex a = new SpinbitMutex();
        SpinbitMutex b = new SpinbitMutex();
        SpinbitMutex.Sleeper fromA = a.registryForTest().register(new dev.mutexlab.locks.internal.Waiter());
        SpinbitMutex.Sleeper fromB = b.registryForTest().register(new dev.mutexlab.locks.internal.Waiter());
        assertThat(fromA.id).isEqualTo(1);
        assertThat(fromB.id).as("another lock's registry is independent").isEqualTo(1);
        a.registryForTest().release(fromA);
        assertThat(a.registryForTest().register(new dev.mutexlab.locks.internal.Waiter()).id).as("a returned id is reused").isEqualTo(1);
        assertThat(a.registryForTest().register(new dev.mutexlab.locks.internal.Waiter()).id).isEqualTo(2);
    }

    @Test
    void sleeperIdsAreNeverHeldTwiceAtOnceUnderConcurrentRegistration() throws Exception {
        // The lock-free free list (a stamped Treiber stack) must never hand one id to two holders:
        // each holder marks its id in use with a CAS that fails if another holder has it.
        SpinbitMutex.Registry registry = new SpinbitMutex().registryForTest();
        java.util.concurrent.atomic.AtomicIntegerArray inUse = new java.util.concurrent.atomic.AtomicIntegerArray(4096);
        AtomicInteger duplicates = new AtomicInteger();
        AtomicInteger maxId = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            ts.add(ThreadKind.values()[t % 2].start(() -> {
                SpinbitMutex.Sleeper[] held = new SpinbitMutex.Sleeper[3];
                for (int i = 0; i < 20_000; i++) {
                    int slot = i % held.length;
                    if (held[slot] != null) {
                        inUse.set(held[slot].id, 0);
                        registry.release(held[slot]);
                    }
                    SpinbitMutex.Sleeper s = registry.register(new dev.mutexlab.locks.internal.Waiter());
                    maxId.accumulateAndGet(s.id, Math::max);
                    if (registry.get(s.id) != s || !inUse.compareAndSet(s.id, 0, 1)) {
                        duplicates.incrementAndGet();
                    }
                    held[slot] = s;
                }
                for (SpinbitMutex.Sleeper s : held) {
                    inUse.set(s.id, 0);
                    registry.release(s);
                }
            }));
        }
        for (Thread t : ts) {
            join(t, 30_000);
        }
        assertThat(duplicates).as("ids held by two registrations at once").hasValue(0);
        assertThat(maxId.get()).as("ids are reused: at most 24 held at once").isLessThanOrEqualTo(24 + 8);
    }
}
