package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.apps.AppsRunner;
import dev.mutexlab.lab.apps.AppsTable;
import dev.mutexlab.lab.apps.Workload;
import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab apps}: the locks inside application-shaped workloads (cache, queue, logger, pool, striped map). */
@Command(name = "apps", mixinStandardHelpOptions = true, description = {
        "Measure locks inside small programs written against Lock and Condition (and as synchronized with wait/notify):",
        "  cache    a LinkedHashMap LRU (access order) under one lock, Zipf keys; a miss builds outside it",
        "  queue    a bounded blocking queue (array ring, notEmpty/notFull conditions), producers, consumers",
        "  logger   an appender formatting each line into a buffer flushed when full, under one lock",
        "  pool     an object pool, half as many objects as threads: borrow (wait while empty), use, return",
        "  striped  16 stripes of counters, each under its own lock; hot keys load a few stripes",
        "Each reports ops/s, latency per operation (p50/p99/p99.9/max), the wait to acquire, CPU per operation and "
        + "Jain's index across threads, and checks at the end that nothing was lost (a failed check: exit status 1).",
        "Every batch runs every workload on every lock once, locks in rotated order; --duration is per measurement.",
        "With no options: every lock of 'run', every workload, both thread kinds, P=1,2 (about 5 minutes on 2 cores), "
        + "then up to --budget (default 10m) of added batches in fresh JVMs for the workloads whose verdicts cannot tell: "
        + "3 planned batches decide nothing (a verdict needs 5), so the first round always runs unless --budget 0s."})
public final class AppsCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    @Spec
    CommandSpec spec;

    @Mixin
    MeasureOptions options;

    @Mixin
    AaOption aa;

    @Mixin
    BudgetOption budget;

    @Mixin
    DurationOption duration;

    @Mixin
    WideOption wide;

    @Option(names = "--apps", split = ",", paramLabel = "NAME",
            description = "Workloads: cache, queue, logger, pool, striped. Default: all")
    List<String> apps;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "4",
            description = "Threads per workload (the queue: half producers, half consumers). Default: ${DEFAULT-VALUE}")
    int workers;

    @Option(names = "--skew", paramLabel = "S", defaultValue = "0.99",
            description = "Zipf exponent of the keys (cache, logger, striped); 0 is uniform. Default: ${DEFAULT-VALUE}")
    double skew;

    @Option(names = "--keys", paramLabel = "N", defaultValue = "10000",
            description = "The key space (the cache holds a tenth of it). Default: ${DEFAULT-VALUE}")
    int keys;

    @Option(names = "--outside", paramLabel = "D", converter = Converters.DurationConverter.class, defaultValue = "1us",
            description = "Work outside the lock per operation (a request's work, making or processing an item, using a"
                    + " pooled object). Default: ${DEFAULT-VALUE}")
    Duration outside;

    @Option(names = "--warmup", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Unmeasured warm-up before each measurement. Default: 100ms (--quick: 30ms)")
    Duration warmup;

    @Option(names = "--runs", paramLabel = "N", description = "Batches. Default: 3 (--quick: 2)")
    Integer runs;

    @Option(names = "--quick", description = "A look in under a minute: the largest P only (unless --procs is given), 100ms"
            + " measurements, 30ms warm-up, 2 batches, no added batches unless --budget is given.")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", RunCommand.DEFAULT_LOCKS, "--threads", "platform,virtual", "--procs", "1,2",
                "--duration", "400ms", "--out", "results/apps-" + OutOption.TIME + ".json", "--budget", "10m");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Procs.Clip clip = options.procs.clip();
        AppsResult.Config config = config(clip.kept());
        Path outFile = options.out.file();
        if (!clip.note().isEmpty()) {
            err.println("mutexlab apps: " + clip.note());
        }
        long budgetNanos = budget.nanos(spec, quick);
        AppsRunner runner = new AppsRunner(config, Invocation.of(spec), budgetNanos);
        Planned.print("apps", runner.measurementCount() + " measurements", AppsRunner.estimatedNanos(config), budgetNanos,
                quick, err);
        AppsResult result = Measure.run(spec, runner, (r, o) -> AppsTable.print(r, wide.columns(), o),
                r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofApps(r)))), outFile);
        Columns.printWrapped("mutexlab apps: adaptive replication stopped: " + runner.stopReason(), "  ", err);
        stdout.printf("%nResult: %s%n", outFile);
        List<AppsResult.Sample> failed = AppsRunner.failedChecks(result);
        if (!failed.isEmpty()) {
            AppsResult.Sample first = failed.getFirst();
            Columns.printWrapped(String.format("mutexlab apps: %d measurements failed their check; first: %s on %s: %s",
                    failed.size(), first.workload(), first.lock(), first.check()), "  ", err);
            return ExitCode.FAILURE;
        }
        return 0;
    }

    @Override
    public long plannedNanos(int cpus) {
        return AppsRunner.estimatedNanos(config(options.procs.clip(cpus).kept())) + budget.nanos(spec, quick);
    }

    /** The configuration these options describe (validated), on the processor counts given. */
    AppsResult.Config config(List<Integer> procList) {
        List<String> workloads = apps == null ? Workload.names() : apps.stream().map(a -> Workload.parse(a).label()).toList();
        if (new LinkedHashSet<>(workloads).size() != workloads.size()) {
            throw new UsageException("--apps names a workload twice");
        }
        List<LabLock> locks = aa.withControl(options.locks.labLocks());
        for (LabLock l : locks) {
            if (l.isMonitor() && l.yieldAfterUnlock()) {
                throw new UsageException("'" + l.spec() + "' is not an apps column (synchronized, or a lock spec with +yield)");
            }
        }
        int minWorkers = workloads.contains(Workload.QUEUE.label()) ? 2 : 1;
        if (workers < minWorkers || workers > 4096) {
            throw new UsageException("--workers must be between " + minWorkers + " and 4096"
                    + (minWorkers == 2 ? " (the queue needs a producer and a consumer)" : ""));
        }
        if (!(skew >= 0 && skew <= 10)) {
            throw new UsageException("--skew must be between 0 (uniform) and 10");
        }
        if (keys < 1 || keys > 10_000_000) {
            throw new UsageException("--keys must be between 1 and 10000000");
        }
        Duration measured = duration.orQuick(quick, Duration.ofMillis(100));
        Duration warm = warmup != null ? warmup : Duration.ofMillis(quick ? 30 : 100);
        int runCount = runs != null ? runs : quick ? 2 : 3;
        if (runCount < 1) {
            throw new UsageException("--runs must be at least 1");
        }
        List<Integer> procs = Planned.procs(spec, quick, procList);
        return new AppsResult.Config(locks.stream().map(LabLock::spec).toList(),
                options.threads.kinds().stream().map(ThreadKind::label).toList(), procs, workloads,
                workers, skew, keys, outside.toNanos(), measured.toNanos(), warm.toNanos(), runCount);
    }
}
