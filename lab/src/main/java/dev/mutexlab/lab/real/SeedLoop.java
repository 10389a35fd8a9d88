package dev.mutexlab.lab.real;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.locks.LockSpec;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a real lock sits in the seed loop's grid ({@code lock; hold; unlock; outside} with W
 * workers of a thread kind on P CPUs), and which lock a {@code run} or {@code sweep} result found
 * fastest at the nearest shape it measured. Distance between shapes is taken on log scales:
 * {@code |log2 hold ratio| + |log2 outside ratio| + |log2 workers ratio| + 2 |log2 P ratio|}, over the
 * shapes of the same thread kind (nanosecond times floored at 10 ns, so zero outside time is near
 * short outside times).
 */
public final class SeedLoop {
    private static final double FLOOR_NANOS = 10;

    private SeedLoop() {
    }

    /** A shape of the grid. */
    public record Point(String threads, int procs, int workers, long holdNanos, long outsideNanos) {
        /** The shape in the seed loop's words. */
        @Override
        public String toString() {
            return threads + " P=" + procs + " W=" + workers + " hold=" + duration(holdNanos) + " outside=" + duration(outsideNanos);
        }

        /** The {@code ./mutexlab run} command that measures this shape on {@code locks}. */
        public String runCommand(List<String> locks, String out) {
            return "./mutexlab run --quick --threads " + threads + " --procs " + procs + " --workers " + workers
                    + " --hold " + duration(holdNanos) + " --outside " + duration(outsideNanos)
                    + " --locks " + String.join(",", locks) + " --out " + out;
        }
    }

    /**
     * The lock a result found best at the nearest shape.
     *
     * @param shape      the measured shape nearest the point
     * @param lock       the lock with the most acquisitions per second there (median over batches)
     * @param distance   how far the shape is from the point (0: the same)
     */
    public record Pick(ShapeResult shape, String lock, double medianPerSec, double distance) {
    }

    /** A duration rounded to two significant digits, as {@code run} takes it ({@code 2.3us}). */
    public static String duration(long nanos) {
        if (nanos <= 0) {
            return "0";
        }
        double scale = Math.pow(10, Math.floor(Math.log10(nanos)) - 1);
        long rounded = Math.max(1, Math.round(Math.round(nanos / scale) * scale));
        return LockSpec.formatDuration(Duration.ofNanos(rounded));
    }

    /**
     * The pick at the shape of {@code results} nearest {@code point}, among the locks in {@code among}
     * (every lock of the file when empty); empty when the file has no shape of that thread kind or
     * none of those locks.
     */
    public static Optional<Pick> pick(ResultFiles.Loaded results, Point point, Collection<String> among) {
        List<ShapeResult> shapes = results.groups().stream().map(GroupResult::shapes).flatMap(List::stream)
                .filter(s -> s.threads().equals(point.threads())).toList();
        return shapes.stream()
                .map(s -> {
                    Optional<LockResult> best = s.locks().stream()
                            .filter(l -> among.isEmpty() || among.contains(l.spec()))
                            .filter(l -> l.throughput() != null)
                            .max(Comparator.comparingDouble(l -> l.throughput().median()));
                    return best.map(l -> new Pick(s, l.spec(), l.throughput().median(), distance(s, point)));
                })
                .flatMap(Optional::stream)
                .min(Comparator.comparingDouble(Pick::distance));
    }

    static double distance(ShapeResult s, Point p) {
        return Math.abs(log2(s.holdNanos(), p.holdNanos(), FLOOR_NANOS))
                + Math.abs(log2(s.outsideNanos(), p.outsideNanos(), FLOOR_NANOS))
                + Math.abs(log2(s.workers(), p.workers(), 1)) + 2 * Math.abs(log2(s.procs(), p.procs(), 1));
    }

    private static double log2(double a, double b, double floor) {
        return Math.log(Math.max(a, floor) / Math.max(b, floor)) / Math.log(2);
    }
}
