package dev.mutexlab.lab.fairness;

import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.runner.ChildJvm;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.WorkDir;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs seed 004's test-mutex: one child JVM ({@link FairnessChild}) per (thread kind, procs),
 * confined to P CPUs like every lab measurement; and prints the result as the seed does.
 */
public final class FairnessRunner {
    private FairnessRunner() {
    }

    /** Measures every group of {@code config}; {@code progress} steps once per sample. */
    public static List<FairnessResult.Group> run(FairnessResult.Config config, List<ThreadKind> kinds, Progress progress)
            throws IOException, InterruptedException {
        List<FairnessResult.Group> groups = new ArrayList<>();
        try (WorkDir work = WorkDir.create("mutexlab-fairness")) {
            for (ThreadKind kind : kinds) {
                for (int p : config.procs()) {
                    groups.add(runGroup(work, config, kind, p, progress));
                }
            }
        }
        return groups;
    }

    private static FairnessResult.Group runGroup(WorkDir work, FairnessResult.Config config, ThreadKind kind, int procs,
                                                 Progress progress) throws IOException, InterruptedException {
        String enforcement = Confinement.describe(procs, kind);
        Path task = work.resolve("fairness-task-" + kind.label() + "-" + procs + ".json");
        Path out = work.resolve("fairness-group-" + kind.label() + "-" + procs + ".json");
        ResultIO.writeJson(task, new FairnessResult.Task(config, kind.label(), procs, enforcement));
        int exit = new ChildJvm().run(procs, kind, List.of(), FairnessChild.class, List.of(task.toString(), out.toString()), line -> {
            if (line.startsWith("@sample ")) {
                progress.step(kind.label() + " P=" + procs);
            }
        });
        if (exit != 0 || !Files.exists(out)) {
            throw new IOException("the fairness JVM for " + kind.label() + " threads on " + procs + " procs failed (exit " + exit + ")");
        }
        return ResultIO.read(out, FairnessResult.Group.class);
    }

    /** The seed's report: ops/sec, cost and deviance per op, then latency and per-task fairness. */
    public static void print(FairnessResult r, PrintWriter out) {
        FairnessResult.Config c = r.config();
        for (FairnessResult.Group g : r.groups()) {
            out.printf("%n%s threads, %d CPUs, running %d parallel test-tasks; hold %.1f us, outside %.1f us (%s)%n", g.threads(),
                    g.procs(), c.tasks(), c.holdNanos() / 1e3, c.outsideNanos() / 1e3, g.enforcement());
            out.printf("%-12s %4s %12s %14s %16s %10s %10s %10s %9s %7s%n", "lock", "run", "avg ops/sec", "cost/op (us)",
                    "deviance/op (us)", "p50 (us)", "p99 (us)", "max (us)", "max/min", "Jain");
            for (FairnessResult.Sample s : g.samples()) {
                out.printf(Locale.ROOT, "%-12s %4d %12.0f %14.2f %16.2f %10.1f %10.1f %10.1f %9s %7.3f%n", s.lock(), s.run(), s.opsPerSec(),
                        s.costMicros(), s.devianceMicros(), s.p50Micros(), s.p99Micros(), s.maxMicros(),
                        s.maxMinRatio() == null ? "inf" : String.format(Locale.ROOT, "%.2f", s.maxMinRatio()), s.jain());
            }
        }
    }
}
