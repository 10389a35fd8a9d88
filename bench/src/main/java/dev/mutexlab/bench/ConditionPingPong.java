package dev.mutexlab.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * Question: how long does one hand-over through a Condition take: ping waits for its turn, takes
 * it, signals pong, and back?
 *
 * Hypothesis: the round trip is dominated by parking and unparking (microseconds), not by the
 * lock, so every lock is close to ReentrantLock; locks whose woken waiter must compete again for
 * the lock may add a spin or a second wake-up.
 *
 * A waiting side rechecks every millisecond whether JMH is ending the iteration, so the other side
 * stopping never leaves it parked; while both run, the signal always comes first.
 *
 * How to run:
 *   ./mutexlab jmh ConditionPingPong
 *   ./mutexlab jmh ConditionPingPong -p spec=go,jdk -f 1 -wi 1 -i 1
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class ConditionPingPong {

    /** One lock, one condition, and whose turn it is (0: ping, 1: pong), shared by the pair. */
    @State(Scope.Group)
    public static class Table extends LockSpecs {
        Condition turnChanged;
        int turn; // guarded by lock

        @Override
        protected void created() {
            turnChanged = lock.newCondition();
        }

        void play(int me, Control control) throws InterruptedException {
            lock.lock();
            try {
                while (turn != me) {
                    if (control.stopMeasurement) {
                        return;
                    }
                    turnChanged.awaitNanos(1_000_000L);
                }
                turn = 1 - me;
                turnChanged.signal();
            } finally {
                lock.unlock();
            }
        }
    }

    @Benchmark
    @Group("pingPong")
    @GroupThreads(1)
    public void ping(Table t, Control control) throws InterruptedException {
        t.play(0, control);
    }

    @Benchmark
    @Group("pingPong")
    @GroupThreads(1)
    public void pong(Table t, Control control) throws InterruptedException {
        t.play(1, control);
    }
}
