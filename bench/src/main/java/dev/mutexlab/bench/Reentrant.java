package dev.mutexlab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does a reentrant lock(); unlock() cost, by a thread that already holds the lock?
 *
 * Hypothesis: no atomic instruction at all: AbstractMutex counts holds beyond the first in a plain
 * field that only the owner touches (ReentrantLock writes its volatile state), so every library
 * lock is cheaper than ReentrantLock here, and all of them are alike.
 *
 * How to run:
 *   ./mutexlab jmh Reentrant
 *   ./mutexlab jmh Reentrant -p spec=go,jdk -f 1 -wi 1 -i 1
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class Reentrant {

    /** A lock the benchmark thread holds once for each iteration. */
    @State(Scope.Thread)
    public static class HeldOnce extends LockSpecs {
        int counter;

        @Setup(Level.Iteration)
        public void holdOnce() {
            lock.lock();
        }

        @TearDown(Level.Iteration)
        public void release() {
            lock.unlock();
        }
    }

    @Benchmark
    public int reenter(HeldOnce s) {
        s.lock.lock();
        try {
            return ++s.counter;
        } finally {
            s.lock.unlock();
        }
    }
}
