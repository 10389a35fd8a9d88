package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.results.RunQueueDelay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Run-queue delay from Linux's {@code /proc/<pid>/task/<tid>/schedstat}: three numbers, the time the
 * thread ran, the time it spent runnable waiting on a run queue, and how many times it was scheduled
 * (nanoseconds, nanoseconds, count; {@code Documentation/scheduler/sched-stats.rst}). A thread learns its
 * own native id from {@code /proc/thread-self}, a link to {@code <pid>/task/<tid>}; nothing in the JDK
 * gives it ({@link Thread#threadId()} is the JVM's own number). The coordinator then reads every
 * thread's file at both ends of the window, so all threads share the window of the lock measurement.
 *
 * <p>Where there is no {@code /proc} (not Linux) every method answers "unknown" ({@code -1}, null),
 * and the result holds no run-queue figure.
 */
public final class SchedStat {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final long PROBE_TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private SchedStat() {
    }

    /** The calling thread's native id (a virtual thread: its carrier's, now), or -1 where unknown. */
    public static long currentTid() {
        try {
            String link = Files.readSymbolicLink(THREAD_SELF).toString(); // "<pid>/task/<tid>"
            return Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | UnsupportedOperationException | NumberFormatException | SecurityException e) {
            return -1;
        }
    }

    /** The run-queue delay of thread {@code tid} of this process so far, in nanoseconds, or -1 where unknown. */
    public static long runDelayNanos(long tid) {
        if (tid <= 0) {
            return -1;
        }
        try {
            return parseRunDelayNanos(Files.readString(TASKS.resolve(Long.toString(tid)).resolve("schedstat")));
        } catch (IOException | SecurityException e) {
            return -1; // the thread has exited, or there is no /proc
        }
    }

    /** The second field of a schedstat line ({@code "<ran ns> <waited ns> <timeslices>"}), or -1 if malformed. */
    static long parseRunDelayNanos(String schedstat) {
        String[] fields = schedstat.trim().split("\\s+");
        if (fields.length < 3) {
            return -1;
        }
        try {
            long delay = Long.parseLong(fields[1]);
            return delay >= 0 ? delay : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** {@link #runDelayNanos} of each thread; -1 entries are unknown. */
    static long[] read(long[] tids) {
        long[] delays = new long[tids.length];
        for (int i = 0; i < tids.length; i++) {
            delays[i] = runDelayNanos(tids[i]);
        }
        return delays;
    }

    /**
     * The delay of each thread between two readings over a window of {@code windowNanos}, as shares;
     * threads unknown at either end are left out, and with none left the answer is null.
     */
    static RunQueueDelay delay(String of, long[] before, long[] after, long windowNanos) {
        int threads = 0;
        double sum = 0;
        double max = 0;
        for (int i = 0; i < before.length; i++) {
            if (before[i] < 0 || after[i] < 0 || windowNanos <= 0) {
                continue;
            }
            double share = (double) Math.max(0, after[i] - before[i]) / windowNanos;
            threads++;
            sum += share;
            max = Math.max(max, share);
        }
        return threads == 0 ? null : new RunQueueDelay(of, threads, sum / threads, max);
    }

    /**
     * The native ids of the virtual-thread scheduler's carriers: {@code carriers} virtual threads spin
     * until all of them run at once (so each holds its own carrier) or 200 ms pass, and each reads the
     * id of the carrier it runs on. Call it while no other virtual thread runs. The ids found, without
     * duplicates; empty where they cannot be read.
     */
    static long[] carrierTids(int carriers) throws InterruptedException {
        if (currentTid() < 0) {
            return new long[0];
        }
        AtomicInteger arrived = new AtomicInteger();
        long[] tids = new long[carriers];
        Thread[] probes = new Thread[carriers];
        long deadline = System.nanoTime() + PROBE_TIMEOUT_NANOS;
        for (int i = 0; i < carriers; i++) {
            int slot = i;
            probes[i] = Thread.ofVirtual().name("carrier-probe-" + i).start(() -> {
                arrived.incrementAndGet();
                while (arrived.get() < carriers && System.nanoTime() - deadline < 0) {
                    Thread.onSpinWait(); // no yield: while this spins, its carrier is its own
                }
                tids[slot] = currentTid();
            });
        }
        for (Thread t : probes) {
            t.join();
        }
        Set<Long> distinct = new HashSet<>();
        for (long tid : tids) {
            if (tid > 0) {
                distinct.add(tid);
            }
        }
        return distinct.stream().mapToLong(Long::longValue).sorted().toArray();
    }
}
