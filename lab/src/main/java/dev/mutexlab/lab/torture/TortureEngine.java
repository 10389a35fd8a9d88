package dev.mutexlab.lab.torture;

import dev.mutexlab.locks.Locks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;

/**
 * Tortures each lock of a {@link TortureConfig} in turn, Linux-locktorture style, and returns a
 * {@link TortureReport}. Each lock gets fresh writers for {@code durationPerLock}; see
 * {@link LockRun} for the detectors and faults.
 *
 * <pre>{@code
 * TortureReport report = new TortureEngine(TortureConfig.defaults(List.of("go"), Duration.ofSeconds(5)))
 *         .run(System.err::println);
 * }</pre>
 */
public final class TortureEngine {
    private final TortureConfig config;

    public TortureEngine(TortureConfig config) {
        this.config = config;
    }

    /**
     * Checks that every spec names a lock that can be created.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad spec
     */
    public static void validate(List<String> specs) {
        for (String spec : specs) {
            createLock(spec);
        }
    }

    /**
     * A new lock for {@code spec}: a library lock ({@link Locks}), or one of the broken controls
     * that only torture may create ({@link TortureControls}).
     */
    static Lock createLock(String spec) {
        return TortureControls.isControl(spec) ? TortureControls.create(spec) : Locks.create(spec);
    }

    /** Runs the whole session; {@code progress} gets a line every few seconds and one per lock. */
    public TortureReport run(Consumer<String> progress, String command) {
        validate(config.specs());
        String startedAt = Instant.now().toString();
        List<TortureOutcome> results = new ArrayList<>();
        int n = config.specs().size();
        for (int i = 0; i < n; i++) {
            String spec = config.specs().get(i);
            String label = "[" + (i + 1) + "/" + n + "]";
            TortureOutcome r = new LockRun(spec, config).run(progress, label);
            progress.accept("torture: " + label + " " + spec + ": " + r.totalAcquisitions() + " acquisitions, "
                    + r.totalFailures() + " failures: " + r.verdict());
            results.add(r);
        }
        boolean ok = results.stream().allMatch(TortureOutcome::success);
        return new TortureReport(TortureReport.SCHEMA, command, startedAt, Runtime.version().toString(),
                Runtime.getRuntime().availableProcessors(), config.durationPerLock().toNanos(), config.writers(),
                config.threadsLabel(), config.longHold().toNanos(), config.stutter().toNanos(),
                config.stuckAfter().toNanos(), config.seed(), List.copyOf(results),
                ok ? TortureOutcome.SUCCESS : TortureOutcome.FAILURE);
    }

    /** Runs the whole session without a command line. */
    public TortureReport run(Consumer<String> progress) {
        return run(progress, null);
    }
}
