package dev.mutexlab.lab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab uncontended}: a front to the JMH benchmark {@code Uncontended} (see {@code mutexlab jmh}). */
@Command(name = "uncontended", mixinStandardHelpOptions = true, description = {
        "Time uncontended lock+unlock on one thread with JMH (bench/ Uncontended), against ReentrantLock, "
        + "synchronized and the CAS floor. The same as: mutexlab jmh Uncontended -p spec=SPEC,..."})
public final class UncontendedCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    /** The benchmarks beside one per spec: synchronized and the CAS floor. */
    private static final int BASELINES = 2;
    /** bench's Uncontended: forks, and 1 s iterations of warm-up and of measurement, in each fork. */
    private static final int FORKS = 3;
    private static final int ITERATIONS = 5;
    private static final long ITERATION_NANOS = 1_000_000_000L;
    /** What a forked JVM costs beyond its iterations: start-up, JMH's set-up and its report. */
    private static final long FORK_START_NANOS = 1_000_000_000L;

    @Spec
    CommandSpec spec;

    @Mixin
    LocksOption locks;

    @Option(names = "--quick", description = "One fork, one warm-up and one measured iteration (JMH -f 1 -wi 1 -i 1):"
            + " about 3 s a benchmark, a benchmark per spec and two baselines.")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", "go,jdk");
    }

    @Override
    public Integer call() throws Exception {
        spec.commandLine().getErr().printf("mutexlab uncontended: %d benchmarks, about %s%n", benchmarks(),
                Planned.time(plannedNanos(0)));
        List<String> args = new ArrayList<>(List.of("Uncontended", "-p", "spec=" + String.join(",", locks.librarySpecs())));
        if (quick) {
            args.addAll(List.of("-f", "1", "-wi", "1", "-i", "1"));
        }
        return JmhCommand.runJmh(args, spec.commandLine().getOut());
    }

    /** JMH's time for the benchmarks: one JVM per benchmark and fork, its warm-up and measured iterations. */
    @Override
    public long plannedNanos(int cpus) {
        int forks = quick ? 1 : FORKS;
        int iterations = quick ? 1 : ITERATIONS;
        return benchmarks() * forks * (FORK_START_NANOS + 2L * iterations * ITERATION_NANOS);
    }

    private long benchmarks() {
        return locks.librarySpecs().size() + BASELINES;
    }
}
