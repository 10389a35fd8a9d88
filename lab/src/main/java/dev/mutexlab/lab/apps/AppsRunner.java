package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.GroupLauncher;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs {@code mutexlab apps}: one child JVM ({@link AppsChild}) per (thread kind, procs), confined to
 * P CPUs, through the lab's one {@link GroupLauncher}, collecting the samples as they arrive; and
 * says beforehand how long it will take ({@link #estimatedNanos}).
 *
 * <p>Adaptive replication: after the planned batches, while some (group, workload) has a lock whose
 * ops/s verdict cannot tell ({@link CellVerdicts}) and the time budget allows another round, it
 * starts a fresh child JVM for each such group and measures {@value #ROUND_BATCHES} more batches of
 * the undecided workloads only, every lock, in rotated order, numbered on from the last batch. A
 * fresh JVM rather than more batches in the old one: the spread between JVMs (JIT decisions, heap
 * layout) is part of what a verdict must survive, and the bootstrap then resamples by JVM. What is
 * still undecided when the budget is spent stays "cannot tell".
 */
public final class AppsRunner implements Measuring<AppsResult> {
    /** What a child JVM costs before its first measurement: start, busy-work calibration, class loading. */
    static final long JVM_START_NANOS = 2_000_000_000L;
    /** What a measurement costs beyond its warm-up and window: threads started and joined, the check. */
    static final long MEASUREMENT_OVERHEAD_NANOS = 60_000_000L;
    /** Batches each adaptive round adds to an undecided workload. */
    static final int ROUND_BATCHES = 2;

    private final AppsResult.Config config;
    private final List<ThreadKind> kinds;
    private final String commandLine;
    private final GroupLauncher<AppsResult.Group, AppsResult.Sample> launcher;
    private final long budgetNanos;
    private volatile Progress progress;
    private volatile GroupLauncher<AppsResult.Group, AppsResult.Sample> running;
    /** The groups of the rounds finished so far, samples of every round merged. */
    private volatile List<AppsResult.Group> merged = List.of();
    private volatile String stopReason = "";

    public AppsRunner(AppsResult.Config config, String commandLine) {
        this(config, commandLine, 0);
    }

    /** @param budgetNanos how long adaptive rounds may take after the planned batches (0: none) */
    public AppsRunner(AppsResult.Config config, String commandLine, long budgetNanos) {
        this.config = config;
        this.kinds = config.threads().stream().map(ThreadKind::parse).toList();
        this.commandLine = commandLine;
        this.budgetNanos = budgetNanos;
        this.launcher = new GroupLauncher<>("apps", List.of(), new Job(config, 0, 0, Map.of()));
        this.running = launcher;
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
        return groups * (JVM_START_NANOS + warmUpPassNanos(c, c.workloads().size()))
                + measurementCount(c) * (c.warmupNanos() + c.durationNanos() + MEASUREMENT_OVERHEAD_NANOS);
    }

    /** The child's unmeasured warm-up pass: every (workload, lock) once, for the warm-up's length. */
    static long warmUpPassNanos(AppsResult.Config c, int workloads) {
        return (long) workloads * c.locks().size() * (c.warmupNanos() + MEASUREMENT_OVERHEAD_NANOS);
    }

    @Override
    public AppsResult run(Progress progress) throws IOException, InterruptedException {
        this.progress = progress;
        merged = launcher.run(kinds, config.procs());
        long deadline = System.nanoTime() + budgetNanos;
        int nextRun = config.runs();
        for (int round = 1; ; round++) {
            Map<String, List<String>> undecided = CellVerdicts.undecidedWorkloads(snapshot());
            int cells = undecided.values().stream().mapToInt(List::size).sum();
            if (undecided.isEmpty()) {
                stopReason = "every cell decided";
                break;
            }
            long roundNanos = roundNanos(undecided);
            if (budgetNanos <= 0 || System.nanoTime() + roundNanos > deadline) {
                stopReason = String.format(java.util.Locale.ROOT, "%d workload(s) with undecided cells left: %s",
                        cells, budgetNanos <= 0 ? "no --budget" : "the --budget is spent");
                break;
            }
            long steps = undecided.values().stream().mapToLong(List::size).sum() * ROUND_BATCHES * config.locks().size();
            progress.more(steps, String.format(java.util.Locale.ROOT,
                    "mutexlab apps: round %d: %d more batches in a fresh JVM for %d undecided workload(s), about %ds of"
                            + " the %ds budget left", round, ROUND_BATCHES, cells, roundNanos / 1_000_000_000L,
                    Math.max(0, (deadline - System.nanoTime()) / 1_000_000_000L)));
            GroupLauncher<AppsResult.Group, AppsResult.Sample> more = new GroupLauncher<>("apps", List.of(),
                    new Job(config, nextRun, round, undecided));
            running = more;
            List<AppsResult.Group> added = more.run(kinds, config.procs());
            merged = merge(merged, added);
            running = launcher;
            nextRun += ROUND_BATCHES;
        }
        return snapshot();
    }

    /** Why the adaptive rounds stopped, for the last line of the plan: every cell decided, or the budget spent. */
    public String stopReason() {
        return stopReason;
    }

    private long roundNanos(Map<String, List<String>> undecided) {
        long measurements = undecided.values().stream().mapToLong(List::size).sum() * ROUND_BATCHES * config.locks().size();
        return undecided.size() * JVM_START_NANOS
                + undecided.values().stream().mapToLong(w -> warmUpPassNanos(config, w.size())).sum()
                + measurements * (config.warmupNanos() + config.durationNanos() + MEASUREMENT_OVERHEAD_NANOS);
    }

    /** {@code base} with the samples of {@code added} appended to the group of the same (threads, procs). */
    static List<AppsResult.Group> merge(List<AppsResult.Group> base, List<AppsResult.Group> added) {
        List<AppsResult.Group> out = new ArrayList<>();
        for (AppsResult.Group g : base) {
            List<AppsResult.Sample> samples = new ArrayList<>(g.samples());
            for (AppsResult.Group a : added) {
                if (a.threads().equals(g.threads()) && a.procs() == g.procs()) {
                    samples.addAll(a.samples());
                }
            }
            out.add(new AppsResult.Group(g.threads(), g.procs(), g.enforcement(), g.busyStepsPerNano(), List.copyOf(samples)));
        }
        return out;
    }

    @Override
    public AppsResult snapshot() {
        GroupLauncher<AppsResult.Group, AppsResult.Sample> now = running;
        List<AppsResult.Group> groups = now == launcher ? (merged.isEmpty() ? launcher.soFar() : merged)
                : merge(merged, now.soFar());
        return new AppsResult(AppsResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config, groups);
    }

    @Override
    public void stopChild() {
        running.stop();
    }

    /** The samples whose workload check failed, in measured order. */
    public static List<AppsResult.Sample> failedChecks(AppsResult r) {
        return r.groups().stream().flatMap(g -> g.samples().stream()).filter(s -> !s.checkPassed()).toList();
    }

    /**
     * {@link AppsChild}'s events: {@code @sample <json>} per (workload, lock, batch). The planned round
     * measures every workload from batch 0 in JVM 0; an adaptive round only the undecided workloads
     * of each group ({@code only}), from batch {@code firstRun}, in JVM {@code jvm}.
     */
    private final class Job implements GroupLauncher.Job<AppsResult.Group, AppsResult.Sample> {
        private final AppsResult.Config base;
        private final int firstRun;
        private final int jvm;
        private final Map<String, List<String>> only;

        Job(AppsResult.Config base, int firstRun, int jvm, Map<String, List<String>> only) {
            this.base = base;
            this.firstRun = firstRun;
            this.jvm = jvm;
            this.only = only;
        }

        @Override
        public Class<?> childMain() {
            return AppsChild.class;
        }

        @Override
        public Class<AppsResult.Group> groupType() {
            return AppsResult.Group.class;
        }

        @Override
        public boolean hasWork(ThreadKind kind, int procs) {
            return jvm == 0 || only.containsKey(kind.label() + " P=" + procs);
        }

        @Override
        public Object task(ThreadKind kind, int procs, String enforcement) {
            if (jvm == 0) {
                return new AppsTask(base, kind.label(), procs, enforcement);
            }
            AppsResult.Config c = new AppsResult.Config(base.locks(), base.threads(), base.procs(),
                    only.get(kind.label() + " P=" + procs), base.workers(), base.skew(), base.keys(), base.outsideNanos(),
                    base.durationNanos(), base.warmupNanos(), ROUND_BATCHES);
            return new AppsTask(c, kind.label(), procs, enforcement, firstRun, jvm);
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
