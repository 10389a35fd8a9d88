package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.CompareTable;
import dev.mutexlab.lab.compare.Comparison;
import dev.mutexlab.lab.results.ResultFiles;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mutexlab compare OLD NEW}: a benchstat-style table of two results of the same kind. */
@Command(name = "compare", mixinStandardHelpOptions = true, description = {
        "Compare two results (run, sweep, suite, fairness or apps), benchstat style: per shape (or benchmark, or "
        + "workload) and lock, old and new median with spread, the change, and a Mann-Whitney U p-value over the runs "
        + "('~' where p >= 0.05). Throughput for run and sweep; ns/op for suite; ops/s, cost and deviance per op for "
        + "fairness; ops/s, p99 latency and CPU per op for apps."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WideOption wide;

    @Parameters(index = "0", paramLabel = "OLD.json")
    Path oldFile;

    @Parameters(index = "1", paramLabel = "NEW.json")
    Path newFile;

    @Override
    public Integer call() {
        ResultFiles.Loaded a = ResultFiles.load(oldFile);
        ResultFiles.Loaded b = ResultFiles.load(newFile);
        CompareTable.print(oldFile.toString(), newFile.toString(), Comparison.of(a, b), wide.columns(),
                spec.commandLine().getOut());
        return 0;
    }
}
