package dev.mutexlab.lab.bench;

import dev.mutexlab.lab.stats.Metrics;
import dev.mutexlab.lab.stats.Spread;
import dev.mutexlab.locks.Locks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * The cost of an uncontended {@code lock(); unlock()} pair on one thread, for several locks,
 * interleaved: each round times every lock once (in rotated order) after a warm-up, and each lock's
 * ratio to the first is taken within the round. Question: what does the fast path cost?
 *
 * <p>Run: {@code ./mutexlab uncontended --locks go,jdk --rounds 15}. The locks share one call site,
 * so compare at most two or three at a time (HotSpot inlines up to two receiver types per site).
 */
public final class Uncontended {
    /** Per-lock result: nanoseconds per lock+unlock pair and ratio to the first lock, over rounds. */
    public record Result(String spec, Spread nanosPerOp, Spread ratio) {
    }

    private static volatile int sink;

    private Uncontended() {
    }

    public static List<Result> measure(List<String> specs, int rounds, long opsPerRound) {
        List<Lock> locks = new ArrayList<>();
        for (String s : specs) {
            locks.add(Locks.create(s));
        }
        for (int warm = 0; warm < 3; warm++) { // JIT warm-up of every lock through the shared site
            for (Lock l : locks) {
                time(l, opsPerRound);
            }
        }
        double[][] nanos = new double[locks.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int i : Metrics.rotatedOrder(locks.size(), r)) {
                nanos[i][r] = (double) time(locks.get(i), opsPerRound) / opsPerRound;
            }
        }
        double[][] ratios = Metrics.ratiosWithinBatch(nanos);
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < locks.size(); i++) {
            results.add(new Result(specs.get(i), Metrics.spread(nanos[i]), Metrics.spread(ratios[i])));
        }
        return results;
    }

    private static long time(Lock lock, long ops) {
        int x = 0;
        long t0 = System.nanoTime();
        for (long i = 0; i < ops; i++) {
            lock.lock();
            x++;
            lock.unlock();
        }
        long t1 = System.nanoTime();
        sink = x;
        return t1 - t0;
    }
}
