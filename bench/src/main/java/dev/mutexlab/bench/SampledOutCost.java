package dev.mutexlab.bench;

import dev.mutexlab.agent.runtime.AgentReentrantLock;
import dev.mutexlab.agent.runtime.ReentrantLockHooks;
import dev.mutexlab.agent.runtime.Settings;
import dev.mutexlab.agent.runtime.Sites;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/*
 * Question: on a lock 8 threads fight over on 2 CPUs (threads = 4 x CPUs, short holds), which part
 * of the profiler costs throughput: the path every acquisition takes (sampled out), or the one in
 * N that is timed?
 *
 * Hypothesis: the sampled-out path is one decrement of the thread's own countdown before the lock
 * is called and one read of a field only a timed holder writes on release; it adds nothing to the
 * critical section and shares no line, so "sampledOut" runs within noise of "forwarding" (the
 * agent's lock with no profile). The one-in-64 timed acquisition adds two clock reads inside the
 * critical section (the hold's start and end) and a histogram write; the hold it lengthens delays
 * every waiter, so "profiled64" is where a contended lock pays, in proportion to the clock's cost
 * over the hold. "jdkProbed64" is the attach's probes around the JDK's own lock (what a lock made
 * before an attach runs): a thread-local countdown on lock, one static read on unlock, and a stack
 * walk on the sampled path, outside the critical section.
 *
 * Variants: stock = java.util.concurrent.locks.ReentrantLock; forwarding = the agent's lock, not
 * profiled; sampledOut = profiled with sample=2^20 (every acquisition sampled out); profiled64 =
 * profiled at the default sample=64; jdkProbed64 = the stock lock with the attach's hooks called as
 * the probed ReentrantLock calls them, sample=64. No agent is attached: the benchmark builds the
 * agent's runtime objects directly, with the settings the agent would install.
 *
 * How to run:
 *   ./mutexlab jmh SampledOutCost
 *   ./mutexlab jmh SampledOutCost -p variant=forwarding,sampledOut -f 1
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class SampledOutCost {

    /** A sample rate so low that no acquisition in a run is timed. */
    static final int NEVER = 1 << 20;

    /** One lock, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class SharedLock {
        @Param({"stock", "forwarding", "sampledOut", "profiled64", "jdkProbed64"})
        public String variant;

        /** Work outside the lock per operation, in Blackhole tokens (about a nanosecond each). */
        @Param({"20"})
        public int outsideTokens;

        ReentrantLock lock;
        boolean hooks;
        long counter;

        @Setup(Level.Trial)
        public void create() {
            int site = Sites.add(SampledOutCost.class.getName(), "create", 0, "new", -1, "SampledOutCost.java");
            switch (variant) {
                case "stock" -> lock = new ReentrantLock();
                case "forwarding" -> {
                    Settings.install(new Settings(null, false, false, 1, 0));
                    lock = new AgentReentrantLock(false, site);
                }
                case "sampledOut", "profiled64" -> {
                    Settings.install(new Settings(null, false, true, variant.equals("sampledOut") ? NEVER : 64, 0));
                    lock = new AgentReentrantLock(false, site);
                }
                case "jdkProbed64" -> {
                    Settings.install(new Settings(null, false, true, 64, 0));
                    ReentrantLockHooks.begin();
                    lock = new ReentrantLock();
                    hooks = true;
                }
                default -> throw new IllegalArgumentException("variant " + variant);
            }
        }

        @TearDown(Level.Trial)
        public void stop() {
            ReentrantLockHooks.end();
            Settings.install(Settings.NONE);
        }
    }

    @Benchmark
    @Threads(8)
    public long contended8(SharedLock s) {
        ReentrantLock lock = s.lock;
        long value;
        if (s.hooks) {
            long token = ReentrantLockHooks.arriving(lock);
            lock.lock();
            ReentrantLockHooks.acquired(lock, token);
            try {
                value = ++s.counter;
            } finally {
                long release = ReentrantLockHooks.unlocking(lock);
                lock.unlock();
                ReentrantLockHooks.released(release);
            }
        } else {
            lock.lock();
            try {
                value = ++s.counter;
            } finally {
                lock.unlock();
            }
        }
        Blackhole.consumeCPU(s.outsideTokens);
        return value;
    }
}
