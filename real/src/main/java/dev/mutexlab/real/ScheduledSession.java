package dev.mutexlab.real;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The JDK's {@code ScheduledThreadPoolExecutor} as a timer service: P pool threads (of the workers'
 * kind) and every worker scheduling tiny tasks, one in four due at once and the rest after a random
 * delay of up to {@value #MAX_DELAY_MICROS} µs. The pool's {@code DelayedWorkQueue} keeps them in
 * a heap under one {@code ReentrantLock}; its {@code available} condition parks the pool threads
 * (one leader waits for the head's delay, the others without limit). The queue is unbounded, so
 * each worker holds at most {@value #OUTSTANDING_PER_WORKER} tasks in flight (a semaphore the task
 * releases), and a worker ahead of the pool waits for its own tasks.
 *
 * <p>The check, after shutdown (which runs the delayed tasks already queued): per submitter every
 * task ran exactly once — the count, sum and sum of squares of its sequence numbers — none ran
 * before its delay was up, and the pool's completed count is the total.
 */
final class ScheduledSession implements Session {
    static final int OUTSTANDING_PER_WORKER = 64;
    static final long MAX_DELAY_MICROS = 50;
    /** Busy-work steps of one task: a few hundred nanoseconds. */
    static final long TASK_STEPS = 200;

    private final long outsideSteps;
    private final ScheduledThreadPoolExecutor pool;
    private final Semaphore[] inFlight;
    private final SplittableRandom[] random;
    private final long[] next;
    private final long[] busy;
    private final Tally ran;
    private final LongAdder early = new LongAdder();

    ScheduledSession(int workers, ThreadKind kind, int procs, long outsideSteps, long seed) {
        this.outsideSteps = outsideSteps;
        this.inFlight = new Semaphore[workers];
        this.random = new SplittableRandom[workers];
        this.ran = new Tally(workers);
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int t = 0; t < workers; t++) {
            inFlight[t] = new Semaphore(OUTSTANDING_PER_WORKER);
            random[t] = seeds.split();
        }
        this.next = new long[workers * 16];
        this.busy = new long[workers * 16];
        ThreadFactory threads = kind == ThreadKind.VIRTUAL ? Thread.ofVirtual().name("timer-", 0).factory()
                : Thread.ofPlatform().name("timer-", 0).daemon().factory();
        this.pool = new ScheduledThreadPoolExecutor(Math.max(1, procs), threads);
        pool.prestartAllCoreThreads();
    }

    @Override
    public void operate(int thread) throws InterruptedException {
        int slot = thread * 16;
        long seq = next[slot];
        SplittableRandom r = random[thread];
        long delayNanos = r.nextInt(4) == 0 ? 0 : TimeUnit.MICROSECONDS.toNanos(1 + r.nextLong(MAX_DELAY_MICROS));
        inFlight[thread].acquire();
        long dueNanos = System.nanoTime() + delayNanos;
        pool.schedule(() -> {
            if (System.nanoTime() - dueNanos < 0) {
                early.increment();
            }
            BusyWork.spin(seq | 1, TASK_STEPS);
            ran.add(thread, seq);
            inFlight[thread].release();
        }, delayNanos, TimeUnit.NANOSECONDS);
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) throws InterruptedException {
        String drained = PoolTasks.drain("scheduled", pool);
        if (drained != null) {
            return drained;
        }
        if (early.sum() != 0) {
            return "scheduled: " + early.sum() + " tasks ran before their delay was up";
        }
        return PoolTasks.eachRanOnce("scheduled", pool, next, opsPerThread, ran);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
