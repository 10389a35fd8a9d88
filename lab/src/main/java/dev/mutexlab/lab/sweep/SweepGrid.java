package dev.mutexlab.lab.sweep;

/**
 * The 108-shape grid of Go's starvation-mode experiment (docs/background.md §1): holds × outside work × workers × procs (procs clipped by
 * {@link dev.mutexlab.lab.config.Procs}).
 */
public final class SweepGrid {
    /** Its holds: 0.1, 1 and 10 µs. */
    public static final String DEFAULT_HOLDS = "100ns,1us,10us";
    /** Its outside work: none, equal to the hold, 10× the hold. */
    public static final String DEFAULT_OUTSIDE = "0,1x,10x";
    /** Its worker (goroutine) counts. */
    public static final String DEFAULT_WORKERS = "2,4,8,16,32,64";
    /** Its processor counts (GOMAXPROCS). */
    public static final String DEFAULT_PROCS = "2,4,8";

    private SweepGrid() {
    }
}
