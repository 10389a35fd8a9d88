package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link RunConfig}: one child JVM per (thread kind, procs) group, each confined to P CPUs
 * ({@link Confinement}), collecting the shapes as they finish. {@link #snapshot()} returns what was
 * measured so far, which is what an interrupted run prints.
 */
public final class RunOrchestrator {
    private final RunConfig config;
    private final String commandLine;
    private final List<String> extraJvmOptions;
    private final List<GroupResult> groups = new ArrayList<>();
    private final List<ShapeResult> currentShapes = new ArrayList<>();
    private String currentThreads;
    private int currentProcs;
    private String currentEnforcement;
    private final ChildJvm child = new ChildJvm();

    public RunOrchestrator(RunConfig config, String commandLine, List<String> extraJvmOptions) {
        this.config = config;
        this.commandLine = commandLine;
        this.extraJvmOptions = List.copyOf(extraJvmOptions);
    }

    /** Measures everything; {@code progress} steps once per measurement. */
    public RunResult run(Progress progress) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("mutexlab-run");
        try {
            for (ThreadKind kind : config.threads()) {
                for (int procs : config.procs()) {
                    GroupResult g = runGroup(work, kind, procs, progress);
                    synchronized (this) {
                        groups.add(g);
                        currentShapes.clear();
                        currentThreads = null;
                    }
                }
            }
        } finally {
            try (var files = Files.list(work)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(work);
        }
        return snapshot();
    }

    private GroupResult runGroup(Path work, ThreadKind kind, int procs, Progress progress)
            throws IOException, InterruptedException {
        String enforcement = Confinement.describe(procs, kind);
        synchronized (this) {
            currentThreads = kind.label();
            currentProcs = procs;
            currentEnforcement = enforcement;
        }
        Path task = work.resolve("task-" + kind.label() + "-" + procs + ".json");
        Path out = work.resolve("group-" + kind.label() + "-" + procs + ".json");
        ResultIO.writeJson(task, new ChildMain.GroupTask(config.toFileForm(), kind.label(), procs, enforcement));
        int exit = child.run(procs, kind, extraJvmOptions, ChildMain.class, List.of(task.toString(), out.toString()), line -> {
            if (line.startsWith("@progress ")) {
                String[] parts = line.split(" ");
                progress.step(kind.label() + " P=" + procs + " " + parts[1]);
            } else if (line.startsWith("@shape ")) {
                ShapeResult s = readShape(line.substring(7));
                synchronized (this) {
                    currentShapes.add(s);
                }
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
    public synchronized RunResult snapshot() {
        List<GroupResult> all = new ArrayList<>(groups);
        if (currentThreads != null && !currentShapes.isEmpty()) {
            all.add(new GroupResult(currentThreads, currentProcs, currentEnforcement, 0, 0, List.copyOf(currentShapes)));
        }
        return new RunResult(RunResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(),
                config.toFileForm(), all);
    }

    /** Stops a running child (on interrupt). */
    public void stopChild() {
        child.stop();
    }
}
