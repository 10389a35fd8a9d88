package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.real.Census;
import dev.mutexlab.lab.results.ResultFiles;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mutexlab census}: the lock census of a {@code real} result and whether the seed loop predicts its winners. */
@Command(name = "census", mixinStandardHelpOptions = true, description = {
        "Read a 'mutexlab real' result: for each workload, its lock sites (hold p50/p99/max, share contended, "
        + "threads waiting against CPUs, outside time) placed in the seed loop's grid (hold x outside x workers);",
        "then, for each (workload, thread kind, P), the lock the seed loop picks at the hottest site's shape "
        + "(from the run/sweep results given) against the lock that won the real run, and how often they agree.",
        "Without --results it prints the './mutexlab run' commands that measure the shapes."})
public final class CensusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REAL.json", description = "A 'mutexlab real' result file")
    Path real;

    @Option(names = "--results", paramLabel = "FILE", split = ",",
            description = "run/sweep result files measured at the sites' shapes (comma-separated or repeated)")
    List<Path> results;

    @Override
    public Integer call() {
        ResultFiles.Loaded loaded = ResultFiles.load(real);
        if (loaded.real() == null) {
            throw new UsageException(real + ": a " + loaded.schema() + " file, not a 'mutexlab real' result");
        }
        PrintWriter out = spec.commandLine().getOut();
        Census.print(loaded.real(), load(results), out);
        return 0;
    }

    /** The run/sweep files named (none: empty); anything else is bad input. */
    static List<ResultFiles.Loaded> load(List<Path> files) {
        if (files == null) {
            return List.of();
        }
        return files.stream().map(f -> {
            ResultFiles.Loaded l = ResultFiles.load(f);
            if (!l.hasShapes()) {
                throw new UsageException(f + ": a " + l.schema() + " file; --results takes run or sweep results");
            }
            return l;
        }).toList();
    }
}
