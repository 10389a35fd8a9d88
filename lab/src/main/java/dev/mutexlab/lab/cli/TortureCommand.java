package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.UsageException;
import dev.mutexlab.lab.spec.ThreadKind;
import dev.mutexlab.lab.torture.TortureConfig;
import dev.mutexlab.lab.torture.TortureEngine;
import dev.mutexlab.lab.torture.TortureReport;
import dev.mutexlab.lab.torture.TortureReportPrinter;
import dev.mutexlab.locks.Locks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab torture}: Linux-locktorture-style stress of every lock, with fault injection. */
@Command(name = "torture", sortOptions = false,
        description = {"Stress locks like Linux locktorture: writers mixing lock/tryLock/timed tryLock/lockInterruptibly,",
                "reentrancy and conditions, with interrupts, tiny timeouts, long holds, stutter, carrier-count changes and",
                "crashing writers. Prints SUCCESS (exit 0) or FAILURE (exit 1) per lock; see docs/torture.md."})
public final class TortureCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--locks", split = ",", paramLabel = "SPEC",
            description = "Lock specs, comma-separated (default: every example spec of every real lock).")
    List<String> locks;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "30s",
            description = "Total run time, split evenly across the locks (e.g. 30s, 10m; default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--writers", paramLabel = "N", description = "Writers per lock (default: 2 x CPUs).")
    Integer writers;

    @Option(names = "--threads", split = ",", paramLabel = "KIND", defaultValue = "platform,virtual",
            description = "Writer thread kinds, platform and/or virtual; with both they alternate (default: ${DEFAULT-VALUE}).")
    List<String> threads;

    @Option(names = "--long-hold", paramLabel = "TIME", defaultValue = "100ms",
            description = "The rare long critical section; 0 turns it off (default: ${DEFAULT-VALUE}).")
    String longHold;

    @Option(names = "--stutter", paramLabel = "TIME", defaultValue = "5s",
            description = "Run this long, then pause all writers for a quarter of it; 0 turns it off (default: ${DEFAULT-VALUE}).")
    String stutter;

    @Option(names = "--stuck-after", paramLabel = "TIME", defaultValue = "1s",
            description = "A writer blocked this long while the lock is idle has lost its wakeup (default: ${DEFAULT-VALUE}).")
    String stuckAfter;

    @Option(names = "--no-parallelism-change", description = "Keep the virtual-thread carrier count fixed.")
    boolean noParallelismChange;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed (default: from the clock).")
    Long seed;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the results as JSON (atomically).")
    Path out;

    @Override
    public Integer call() throws Exception {
        TortureConfig config = config();
        if (out != null) {
            ResultIO.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        TortureReport report = new TortureEngine(config).run(line -> {
            err.println(line);
            err.flush();
        }, commandLine());
        TortureReportPrinter.print(report, stdout);
        if (out != null) {
            ResultIO.writeJson(out, report);
            err.println("torture: wrote " + out);
        }
        return report.success() ? 0 : Main.EXIT_FAILURE;
    }

    TortureConfig config() {
        List<String> specs = locks == null ? Locks.exampleSpecs() : locks.stream().map(String::trim).toList();
        try {
            TortureEngine.validate(specs);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Duration total = duration("--duration", duration);
        if (total.isZero()) {
            throw new UsageException("--duration must be positive");
        }
        int n = writers == null ? TortureConfig.defaultWriters() : writers;
        if (n < 1) {
            throw new UsageException("--writers must be at least 1 (got " + n + ")");
        }
        LinkedHashSet<ThreadKind> kinds = new LinkedHashSet<>();
        for (String t : threads) {
            try {
                kinds.add(ThreadKind.parse(t));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--threads: " + e.getMessage());
            }
        }
        Duration stuck = duration("--stuck-after", stuckAfter);
        if (stuck.isZero()) {
            throw new UsageException("--stuck-after must be positive");
        }
        return new TortureConfig(specs, total.dividedBy(specs.size()), n, new ArrayList<>(kinds),
                duration("--long-hold", longHold), duration("--stutter", stutter), stuck, !noParallelismChange,
                seed == null ? System.nanoTime() : seed);
    }

    private static Duration duration(String option, String text) {
        try {
            return TortureConfig.parseDuration(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    private String commandLine() {
        return "mutexlab " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }
}
