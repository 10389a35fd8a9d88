package dev.mutexlab.lab.workload;

/**
 * Calibrated busy work that the JIT cannot remove: {@link #spin(long)} runs a chain of dependent
 * xorshift steps. {@link #calibrate()} measures how many steps take a nanosecond on this CPU, so a
 * hold of 100 ns is 100 ns of work, with no {@code System.nanoTime()} call (about 20 ns each) inside
 * the critical section.
 *
 * <p>Calibration takes the fastest of several timed batches (the run least disturbed by the OS) after
 * a JIT warm-up, and the result is reported with every run so a reader can check it.
 */
public final class BusyWork {
    private static volatile long sink;

    private final double stepsPerNano;

    private BusyWork(double stepsPerNano) {
        this.stepsPerNano = stepsPerNano;
    }

    /** Busy work with a known rate (for tests). */
    public static BusyWork withRate(double stepsPerNano) {
        return new BusyWork(stepsPerNano);
    }

    /** Measures this CPU's rate; takes about 200 ms. */
    public static BusyWork calibrate() {
        long seed = System.nanoTime() | 1;
        for (int i = 0; i < 20_000; i++) {
            seed = spin(seed, 1_000); // warm up the JIT
        }
        long steps = 200_000;
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 40; i++) {
            long t0 = System.nanoTime();
            seed = spin(seed, steps);
            long t1 = System.nanoTime();
            best = Math.min(best, (double) (t1 - t0) / steps);
        }
        sink = seed;
        return new BusyWork(1.0 / best);
    }

    /** Steps of work per nanosecond. */
    public double stepsPerNano() {
        return stepsPerNano;
    }

    /** The number of steps that take {@code nanos}. */
    public long stepsFor(long nanos) {
        return Math.round(nanos * stepsPerNano);
    }

    /** Runs {@code steps} steps and returns the chained value (feed it to the next call). */
    public static long spin(long seed, long steps) {
        long x = seed;
        for (long i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Keeps a value alive so the work that produced it cannot be removed. */
    public static void consume(long value) {
        if (value == 0x5DEECE66DL) {
            sink = value;
        }
    }
}
