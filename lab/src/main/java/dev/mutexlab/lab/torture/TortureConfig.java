package dev.mutexlab.lab.torture;

import dev.mutexlab.lab.config.ThreadKind;
import java.time.Duration;
import java.util.List;

/**
 * One torture session: which locks, for how long each, with how many writers of which kinds, and
 * the fault settings. Every lock gets its own run of {@code durationPerLock} with fresh writers.
 *
 * @param specs             lock specs, tortured one after another
 * @param durationPerLock   how long each lock is tortured (the drain and final checks come after)
 * @param writers           writer threads per lock (locktorture's {@code nwriters_stress})
 * @param threadKinds       the writers' thread kinds; with both, writers alternate platform/virtual
 * @param longHold          the rare long critical section (locktorture's {@code long_hold}); zero disables it
 * @param stutter           writers run this long, then all pause for a quarter of it; zero disables stutter
 * @param stuckAfter        a writer blocked this long in an acquisition while the lock is idle is stuck
 * @param changeParallelism whether to change the virtual-thread scheduler's parallelism during runs
 * @param seed              seeds the writers' and the fault injector's random choices
 */
public record TortureConfig(List<String> specs, Duration durationPerLock, int writers, List<ThreadKind> threadKinds,
                            Duration longHold, Duration stutter, Duration stuckAfter, boolean changeParallelism,
                            long seed) {
    /** Linux locktorture's default {@code long_hold}: 100 ms. */
    public static final Duration DEFAULT_LONG_HOLD = Duration.ofMillis(100);
    /** Linux locktorture's default {@code stutter}: 5 s. */
    public static final Duration DEFAULT_STUTTER = Duration.ofSeconds(5);
    /** How long a writer must be blocked, with the lock idle, to count as stuck. */
    public static final Duration DEFAULT_STUCK_AFTER = Duration.ofSeconds(1);
    /** A timeout at most this long counts as a tiny-timeout fault. */
    public static final long TINY_TIMEOUT_NANOS = 20_000L;

    public TortureConfig {
        specs = List.copyOf(specs);
        threadKinds = List.copyOf(threadKinds);
        if (specs.isEmpty()) {
            throw new IllegalArgumentException("no locks to torture");
        }
        if (writers < 1) {
            throw new IllegalArgumentException("writers must be at least 1 (got " + writers + ")");
        }
        if (threadKinds.isEmpty()) {
            throw new IllegalArgumentException("no thread kinds");
        }
        if (durationPerLock.isNegative() || durationPerLock.isZero()) {
            throw new IllegalArgumentException("duration must be positive");
        }
        if (longHold.isNegative() || stutter.isNegative() || stuckAfter.isNegative() || stuckAfter.isZero()) {
            throw new IllegalArgumentException("long-hold and stutter must be >= 0, stuck-after > 0");
        }
    }

    /** Linux locktorture's default writer count: twice the CPUs. */
    public static int defaultWriters() {
        return 2 * Runtime.getRuntime().availableProcessors();
    }

    /** The defaults for {@code specs}, each tortured for {@code durationPerLock}, on both thread kinds. */
    public static TortureConfig defaults(List<String> specs, Duration durationPerLock) {
        return new TortureConfig(specs, durationPerLock, defaultWriters(), List.of(ThreadKind.values()),
                DEFAULT_LONG_HOLD, DEFAULT_STUTTER, DEFAULT_STUCK_AFTER, true, System.nanoTime());
    }

    /** A copy with other specs and duration per lock. */
    public TortureConfig withSpecs(List<String> newSpecs, Duration newDurationPerLock) {
        return new TortureConfig(newSpecs, newDurationPerLock, writers, threadKinds, longHold, stutter, stuckAfter,
                changeParallelism, seed);
    }

    /** A copy with another stutter period. */
    public TortureConfig withStutter(Duration newStutter) {
        return new TortureConfig(specs, durationPerLock, writers, threadKinds, longHold, newStutter, stuckAfter,
                changeParallelism, seed);
    }

    /** The kind of writer {@code index}: kinds alternate, so both kinds contend for the same lock. */
    ThreadKind kindOf(int index) {
        return threadKinds.get(index % threadKinds.size());
    }

    /** The thread kinds as written on the command line: {@code platform,virtual}. */
    public String threadsLabel() {
        return String.join(",", threadKinds.stream().map(ThreadKind::label).toList());
    }
}
