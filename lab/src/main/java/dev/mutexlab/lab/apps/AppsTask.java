package dev.mutexlab.lab.apps;

import dev.mutexlab.lab.results.AppsResult;

/** What the parent asks an {@link AppsChild} to measure: one (thread kind, P) group. */
public record AppsTask(AppsResult.Config config, String threads, int procs, String enforcement, int firstRun, int jvm) {
    /** The planned batches, in the first JVM. */
    public AppsTask(AppsResult.Config config, String threads, int procs, String enforcement) {
        this(config, threads, procs, enforcement, 0, 0);
    }
}
