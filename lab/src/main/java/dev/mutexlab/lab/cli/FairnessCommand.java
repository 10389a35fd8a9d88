package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.fairness.FairnessResult;
import dev.mutexlab.lab.fairness.FairnessRunner;
import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.spec.Outside;
import dev.mutexlab.lab.spec.ThreadKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab fairness}: seed 004's test-mutex, plus Linus' per-task acquisition counts. */
@Command(name = "fairness", description = {
        "Seed 004's test-mutex: N tasks on P CPUs loop lock; make-believe operation (--hold); unlock; work outside.",
        "Prints avg ops/sec, average cost per op (mean lock-to-unlock latency), average deviance per op (sum of",
        "|deltas| between a task's successive latencies / ops), latency p50/p99, and per-task counts (max/min, Jain)."})
public final class FairnessCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--locks", paramLabel = "SPEC,...", description = "Lock specs. Default: ${DEFAULT-VALUE}",
            defaultValue = "semaphore,kernel,go,jdk-fair")
    String locks;

    @Option(names = "--tasks", paramLabel = "N", description = "Parallel test tasks. Default: ${DEFAULT-VALUE}", defaultValue = "16")
    int tasks;

    @Option(names = "--procs", paramLabel = "P,...", description = "Processor counts, or 'all'. Default: all")
    String procs;

    @Option(names = "--threads", paramLabel = "KIND,...", description = "platform, virtual or both. Default: ${DEFAULT-VALUE}",
            defaultValue = "platform")
    String threads;

    @Option(names = "--hold", paramLabel = "D", description = "The make-believe operation, under the lock. Default: ${DEFAULT-VALUE}",
            defaultValue = "10us")
    String hold;

    @Option(names = "--outside", paramLabel = "D|Nx", description = "Work after unlock. Default: ${DEFAULT-VALUE}", defaultValue = "0")
    String outside;

    @Option(names = "--duration", paramLabel = "D", description = "Measured time per lock per run (the seed: 10s). Default: 10s (--quick: 1s)")
    String duration;

    @Option(names = "--runs", paramLabel = "N", description = "Runs per lock, in rotated order. Default: ${DEFAULT-VALUE}", defaultValue = "1")
    int runs;

    @Option(names = "--quick", description = "1 s per lock.")
    boolean quick;

    @Option(names = "--out", paramLabel = "FILE", description = "JSON result file. Default: results/fairness-<time>.json")
    Path out;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> lockList = SuiteCommand.lockSpecs(locks);
        List<ThreadKind> kinds = new ArrayList<>();
        for (String s : RunCommand.split(threads, "--threads")) {
            kinds.add(ThreadKind.parse(s));
        }
        int cpus = Confinement.allowedCpus().size();
        List<Integer> procList = procs == null ? List.of(cpus) : SuiteCommand.procList(procs);
        if (tasks < 1) {
            throw new UsageException("--tasks must be at least 1");
        }
        if (runs < 1) {
            throw new UsageException("--runs must be at least 1");
        }
        long holdNanos = RunCommand.duration(hold, "--hold");
        long outsideNanos = Outside.parse(outside).nanosFor(holdNanos);
        long durationNanos = RunCommand.duration(duration != null ? duration : quick ? "1s" : "10s", "--duration");
        if (durationNanos <= 0) {
            throw new UsageException("--duration must be positive");
        }
        FairnessResult.Config config = new FairnessResult.Config(lockList, kinds.stream().map(ThreadKind::label).toList(), procList,
                tasks, holdNanos, outsideNanos, durationNanos, runs);
        Path outFile = this.out != null ? this.out
                : ResultIO.defaultOut("fairness");
        ResultIO.checkWritable(outFile);
        long total = (long) kinds.size() * procList.size() * lockList.size() * runs;
        err.printf("mutexlab fairness: %d tasks, %d measurements of %ss, about %ds%n", tasks, total, durationNanos / 1e9,
                total * durationNanos / 1_000_000_000L + 2L * kinds.size() * procList.size());
        Progress progress = new Progress(err, total, Progress.stderrIsTerminal());
        List<FairnessResult.Group> groups = FairnessRunner.run(config, kinds, progress);
        progress.finish();
        FairnessResult result = new FairnessResult(FairnessResult.SCHEMA,
                "mutexlab " + String.join(" ", spec.commandLine().getParseResult().originalArgs()), Instant.now().toString(),
                Machine.current(), config, groups);
        FairnessRunner.print(result, out);
        ResultIO.writeJson(outFile, result);
        out.printf("%nResult: %s%n", outFile);
        return 0;
    }
}
