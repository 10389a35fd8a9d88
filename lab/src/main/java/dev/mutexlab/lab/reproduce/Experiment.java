package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.gobench.Launcher;
import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.SuiteResult;
import java.util.List;

/**
 * One experiment of a reproduction: a grid for the lab's own runner ({@code ports}, measured as
 * {@code mutexlab sweep} measures, so it resumes shape by shape), for Go's own mutex ({@code go}),
 * or a test-mutex run ({@code fairness}, as {@code mutexlab fairness}). Exactly one is given. Its
 * result file is {@code DIR/<name>.json}. An experiment of the ports or of Go is run as several
 * replicas, each in fresh JVMs (or Go processes): replica 1 is named as the experiment, replica r
 * {@code <name>.r<r>}; the claims read the replicas of a {@link #family} together.
 *
 * @param name   file name without {@code .json}
 * @param what   what it measures, in a few words
 * @param claims the ids of the claims it feeds
 * @param ports    the ports' grid, or null
 * @param go       Go's grid, or null
 * @param fairness the test-mutex configuration, or null
 * @param suite    the suite's configuration, or null
 */
public record Experiment(String name, String what, List<String> claims, RunConfig ports, GoSeedLoop.Config go,
                         FairnessResult.Config fairness, Suite suite) {
    /**
     * A run of the suite.
     *
     * @param config    benchmarks, locks (the first is the base), thread kinds, P ladder, count
     * @param benchTime time per reported benchmark run
     */
    public record Suite(SuiteResult.Config config, Launcher.BenchTime benchTime) {
    }

    /** Per JVM or Go process start, on top of the measured time. */
    private static final long START_NANOS = 1_000_000_000L;
    private static final long PER_MEASUREMENT_NANOS = 30_000_000L;

    public Experiment {
        if ((ports != null ? 1 : 0) + (go != null ? 1 : 0) + (fairness != null ? 1 : 0) + (suite != null ? 1 : 0) != 1) {
            throw new IllegalArgumentException(name + ": an experiment runs the ports, Go, test-mutex or the suite, one of them");
        }
    }

    /** An experiment of the ports, Go or test-mutex. */
    public Experiment(String name, String what, List<String> claims, RunConfig ports, GoSeedLoop.Config go,
                      FairnessResult.Config fairness) {
        this(name, what, claims, ports, go, fairness, null);
    }

    /** What separates a replica's number from the experiment's name. */
    public static final String REPLICA = ".r";

    /** Replica {@code r} (from 1) of this experiment: the same grid in fresh JVMs, its own result file. */
    public Experiment replica(int r) {
        return r == 1 ? this : new Experiment(name + REPLICA + r, what + " (replica " + r + ")", claims, ports, go, fairness, suite);
    }

    /** The experiment's name without its replica number: what the claims read. */
    public String family() {
        return family(name);
    }

    /** The family of an experiment or result-file name. */
    public static String family(String name) {
        int at = name.lastIndexOf(REPLICA);
        return at > 0 && name.substring(at + REPLICA.length()).chars().allMatch(Character::isDigit)
                && at + REPLICA.length() < name.length() ? name.substring(0, at) : name;
    }

    public boolean isGo() {
        return go != null;
    }

    public String file() {
        return name + ".json";
    }

    /** Single measurements it makes. */
    public long measurementCount() {
        if (fairness != null) {
            return (long) fairness.locks().size() * fairness.threads().size() * fairness.procs().size() * fairness.runs();
        }
        if (suite != null) {
            return SuiteRunner.measurementCount(suite.config());
        }
        return isGo() ? go.measurementCount() : ports.measurementCount();
    }

    /** Estimated wall time, start-ups included. */
    public long estimatedNanos() {
        if (isGo()) {
            return go.measurementCount() * (go.durationNanos() + go.warmupNanos() + PER_MEASUREMENT_NANOS);
        }
        if (fairness != null) {
            return measurementCount() * (fairness.durationNanos() + PER_MEASUREMENT_NANOS)
                    + (long) fairness.threads().size() * fairness.procs().size() * START_NANOS;
        }
        if (suite != null) {
            return SuiteRunner.estimatedNanos(measurementCount(), suite.benchTime())
                    + (long) suite.config().threads().size() * suite.config().procs().size() * START_NANOS;
        }
        return ports.estimatedNanos();
    }
}
