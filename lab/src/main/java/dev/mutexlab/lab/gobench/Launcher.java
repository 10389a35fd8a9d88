package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.config.ThreadKind;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * Go's {@code B.launch}: runs a benchmark with N = 1, then with a predicted N, growing until one run
 * takes at least the bench time, and reports that last run. A fixed count ({@code 1000x}) runs N = 1
 * and then exactly that N, as Go does.
 */
public final class Launcher {
    /** Go's cap on b.N. */
    static final long MAX_N = 1_000_000_000L;

    /** The run a benchmark reports: b.N and its wall time. */
    public record Run(long n, long nanos) {
        public double nsPerOp() {
            return n == 0 ? 0 : (double) nanos / n;
        }
    }

    /** How long or how many: Go's {@code -benchtime} ({@code 1s}, {@code 100ms}, {@code 500x}). */
    public record BenchTime(long nanos, long fixedN) {
        public boolean isCount() {
            return fixedN > 0;
        }

        /** As Go writes it: {@code 500x} or {@code 100ms}. */
        public String label() {
            return isCount() ? fixedN + "x" : dev.mutexlab.locks.LockSpec.formatDuration(java.time.Duration.ofNanos(nanos));
        }
    }

    private Launcher() {
    }

    public static Run launch(GoBenchmark bench, int procs, ThreadKind kind, Supplier<Lock> locks, BenchTime benchTime) {
        Run run = runN(bench, procs, kind, locks, 1, null);
        if (benchTime.isCount()) {
            return benchTime.fixedN() == 1 ? run : runN(bench, procs, kind, locks, benchTime.fixedN(), run);
        }
        while (run.nanos() < benchTime.nanos() && run.n() < MAX_N) {
            run = runN(bench, procs, kind, locks, predictN(benchTime.nanos(), run.n(), run.nanos()), run);
        }
        return run;
    }

    /** Go's {@code predictN}: aim at the goal with 20% headroom, grow at most 100×, at least by one. */
    static long predictN(long goalNanos, long prevIters, long prevNanos) {
        long prev = Math.max(1, prevNanos);
        double n = (double) goalNanos * prevIters / prev;
        long next = (long) Math.min(n + n / 5, MAX_N);
        next = Math.min(next, 100 * prevIters);
        next = Math.max(next, prevIters + 1);
        return Math.min(next, MAX_N);
    }

    private static Run runN(GoBenchmark bench, int procs, ThreadKind kind, Supplier<Lock> locks, long n, Run previous) {
        B b = new B(n, procs, kind, locks, previous == null ? 0 : previous.n(), previous == null ? 0 : previous.nanos());
        long t0 = System.nanoTime();
        bench.body().accept(b);
        return new Run(n, System.nanoTime() - t0);
    }
}
