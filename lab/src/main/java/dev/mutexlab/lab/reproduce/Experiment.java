package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.golang.GoSeedLoop;
import dev.mutexlab.lab.spec.RunConfig;
import java.util.List;

/**
 * One experiment of a reproduction: a grid for the lab's own runner ({@code ports}, measured as
 * {@code mutexlab sweep} measures, so it resumes shape by shape) or for Go's own mutex
 * ({@code go}). Its result file is {@code DIR/<name>.json}.
 *
 * @param name   file name without {@code .json}
 * @param what   what it measures, in a few words
 * @param claims the ids of the claims it feeds
 * @param ports  the ports' grid (null for Go)
 * @param go     Go's grid (null for the ports)
 */
public record Experiment(String name, String what, List<String> claims, RunConfig ports, GoSeedLoop.Config go) {
    /** Per JVM or Go process start, on top of the measured time. */
    private static final long START_NANOS = 1_000_000_000L;
    private static final long PER_MEASUREMENT_NANOS = 30_000_000L;

    public Experiment {
        if ((ports == null) == (go == null)) {
            throw new IllegalArgumentException(name + ": an experiment runs either the ports or Go");
        }
    }

    public boolean isGo() {
        return go != null;
    }

    public String file() {
        return name + ".json";
    }

    /** Single measurements it makes. */
    public long measurementCount() {
        return isGo() ? go.measurementCount() : ports.measurementCount();
    }

    /** Estimated wall time, start-ups included. */
    public long estimatedNanos() {
        if (isGo()) {
            return go.measurementCount() * (go.durationNanos() + go.warmupNanos() + PER_MEASUREMENT_NANOS);
        }
        return ports.estimatedNanos() + (long) ports.threads().size() * ports.procs().size() * START_NANOS
                + ports.measurementCount() * PER_MEASUREMENT_NANOS;
    }
}
