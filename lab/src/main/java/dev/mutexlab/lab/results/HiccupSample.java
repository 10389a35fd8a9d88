package dev.mutexlab.lab.results;

/**
 * One window of the hiccup meter: busy threads that read the clock in a loop and take no lock.
 *
 * @param run                the batch, from 0
 * @param order              its position in that batch's rotated order (among the locks)
 * @param wallNanos          the measured window
 * @param longestStallNanos  the longest gap between two consecutive clock reads of any thread
 * @param stalledShare       the gaps of at least {@link HiccupResult#STALL_THRESHOLD_NANOS}, summed over the
 *                           threads, / (threads × window)
 * @param stalls             the gaps of at least {@link HiccupResult#STALL_THRESHOLD_NANOS}
 */
public record HiccupSample(int run, int order, long wallNanos, long longestStallNanos, double stalledShare,
                           WaitSummary stalls) {
}
