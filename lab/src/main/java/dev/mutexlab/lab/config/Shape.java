package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.locks.LockSpec;
import java.time.Duration;

/**
 * One point of the grid: W workers of a thread kind on P processors, each looping
 * {@code lock; busy holdNanos; unlock; busy outsideNanos}.
 */
public record Shape(ThreadKind threads, int procs, int workers, long holdNanos, long outsideNanos) {

    /** The shape a result was measured in. */
    public static Shape of(ShapeResult r) {
        return new Shape(ThreadKind.parse(r.threads()), r.procs(), r.workers(), r.holdNanos(), r.outsideNanos());
    }

    /**
     * The most acquisitions per second the lock could serve: it can be held back to back at most
     * 1/hold times a second, and W workers can ask at most W/(hold + outside) times a second.
     */
    public double ceilingPerSecond() {
        return ceilingPerSecond(workers, holdNanos, outsideNanos);
    }

    /** {@link #ceilingPerSecond()} of any W workers with this hold and outside work. */
    public static double ceilingPerSecond(int workers, long holdNanos, long outsideNanos) {
        double byLock = holdNanos == 0 ? Double.POSITIVE_INFINITY : 1e9 / holdNanos;
        double byWorkers = holdNanos + outsideNanos == 0 ? Double.POSITIVE_INFINITY : workers * 1e9 / (holdNanos + outsideNanos);
        return Math.min(byLock, byWorkers);
    }

    public String holdText() {
        return LockSpec.formatDuration(Duration.ofNanos(holdNanos));
    }

    public String outsideText() {
        return LockSpec.formatDuration(Duration.ofNanos(outsideNanos));
    }

    @Override
    public String toString() {
        return text(threads.label(), procs, workers, holdNanos, outsideNanos);
    }

    /** {@link #toString()} of the shape a result was measured in, whatever its threads (Go's goroutines too). */
    public static String describe(ShapeResult r) {
        return text(r.threads(), r.procs(), r.workers(), r.holdNanos(), r.outsideNanos());
    }

    private static String text(String threads, int procs, int workers, long holdNanos, long outsideNanos) {
        return threads + " P=" + procs + " W=" + workers + " hold=" + LockSpec.formatDuration(Duration.ofNanos(holdNanos))
                + " outside=" + LockSpec.formatDuration(Duration.ofNanos(outsideNanos));
    }
}
