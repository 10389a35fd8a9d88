package dev.mutexlab.locks;

import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link Lock} contract, as someone replacing {@code ReentrantLock} expects it, checked for every
 * spec {@link Locks#exampleSpecs()} lists, on platform and on virtual threads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LockContractTest {

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (String spec : Locks.exampleSpecs()) {
            for (ThreadKind kind : ThreadKind.values()) {
                list.add(Arguments.of(spec, kind));
            }
        }
        return list.stream();
    }

    /** The lock under test for {@code spec}; a subclass runs the whole contract over another front. */
    Lock create(String spec) {
        return Locks.create(spec, Locks.recordsStatistics(spec));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void mutualExclusionUnderContention(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        int threads = 6;
        int iterations = 20_000;
        int[] counter = {0}; // deliberately not atomic: only the lock protects it
        AtomicReference<Thread> inside = new AtomicReference<>();
        AtomicInteger overlaps = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(kind.start(() -> {
                for (int i = 0; i < iterations; i++) {
                    lock.lock();
                    try {
                        if (!inside.compareAndSet(null, Thread.currentThread())) {
                            overlaps.incrementAndGet();
                        }
                        counter[0]++;
                        if ((i & 63) == 0) {
                            Thread.onSpinWait();
                        }
                        inside.set(null);
                    } finally {
                        lock.unlock();
                    }
                }
            }));
        }
        for (Thread t : ts) {
            join(t, 50_000);
        }
        assertThat(overlaps.get()).as("two threads inside at once").isZero();
        lock.lock();
        try {
            assertThat(counter[0]).isEqualTo(threads * iterations);
        } finally {
            lock.unlock();
        }
        assertThat(LockProbe.isLocked(lock)).isFalse();
        assertThat(LockProbe.queueLength(lock)).isZero();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void tryLockSucceedsWhenFreeAndFailsWhenHeldByAnother(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assertThat(lock.tryLock()).isTrue();
        AtomicBoolean other = new AtomicBoolean(true);
        join(kind.start(() -> other.set(lock.tryLock())), 5_000);
        assertThat(other.get()).isFalse();
        lock.unlock();
        join(kind.start(() -> {
            other.set(lock.tryLock());
            if (other.get()) {
                lock.unlock();
            }
        }), 5_000);
        assertThat(other.get()).isTrue();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void timedTryLockTimesOutWhileHeldAndLeavesLockUsable(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        lock.lock();
        AtomicReference<Object> result = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ts.add(kind.start(() -> {
                try {
                    long t0 = System.nanoTime();
                    boolean got = lock.tryLock(30, TimeUnit.MILLISECONDS);
                    long waitedMillis = (System.nanoTime() - t0) / 1_000_000;
                    result.compareAndSet(null, got ? "acquired" : waitedMillis >= 29 ? "timed out" : "early " + waitedMillis);
                } catch (InterruptedException e) {
                    result.set(e);
                }
            }));
        }
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(result.get()).isEqualTo("timed out");
        lock.unlock();
        assertThat(LockProbe.isLocked(lock)).isFalse();
        assertThat(LockProbe.queueLength(lock)).isZero();
        // No lost wakeup or stranded state: another thread can still take and release it.
        AtomicBoolean ok = new AtomicBoolean();
        join(kind.start(() -> {
            lock.lock();
            ok.set(true);
            lock.unlock();
        }), 5_000);
        assertThat(ok).isTrue();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void timedTryLockSucceedsWhenReleasedInTime(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        lock.lock();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        Thread t = kind.start(() -> {
            try {
                started.countDown();
                got.set(lock.tryLock(20, TimeUnit.SECONDS));
                if (got.get()) {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        started.await();
        awaitCondition("waiter in its timed wait", 10_000, () -> t.getState() == Thread.State.TIMED_WAITING);
        lock.unlock();
        join(t, 20_000);
        assertThat(got).as("the timed waiter took the lock released while it waited").isTrue();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void lockInterruptiblyThrowsWhenInterruptedBeforeTheWait(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        AtomicReference<Object> result = new AtomicReference<>();
        join(kind.start(() -> {
            Thread.currentThread().interrupt();
            try {
                lock.lockInterruptibly();
                result.set("acquired");
                lock.unlock();
            } catch (InterruptedException e) {
                result.set(Thread.currentThread().isInterrupted() ? "flag still set" : "threw");
            }
        }), 5_000);
        assertThat(result.get()).isEqualTo("threw");
        assertThat(LockProbe.isLocked(lock)).isFalse();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void lockInterruptiblyAndTimedTryLockThrowWhenInterruptedDuringTheWait(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        lock.lock();
        AtomicInteger threw = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            boolean timed = (i & 1) == 0;
            ts.add(kind.start(() -> {
                try {
                    if (timed) {
                        lock.tryLock(1, TimeUnit.MINUTES);
                    } else {
                        lock.lockInterruptibly();
                    }
                    lock.unlock();
                } catch (InterruptedException e) {
                    threw.incrementAndGet();
                }
            }));
        }
        awaitCondition("4 waiters queued", 10_000, () -> ts.stream().allMatch(t -> isWaiting(t)));
        for (Thread t : ts) {
            t.interrupt();
        }
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(threw.get()).isEqualTo(4);
        lock.unlock();
        assertThat(LockProbe.queueLength(lock)).isZero();
        AtomicBoolean ok = new AtomicBoolean();
        join(kind.start(() -> {
            lock.lock();
            ok.set(true);
            lock.unlock();
        }), 5_000);
        assertThat(ok).isTrue();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void lockIgnoresInterruptsButKeepsTheFlag(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        lock.lock();
        AtomicReference<String> result = new AtomicReference<>();
        Thread t = kind.start(() -> {
            lock.lock();
            result.set(Thread.currentThread().isInterrupted() ? "acquired, flag set" : "acquired, flag lost");
            lock.unlock();
        });
        awaitCondition("waiter blocked", 10_000, () -> isWaiting(t));
        t.interrupt();
        // The interrupt unparks the waiter. Only the waiter clears its flag, and it must, to park
        // again: flag clear (read first) and then parked means it took note and kept waiting.
        awaitCondition("waiter asleep again after the interrupt", 10_000, () -> !t.isInterrupted() && isWaiting(t));
        assertThat(result.get()).as("lock() did not return on the interrupt").isNull();
        lock.unlock();
        join(t, 10_000);
        assertThat(result.get()).isEqualTo("acquired, flag set");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void unlockByNonOwnerThrows(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assertThatThrownBy(lock::unlock).isInstanceOf(IllegalMonitorStateException.class);
        lock.lock();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        join(kind.start(() -> {
            try {
                lock.unlock();
            } catch (Throwable e) {
                thrown.set(e);
            }
        }), 5_000);
        assertThat(thrown.get()).isInstanceOf(IllegalMonitorStateException.class);
        assertThat(LockProbe.heldByCurrentThread(lock)).isTrue();
        lock.unlock();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void reentrantAcquisitionsCountHolds(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        join(kind.start(() -> {
            try {
                lock.lock();
                assertThat(lock.tryLock()).isTrue();
                assertThat(lock.tryLock(1, TimeUnit.MILLISECONDS)).isTrue();
                lock.lockInterruptibly();
                assertThat(LockProbe.holdCount(lock)).isEqualTo(4);
                assertThat(LockProbe.heldByCurrentThread(lock)).isTrue();
                for (int i = 3; i >= 0; i--) {
                    lock.unlock();
                    assertThat(LockProbe.holdCount(lock)).isEqualTo(i);
                }
                assertThat(LockProbe.isLocked(lock)).isFalse();
                assertThatThrownBy(lock::unlock).isInstanceOf(IllegalMonitorStateException.class);
            } catch (Throwable e) {
                failure.set(e);
            }
        }), 5_000);
        assertThat(failure.get()).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void signalWakesOneAndSignalAllWakesAll(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        AtomicInteger woke = new AtomicInteger();
        AtomicInteger waiting = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ts.add(kind.start(() -> {
                lock.lock();
                try {
                    waiting.incrementAndGet();
                    cond.awaitUninterruptibly();
                    woke.incrementAndGet();
                } finally {
                    lock.unlock();
                }
            }));
        }
        awaitCondition("3 waiters in await", 10_000,
                () -> waiting.get() == 3 && ts.stream().allMatch(LockContractTest::isWaiting));
        lock.lock();
        cond.signal();
        assertThat(waitQueueLength(lock, cond)).as("signal takes exactly one waiter off the condition").isEqualTo(2);
        lock.unlock();
        awaitCondition("one waiter woken", 10_000, () -> woke.get() >= 1);
        lock.lock();
        try {
            assertThat(waitQueueLength(lock, cond)).as("the other two still wait").isEqualTo(2);
            assertThat(woke.get()).as("signal wakes exactly one").isEqualTo(1);
        } finally {
            lock.unlock();
        }
        lock.lock();
        cond.signalAll();
        lock.unlock();
        for (Thread t : ts) {
            join(t, 10_000);
        }
        assertThat(woke.get()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void awaitReleasesTheFullHoldCountAndRestoresIt(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        AtomicInteger holdsAfter = new AtomicInteger(-1);
        AtomicBoolean waiting = new AtomicBoolean();
        Thread t = kind.start(() -> {
            lock.lock();
            lock.lock();
            lock.lock();
            try {
                waiting.set(true);
                cond.await();
                holdsAfter.set(LockProbe.holdCount(lock));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                lock.unlock();
                lock.unlock();
                lock.unlock();
            }
        });
        awaitCondition("waiter in await", 10_000, () -> waiting.get() && isWaiting(t));
        assertThat(lock.tryLock(5, TimeUnit.SECONDS)).as("await released every hold").isTrue();
        cond.signal();
        lock.unlock();
        join(t, 10_000);
        assertThat(holdsAfter.get()).isEqualTo(3);
        assertThat(LockProbe.isLocked(lock)).isFalse();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void timedAwaitsReturnAtTheirDeadlineHoldingTheLock(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        join(kind.start(() -> {
            lock.lock();
            try {
                long left = cond.awaitNanos(TimeUnit.MILLISECONDS.toNanos(20));
                assertThat(left).isLessThanOrEqualTo(0L);
                assertThat(cond.await(10, TimeUnit.MILLISECONDS)).isFalse();
                assertThat(cond.awaitUntil(new java.util.Date(System.currentTimeMillis() + 10))).isFalse();
                assertThat(LockProbe.holdCount(lock)).isEqualTo(1);
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                lock.unlock();
            }
        }), 10_000);
        assertThat(failure.get()).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void awaitsWhoseDeadlineIsLongPastReturnAtOnce(String spec, ThreadKind kind) throws Exception {
        // As ReentrantLock's: a deadline at the far end of the range must not wrap round into the future.
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        join(kind.start(() -> {
            lock.lock();
            try {
                assertThat(cond.awaitUntil(new java.util.Date(Long.MIN_VALUE))).isFalse();
                assertThat(cond.awaitUntil(new java.util.Date(0L))).isFalse();
                assertThat(cond.awaitNanos(Long.MIN_VALUE)).isLessThanOrEqualTo(0L);
                assertThat(cond.await(Long.MIN_VALUE, TimeUnit.NANOSECONDS)).isFalse();
                assertThat(cond.await(Long.MIN_VALUE, TimeUnit.DAYS)).isFalse();
                assertThat(LockProbe.holdCount(lock)).isEqualTo(1);
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                lock.unlock();
            }
        }), 10_000);
        assertThat(failure.get()).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void awaitsWhoseDeadlineIsFarAheadWaitForTheSignal(String spec, ThreadKind kind) throws Exception {
        // A deadline near Long.MAX_VALUE must neither wrap round into the past nor lose the signal.
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        List<String> waitsSignalled = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger waitsStarted = new AtomicInteger();
        Thread t = kind.start(() -> {
            lock.lock();
            try {
                waitsStarted.incrementAndGet();
                if (cond.awaitUntil(new java.util.Date(Long.MAX_VALUE))) {
                    waitsSignalled.add("awaitUntil(MAX_VALUE)");
                }
                waitsStarted.incrementAndGet();
                if (cond.await(Long.MAX_VALUE, TimeUnit.NANOSECONDS)) {
                    waitsSignalled.add("await(MAX_VALUE ns)");
                }
                waitsStarted.incrementAndGet();
                if (cond.awaitNanos(Long.MAX_VALUE) > 0L) {
                    waitsSignalled.add("awaitNanos(MAX_VALUE)");
                }
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                lock.unlock();
            }
        });
        for (int wait = 1; wait <= 3; wait++) {
            int started = wait;
            awaitCondition("wait " + wait + " in await", 10_000, () -> waitsStarted.get() == started && isWaiting(t));
            lock.lock();
            try {
                cond.signal();
            } finally {
                lock.unlock();
            }
        }
        join(t, 10_000);
        assertThat(failure.get()).isNull();
        assertThat(waitsSignalled).containsExactly("awaitUntil(MAX_VALUE)", "await(MAX_VALUE ns)", "awaitNanos(MAX_VALUE)");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void awaitIsInterruptibleAndReacquiresBeforeThrowing(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        AtomicReference<String> result = new AtomicReference<>();
        Thread t = kind.start(() -> {
            lock.lock();
            try {
                cond.await();
                result.set("returned");
            } catch (InterruptedException e) {
                result.set(LockProbe.holdCount(lock) == 1 ? "threw holding" : "threw without lock");
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("waiter in await", 10_000, () -> isWaiting(t));
        t.interrupt();
        join(t, 10_000);
        assertThat(result.get()).isEqualTo("threw holding");
        // The cancelled waiter is gone: a signal now goes to nobody and a new waiter still gets one.
        lock.lock();
        cond.signal();
        lock.unlock();
        AtomicBoolean woke = new AtomicBoolean();
        Thread t2 = kind.start(() -> {
            lock.lock();
            try {
                cond.awaitUninterruptibly();
                woke.set(true);
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("second waiter in await", 10_000, () -> isWaiting(t2));
        lock.lock();
        cond.signal();
        lock.unlock();
        join(t2, 10_000);
        assertThat(woke).isTrue();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void conditionWithoutTheLockThrows(String spec, ThreadKind kind) {
        Lock lock = create(spec);
        Condition cond = lock.newCondition();
        assertThatThrownBy(cond::await).isInstanceOf(IllegalMonitorStateException.class);
        assertThatThrownBy(cond::signal).isInstanceOf(IllegalMonitorStateException.class);
        assertThatThrownBy(cond::signalAll).isInstanceOf(IllegalMonitorStateException.class);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void toStringShowsTheState(String spec, ThreadKind kind) {
        Lock lock = create(spec);
        assertThat(lock.toString()).containsIgnoringCase("unlocked");
        lock.lock();
        assertThat(lock.toString()).containsIgnoringCase("locked by thread");
        lock.unlock();
    }

    // ---- ReentrantLock's inspection methods (estimates, for monitoring), on Mutex

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void isFairOnlyForLocksThatGrantInArrivalOrder(String spec, ThreadKind kind) {
        Lock lock = create(spec);
        boolean fair = lock instanceof Mutex m ? m.isFair() : ((ReentrantLock) lock).isFair();
        assertThat(fair).isEqualTo(spec.equals("jdk-fair") || spec.equals("semaphore:handoff"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void getOwnerNamesTheHolderToEveryThread(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assumeTrue(lock instanceof Mutex, "ReentrantLock's getOwner is protected");
        Mutex m = (Mutex) lock;
        assertThat(m.getOwner()).isNull();
        m.lock();
        Thread me = Thread.currentThread();
        AtomicReference<Thread> seen = new AtomicReference<>();
        join(kind.start(() -> seen.set(m.getOwner())), 5_000);
        assertThat(seen.get()).isSameAs(me);
        m.unlock();
        assertThat(m.getOwner()).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void hasQueuedThreadsWhileAThreadWaits(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assertThat(hasQueuedThreads(lock)).isFalse();
        withBlockedWaiter(lock, kind, waiter -> assertThat(hasQueuedThreads(lock)).isTrue());
        awaitCondition("no queued threads after the waiter left", 10_000, () -> !hasQueuedThreads(lock));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void hasQueuedThreadNamesTheWaiter(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assertThatThrownBy(() -> hasQueuedThread(lock, null)).isInstanceOf(NullPointerException.class);
        Thread[] w = new Thread[1];
        withBlockedWaiter(lock, kind, waiter -> {
            w[0] = waiter;
            assertThat(hasQueuedThread(lock, waiter)).isTrue();
            assertThat(hasQueuedThread(lock, Thread.currentThread())).isFalse();
        });
        assertThat(hasQueuedThread(lock, w[0])).isFalse();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void getQueuedThreadsListsTheWaiter(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assumeTrue(lock instanceof Mutex, "ReentrantLock's getQueuedThreads is protected");
        Mutex m = (Mutex) lock;
        assertThat(m.getQueuedThreads()).isEmpty();
        withBlockedWaiter(lock, kind, waiter -> assertThat(m.getQueuedThreads()).contains(waiter)
                .doesNotContain(Thread.currentThread()));
        assertThat(m.getQueuedThreads()).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void hasWaitersAndGetWaitingThreadsSeeAConditionWaiter(String spec, ThreadKind kind) throws Exception {
        Lock lock = create(spec);
        assumeTrue(lock instanceof Mutex, "ReentrantLock's getWaitingThreads is protected");
        Mutex m = (Mutex) lock;
        Condition cond = m.newCondition();
        Condition foreign = create(spec).newCondition();
        assertThatThrownBy(() -> m.hasWaiters(cond)).isInstanceOf(IllegalMonitorStateException.class);
        assertThatThrownBy(() -> m.getWaitingThreads(cond)).isInstanceOf(IllegalMonitorStateException.class);
        AtomicBoolean signalled = new AtomicBoolean();
        Thread t = kind.start(() -> {
            m.lock();
            try {
                cond.awaitUninterruptibly();
                signalled.set(true);
            } finally {
                m.unlock();
            }
        });
        awaitCondition("waiter in await", 10_000, () -> {
            m.lock();
            try {
                return m.hasWaiters(cond);
            } finally {
                m.unlock();
            }
        });
        m.lock();
        try {
            assertThat(m.getWaitingThreads(cond)).containsExactly(t);
            assertThatThrownBy(() -> m.hasWaiters(foreign)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> m.getWaitingThreads(null)).isInstanceOf(NullPointerException.class);
            cond.signal();
            assertThat(m.hasWaiters(cond)).as("a signalled thread no longer waits").isFalse();
            assertThat(m.getWaitingThreads(cond)).isEmpty();
        } finally {
            m.unlock();
        }
        join(t, 10_000);
        assertThat(signalled).isTrue();
    }

    interface WhileBlocked {
        void check(Thread waiter) throws Exception;
    }

    /**
     * Holds {@code lock} while another thread blocks in {@code lock()}, runs {@code check} once the
     * lock reports the waiter queued, then lets it through and waits for it.
     */
    private static void withBlockedWaiter(Lock lock, ThreadKind kind, WhileBlocked check) throws Exception {
        lock.lock();
        Thread t;
        try {
            t = kind.start(() -> {
                lock.lock();
                lock.unlock();
            });
            awaitCondition("waiter queued", 10_000, () -> isWaiting(t) && hasQueuedThreads(lock)
                    && (!(LockProbe.inspected(lock) instanceof Mutex m) || m.hasQueuedThread(t)));
            check.check(t);
        } finally {
            lock.unlock();
        }
        join(t, 10_000);
    }

    private static boolean hasQueuedThreads(Lock lock) {
        Lock l = LockProbe.inspected(lock);
        return l instanceof Mutex m ? m.hasQueuedThreads() : ((ReentrantLock) l).hasQueuedThreads();
    }

    private static boolean hasQueuedThread(Lock lock, Thread t) {
        Lock l = LockProbe.inspected(lock);
        return l instanceof Mutex m ? m.hasQueuedThread(t) : ((ReentrantLock) l).hasQueuedThread(t);
    }

    /** The threads waiting on {@code c}, from the lock's own inspection method; the caller holds {@code lock}. */
    private static int waitQueueLength(Lock lock, Condition c) {
        return lock instanceof ReentrantLock r ? r.getWaitQueueLength(c) : ((Mutex) lock).getWaitQueueLength(c);
    }

    static boolean isWaiting(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }
}
