package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.GroupLauncher;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs {@code mutexlab apps}: one child JVM ({@link AppsChild}) per (thread kind, procs), confined to
 * P CPUs, through the lab's one {@link GroupLauncher}, collecting the samples as they arrive; and
 * says beforehand how long it will take ({@link #estimatedNanos}).
 */
public final class AppsRunner implements Measuring<AppsResult> {
    /** What a child JVM costs before its first measurement: start, busy-work calibration, class loading. */
    static final long JVM_START_NANOS = 2_000_000_000L;
    /** What a measurement costs beyond its warm-up and window: threads started and joined, the check. */
    static final long MEASUREMENT_OVERHEAD_NANOS = 60_000_000L;

    private final AppsResult.Config config;
    private final List<ThreadKind> kinds;
    private final String commandLine;
    private final GroupLauncher<AppsResult.Group, AppsResult.Sample> launcher;
    private volatile Progress progress;

    public AppsRunner(AppsResult.Config config, String commandLine) {
        this.config = config;
        this.kinds = config.threads().stream().map(ThreadKind::parse).toList();
        this.commandLine = commandLine;
        this.launcher = new GroupLauncher<>("apps", List.of(), new Job());
    }

    /** Samples the whole run takes: groups × batches × workloads × locks. */
    @Override
    public long measurementCount() {
        return measurementCount(config);
    }

    static long measurementCount(AppsResult.Config c) {
        return (long) c.threads().size() * c.procs().size() * c.runs() * c.workloads().size() * c.locks().size();
    }

    /** How long {@code c} takes to measure: every child JVM's start, every measurement's warm-up, window and overhead. */
    public static long estimatedNanos(AppsResult.Config c) {
        long groups = (long) c.threads().size() * c.procs().size();
        return groups * JVM_START_NANOS
                + measurementCount(c) * (c.warmupNanos() + c.durationNanos() + MEASUREMENT_OVERHEAD_NANOS);
    }

    @Override
    public AppsResult run(Progress progress) throws IOException, InterruptedException {
        this.progress = progress;
        launcher.run(kinds, config.procs());
        return snapshot();
    }

    @Override
    public AppsResult snapshot() {
        return new AppsResult(AppsResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config,
                launcher.soFar());
    }

    @Override
    public void stopChild() {
        launcher.stop();
    }

    /** The samples whose workload check failed, in measured order. */
    public static List<AppsResult.Sample> failedChecks(AppsResult r) {
        return r.groups().stream().flatMap(g -> g.samples().stream()).filter(s -> !s.checkPassed()).toList();
    }

    /** {@link AppsChild}'s events: {@code @sample <json>} per (workload, lock, batch). */
    private final class Job implements GroupLauncher.Job<AppsResult.Group, AppsResult.Sample> {
        @Override
        public Class<?> childMain() {
            return AppsChild.class;
        }

        @Override
        public Class<AppsResult.Group> groupType() {
            return AppsResult.Group.class;
        }

        @Override
        public Object task(ThreadKind kind, int procs, String enforcement) {
            return new AppsTask(config, kind.label(), procs, enforcement);
        }

        @Override
        public void event(ThreadKind kind, int procs, String name, String payload, Consumer<AppsResult.Sample> keep) {
            if (name.equals("sample")) {
                AppsResult.Sample s = ChildProtocol.read(payload, AppsResult.Sample.class);
                keep.accept(s);
                progress.step(kind.label() + " P=" + procs + " " + s.workload() + " " + s.lock());
            }
        }

        @Override
        public AppsResult.Group partial(String threads, int procs, String enforcement, List<AppsResult.Sample> items) {
            return new AppsResult.Group(threads, procs, enforcement, 0, items);
        }
    }
}
