package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.fairness.FairnessRunner;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab fairness}: the test-mutex benchmark of Linux's generic-mutex work, plus per-task counts. */
@Command(name = "fairness", mixinStandardHelpOptions = true, description = {
        "The test-mutex benchmark that Linux's generic mutex was measured with against the old semaphore: N tasks "
        + "on P CPUs loop lock; make-believe operation (--hold); unlock; work outside. --duration is per lock per run.",
        "Prints avg ops/sec, average cost per op (mean lock-to-unlock latency), average deviance per op (sum of "
        + "|deltas| between a task's successive latencies / ops), latency p50/p99, and per-task counts (max/min, Jain).",
        "With --budget D, runs are added while a lock's ops/s verdict against the first cannot tell, until D is spent "
        + "(default 0s: the planned runs, as the benchmark was run)."})
public final class FairnessCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    @Spec
    CommandSpec spec;

    @Mixin
    MeasureOptions options;

    @Mixin
    DurationOption duration;

    @Mixin
    AaOption aa;

    @Mixin
    BudgetOption budget;

    @Mixin
    WideOption wide;

    @Option(names = "--tasks", paramLabel = "N", description = "Parallel test tasks. Default: ${DEFAULT-VALUE}", defaultValue = "16")
    int tasks;

    @Option(names = "--hold", paramLabel = "D", converter = Converters.DurationConverter.class, defaultValue = "10us",
            description = "The make-believe operation, under the lock. Default: ${DEFAULT-VALUE}")
    Duration hold;

    @Option(names = "--outside", paramLabel = "D|Nx", converter = Converters.OutsideConverter.class, defaultValue = "0",
            description = "Work after unlock. Default: ${DEFAULT-VALUE}")
    Outside outside;

    @Option(names = "--runs", paramLabel = "N", description = "Runs per lock, in rotated order. Default: ${DEFAULT-VALUE}", defaultValue = "1")
    int runs;

    @Option(names = "--quick", description = "1 s per lock, no added batches unless --budget is given.")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", "semaphore,kernel,go,jdk-fair", "--threads", "platform", "--procs", "all",
                "--duration", "10s", "--out", "results/fairness-" + OutOption.TIME + ".json", "--budget", "0s");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Procs.Clip clip = options.procs.clip();
        FairnessRunner runner = runner(clip.kept());
        Path outFile = options.out.file();
        if (!clip.note().isEmpty()) {
            err.println("mutexlab fairness: " + clip.note());
        }
        Planned.print("fairness", String.format("%d tasks, %d measurements of %ss", tasks, runner.measurementCount(),
                runner.config().durationNanos() / 1e9), runner.estimatedNanos(), budget.nanos(spec, quick), quick, err);
        Measure.run(spec, runner, (r, o) -> FairnessRunner.print(r, wide.columns(), o), FairnessRunner::withVerdicts, outFile);
        stdout.printf("%nResult: %s%n", outFile);
        return 0;
    }

    @Override
    public long plannedNanos(int cpus) {
        return runner(options.procs.clip(cpus).kept()).estimatedNanos() + budget.nanos(spec, quick);
    }

    /** The runner of the configuration these options describe (validated), on the processor counts given. */
    FairnessRunner runner(List<Integer> procList) {
        if (tasks < 1) {
            throw new UsageException("--tasks must be at least 1");
        }
        if (runs < 1) {
            throw new UsageException("--runs must be at least 1");
        }
        List<ThreadKind> kinds = options.threads.kinds();
        long holdNanos = hold.toNanos();
        long durationNanos = duration.orQuick(quick, Duration.ofSeconds(1)).toNanos();
        FairnessResult.Config config = new FairnessResult.Config(aa.withControl(options.locks.librarySpecs()),
                kinds.stream().map(ThreadKind::label).toList(), List.copyOf(procList), tasks, holdNanos,
                outside.nanosFor(holdNanos), durationNanos, runs);
        return new FairnessRunner(config, kinds, Invocation.of(spec), budget.nanos(spec, quick));
    }
}
