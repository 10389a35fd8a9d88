package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.GroupLauncher;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs the test-mutex benchmark: one child JVM ({@link FairnessChild}) per (thread kind, procs), confined
 * to P CPUs like every lab measurement, through the lab's one {@link GroupLauncher}; and prints the
 * result in the benchmark's own format.
 */
public final class FairnessRunner implements Measuring<FairnessResult> {
    private final FairnessResult.Config config;
    private final long budgetNanos;
    private final List<ThreadKind> kinds;
    private final String commandLine;
    private final GroupLauncher<FairnessResult.Group, FairnessResult.Sample> launcher;
    private volatile Progress progress;

    public FairnessRunner(FairnessResult.Config config, List<ThreadKind> kinds, String commandLine) {
        this(config, kinds, commandLine, 0);
    }

    /**
     * A runner whose groups may spend {@code budgetNanos} in all (each an equal share) on runs added
     * while a lock's ops/s verdict cannot tell ({@link FairnessChild#run}).
     */
    public FairnessRunner(FairnessResult.Config config, List<ThreadKind> kinds, String commandLine, long budgetNanos) {
        this.budgetNanos = Math.max(0, budgetNanos);
        this.config = config;
        this.kinds = List.copyOf(kinds);
        this.commandLine = commandLine;
        this.launcher = new GroupLauncher<>("fairness", List.of(), new Job());
    }

    /** What it measures. */
    public FairnessResult.Config config() {
        return config;
    }

    /** Samples the whole run takes (for progress). */
    @Override
    public long measurementCount() {
        return (long) kinds.size() * config.procs().size() * config.locks().size() * config.runs();
    }

    /** What a group's child JVM costs before its first sample: start-up and busy-work calibration. */
    static final long JVM_START_NANOS = 2_000_000_000L;
    /** What a sample costs beyond its window: the tasks started and joined, their latencies summed up. */
    static final long SAMPLE_OVERHEAD_NANOS = 30_000_000L;

    /** Estimated wall time of the planned runs: a child JVM per group, every sample's window and overhead. */
    public long estimatedNanos() {
        return (long) kinds.size() * config.procs().size() * JVM_START_NANOS
                + measurementCount() * (config.durationNanos() + SAMPLE_OVERHEAD_NANOS);
    }

    /** Measures every group; {@code progress} steps once per sample. */
    @Override
    public FairnessResult run(Progress progress) throws IOException, InterruptedException {
        this.progress = progress;
        launcher.run(kinds, config.procs());
        return snapshot();
    }

    /** Everything measured so far. */
    @Override
    public FairnessResult snapshot() {
        return new FairnessResult(FairnessResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config,
                launcher.soFar());
    }

    /** Stops the running child (on interrupt). */
    @Override
    public void stopChild() {
        launcher.stop();
    }

    /** {@link FairnessChild}'s events: {@code @sample <json>} per lock and run. */
    private final class Job implements GroupLauncher.Job<FairnessResult.Group, FairnessResult.Sample> {
        @Override
        public Class<?> childMain() {
            return FairnessChild.class;
        }

        @Override
        public Class<FairnessResult.Group> groupType() {
            return FairnessResult.Group.class;
        }

        @Override
        public Object task(ThreadKind kind, int procs, String enforcement) {
            return new FairnessTask(config, kind.label(), procs, enforcement,
                    budgetNanos / Math.max(1, (long) kinds.size() * config.procs().size()));
        }

        @Override
        public void event(ThreadKind kind, int procs, String name, String payload, Consumer<FairnessResult.Sample> keep) {
            if (name.equals("sample")) {
                keep.accept(ChildProtocol.read(payload, FairnessResult.Sample.class));
                progress.step(kind.label() + " P=" + procs);
            } else if (name.equals("adding")) {
                String[] f = payload.split(" ");
                int run = Integer.parseInt(f[0]);
                progress.more(config.locks().size(), run != config.runs() ? null : String.format(Locale.ROOT,
                        "mutexlab fairness: %s P=%d: %s lock(s) cannot tell after %d run(s): adding runs (--budget)",
                        kind.label(), procs, f[1], run));
            }
        }

        @Override
        public FairnessResult.Group partial(String threads, int procs, String enforcement, List<FairnessResult.Sample> items) {
            return new FairnessResult.Group(threads, procs, enforcement, 0, items);
        }
    }

    /** The result with every cell's verdict recorded, as {@code run} and {@code apps} record theirs. */
    public static FairnessResult withVerdicts(FairnessResult r) {
        return r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofFairness(r))));
    }

    /** The default report ({@link Columns#DEFAULT}): within 100 columns. */
    public static void print(FairnessResult r, PrintWriter out) {
        print(r, Columns.DEFAULT, out);
    }

    /**
     * The benchmark's own report: ops/sec, cost and deviance per op, then latency and per-task
     * fairness; by default the p99 and the longest latency, Jain's index across the tasks, with
     * {@link Columns#WIDE} also the p50 and the tasks' max/min.
     */
    public static void print(FairnessResult r, Columns columns, PrintWriter out) {
        FairnessResult.Config c = r.config();
        boolean wide = columns == Columns.WIDE;
        String head = wide ? "%-12s %4s %12s %14s %16s %10s %10s %10s %9s %7s%n" : "%-12s %4s %12s %14s %16s %10s %10s %7s%n";
        String row = wide ? "%-12s %4d %12.0f %14.2f %16.2f %10.1f %10.1f %10.1f %9s %7.3f%n"
                : "%-12s %4d %12.0f %14.2f %16.2f %10.1f %10.1f %7.3f%n";
        for (FairnessResult.Group g : r.groups()) {
            out.println();
            Columns.printWrapped(String.format(Locale.ROOT, "%s threads, %d CPUs, running %d parallel test-tasks; hold %.1f us,"
                    + " outside %.1f us (%s)", g.threads(), g.procs(), c.tasks(), c.holdNanos() / 1e3, c.outsideNanos() / 1e3,
                    g.enforcement()), "  ", out);
            out.printf(head, wide ? new Object[] {"lock", "run", "avg ops/sec", "cost/op (us)", "deviance/op (us)", "p50 (us)",
                "p99 (us)", "max (us)", "max/min", "Jain"} : new Object[] {"lock", "run", "avg ops/sec", "cost/op (us)",
                "deviance/op (us)", "p99 (us)", "max (us)", "Jain"});
            for (FairnessResult.Sample s : g.samples()) {
                String maxMin = s.maxMinRatio() == null ? "inf" : String.format(Locale.ROOT, "%.2f", s.maxMinRatio());
                out.printf(Locale.ROOT, row, wide ? new Object[] {s.lock(), s.run(), s.opsPerSec(), s.costMicros(),
                    s.devianceMicros(), s.p50Micros(), s.p99Micros(), s.maxMicros(), maxMin, s.jain()}
                    : new Object[] {s.lock(), s.run(), s.opsPerSec(), s.costMicros(), s.devianceMicros(), s.p99Micros(),
                        s.maxMicros(), s.jain()});
            }
        }
        List<CellVerdicts.Cell> cells = CellVerdicts.of(Figures.ofFairness(r));
        if (!cells.isEmpty()) {
            out.printf("%nagainst %s, within each run: median [bootstrap 95%% interval] and verdict%n", cells.getFirst().reference().lock());
            for (CellVerdicts.Cell cell : cells) {
                out.printf(Locale.ROOT, "  %-24s %-12s %-16s %s%n", cell.figure().where(), cell.figure().lock() + (cell.aa() ? " (A/A)" : ""),
                        cell.figure().metric().label(), cell.verdict().cell(cell.figure().metric().higherIsBetter()));
            }
            RunTable.printLegend(cells, out);
        }
    }
}
