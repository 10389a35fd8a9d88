package dev.mutexlab.bench;

import dev.mutexlab.locks.Mutex;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * Question: how many items per second does a bounded buffer of ArrayBlockingQueue's shape (one
 * lock, two conditions notEmpty and notFull, a small ring) move with 2 producers and 2 consumers,
 * for each lock?
 *
 * Hypothesis: with a small capacity most operations signal a thread that waits on the other
 * condition, so the cost is in how a signal reaches its waiter. ReentrantLock's conditions move
 * the signalled waiter to the lock's queue, and the release that lets it in wakes it: one wake-up
 * per signal, never into a held lock. A lock whose signal woke the waiter at once would pay a
 * second wake-up per signal (the waiter finds the signaller still holding the lock and sleeps
 * again in it), and on a busy machine its wake-ups would preempt signallers that hold the lock;
 * such a lock was measured at 0.1-0.9x jdk on 2 CPUs. With the wake deferred to the release
 * (MutexCondition), every lock should be within the spread of its lock-only throughput
 * (Contended) of jdk. The secondary scores say where the time goes: waits (operations that found
 * the buffer full or empty and awaited, as a rate: divided by the primary score, waits per item)
 * and stalls (waits that used up their millisecond: the wake came that late or never; about 0
 * unless a thread is kept off its CPU for a millisecond).
 *
 * A waiting side rechecks every millisecond whether JMH is ending the iteration, so the other
 * side stopping never leaves it parked. Every item is a counter value: a lost or doubled item
 * throws.
 *
 * How to run:
 *   ./mutexlab jmh BoundedBufferConditions
 *   ./mutexlab jmh BoundedBufferConditions -p spec=go,lineup,jdk -p capacity=4 -f 3 -wi 5 -i 5
 *   ./mutexlab jmh BoundedBufferConditions -p spec=go:stats,lineup:stats -f 1   (events per item)
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class BoundedBufferConditions {

    private static final long STOP_CHECK_NANOS = 1_000_000L;

    /** The buffer all four threads share: a ring guarded by the lock under test. */
    @State(Scope.Group)
    public static class Buffer extends LockSpecs {
        @Param({"4"})
        public int capacity;

        Condition notEmpty;
        Condition notFull;
        long[] items;     // guarded by lock
        int putIndex;     // guarded by lock
        int takeIndex;    // guarded by lock
        int count;        // guarded by lock
        long lastPut;     // guarded by lock: every item is the next value
        long lastTaken;   // guarded by lock

        @Override
        protected void created() {
            notEmpty = lock.newCondition();
            notFull = lock.newCondition();
            items = new long[capacity];
        }

        boolean put(Control control, Waits waits) throws InterruptedException {
            lock.lock();
            try {
                while (count == items.length) {
                    if (!await(notFull, control, waits)) {
                        return false;
                    }
                }
                items[putIndex] = ++lastPut;
                putIndex = putIndex + 1 == items.length ? 0 : putIndex + 1;
                count++;
                notEmpty.signal();
                return true;
            } finally {
                lock.unlock();
            }
        }

        long take(Control control, Waits waits) throws InterruptedException {
            lock.lock();
            try {
                while (count == 0) {
                    if (!await(notEmpty, control, waits)) {
                        return -1L;
                    }
                }
                long item = items[takeIndex];
                if (item != ++lastTaken) {
                    throw new IllegalStateException("took item " + item + ", expected " + lastTaken);
                }
                takeIndex = takeIndex + 1 == items.length ? 0 : takeIndex + 1;
                count--;
                notFull.signal();
                return item;
            } finally {
                lock.unlock();
            }
        }

        /**
         * With a spec that records statistics ({@code -p spec=go:stats}), prints the lock's events
         * per item moved: contended acquisitions, parks and wake-ups per item are counts, not
         * timings, and compare before and after a change without an idle machine.
         */
        @TearDown(Level.Trial)
        public void printStatsPerItem() {
            if (lock instanceof Mutex m && m.stats().enabled() && lastTaken > 0) {
                StringBuilder sb = new StringBuilder("\n" + spec + ": lock events per item moved (" + lastTaken + " items):");
                m.stats().nonZeroCounts().forEach((event, n) ->
                        sb.append(String.format(" %s=%.3f", event, (double) n / lastTaken)));
                System.out.println(sb);
            }
        }

        /** One wait of at most a millisecond; false when JMH is ending the iteration. */
        private static boolean await(Condition c, Control control, Waits waits) throws InterruptedException {
            if (control.stopMeasurement) {
                return false;
            }
            waits.waits++;
            if (c.awaitNanos(STOP_CHECK_NANOS) <= 0L) {
                waits.stalls++;
            }
            return true;
        }
    }

    /** Per thread: how often it waited, and how often a wait used up its millisecond. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Waits {
        public long waits;
        public long stalls;

        @Setup(Level.Iteration)
        public void clear() {
            waits = 0;
            stalls = 0;
        }
    }

    @Benchmark
    @Group("buffer")
    @GroupThreads(2)
    public boolean put(Buffer b, Control control, Waits waits) throws InterruptedException {
        return b.put(control, waits);
    }

    @Benchmark
    @Group("buffer")
    @GroupThreads(2)
    public long take(Buffer b, Control control, Waits waits) throws InterruptedException {
        return b.take(control, waits);
    }
}
