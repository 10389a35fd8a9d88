package dev.mutexlab.lab.gobench;

import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.compare.Figure;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.GroupLauncher;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs the suite: one child JVM ({@link SuiteChild}) per (thread kind, P), confined to P CPUs, then
 * compares every lock with the first. {@link #snapshot()} is what was measured so far.
 */
public final class SuiteRunner implements Measuring<SuiteResult> {
    private final SuiteResult.Config config;
    private final List<ThreadKind> kinds;
    private final long benchNanos;
    private final long benchN;
    private final String commandLine;
    private final GroupLauncher<SuiteResult.Group, SuiteResult.Measurement> launcher;
    private volatile Progress progress;

    public SuiteRunner(SuiteResult.Config config, List<ThreadKind> kinds, Launcher.BenchTime benchTime, String commandLine) {
        this.config = config;
        this.kinds = List.copyOf(kinds);
        this.benchNanos = benchTime.nanos();
        this.benchN = benchTime.fixedN();
        this.commandLine = commandLine;
        this.launcher = new GroupLauncher<>("suite", List.of(), new Job());
    }

    /** Measurements the whole run makes (for progress). */
    @Override
    public long measurementCount() {
        return measurementCount(config);
    }

    /** Measurements a run of {@code config} makes: thread kinds × P × benchmarks × locks × count. */
    public static long measurementCount(SuiteResult.Config config) {
        return (long) config.threads().size() * config.procs().size() * config.benchmarks().size() * config.locks().size()
                * config.count();
    }

    /**
     * Estimated wall time of {@code measurements} at {@code benchTime}, JVM start-ups aside: Go's
     * launch grows N over several runs before the reported one, and every (benchmark, lock) has one
     * unreported warm-up launch, about 3.2 × the bench time per measurement (measured: 440
     * measurements at 300 ms took 7 minutes, docs/RESULTS.md section 9). Zero for a fixed N.
     */
    public static long estimatedNanos(long measurements, Launcher.BenchTime benchTime) {
        return benchTime.isCount() ? 0 : measurements * benchTime.nanos() * 16 / 5;
    }

    /** What a group's child JVM costs before its first benchmark: start-up and class loading (as reproduce plans it). */
    static final long JVM_START_NANOS = 1_000_000_000L;

    /** Estimated wall time of a run of {@code config}: its measurements ({@link #estimatedNanos}) and a child JVM per group. */
    public static long estimatedNanos(SuiteResult.Config config, Launcher.BenchTime benchTime) {
        return estimatedNanos(measurementCount(config), benchTime)
                + (long) config.threads().size() * config.procs().size() * JVM_START_NANOS;
    }

    @Override
    public SuiteResult run(Progress progress) throws IOException, InterruptedException {
        this.progress = progress;
        launcher.run(kinds, config.procs());
        return snapshot();
    }

    /** {@link SuiteChild}'s events: {@code @measurement <json>} after each run. */
    private final class Job implements GroupLauncher.Job<SuiteResult.Group, SuiteResult.Measurement> {
        @Override
        public Class<?> childMain() {
            return SuiteChild.class;
        }

        @Override
        public Class<SuiteResult.Group> groupType() {
            return SuiteResult.Group.class;
        }

        @Override
        public Object task(ThreadKind kind, int procs, String enforcement) {
            return new SuiteTask(config.benchmarks(), config.locks(), config.count(), benchNanos, benchN, kind.label(), procs,
                    enforcement);
        }

        @Override
        public void event(ThreadKind kind, int procs, String name, String payload, Consumer<SuiteResult.Measurement> keep) {
            if (name.equals("measurement")) {
                SuiteResult.Measurement m = ChildProtocol.read(payload, SuiteResult.Measurement.class);
                keep.accept(m);
                progress.step(kind.label() + " P=" + procs + " " + m.benchmark() + " " + m.lock());
            }
        }

        @Override
        public SuiteResult.Group partial(String threads, int procs, String enforcement, List<SuiteResult.Measurement> items) {
            return new SuiteResult.Group(threads, procs, enforcement, 0, items);
        }
    }

    /** Everything measured so far, with comparisons. */
    @Override
    public SuiteResult snapshot() {
        List<SuiteResult.Group> all = launcher.soFar();
        return new SuiteResult(SuiteResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config, all,
                compare(all, config.locks(), config.benchmarks()));
    }

    /** Stops the running child (on interrupt). */
    @Override
    public void stopChild() {
        launcher.stop();
    }

    /**
     * Every lock after the first against the first (the A/A copy too, where {@code --aa} listed the
     * first again), per group and benchmark, by the lab's one {@link Comparison}.
     */
    public static List<SuiteResult.Comparison> compare(List<SuiteResult.Group> groups, List<String> locks, List<String> benchmarks) {
        List<SuiteResult.Comparison> list = new ArrayList<>();
        if (locks.isEmpty()) {
            return list;
        }
        String base = locks.get(0);
        for (SuiteResult.Group g : groups) {
            for (String bench : benchmarks) {
                double[] baseValues = values(g, locks, benchmarks, bench, 0);
                if (baseValues.length == 0) {
                    continue;
                }
                for (int i = 1; i < locks.size(); i++) {
                    double[] v = values(g, locks, benchmarks, bench, i);
                    if (v.length == 0) {
                        continue;
                    }
                    String lock = locks.get(i);
                    Comparison.Row c = Comparison.row(bench, lock, Figure.Metric.NS_PER_OP, baseValues, v);
                    list.add(new SuiteResult.Comparison(g.threads(), bench, g.procs(), base, lock, c.old(), c.now(),
                            c.delta() * 100, c.p(), Math.min(c.oldRuns(), c.newRuns())));
                }
            }
        }
        return list;
    }

    /** The ns/op of every run of {@code bench} by lock number {@code index} of {@code locks} ({@link SuiteResult#runsOf}). */
    public static double[] values(SuiteResult.Group g, List<String> locks, List<String> benchmarks, String bench, int index) {
        return SuiteResult.runsOf(g, locks, benchmarks, bench, index).stream().mapToDouble(SuiteResult.Measurement::nsPerOp).toArray();
    }

    /** The ns/op of every run of {@code bench} with {@code lock} in group {@code g}: by name, so an A/A copy's runs count too. */
    public static double[] values(SuiteResult.Group g, String bench, String lock) {
        return g.measurements().stream().filter(m -> m.benchmark().equals(bench) && m.lock().equals(lock))
                .mapToDouble(SuiteResult.Measurement::nsPerOp).toArray();
    }
}
