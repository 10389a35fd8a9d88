package dev.mutexlab.lab.results;

import java.util.List;

/**
 * What {@code mutexlab apps} writes ({@value #SCHEMA}, documented in docs/results-schema.md): the
 * application-shaped workloads (cache, queue, logger, pool, striped map) on every lock, one sample
 * per (workload, lock, batch).
 *
 * @param groups   one per (thread kind, procs): one child JVM each
 * @param verdicts every lock's ops/s against the first lock's, per (group, workload), with its interval
 *                 and verdict (1.1; null in older files, where the table and {@code compare} recompute them)
 */
public record AppsResult(String schema, String command, String createdAt, Machine machine, Config config,
                         List<Group> groups, List<VerdictRow> verdicts) implements Result {
    public static final String SCHEMA = "mutexlab.apps/1.1";
    /** The version before the verdicts, still read. */
    public static final String SCHEMA_1_0 = "mutexlab.apps/1";

    /** A result without verdicts (they are added once every batch is in: {@link #withVerdicts}). */
    public AppsResult(String schema, String command, String createdAt, Machine machine, Config config, List<Group> groups) {
        this(schema, command, createdAt, machine, config, groups, null);
    }

    /** The same result with {@code rows} as its verdicts. */
    public AppsResult withVerdicts(List<VerdictRow> rows) {
        return new AppsResult(schema, command, createdAt, machine, config, groups, rows);
    }

    /**
     * Which entry of {@code config.locks} measured {@code s}: batch r measures the locks in an order
     * rotated by r, so position p of batch r is lock (p + r) mod n. This tells apart a lock listed
     * twice (the A/A control), whose samples carry the same name.
     */
    public static int lockIndex(Sample s, int lockCount) {
        return Math.floorMod(s.order() + s.run(), lockCount);
    }

    /**
     * The configuration as it appears in the file.
     *
     * @param workloads     the workloads by name ({@code cache}, {@code queue}, ...)
     * @param workers       threads per workload (the queue splits them into producers and consumers)
     * @param skew          the Zipf exponent of the keys (0: uniform)
     * @param keys          the key space
     * @param outsideNanos  work outside the lock per operation
     */
    public record Config(List<String> locks, List<String> threads, List<Integer> procs, List<String> workloads,
                         int workers, double skew, int keys, long outsideNanos, long durationNanos, long warmupNanos,
                         int runs) {
    }

    /**
     * One child JVM: one thread kind on P processors.
     *
     * @param workers the threads driving each workload in this group, where a result measures several
     *                counts ({@code mutexlab real --workers 1x,4x}); null where the configuration's
     *                {@code workers} holds for every group (apps, and real files before 1.2)
     */
    public record Group(String threads, int procs, String enforcement, double busyStepsPerNano, List<Sample> samples,
                        Integer workers) {
        /** A group whose workers are the configuration's. */
        public Group(String threads, int procs, String enforcement, double busyStepsPerNano, List<Sample> samples) {
            this(threads, procs, enforcement, busyStepsPerNano, samples, null);
        }

        /** The threads driving each workload here: {@code workers}, or {@code configured} where the group does not say. */
        public int workersOr(int configured) {
            return workers == null ? configured : workers;
        }
    }

    /**
     * One workload on one lock in one batch.
     *
     * @param run            the batch, from 0
     * @param order          the lock's position in that batch's rotated order
     * @param ops            operations in the measured window (a cache lookup, a put or a take, a log
     *                       call, a borrow and its return, a map update)
     * @param opsPerSec      ops per wall second
     * @param perThread      operations of each thread
     * @param latency        per-operation latency, lock waits and condition waits included
     * @param waits          wait to acquire the lock (every acquisition, condition waits excluded)
     * @param cpuNanosPerOp  the JVM's CPU time in the window per operation
     * @param cpuPerWall     CPU seconds the JVM used per wall second
     * @param jain           Jain's index of the per-thread operations (1 = equal)
     * @param check          {@code ok}, or the one line that says what the workload's own check found wrong
     * @param jvm            which child JVM of its group measured it: 0 for the planned batches, 1, 2, ...
     *                       for each round of batches added while cells were undecided (1.1; null in older files: 0)
     * @param noise          what else the machine and the JVM did in the window (1.1; null in older files)
     */
    public record Sample(String workload, String lock, int run, int order, long ops, long wallNanos, double opsPerSec,
                         List<Long> perThread, WaitSummary latency, WaitSummary waits, double cpuNanosPerOp,
                         double cpuPerWall, double jain, String check, Integer jvm, Noise noise) {
        /** A sample of the first JVM. */
        public Sample(String workload, String lock, int run, int order, long ops, long wallNanos, double opsPerSec,
                      List<Long> perThread, WaitSummary latency, WaitSummary waits, double cpuNanosPerOp,
                      double cpuPerWall, double jain, String check) {
            this(workload, lock, run, order, ops, wallNanos, opsPerSec, perThread, latency, waits, cpuNanosPerOp,
                    cpuPerWall, jain, check, null, null);
        }

        /** The same sample with another check: {@code check} says why it failed. */
        public Sample withCheck(String failed) {
            return new Sample(workload, lock, run, order, ops, wallNanos, opsPerSec, perThread, latency, waits,
                    cpuNanosPerOp, cpuPerWall, jain, failed, jvm, noise);
        }

        /** The same sample with its noise reading. */
        public Sample withNoise(Noise reading) {
            return new Sample(workload, lock, run, order, ops, wallNanos, opsPerSec, perThread, latency, waits,
                    cpuNanosPerOp, cpuPerWall, jain, check, jvm, reading);
        }

        /** Whether the window was flagged as disturbed. */
        public boolean disturbed() {
            return noise != null && noise.wasDisturbed();
        }

        /** The same sample, measured in JVM {@code number} of its group. */
        public Sample inJvm(int number) {
            return new Sample(workload, lock, run, order, ops, wallNanos, opsPerSec, perThread, latency, waits,
                    cpuNanosPerOp, cpuPerWall, jain, check, number, noise);
        }

        /** The JVM that measured it (0 where the file does not say). */
        public int jvmNumber() {
            return jvm == null ? 0 : jvm;
        }

        /** The check's word for a consistent structure. */
        public static final String OK = "ok";

        public boolean checkPassed() {
            return OK.equals(check);
        }
    }
}
