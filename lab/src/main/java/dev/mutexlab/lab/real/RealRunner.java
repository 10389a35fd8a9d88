package dev.mutexlab.lab.real;

import dev.mutexlab.lab.compare.CellVerdicts;
import dev.mutexlab.lab.compare.Figures;
import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.AppsResult;
import dev.mutexlab.lab.results.Machine;
import dev.mutexlab.lab.results.ProfileReport;
import dev.mutexlab.lab.results.RealResult;
import dev.mutexlab.lab.results.ResultIO;
import dev.mutexlab.lab.results.UsageException;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.runner.ChildJvm;
import dev.mutexlab.lab.runner.ChildProtocol;
import dev.mutexlab.lab.runner.Confinement;
import dev.mutexlab.lab.runner.Measuring;
import dev.mutexlab.lab.runner.Progress;
import dev.mutexlab.lab.runner.WorkDir;
import dev.mutexlab.lab.stats.Metrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code mutexlab real}. The agent fixes a JVM's lock for its life, so every sample is a child
 * JVM of its own: {@code RealChild} of the real module, confined to P CPUs ({@link Confinement}),
 * with {@code -javaagent:AGENT=lock=SPEC,out=FILE,report=none} (for {@code jdk} no agent: the
 * program's own lock; for {@code SPEC+profile} the agent's {@code profile} as well, so that a run
 * measures the profile's cost beside the same lock without it). Batches are interleaved: batch
 * after batch, each running every (thread kind, P, workers, workload) on every lock once, the
 * locks in an order rotated by one from the previous batch, so that ratios within a batch compare
 * neighbours in time. A lock listed twice (the A/A control, the
 * first lock again last) runs as any other, on the same spec; its samples carry the same name and are
 * told apart by their place in the rotation ({@link AppsResult#lockIndex}).
 *
 * <p>Adaptive replication: after the planned batches, while some (thread kind, P, workers, workload)
 * has a lock whose ops/s verdict cannot tell ({@link CellVerdicts#undecidedWorkloads}) and the time budget
 * allows another round, it measures {@value #ROUND_BATCHES} more batches of the undecided cells only,
 * every lock, in rotated order, numbered on from the last batch. Each sample is a fresh child JVM
 * already, so the batches are independent of one another and the bootstrap resamples them as they
 * are (the samples name no JVM number). What is still undecided when the budget is spent stays
 * "cannot tell". Then a separate profile pass, one child per (thread kind, P, workers, workload) with
 * {@code profile} on the profile lock, whose reports never touch the throughput samples.
 */
public final class RealRunner implements Measuring<RealResult> {
    /** The child's class in the real module. */
    public static final String CHILD_MAIN = "dev.mutexlab.real.RealChild";
    /** What a child JVM costs beyond its warm-up and window: start, agent, busy-work calibration, the check. */
    static final long CHILD_OVERHEAD_NANOS = 1_200_000_000L;
    /** How long a child may run beyond its warm-up and window before it is stopped as hung. */
    static final long CHILD_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(90);
    /** The agent's exit status for bad options (before main runs). */
    static final int AGENT_REFUSED = 2;
    /**
     * The child's own machinery, which the agent leaves alone: the lab's classes and the JSON library
     * it reports with (its caches allocate {@code ReentrantLock}s that are no part of the workload).
     */
    static final String HARNESS_PACKAGES = "dev.mutexlab.lab+com.fasterxml.jackson";
    /** The program's own lock: no agent at all. */
    public static final String NO_SWAP = "jdk";
    /** Batches each adaptive round adds to an undecided cell. */
    static final int ROUND_BATCHES = 2;

    private final RealResult.Config config;
    private final String commandLine;
    private final Path agent;
    private final String classPath;
    private final long budgetNanos;
    private final ChildJvm child = new ChildJvm();
    private final Map<String, List<AppsResult.Sample>> samples = new LinkedHashMap<>();
    private final List<RealResult.Swap> swaps = new ArrayList<>();
    private final List<RealResult.Profiled> profiles = new ArrayList<>();
    private volatile String stopReason = "";

    /**
     * @param agent     the agent jar ({@link Jars#agent()}); null when every lock is {@value #NO_SWAP} and
     *                  there is no profile pass
     * @param classPath the workloads' class path ({@link Jars#realClassPath()})
     */
    public RealRunner(RealResult.Config config, String commandLine, Path agent, String classPath) {
        this(config, commandLine, agent, classPath, 0);
    }

    /** @param budgetNanos how long adaptive rounds may take after the planned batches (0: none) */
    public RealRunner(RealResult.Config config, String commandLine, Path agent, String classPath, long budgetNanos) {
        this.config = config;
        this.commandLine = commandLine;
        this.agent = agent;
        this.classPath = classPath;
        this.budgetNanos = budgetNanos;
        for (String t : config.threads()) {
            for (int p : config.procs()) {
                for (int w : Workers.counts(config, p)) {
                    samples.put(key(t, p, w), new ArrayList<>());
                }
            }
        }
    }

    private static String key(String threads, int procs, int workers) {
        return threads + " " + procs + " " + workers;
    }

    /** Samples plus profiles: one child JVM each. */
    @Override
    public long measurementCount() {
        return sampleCount(config) + profileCount(config);
    }

    static long sampleCount(RealResult.Config c) {
        return (long) c.runs() * groupCount(c) * c.workloads().size() * c.locks().size();
    }

    static long profileCount(RealResult.Config c) {
        return c.profileLock() == null ? 0 : groupCount(c) * c.workloads().size();
    }

    /** The (thread kind, P, workers) groups of {@code c}. */
    private static long groupCount(RealResult.Config c) {
        return (long) c.threads().size() * c.procs().stream().mapToInt(p -> Workers.counts(c, p).size()).sum();
    }

    /** How long {@code c} takes: every child JVM's start and check, warm-up and window. */
    public static long estimatedNanos(RealResult.Config c) {
        return (sampleCount(c) + profileCount(c)) * childNanos(c);
    }

    /** How long one child JVM of {@code c} takes: its start and check, warm-up and window. */
    static long childNanos(RealResult.Config c) {
        return CHILD_OVERHEAD_NANOS + c.warmupNanos() + c.durationNanos();
    }

    /** How long a round over {@code undecided} (workloads per group) takes: every lock, {@value #ROUND_BATCHES} batches. */
    static long roundNanos(RealResult.Config c, Map<String, List<String>> undecided) {
        return roundSamples(c, undecided) * childNanos(c);
    }

    private static long roundSamples(RealResult.Config c, Map<String, List<String>> undecided) {
        return undecided.values().stream().mapToLong(List::size).sum() * ROUND_BATCHES * c.locks().size();
    }

    @Override
    public RealResult run(Progress progress) throws IOException, InterruptedException {
        try (WorkDir work = WorkDir.create("mutexlab-real")) {
            Map<String, List<String>> every = new LinkedHashMap<>();
            for (String threads : config.threads()) {
                for (int procs : config.procs()) {
                    for (int workers : Workers.counts(config, procs)) {
                        every.put(group(threads, procs, workers), config.workloads());
                    }
                }
            }
            for (int run = 0; run < config.runs(); run++) {
                batch(work, run, every, progress);
            }
            adaptiveRounds(work, progress);
            if (config.profileLock() != null) {
                for (String threads : config.threads()) {
                    for (int procs : config.procs()) {
                        for (int workers : Workers.counts(config, procs)) {
                            for (String workload : config.workloads()) {
                                profile(work, new RealTask(workload, config.profileLock(), threads, procs, workers,
                                        config.outsideNanos(), config.warmupNanos(), config.durationNanos(), config.seed(),
                                        0, 0));
                                progress.step("profile " + group(threads, procs, workers) + " " + workload);
                            }
                        }
                    }
                }
            }
        }
        return snapshot();
    }

    /** Rounds of added batches for the undecided cells, until none is left or the next would overrun the budget. */
    private void adaptiveRounds(WorkDir work, Progress progress) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + budgetNanos;
        int nextRun = config.runs();
        for (int round = 1; ; round++) {
            Map<String, List<String>> undecided = CellVerdicts.undecidedWorkloads(snapshot().asApps());
            int cells = undecided.values().stream().mapToInt(List::size).sum();
            if (undecided.isEmpty()) {
                stopReason = "every cell decided";
                return;
            }
            long roundNanos = roundNanos(config, undecided);
            if (budgetNanos <= 0 || System.nanoTime() + roundNanos > deadline) {
                stopReason = String.format(Locale.ROOT, "%d workload(s) with undecided cells left: %s", cells,
                        budgetNanos <= 0 ? "no --budget" : "the --budget is spent");
                return;
            }
            progress.more(roundSamples(config, undecided), String.format(Locale.ROOT,
                    "mutexlab real: round %d: %d more batches in fresh child JVMs for %d undecided workload(s), about %ds"
                            + " of the %ds budget left", round, ROUND_BATCHES, cells, roundNanos / 1_000_000_000L,
                    Math.max(0, (deadline - System.nanoTime()) / 1_000_000_000L)));
            for (int run = nextRun; run < nextRun + ROUND_BATCHES; run++) {
                batch(work, run, undecided, progress);
            }
            nextRun += ROUND_BATCHES;
        }
    }

    /**
     * Batch {@code run}: every workload {@code only} names for each group ({@code platform P=2}), on
     * every lock once, in the order rotated by {@code run}.
     */
    private void batch(WorkDir work, int run, Map<String, List<String>> only, Progress progress)
            throws IOException, InterruptedException {
        List<Integer> order = Metrics.rotatedOrder(config.locks().size(), run);
        for (String threads : config.threads()) {
            for (int procs : config.procs()) {
                for (int workers : Workers.counts(config, procs)) {
                    for (String workload : only.getOrDefault(group(threads, procs, workers), List.of())) {
                        for (int pos = 0; pos < order.size(); pos++) {
                            String lock = config.locks().get(order.get(pos));
                            measure(work, new RealTask(workload, lock, threads, procs, workers,
                                    config.outsideNanos(), config.warmupNanos(), config.durationNanos(),
                                    config.seed(), run, pos));
                            progress.step(group(threads, procs, workers) + " " + workload + " " + lock);
                        }
                    }
                }
            }
        }
    }

    /** A group as the figures name it ({@code platform P=2}, {@code platform P=2 W=8}: {@link Figures#appsGroup}). */
    private String group(String threads, int procs, int workers) {
        return Figures.appsGroup(threads, procs, workers, Workers.several(config));
    }

    /** Why the adaptive rounds stopped, for the last line of the plan: every cell decided, or the budget spent. */
    public String stopReason() {
        return stopReason;
    }

    private void measure(WorkDir work, RealTask task) throws IOException, InterruptedException {
        Path report = work.resolve("swap.json");
        Files.deleteIfExists(report);
        List<String> options = agentOptions(task.lock());
        boolean agentOn = !options.isEmpty();
        if (agentOn) {
            options.addAll(List.of("out=" + report, "report=none"));
        }
        AppsResult.Sample s = launch(work, task, agentOn ? List.of(agentOption(options.toArray(String[]::new))) : List.of());
        if (agentOn && Files.isRegularFile(report)) {
            ProfileReport.Rewrites rewrites = readReport(report, task).rewrites();
            String notInPlace = swaps(task.lock()) ? LockUnderTest.notInPlace(task.workload(), rewrites)
                    : LockUnderTest.notProfiled(task.workload(), rewrites);
            if (notInPlace != null && s.checkPassed()) {
                s = s.withCheck(task.workload() + " on " + task.lock() + ": " + notInPlace);   // an error, never a result
            }
            RealResult.Swap swap = RealResult.Swap.of(task.workload(), task.threads(), task.procs(), task.workers(),
                    task.lock(), task.run(), rewrites);
            synchronized (this) {
                swaps.add(swap);
            }
        } else if (agentOn && s.checkPassed()) {
            s = s.withCheck(task.workload() + " on " + task.lock() + ": the agent wrote no report, so the lock under test"
                    + " is not known to be in place");
        }
        synchronized (this) {
            samples.get(key(task.threads(), task.procs(), task.workers())).add(s);
        }
    }

    /**
     * The agent's options for a sample on {@code lock} (before its report options): {@code lock=SPEC}
     * for a swap, {@code profile} for a spec with {@code +profile}; none for the program's own lock
     * alone, which runs without the agent.
     */
    static List<String> agentOptions(String lock) {
        List<String> options = new ArrayList<>();
        if (swaps(lock)) {
            options.add("lock=" + baseSpec(lock));
        }
        if (lock.endsWith(LabLock.PROFILE_SUFFIX)) {
            options.add("profile");
        }
        return options;
    }

    /** Whether the agent swaps the program's locks for {@code lock} (any spec but the program's own). */
    static boolean swaps(String lock) {
        return !baseSpec(lock).equals(NO_SWAP);
    }

    /** {@code lock} without its {@code +profile}. */
    private static String baseSpec(String lock) {
        return lock.endsWith(LabLock.PROFILE_SUFFIX) ? lock.substring(0, lock.length() - LabLock.PROFILE_SUFFIX.length())
                : lock;
    }

    private void profile(WorkDir work, RealTask task) throws IOException, InterruptedException {
        Path report = work.resolve("profile.json");
        Files.deleteIfExists(report);
        List<String> options = agentOptions(task.lock());
        if (!options.contains("profile")) {
            options.add("profile");
        }
        options.addAll(List.of("out=" + report, "report=none"));
        AppsResult.Sample s = launch(work, task, List.of(agentOption(options.toArray(String[]::new))));
        ProfileReport r = s.checkPassed() || Files.isRegularFile(report) ? readReport(report, task) : null;
        synchronized (this) {
            profiles.add(new RealResult.Profiled(task.workload(), task.threads(), task.procs(), task.lock(), s.check(), r,
                    task.workers()));
        }
    }

    private String agentOption(String... options) {
        return "-javaagent:" + agent + "=" + String.join(",", options) + ",exclude=" + HARNESS_PACKAGES;
    }

    private AppsResult.Sample launch(WorkDir work, RealTask task, List<String> jvmOptions)
            throws IOException, InterruptedException {
        Path taskFile = work.resolve("task.json");
        Path out = work.resolve("sample.json");
        Files.deleteIfExists(out);
        ResultIO.writeJson(taskFile, task);
        ThreadKind kind = ThreadKind.parse(task.threads());
        AppsResult.Sample[] seen = new AppsResult.Sample[1];
        long limitNanos = task.warmupNanos() + task.durationNanos() + CHILD_LIMIT_NANOS;
        boolean[] killed = new boolean[1];
        Thread watchdog = Thread.ofVirtual().start(() -> {
            try {
                TimeUnit.NANOSECONDS.sleep(limitNanos);
                killed[0] = true;
                child.stop();
            } catch (InterruptedException e) {
                // the child ended in time
            }
        });
        int exit;
        try {
            exit = child.run(task.procs(), kind, jvmOptions, classPath, CHILD_MAIN,
                    List.of(taskFile.toString(), out.toString()), line -> {
                        if (line.startsWith("@sample ")) {
                            seen[0] = ChildProtocol.read(line.substring("@sample ".length()), AppsResult.Sample.class);
                        }
                    });
        } finally {
            watchdog.interrupt();
            watchdog.join();
        }
        String where = task.workload() + " on " + task.lock() + " (" + task.threads() + " threads, P=" + task.procs() + ")";
        if (exit == AGENT_REFUSED && !killed[0]) {
            throw new IOException("the agent refused its options for " + where + " (exit 2; its line is above)");
        }
        if (exit != 0 || seen[0] == null) {
            // one broken cell is a failed check in the result, not the end of a long run
            String why = killed[0] ? "the child JVM was stopped after " + TimeUnit.NANOSECONDS.toSeconds(limitNanos) + " s"
                    : "the child JVM failed (exit " + exit + "; its messages are above)";
            return new AppsResult.Sample(task.workload(), task.lock(), task.run(), task.order(), 0, 0, 0, List.of(),
                    WaitSummary.of(null), WaitSummary.of(null), 0, 0, 0, task.workload() + ": " + why);
        }
        return seen[0];
    }

    private static ProfileReport readReport(Path report, RealTask task) throws IOException {
        if (!Files.isRegularFile(report)) {
            throw new IOException("the agent wrote no report for " + task.workload() + " on " + task.lock() + " ("
                    + report.getFileName() + " missing)");
        }
        return ResultIO.read(report, ProfileReport.class);
    }

    @Override
    public synchronized RealResult snapshot() {
        List<AppsResult.Group> groups = new ArrayList<>();
        for (String t : config.threads()) {
            for (int p : config.procs()) {
                for (int w : Workers.counts(config, p)) {
                    List<AppsResult.Sample> list = samples.get(key(t, p, w));
                    if (!list.isEmpty()) {
                        groups.add(new AppsResult.Group(t, p, Confinement.describe(p, ThreadKind.parse(t)), 0,
                                List.copyOf(list), w));
                    }
                }
            }
        }
        return new RealResult(RealResult.SCHEMA, commandLine, Instant.now().toString(), Machine.current(), config,
                groups, List.copyOf(swaps), List.copyOf(profiles));
    }

    @Override
    public void stopChild() {
        child.stop();
    }

    /**
     * Asks the agent, once per lock, whether it takes {@code lock=SPEC} (a JVM that only prints its
     * version), so that a lock it refuses is one line before anything is measured, not a failure in the
     * middle of a long run.
     *
     * @throws UsageException with the agent's own line for the first lock it refuses
     */
    public static void checkAgentTakes(Path agent, List<String> locks) throws IOException, InterruptedException {
        for (String lock : locks) {
            List<String> options = agentOptions(lock);
            if (options.isEmpty()) {
                continue;
            }
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-javaagent:" + agent + "=" + String.join(",", options) + ",report=none", "-version")
                    .redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                String line = output.lines().filter(l -> l.startsWith("mutexlab-agent:")).findFirst()
                        .orElse("exit " + p.exitValue());
                throw new UsageException("the agent does not take lock '" + lock + "': " + line);
            }
        }
    }

    /** The samples whose workload check failed, in measured order. */
    public static List<AppsResult.Sample> failedChecks(RealResult r) {
        return r.groups().stream().flatMap(g -> g.samples().stream()).filter(s -> !s.checkPassed()).toList();
    }
}
