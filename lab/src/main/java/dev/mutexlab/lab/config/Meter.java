package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.HiccupResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One hiccup meter of a (thread kind, procs, workers) block: {@code threads} busy threads that take no
 * lock, one per {@code per} ({@code worker} or {@code cpu}).
 */
public record Meter(int threads, String per) {
    /**
     * The meters of a block: on platform threads one busy thread per worker and one per CPU (once when
     * the counts agree); on virtual threads one per carrier only, because busy virtual threads are not
     * time-sliced and those beyond the carriers would not run at all.
     */
    public static List<Meter> forBlock(ThreadKind kind, int procs, int workers) {
        List<Meter> meters = new ArrayList<>();
        if (kind == ThreadKind.PLATFORM) {
            meters.add(new Meter(workers, HiccupResult.PER_WORKER));
        }
        if (kind != ThreadKind.PLATFORM || procs != workers) {
            meters.add(new Meter(procs, HiccupResult.PER_CPU));
        }
        return meters;
    }
}
