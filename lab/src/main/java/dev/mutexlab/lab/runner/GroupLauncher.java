package dev.mutexlab.lab.runner;

import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.ResultIO;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The one child-JVM launcher of the lab. For each (thread kind, P) group of a measuring command it
 * writes the task file, starts a child JVM confined to P CPUs ({@link ChildJvm}, {@link Confinement})
 * that speaks {@link ChildProtocol}, passes each {@code @name payload} line to the command's
 * {@link Job}, and reads the group file the child writes. What Ctrl-C keeps is {@link #soFar()}:
 * every finished group plus the items the running child has reported.
 *
 * @param <G> a finished group (one child JVM's result)
 * @param <I> an item a child reports as it goes (a shape, a measurement, a sample)
 */
public final class GroupLauncher<G, I> {
    /** What one measuring command asks of its children. */
    public interface Job<G, I> {
        /** The child's main class; it speaks {@link ChildProtocol}. */
        Class<?> childMain();

        /** The type of the group file the child writes. */
        Class<G> groupType();

        /** The task file's content for one group. */
        Object task(ThreadKind kind, int procs, String enforcement);

        /**
         * One event of the child of ({@code kind}, {@code procs}); {@code keep} keeps an item for
         * {@link #soFar()}. An {@link java.io.UncheckedIOException} stops the child and is rethrown.
         */
        void event(ThreadKind kind, int procs, String name, String payload, java.util.function.Consumer<I> keep);

        /** A group still running, built from the items it has reported. */
        G partial(String threads, int procs, String enforcement, List<I> items);

        /** Whether the group has anything to measure (a resumed sweep may have none). */
        default boolean hasWork(ThreadKind kind, int procs) {
            return true;
        }
    }

    private final String name;
    private final List<String> jvmOptions;
    private final Job<G, I> job;
    private final ChildJvm child = new ChildJvm();
    private final GroupsSoFar<G, I> soFar = new GroupsSoFar<>();

    /**
     * @param name       names the temporary folder and the error messages ({@code run}, {@code suite})
     * @param jvmOptions extra options for every child JVM
     */
    public GroupLauncher(String name, List<String> jvmOptions, Job<G, I> job) {
        this.name = name;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.job = job;
    }

    /** Runs every group, thread kinds outermost; returns the finished groups. */
    public List<G> run(List<ThreadKind> kinds, List<Integer> procs) throws IOException, InterruptedException {
        try (WorkDir work = WorkDir.create("mutexlab-" + name)) {
            for (ThreadKind kind : kinds) {
                for (int p : procs) {
                    if (job.hasWork(kind, p)) {
                        soFar.finish(runGroup(work, kind, p));
                    }
                }
            }
        }
        return soFar();
    }

    private G runGroup(WorkDir work, ThreadKind kind, int procs) throws IOException, InterruptedException {
        String enforcement = Confinement.describe(procs, kind);
        soFar.begin(kind.label(), procs, enforcement);
        Path task = work.resolve("task-" + kind.label() + "-" + procs + ".json");
        Path out = work.resolve("group-" + kind.label() + "-" + procs + ".json");
        ResultIO.writeJson(task, job.task(kind, procs, enforcement));
        int exit = child.run(procs, kind, jvmOptions, job.childMain(), List.of(task.toString(), out.toString()), line -> {
            if (line.startsWith("@")) {
                int space = line.indexOf(' ');
                String event = space < 0 ? line.substring(1) : line.substring(1, space);
                String payload = space < 0 ? "" : line.substring(space + 1).trim();
                job.event(kind, procs, event, payload, soFar::add);
            }
        });
        if (exit != 0 || !Files.exists(out)) {
            throw new IOException("the " + name + " JVM for " + kind.label() + " threads on " + procs
                    + " procs failed (exit " + exit + ")");
        }
        return ResultIO.read(out, job.groupType());
    }

    /** Every finished group, then the running one as far as it has reported. */
    public List<G> soFar() {
        return soFar.all(job::partial);
    }

    /** Stops the running child (on Ctrl-C). */
    public void stop() {
        child.stop();
    }
}
