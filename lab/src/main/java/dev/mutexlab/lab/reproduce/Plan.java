package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.config.LabLock;
import dev.mutexlab.lab.config.Outside;
import dev.mutexlab.lab.config.RunConfig;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.gobench.Launcher;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.gotoolchain.GoVariant;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.SuiteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The experiments behind {@link Claims}, scaled to the CPUs at hand: the starvation-mode sweep's
 * processor counts 2, 4, 8 as far as the machine has them, worker counts up to 64, the spinbit
 * ladder on the CPUs (at most {@value #SCALING_MAX_PROCS}) up to 4 × them, the runtime-lock suite
 * at the source's thread counts (1, 2, 4, 8, 16) that the machine has. Every experiment of the
 * ports and of Go runs as {@link Timing#replicas} interleaved replicas with an A/A control, and
 * test-mutex and the runtime-lock suite as as many replicas, each a JVM of its own: one JVM's runs
 * share its JIT's and its heap's choices, so a figure from one JVM can be on one side of a band in
 * one page and on the other in the next.
 * {@code --quick} keeps one processor count and fewer shapes: about 12 minutes on 2 CPUs with Go
 * (10 without) by the estimate, the full run about 58 minutes on 16 with Go (49 without)
 * ({@code PlanTest} holds them under 15 and 60).
 * The Go experiments are in the plan only when a Go toolchain is.
 */
public final class Plan {
    public static final String SWEEP = "sweep-headline";
    public static final String TABLE = "yield-table";
    public static final String WAITS = "waits-64";
    public static final String SCALING = "spinbit-scaling";
    public static final String LINEUP = "lineup";
    public static final String TEST_MUTEX = "test-mutex";
    public static final String HYBRID = "hybrid-suite";
    /** What every Go experiment's name starts with. */
    public static final String GO_PREFIX = "go-";
    public static final String GO_SWEEP = GO_PREFIX + SWEEP;
    public static final String GO_TABLE = GO_PREFIX + TABLE;
    public static final String GO_WAITS = GO_PREFIX + WAITS;

    private static final List<ThreadKind> BOTH = List.of(ThreadKind.PLATFORM, ThreadKind.VIRTUAL);
    private static final long US = 1_000L;
    /** test-mutex's tasks, as the lab's fairness command runs it. */
    private static final int TEST_MUTEX_TASKS = 16;

    /**
     * How long each measurement takes.
     *
     * @param durationNanos measured time per lock per batch
     * @param warmupNanos   warm-up before each
     * @param runs          batches per replica
     * @param waitsNanos    measured time per batch of the longest-wait experiment (a rare event needs longer)
     * @param testMutexNanos measured time per lock per run of test-mutex
     * @param testMutexRuns runs of test-mutex per replica
     * @param suiteBenchNanos the suite's time per reported benchmark run (Go's -benchtime)
     * @param suiteCount    the suite's runs of each benchmark per lock per replica (Go's -count)
     * @param replicas      replicas of every experiment, each in fresh JVMs or Go processes
     */
    public record Timing(long durationNanos, long warmupNanos, int runs, long waitsNanos, long testMutexNanos,
                         int testMutexRuns, long suiteBenchNanos, int suiteCount, int replicas) {
        public static final Timing QUICK = new Timing(150_000_000L, 50_000_000L, 4, 500_000_000L, 1_000_000_000L, 3,
                50_000_000L, 4, 3);
        public static final Timing FULL = new Timing(300_000_000L, 100_000_000L, 4, 1_000_000_000L, 3_000_000_000L, 3,
                150_000_000L, 3, 3);

        public Timing {
            if (replicas < 1) {
                throw new IllegalArgumentException("replicas must be at least 1, got " + replicas);
            }
        }

        /** Batches of every shape over all replicas. */
        public int batches() {
            return runs * replicas;
        }
    }

    private Plan() {
    }

    /**
     * The experiments for {@code cpus} CPUs: every experiment once per
     * replica (a fresh JVM or Go process per group, {@link Timing#replicas} of them), replicas
     * interleaved — the first replica of every experiment, then the second — so a slow spell of
     * the machine falls on all of them alike. Each experiment of the ports and of Go has its first
     * lock a second time as the A/A control.
     */
    public static List<Experiment> of(int cpus, boolean quick, Timing t, boolean withGo) {
        List<Experiment> once = once(cpus, quick, t, withGo);
        List<Experiment> plan = new ArrayList<>();
        for (int r = 1; r <= t.replicas(); r++) {
            for (Experiment e : once) {
                plan.add(e.replica(r));
            }
        }
        return plan;
    }

    private static List<Experiment> once(int cpus, boolean quick, Timing t, boolean withGo) {
        List<Integer> sweepProcs = sweepProcs(cpus, quick);
        // W = P is the source's shape (4 goroutines on GOMAXPROCS = 4) on this machine's P: the
        // share-of-ceiling claims are judged there, so --quick keeps it beside 4, 16 and 64
        List<Integer> sweepWorkers = quick ? List.copyOf(new TreeSet<>(List.of(sweepProcs.get(0), 4, 16, 64)))
                : List.of(2, 4, 8, 16, 32, 64);
        List<Integer> tableProcs = List.of(Math.min(4, cpus));
        List<Long> tableHolds = quick ? List.of(US, 10 * US, 100 * US) : List.of(100L, US, 3 * US, 10 * US, 30 * US, 100 * US);
        List<Long> lineupHolds = quick ? tableHolds : List.of(100L, US, 3 * US, 10 * US, 30 * US, 100 * US);
        int scalingProcs = scalingProcs(cpus);
        Outside equal = Outside.parse("1x");
        Outside none = Outside.parse("0");
        List<Experiment> plan = new ArrayList<>();
        plan.add(ports(SWEEP, "forced handoff ÷ default at 10 µs holds, outside = hold",
                List.of(Claims.HANDOFF_HEADLINE, Claims.HANDOFF_16_ON_8, Claims.DEFAULT_CEILING, Claims.HANDOFF_CEILING,
                        Claims.STARVATION_SHARE),
                locks("go,go:threshold=0,go"), BOTH, sweepProcs, sweepWorkers, List.of(10 * US), equal, t.durationNanos(), t, cpus));
        plan.add(ports(TABLE, "yield after unlock, forced handoff and never ÷ default, 4 workers",
                List.of(Claims.YIELD_DIAGNOSTIC, Claims.HANDOFF_BY_HOLD, Claims.HANDOFF_MACOS, Claims.HANDOFF_SHORT,
                        Claims.GOSCHED_VS_HANDOFF, Claims.NEVER_LEVEL),
                locks("go,go:threshold=0,go+yield,go:threshold=never,go"), BOTH, tableProcs, List.of(4), tableHolds, equal,
                t.durationNanos(), t, cpus));
        plan.add(ports(WAITS, "longest wait, starvation mode off ÷ default, and lineup, 64 workers",
                List.of(Claims.WAIT_BOUND, Claims.LINEUP_64), locks("go,go:threshold=never,lineup,go"), BOTH, sweepProcs,
                List.of(64), List.of(10 * US), none, t.waitsNanos(), t, cpus));
        plan.add(ports(SCALING, "futex vs spinbit as threads rise: throughput and CPU",
                List.of(Claims.SPINBIT_CPU, Claims.SPINBIT_THROUGHPUT, Claims.SPINBIT_LIGHT, Claims.SPINBIT_REGRESSION,
                        Claims.SPINBIT_TIE_8), locks("futex,spinbit,futex"),
                List.of(ThreadKind.PLATFORM), List.of(scalingProcs), scalingWorkers(scalingProcs, quick),
                List.of(50L), none, t.durationNanos(), t, cpus));
        plan.add(ports(LINEUP, "lineup against the best of the rest, 4 workers", List.of(Claims.LINEUP_BEST),
                locks("lineup,go,go:threshold=0,go+yield,jdk,jdk+yield,synchronized,lineup"), BOTH, tableProcs, List.of(4),
                lineupHolds, equal, t.durationNanos(), t, cpus));
        plan.add(new Experiment(TEST_MUTEX, "Linux's mutex against the 1999 semaphore (with its extra wake-up, and without), "
                + "test-mutex's 16 tasks",
                List.of(Claims.MUTEX_VS_SEMAPHORE.id(), Claims.COST_PER_OP.id(), Claims.DEVIANCE.id(), Claims.RELATIVE_DEVIANCE.id(),
                        Claims.SEMAPHORE_FAIRER.id(), Claims.WAKE2_SLOWER.id(), Claims.WAKE2_UNFAIR.id()),
                null, null, new FairnessResult.Config(List.of("kernel", Claims.SOURCE_SEMAPHORE, Claims.ONE_WAKE_SEMAPHORE),
                List.of(ThreadKind.PLATFORM.label()), List.of(Math.min(8, cpus)), TEST_MUTEX_TASKS, 10 * US, 0,
                t.testMutexNanos(), t.testMutexRuns())));
        Launcher.BenchTime benchTime = new Launcher.BenchTime(t.suiteBenchNanos(), 0);
        plan.add(new Experiment(HYBRID, "Go's 2011 hybrid spin lock against the blocking lock it replaced: chan, select, mutex",
                HybridClaims.CLAIMS.stream().map(Claims.Claim::id).toList(), null, null, null,
                new Experiment.Suite(new SuiteResult.Config(List.of(HybridClaims.OLD, HybridClaims.NEW),
                        BOTH.stream().map(ThreadKind::label).toList(),
                        hybridProcs(cpus, quick), HybridClaims.ALL_BENCHMARKS, benchTime.label(), t.suiteCount()), benchTime)));
        if (withGo) {
            plan.add(go(GO_SWEEP, "Go's own mutex: forced handoff ÷ default at 10 µs",
                    List.of(Claims.HANDOFF_HEADLINE, Claims.HANDOFF_16_ON_8, Claims.DEFAULT_CEILING, Claims.HANDOFF_CEILING),
                    "go-native,go-native:threshold=0,go-native", sweepProcs, sweepWorkers, List.of(10 * US), equal, t.durationNanos(), t));
            plan.add(go(GO_TABLE, "Go's own mutex: Gosched after unlock, handoff and never ÷ default",
                    List.of(Claims.YIELD_DIAGNOSTIC, Claims.HANDOFF_BY_HOLD, Claims.HANDOFF_MACOS, Claims.HANDOFF_SHORT,
                            Claims.GOSCHED_VS_HANDOFF, Claims.NEVER_LEVEL),
                    "go-native,go-native:threshold=0,go-native:threshold=never,go-native+gosched,go-native", tableProcs, List.of(4),
                    tableHolds, equal, t.durationNanos(), t));
            plan.add(go(GO_WAITS, "Go's own mutex: longest wait, never ÷ default, 64 goroutines", List.of(Claims.WAIT_BOUND),
                    "go-native,go-native:threshold=never,go-native", sweepProcs, List.of(64), List.of(10 * US), none, t.waitsNanos(), t));
        }
        return plan;
    }

    /** 2, 4, 8 as far as the machine has them (quick: the largest), or all CPUs on a machine with fewer than 2. */
    static List<Integer> sweepProcs(int cpus, boolean quick) {
        List<Integer> procs = new ArrayList<>();
        for (int p = 2; p <= Math.min(8, cpus); p *= 2) {
            procs.add(p);
        }
        if (procs.isEmpty()) {
            return List.of(cpus);
        }
        return quick ? List.of(procs.get(procs.size() - 1)) : procs;
    }

    /**
     * The source table's thread counts (1, 2, 4, 8, 16) that the machine has; quick: 1, 2 and the
     * largest of them.
     */
    static List<Integer> hybridProcs(int cpus, boolean quick) {
        List<Integer> procs = HybridClaims.SOURCE_PROCS.stream().filter(p -> p <= cpus).toList();
        if (!quick || procs.size() <= 3) {
            return procs;
        }
        return List.of(procs.get(0), procs.get(1), procs.get(procs.size() - 1));
    }

    /** The most CPUs the spinbit ladder runs on: 16, so that its 64 workers still outnumber them 4 to 1. */
    static final int SCALING_MAX_PROCS = 16;

    /** The spinbit ladder's processor count: the machine's CPUs, at most {@value #SCALING_MAX_PROCS}. */
    static int scalingProcs(int cpus) {
        return Math.min(cpus, SCALING_MAX_PROCS);
    }

    /** 1, 2, 4, … up to 4 × the CPUs (at most 64), and the CPU count itself (quick: 1, 2, the CPUs, 4 × the CPUs). */
    static List<Integer> scalingWorkers(int cpus, boolean quick) {
        int most = Math.min(64, 4 * cpus);
        TreeSet<Integer> workers = new TreeSet<>();
        if (quick) {
            workers.addAll(List.of(1, Math.min(2, most), Math.min(cpus, most), most));
        } else {
            for (int w = 1; w <= most; w *= 2) {
                workers.add(w);
            }
            workers.add(Math.min(cpus, most));
            workers.add(most);
        }
        return List.copyOf(workers);
    }

    private static List<LabLock> locks(String specs) {
        return java.util.Arrays.stream(specs.split(",")).map(LabLock::parse).toList();
    }

    private static Experiment ports(String name, String what, List<Claims.Claim> claims, List<LabLock> locks, List<ThreadKind> threads,
                                    List<Integer> procs, List<Integer> workers, List<Long> holds, Outside outside,
                                    long durationNanos, Timing t, int cpus) {
        RunConfig config = new RunConfig(locks, threads, procs, workers, holds, List.of(outside), durationNanos,
                t.warmupNanos(), t.runs(), true).validate(cpus);
        return new Experiment(name, what, claims.stream().map(Claims.Claim::id).toList(), config, null, null);
    }

    private static Experiment go(String name, String what, List<Claims.Claim> claims, String specs, List<Integer> procs,
                                 List<Integer> workers, List<Long> holds, Outside outside, long durationNanos, Timing t) {
        List<GoVariant> variants = java.util.Arrays.stream(specs.split(",")).map(GoVariant::parse).toList();
        return new Experiment(name, what, claims.stream().map(Claims.Claim::id).toList(), null, new GoSeedLoop.Config(variants, procs, workers, holds,
                outside, durationNanos, t.warmupNanos(), t.runs()), null);
    }
}
