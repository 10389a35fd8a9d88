package dev.mutexlab.lab.results;

import java.util.List;

/**
 * The shapes measured in one JVM confined to {@code procs} CPUs with one kind of thread.
 *
 * @param enforcement      how the processor count was enforced, in words
 * @param busyStepsPerNano the busy-work calibration of that JVM
 * @param peakHeapBytes    the most heap the JVM used
 */
public record GroupResult(String threads, int procs, String enforcement, double busyStepsPerNano,
                          long peakHeapBytes, List<ShapeResult> shapes) {
}
