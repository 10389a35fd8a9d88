package dev.mutexlab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/*
 * Question: what throughput does each lock reach when 2 or 4 threads loop lock; work; unlock; work,
 * with short and long critical sections?
 *
 * Hypothesis: with short holds (holdTokens = 10, tens of ns) the barging, spinning locks (go,
 * spinbit, kernel, jdk) keep the lock on one CPU for several acquisitions and beat the FIFO
 * handoff designs (jdk-fair, semaphore:handoff) several times over; with long holds (1000 tokens,
 * microseconds) the gap shrinks, because a handoff's wake-up then costs less than the hold. futex
 * falls behind spinbit at 4 threads (every unlock of a sleeping lock wakes one). This is the lab's
 * `run` in miniature; its numbers depend on the CPUs (compare at equal -t and cores).
 *
 * Work outside the lock equals the hold. Blackhole.consumeCPU spends about a nanosecond per token.
 *
 * How to run:
 *   ./mutexlab jmh Contended
 *   ./mutexlab jmh Contended -p spec=go,jdk -p holdTokens=10 -f 1 -wi 1 -i 1
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class Contended {

    /** The one lock all benchmark threads share. */
    @State(Scope.Benchmark)
    public static class SharedLock extends LockSpecs {
        @Param({"10", "1000"})
        public long holdTokens;
        long counter; // guarded by lock
    }

    private static long acquireHoldRelease(SharedLock s) {
        s.lock.lock();
        try {
            Blackhole.consumeCPU(s.holdTokens);
            return ++s.counter;
        } finally {
            s.lock.unlock();
            Blackhole.consumeCPU(s.holdTokens);
        }
    }

    @Benchmark
    @Threads(2)
    public long twoThreads(SharedLock s) {
        return acquireHoldRelease(s);
    }

    @Benchmark
    @Threads(4)
    public long fourThreads(SharedLock s) {
        return acquireHoldRelease(s);
    }
}
