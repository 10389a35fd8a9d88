package dev.mutexlab.lab.results;

import java.util.List;
import java.util.Map;

/**
 * One measurement: one lock, one shape, one run (batch).
 *
 * @param run                 the batch number, from 0
 * @param order               the lock's position in that batch's rotated order
 * @param throughputPerSec    acquisitions per second of wall time
 * @param acquisitions        acquisitions in the measured window
 * @param wallNanos           the measured window
 * @param perWorker           acquisitions of each worker
 * @param waits               wait to acquire
 * @param jain                Jain's fairness index of the per-worker counts (1 = equal)
 * @param maxMinRatio         most / fewest acquisitions of a worker (null when some worker got none)
 * @param cpuPerWall          CPU seconds the JVM used per wall second
 * @param voluntarySwitches   voluntary context switches in the window
 * @param involuntarySwitches involuntary context switches in the window
 * @param lockEvents          the lock's own counters in the window (empty if it keeps none)
 * @param starvationShare     share of the window the lock spent in starvation (handoff) mode
 * @param runQueue            how long the workers (carriers, for virtual threads) were runnable but not
 *                            running; null where Linux's schedstat cannot be read
 * @param noise               what else the machine and the JVM did in the window (1.2; null in older files)
 */
public record Sample(int run, int order, double throughputPerSec, long acquisitions, long wallNanos,
                     List<Long> perWorker, WaitSummary waits, double jain, Double maxMinRatio, double cpuPerWall,
                     long voluntarySwitches, long involuntarySwitches, Map<String, Long> lockEvents,
                     double starvationShare, RunQueueDelay runQueue, Noise noise) {
    /** A sample without a noise reading (Go's own program reads none). */
    public Sample(int run, int order, double throughputPerSec, long acquisitions, long wallNanos,
                  List<Long> perWorker, WaitSummary waits, double jain, Double maxMinRatio, double cpuPerWall,
                  long voluntarySwitches, long involuntarySwitches, Map<String, Long> lockEvents,
                  double starvationShare, RunQueueDelay runQueue) {
        this(run, order, throughputPerSec, acquisitions, wallNanos, perWorker, waits, jain, maxMinRatio, cpuPerWall,
                voluntarySwitches, involuntarySwitches, lockEvents, starvationShare, runQueue, null);
    }

    /** Whether the window was flagged as disturbed ({@link Noise#wasDisturbed()}). */
    public boolean disturbed() {
        return noise != null && noise.wasDisturbed();
    }
}
