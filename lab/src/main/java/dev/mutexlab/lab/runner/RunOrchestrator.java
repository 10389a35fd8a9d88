package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.Meter;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs a {@link RunConfig}: one child JVM per (thread kind, procs) group, each confined to P CPUs
 * ({@link Confinement}), collecting the shapes as they finish. {@link #snapshot()} returns what was
 * measured so far, which is what an interrupted run prints. Shapes given as done (by a sweep that
 * resumes) are not measured again, and a group with nothing left starts no JVM; a {@link ShapeSink}
 * sees every shape the moment its JVM reports it.
 */
public final class RunOrchestrator implements Measuring<RunResult> {
    /** Receives each finished shape as it arrives. */
    public interface ShapeSink {
        /**
         * @param group the shape's group as known so far (no shapes; peak heap up to this shape)
         * @param shape the finished shape
         */
        void finished(GroupResult group, ShapeResult shape) throws IOException;
    }

    private final RunConfig config;
    private final long budgetNanos;
    private final String commandLine;
    private final Set<Shape> done;
    private final ShapeSink sink;
    private final GroupLauncher<GroupResult, ShapeResult> launcher;
    private volatile Progress progress;

    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions) {
        this(config, commandLine, extraJvmOptions, 0);
    }

    /**
     * An orchestrator that may spend {@code budgetNanos} in all on batches added to shapes whose
     * verdicts cannot tell after the planned ones ({@link Replication}), each group its share by shapes.
     */
    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions, long budgetNanos) {
        this(config, commandLine, extraJvmOptions, Set.of(), (group, shape) -> {
        }, budgetNanos);
    }

    /**
     * An orchestrator that leaves out the shapes in {@code done}, passes each new one to {@code sink}
     * and may spend {@code budgetNanos} on added batches.
     */
    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions, Set<Shape> done,
                           ShapeSink sink, long budgetNanos) {
        this.config = config;
        this.budgetNanos = Math.max(0, budgetNanos);
        this.commandLine = commandLine;
        this.done = Set.copyOf(done);
        this.sink = sink;
        this.launcher = new GroupLauncher<>("run", extraJvmOptions, new Job());
    }

    /** How many single measurements are left to make (all but the done shapes'). */
    @Override
    public long measurementCount() {
        return shapesLeft() * config.locks().size() * config.runs();
    }

    private List<Shape> skipped(ThreadKind kind, int procs) {
        return config.shapes(kind, procs).stream().filter(done::contains).toList();
    }

    /** The shapes left to measure in every group. */
    private long shapesLeft() {
        long shapes = 0;
        for (ThreadKind kind : config.threads()) {
            for (int procs : config.procs()) {
                shapes += config.shapes(kind, procs).size() - skipped(kind, procs).size();
            }
        }
        return shapes;
    }

    /**
     * Estimated wall time of the planned batches left ({@link RunConfig#estimatedNanos(long, long, long)}):
     * a child JVM per group with shapes left, their measurements, and the hiccup meters that run with
     * the first shape of each worker count a group measures. Batches added for undecided cells come on
     * top, up to the budget.
     */
    public long estimatedNanos() {
        long jvms = 0;
        long meterWindows = 0;
        for (ThreadKind kind : config.threads()) {
            for (int procs : config.procs()) {
                List<Shape> left = config.shapes(kind, procs).stream().filter(s -> !done.contains(s)).toList();
                if (!left.isEmpty()) {
                    jvms++;
                }
                for (int workers : left.stream().map(Shape::workers).distinct().toList()) {
                    meterWindows += (long) Meter.forBlock(kind, procs, workers).size() * config.runs();
                }
            }
        }
        return config.estimatedNanos(measurementCount(), meterWindows, jvms);
    }

    /** The group's share of the budget: in proportion to the shapes it has left to measure. */
    private long groupBudgetNanos(ThreadKind kind, int procs) {
        long all = shapesLeft();
        long mine = config.shapes(kind, procs).size() - skipped(kind, procs).size();
        return all == 0 ? 0 : (long) ((double) budgetNanos * mine / all);
    }

    /** Measures everything; {@code progress} steps once per measurement. */
    @Override
    public RunResult run(Progress progress) throws IOException, InterruptedException {
        this.progress = progress;
        launcher.run(config.threads(), config.procs());
        return snapshot();
    }

    /** {@link ChildMain}'s events: {@code @calibrated}, {@code @progress}, {@code @shape} then {@code @heap}. */
    private final class Job implements GroupLauncher.Job<GroupResult, ShapeResult> {
        private double busyStepsPerNano;
        private ShapeResult pending;

        @Override
        public Class<?> childMain() {
            return ChildMain.class;
        }

        @Override
        public Class<GroupResult> groupType() {
            return GroupResult.class;
        }

        @Override
        public boolean hasWork(ThreadKind kind, int procs) {
            return skipped(kind, procs).size() < config.shapes(kind, procs).size();
        }

        @Override
        public Object task(ThreadKind kind, int procs, String enforcement) {
            busyStepsPerNano = 0;
            pending = null;
            return new ChildMain.GroupTask(config.toFileForm(), kind.label(), procs, enforcement, skipped(kind, procs),
                    groupBudgetNanos(kind, procs));
        }

        @Override
        public void event(ThreadKind kind, int procs, String name, String payload, Consumer<ShapeResult> keep) {
            switch (name) {
                case "progress" -> progress.step(kind.label() + " P=" + procs + " " + payload.split(" ")[0]);
                case "calibrated" -> busyStepsPerNano = Double.parseDouble(payload);
                case "adding" -> {
                    String[] f = payload.split(" ", 4);
                    int run = Integer.parseInt(f[0]);
                    progress.more(Long.parseLong(f[1]), run != config.runs() ? null : String.format(Locale.ROOT,
                            "mutexlab: %s: %s undecided after %d batches; adding (--budget)",
                            f[3], f[2], run));
                }
                case "shape" -> {
                    pending = ChildProtocol.read(payload, ShapeResult.class);
                    keep.accept(pending);
                }
                case "heap" -> {
                    if (pending != null) {
                        GroupResult group = new GroupResult(kind.label(), procs, Confinement.describe(procs, kind),
                                busyStepsPerNano, Long.parseLong(payload), List.of());
                        try {
                            sink.finished(group, pending);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e); // ChildJvm stops the child and rethrows
                        }
                        pending = null;
                    }
                }
                default -> {
                }
            }
        }

        @Override
        public GroupResult partial(String threads, int procs, String enforcement, List<ShapeResult> shapes) {
            return new GroupResult(threads, procs, enforcement, 0, 0, shapes);
        }
    }

    /** Everything measured so far, including the finished shapes of a group still running. */
    @Override
    public RunResult snapshot() {
        List<GroupResult> all = launcher.soFar();
        return new RunResult(RunResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(),
                config.toFileForm(), all);
    }

    /** Stops a running child (on interrupt). */
    @Override
    public void stopChild() {
        launcher.stop();
    }
}
