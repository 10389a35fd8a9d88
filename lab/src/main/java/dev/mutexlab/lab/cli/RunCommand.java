package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.compare.RunTable;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.JfrRecording;
import dev.mutexlab.lab.runner.RunOrchestrator;
import dev.mutexlab.lab.stats.RatioVerdicts;
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

/** {@code mutexlab run}: the starvation-mode experiment (docs/background.md §1) — throughput, waits and fairness per lock and hold. */
@Command(name = "run", mixinStandardHelpOptions = true, description = {
        "Measure locks in the loop of Go's starvation-mode experiment (docs/background.md): W workers each do lock; busy for hold; unlock; busy outside.",
        "Every batch runs every lock once in rotated order; ratios are to the first lock, within a batch.",
        "--duration is the measured time per lock per batch.",
        "Each ratio comes with its bootstrap 95%% interval over the batches and a verdict: faster, slower, ~ (within "
        + "the ±5%% margin, or wider where --aa shows the run cannot resolve it) or ~? (cannot tell: fewer than 5 batches, or the interval "
        + "crosses the band's edge).",
        "After the planned batches a shape whose verdicts cannot tell gets more batches, until they can or its share of "
        + "--budget is spent (at most 30 batches a shape); the rest stay ~?.",
        "With no options: that experiment's table, lineup first, on this machine, holds 1, 10 and 100 us, 5 batches "
        + "(about 2.5 minutes on 2 cores), then up to 2 minutes of added batches: under 5 minutes in all. Go's five holds "
        + "are the longer command: --hold 1us,3us,10us,30us,100us --budget 5m (about 9 minutes on 2 cores).",
        "It prints its plan first: about how long the planned batches take, and at most how long with the added ones."})
public final class RunCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    static final String DEFAULT_LOCKS = "lineup,go,go:threshold=0,go:threshold=never,go+yield,jdk,jdk+yield,jdk-fair,synchronized";
    /** The default holds, with and without --quick: a decade apart, the ends of Go's five. */
    private static final List<Duration> DEFAULT_HOLDS = List.of(Duration.ofNanos(1_000), Duration.ofNanos(10_000),
            Duration.ofNanos(100_000));

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

    @Option(names = "--workers", split = ",", paramLabel = "N", description = "Worker counts. Default: ${DEFAULT-VALUE}", defaultValue = "4")
    List<Integer> workers;

    @Option(names = "--hold", split = ",", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Hold times. Default: 1us,10us,100us")
    List<Duration> hold;

    @Option(names = "--outside", paramLabel = "D|Nx", converter = Converters.OutsideConverter.class,
            description = "Work outside the lock: a duration or a multiple of the hold. Default: ${DEFAULT-VALUE}", defaultValue = "1x")
    Outside outside;

    @Option(names = "--warmup", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Unmeasured warm-up before each measurement. Default: 100ms (--quick: 30ms)")
    Duration warmup;

    @Option(names = "--runs", paramLabel = "N", description = "Batches. Default: 5, the fewest that carry a verdict (--quick: 2)")
    Integer runs;

    @Option(names = "--quick", description = "A look in about 20 seconds on 2 CPUs: 100ms measurements after 30ms of warm-up,"
            + " 2 batches, no added batches unless --budget is given.")
    boolean quick;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write every sample as CSV.")
    Path csv;

    @Option(names = "--jfr", paramLabel = "FILE.jfr", description = {
            "Record the measuring JVMs with JDK Flight Recorder into FILE: dev.mutexlab.MutexContended and "
            + "MutexStatistics, jdk.JavaMonitorEnter, jdk.ThreadPark, jdk.VirtualThreadPinned (settings: mutexlab.jfc)."})
    Path jfr;

    @Option(names = "--record-waits", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Time every acquisition (--no-record-waits only to measure the harness's own cost).")
    boolean recordWaits;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", DEFAULT_LOCKS, "--threads", "platform,virtual", "--procs", "all",
                "--duration", "400ms", "--out", "results/run-" + OutOption.TIME + ".json", "--budget", "2m");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Procs.Clip clip = options.procs.clip();
        RunConfig config = config(clip.kept());
        Path outFile = options.out.file();
        if (csv != null) {
            ResultIO.checkWritable(csv);
        }
        if (jfr != null) {
            ResultIO.checkWritable(jfr);
        }
        if (!clip.note().isEmpty()) {
            err.println("mutexlab run: " + clip.note());
        }
        long budgetNanos = budgetNanos();
        Planned.print("run", String.format("%d measurements and %d hiccup-meter windows", config.measurementCount(),
                config.meterWindowCount()), config.estimatedNanos(), budgetNanos, quick, err);
        JfrRecording recording = jfr != null ? JfrRecording.start() : null;
        RunOrchestrator orchestrator = new RunOrchestrator(config, Invocation.of(spec),
                recording != null ? recording.childJvmOptions() : List.of(), budgetNanos);
        RunResult result = Measure.run(spec, orchestrator, (r, o) -> RunTable.print(r, wide.columns(), o),
                r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofShapes(r.groups())))), outFile);
        Columns.printWrapped("mutexlab run: " + RunTable.replicationSummary(result, config.runs()), "  ", err);
        if (csv != null) {
            ResultIO.writeAtomically(csv, RunTable.csv(result));
        }
        stdout.printf("%nResult: %s%s%n", outFile, csv != null ? " (CSV: " + csv + ")" : "");
        if (recording != null) {
            stdout.printf("JFR: %s (%d JVMs; 'jfr summary' counts the events, 'jfr print --events dev.mutexlab.MutexContended' shows them)%n",
                    jfr, recording.finish(jfr));
        }
        return 0;
    }

    @Override
    public long plannedNanos(int cpus) {
        return config(options.procs.clip(cpus).kept()).estimatedNanos() + budgetNanos();
    }

    /** The time for added batches: {@code --budget}, or none in a {@code --quick} look that did not ask for it. */
    long budgetNanos() {
        return budget.nanos(spec, quick);
    }

    /** The configuration these options describe (validated), on the processor counts that fit. */
    RunConfig config(List<Integer> procList) {
        List<Duration> holds = hold != null ? hold : DEFAULT_HOLDS;
        Duration measured = duration.orQuick(quick, Duration.ofMillis(100));
        Duration warm = warmup != null ? warmup : Duration.ofMillis(quick ? 30 : 100);
        int runCount = runs != null ? runs : quick ? 2 : RatioVerdicts.MIN_BATCHES;
        return new RunConfig(aa.withControl(options.locks.labLocks()), options.threads.kinds(), procList, workers, holds.stream().map(Duration::toNanos).toList(),
                List.of(outside), measured.toNanos(), warm.toNanos(), runCount, recordWaits)
                .validate(Confinement.allowedCpus().size());
    }
}
