package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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
    private volatile Process child;

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
        List<String> cmd = Confinement.javaCommand(procs, kind, extraJvmOptions);
        cmd.add(ChildMain.class.getName());
        cmd.add(task.toString());
        cmd.add(out.toString());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        child = p;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("@progress ")) {
                    String[] parts = line.split(" ");
                    progress.step(kind.label() + " P=" + procs + " " + parts[1]);
                } else if (line.startsWith("@shape ")) {
                    ShapeResult s = ResultIO.json().readValue(line.substring(7), ShapeResult.class);
                    synchronized (this) {
                        currentShapes.add(s);
                    }
                }
            }
        }
        int exit = p.waitFor();
        child = null;
        if (exit != 0 || !Files.exists(out)) {
            throw new IOException("the measuring JVM for " + kind.label() + " threads on " + procs
                    + " procs failed (exit " + exit + ")");
        }
        return ResultIO.read(out, GroupResult.class);
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
        Process p = child;
        if (p != null) {
            p.destroy();
        }
    }
}
