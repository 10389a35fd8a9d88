package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.apps.AppsTable;
import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Columns;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.config.Procs;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.real.Census;
import dev.mutexlab.lab.real.LockEventsTable;
import dev.mutexlab.lab.real.Jars;
import dev.mutexlab.lab.real.RealRunner;
import dev.mutexlab.lab.real.RealWorkloads;
import dev.mutexlab.lab.real.Workers;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.locks.Locks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mutexlab real}: third-party libraries under load, each lock swapped in by the agent, and their lock census. */
@Command(name = "real", mixinStandardHelpOptions = true, description = {
        "Measure real libraries from Maven Central with each lock swapped in by the mutexlab agent "
        + "(-javaagent:agent.jar=lock=SPEC; 'jdk' runs the program's own lock, no agent):",
        "  logback-file     logback FileAppender, immediate flush (its stream lock)",
        "  logback-rolling  logback RollingFileAppender rolling at 16 KB (stream + triggering-policy locks)",
        "  executor         JDK ThreadPoolExecutor, P pool threads, bounded LinkedBlockingQueue, tiny tasks",
        "  queue            JDK ArrayBlockingQueue pipeline, half producers, half consumers",
        "  caffeine         Caffeine size-bounded cache, 75%% writes, Zipf keys (its eviction lock)",
        "  pool             commons-pool2 GenericObjectPool, half as many objects as threads",
        "  scheduled        JDK ScheduledThreadPoolExecutor, P threads, tasks due in 50 us (its delay queue)",
        "  deque            JDK LinkedBlockingDeque worked at both ends, half producers, half consumers",
        "  delay-queue      JDK DelayQueue, put a job due in 20 us, take a due one (lock + leader condition)",
        "  priority-queue   JDK PriorityBlockingQueue 1024 deep, put one, take the least (its heap lock)",
        "  conn-pool        HttpCore 5 StrictConnPool, 2 routes of threads/4 connections (its pool lock)",
        "  jetty            Jetty 12.1 server + HttpClient, loopback HTTP/1.1 GETs (its AutoLocks)",
        "  h2               H2 2.3 in-memory database, transfers, a connection per 2 threads (its locks)",
        "  lucene           Lucene 9.12 IndexWriter, concurrent addDocument (its writer pool's locks)",
        "  httpclient       HttpClient 5.6 + HttpCore server, loopback GETs, threads/2 connections",
        "Every sample is a child JVM of its own; batches run every (thread kind, P, workers, workload) on every lock once, in "
        + "rotated order. Per cell: ops/s, latency p50/p99/p99.9/max, CPU per op, Jain's index, and the workload's check.",
        "A spec with ':stats' (lineup:stats) also reports what its locks did: lineup's policy at the end of each sample, "
        + "its chooser's trials and switches, the contended acquisitions (statistics cost a little: compare speed without).",
        "A spec with '+profile' runs that lock with the agent's profile on: '--locks jdk,jdk+profile' measures what the "
        + "profile costs each program.",
        "A separate pass then profiles each workload's lock sites (hold, wait, outside time) and prints the census: "
        + "where each site sits in the seed loop's grid and, with --results, whether the loop predicts the real winner.",
        "With no options: the locks below, both thread kinds, P = this machine's CPUs (about 22 minutes on 2 CPUs, extrapolated).",
        "--aa: the first lock measured again in every batch, the A/A control ('jdk' again runs without the agent too).",
        "--budget D: after the planned batches, more batches for the (thread kind, P, workers, workload) cells whose ops/s verdict "
        + "cannot tell, until all are decided or D is spent. Default 0s: an added batch is a child JVM per lock (about 2 s "
        + "each), and 3 planned batches decide nothing (a verdict needs 5), so a first round of 2 batches takes about "
        + "2 x locks x undecided cells x 2 s (for the default plan 2 x 7 x 15 x 2 s, about 7 minutes)."})
public final class RealCommand implements Callable<Integer>, CommandDefaults.Defaults, Planned {
    /** The locks of the default plan ({@code jdk-fair}: the agent makes the program's nonfair locks fair). */
    static final String DEFAULT_LOCKS = "lineup,go,go:threshold=0,jdk,jdk-fair,spinbit,kernel";
    /** The workloads of a --quick look: a logger, the JDK's pool, a cache and a connection pool, each quick to start. */
    static final List<String> QUICK_WORKLOADS = List.of("logback-file", "executor", "caffeine", "conn-pool");

    @Spec
    CommandSpec spec;

    @Mixin
    MeasureOptions options;

    @Mixin
    AaOption aa;

    @Mixin
    BudgetOption budget;

    @Mixin
    WideOption wide;

    @Mixin
    DurationOption duration;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME",
            description = "Workloads: logback-file, logback-rolling, executor, queue, caffeine, pool, scheduled, deque, "
                    + "delay-queue, priority-queue, conn-pool, jetty, h2, lucene, httpclient. Default: all")
    List<String> workloads;

    @Option(names = "--workers", paramLabel = "N", split = ",", defaultValue = "4",
            description = "Threads driving each workload (the queue: half producers, half consumers): a count (8), a "
                    + "multiple of P (4x: 4 threads per CPU), or a list (1x,4x,16x), each value a dimension of the run. "
                    + "Default: ${DEFAULT-VALUE}")
    List<String> workers;

    @Option(names = "--outside", paramLabel = "D", converter = Converters.DurationConverter.class, defaultValue = "1us",
            description = "Busy work per operation outside the library (a request's own work). Default: ${DEFAULT-VALUE}")
    Duration outside;

    @Option(names = "--warmup", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "Unmeasured warm-up in each child JVM. Default: 300ms (--quick: 100ms)")
    Duration warmup;

    @Option(names = "--runs", paramLabel = "N", description = "Batches. Default: 3 (--quick: 1)")
    Integer runs;

    @Option(names = "--profile-lock", paramLabel = "SPEC", defaultValue = "jdk",
            description = "The lock of the profile pass ('jdk': the program's own; 'none': no profile pass). Default: ${DEFAULT-VALUE}")
    String profileLock;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The workloads' seed. Default: ${DEFAULT-VALUE}")
    long seed;

    @Option(names = "--results", paramLabel = "FILE", split = ",",
            description = "run/sweep result files for the census's prediction (the seed loop's pick at each site's shape)")
    List<Path> results;

    @Option(names = "--quick", description = "A look in under a minute: platform threads, the workloads logback-file,"
            + " executor, caffeine and conn-pool (unless --workloads is given), 1 batch, 150ms windows, no added batches"
            + " unless --budget is given.")
    boolean quick;

    @Override
    public Map<String, String> defaults() {
        return Map.of("--locks", DEFAULT_LOCKS, "--threads", "platform,virtual", "--procs", "all",
                "--duration", "500ms", "--out", "results/real-" + OutOption.TIME + ".json", "--budget", "0s");
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Procs.Clip clip = options.procs.clip();
        RealResult.Config config = config(clip.kept());
        List<dev.mutexlab.lab.results.ResultFiles.Loaded> seedLoop = CensusCommand.load(results);
        Path outFile = options.out.file();
        boolean swaps = config.profileLock() != null || config.locks().stream().anyMatch(l -> !l.equals(RealRunner.NO_SWAP));
        Path agent = swaps ? Jars.agent() : null; // the program's own lock alone, unprofiled, needs no agent
        String classPath = Jars.realClassPath();
        if (agent != null) {
            // each spec once: the A/A copy is the first lock's own spec, so the agent takes it as it takes the first
            LinkedHashSet<String> swapped = new LinkedHashSet<>(config.locks());
            if (config.profileLock() != null) {
                swapped.add(config.profileLock());
            }
            RealRunner.checkAgentTakes(agent, List.copyOf(swapped));
        }
        if (!clip.note().isEmpty()) {
            err.println("mutexlab real: " + clip.note());
        }
        long budgetNanos = budget.nanos(spec, quick);
        RealRunner runner = new RealRunner(new RealResult.Config(config.locks(), config.threads(), config.procs(),
                config.workloads(), config.workers(), config.outsideNanos(), config.durationNanos(), config.warmupNanos(),
                config.runs(), config.profileLock(), agent == null ? null : agent.toString(), config.seed(),
                config.workersValues()), Invocation.of(spec), agent, classPath, budgetNanos);
        Planned.print("real", runner.measurementCount() + " child JVMs", RealRunner.estimatedNanos(config), budgetNanos,
                quick, err);
        RealResult result = Measure.run(spec, runner, (r, o) -> print(r, wide.columns(), o),
                r -> r.withVerdicts(CellVerdicts.rows(CellVerdicts.of(Figures.ofApps(r.asApps())))), outFile);
        Columns.printWrapped("mutexlab real: adaptive replication stopped: " + runner.stopReason(), "  ", err);
        Census.print(result, seedLoop, stdout);
        stdout.printf("%nResult: %s%n", outFile);
        List<AppsResult.Sample> failed = RealRunner.failedChecks(result);
        if (!failed.isEmpty()) {
            AppsResult.Sample first = failed.getFirst();
            Columns.printWrapped(String.format("mutexlab real: %d measurements failed their check; first: %s on %s: %s",
                    failed.size(), first.workload(), first.lock(), first.check()), "  ", err);
            return ExitCode.FAILURE;
        }
        return 0;
    }

    /** The samples' table, and the lock events of the specs that record statistics (the census follows). */
    static void print(RealResult r, PrintWriter out) {
        print(r, Columns.DEFAULT, out);
    }

    /** As {@link #print(RealResult, PrintWriter)}, with the table's {@code columns}. */
    static void print(RealResult r, Columns columns, PrintWriter out) {
        RealResult.Config c = r.config();
        AppsTable.print(r.asApps(), out, g -> String.format(Locale.ROOT, "%s threads, P=%d (%s); %d threads per workload,"
                + " outside %.1f us", g.threads(), g.procs(), g.enforcement(), g.workersOr(c.workers()),
                c.outsideNanos() / 1e3), false, columns);
        LockEventsTable.print(r, out);
        out.printf("Child JVMs ran on %s%n", r.childJdk());
    }

    @Override
    public long plannedNanos(int cpus) {
        return RealRunner.estimatedNanos(config(options.procs.clip(cpus).kept())) + budget.nanos(spec, quick);
    }

    /** The configuration these options describe (validated), on the processor counts given; agent not yet located. */
    RealResult.Config config(List<Integer> procList) {
        List<String> names = workloads != null ? workloads.stream().map(RealWorkloads::parse).toList()
                : quick ? QUICK_WORKLOADS : RealWorkloads.NAMES;
        if (new LinkedHashSet<>(names).size() != names.size()) {
            throw new UsageException("--workloads names a workload twice");
        }
        List<String> locks = aa.withControl(options.locks.realSpecs());
        int minWorkers = names.contains("queue") || names.contains("deque") ? 2 : 1;
        List<Workers> values = workers.stream().map(Workers::parse).toList();
        if (new LinkedHashSet<>(values).size() != values.size()) {
            throw new UsageException("--workers names a value twice");
        }
        for (int procs : procList) {
            for (Workers w : values) {
                int n = w.threadsOn(procs);
                if (n < minWorkers || n > Workers.MAX_THREADS) {
                    throw new UsageException("--workers " + w.text() + " comes to " + n + " threads at P=" + procs
                            + "; each value must come to " + minWorkers + " to " + Workers.MAX_THREADS
                            + (minWorkers == 2 ? " (the queue and the deque need a producer and a consumer)" : ""));
                }
            }
        }
        String profile = profileLock.equals("none") ? null : profileLock;
        if (profile != null && !Locks.isKnown(profile)) {
            throw new UsageException("--profile-lock: unknown lock '" + profileLock + "' (see 'mutexlab locks', or 'none')");
        }
        Duration measured = duration.orQuick(quick, Duration.ofMillis(150));
        Duration warm = warmup != null ? warmup : Duration.ofMillis(quick ? 100 : 300);
        int runCount = runs != null ? runs : quick ? 1 : 3;
        if (runCount < 1) {
            throw new UsageException("--runs must be at least 1");
        }
        List<String> kinds = quick && !Planned.given(spec, "--threads") ? List.of(ThreadKind.PLATFORM.label())
                : options.threads.kinds().stream().map(ThreadKind::label).toList();
        int firstCount = values.getFirst().threadsOn(procList.isEmpty() ? 1 : procList.getFirst());
        return new RealResult.Config(locks, kinds, List.copyOf(procList), names, firstCount, outside.toNanos(),
                measured.toNanos(), warm.toNanos(), runCount, profile, null, seed, values.stream().map(Workers::text).toList());
    }
}
