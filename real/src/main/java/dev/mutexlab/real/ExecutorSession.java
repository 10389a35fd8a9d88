package dev.mutexlab.real;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.workload.BusyWork;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code ThreadPoolExecutor} as a server uses it: P pool threads (of the workers' kind)
 * taking from a bounded {@code LinkedBlockingQueue} (its take and put locks are the hot ones; the
 * executor's {@code mainLock} is cold in steady state), and every worker submitting tiny tasks. A
 * full queue makes the submitter wait for room (the rejection handler puts), so the queue never
 * grows without bound. Each task adds its submitter's sequence number to the submitter's tally;
 * the check, after shutdown, finds every task run exactly once: per submitter the count of tasks
 * and the sum and sum of squares of their sequence numbers.
 */
final class ExecutorSession implements Session {
    static final int QUEUE_CAPACITY = 1024;
    /** Busy-work steps of one task: a few hundred nanoseconds. */
    static final long TASK_STEPS = 200;

    private final long outsideSteps;
    private final ThreadPoolExecutor pool;
    private final long[] next;
    private final long[] busy;
    private final Tally ran;

    ExecutorSession(int workers, ThreadKind kind, int procs, long outsideSteps) {
        this.outsideSteps = outsideSteps;
        this.next = new long[workers * 16];
        this.busy = new long[workers * 16];
        this.ran = new Tally(workers);
        ThreadFactory threads = kind == ThreadKind.VIRTUAL ? Thread.ofVirtual().name("pool-", 0).factory()
                : Thread.ofPlatform().name("pool-", 0).daemon().factory();
        RejectedExecutionHandler waitForRoom = (task, executor) -> {
            try {
                executor.getQueue().put(task);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.util.concurrent.RejectedExecutionException("interrupted while the queue was full", e);
            }
        };
        int size = Math.max(1, procs);
        this.pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(QUEUE_CAPACITY),
                threads, waitForRoom);
        pool.prestartAllCoreThreads();
    }

    @Override
    public void operate(int thread) {
        int slot = thread * 16;
        long seq = next[slot];
        pool.execute(() -> {
            BusyWork.spin(seq | 1, TASK_STEPS);
            ran.add(thread, seq);
        });
        next[slot] = seq + 1;
        busy[slot] = BusyWork.spin(busy[slot] | 1, outsideSteps);
    }

    @Override
    public String check(long[] opsPerThread) throws InterruptedException {
        String drained = PoolTasks.drain("executor", pool);
        return drained != null ? drained : PoolTasks.eachRanOnce("executor", pool, next, opsPerThread, ran);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
