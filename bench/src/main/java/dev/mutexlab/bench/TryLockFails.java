package dev.mutexlab.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does a tryLock() cost when another thread holds the lock?
 *
 * Hypothesis: a failing tryLock is a read of the lock word (and, for the reentrant wrappers, of
 * the owner) with no write, a few ns for every lock, except semaphore:handoff, whose tryLock takes
 * its queue guard (an atomic write each way), and kernel, whose trylock loop reads the owner word.
 *
 * How to run:
 *   ./mutexlab jmh TryLockFails
 *   ./mutexlab jmh TryLockFails -p spec=go,jdk -f 1 -wi 1 -i 1
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class TryLockFails {

    /** A lock that a parked helper thread holds for the whole trial. */
    @State(Scope.Benchmark)
    public static class HeldLock extends LockSpecs {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private Thread holder;

        @Override
        protected void created() throws InterruptedException {
            holder = Thread.ofPlatform().daemon().start(() -> {
                lock.lock();
                try {
                    held.countDown();
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    lock.unlock();
                }
            });
            held.await();
        }

        @TearDown
        public void letGo() throws InterruptedException {
            release.countDown();
            holder.join();
        }
    }

    @Benchmark
    public boolean tryLock(HeldLock s) {
        boolean acquired = s.lock.tryLock();
        if (acquired) {
            s.lock.unlock(); // never happens while the holder holds it; keeps the benchmark honest
        }
        return acquired;
    }
}
