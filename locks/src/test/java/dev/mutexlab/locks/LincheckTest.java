package dev.mutexlab.locks;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.stream.Stream;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lincheck model checking of small scenarios (2-3 threads, a few operations each) for every new
 * lock: Lincheck runs the operations under many thread interleavings, parking and unparking
 * threads at its chosen switch points, and reports a non-linearizable result (two threads in the
 * critical section at once: a duplicated counter value) or a deadlock (a lost wakeup or handoff
 * strands a parked thread). Lincheck does not model time, so timeouts are not covered here; the
 * cancellation stress test covers them.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LincheckTest {

    static final int SCALE = Integer.getInteger("mutexlab.test.scale", 1);

    /** The operations: a counter incremented under the lock, and a tryLock that releases at once. */
    abstract static class Scenario {
        private final Lock lock;
        private int counter;

        Scenario(Lock lock) {
            this.lock = lock;
        }

        @Operation
        public int increment() {
            lock.lock();
            try {
                return ++counter;
            } finally {
                lock.unlock();
            }
        }

        @Operation
        public void tryLockAndRelease() {
            if (lock.tryLock()) {
                lock.unlock();
            }
        }
    }

    /**
     * GoMutex with forced handoff (threshold 0, so starvation mode is reached within a few
     * operations) and a timed tryLock: Lincheck does not model time, but the timed acquisition
     * runs GoMutex's semaphore wait and, when the wait ends early, its leave path.
     */
    public static final class Go extends Scenario {
        private final Lock lock;

        public Go() {
            this(new GoMutex(java.time.Duration.ZERO));
        }

        private Go(Lock lock) {
            super(lock);
            this.lock = lock;
        }

        @Operation
        public void timedTryLockAndRelease() throws InterruptedException {
            if (lock.tryLock(50, TimeUnit.MICROSECONDS)) { // the result depends on time: not returned
                lock.unlock();
            }
        }
    }

    public static final class GoDefault extends Scenario {
        public GoDefault() {
            super(new GoMutex());
        }
    }

    public static final class Spinbit extends Scenario {
        public Spinbit() {
            super(new SpinbitMutex());
        }
    }

    public static final class SpinbitLowLatency extends Scenario {
        public SpinbitLowLatency() {
            super(new SpinbitMutex(true, false));
        }
    }

    public static final class Futex extends Scenario {
        public Futex() {
            super(new FutexMutex());
        }
    }

    public static final class BlockingFutex extends Scenario {
        public BlockingFutex() {
            super(new BlockingFutexMutex());
        }
    }

    public static final class Kernel extends Scenario {
        public Kernel() {
            super(new KernelMutex());
        }
    }

    public static final class Semaphore extends Scenario {
        public Semaphore() {
            super(new SemaphoreMutex(SemaphoreMutex.Design.SLEEPERS, false));
        }
    }

    public static final class SemaphoreWake2 extends Scenario {
        public SemaphoreWake2() {
            super(new SemaphoreMutex(SemaphoreMutex.Design.SLEEPERS_WAKE2, false));
        }
    }

    public static final class SemaphoreHandoff extends Scenario {
        public SemaphoreHandoff() {
            super(new SemaphoreMutex(SemaphoreMutex.Design.HANDOFF, false));
        }
    }

    /** Lineup with a bound that never passes in a model-checking run: the chooser's lock (barging first), the line, the heir. */
    public static final class Lineup extends Scenario {
        public Lineup() {
            super(new LineupMutex(java.time.Duration.ofHours(1)));
        }
    }

    /** Lineup's BARGE policy with a bound that never passes: arrivals barge and sleep, the woken heir spins. */
    public static final class LineupBarge extends Scenario {
        public LineupBarge() {
            super(new LineupMutex(java.time.Duration.ofHours(1), false, LineupPolicy.BARGE));
        }
    }

    /** Lineup's BARGE policy with a zero bound: every woken heir asks for the handoff. */
    public static final class LineupBargeHandoff extends Scenario {
        public LineupBargeHandoff() {
            super(new LineupMutex(java.time.Duration.ZERO, false, LineupPolicy.BARGE));
        }
    }

    /**
     * Lineup's SOLO policy with a zero bound: every sleeper is due at once, so the next unlock wakes
     * it and it asks for the handoff. (With a longer bound a free lock keeps its sleepers asleep
     * until due, up to 1 ms, by design, which a model checker reads as a hang.)
     */
    public static final class LineupSoloHandoff extends Scenario {
        public LineupSoloHandoff() {
            super(new LineupMutex(java.time.Duration.ZERO, false, LineupPolicy.SOLO));
        }
    }

    /**
     * Lineup whose policy changes under the threads' feet: an operation switches the arrivals to
     * the next policy (as the chooser does at the end of an epoch) at any point Lincheck picks, with
     * a zero bound so that handoff requests stand while it happens.
     */
    public static final class LineupSwitching extends Scenario {
        private final LineupMutex lock;

        public LineupSwitching() {
            this(new LineupMutex(java.time.Duration.ZERO, false, (LineupPolicy) null));
        }

        private LineupSwitching(LineupMutex lock) {
            super(lock);
            this.lock = lock;
        }

        @Operation
        public void switchPolicy() {
            LineupPolicy[] all = LineupPolicy.values();
            lock.switchArrivalsTo(all[(lock.runningPolicy().ordinal() + 1) % all.length]); // barge, line, solo, barge ...
        }
    }

    /** Lineup with a zero bound: every waiter is past it at once, so every contended unlock hands off. */
    public static final class LineupHandoff extends Scenario {
        public LineupHandoff() {
            super(new LineupMutex(java.time.Duration.ZERO));
        }
    }

    static Stream<Class<? extends Scenario>> scenarios() {
        return Stream.of(Go.class, GoDefault.class, Spinbit.class, SpinbitLowLatency.class, Futex.class, BlockingFutex.class, Kernel.class,
                Semaphore.class, SemaphoreWake2.class, SemaphoreHandoff.class, Lineup.class, LineupHandoff.class,
                LineupBarge.class, LineupBargeHandoff.class, LineupSoloHandoff.class, LineupSwitching.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void twoThreadsModelChecked(Class<? extends Scenario> scenario) {
        new ModelCheckingOptions()
                .iterations(10 * SCALE)
                .invocationsPerIteration(200)
                .threads(2)
                .actorsPerThread(3)
                .actorsBefore(0)
                .actorsAfter(1)
                .check(scenario);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void threeThreadsModelChecked(Class<? extends Scenario> scenario) {
        new ModelCheckingOptions()
                .iterations(5 * SCALE)
                .invocationsPerIteration(200)
                .threads(3)
                .actorsPerThread(2)
                .actorsBefore(0)
                .actorsAfter(1)
                .check(scenario);
    }
}
