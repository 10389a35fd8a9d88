package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * When a signalled waiter runs, checked for every spec against what {@code ReentrantLock} does
 * (its conditions move a signalled waiter to the lock's queue, where it sleeps until a release
 * reaches it): not while the signaller still holds the lock, and not for an interrupt or a
 * deadline that comes after the signal. A waiter woken by the signal itself would find the lock
 * held, so it would enter the lock's slow path and sleep there again, or spin: the tests watch its
 * park blocker and state while the signaller holds on, and count its contended acquisitions.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConditionSignalTest {

    /** How long the signaller keeps the lock after its signal: a wake-up takes microseconds, this 2000× that. */
    private static final long HOLD_AFTER_SIGNAL_MILLIS = 100;

    /** The fewest samples {@link #watchWhileHeld} takes. */
    private static final int MIN_SAMPLES = 20;

    static Stream<Arguments> cases() {
        return LockContractTest.cases();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aSignalledWaiterSleepsUntilTheSignallerReleases(String spec, ThreadKind kind) throws Exception {
        Lock lock = Locks.create(spec, Locks.recordsStatistics(spec));
        Condition cond = lock.newCondition();
        AtomicBoolean returned = new AtomicBoolean();
        Thread waiter = kind.start(() -> {
            lock.lock();
            try {
                cond.awaitUninterruptibly();
                returned.set(true);
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("waiter asleep in await", 10_000, () -> parkedOn(waiter, cond));
        LockStats before = statsOf(lock);
        lock.lock();
        try {
            cond.signal();
            watchWhileHeld(waiter, "the signalled waiter, while the signaller holds the lock",
                    () -> parkedOn(waiter, cond) && !returned.get());
        } finally {
            lock.unlock();
        }
        join(waiter, 10_000);
        assertThat(returned).isTrue();
        assertNoContendedAcquisitionSince(lock, before);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void anInterruptAfterTheSignalEndsTheWaitSignalledWithTheInterruptKept(String spec, ThreadKind kind)
            throws Exception {
        Lock lock = Locks.create(spec, Locks.recordsStatistics(spec));
        Condition cond = lock.newCondition();
        AtomicReference<String> outcome = new AtomicReference<>("still waiting");
        Thread waiter = kind.start(() -> {
            lock.lock();
            try {
                cond.await();
                outcome.set(Thread.currentThread().isInterrupted() ? "returned, interrupted" : "returned");
            } catch (InterruptedException e) {
                outcome.set("threw InterruptedException");
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("waiter asleep in await", 10_000, () -> parkedOn(waiter, cond));
        LockStats before = statsOf(lock);
        lock.lock();
        try {
            cond.signal();
            waiter.interrupt();
            if (lock instanceof Mutex) { // ReentrantLock's waiter wakes for the interrupt and sleeps again in the lock
                watchWhileHeld(waiter, "the signalled, interrupted waiter", () -> parkedOn(waiter, cond));
            } else {
                awaitCondition("the interrupted waiter asleep in the lock", 10_000,
                        () -> isWaiting(waiter) && LockSupport.getBlocker(waiter) != null && !parkedOn(waiter, cond));
            }
        } finally {
            lock.unlock();
        }
        join(waiter, 10_000);
        assertThat(outcome.get()).isEqualTo("returned, interrupted");
        assertNoContendedAcquisitionSince(lock, before);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aDeadlineAfterTheSignalEndsTheWaitSignalled(String spec, ThreadKind kind) throws Exception {
        Lock lock = Locks.create(spec, Locks.recordsStatistics(spec));
        Condition cond = lock.newCondition();
        AtomicReference<String> outcome = new AtomicReference<>("still waiting");
        long timeoutMillis = HOLD_AFTER_SIGNAL_MILLIS / 4; // passes while the signaller holds the lock
        AtomicBoolean entered = new AtomicBoolean();
        Thread waiter = kind.start(() -> {
            lock.lock();
            try {
                entered.set(true);
                outcome.set(cond.await(timeoutMillis, TimeUnit.MILLISECONDS) ? "signalled" : "timed out");
            } catch (InterruptedException e) {
                outcome.set("threw InterruptedException");
            } finally {
                lock.unlock();
            }
        });
        // lock() returns once the waiter's await has released the lock: no wait for a park to be
        // seen, which on a busy machine can take longer than the waiter's deadline.
        awaitCondition("waiter holding the lock", 10_000, entered::get);
        lock.lock();
        LockStats before = statsOf(lock);
        boolean signalledInTime;
        try {
            signalledInTime = waitQueueLength(lock, cond) == 1;
            cond.signal();
            if (signalledInTime) {
                // Past its deadline the waiter must sleep on (it was signalled), not spin until the release.
                watchWhileHeld(waiter, "the signalled waiter past its deadline", () -> isWaiting(waiter));
            }
        } finally {
            lock.unlock();
        }
        join(waiter, 10_000);
        assumeTrue(signalledInTime, "the waiter's deadline passed before the signal: the machine is too slow for "
                + timeoutMillis + " ms");
        assertThat(outcome.get()).isEqualTo("signalled");
        assertNoContendedAcquisitionSince(lock, before);
    }

    /**
     * ArrayBlockingQueue's shape (one lock, notEmpty and notFull) with untimed waits: a lost signal
     * leaves a producer or a consumer asleep for good, which the bounded joins turn into a failure;
     * an extra or misdirected one breaks the counts.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aBoundedBufferMovesEveryItemWithUntimedWaits(String spec, ThreadKind kind) throws Exception {
        Lock lock = Locks.create(spec);
        Condition notEmpty = lock.newCondition();
        Condition notFull = lock.newCondition();
        int capacity = 2;
        int itemsPerProducer = 5_000;
        long[] ring = new long[capacity];
        int[] countPutTake = new int[3]; // count, putIndex, takeIndex; guarded by lock
        AtomicLong takenSum = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            threads.add(kind.start(() -> {
                try {
                    for (int i = 1; i <= itemsPerProducer; i++) {
                        lock.lock();
                        try {
                            while (countPutTake[0] == capacity) {
                                notFull.await();
                            }
                            ring[countPutTake[1]] = i;
                            countPutTake[1] = (countPutTake[1] + 1) % capacity;
                            countPutTake[0]++;
                            notEmpty.signal();
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        for (int c = 0; c < 2; c++) {
            threads.add(kind.start(() -> {
                try {
                    long sum = 0;
                    for (int i = 0; i < itemsPerProducer; i++) {
                        lock.lock();
                        try {
                            while (countPutTake[0] == 0) {
                                notEmpty.await();
                            }
                            sum += ring[countPutTake[2]];
                            countPutTake[2] = (countPutTake[2] + 1) % capacity;
                            countPutTake[0]--;
                            notFull.signal();
                        } finally {
                            lock.unlock();
                        }
                    }
                    takenSum.addAndGet(sum);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        for (Thread t : threads) {
            join(t, 40_000);
        }
        assertThat(failure.get()).isNull();
        long perProducer = (long) itemsPerProducer * (itemsPerProducer + 1) / 2;
        assertThat(takenSum.get()).as("every item taken once").isEqualTo(2 * perProducer);
        lock.lock();
        try {
            assertThat(countPutTake[0]).isZero();
        } finally {
            lock.unlock();
        }
        assertThat(LockProbe.isLocked(lock)).isFalse();
    }

    /**
     * Samples {@code ok} every millisecond for {@link #HOLD_AFTER_SIGNAL_MILLIS} (and at least
     * {@link #MIN_SAMPLES} times, however long a loaded machine makes a millisecond's sleep) while
     * the caller holds the lock, and fails if it was false in more than half of the samples. A waiter that
     * woke into the held lock stays there, asleep in the lock or spinning, for every later sample;
     * a waiter that only passes from one park to the next (an interrupt, a timed park ending) is
     * seen running a few samples at most, even when it waits milliseconds for a processor or a
     * carrier on a busy machine.
     */
    private static void watchWhileHeld(Thread waiter, String what, java.util.function.BooleanSupplier ok)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HOLD_AFTER_SIGNAL_MILLIS);
        int samples = 0;
        int failed = 0;
        String lastFailure = null;
        do {
            samples++;
            if (!ok.getAsBoolean()) {
                failed++;
                lastFailure = waiter.getState() + ", parked on " + LockSupport.getBlocker(waiter) + "\n"
                        + ThreadKind.stack(waiter);
            }
            Thread.sleep(1);
        } while (System.nanoTime() - deadline < 0L || samples < MIN_SAMPLES);
        if (2 * failed > samples) {
            throw new AssertionError(what + " ran before the release in " + failed + " of " + samples
                    + " samples; the last: " + lastFailure);
        }
    }

    /**
     * For a lock that records statistics: the waiter, woken only once the signaller had released,
     * found the lock free, so nothing entered the lock's slow path since {@code before}. A waiter
     * woken into the held lock enters it.
     */
    private static void assertNoContendedAcquisitionSince(Lock lock, LockStats before) {
        if (lock instanceof Mutex m && before.enabled()) {
            assertThat(m.stats().since(before).count(LockEvent.CONTENDED_ACQUIRE))
                    .as("contended acquisitions after the signal: %s", m.stats())
                    .isZero();
        }
    }

    private static LockStats statsOf(Lock lock) {
        return lock instanceof Mutex m ? m.stats() : LockStats.disabled();
    }

    /** Whether {@code t} is parked in a wait on {@code cond} (its park blocker), not in the lock. */
    private static boolean parkedOn(Thread t, Condition cond) {
        return isWaiting(t) && LockSupport.getBlocker(t) == cond;
    }

    /** The threads waiting on {@code c}, from the lock's own inspection method; the caller holds {@code lock}. */
    private static int waitQueueLength(Lock lock, Condition c) {
        return lock instanceof ReentrantLock r ? r.getWaitQueueLength(c) : ((Mutex) lock).getWaitQueueLength(c);
    }

    private static boolean isWaiting(Thread t) {
        return LockContractTest.isWaiting(t);
    }
}
