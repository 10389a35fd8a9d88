package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.SweepResult;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.spec.LabLock;
import dev.mutexlab.lab.spec.Outside;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.ThreadKind;
import dev.mutexlab.lab.sweep.Sweep;
import dev.mutexlab.lab.sweep.SweepGrid;
import dev.mutexlab.lab.sweep.SweepTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab sweep}: the seed's 108-shape grid, resumable. */
@Command(name = "sweep", description = {
        "Sweep the seed's grid: holds x outside work x workers x procs (procs clipped to this machine's CPUs).",
        "Each shape is measured as 'run' measures it: interleaved batches, ratios to the first lock within a batch.",
        "Interrupted? Run the same command again: it resumes from OUT.journal without re-measuring finished shapes.",
        "Defaults take about 15 minutes on 2 cores (both thread kinds, P=2: 108 shapes x 2 locks x 6 batches)."})
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--locks", required = true, paramLabel = "A,B[,...]", description = "Lock specs; ratios are to the first.")
    String locks;

    @Option(names = "--hold", paramLabel = "D,...", defaultValue = SweepGrid.DEFAULT_HOLDS, description = "Hold times. Default: ${DEFAULT-VALUE}")
    String hold;

    @Option(names = "--outside", paramLabel = "D|Nx,...", defaultValue = SweepGrid.DEFAULT_OUTSIDE,
            description = "Outside work: durations or multiples of the hold. Default: ${DEFAULT-VALUE}")
    String outside;

    @Option(names = "--workers", paramLabel = "N,...", defaultValue = SweepGrid.DEFAULT_WORKERS, description = "Worker counts. Default: ${DEFAULT-VALUE}")
    String workers;

    @Option(names = "--procs", paramLabel = "P,...", defaultValue = SweepGrid.DEFAULT_PROCS,
            description = "Processor counts; those above this machine's CPUs are left out (and said so). Default: ${DEFAULT-VALUE}")
    String procs;

    @Option(names = "--threads", paramLabel = "KIND,...", defaultValue = "platform,virtual", description = "platform, virtual or both. Default: ${DEFAULT-VALUE}")
    String threads;

    @Option(names = "--duration", paramLabel = "D", defaultValue = "500ms", description = "Measured time per lock per batch. Default: ${DEFAULT-VALUE}")
    String duration;

    @Option(names = "--warmup", paramLabel = "D", defaultValue = "100ms", description = "Warm-up before each measurement. Default: ${DEFAULT-VALUE}")
    String warmup;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "6", description = "Batches per shape (compare needs 5 or more). Default: ${DEFAULT-VALUE}")
    int runs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "JSON result file; its journal is FILE.journal while the sweep runs.")
    Path out;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SweepGrid.Clip clip = SweepGrid.clipProcs(ints(procs, "--procs"), Confinement.allowedCpus().size());
        RunConfig config = config(clip.kept());
        ResultIO.checkWritable(this.out);
        String commandLine = "mutexlab " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        Sweep sweep = Sweep.open(config, clip.note(), commandLine, this.out);
        if (!clip.note().isEmpty()) {
            err.println("mutexlab sweep: " + clip.note());
        }
        if (sweep.shapesDone() > 0) {
            err.printf("mutexlab sweep: resuming from %s: %d of %d shapes already measured%n", sweep.journalFile(),
                    sweep.shapesDone(), sweep.shapeCount());
        }
        err.printf("mutexlab sweep: %d shapes, %d measurements left, about %ds%n", sweep.shapeCount(),
                sweep.measurementsLeft(),
                sweep.measurementsLeft() * (config.durationNanos() + config.warmupNanos() + 5_000_000L) / 1_000_000_000L);
        AtomicBoolean finished = new AtomicBoolean();
        Thread onInterrupt = new Thread(() -> {
            if (!finished.get()) {
                sweep.stop();
                err.println();
                err.println("mutexlab sweep: interrupted; finished shapes are kept in " + sweep.journalFile()
                        + " — run the same command again to resume");
                err.flush();
            }
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            Optional<SweepResult> result = sweep.run(total -> new Progress(err, total, Progress.stderrIsTerminal()));
            finished.set(true);
            SweepTable.print(result.orElseThrow(), out);
            out.printf("%nResult: %s%n", this.out);
            return 0;
        } finally {
            finished.set(true);
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }

    /** The configuration these options describe, with procs already clipped. */
    RunConfig config(List<Integer> keptProcs) {
        List<LabLock> lockList = RunCommand.split(locks, "--locks").stream().map(LabLock::parse).toList();
        if (lockList.size() < 2) {
            throw new UsageException("--locks needs at least two specs: ratios are to the first");
        }
        List<ThreadKind> kinds = RunCommand.split(threads, "--threads").stream().map(ThreadKind::parse).toList();
        List<Long> holds = RunCommand.split(hold, "--hold").stream().map(s -> RunCommand.duration(s, "--hold")).toList();
        List<Outside> outsides = RunCommand.split(outside, "--outside").stream().map(Outside::parse).toList();
        return new RunConfig(lockList, kinds, keptProcs, ints(workers, "--workers"), holds, outsides,
                RunCommand.duration(duration, "--duration"), RunCommand.duration(warmup, "--warmup"), runs, true)
                .validate(Confinement.allowedCpus().size());
    }

    private static List<Integer> ints(String text, String option) {
        return RunCommand.split(text, option).stream().map(s -> RunCommand.parseInt(s, option)).toList();
    }
}
