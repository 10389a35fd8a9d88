package dev.mutexlab.lab.config;

import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.UsageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Everything a {@code mutexlab run} or {@code mutexlab sweep} measures: the locks, the grid of shapes
 * (thread kind × procs × workers × hold × outside work), and how long each measurement lasts.
 *
 * @param locks         the locks; ratios are taken against the first
 * @param threads       thread kinds
 * @param procs         processor counts P (each run in a JVM confined to P CPUs)
 * @param workers       worker counts W
 * @param holdNanos     critical-section lengths
 * @param outside       work outside the lock, one or more values ({@code run} takes one, {@code sweep} several)
 * @param durationNanos measured time per (shape, lock, run)
 * @param warmupNanos   unmeasured time before each measurement
 * @param runs          batches; each batch runs every lock once, in rotated order
 * @param recordWaits   whether to time each acquisition (off only to measure the harness itself)
 */
public record RunConfig(List<LabLock> locks, List<ThreadKind> threads, List<Integer> procs, List<Integer> workers,
                        List<Long> holdNanos, List<Outside> outside, long durationNanos, long warmupNanos, int runs,
                        boolean recordWaits) {

    /** A group's child JVM before its first measurement: start-up and busy-work calibration. */
    static final long JVM_START_NANOS = 1_000_000_000L;
    /** Every window's cost beyond its warm-up and length, a hiccup meter's too: threads started and stopped. */
    static final long WINDOW_OVERHEAD_NANOS = 5_000_000L;
    /** A lock's measurement's cost beyond that: the line probes before and after, the process's counters. */
    static final long MEASUREMENT_OVERHEAD_NANOS = 30_000_000L;

    public RunConfig {
        locks = List.copyOf(locks);
        threads = List.copyOf(threads);
        procs = List.copyOf(procs);
        workers = List.copyOf(workers);
        holdNanos = List.copyOf(holdNanos);
        outside = List.copyOf(outside);
    }

    /** Checks the values a user can get wrong; throws {@link UsageException} with one line. */
    public RunConfig validate(int availableCpus) {
        if (locks.isEmpty()) {
            throw new UsageException("no locks given");
        }
        if (threads.isEmpty() || procs.isEmpty() || workers.isEmpty() || holdNanos.isEmpty() || outside.isEmpty()) {
            throw new UsageException("empty list of thread kinds, procs, workers, holds or outside work");
        }
        for (int w : workers) {
            if (w < 1) {
                throw new UsageException("workers must be at least 1, got " + w);
            }
            if (w > 4096) {
                throw new UsageException("workers must be at most 4096, got " + w);
            }
        }
        for (int p : procs) {
            if (p < 1) {
                throw new UsageException("procs must be at least 1, got " + p);
            }
            if (p > availableCpus) {
                throw new UsageException("procs " + p + " is more than this machine's " + availableCpus + " CPUs");
            }
        }
        for (long h : holdNanos) {
            if (h < 0) {
                throw new UsageException("hold must not be negative");
            }
        }
        if (durationNanos <= 0) {
            throw new UsageException("duration must be positive");
        }
        if (warmupNanos < 0) {
            throw new UsageException("warmup must not be negative");
        }
        if (runs < 1) {
            throw new UsageException("runs must be at least 1, got " + runs);
        }
        return this;
    }

    /** The shapes of one (thread kind, procs) group, in measuring order. */
    public List<Shape> shapes(ThreadKind kind, int p) {
        List<Shape> list = new ArrayList<>();
        for (int w : workers) {
            for (long h : holdNanos) {
                for (Outside o : outside) {
                    list.add(new Shape(kind, p, w, h, o.nanosFor(h)));
                }
            }
        }
        return list;
    }

    /** How many single measurements the whole run makes. */
    public long measurementCount() {
        return shapeCount() * locks.size() * runs;
    }

    /** How many shapes the whole grid has. */
    public long shapeCount() {
        return (long) threads.size() * procs.size() * workers.size() * holdNanos.size() * outside.size();
    }

    /** How many hiccup-meter windows the whole run makes: each meter of each (kind, procs, workers) block, once per batch. */
    public long meterWindowCount() {
        long windows = 0;
        for (ThreadKind kind : threads) {
            for (int p : procs) {
                for (int w : workers) {
                    windows += Meter.forBlock(kind, p, w).size();
                }
            }
        }
        return windows * runs;
    }

    /**
     * Estimated wall time of the planned batches: every group's child JVM started and its busy work
     * calibrated, every lock's and meter's warm-up and window, and what a measurement costs around
     * its window (the line probes, starting and joining the workers, reading the process's counters).
     * The constants are those of {@code reproduce}'s plan, whose estimates came within 7% of its runs'
     * times (15 min estimated, 14 taken; 34 and 33: docs/RESULTS.md section 13).
     */
    public long estimatedNanos() {
        return estimatedNanos(measurementCount(), meterWindowCount(), groupCount());
    }

    /** As {@link #estimatedNanos()} for a part of the plan: {@code measurements}, {@code meterWindows} and child JVMs. */
    public long estimatedNanos(long measurements, long meterWindows, long jvms) {
        return jvms * JVM_START_NANOS + (measurements + meterWindows) * (durationNanos + warmupNanos + WINDOW_OVERHEAD_NANOS)
                + measurements * MEASUREMENT_OVERHEAD_NANOS;
    }

    /** The groups, one child JVM each: thread kinds × procs. */
    public long groupCount() {
        return (long) threads.size() * procs.size();
    }

    /** The lock specs as written. */
    public List<String> lockSpecs() {
        return locks.stream().map(LabLock::spec).toList();
    }

    /** The configuration as written to result files. */
    public RunResult.Config toFileForm() {
        return new RunResult.Config(lockSpecs(), threads.stream().map(ThreadKind::label).toList(), procs, workers,
                holdNanos, outsideText(), durationNanos, warmupNanos, runs, recordWaits);
    }

    /** The configuration read back from a result or task file. */
    public static RunConfig fromFileForm(RunResult.Config c) {
        return new RunConfig(c.locks().stream().map(LabLock::parse).toList(),
                c.threads().stream().map(ThreadKind::parse).toList(), c.procs(), c.workers(), c.holdNanos(),
                parseOutside(c.outside()), c.durationNanos(), c.warmupNanos(), c.runs(), c.recordWaits());
    }

    /** The outside work as written to files: one value ({@code 1x}) or a comma list ({@code 0,1x,10x}). */
    public String outsideText() {
        return outside.stream().map(Outside::text).collect(Collectors.joining(","));
    }

    /** Parses {@link #outsideText()}. */
    public static List<Outside> parseOutside(String text) {
        return Arrays.stream(text.split(",")).filter(t -> !t.isBlank()).map(Outside::parse).toList();
    }
}
