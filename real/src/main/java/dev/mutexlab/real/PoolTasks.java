package dev.mutexlab.real;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The check of a workload whose threads hand numbered tasks to a {@code ThreadPoolExecutor} (the
 * executor and scheduled workloads): the pool drains after shutdown, every thread made as many
 * tasks as the harness counted, each ran exactly once ({@link Tally}), and the pool completed them
 * all.
 */
final class PoolTasks {

    private PoolTasks() {
    }

    /** Shuts {@code pool} down and waits for its queued tasks: null, or why it did not drain. */
    static String drain(String workload, ThreadPoolExecutor pool) throws InterruptedException {
        pool.shutdown();
        return pool.awaitTermination(30, TimeUnit.SECONDS) ? null
                : workload + ": the pool did not finish its queued tasks within 30 s after shutdown";
    }

    /**
     * Null when thread t made {@code nextBySlot[t * 16]} tasks, as many as {@code opsPerThread[t]},
     * each ran once ({@code ran}), and {@code pool} completed them all; else the first mismatch.
     */
    static String eachRanOnce(String workload, ThreadPoolExecutor pool, long[] nextBySlot, long[] opsPerThread, Tally ran) {
        long total = 0;
        for (int t = 0; t < opsPerThread.length; t++) {
            long n = nextBySlot[t * 16];
            total += n;
            if (n != opsPerThread[t]) {
                return workload + ": thread " + t + " counted " + n + " tasks but the harness " + opsPerThread[t];
            }
            String mismatch = ran.mismatch(t, n);
            if (mismatch != null) {
                return workload + ": thread " + t + "'s tasks: " + mismatch;
            }
        }
        if (pool.getCompletedTaskCount() != total) {
            return workload + ": " + total + " tasks made, the pool completed " + pool.getCompletedTaskCount();
        }
        return null;
    }
}
