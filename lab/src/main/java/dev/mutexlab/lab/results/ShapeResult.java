package dev.mutexlab.lab.results;

import java.util.List;

/**
 * One shape of the grid and every lock measured in it.
 *
 * @param hiccups the hiccup meters measured beside these locks (the first shape of each
 *                (thread kind, procs, workers) block carries them; empty or null for the others)
 */
public record ShapeResult(String threads, int procs, int workers, long holdNanos, long outsideNanos,
                          double ceilingPerSec, List<LockResult> locks, List<HiccupResult> hiccups) {
}
