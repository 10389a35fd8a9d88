package dev.mutexlab.lab.workload;

import dev.mutexlab.lab.config.Meter;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.HiccupSample;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The hiccup meter, after Gil Tene's jHiccup: a few busy threads, no lock. Each reads
 * {@link System#nanoTime()} in a loop and never yields; a gap between two consecutive reads is time
 * the thread was not running — the OS ran something else on its CPU (another task, a time slice of a
 * sibling thread), or the JVM stopped it (a safepoint). The longest gap of a window is the longest
 * stall that the platform inflicted on a thread that asked nothing of a lock, in the same JVM,
 * confinement and thread kind as the lock measurements beside it, which is the yardstick to read a
 * lock's longest wait against. Gaps of at least {@link HiccupResult#STALL_THRESHOLD_NANOS} go to a
 * histogram; shorter ones are the loop itself.
 *
 * <p>Threads that never yield are the worst case: a worker that parks in a lock gives its CPU up and
 * is time-sliced less, so this is not a floor a lock must accept. Virtual threads are not time-sliced
 * at all — more busy virtual threads than carriers would leave the rest unmounted for the whole
 * window — so on virtual threads the meter runs one thread per carrier and measures the carriers
 * ({@link Meter#forBlock}).
 */
public final class HiccupMeter {
    private static final long HISTOGRAM_MAX_NANOS = TimeUnit.SECONDS.toNanos(60);

    private HiccupMeter() {
    }

    /**
     * Runs one window: starts the threads, lets them warm up, meters for the duration, stops them.
     *
     * @param mergedStalls a histogram to add this window's stalls to (may be null)
     */
    public static HiccupSample run(ThreadKind kind, int threads, long warmupNanos, long durationNanos, int run, int order,
                                   Histogram mergedStalls) throws InterruptedException {
        Phase phase = new Phase();
        List<Gaps> gaps = new ArrayList<>(threads);
        List<Thread> started = new ArrayList<>(threads);
        try {
            for (int i = 0; i < threads; i++) {
                Gaps g = new Gaps();
                gaps.add(g);
                started.add(kind.start("hiccup-" + i, () -> g.meter(phase)));
            }
            TimeUnit.NANOSECONDS.sleep(warmupNanos);
            long start = System.nanoTime();
            phase.startMeasuring(start);
            TimeUnit.NANOSECONDS.sleep(durationNanos);
            phase.value = Phase.STOP;
            long wallNanos = System.nanoTime() - start;
            for (Thread t : started) {
                t.join();
            }
            return sample(gaps, wallNanos, run, order, mergedStalls);
        } finally {
            phase.value = Phase.STOP;
            for (Thread t : started) {
                t.join();
            }
        }
    }

    /** One window's sample from its threads' gaps. */
    static HiccupSample sample(List<Gaps> gaps, long wallNanos, int run, int order, Histogram mergedStalls) {
        Histogram stalls = new Histogram(HISTOGRAM_MAX_NANOS, 3);
        long longest = 0;
        long stalled = 0;
        for (Gaps g : gaps) {
            stalls.add(g.stalls);
            longest = Math.max(longest, g.longestNanos);
            stalled += g.stalledNanos;
        }
        if (mergedStalls != null) {
            mergedStalls.add(stalls);
        }
        double share = gaps.isEmpty() || wallNanos <= 0 ? 0 : (double) stalled / ((double) gaps.size() * wallNanos);
        return new HiccupSample(run, order, wallNanos, longest, share, WaitSummary.of(stalls));
    }

    /** A block's meter over its batches: {@code merged} holds every window's stalls. */
    public static HiccupResult summary(Meter meter, List<HiccupSample> runs, Histogram merged) {
        double[] longest = runs.stream().mapToDouble(HiccupSample::longestStallNanos).toArray();
        double[] share = runs.stream().mapToDouble(HiccupSample::stalledShare).toArray();
        return new HiccupResult(HiccupResult.LABEL, meter.threads(), meter.per(), Metrics.spread(longest),
                WaitSummary.of(merged), Metrics.spread(share), List.copyOf(runs));
    }

    /** A new histogram for {@link #run}'s {@code mergedStalls}. */
    public static Histogram newHistogram() {
        return new Histogram(HISTOGRAM_MAX_NANOS, 3);
    }

    /**
     * The gaps one thread saw between consecutive clock reads. Only its own thread writes it; the
     * coordinator reads it after {@link Thread#join()}.
     */
    static final class Gaps {
        final Histogram stalls = new Histogram(HISTOGRAM_MAX_NANOS, 3);
        long longestNanos;
        long stalledNanos;
        private long previousNanos;
        private boolean started;

        /** The busy loop: read the clock until told to stop, counting gaps while measuring. */
        void meter(Phase phase) {
            int p;
            while ((p = phase.value) != Phase.STOP) {
                tick(System.nanoTime(), p == Phase.MEASURE);
            }
        }

        /** One clock read at {@code nowNanos}; the gap since the previous read counts if {@code measuring}. */
        void tick(long nowNanos, boolean measuring) {
            if (started && measuring) {
                long gap = nowNanos - previousNanos;
                if (gap > longestNanos) {
                    longestNanos = gap;
                }
                if (gap >= HiccupResult.STALL_THRESHOLD_NANOS) {
                    stalls.recordValue(Math.min(gap, HISTOGRAM_MAX_NANOS));
                    stalledNanos += gap;
                }
            }
            previousNanos = nowNanos;
            started = true;
        }
    }
}
