package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.Shape;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs a {@link RunConfig}: one child JVM per (thread kind, procs) group, each confined to P CPUs
 * ({@link Confinement}), collecting the shapes as they finish. {@link #snapshot()} returns what was
 * measured so far, which is what an interrupted run prints. Shapes given as done (by a sweep that
 * resumes) are not measured again, and a group with nothing left starts no JVM; a {@link ShapeSink}
 * sees every shape the moment its JVM reports it.
 */
public final class RunOrchestrator {
    /** Receives each finished shape as it arrives. */
    public interface ShapeSink {
        /**
         * @param group the shape's group as known so far (no shapes; peak heap up to this shape)
         * @param shape the finished shape
         */
        void finished(GroupResult group, ShapeResult shape) throws IOException;
    }

    private final RunConfig config;
    private final String commandLine;
    private final List<String> extraJvmOptions;
    private final Set<Shape> done;
    private final ShapeSink sink;
    private final GroupsSoFar<GroupResult, ShapeResult> soFar = new GroupsSoFar<>();
    private final ChildJvm child = new ChildJvm();

    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions) {
        this(config, commandLine, extraJvmOptions, Set.of(), (group, shape) -> {
        });
    }

    /** An orchestrator that leaves out the shapes in {@code done} and passes each new one to {@code sink}. */
    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions, Set<Shape> done,
                           ShapeSink sink) {
        this.config = config;
        this.commandLine = commandLine;
        this.extraJvmOptions = List.copyOf(extraJvmOptions);
        this.done = Set.copyOf(done);
        this.sink = sink;
    }

    /** How many single measurements are left to make (all but the done shapes'). */
    public long measurementsLeft() {
        long shapes = 0;
        for (ThreadKind kind : config.threads()) {
            for (int procs : config.procs()) {
                shapes += config.shapes(kind, procs).size() - skipped(kind, procs).size();
            }
        }
        return shapes * config.locks().size() * config.runs();
    }

    private List<Shape> skipped(ThreadKind kind, int procs) {
        return config.shapes(kind, procs).stream().filter(done::contains).toList();
    }

    /** Measures everything; {@code progress} steps once per measurement. */
    public RunResult run(Progress progress) throws IOException, InterruptedException {
        try (WorkDir work = WorkDir.create("mutexlab-run")) {
            for (ThreadKind kind : config.threads()) {
                for (int procs : config.procs()) {
                    List<Shape> skip = skipped(kind, procs);
                    if (skip.size() == config.shapes(kind, procs).size()) {
                        continue;
                    }
                    soFar.finish(runGroup(work, kind, procs, skip, progress));
                }
            }
        }
        return snapshot();
    }

    private GroupResult runGroup(WorkDir work, ThreadKind kind, int procs, List<Shape> skip, Progress progress)
            throws IOException, InterruptedException {
        String enforcement = Confinement.describe(procs, kind);
        soFar.begin(kind.label(), procs, enforcement);
        Path task = work.resolve("task-" + kind.label() + "-" + procs + ".json");
        Path out = work.resolve("group-" + kind.label() + "-" + procs + ".json");
        ResultIO.writeJson(task, new ChildMain.GroupTask(config.toFileForm(), kind.label(), procs, enforcement, skip));
        double[] busyStepsPerNano = {0};
        ShapeResult[] pending = {null};
        int exit = child.run(procs, kind, extraJvmOptions, ChildMain.class, List.of(task.toString(), out.toString()), line -> {
            if (line.startsWith("@progress ")) {
                String[] parts = line.split(" ");
                progress.step(kind.label() + " P=" + procs + " " + parts[1]);
            } else if (line.startsWith("@calibrated ")) {
                busyStepsPerNano[0] = Double.parseDouble(line.substring(12).trim());
            } else if (line.startsWith("@shape ")) {
                pending[0] = readShape(line.substring(7));
                soFar.add(pending[0]);
            } else if (line.startsWith("@heap ") && pending[0] != null) {
                long peakHeapBytes = Long.parseLong(line.substring(6).trim());
                try {
                    sink.finished(new GroupResult(kind.label(), procs, enforcement, busyStepsPerNano[0], peakHeapBytes,
                            List.of()), pending[0]);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e); // ChildJvm stops the child and rethrows
                }
                pending[0] = null;
            }
        });
        if (exit != 0 || !Files.exists(out)) {
            throw new IOException("the measuring JVM for " + kind.label() + " threads on " + procs
                    + " procs failed (exit " + exit + ")");
        }
        return ResultIO.read(out, GroupResult.class);
    }

    private static ShapeResult readShape(String json) {
        try {
            return ResultIO.json().readValue(json, ShapeResult.class);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Everything measured so far, including the finished shapes of a group still running. */
    public RunResult snapshot() {
        List<GroupResult> all = soFar.all((threads, procs, enforcement, shapes) ->
                new GroupResult(threads, procs, enforcement, 0, 0, shapes));
        return new RunResult(RunResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(),
                config.toFileForm(), all);
    }

    /** Stops a running child (on interrupt). */
    public void stopChild() {
        child.stop();
    }
}
