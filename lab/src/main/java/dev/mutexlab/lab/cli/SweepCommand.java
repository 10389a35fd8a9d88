package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.sweep.Sweep;
import dev.mutexlab.lab.sweep.SweepGrid;
import dev.mutexlab.lab.sweep.SweepTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab sweep}: the starvation-mode experiment's 108-shape grid, resumable. */
@Command(name = "sweep", mixinStandardHelpOptions = true, description = {
        "Sweep the grid of Go's starvation-mode experiment (docs/background.md): holds x outside work x workers x procs (procs clipped to this machine's CPUs).",
        "Each shape is measured as 'run' measures it: interleaved batches, ratios to the first lock within a batch;",
        "--duration is the measured time per lock per batch; --locks takes two or more; --out is required.",
        "Interrupted? Run the same command again: it resumes from OUT.journal without re-measuring finished shapes.",
        "After its planned batches a shape whose verdicts cannot tell gets more, as 'run' adds them, until --budget is spent.",
        "Defaults take about 15 minutes on 2 cores (both thread kinds, P=2: 108 shapes x 2 locks x 6 batches), then up to "
        + "10 minutes of added batches; --quick: under a minute."})
public final class SweepCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    /** The workers of a --quick sweep: as many as P=2 has CPUs, and four times as many. */
    private static final List<Integer> QUICK_WORKERS = List.of(2, 8);

    @Spec
    CommandSpec spec;

    @Mixin
    MeasureOptions options;

    @Mixin
    AaOption aa;

    @Mixin
    DurationOption duration;

    @Mixin
    BudgetOption budget;

    @Mixin
    WideOption wide;

    @Option(names = "--hold", split = ",", paramLabel = "D", converter = Converters.DurationConverter.class,
            defaultValue = SweepGrid.DEFAULT_HOLDS, description = "Hold times. Default: ${DEFAULT-VALUE}")
    List<Duration> hold;

    @Option(names = "--outside", split = ",", paramLabel = "D|Nx", converter = Converters.OutsideConverter.class,
            defaultValue = SweepGrid.DEFAULT_OUTSIDE, description = "Outside work: durations or multiples of the hold. Default: ${DEFAULT-VALUE}")
    List<Outside> outside;

    @Option(names = "--workers", split = ",", paramLabel = "N", defaultValue = SweepGrid.DEFAULT_WORKERS,
            description = "Worker counts. Default: ${DEFAULT-VALUE}")
    List<Integer> workers;

    @Option(names = "--warmup", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Warm-up before each measurement. Default: 100ms (--quick: 30ms)")
    Duration warmup;

    @Option(names = "--runs", paramLabel = "N", description = "Batches per shape (compare needs 5 or more). Default: 6 (--quick: 2)")
    Integer runs;

    @Option(names = "--quick", description = "A look in under a minute: workers 2 and 8, the largest P only, 100ms "
            + "measurements after 30ms of warm-up, 2 batches, no added batches unless --budget is given.")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", "go,go:threshold=0", "--threads", "platform,virtual", "--procs", SweepGrid.DEFAULT_PROCS,
                "--duration", "500ms", "--out", OutOption.NONE, "--budget", "10m");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Procs.Clip clip = options.procs.clip();
        RunConfig config = config(clip.kept());
        Path outFile = options.out.file();
        long budgetNanos = budget.nanos(spec, quick);
        Sweep sweep = Sweep.open(config, clip.note(), Invocation.of(spec), outFile, budgetNanos);
        if (!clip.note().isEmpty()) {
            err.println("mutexlab sweep: " + clip.note());
        }
        if (sweep.shapesDone() > 0) {
            err.printf("mutexlab sweep: resuming from %s: %d of %d shapes already measured%n", sweep.journalFile(),
                    sweep.shapesDone(), sweep.shapeCount());
        }
        Planned.print("sweep", String.format("%d shapes, %d measurements left", sweep.shapeCount(), sweep.measurementsLeft()),
                sweep.estimatedNanosLeft(), budgetNanos, quick, err);
        Optional<SweepResult> result = OnInterrupt.guard(() -> {
            sweep.stop();
            err.println();
            err.println("mutexlab sweep: interrupted; finished shapes are kept in " + sweep.journalFile()
                    + " — run the same command again to resume");
            err.flush();
        }, () -> sweep.run(total -> new Progress(err, total, Progress.stderrIsTerminal())));
        SweepTable.print(result.orElseThrow(), wide.columns(), stdout);
        stdout.printf("%nResult: %s%n", outFile);
        return 0;
    }

    @Override
    public long plannedNanos(int cpus) {
        return config(options.procs.clip(cpus).kept()).estimatedNanos() + budget.nanos(spec, quick);
    }

    /** The configuration these options describe, on the processor counts that fit. */
    RunConfig config(List<Integer> keptProcs) {
        List<LabLock> lockList = aa.withControl(options.locks.labLocks());
        if (lockList.size() < 2) {
            throw new UsageException("--locks needs at least two specs: ratios are to the first");
        }
        List<Integer> procList = Planned.procs(spec, quick, keptProcs);
        List<Integer> workerList = quick && !Planned.given(spec, "--workers") ? QUICK_WORKERS : workers;
        Duration warm = warmup != null ? warmup : Duration.ofMillis(quick ? 30 : 100);
        int runCount = runs != null ? runs : quick ? 2 : 6;
        return new RunConfig(lockList, options.threads.kinds(), procList, workerList, hold.stream().map(Duration::toNanos).toList(),
                outside, duration.orQuick(quick, Duration.ofMillis(100)).toNanos(), warm.toNanos(), runCount, true)
                .validate(Confinement.allowedCpus().size());
    }
}
