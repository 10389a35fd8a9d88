package dev.mutexlab.lab.suite;

import dev.mutexlab.lab.report.Metrics;
import dev.mutexlab.lab.report.MannWhitney;
import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.runner.ChildJvm;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.GroupsSoFar;
import dev.mutexlab.lab.runner.WorkDir;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the suite: one child JVM ({@link SuiteChild}) per (thread kind, P), confined to P CPUs, then
 * compares every lock with the first. {@link #snapshot()} is what was measured so far.
 */
public final class SuiteRunner {
    private final SuiteResult.Config config;
    private final List<ThreadKind> kinds;
    private final long benchNanos;
    private final long benchN;
    private final String commandLine;
    private final ChildJvm child = new ChildJvm();
    private final GroupsSoFar<SuiteResult.Group, SuiteResult.Measurement> soFar = new GroupsSoFar<>();

    public SuiteRunner(SuiteResult.Config config, List<ThreadKind> kinds, Launcher.BenchTime benchTime, String commandLine) {
        this.config = config;
        this.kinds = List.copyOf(kinds);
        this.benchNanos = benchTime.nanos();
        this.benchN = benchTime.fixedN();
        this.commandLine = commandLine;
    }

    /** Measurements the whole run makes (for progress). */
    public long measurementCount() {
        return (long) kinds.size() * config.procs().size() * config.benchmarks().size() * config.locks().size() * config.count();
    }

    public SuiteResult run(Progress progress) throws IOException, InterruptedException {
        try (WorkDir work = WorkDir.create("mutexlab-suite")) {
            for (ThreadKind kind : kinds) {
                for (int procs : config.procs()) {
                    soFar.finish(runGroup(work, kind, procs, progress));
                }
            }
        }
        return snapshot();
    }

    private SuiteResult.Group runGroup(WorkDir work, ThreadKind kind, int procs, Progress progress)
            throws IOException, InterruptedException {
        String enforcement = Confinement.describe(procs, kind);
        soFar.begin(kind.label(), procs, enforcement);
        Path task = work.resolve("suite-task-" + kind.label() + "-" + procs + ".json");
        Path out = work.resolve("suite-group-" + kind.label() + "-" + procs + ".json");
        ResultIO.writeJson(task, new SuiteTask(config.benchmarks(), config.locks(), config.count(), benchNanos, benchN,
                kind.label(), procs, enforcement));
        int exit = child.run(procs, kind, List.of(), SuiteChild.class, List.of(task.toString(), out.toString()), line -> {
            if (line.startsWith("@measurement ")) {
                try {
                    SuiteResult.Measurement m = ResultIO.json().readValue(line.substring(13), SuiteResult.Measurement.class);
                    soFar.add(m);
                    progress.step(kind.label() + " P=" + procs + " " + m.benchmark() + " " + m.lock());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        if (exit != 0 || !Files.exists(out)) {
            throw new IOException("the suite JVM for " + kind.label() + " threads on " + procs + " procs failed (exit " + exit + ")");
        }
        return ResultIO.read(out, SuiteResult.Group.class);
    }

    /** Everything measured so far, with comparisons. */
    public SuiteResult snapshot() {
        List<SuiteResult.Group> all = soFar.all((threads, procs, enforcement, measurements) ->
                new SuiteResult.Group(threads, procs, enforcement, 0, measurements));
        return new SuiteResult(SuiteResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config, all,
                compare(all, config.locks(), config.benchmarks()));
    }

    /** Stops the running child (on interrupt). */
    public void stopChild() {
        child.stop();
    }

    /** Every lock after the first against the first, per group and benchmark: medians, delta, Mann–Whitney p. */
    public static List<SuiteResult.Comparison> compare(List<SuiteResult.Group> groups, List<String> locks, List<String> benchmarks) {
        List<SuiteResult.Comparison> list = new ArrayList<>();
        if (locks.isEmpty()) {
            return list;
        }
        String base = locks.get(0);
        for (SuiteResult.Group g : groups) {
            for (String bench : benchmarks) {
                double[] baseValues = values(g, bench, base);
                if (baseValues.length == 0) {
                    continue;
                }
                for (String lock : locks.subList(1, locks.size())) {
                    double[] v = values(g, bench, lock);
                    if (v.length == 0) {
                        continue;
                    }
                    double bm = Metrics.median(baseValues);
                    double m = Metrics.median(v);
                    list.add(new SuiteResult.Comparison(g.threads(), bench, g.procs(), base, lock, Metrics.spread(baseValues),
                            Metrics.spread(v), (m - bm) / bm * 100, MannWhitney.pValue(baseValues, v),
                            Math.min(baseValues.length, v.length)));
                }
            }
        }
        return list;
    }

    /** The ns/op of every run of {@code bench} with {@code lock} in group {@code g}. */
    static double[] values(SuiteResult.Group g, String bench, String lock) {
        return g.measurements().stream().filter(m -> m.benchmark().equals(bench) && m.lock().equals(lock))
                .mapToDouble(SuiteResult.Measurement::nsPerOp).toArray();
    }
}
