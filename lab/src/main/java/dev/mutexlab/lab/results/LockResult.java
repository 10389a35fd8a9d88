package dev.mutexlab.lab.results;

import dev.mutexlab.lab.stats.Spread;
import java.util.List;

/**
 * One lock in one shape: every run and the summary over them.
 *
 * @param spec        the lab spec
 * @param runs        one sample per batch
 * @param throughput  acquisitions per second
 * @param utilization throughput / ceiling
 * @param ratio       throughput / the first lock's, within each batch
 * @param waits       wait to acquire over all runs (merged histogram)
 * @param jain        Jain's fairness index per run
 * @param cpuPerWall  CPU seconds per wall second
 * @param starvationShare share of time in starvation mode
 * @param runQueueShare    the samples' mean run-queue share ({@link RunQueueDelay#meanShare()}); null if not read
 * @param runQueueMaxShare the samples' largest run-queue share ({@link RunQueueDelay#maxShare()}); null if not read
 */
public record LockResult(String spec, List<Sample> runs, Spread throughput, Spread utilization, Spread ratio,
                         WaitSummary waits, Spread jain, Spread cpuPerWall, Spread starvationShare,
                         Spread runQueueShare, Spread runQueueMaxShare) {
}
