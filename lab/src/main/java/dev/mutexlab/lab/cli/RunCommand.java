package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.jfr.JfrRecording;
import dev.mutexlab.lab.report.Progress;
import dev.mutexlab.lab.report.RunTable;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.RunResult;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.RunOrchestrator;
import dev.mutexlab.lab.spec.LabLock;
import dev.mutexlab.lab.spec.Outside;
import dev.mutexlab.lab.spec.RunConfig;
import dev.mutexlab.lab.spec.ThreadKind;
import dev.mutexlab.locks.LockSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab run}: the seed's experiment — throughput, waits and fairness per lock and hold. */
@Command(name = "run", description = {
        "Measure locks in the seed's loop: W workers each do lock; busy for hold; unlock; busy outside.",
        "Every batch runs every lock once in rotated order; ratios are to the first lock, within a batch.",
        "With no options: the seed's table, lineup first, on this machine (about three minutes on 2 cores)."})
public final class RunCommand implements Callable<Integer> {
    static final String DEFAULT_LOCKS = "lineup,go,go:threshold=0,go:threshold=never,go+yield,jdk,jdk+yield,jdk-fair,synchronized";

    @Spec
    CommandSpec spec;

    @Option(names = "--locks", paramLabel = "SPEC,...", description = "Lock specs (see 'mutexlab locks'). Default: ${DEFAULT-VALUE}",
            defaultValue = DEFAULT_LOCKS)
    String locks;

    @Option(names = "--workers", paramLabel = "N,...", description = "Worker counts. Default: ${DEFAULT-VALUE}", defaultValue = "4")
    String workers;

    @Option(names = "--procs", paramLabel = "P,...", description = "Processor counts, or 'all'. Default: all")
    String procs;

    @Option(names = "--hold", paramLabel = "D,...", description = "Hold times. Default: ${DEFAULT-VALUE}",
            defaultValue = "1us,3us,10us,30us,100us")
    String hold;

    @Option(names = "--outside", paramLabel = "D|Nx", description = "Work outside the lock: a duration or a multiple of the hold. Default: ${DEFAULT-VALUE}",
            defaultValue = "1x")
    String outside;

    @Option(names = "--duration", paramLabel = "D", description = "Measured time per lock per batch. Default: 400ms (--quick: 100ms)")
    String duration;

    @Option(names = "--warmup", paramLabel = "D", description = "Unmeasured warm-up before each measurement. Default: 100ms (--quick: 30ms)")
    String warmup;

    @Option(names = "--runs", paramLabel = "N", description = "Batches. Default: 3 (--quick: 2)")
    Integer runs;

    @Option(names = "--threads", paramLabel = "KIND,...", description = "platform, virtual or both. Default: ${DEFAULT-VALUE}",
            defaultValue = "platform,virtual")
    String threads;

    @Option(names = "--quick", description = "A 20-second look: 3 holds, shorter measurements, 2 batches.")
    boolean quick;

    @Option(names = "--out", paramLabel = "FILE", description = "JSON result file. Default: results/run-<time>.json")
    Path out;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write every sample as CSV.")
    Path csv;

    @Option(names = "--jfr", paramLabel = "FILE.jfr", description = {
            "Record the measuring JVMs with JDK Flight Recorder into FILE: dev.mutexlab.MutexContended and",
            "MutexStatistics, jdk.JavaMonitorEnter, jdk.ThreadPark, jdk.VirtualThreadPinned (settings: mutexlab.jfc)."})
    Path jfr;

    @Option(names = "--record-waits", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Time every acquisition (--no-record-waits only to measure the harness's own cost).")
    boolean recordWaits;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunConfig config = config();
        Path outFile = this.out != null ? this.out
                : ResultIO.defaultOut("run");
        ResultIO.checkWritable(outFile);
        if (csv != null) {
            ResultIO.checkWritable(csv);
        }
        String commandLine = "mutexlab " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        err.printf("mutexlab run: %d measurements, about %ds; P enforced by %s%n", config.measurementCount(),
                config.estimatedNanos() / 1_000_000_000L,
                Confinement.hasTaskset() ? "taskset + -XX:ActiveProcessorCount (+ P carriers for virtual threads)"
                        : "-XX:ActiveProcessorCount only (taskset not found)");
        if (jfr != null) {
            ResultIO.checkWritable(jfr);
        }
        JfrRecording recording = jfr != null ? JfrRecording.start() : null;
        RunOrchestrator orchestrator = new RunOrchestrator(config, commandLine,
                recording != null ? recording.childJvmOptions() : List.of());
        AtomicBoolean finished = new AtomicBoolean();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread onInterrupt = new Thread(() -> {
            if (!finished.get()) {
                interrupted.set(true);
                orchestrator.stopChild();
                err.println();
                err.println("mutexlab run: interrupted; no result file written. Measured so far:");
                RunTable.print(orchestrator.snapshot(), out);
            }
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        Progress progress = new Progress(err, config.measurementCount(), Progress.stderrIsTerminal());
        RunResult result;
        try {
            result = orchestrator.run(progress);
        } catch (java.io.IOException | RuntimeException e) {
            if (interrupted.get()) {
                return 130; // the shutdown hook reports; the JVM is exiting on the signal
            }
            throw e;
        }
        progress.finish();
        finished.set(true);
        RunTable.print(result, out);
        ResultIO.writeJson(outFile, result);
        if (csv != null) {
            ResultIO.writeAtomically(csv, RunTable.csv(result));
        }
        out.printf("%nResult: %s%s%n", outFile, csv != null ? " (CSV: " + csv + ")" : "");
        if (recording != null) {
            out.printf("JFR: %s (%d JVMs; 'jfr summary' counts the events, 'jfr print --events dev.mutexlab.MutexContended' shows them)%n",
                    jfr, recording.finish(jfr));
        }
        return 0;
    }

    /** The configuration these options describe (validated). */
    RunConfig config() {
        List<LabLock> lockList = new ArrayList<>();
        for (String s : split(locks, "--locks")) {
            lockList.add(LabLock.parse(s));
        }
        List<ThreadKind> kinds = new ArrayList<>();
        for (String s : split(threads, "--threads")) {
            kinds.add(ThreadKind.parse(s));
        }
        int cpus = Confinement.allowedCpus().size();
        List<Integer> procList = new ArrayList<>();
        if (procs == null || procs.trim().equals("all")) {
            procList.add(cpus);
        } else {
            for (String s : split(procs, "--procs")) {
                procList.add(parseInt(s, "--procs"));
            }
        }
        List<Integer> workerList = new ArrayList<>();
        for (String s : split(workers, "--workers")) {
            workerList.add(parseInt(s, "--workers"));
        }
        String holds = quick && hold.equals("1us,3us,10us,30us,100us") ? "1us,10us,100us" : hold;
        List<Long> holdList = new ArrayList<>();
        for (String s : split(holds, "--hold")) {
            holdList.add(duration(s, "--hold"));
        }
        long durationNanos = duration(this.duration != null ? this.duration : quick ? "100ms" : "400ms", "--duration");
        long warmupNanos = duration(this.warmup != null ? this.warmup : quick ? "30ms" : "100ms", "--warmup");
        int runCount = runs != null ? runs : quick ? 2 : 3;
        return new RunConfig(lockList, kinds, procList, workerList, holdList, List.of(Outside.parse(outside)), durationNanos,
                warmupNanos, runCount, recordWaits).validate(cpus);
    }

    public static List<String> split(String text, String option) {
        List<String> parts = new ArrayList<>();
        for (String p : text.split(",")) {
            if (!p.isBlank()) {
                parts.add(p.trim());
            }
        }
        if (parts.isEmpty()) {
            throw new UsageException(option + " needs at least one value");
        }
        return parts;
    }

    public static int parseInt(String s, String option) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("bad number '" + s + "' for " + option);
        }
    }

    public static long duration(String s, String option) {
        try {
            return LockSpec.parseDuration(s).toNanos();
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }
}
