package dev.mutexlab.lab.runner;

import java.io.IOException;

/**
 * A measurement that runs child JVMs through the {@link GroupLauncher}: {@code run}, {@code suite}
 * and {@code fairness} are each one, which is all the CLI needs to drive them alike — progress,
 * Ctrl-C, the table of what was measured so far.
 *
 * @param <R> the result it writes
 */
public interface Measuring<R> {
    /** How many single measurements it makes ({@link Progress} steps once per measurement). */
    long measurementCount();

    /** Measures everything. */
    R run(Progress progress) throws IOException, InterruptedException;

    /** What has been measured so far, the finished part of a running group included. */
    R snapshot();

    /** Stops the running child JVM (on Ctrl-C). */
    void stopChild();
}
