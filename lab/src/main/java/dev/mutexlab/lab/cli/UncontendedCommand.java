package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.bench.Uncontended;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab uncontended}: the fast path's cost, interleaved rounds, ratios within a round. */
@Command(name = "uncontended", mixinStandardHelpOptions = true, description = "Time uncontended lock+unlock pairs on one thread, interleaved.")
public final class UncontendedCommand implements Callable<Integer>, CommandDefaults.Defaults {
    @Spec
    CommandSpec spec;

    @Mixin
    LocksOption locks;

    @Option(names = "--rounds", defaultValue = "15", description = "Interleaved rounds. Default: ${DEFAULT-VALUE}")
    int rounds;

    @Option(names = "--ops", defaultValue = "20000000", description = "lock+unlock pairs per lock per round. Default: ${DEFAULT-VALUE}")
    long ops;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", "go,jdk");
    }

    @Override
    public Integer call() {
        List<String> specs = locks.librarySpecs();
        if (rounds < 1 || ops < 1) {
            throw new UsageException("--rounds and --ops must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("uncontended lock+unlock, %d rounds x %d ops, one thread (%s)%n", rounds, ops,
                System.getProperty("java.runtime.version"));
        out.printf("%-22s %-26s %s%n", "lock", "ns/op median (min-max)", "ratio to " + specs.get(0) + " within round");
        for (Uncontended.Result r : Uncontended.measure(specs, rounds, ops)) {
            out.printf(Locale.ROOT, "%-22s %5.2f (%5.2f-%5.2f)      %.3f (%.3f-%.3f)%n", r.spec(), r.nanosPerOp().median(),
                    r.nanosPerOp().min(), r.nanosPerOp().max(), r.ratio().median(), r.ratio().min(), r.ratio().max());
        }
        return 0;
    }
}
