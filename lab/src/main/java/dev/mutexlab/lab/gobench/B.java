package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Go's {@code testing.B} for one run of one benchmark: {@link #n} iterations, on {@link #procs}
 * processors (GOMAXPROCS), threads of one {@link ThreadKind} standing in for goroutines, and a
 * source of fresh locks under test for the primitives the benchmark builds.
 */
public final class B {
    /** Go's local-work loop count ({@code LocalWork = 100}): one dependent xorshift step each. */
    public static final int LOCAL_WORK = 100;

    /** b.N. */
    public final long n;
    /** GOMAXPROCS. */
    public final int procs;
    private final ThreadKind kind;
    private final Supplier<Lock> locks;
    private final long previousN;
    private final long previousNanos;
    private final List<Thread> started = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    B(long n, int procs, ThreadKind kind, Supplier<Lock> locks, long previousN, long previousNanos) {
        this.n = n;
        this.procs = procs;
        this.kind = kind;
        this.locks = locks;
        this.previousN = previousN;
        this.previousNanos = previousNanos;
    }

    /** A fresh lock under test. */
    public Lock newLock() {
        return locks.get();
    }

    /** The lock supplier, for primitives that need several locks. */
    public Supplier<Lock> locks() {
        return locks;
    }

    /** Go's {@code localWork}: {@code iterations} dependent steps the JIT cannot remove; feed the result back in. */
    public static long work(long foo, int iterations) {
        return BusyWork.spin(foo, iterations);
    }

    /** Keeps a thread's work result alive (Go's {@code c <- foo == 42}). */
    public static void sink(long foo) {
        BusyWork.consume(foo);
    }

    /**
     * Go's {@code b.RunParallel}: {@code parallelism × procs} threads each run {@code body} with its
     * own {@link PB}; returns when all have finished. The grain is Go's: about 100 µs of iterations per
     * claim, judged from the previous run, clamped to 1..10000.
     */
    public void runParallel(int parallelism, Consumer<PB> body) {
        long grain = previousN > 0 && previousNanos > 0 ? 100_000L * previousN / previousNanos : 1;
        grain = Math.max(1, Math.min(10_000, grain));
        AtomicLong counter = new AtomicLong();
        int threads = parallelism * procs;
        List<Thread> ts = new ArrayList<>(threads);
        for (int p = 0; p < threads; p++) {
            long g = grain;
            ts.add(start("parallel-" + p, () -> body.accept(new PB(counter, g, n))));
        }
        join(ts);
    }

    /** Go's {@code go f()}: starts a thread of the benchmark's kind; {@link #joinAll()} waits for every one. */
    public Thread go(Runnable task) {
        Thread t = start("go-" + started.size(), task);
        started.add(t);
        return t;
    }

    /** Waits for every thread {@link #go} started. */
    public void joinAll() {
        join(started);
        started.clear();
    }

    private Thread start(String name, Runnable task) {
        return kind.start(name, () -> {
            try {
                task.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        });
    }

    private void join(List<Thread> ts) {
        try {
            for (Thread t : ts) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        Throwable f = failure.get();
        if (f != null) {
            throw new IllegalStateException("a benchmark thread failed: " + f, f);
        }
    }
}
