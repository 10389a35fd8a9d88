package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.compare.VersusBest;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.Bootstrap.Interval;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * The claims {@code mutexlab reproduce} checks, each with the source's figure, the experiment that
 * measures it here ({@link Plan}: result files by name) and how this machine's figure is read from
 * it. One finding per claim, column (each thread kind of the ports, and Go's own mutex,
 * {@value GoSeedLoop#THREADS}, where Go ran) and shape: the figure is the median over the shape's
 * batches of a ratio taken within each batch, with its bootstrap interval and n; the no-effect
 * band is the experiment's A/A control (its first lock measured a second time in the same
 * batches). A shape measured in several JVMs (an experiment's replicas) pools their batches. A
 * claim the plan does not measure, or that needs more CPUs than the machine has, still has its
 * row, saying so. The verdicts come from {@link Verdicts}.
 */
public final class Claims {
    /**
     * One claim.
     *
     * @param id     short name ({@code handoff-headline})
     * @param title  the claim in one sentence
     * @param origin where the source's figure comes from
     */
    public record Claim(String id, String title, String origin) {
    }

    private static final String STARVATION = "Go's sync.Mutex starvation-mode sweep (docs/background.md §1)";
    private static final String SPINBIT = "Go 1.24 spinbit change (Go issue 68578, docs/background.md §2)";
    private static final String RUNTIME_2011 = "Go's 2011 runtime-lock change (CL 4711045, docs/background.md §3)";
    private static final String TEST_MUTEX_ORIGIN = "test-mutex, Linux's mutex introduction, December 2005 (docs/background.md §4)";
    private static final String MAIL_THREAD = "the linux-kernel thread \"[patch 00/15] Generic Mutex Subsystem\", December 2005 "
            + "(docs/background.md §4)";

    public static final Claim HANDOFF_HEADLINE = new Claim("handoff-headline",
            "Forced handoff beats Go's default mutex at 10 µs holds with equal work outside the lock",
            STARVATION + ": handoff ÷ default, 1.11–2.04 over its shapes (1.48 median), 2–64 workers, GOMAXPROCS 2–8");
    public static final Claim HANDOFF_16_ON_8 = new Claim("handoff-16-on-8",
            "With 16 goroutines on 8 procs forced handoff loses at 0.1 µs holds, wins at 1 and 10 µs and ties at 100 µs",
            STARVATION + ": handoff ÷ default with 16 goroutines on 8 procs, 0.80× at 0.1 µs, 1.20× at 1 µs, 1.65× at 10 µs, "
                    + "a tie at 100 µs (the default already at its ceiling)");
    public static final Claim HANDOFF_MACOS = new Claim("handoff-macos",
            "Forced handoff gets 1.25–1.8× the default's throughput from 3 µs holds up (the essay's macOS headline)",
            STARVATION + ", macOS (Apple M6): handoff ÷ default 1.25–1.8× at holds of 3 µs and more, 4 goroutines, GOMAXPROCS = 4, outside = hold");
    public static final Claim HANDOFF_CEILING = new Claim("handoff-ceiling",
            "Forced handoff reaches about 89% of the ceiling at 10 µs holds",
            STARVATION + ", macOS (Apple M6): forced handoff 89k of the 100k locks/s ceiling at 10 µs holds, 4 goroutines "
                    + "(55k–89k over its batches)");
    public static final Claim SWEEP_108 = new Claim("sweep-108",
            "Over the wider sweep's 108 shapes forced handoff ties with the default at the median",
            STARVATION + ": handoff ÷ default median 1.00 (range 0.73–2.04) over holds 0.1, 1, 10 µs × outside work 0, = hold, "
                    + "10× hold × 2–64 goroutines × 2–8 procs");
    public static final Claim HANDOFF_BY_HOLD = new Claim("handoff-by-hold",
            "Forced handoff ÷ default rises with the hold time: 1.05, 1.03, 1.41, 1.48, 1.34 at 1, 3, 10, 30, 100 µs",
            STARVATION + ", its Linux VM table: 4 goroutines, GOMAXPROCS = 4, outside = hold");
    public static final Claim HANDOFF_SHORT = new Claim("handoff-short-holds",
            "At 0.1 µs holds forced handoff ties or the normal mode wins",
            STARVATION + ": the sweep's 0.1 µs rows");
    public static final Claim SWEEP_CONTROLS = new Claim("sweep-controls",
            "The sweep's controls: handoff ÷ default 0.99 with no outside work, 1.03 with 10× outside work (10 µs holds)",
            STARVATION + ": the sweep's other outside-work columns");
    public static final Claim YIELD_DIAGNOSTIC = new Claim("yield-diagnostic",
            "A yield right after unlock does what handoff does: it beats the default from 1 µs holds up",
            STARVATION + ", Linux VM: runtime.Gosched() after Unlock ÷ default, 1.15–1.62 at holds 1–100 µs");
    public static final Claim GOSCHED_VS_HANDOFF = new Claim("gosched-vs-handoff",
            "A yield after unlock matches or beats forced handoff",
            STARVATION + ", macOS (Apple M6): Gosched ÷ handoff at or above 1 at every hold time from 1 µs up");
    public static final Claim NEVER_LEVEL = new Claim("never-level",
            "Turning starvation mode off changes throughput by less than 10%",
            STARVATION + ", macOS (Apple M6): threshold = never ÷ default within 0.9–1.1 at every hold time (46.5k against 48k at 10 µs)");
    public static final Claim DEFAULT_CEILING = new Claim("default-ceiling",
            "The default mutex reaches about 48% of the ceiling at 10 µs holds",
            STARVATION + ", macOS (Apple M6): the default's 48k of the 100k locks/s ceiling at 10 µs holds, 4 goroutines, "
                    + "GOMAXPROCS = 4, outside = hold (throughput ÷ min(workers / (hold + outside), 1 / hold))");
    public static final Claim STARVATION_SHARE = new Claim("starvation-share",
            "The default mutex spends at most about 3% of its time in starvation mode",
            STARVATION + ", macOS (Apple M6): \"at most about 3% of the time in starvation mode\" at 10 µs holds, 4 goroutines, "
                    + "GOMAXPROCS = 4");
    public static final Claim PRE_STEAL_SLEEP = new Claim("pre-steal-sleep",
            "The runtime's 3 µs sleep before stealing a runnext goroutine is a small part of the default's cost",
            STARVATION + ", macOS (Apple M6): that sleep patched to zero raised the default from 36k to 41k locks/s at 10 µs "
                    + "holds (forced handoff 57k in the same batch), and moved throughput by 7% or less at the other holds");
    public static final Claim CONDVAR_WAKEUP = new Claim("condvar-wakeup",
            "Waking a thread parked on a pthread condition variable takes several microseconds",
            STARVATION + ", macOS (Apple M6): a median of 4–6 µs before the woken thread has done any scheduling work");
    public static final Claim WAIT_BOUND = new Claim("wait-bound-64",
            "Starvation mode bounds the longest wait: 64 workers, 10 µs holds, no outside work",
            STARVATION + ": longest wait with starvation mode off (94–496 ms) ÷ with the default (2–4 ms)");
    public static final Claim SPINBIT_CPU = new Claim("spinbit-cpu",
            "The 2011 futex lock burns more CPU per acquisition than Go 1.24's spinbit as threads outnumber CPUs",
            SPINBIT + ": the old lock spent 27.74 s of CPU in 1.78 s of wall time with 20 threads, every waiter spinning");
    public static final Claim SPINBIT_THROUGHPUT = new Claim("spinbit-throughput",
            "From about ten threads up, spinbit serves more acquisitions than the futex lock",
            SPINBIT + ": ChanContended −29.8% time at 10 threads, −69% at 20 (spinbit ÷ futex throughput 1.42–3.2×)");
    public static final Claim SPINBIT_LIGHT = new Claim("spinbit-light",
            "Under light contention (1–2 threads) spinbit is slower than the futex lock",
            SPINBIT + ": ChanContended about +17% time at 1–2 threads");
    public static final Claim SPINBIT_HALVING = new Claim("spinbit-halving",
            "The old lock's throughput halves at 4, 8 and 12 threads",
            SPINBIT + ": the old lock's ChanContended at 4, 8, 12 threads");
    public static final Claim SPINBIT_REGRESSION = new Claim("spinbit-regression",
            "At 3 to 7 threads spinbit is slower than the futex lock",
            SPINBIT + ": ChanContended +111.75%, +103.16%, +78.00%, +54.85%, +22.77% time at 3, 4, 5, 6, 7 threads "
                    + "(spinbit ÷ futex throughput 0.47–0.81×)");
    public static final Claim SPINBIT_TIE_8 = new Claim("spinbit-tie-8",
            "At 8 threads spinbit and the futex lock tie",
            SPINBIT + ": ChanContended-8 13.99 µs (old) against 14.06 µs (new), ~ (p = 0.190)");
    public static final Claim SPINBIT_GEOMEAN = new Claim("spinbit-geomean",
            "Over ChanContended at 1 to 20 threads the geomean time falls by 29.22%",
            SPINBIT + ": the geomean of ChanContended-1 … -20, 17.60 µs (old) against 12.46 µs (new), −29.22%");
    public static final Claim HYBRID_CHAN = new Claim("hybrid-chan",
            "Spinning before sleeping (Go's 2011 runtime lock) makes contended channel operations faster than the blocking lock it replaced",
            RUNTIME_2011 + ": ChanContended and ChanProdCons0/10/100, old ÷ new ns/op at each thread count");
    public static final Claim HYBRID_SELECT = new Claim("hybrid-select",
            "The same for contended select: faster from 2 threads up, level at 1",
            RUNTIME_2011 + ": SelectContended, old ÷ new ns/op");
    public static final Claim HYBRID_MUTEX = new Claim("hybrid-mutex",
            "Beneath sync.Mutex (on the runtime semaphore) the hybrid lock gains at 2 threads and loses from 4 up",
            RUNTIME_2011 + ": BenchmarkMutex, old ÷ new ns/op (2.39× at 2 threads, 0.67–0.81× at 4–16), "
                    + "sync.Mutex of the day on the runtime semaphore (the lab's MutexOnSema)");
    public static final Claim HYBRID_OTHER = new Claim("hybrid-other",
            "The table's other rows: ChanSync, ChanProdConsWork, Sema, MutexSlack, MutexWork, RWMutex",
            RUNTIME_2011 + ": the rest of its benchmark table");
    public static final Claim HYBRID_SWITCHES = new Claim("hybrid-switches",
            "The hybrid lock makes fewer context switches and futex calls",
            RUNTIME_2011 + ": its description");
    public static final Claim LINEUP_BEST = new Claim("lineup-best",
            "lineup reaches 0.95× the best of the other locks in every row (4 workers, outside = hold)",
            "the project's own target for lineup (docs/RESULTS.md §12), not a source's figure");
    public static final Claim LINEUP_64 = new Claim("lineup-64",
            "lineup keeps 95% of the ceiling and a longest wait of at most 2 ms with 64 workers, 10 µs holds, no outside work",
            "the project's own target for lineup (docs/RESULTS.md §12), not a source's figure");
    public static final Claim MUTEX_VS_SEMAPHORE = new Claim("mutex-vs-semaphore",
            "Linux's generic mutex serves more operations per second than the 1999 semaphore it replaced",
            TEST_MUTEX_ORIGIN + ": 85 130 ÷ 34 381 ops/s, 16 tasks on 8 CPUs");
    public static final Claim DEVIANCE = new Claim("deviance",
            "The mutex's cost per operation deviates less than the semaphore's",
            TEST_MUTEX_ORIGIN + ": average deviance per operation 319.08 µs (mutex) against 573.10 µs (semaphore)");
    public static final Claim COST_PER_OP = new Claim("cost-per-op",
            "The mutex's average cost per operation is well under the semaphore's",
            TEST_MUTEX_ORIGIN + ": average cost per op 206.59 µs (mutex) against 512.13 µs (semaphore)");
    public static final Claim RELATIVE_DEVIANCE = new Claim("relative-deviance",
            "Relative to its cost, the semaphore's deviance is the smaller",
            TEST_MUTEX_ORIGIN + ": deviance ÷ cost per operation 319.08 / 206.59 µs (mutex) against 573.10 / 512.13 µs (semaphore)");
    public static final Claim SEMAPHORE_FAIRER = new Claim("semaphore-fairer",
            "Semaphores should be fairer (Jain's index over the tasks' operations)",
            MAIL_THREAD + ": Ingo Molnar concurring with Linus Torvalds that semaphores \"should be fairer\", with no figure");
    public static final Claim TAIL_REQUEUE = new Claim("tail-requeue",
            "A woken semaphore waiter that fails to get the lock goes back to the tail of the queue",
            MAIL_THREAD + ": Ingo Molnar, from observed behaviour (Linus Torvalds: \"I don't think that is true\"), with no figure");
    public static final Claim WAKE2_SLOWER = new Claim("wake2-slower",
            "The extra wake_up in the semaphore's __down path costs throughput",
            MAIL_THREAD + ": Linus Torvalds, the second wake-up \"may well be part of the performance problem\", with no figure");
    public static final Claim WAKE2_UNFAIR = new Claim("wake2-unfair",
            "The extra wake_up in the semaphore's __down path destroys its fairness",
            MAIL_THREAD + ": Linus Torvalds, waking two at a time \"also destroys the fairness\", with no figure");

    /** Every claim, in the page's order. */
    public static final List<Claim> ALL = List.of(HANDOFF_HEADLINE, HANDOFF_16_ON_8, HANDOFF_MACOS, HANDOFF_BY_HOLD, HANDOFF_SHORT,
            SWEEP_CONTROLS, SWEEP_108, YIELD_DIAGNOSTIC, GOSCHED_VS_HANDOFF, NEVER_LEVEL, DEFAULT_CEILING, HANDOFF_CEILING,
            STARVATION_SHARE, PRE_STEAL_SLEEP, CONDVAR_WAKEUP, WAIT_BOUND, SPINBIT_CPU, SPINBIT_THROUGHPUT, SPINBIT_LIGHT, SPINBIT_REGRESSION, SPINBIT_TIE_8,
            SPINBIT_HALVING, SPINBIT_GEOMEAN, HYBRID_CHAN, HYBRID_SELECT, HYBRID_MUTEX, HYBRID_OTHER, HYBRID_SWITCHES, LINEUP_BEST,
            LINEUP_64, MUTEX_VS_SEMAPHORE, COST_PER_OP, DEVIANCE, RELATIVE_DEVIANCE, SEMAPHORE_FAIRER, TAIL_REQUEUE, WAKE2_SLOWER,
            WAKE2_UNFAIR);

    /** The claims the plan has no experiment for yet: each has a "not measured" row. */
    public static final List<Claim> UNMEASURED = List.of(SWEEP_CONTROLS, SWEEP_108, PRE_STEAL_SLEEP, CONDVAR_WAKEUP, SPINBIT_HALVING, SPINBIT_GEOMEAN, HYBRID_OTHER,
            HYBRID_SWITCHES, TAIL_REQUEUE);

    static final SourceFigure HEADLINE_SOURCE = SourceFigure.range(1.11, 2.04, "1.11–2.04× over shapes (1.48× median; Go, 2–8 procs)");
    static final SourceFigure YIELD_SOURCE = SourceFigure.range(1.15, 1.62, "1.15–1.62× (Go, Linux VM, 4 goroutines)");
    static final SourceFigure GOSCHED_SOURCE = SourceFigure.atLeast(1, "≥ 1× (Gosched matches or beats handoff; Go, macOS)");
    static final SourceFigure NEVER_SOURCE = SourceFigure.range(0.9, 1.1, "0.9–1.1× (never within 10% of the default; Go, macOS)");
    static final SourceFigure MACOS_SOURCE = SourceFigure.range(1.25, 1.8, "1.25–1.8× at hold times of 3 µs and more (Go, macOS, 4 goroutines)");
    static final SourceFigure HANDOFF_CEILING_SOURCE = SourceFigure.of(0.89, "≈ 89% of the ceiling (89k of 100k/s; Go, macOS, "
            + "4 goroutines on 4 procs, 10 µs)");
    static final SourceFigure SWEEP_108_SOURCE = SourceFigure.range(0.73, 2.04, "median 1.00×, range 0.73–2.04× over 108 shapes (Go)");
    static final SourceFigure CEILING_SOURCE = SourceFigure.of(0.48, "≈ 48% of the ceiling (48k of 100k/s; Go, macOS, "
            + "4 goroutines on 4 procs, 10 µs)");
    static final SourceFigure STARVATION_SOURCE = SourceFigure.atMost(0.03, "≤ 3% of the time (\"at most about 3%\"; Go, macOS, "
            + "4 goroutines on 4 procs, 10 µs)");
    static final SourceFigure PRE_STEAL_SOURCE = SourceFigure.of(41.0 / 36,
            "1.14× (default with the sleep zeroed ÷ as shipped: 41k ÷ 36k at 10 µs; ≤ 7% at other holds; Go, macOS)");
    static final SourceFigure CONDVAR_SOURCE = new SourceFigure(4, 6, "median 4–6 µs per wake-up (Go, macOS, pthread_cond_signal)");
    static final SourceFigure WAIT_SOURCE = SourceFigure.range(20, 250, "20–250× (94–496 ms off ÷ 2–4 ms default; Go)");
    static final SourceFigure CPU_SOURCE = SourceFigure.above("above 1 (futex: 15.6 CPUs busy with 20 threads; spinbit: one spinner)");
    static final SourceFigure THROUGHPUT_SOURCE = SourceFigure.range(1.42, 3.2, "1.42× at 10 threads, 3.2× at 20 (Go, ChanContended)");
    static final SourceFigure LIGHT_SOURCE = SourceFigure.below("below 1 (ChanContended about +17% time at 1–2 threads)");
    static final SourceFigure HALVING_SOURCE = SourceFigure.of(0.5, "0.5× at each of 4, 8, 12 threads (the old lock)");
    static final SourceFigure GEOMEAN_SOURCE = SourceFigure.of(17.60 / 12.46,
            "1.41× (geomean of ChanContended-1 … -20: 17.60 → 12.46 µs, −29.22% time; Go)");
    static final SourceFigure TIE_8_SOURCE = SourceFigure.of(13.99 / 14.06, "0.995×, a tie (ChanContended-8: 13.99 → 14.06 µs, p = 0.190; Go)");
    /** The source's ChanContended time at 3–7 threads, old then new (µs): spinbit ÷ futex throughput is old ÷ new. */
    static final Map<Integer, double[]> REGRESSION_TIMES = Map.of(3, new double[] {5.726, 12.125}, 4, new double[] {6.574, 13.356},
            5, new double[] {7.706, 13.717}, 6, new double[] {8.830, 13.674}, 7, new double[] {11.07, 13.59});
    /** The CPUs the 8-thread tie needs: eight threads, each on its own CPU. */
    static final int SPINBIT_TIE_CPUS = 8;
    static final SourceFigure SHORT_SOURCE = SourceFigure.atMost(1, "≤ 1× (a tie or the default wins; Go, 0.1 µs)");
    /** The source's handoff ÷ default with 16 goroutines on 8 procs, per hold; 100 µs: a tie. */
    static final Map<Long, SourceFigure> SIXTEEN_ON_EIGHT_SOURCE = Map.of(
            100L, SourceFigure.of(0.80, "0.80× at 0.1 µs (Go, 16 goroutines, 8 procs)"),
            1_000L, SourceFigure.of(1.20, "1.20× at 1 µs (Go, 16 goroutines, 8 procs)"),
            10_000L, SourceFigure.of(1.65, "1.65× at 10 µs (Go, 16 goroutines, 8 procs)"),
            100_000L, SourceFigure.of(1.0, "a tie at 100 µs (Go, 16 goroutines, 8 procs)"));
    static final SourceFigure CONTROLS_SOURCE = SourceFigure.range(0.99, 1.03, "0.99× (no outside work), 1.03× (10× outside; Go)");
    static final SourceFigure TEST_MUTEX_SOURCE = SourceFigure.of(85_130.0 / 34_381,
            "2.48× (85.1k ÷ 34.4k ops/s; 16 tasks, 8 CPUs, December 2005)");
    static final SourceFigure DEVIANCE_SOURCE = SourceFigure.of(319.08 / 573.10, "0.56× (319.08 ÷ 573.10 µs; 8 CPUs)");
    static final SourceFigure RELATIVE_DEVIANCE_SOURCE = SourceFigure.of((319.08 / 206.59) / (573.10 / 512.13),
            "1.38× (1.54 ÷ 1.12 of the cost per operation; 8 CPUs)");
    static final SourceFigure FAIRER_SOURCE = SourceFigure.above("semaphore ÷ mutex Jain's index above 1 (no figure)");
    static final SourceFigure COST_SOURCE = SourceFigure.of(206.59 / 512.13, "0.40× (206.59 ÷ 512.13 µs per op; 8 CPUs)");
    static final SourceFigure TAIL_SOURCE = SourceFigure.above("a woken waiter that loses goes back to the tail (no figure)");
    static final SourceFigure WAKE2_SLOWER_SOURCE = SourceFigure.above("one-wake ÷ two-wake semaphore ops/s above 1 (no figure)");
    static final SourceFigure WAKE2_UNFAIR_SOURCE = SourceFigure.above("one-wake ÷ two-wake semaphore Jain's index above 1 (no figure)");
    /** The one-wake form of the 1999 semaphore: the down path's second wake-up replaced by bookkeeping. */
    static final String ONE_WAKE_SEMAPHORE = "semaphore";
    /** The lineup target's threshold. */
    static final double LINEUP_TARGET = VersusBest.MATCHED;
    /** The 64-worker target: share of the ceiling and longest wait. */
    static final double LINEUP_64_UTILIZATION = 0.95;
    static final long LINEUP_64_MAX_WAIT_NANOS = 2_000_000L;
    /** The CPUs the spinbit throughput claim needs: ten threads, each on its own CPU. */
    static final int SPINBIT_THROUGHPUT_CPUS = 10;
    /** The CPUs the geomean needs: ChanContended up to 20 threads, each on its own CPU. */
    static final int SPINBIT_GEOMEAN_CPUS = 20;
    /** The CPUs the old lock's halving needs: 12 threads, each on its own CPU. */
    static final int SPINBIT_HALVING_CPUS = 12;
    /** The source's handoff ÷ default per hold time (Linux VM table). */
    static final Map<Long, Double> HANDOFF_BY_HOLD_SOURCE = Map.of(1_000L, 1.05, 3_000L, 1.03, 10_000L, 1.41, 30_000L, 1.48,
            100_000L, 1.34);
    /** The source's processor counts for the sweep. */
    static final List<Integer> SWEEP_PROCS = List.of(2, 4, 8);
    /**
     * A longest wait at least this share of the window is capped by it: a wait of L fits in a
     * window of T only when it starts in the window's first T − L, so from L = T / 2 up the window
     * cuts off more waits of that length than it lets be seen, and the figure is a lower bound.
     */
    static final double WINDOW_CAPPED = 0.5;
    /**
     * What a test-mutex row compares and what it does not: the same lab loop with each lock, not
     * the source's two kernels.
     */
    static final String TEST_MUTEX_COMPARED = "compared: the lab's kernel port (today's Linux mutex, which spins on its "
            + "owner before sleeping) against the lab's port of the 1999 semaphore the source ran (semaphore:wake2), both on "
            + "the same loop of 16 tasks holding "
            + "a 10 µs busy loop; not compared: the 2005 kernel's own mutex (which did not spin) nor the source's workload "
            + "(test-mutex V, VFS operations in the kernel)";
    /** The comparator test-mutex's source used: the 1999 semaphore with the down path's extra wake-up. */
    static final String SOURCE_SEMAPHORE = "semaphore:wake2";

    private Claims() {
    }

    /** The findings from the shape experiments alone, on a machine of as many CPUs as the results used. */
    public static List<Finding> evaluate(Map<String, List<GroupResult>> results) {
        return evaluate(results, Map.of(), Map.of(), measuredProcs(results));
    }

    /**
     * The findings for every claim.
     *
     * @param results  the groups of each shape experiment that has a result file, by experiment family
     *                 (the replicas' groups together)
     * @param fairness the result files of each test-mutex experiment, by experiment family (one per replica)
     * @param suites   the result files of each suite experiment, by experiment family (one per replica)
     * @param cpus     the CPUs of the machine that measured them
     */
    public static List<Finding> evaluate(Map<String, List<GroupResult>> results, Map<String, List<FairnessResult>> fairness,
                                         Map<String, List<SuiteResult>> suites, int cpus) {
        List<Finding> all = new ArrayList<>();
        List<String> sweep = List.of(Plan.SWEEP, Plan.GO_SWEEP);
        List<String> table = List.of(Plan.TABLE, Plan.GO_TABLE);
        Predicate<Row> tenEqual = r -> r.hold == 10_000 && r.outside == r.hold;
        all.addAll(ratio(HANDOFF_HEADLINE, results, sweep, tenEqual, r -> HEADLINE_SOURCE, HANDOFF, DEFAULT, Metric.THROUGHPUT,
                SWEEP_PROCS, cpus, r -> "", Verdicts::ratio));
        all.addAll(ratio(HANDOFF_16_ON_8, results, sweep, r -> r.workers == 16 && r.procs == 8 && r.outside == r.hold
                        && SIXTEEN_ON_EIGHT_SOURCE.containsKey(r.hold),
                r -> r == null ? SourceFigure.range(0.80, 1.65, "0.80× / 1.20× / 1.65× / a tie at 0.1 / 1 / 10 / 100 µs "
                        + "(Go, 16 goroutines, 8 procs)") : SIXTEEN_ON_EIGHT_SOURCE.get(r.hold),
                HANDOFF, DEFAULT, Metric.THROUGHPUT, List.of(8), cpus,
                r -> "outside = hold here; the source does not give its outside work", Verdicts::ratio));
        all.addAll(ratio(HANDOFF_MACOS, results, table, r -> r.hold >= 3_000, r -> MACOS_SOURCE, HANDOFF, DEFAULT, Metric.THROUGHPUT,
                List.of(), cpus, r -> join("the source's macOS figure, measured here on this machine's OS", gomaxprocsFour(r)),
                Verdicts::ratio));
        all.addAll(ratio(HANDOFF_BY_HOLD, results, table, r -> HANDOFF_BY_HOLD_SOURCE.containsKey(r.hold),
                r -> r == null ? SourceFigure.range(1.03, 1.48, "1.03–1.48× at 1–100 µs (Go, Linux VM)")
                        : SourceFigure.of(HANDOFF_BY_HOLD_SOURCE.get(r.hold), times(HANDOFF_BY_HOLD_SOURCE.get(r.hold)) + " at "
                        + micros(r.hold) + " (Go, Linux VM)"), HANDOFF, DEFAULT, Metric.THROUGHPUT, List.of(), cpus,
                Claims::gomaxprocsFour, Verdicts::ratio));
        all.addAll(ratio(HANDOFF_SHORT, results, table, r -> r.hold == 100, r -> SHORT_SOURCE, HANDOFF, DEFAULT, Metric.THROUGHPUT,
                List.of(), cpus, r -> "the source's 0.1 µs rows are the sweep's; here the 4-worker table", Verdicts::ratio));
        all.add(notMeasured(SWEEP_CONTROLS, CONTROLS_SOURCE, "the plan's sweep has outside = hold only"));
        all.add(notMeasured(SWEEP_108, SWEEP_108_SOURCE, "the plan's sweep has one hold time (10 µs) with outside = hold, not the "
                + "source's 108 shapes (holds 0.1, 1, 10 µs × outside 0, = hold, 10× × 2–64 goroutines × 2–8 procs)"));
        all.addAll(ratio(YIELD_DIAGNOSTIC, results, table, r -> r.hold >= 1_000, r -> YIELD_SOURCE, YIELD, DEFAULT, Metric.THROUGHPUT,
                List.of(), cpus, Claims::gomaxprocsFour, Verdicts::ratio));
        all.addAll(ratio(GOSCHED_VS_HANDOFF, results, table, r -> r.hold >= 1_000, r -> GOSCHED_SOURCE, YIELD, HANDOFF,
                Metric.THROUGHPUT, List.of(), cpus, Claims::gomaxprocsFour, Verdicts::ratio));
        all.addAll(ratio(NEVER_LEVEL, results, table, r -> r.hold >= 1_000, r -> NEVER_SOURCE, NEVER, DEFAULT, Metric.THROUGHPUT,
                List.of(), cpus, Claims::gomaxprocsFour, Verdicts::ratio));
        all.addAll(ratio(DEFAULT_CEILING, results, sweep, tenEqual, r -> CEILING_SOURCE, DEFAULT, List.of(), Metric.UTILIZATION,
                List.of(), cpus, Claims::sourceShape, Verdicts::share));
        all.addAll(ratio(HANDOFF_CEILING, results, sweep, tenEqual, r -> HANDOFF_CEILING_SOURCE, HANDOFF, List.of(),
                Metric.UTILIZATION, List.of(), cpus, Claims::sourceShape, Verdicts::share));
        all.addAll(ratio(STARVATION_SHARE, results, List.of(Plan.SWEEP), tenEqual, r -> STARVATION_SOURCE, List.of("go"), List.of(),
                Metric.STARVATION_SHARE, List.of(), cpus, Claims::sourceShape, (s, i, b) -> Verdicts.allOf(Verdicts.atMost(i, s.high()))));
        all.add(notMeasured(PRE_STEAL_SLEEP, PRE_STEAL_SOURCE, "the sleep is inside Go's scheduler (runtime.runqsteal), which the "
                + "lab builds unpatched: only sync's mutex.go is overlaid, and the ports have no scheduler of their own to patch"));
        all.add(notMeasured(CONDVAR_WAKEUP, CONDVAR_SOURCE, "the lab times whole lock hand-overs, not one wake-up of a parked thread "
                + "on its own, and runs on Linux (futex), not on macOS's pthread condition variables"));
        all.addAll(ratio(WAIT_BOUND, results, List.of(Plan.WAITS, Plan.GO_WAITS), r -> r.workers == 64, r -> WAIT_SOURCE, NEVER,
                DEFAULT, Metric.MAX_WAIT, List.of(), cpus, r -> "", Verdicts::ratio));
        all.addAll(ratio(SPINBIT_CPU, results, List.of(Plan.SCALING), Claims::mostWorkers, r -> CPU_SOURCE, List.of("futex"),
                List.of("spinbit"), Metric.CPU_PER_ACQUISITION, List.of(), cpus,
                r -> r.workers + " threads on " + r.procs + " CPUs (the source: 20 threads)", Verdicts::ratio));
        all.addAll(ratio(SPINBIT_THROUGHPUT, results, List.of(Plan.SCALING),
                r -> r.workers >= SPINBIT_THROUGHPUT_CPUS && r.workers <= r.procs, r -> THROUGHPUT_SOURCE, List.of("spinbit"),
                List.of("futex"), Metric.THROUGHPUT, List.of(SPINBIT_THROUGHPUT_CPUS), cpus, r -> "", Verdicts::ratio));
        all.addAll(ratio(SPINBIT_LIGHT, results, List.of(Plan.SCALING), r -> r.workers <= 2, r -> LIGHT_SOURCE, List.of("spinbit"),
                List.of("futex"), Metric.THROUGHPUT, List.of(), cpus, r -> "the lab's lock loop, not ChanContended", Verdicts::ratio));
        all.addAll(byThreads(SPINBIT_REGRESSION, results, REGRESSION_TIMES.keySet().stream().sorted().toList(),
                w -> SourceFigure.of(REGRESSION_TIMES.get(w)[0] / REGRESSION_TIMES.get(w)[1], String.format(Locale.ROOT,
                        "%s at %d threads (ChanContended %+.2f%% time; Go)", times(REGRESSION_TIMES.get(w)[0] / REGRESSION_TIMES.get(w)[1]),
                        w, (REGRESSION_TIMES.get(w)[1] / REGRESSION_TIMES.get(w)[0] - 1) * 100)), cpus));
        all.addAll(byThreads(SPINBIT_TIE_8, results, List.of(SPINBIT_TIE_CPUS), w -> TIE_8_SOURCE, cpus));
        all.add(cpus < SPINBIT_HALVING_CPUS ? Finding.none(SPINBIT_HALVING.id(), "–", "–", HALVING_SOURCE,
                "needs ≥ " + SPINBIT_HALVING_CPUS + " CPUs (measured on " + cpus + ")")
                : notMeasured(SPINBIT_HALVING, HALVING_SOURCE, "the plan compares futex with spinbit within a batch, not one lock across thread counts"));
        all.add(cpus < SPINBIT_GEOMEAN_CPUS ? Finding.none(SPINBIT_GEOMEAN.id(), "–", "–", GEOMEAN_SOURCE,
                "needs ≥ " + SPINBIT_GEOMEAN_CPUS + " CPUs (measured on " + cpus + ")")
                : notMeasured(SPINBIT_GEOMEAN, GEOMEAN_SOURCE, "the plan's suite does not run ChanContended with spinbit against futex "
                        + "at 1–20 threads"));
        all.addAll(HybridClaims.findings(suites.getOrDefault(Plan.HYBRID, List.of()), cpus));
        all.add(notMeasured(HYBRID_OTHER, SourceFigure.above("the source's table rows"),
                "the source's figures for these rows are not in the lab yet (HybridClaims.SOURCE)"));
        all.add(notMeasured(HYBRID_SWITCHES, SourceFigure.above("fewer (no figure)"),
                "the suite does not count context switches or futex calls"));
        all.addAll(lineupFindings(results));
        all.addAll(lineup64Findings(results));
        List<FairnessResult> testMutex = fairness.getOrDefault(Plan.TEST_MUTEX, List.of());
        all.addAll(testMutex(MUTEX_VS_SEMAPHORE, TEST_MUTEX_SOURCE, testMutex, (m, s) -> m.opsPerSec() / s.opsPerSec()));
        all.addAll(testMutex(COST_PER_OP, COST_SOURCE, testMutex, (m, s) -> m.costMicros() / s.costMicros()));
        all.addAll(testMutex(DEVIANCE, DEVIANCE_SOURCE, testMutex, (m, s) -> m.devianceMicros() / s.devianceMicros()));
        all.addAll(testMutex(RELATIVE_DEVIANCE, RELATIVE_DEVIANCE_SOURCE, testMutex,
                (m, s) -> (m.devianceMicros() / m.costMicros()) / (s.devianceMicros() / s.costMicros())));
        all.addAll(testMutex(SEMAPHORE_FAIRER, FAIRER_SOURCE, testMutex, (m, s) -> s.jain() / m.jain()));
        all.add(notMeasured(TAIL_REQUEUE, TAIL_SOURCE, "the lab counts each task's acquisitions, not where a woken waiter that "
                + "loses the race queues again; it needs the semaphore's slow path to count re-queues at the tail"));
        all.addAll(wake2(WAKE2_SLOWER, WAKE2_SLOWER_SOURCE, testMutex, (one, two) -> one.opsPerSec() / two.opsPerSec()));
        all.addAll(wake2(WAKE2_UNFAIR, WAKE2_UNFAIR_SOURCE, testMutex, (one, two) -> one.jain() / two.jain()));
        return all;
    }

    /** What one sample (one lock, one batch) contributes. */
    enum Metric {
        THROUGHPUT, MAX_WAIT, CPU_PER_ACQUISITION, UTILIZATION, STARVATION_SHARE;

        double of(Sample s, Row row) {
            return switch (this) {
                case THROUGHPUT -> s.throughputPerSec();
                case MAX_WAIT -> s.waits() == null ? Double.NaN : s.waits().maxNanos();
                case CPU_PER_ACQUISITION -> s.throughputPerSec() > 0 ? s.cpuPerWall() / s.throughputPerSec() : Double.NaN;
                case UTILIZATION -> row.ceilingPerSec > 0 ? s.throughputPerSec() / row.ceilingPerSec : Double.NaN;
                case STARVATION_SHARE -> s.starvationShare();
            };
        }
    }

    /** How a row's interval and band become a verdict. */
    interface Judge {
        Verdict of(SourceFigure source, Interval here, NoEffectBand band);
    }

    private static final List<String> DEFAULT = List.of("go", "go-native");
    private static final List<String> HANDOFF = List.of("go:threshold=0", "go-native:threshold=0");
    private static final List<String> YIELD = List.of("go+yield", "go-native+gosched");
    private static final List<String> NEVER = List.of("go:threshold=never", "go-native:threshold=never");

    /**
     * One shape of an experiment in one column, its copies from every JVM (or Go run) that measured it.
     *
     * @param mostWorkers the most workers any shape of its group has
     */
    record Row(String column, int procs, int workers, long hold, long outside, double ceilingPerSec, int mostWorkers,
               List<ShapeResult> copies) {
        String label() {
            return "P=" + procs + " W=" + workers + " hold " + micros(hold) + (outside == hold ? ", outside = hold"
                    : outside == 0 ? ", no outside work" : ", outside " + micros(outside));
        }
    }

    /** The rows of an experiment, shape by shape in measuring order, each column's and P's together. */
    static List<Row> rows(List<GroupResult> groups) {
        Map<String, List<ShapeResult>> copies = new LinkedHashMap<>();
        Map<String, Integer> most = new LinkedHashMap<>();
        for (GroupResult g : groups) {
            int groupMost = g.shapes().stream().mapToInt(ShapeResult::workers).max().orElse(0);
            for (ShapeResult s : g.shapes()) {
                String key = g.threads() + "/" + s.procs() + "/" + s.workers() + "/" + s.holdNanos() + "/" + s.outsideNanos();
                copies.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
                most.merge(key, groupMost, Math::max);
            }
        }
        List<Row> rows = new ArrayList<>();
        copies.forEach((key, list) -> {
            ShapeResult s = list.get(0);
            rows.add(new Row(key.substring(0, key.indexOf('/')), s.procs(), s.workers(), s.holdNanos(), s.outsideNanos(),
                    s.ceilingPerSec(), most.get(key), List.copyOf(list)));
        });
        return rows;
    }

    /**
     * The per-batch figures of a row: the numerator lock's metric ÷ the denominator's within each
     * batch (no denominator: the numerator's metric alone), over every copy of the shape.
     */
    static double[] batches(Row row, List<String> numerator, List<String> denominator, Metric metric) {
        List<Double> values = new ArrayList<>();
        for (ShapeResult s : row.copies) {
            Optional<LockResult> num = first(s, numerator);
            Optional<LockResult> den = denominator.isEmpty() ? Optional.empty() : first(s, denominator);
            if (num.isEmpty() || (!denominator.isEmpty() && den.isEmpty())) {
                continue;
            }
            for (Sample n : num.get().runs()) {
                double a = metric.of(n, row);
                if (den.isEmpty()) {
                    values.add(a);
                    continue;
                }
                den.get().runs().stream().filter(d -> d.run() == n.run()).findFirst().ifPresent(d -> {
                    double b = metric.of(d, row);
                    values.add(b > 0 ? a / b : Double.NaN);
                });
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toArray();
    }

    /**
     * The interval of a row's per-batch figures ({@link #batches}), resampled by JVM: each copy of the
     * shape was measured in its own JVM (or Go process), so where there are two copies or more the
     * bootstrap draws whole copies, then batches within them ({@link Bootstrap#clusterMedian}); batches
     * of one JVM share its JIT and heap, and treating them as independent made intervals too narrow
     * for a rerun to land in.
     */
    static Interval interval(Row row, List<String> numerator, List<String> denominator, Metric metric) {
        List<Double> values = new ArrayList<>();
        List<Integer> jvms = new ArrayList<>();
        for (int copy = 0; copy < row.copies.size(); copy++) {
            Row one = new Row(row.column, row.procs, row.workers, row.hold, row.outside, row.ceilingPerSec, row.mostWorkers,
                    List.of(row.copies.get(copy)));
            for (double v : batches(one, numerator, denominator, metric)) {
                values.add(v);
                jvms.add(copy);
            }
        }
        return clustered(values, jvms);
    }

    /** The median with its interval, by JVM where the values come from two JVMs or more. */
    static Interval clustered(List<Double> values, List<Integer> jvms) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        int[] c = jvms.stream().mapToInt(Integer::intValue).toArray();
        return java.util.Arrays.stream(c).distinct().count() >= 2 ? Bootstrap.clusterMedian(v, c) : Bootstrap.median(v);
    }

    /** The A/A control's per-batch figures: the second copy of the shape's first lock ÷ the first. */
    static double[] aaBatches(Row row, Metric metric) {
        List<Double> values = new ArrayList<>();
        for (ShapeResult s : row.copies) {
            List<LockResult> locks = s.locks();
            if (locks.isEmpty()) {
                continue;
            }
            String base = locks.get(0).spec();
            Optional<LockResult> twin = locks.stream().skip(1).filter(l -> l.spec().equals(base)).findFirst();
            twin.ifPresent(t -> {
                for (Sample a : t.runs()) {
                    locks.get(0).runs().stream().filter(b -> b.run() == a.run()).findFirst().ifPresent(b -> {
                        double x = metric.of(b, row);
                        values.add(x > 0 ? metric.of(a, row) / x : Double.NaN);
                    });
                }
            });
        }
        return values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toArray();
    }

    /**
     * The experiment's no-effect band in one column: its A/A control pooled over the shapes,
     * resampled by JVM as a row's own interval is ({@link #clustered}), or the fixed band.
     */
    static NoEffectBand band(List<Row> rows, Metric metric) {
        List<Double> pooled = new ArrayList<>();
        List<Integer> jvms = new ArrayList<>();
        String spec = "";
        for (Row r : rows) {
            // copy i of every shape in a column ran in the same JVM (replica i): the A/A batches are resampled by it
            for (int copy = 0; copy < r.copies.size(); copy++) {
                Row one = new Row(r.column, r.procs, r.workers, r.hold, r.outside, r.ceilingPerSec, r.mostWorkers,
                        List.of(r.copies.get(copy)));
                for (double v : aaBatches(one, metric)) {
                    pooled.add(v);
                    jvms.add(copy);
                }
            }
            if (spec.isEmpty() && !r.copies.isEmpty() && !r.copies.get(0).locks().isEmpty()) {
                spec = r.copies.get(0).locks().get(0).spec();
            }
        }
        if (pooled.isEmpty()) {
            return NoEffectBand.FIXED;
        }
        return NoEffectBand.of(clustered(pooled, jvms), spec + " ÷ " + spec);
    }

    /** One finding per column and shape of the experiments that fits the claim; "needs ≥ N CPUs" rows for the source's P this machine lacks. */
    private static List<Finding> ratio(Claim claim, Map<String, List<GroupResult>> results, List<String> experiments,
                                       Predicate<Row> fits, Function<Row, SourceFigure> source, List<String> numerator,
                                       List<String> denominator, Metric metric, List<Integer> sourceProcs, int cpus,
                                       Function<Row, String> differs, Judge judge) {
        List<Finding> findings = new ArrayList<>();
        for (String experiment : experiments) {
            List<GroupResult> groups = results.get(experiment);
            if (groups == null) {
                if (!experiment.startsWith(Plan.GO_PREFIX)) {
                    findings.add(Finding.none(claim.id(), "–", "–", source.apply(null), "experiment " + experiment + " has no result"));
                }
                continue;
            }
            List<Row> rows = rows(groups);
            for (String column : columns(groups)) {
                List<Row> mine = rows.stream().filter(r -> r.column.equals(column)).toList();
                NoEffectBand band = band(mine, metric);
                List<Row> fitting = mine.stream().filter(fits).toList();
                for (Row r : fitting) {
                    double[] v = batches(r, numerator, denominator, metric);
                    Interval interval = interval(r, numerator, denominator, metric);
                    SourceFigure figure = source.apply(r);
                    String text = v.length == 0 ? "–" : intervalText(interval);
                    String note = v.length == 0 ? "the shape lacks " + numerator.get(0)
                            + (denominator.isEmpty() ? "" : " or " + denominator.get(0)) : "";
                    Verdict verdict = judge.of(figure, interval, band);
                    if (metric == Metric.MAX_WAIT) {
                        String window = windowNote(r, numerator, denominator);
                        note = join(note, window);
                        if (window.startsWith(CAPPED)) {
                            verdict = Verdict.CANNOT_TELL; // the window, not the lock, set the numerator: a lower bound only
                        }
                    }
                    findings.add(new Finding(claim.id(), column, r.label(), figure, text, interval, band.text(), measured(r),
                            differs.apply(r), verdict, note));
                }
                if (fitting.isEmpty() && sourceProcs.isEmpty()) {
                    findings.add(Finding.none(claim.id(), column, "–", source.apply(null),
                            "no shape of " + experiment + " fits the claim"));
                }
                for (int p : sourceProcs) {
                    if (fitting.stream().noneMatch(r -> r.procs >= p)) {
                        findings.add(Finding.none(claim.id(), column, "P=" + p, source.apply(null), p > cpus
                                ? "needs ≥ " + p + " CPUs (measured on " + cpus + ")"
                                : "P = " + p + " is not in this plan (--quick measures fewer)"));
                    }
                }
            }
        }
        return findings;
    }

    /**
     * spinbit ÷ futex throughput at each of the source's thread counts {@code threads}, one row per
     * column and count: a shape of the ladder with that many workers, each on its own CPU; a count
     * the machine lacks the CPUs for gets a "needs ≥ N CPUs" row, one the ladder skips a row saying so.
     */
    private static List<Finding> byThreads(Claim claim, Map<String, List<GroupResult>> results, List<Integer> threads,
                                           Function<Integer, SourceFigure> source, int cpus) {
        List<Finding> findings = new ArrayList<>(ratio(claim, results, List.of(Plan.SCALING),
                r -> threads.contains(r.workers) && r.workers <= r.procs, r -> r == null ? source.apply(threads.get(0))
                        : source.apply(r.workers), List.of("spinbit"), List.of("futex"), Metric.THROUGHPUT, List.of(), cpus,
                r -> "the lab's lock loop, not ChanContended", Verdicts::ratio));
        // the generic "no shape fits" rows say less than the per-count rows below
        findings.removeIf(f -> f.note().startsWith("no shape of"));
        if (!results.containsKey(Plan.SCALING)) {
            return findings;
        }
        for (int w : threads) {
            if (findings.stream().noneMatch(f -> f.interval().n() > 0 && f.shape().contains(" W=" + w + " "))) {
                findings.add(Finding.none(claim.id(), "platform", "W=" + w, source.apply(w), w > cpus
                        ? "needs ≥ " + w + " CPUs (measured on " + cpus + ")"
                        : w + " threads are not on this plan's ladder of worker counts"));
            }
        }
        return findings;
    }

    /**
     * The shapes with the most workers of their group (the spinbit ladder's top rung), when those
     * workers outnumber the group's CPUs: where the claim's "threads outnumber CPUs" is measured.
     */
    static boolean mostWorkers(Row r) {
        return r.workers == r.mostWorkers && r.workers > r.procs;
    }

    /**
     * How a row of a share-of-ceiling claim differs from the source's shape: the source ran 4
     * goroutines on GOMAXPROCS = 4, as many workers as processors (each working half the time
     * outside the lock, so half the processors idle on average); here that is W = P.
     */
    static String sourceShape(Row r) {
        return r.workers == r.procs ? "" : "W=" + r.workers + " on P=" + r.procs + ": " + Summary.NOT_THE_SOURCES_SHAPE + " (4 goroutines on "
                + "GOMAXPROCS = 4, W = P)";
    }

    private static String gomaxprocsFour(Row r) {
        return r.procs == 4 ? "" : "P = " + r.procs + " vs the source's GOMAXPROCS = 4";
    }

    /** How a note on a longest wait that filled the window begins. */
    static final String CAPPED = "capped by the window";

    /** Flags a longest wait that the window capped: then the ratio measures the window, not the lock. */
    private static String windowNote(Row r, List<String> numerator, List<String> denominator) {
        double[] capped = batches(r, numerator, List.of(), Metric.MAX_WAIT);
        double[] dflt = batches(r, denominator, List.of(), Metric.MAX_WAIT);
        double window = r.copies.stream().flatMap(s -> s.locks().stream()).flatMap(l -> l.runs().stream())
                .mapToLong(Sample::wallNanos).max().orElse(0);
        String own = dflt.length == 0 ? "" : String.format(Locale.ROOT, "the default's own longest wait %.1f–%.1f ms (the source: 2–4 ms)",
                Metrics.spread(dflt).min() / 1e6, Metrics.spread(dflt).max() / 1e6);
        if (capped.length == 0 || window <= 0 || Metrics.median(capped) < WINDOW_CAPPED * window) {
            return own;
        }
        return join(String.format(Locale.ROOT, CAPPED + ": %s waited %.0f–%.0f ms of a %.0f ms window, "
                        + "so the ratio measures the window", numerator.get(0), Metrics.spread(capped).min() / 1e6,
                Metrics.spread(capped).max() / 1e6, window / 1e6), own);
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }

    /** Batches, batch length and JVMs (or Go processes) behind a row. */
    private static String measured(Row r) {
        long batches = r.copies.stream().mapToLong(s -> s.locks().isEmpty() ? 0 : s.locks().get(0).runs().size()).sum();
        double[] wall = r.copies.stream().flatMap(s -> s.locks().stream()).flatMap(l -> l.runs().stream())
                .mapToDouble(Sample::wallNanos).toArray();
        String where = r.column.equals(GoSeedLoop.THREADS) ? "each lock a Go process" : r.copies.size() + (r.copies.size() == 1 ? " JVM" : " JVMs");
        return String.format(Locale.ROOT, "%d batches × %.0f ms, %s", batches, wall.length == 0 ? 0 : Metrics.median(wall) / 1e6, where);
    }

    private static Finding notMeasured(Claim claim, SourceFigure source, String why) {
        return Finding.none(claim.id(), "–", "–", source, "not measured by this plan: " + why);
    }

    /** lineup ÷ the best other lock of each batch (its A/A copy left out), shape by shape, against the target. */
    private static List<Finding> lineupFindings(Map<String, List<GroupResult>> results) {
        List<GroupResult> groups = results.get(Plan.LINEUP);
        SourceFigure source = new SourceFigure(LINEUP_TARGET, Double.POSITIVE_INFINITY, "≥ " + LINEUP_TARGET + "× in every row");
        if (groups == null) {
            return List.of(Finding.none(LINEUP_BEST.id(), "–", "–", source, "experiment " + Plan.LINEUP + " has no result"));
        }
        List<Finding> findings = new ArrayList<>();
        List<Row> rows = rows(groups);
        for (String column : columns(groups)) {
            List<Row> mine = rows.stream().filter(r -> r.column.equals(column)).toList();
            NoEffectBand band = band(mine, Metric.THROUGHPUT);
            for (Row r : mine) {
                List<Double> perBatch = new ArrayList<>();
                List<Integer> jvms = new ArrayList<>();
                for (ShapeResult s : r.copies) {
                    if (s.locks().isEmpty() || !s.locks().get(0).spec().equals("lineup")) {
                        continue;
                    }
                    for (Sample first : s.locks().get(0).runs()) {
                        double best = s.locks().stream().skip(1).filter(l -> !l.spec().equals("lineup"))
                                .flatMap(l -> l.runs().stream()).filter(o -> o.run() == first.run())
                                .mapToDouble(Sample::throughputPerSec).max().orElse(0);
                        if (best > 0) {
                            perBatch.add(first.throughputPerSec() / best);
                            jvms.add(r.copies.indexOf(s));
                        }
                    }
                }
                Interval interval = clustered(perBatch, jvms);
                findings.add(new Finding(LINEUP_BEST.id(), column, r.label(), source, interval.isEmpty() ? "–" : intervalText(interval),
                        interval, band.text(), measured(r), "", Verdicts.allOf(Verdicts.meets(interval, LINEUP_TARGET)), ""));
            }
        }
        return findings;
    }

    /** lineup's share of the ceiling and longest wait at 64 workers, per column and P. */
    private static List<Finding> lineup64Findings(Map<String, List<GroupResult>> results) {
        SourceFigure source = new SourceFigure(LINEUP_64_UTILIZATION, Double.POSITIVE_INFINITY, "≥ 95% of the ceiling and longest wait ≤ 2 ms");
        List<GroupResult> groups = results.get(Plan.WAITS);
        if (groups == null) {
            return List.of(Finding.none(LINEUP_64.id(), "–", "–", source, "experiment " + Plan.WAITS + " has no result"));
        }
        List<Finding> findings = new ArrayList<>();
        for (Row r : rows(groups)) {
            if (r.workers != 64 || r.copies.stream().allMatch(s -> lock(s, "lineup").isEmpty())) {
                continue;
            }
            Interval utilization = interval(r, List.of("lineup"), List.of(), Metric.UTILIZATION);
            Interval maxWait = interval(r, List.of("lineup"), List.of(), Metric.MAX_WAIT);
            String text = String.format(Locale.ROOT, "%.0f%% [%.0f–%.0f%%] of the ceiling, longest wait %.1f [%.1f–%.1f] ms, n = %d",
                    utilization.median() * 100, utilization.low() * 100, utilization.high() * 100, maxWait.median() / 1e6,
                    maxWait.low() / 1e6, maxWait.high() / 1e6, utilization.n());
            findings.add(new Finding(LINEUP_64.id(), r.column, r.label(), source, text, utilization, "–", measured(r), "",
                    Verdicts.allOf(Verdicts.meets(utilization, LINEUP_64_UTILIZATION), Verdicts.atMost(maxWait, LINEUP_64_MAX_WAIT_NANOS)), ""));
        }
        return findings.isEmpty() ? List.of(Finding.none(LINEUP_64.id(), "–", "–", source, "lineup was not measured at 64 workers"))
                : findings;
    }

    /** A figure of one lock against another within one run of test-mutex (the mutex against the semaphore, …). */
    interface RunRatio {
        double of(FairnessResult.Sample numerator, FairnessResult.Sample denominator);
    }

    /**
     * kernel ÷ the semaphore within each run, per thread kind and P, with the interval over the runs
     * of every replica (each a JVM of its own: {@code replicas}).
     */
    private static List<Finding> testMutex(Claim claim, SourceFigure source, List<FairnessResult> replicas, RunRatio ratio) {
        if (replicas.isEmpty()) {
            return List.of(Finding.none(claim.id(), "–", "–", source, "experiment " + Plan.TEST_MUTEX + " has no result"));
        }
        List<String> measured = measuredLocks(replicas);
        String semaphore = measured.contains(SOURCE_SEMAPHORE) ? SOURCE_SEMAPHORE
                : measured.stream().filter(l -> l.startsWith("semaphore")).findFirst().orElse(SOURCE_SEMAPHORE);
        String substitute = semaphore.equals(SOURCE_SEMAPHORE) ? ""
                : "comparator " + semaphore + " stands in for the source's " + SOURCE_SEMAPHORE;
        return runRatios(claim, source, replicas, "kernel", semaphore, ratio, substitute,
                procs -> join(procs == 8 ? "" : "P = " + procs + " vs the source's 8 CPUs", TEST_MUTEX_COMPARED));
    }

    /**
     * The one-wake semaphore ÷ the source's two-wake one ({@value #SOURCE_SEMAPHORE}) within each run
     * of test-mutex: the claims of the mail thread about the extra wake_up in __down.
     */
    private static List<Finding> wake2(Claim claim, SourceFigure source, List<FairnessResult> replicas, RunRatio ratio) {
        if (replicas.isEmpty()) {
            return List.of(Finding.none(claim.id(), "–", "–", source, "experiment " + Plan.TEST_MUTEX + " has no result"));
        }
        if (!measuredLocks(replicas).containsAll(List.of(ONE_WAKE_SEMAPHORE, SOURCE_SEMAPHORE))) {
            return List.of(Finding.none(claim.id(), "–", "–", source, "the " + Plan.TEST_MUTEX + " result lacks " + ONE_WAKE_SEMAPHORE
                    + " or " + SOURCE_SEMAPHORE + " (measured before the plan ran both): measure it again"));
        }
        return runRatios(claim, source, replicas, ONE_WAKE_SEMAPHORE, SOURCE_SEMAPHORE, ratio, "",
                procs -> "the thread gives no figure: a direction only");
    }

    private static List<String> measuredLocks(List<FairnessResult> replicas) {
        return replicas.stream().flatMap(r -> r.groups().stream()).flatMap(g -> g.samples().stream())
                .map(FairnessResult.Sample::lock).distinct().toList();
    }

    /**
     * {@code numerator} ÷ {@code denominator} within each run, per thread kind and P, over the runs of
     * every replica: the interval resamples by JVM where there are two or more ({@link #clustered}),
     * since one JVM's runs share its JIT's and heap's choices and are not independent of each other.
     */
    private static List<Finding> runRatios(Claim claim, SourceFigure source, List<FairnessResult> replicas, String numerator,
                                           String denominator, RunRatio ratio, String note, IntFunction<String> differs) {
        Map<String, List<FairnessResult.Group>> byShape = new LinkedHashMap<>();
        for (FairnessResult replica : replicas) {
            for (FairnessResult.Group g : replica.groups()) {
                byShape.computeIfAbsent(g.threads() + " P=" + g.procs(), k -> new ArrayList<>()).add(g);
            }
        }
        List<Finding> findings = new ArrayList<>();
        for (List<FairnessResult.Group> jvms : byShape.values()) {
            List<Double> ratios = new ArrayList<>();
            List<Integer> clusters = new ArrayList<>();
            for (int jvm = 0; jvm < jvms.size(); jvm++) {
                FairnessResult.Group g = jvms.get(jvm);
                for (FairnessResult.Sample top : g.samples()) {
                    if (!top.lock().equals(numerator)) {
                        continue;
                    }
                    Optional<FairnessResult.Sample> other = g.samples().stream()
                            .filter(s -> s.run() == top.run() && s.lock().equals(denominator)).findFirst();
                    if (other.isPresent() && Double.isFinite(ratio.of(top, other.get()))) {
                        ratios.add(ratio.of(top, other.get()));
                        clusters.add(jvm);
                    }
                }
            }
            Interval interval = clustered(ratios, clusters);
            FairnessResult.Group first = jvms.get(0);
            long windowMillis = first.samples().isEmpty() ? 0 : first.samples().get(0).wallNanos() / 1_000_000;
            long jvmCount = clusters.stream().distinct().count();
            findings.add(new Finding(claim.id(), first.threads(), "P=" + first.procs() + ", " + numerator + " ÷ " + denominator, source,
                    ratios.isEmpty() ? "–" : intervalText(interval), interval, NoEffectBand.FIXED.text(),
                    ratios.size() + " runs × " + windowMillis + " ms, " + jvmCount + (jvmCount == 1 ? " JVM" : " JVMs"),
                    differs.apply(first.procs()), Verdicts.ratio(source, interval, NoEffectBand.FIXED),
                    join(ratios.isEmpty() ? "no run measured both " + numerator + " and " + denominator : "", note)));
        }
        return findings;
    }

    static Optional<LockResult> lock(ShapeResult s, String spec) {
        return s.locks().stream().filter(l -> l.spec().equals(spec)).findFirst();
    }

    private static Optional<LockResult> first(ShapeResult s, List<String> specs) {
        return specs.stream().map(spec -> lock(s, spec)).flatMap(Optional::stream).findFirst();
    }

    private static Set<String> columns(List<GroupResult> groups) {
        Set<String> columns = new LinkedHashSet<>();
        groups.forEach(g -> columns.add(g.threads()));
        return columns;
    }

    private static int measuredProcs(Map<String, List<GroupResult>> results) {
        return results.values().stream().flatMap(List::stream).mapToInt(GroupResult::procs).max().orElse(1);
    }

    /** {@code 1.38 [1.32–1.41], n = 12}; with too few batches for a verdict, the median and n alone. */
    static String intervalText(Interval i) {
        return Verdicts.decidable(i) ? number(i.median()) + " " + bracketed(i) + ", n = " + i.n() : number(i.median()) + ", n = " + i.n();
    }

    /**
     * {@code [1.32–1.41]}; an interval whose ends print alike (every batch the same to three
     * places) as {@code [every batch 0.938]}: "0.938–0.938" would read as a certainty no rerun gives.
     */
    static String bracketed(Interval i) {
        String low = number(i.low());
        String high = number(i.high());
        return low.equals(high) ? "[every batch " + low + "]" : "[" + low + "–" + high + "]";
    }

    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
    }

    /** A figure to three significant places, as the rows and intervals write it. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "–";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 0.1 ? "%.3f" : "%.4f", v);
    }

    private static String micros(long nanos) {
        return nanos < 1000 ? nanos + " ns" : nanos % 1000 == 0 ? nanos / 1000 + " µs" : String.format(Locale.ROOT, "%.1f µs", nanos / 1000.0);
    }
}
