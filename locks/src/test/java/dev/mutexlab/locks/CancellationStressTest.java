package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No lost wakeup and no lost handoff under contention mixed with timeouts and interrupts: every
 * worker mixes lock, timed tryLock and lockInterruptibly while an interrupter hits random workers.
 * A lost wakeup or a dropped handoff strands a waiter (or leaves the lock held by nobody), which
 * the bounded joins and the final checks turn into a failure.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CancellationStressTest {

    static final int SCALE = Integer.getInteger("mutexlab.test.scale", 1);

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (String spec : List.of("spinbit", "spinbit:lowlatency", "futex", "futex:blocking", "kernel",
                "semaphore", "semaphore:wake2", "semaphore:handoff", "lineup", "lineup:bound=50us",
                "lineup:policy=barge", "lineup:policy=barge:bound=50us", "lineup:policy=line", "lineup:policy=line:bound=0ns",
                "lineup:policy=solo", "lineup:policy=solo:bound=50us", "lineup:policy=solo:bound=1s")) {
            for (ThreadKind kind : ThreadKind.values()) {
                list.add(Arguments.of(spec, kind));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void noWaiterIsStrandedWhenOthersTimeOutOrAreInterrupted(String spec, ThreadKind kind) throws Exception {
        stress(Locks.create(spec, true), kind, 4_000 * SCALE, false, () -> { });
    }

    /**
     * Six workers of {@code kind} mix lock, timed tryLock (0-300 us, and 1-2 ms) and
     * lockInterruptibly on {@code lock} {@code iterations} times each while an interrupter hits
     * random workers and {@code sidekick} runs over and over in a thread of its own (until the
     * workers are done); with {@code conditionWaits} a holder now and then awaits a condition for
     * 50 us or signals it. Fails on two holders at once, a stranded worker (the bounded joins), a
     * lock held by nobody or a queue left behind, or a counter the holders did not keep.
     */
    static void stress(Lock lock, ThreadKind kind, int iterations, boolean conditionWaits, Runnable sidekick)
            throws Exception {
        java.util.concurrent.locks.Condition ready = conditionWaits ? lock.newCondition() : null;
        int threads = 6;
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
                for (int i = 0; i < iterations; i++) {
                    boolean got;
                    try {
                        switch (i % 4) {
                            case 0 -> {
                                lock.lock();
                                got = true;
                            }
                            case 1 -> got = lock.tryLock(rnd.nextInt(300), TimeUnit.MICROSECONDS);
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
                        if (ready != null && (i & 15) == 0) {
                            ready.await(50, TimeUnit.MICROSECONDS); // releases and re-acquires the lock
                        } else if (ready != null && (i & 15) == 8) {
                            ready.signalAll();
                        } else if ((i & 15) == 0) {
                            Thread.yield(); // a long hold now and then, so that waiters go to sleep
                        } else if ((i & 3) == 0) {
                            Thread.onSpinWait();
                        }
                    } catch (InterruptedException e) {
                        // interrupted in await: it holds the lock again
                    } finally {
                        lock.unlock();
                    }
                }
                Thread.interrupted(); // a late interrupt must not leak into the next test
            }));
        }
        Thread interrupter = kind.start(() -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            while (!done.get()) {
                workers.get(rnd.nextInt(threads)).interrupt();
                try {
                    Thread.sleep(0, 200_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        Thread helper = Thread.ofPlatform().daemon().start(() -> {
            while (!done.get()) {
                sidekick.run();
            }
        });
        try {
            for (Thread t : workers) {
                join(t, 60_000);
            }
        } finally {
            done.set(true);
            join(interrupter, 5_000);
            join(helper, 5_000);
        }
        assertThat(failure.get()).isNull();
        assertThat(overlaps.get()).as("two threads inside at once").isZero();
        assertThat(acquisitions.get()).isPositive();
        assertThat(LockProbe.isLocked(lock)).as("held by nobody after the run: " + lock + " " + ((Mutex) lock).stats()).isFalse();
        assertThat(LockProbe.queueLength(lock)).as("queue after the run: " + lock).isZero();
        AtomicBoolean ok = new AtomicBoolean();
        join(kind.start(() -> {
            lock.lock();
            try {
                ok.set(counter[0] == acquisitions.get());
            } finally {
                lock.unlock();
            }
        }), 5_000);
        assertThat(ok).as("lock usable and counter consistent: " + lock).isTrue();
    }
}
