package dev.mutexlab.lab.results;

import java.util.List;

/** One shape of the grid and every lock measured in it. */
public record ShapeResult(String threads, int procs, int workers, long holdNanos, long outsideNanos,
                          double ceilingPerSec, List<LockResult> locks) {
}
