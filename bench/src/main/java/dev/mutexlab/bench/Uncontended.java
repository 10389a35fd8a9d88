package dev.mutexlab.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does an uncontended lock(); unlock() pair cost on one thread, for each lock,
 * against ReentrantLock (spec "jdk"), a synchronized block, and the floor: one CAS to acquire and
 * one release store to free?
 *
 * Hypothesis: every lock's fast path is one atomic read-modify-write to acquire and one to release
 * (ReentrantLock: a CAS and a volatile store), plus AbstractMutex's owner bookkeeping (the load
 * of its final AbstractOwnableSynchronizer, a compare and two plain stores of the owner thread:
 * ReentrantLock's own shape, which makes the owner visible to thread dumps and deadlock
 * detection), so each lock costs at most ReentrantLock's time (the bar: <= 1.0x "jdk"),
 * and the floor is a bit below both. The JFR events cost nothing here: no recording runs, and only slow paths touch them
 * (MutexContended is begun only after the fast path failed).
 *
 * Every variant does the same work inside: one increment of a field of its state.
 *
 * How to run:
 *   ./mutexlab jmh Uncontended                                 # every spec, 3 forks
 *   ./mutexlab jmh Uncontended -p spec=go,jdk -f 1 -wi 1 -i 1  # a quick look
 *   ./mutexlab jmh Uncontended -p spec=go,jdk -prof perfasm    # where the cycles go (Linux perf + hsdis)
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class Uncontended {

    /** The lock under test, one per benchmark thread. */
    @State(Scope.Thread)
    public static class OwnLock extends LockSpecs {
        int counter;
    }

    @Benchmark
    public int lockUnlock(OwnLock s) {
        s.lock.lock();
        try {
            return ++s.counter;
        } finally {
            s.lock.unlock();
        }
    }

    /** The JVM's own monitor, on an object the benchmark keeps reachable (no lock elision). */
    @State(Scope.Thread)
    public static class Monitor {
        final Object lock = new Object();
        int counter;
    }

    @Benchmark
    public int synchronizedBlock(Monitor s) {
        synchronized (s.lock) {
            return ++s.counter;
        }
    }

    /** The floor: a lock that is one CAS from 0 to 1 and a release store of 0, with no owner. */
    @State(Scope.Thread)
    public static class CasFloor {
        volatile int state;
        int counter;

        static final VarHandle STATE;
        static {
            try {
                STATE = MethodHandles.lookup().findVarHandle(CasFloor.class, "state", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    @Benchmark
    public int casFloor(CasFloor s) {
        if (!CasFloor.STATE.compareAndSet(s, 0, 1)) {
            throw new IllegalStateException("the floor lock is held");
        }
        try {
            return ++s.counter;
        } finally {
            CasFloor.STATE.setRelease(s, 0);
        }
    }
}
