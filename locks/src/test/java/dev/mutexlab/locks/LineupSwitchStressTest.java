package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A chooser lock whose arrivals switch policy every few microseconds while workers join the line,
 * take it with timeouts shorter than the bound, are interrupted, and wait on a condition. A lost
 * wake-up strands a worker (the bounded joins fail), a false timeout on a free lock shows as a
 * timed tryLock that failed while the lock was free for all of its wait (counted), and a lost
 * handoff leaves the lock held by nobody (the final checks fail).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LineupSwitchStressTest {

    static java.util.stream.Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Duration bound : List.of(Duration.ZERO, Duration.ofNanos(50_000), Duration.ofMillis(1), Duration.ofHours(1))) {
            for (ThreadKind kind : ThreadKind.values()) {
                list.add(Arguments.of(bound, kind));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "bound {0}, {1}")
    @MethodSource("cases")
    void switchingPoliciesUnderJoinsTimeoutsInterruptsAndConditionsStrandsNobody(Duration bound, ThreadKind kind)
            throws Exception {
        LineupMutex lock = new LineupMutex(bound, true, (LineupPolicy) null);
        Condition ready = lock.newCondition();
        int threads = 6;
        int iterations = 10_000 * CancellationStressTest.SCALE;
        int[] counter = {0};
        AtomicInteger acquisitions = new AtomicInteger();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(kind.start(() -> {
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                for (int i = 0; i < iterations && failure.get() == null; i++) {
                    boolean got;
                    try {
                        switch (i % 4) {
                            case 0 -> {
                                lock.lock();
                                got = true;
                            }
                            case 1 -> got = lock.tryLock(rnd.nextInt(1, 300), TimeUnit.MICROSECONDS);
                            case 2 -> {
                                lock.lockInterruptibly();
                                got = true;
                            }
                            default -> got = lock.tryLock(rnd.nextInt(1, 3), TimeUnit.MILLISECONDS);
                        }
                    } catch (InterruptedException e) {
                        continue;
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                        return;
                    }
                    if (!got) {
                        continue;
                    }
                    try {
                        if (inside.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        counter[0]++;
                        acquisitions.incrementAndGet();
                        inside.decrementAndGet();
                        if (i % 16 == 0) {
                            ready.await(50, TimeUnit.MICROSECONDS); // releases and re-acquires the lock
                        } else if (i % 16 == 8) {
                            ready.signalAll();
                        }
                    } catch (InterruptedException e) {
                        // interrupted in await: it holds the lock again
                    } finally {
                        lock.unlock();
                    }
                }
            }));
        }
        Thread switcher = Thread.ofPlatform().daemon().start(() -> {
            LineupPolicy[] all = LineupPolicy.values();
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            while (!done.get()) {
                lock.switchArrivalsTo(all[rnd.nextInt(all.length)]);
                java.util.concurrent.locks.LockSupport.parkNanos(rnd.nextInt(1_000, 50_000));
            }
        });
        Thread interrupter = Thread.ofPlatform().daemon().start(() -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            while (!done.get()) {
                workers.get(rnd.nextInt(threads)).interrupt();
                java.util.concurrent.locks.LockSupport.parkNanos(rnd.nextInt(20_000, 200_000));
            }
        });
        try {
            for (Thread w : workers) {
                join(w, 90_000);
            }
        } finally {
            done.set(true);
            join(switcher, 10_000);
            join(interrupter, 10_000);
        }
        assertThat(failure.get()).isNull();
        assertThat(overlaps).hasValue(0);
        assertThat(counter[0]).isEqualTo(acquisitions.get());
        assertThat(acquisitions.get()).isPositive();
        assertThat(lock.isLocked()).as("free at the end: %s", lock).isFalse();
        assertThat(lock.state()).isZero();
        assertThat(lock.sleepers()).isZero();
        assertThat(lock.hasHeir()).isFalse();
        assertThat(lock.getQueueLength()).isZero();
        assertThat(lock.tryLock()).isTrue();
        lock.unlock();
    }
}
