package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.torture.TortureConfig;
import dev.mutexlab.lab.torture.TortureEngine;
import dev.mutexlab.lab.torture.TortureReport;
import dev.mutexlab.lab.torture.TortureReportPrinter;
import dev.mutexlab.locks.Locks;
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

/** {@code mutexlab torture}: Linux-locktorture-style stress of every lock, with fault injection. */
@Command(name = "torture", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Stress locks like Linux locktorture: writers mixing lock/tryLock/timed tryLock/lockInterruptibly, "
                + "reentrancy and conditions, with interrupts, tiny timeouts, long holds, stutter, carrier-count changes and "
                + "crashing writers. --duration is the total time, split evenly across the locks.",
                "Prints SUCCESS (exit 0) or FAILURE (exit 1) per lock; see docs/torture.md."})
public final class TortureCommand implements Callable<Integer>, CommandDefaults.Defaults {
    @Spec
    CommandSpec spec;

    @Option(names = "--locks", split = ",", paramLabel = "SPEC", converter = Converters.TortureSpecConverter.class,
            description = "Lock specs, comma-separated: library locks (see 'mutexlab locks') or the broken controls"
                    + " that prove the detectors fire (busted, busted:lostwakeup). Default: ${DEFAULT-VALUE}")
    List<String> locks;

    @Mixin
    DurationOption duration;

    @Mixin
    ThreadsOption threads;

    @Mixin
    OutOption out;

    @Option(names = "--writers", paramLabel = "N", description = "Writers per lock (default: 2 x CPUs).")
    Integer writers;

    @Option(names = "--long-hold", paramLabel = "D", defaultValue = "100ms", converter = Converters.DurationConverter.class,
            description = "The rare long critical section; 0 turns it off. Default: ${DEFAULT-VALUE}")
    Duration longHold;

    @Option(names = "--stutter", paramLabel = "D", defaultValue = "5s", converter = Converters.DurationConverter.class,
            description = "Run this long, then pause all writers for a quarter of it; 0 turns it off. Default: ${DEFAULT-VALUE}")
    Duration stutter;

    @Option(names = "--stuck-after", paramLabel = "D", defaultValue = "1s", converter = Converters.DurationConverter.class,
            description = "A writer blocked this long while the lock is idle has lost its wakeup. Default: ${DEFAULT-VALUE}")
    Duration stuckAfter;

    @Option(names = "--no-parallelism-change", description = "Keep the virtual-thread carrier count fixed.")
    boolean noParallelismChange;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed (default: from the clock).")
    Long seed;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", String.join(",", Locks.exampleSpecs()), "--duration", "30s", "--threads", "platform,virtual",
                "--out", OutOption.NONE);
    }

    @Override
    public Integer call() throws Exception {
        TortureConfig config = config();
        Path outFile = out.fileOrNull();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        TortureReport report = new TortureEngine(config).run(line -> {
            err.println(line);
            err.flush();
        }, Invocation.of(spec));
        TortureReportPrinter.print(report, stdout);
        if (outFile != null) {
            ResultIO.writeJson(outFile, report);
            err.println("torture: wrote " + outFile);
        }
        return report.success() ? 0 : ExitCode.FAILURE;
    }

    TortureConfig config() {
        List<String> specs = List.copyOf(new java.util.LinkedHashSet<>(locks));
        Duration total = duration.get();
        int n = writers == null ? TortureConfig.defaultWriters() : writers;
        if (n < 1) {
            throw new UsageException("--writers must be at least 1 (got " + n + ")");
        }
        if (stuckAfter.isZero()) {
            throw new UsageException("--stuck-after must be positive");
        }
        return new TortureConfig(specs, total.dividedBy(specs.size()), n, threads.kinds(), longHold, stutter, stuckAfter,
                !noParallelismChange, seed == null ? System.nanoTime() : seed);
    }
}
