package dev.mutexlab.locks;

import static dev.mutexlab.locks.LineupMutex.HANDOFF;
import static dev.mutexlab.locks.LineupMutex.LOCKED;
import static dev.mutexlab.locks.LineupMutex.ONDECK;
import static dev.mutexlab.locks.LineupMutex.WAITERS;
import static dev.mutexlab.locks.ThreadKind.awaitCondition;
import static dev.mutexlab.locks.ThreadKind.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lineup lock's own rules, each built as an exact state: a waiter past its bound is the next
 * owner and nobody may pass it; a waiter that gives up leaves no flag behind; a waiter that gives
 * up after a waker took it out of line keeps the lock (handoff) or passes the deck on (no lost
 * wake-up); and the state word's invariants hold under stress.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineupMutexTest {

    private static final Duration LONG_BOUND = Duration.ofSeconds(30);

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void waiterPastItsBoundIsTheNextOwnerAndNobodyPassesIt(ThreadKind kind) throws Exception {
        LineupMutex lock = new LineupMutex(Duration.ofMillis(1), true);
        lock.lock();
        AtomicReference<Thread> ownerAfter = new AtomicReference<>();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread waiter = kind.start(() -> {
            lock.lock();
            try {
                ownerAfter.set(Thread.currentThread());
                release.await(); // hold on, so that the barger's tryLock cannot come after our unlock
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                lock.unlock();
            }
        });
        awaitCondition("the waiter asks for a handoff", 10_000, () -> (lock.stateForTest() & HANDOFF) != 0);
        assertThat(lock.stateForTest() & (LOCKED | WAITERS)).isEqualTo(LOCKED | WAITERS);
        AtomicBoolean bargerGotIt = new AtomicBoolean(true);
        lock.unlock();
        Thread barger = kind.start(() -> bargerGotIt.set(lock.tryLock()));
        join(barger, 10_000);
        assertThat(bargerGotIt).as("tryLock after the unlock must not pass the waiter due for handoff").isFalse();
        release.countDown();
        join(waiter, 10_000);
        assertThat(ownerAfter.get()).isSameAs(waiter);
        assertThat(lock.stats().count(LockEvent.HANDOFF)).isGreaterThanOrEqualTo(1);
        assertThat(lock.stateForTest()).isZero();
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void waiterDueForHandoffThatIsInterruptedLeavesNoFlagBehind(ThreadKind kind) throws Exception {
        LineupMutex lock = new LineupMutex(Duration.ofMillis(1), true);
        lock.lock();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread waiter = kind.start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        awaitCondition("the waiter asks for a handoff", 10_000, () -> (lock.stateForTest() & HANDOFF) != 0);
        waiter.interrupt();
        join(waiter, 10_000);
        assertThat(interrupted).isTrue();
        assertThat(lock.stateForTest()).as(LineupMutex.describe(lock.stateForTest())).isEqualTo(LOCKED);
        lock.unlock();
        assertThat(lock.stateForTest()).isZero();
        Thread other = kind.start(() -> {
            if (lock.tryLock()) {
                lock.unlock();
            } else {
                throw new AssertionError("a free lineup lock refused tryLock: " + lock);
            }
        });
        join(other, 10_000);
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void waiterInterruptedAfterTheUnlockerHandedItTheLockKeepsIt(ThreadKind kind) throws Exception {
        LineupMutex lock = new LineupMutex(Duration.ofMillis(1), true);
        lock.lock();
        AtomicBoolean acquired = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = kind.start(() -> {
            try {
                lock.lockInterruptibly();
                acquired.set(true);
                interruptKept.set(Thread.currentThread().isInterrupted());
                lock.unlock();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        awaitCondition("the waiter asks for a handoff", 10_000, () -> (lock.stateForTest() & HANDOFF) != 0);
        lock.afterDequeueForTest = t -> interruptAndAwaitItsNotice(t); // between dequeue and signal
        lock.unlock();
        lock.afterDequeueForTest = null;
        join(waiter, 10_000);
        assertThat(failure.get()).isNull();
        assertThat(acquired).as("handed the lock before it gave up, so it keeps it").isTrue();
        assertThat(interruptKept).as("and the interrupt is not lost").isTrue();
        assertThat(lock.stateForTest()).isZero();
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void waiterWokenToGoOnDeckThatGivesUpPassesTheWakeOn(ThreadKind kind) throws Exception {
        LineupMutex lock = new LineupMutex(LONG_BOUND, true);
        lock.lock();
        Thread first = kind.start(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException expected) {
                // gives up
            }
        });
        awaitCondition("the first waiter sleeps", 10_000, () -> lock.sleepersForTest() == 1);
        AtomicBoolean secondAcquired = new AtomicBoolean();
        Thread second = kind.start(() -> {
            lock.lock();
            secondAcquired.set(true);
            lock.unlock();
        });
        awaitCondition("the second waiter sleeps", 10_000, () -> lock.sleepersForTest() == 2);
        AtomicInteger dequeues = new AtomicInteger();
        lock.afterDequeueForTest = t -> {
            if (dequeues.getAndIncrement() == 0) {
                interruptAndAwaitItsNotice(t); // the first is woken to go on deck, but gives up
            }
        };
        lock.unlock();
        join(first, 10_000);
        join(second, 10_000); // a lost wake-up would strand the second sleeper here
        lock.afterDequeueForTest = null;
        assertThat(secondAcquired).isTrue();
        assertThat(lock.stateForTest()).isZero();
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void withTheDeckClosedAPlatformWaiterSleepsAtOnceAndTheUnlockWakesIt(ThreadKind kind) throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "on one CPU nobody goes on deck anyway");
        for (boolean closed : new boolean[] {false, true}) {
            LineupMutex lock = new LineupMutex(LONG_BOUND, true);
            lock.deckViolationsForTest = new AtomicInteger(); // records who claims the deck
            lock.closeDeckForTest(closed);
            lock.lock();
            Thread waiter = kind.start(() -> {
                lock.lock();
                lock.unlock();
            });
            awaitCondition("the waiter sleeps in line", 10_000, () -> lock.sleepersForTest() == 1);
            if (closed && kind == ThreadKind.PLATFORM) {
                assertThat(lock.deckOwnerForTest).as("deck closed: nobody spins on it").isNull();
            } else if (closed) {
                assertThat(lock.deckOwnerForTest).as("virtual threads keep the deck").isSameAs(waiter);
            } else {
                assertThat(lock.deckOwnerForTest).as("deck open: the waiter spun on deck before it slept").isSameAs(waiter);
            }
            assertThat(lock.stateForTest() & (LOCKED | ONDECK | WAITERS)).isEqualTo(LOCKED | WAITERS);
            lock.unlock();
            join(waiter, 10_000); // a closed deck must not cost the wake-up
            assertThat(lock.stateForTest()).isZero();
            assertThat(lock.stats().count(LockEvent.WAKEUP)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void timedWaiterThatTimesOutLeavesTheLineClean(ThreadKind kind) throws Exception {
        LineupMutex lock = new LineupMutex(LONG_BOUND, true);
        lock.lock();
        AtomicBoolean got = new AtomicBoolean(true);
        Thread waiter = kind.start(() -> {
            try {
                got.set(lock.tryLock(20, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        join(waiter, 10_000);
        assertThat(got).isFalse();
        assertThat(lock.stateForTest()).isEqualTo(LOCKED);
        assertThat(lock.getQueueLength()).isZero();
        lock.unlock();
        assertThat(lock.stateForTest()).isZero();
    }

    @Test
    void invariantsOfTheStateWordAndAtMostOneSpinnerHoldUnderStress() throws Exception {
        for (ThreadKind kind : ThreadKind.values()) {
            LineupMutex lock = new LineupMutex(Duration.ofNanos(200_000), true);
            lock.deckViolationsForTest = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<String> broken = new AtomicReference<>();
            Thread monitor = Thread.ofPlatform().daemon().start(() -> {
                while (!stop.get()) {
                    int s = lock.stateForTest();
                    if ((s & HANDOFF) != 0 && (s & (LOCKED | WAITERS)) != (LOCKED | WAITERS)) {
                        broken.compareAndSet(null, "HANDOFF without LOCKED and WAITERS: " + LineupMutex.describe(s));
                    }
                    Thread.onSpinWait();
                }
            });
            int perWorker = 20_000;
            // On one CPU nobody spins, so nobody goes on deck, and an unlock yields to the waiter it woke,
            // which then rarely outlasts the bound: the run is only required to go through the deck and
            // the handoff where there are CPUs to wait on (the deterministic tests above cover both paths).
            boolean manyCpus = Runtime.getRuntime().availableProcessors() > 1;
            int rounds = 0;
            try {
                // Rounds until the run has gone through the deck and the bound at least once (normally the
                // first): whether a waiter outlasts the bound depends on how the scheduler interleaves, which
                // a loaded machine may not do in one round.
                do {
                    int[] counter = {0};
                    stressRound(kind, lock, perWorker, counter);
                    rounds++;
                    assertThat(counter[0]).as(kind + " round " + rounds).isEqualTo(6 * perWorker);
                    assertThat(lock.stateForTest()).as(kind + " " + lock).isZero();
                } while (manyCpus && rounds < 10 && (lock.deckOwnerForTest == null || lock.stats().count(LockEvent.HANDOFF) == 0));
            } finally {
                stop.set(true);
                join(monitor, 5_000);
            }
            assertThat(broken.get()).isNull();
            assertThat(lock.deckViolationsForTest.get()).as(kind + ": spins by a waiter that did not hold the deck alone").isZero();
            if (manyCpus) {
                assertThat(lock.deckOwnerForTest).as(kind + ": some waiter went on deck in " + rounds + " rounds").isNotNull();
                assertThat(lock.stats().count(LockEvent.HANDOFF))
                        .as(kind + ": waiters past the bound were handed the lock in " + rounds + " rounds").isPositive();
            } else {
                assertThat(lock.deckOwnerForTest).as(kind + ": a waiter went on deck on one CPU").isNull();
            }
        }
    }

    /** Six workers, one of them using tiny timed tries; every thousandth hold is long enough to pass the bound. */
    private static void stressRound(ThreadKind kind, LineupMutex lock, int perWorker, int[] counter) throws Exception {
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int id = i;
            workers.add(kind.start(() -> {
                for (int n = 0; n < perWorker; n++) {
                    try {
                        if (id == 0 && n % 50 == 0) {
                            if (!lock.tryLock(1, TimeUnit.MICROSECONDS)) {
                                n--;
                                continue;
                            }
                        } else {
                            lock.lock();
                        }
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    try {
                        counter[0]++;
                        if (n % 1000 == 0) { // long enough for waiters to pass the bound
                            busy(Duration.ofNanos(150_000));
                            Thread.yield(); // lets the others in to wait even where nothing preempts us (one carrier)
                            busy(Duration.ofNanos(150_000));
                        }
                    } finally {
                        lock.unlock();
                    }
                }
            }));
        }
        for (Thread t : workers) {
            join(t, 50_000);
        }
    }

    @Test
    void specSetsTheBound() {
        assertThat(((LineupMutex) Locks.create("lineup")).boundNanos()).isEqualTo(1_000_000L);
        assertThat(((LineupMutex) Locks.create("lineup:bound=250us")).boundNanos()).isEqualTo(250_000L);
        assertThatThrownBy(() -> Locks.create("lineup:bound=soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad duration");
        assertThatThrownBy(() -> Locks.create("lineup:threshold=1ms")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no option 'threshold'");
        assertThat(Locks.create("lineup:deck=closed").toString()).contains("deck closed");
        assertThat(Locks.create("lineup:deck=open").toString()).doesNotContain("deck closed");
        assertThat(Locks.create("lineup").toString()).as("a new lock starts with the deck open").doesNotContain("deck closed");
        assertThatThrownBy(() -> Locks.create("lineup:deck=ajar")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("deck must be open, closed or measured, not 'ajar'");
    }

    /** Interrupts {@code t}, then waits until it has seen the interrupt and parked again for its signal. */
    private static void interruptAndAwaitItsNotice(Thread t) {
        t.interrupt();
        awaitCondition("the waiter notices the interrupt and waits for its signal", 10_000,
                () -> !t.isInterrupted() && (t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING));
    }

    private static void busy(Duration d) {
        long end = System.nanoTime() + d.toNanos();
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
