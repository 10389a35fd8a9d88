package dev.mutexlab.lab.sweep;

import dev.mutexlab.lab.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The seed's 108-shape grid — holds × outside work × workers × procs — and its clipping to the
 * processors this machine has.
 */
public final class SweepGrid {
    /** The seed's holds: 0.1, 1 and 10 µs. */
    public static final String DEFAULT_HOLDS = "100ns,1us,10us";
    /** The seed's outside work: none, equal to the hold, 10× the hold. */
    public static final String DEFAULT_OUTSIDE = "0,1x,10x";
    /** The seed's worker (goroutine) counts. */
    public static final String DEFAULT_WORKERS = "2,4,8,16,32,64";
    /** The seed's processor counts (GOMAXPROCS). */
    public static final String DEFAULT_PROCS = "2,4,8";

    private SweepGrid() {
    }

    /**
     * Processor counts that fit this machine, and a note saying what was left out.
     *
     * @param kept    the counts at most {@code cpus}, in the given order
     * @param dropped the counts left out
     * @param note    one sentence for the output and the result file; empty when nothing was dropped
     */
    public record Clip(List<Integer> kept, List<Integer> dropped, String note) {
    }

    /** Keeps the processor counts this machine has; throws {@link UsageException} if none is left. */
    public static Clip clipProcs(List<Integer> procs, int cpus) {
        List<Integer> kept = new ArrayList<>();
        List<Integer> dropped = new ArrayList<>();
        for (int p : procs) {
            if (p < 1) {
                throw new UsageException("procs must be at least 1, got " + p);
            }
            (p <= cpus ? kept : dropped).add(p);
        }
        if (kept.isEmpty()) {
            throw new UsageException("--procs " + join(procs) + ": none fits this machine's " + cpus + " CPUs");
        }
        String note = dropped.isEmpty() ? "" : "procs " + join(dropped) + " left out: this machine has " + cpus + " CPUs";
        return new Clip(List.copyOf(kept), List.copyOf(dropped), note);
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
