package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.compare.VersusBest;
import dev.mutexlab.lab.gotoolchain.GoSeedLoop;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The claims {@code mutexlab reproduce} checks, each with the source's figure, the experiment that
 * measures it here ({@link Plan}: result files by name) and how this machine's figure is read from
 * it. One finding per claim and column: each thread kind of the ports, and Go's own mutex
 * ({@value GoSeedLoop#THREADS}) where Go ran. The verdicts come from {@link Verdicts}.
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

    public static final Claim HANDOFF_HEADLINE = new Claim("handoff-headline",
            "Forced handoff beats Go's default mutex at 10 µs holds with equal work outside the lock",
            "Go's sync.Mutex starvation-mode sweep (docs/background.md §1): handoff ÷ default, median over its shapes");
    public static final Claim YIELD_DIAGNOSTIC = new Claim("yield-diagnostic",
            "A yield right after unlock does what handoff does: it beats the default from 1 µs holds up",
            "the same experiment's diagnostic column, Linux VM: runtime.Gosched() after Unlock ÷ default, holds 1–100 µs");
    public static final Claim WAIT_BOUND = new Claim("wait-bound-64",
            "Starvation mode bounds the longest wait: 64 workers, 10 µs holds, no outside work",
            "the same experiment: longest wait with starvation mode off (94–496 ms) ÷ with the default (2–4 ms)");
    public static final Claim SPINBIT_CPU = new Claim("spinbit-cpu",
            "The 2011 futex lock burns more CPU per acquisition than Go 1.24's spinbit as threads outnumber CPUs",
            "Go 1.24 spinbit change (Go issue 68578): the old lock spent 27.74 s of CPU in 1.78 s of wall time, every waiter spinning");
    public static final Claim SPINBIT_THROUGHPUT = new Claim("spinbit-throughput",
            "From about ten threads up, spinbit serves more acquisitions than the futex lock",
            "Go 1.24 spinbit change: ChanContended −29.8% time at 10 threads, −69% at 20 (spinbit ÷ futex throughput 1.42–3.2×)");
    public static final Claim HYBRID_CHAN = new Claim("hybrid-chan",
            "Spinning before sleeping (Go's 2011 runtime lock) makes contended channel operations faster than the blocking lock it replaced",
            "Go's 2011 runtime-lock change (docs/background.md §3): ChanContended and ChanProdCons0/10/100, old ÷ new ns/op at each thread count");
    public static final Claim HYBRID_SELECT = new Claim("hybrid-select",
            "The same for contended select: faster from 2 threads up, level at 1",
            "the same change's table: SelectContended, old ÷ new ns/op");
    public static final Claim HYBRID_MUTEX = new Claim("hybrid-mutex",
            "Beneath sync.Mutex (on the runtime semaphore) the hybrid lock gains at 2 threads and loses from 4 up",
            "the same change's table: BenchmarkMutex, old ÷ new ns/op (2.39× at 2 threads, 0.67–0.81× at 4–16), "
                    + "sync.Mutex of the day on the runtime semaphore (the lab's MutexOnSema)");
    public static final Claim LINEUP_BEST = new Claim("lineup-best",
            "lineup reaches 0.95× the best of the other locks in every row (4 workers, outside = hold)",
            "the project's own target for lineup (docs/RESULTS.md §12), not a source's figure");

    public static final Claim LINEUP_64 = new Claim("lineup-64",
            "lineup keeps 95% of the ceiling and a longest wait of at most 2 ms with 64 workers, 10 µs holds, no outside work",
            "the project's own target for lineup (docs/RESULTS.md §12), not a source's figure");
    public static final Claim MUTEX_VS_SEMAPHORE = new Claim("mutex-vs-semaphore",
            "Linux's generic mutex serves more operations per second than the 1999 semaphore it replaced",
            "test-mutex, Linux's mutex introduction (docs/background.md §4): 85 130 ÷ 34 381 ops/s with N tasks on 8 CPUs");

    /** Every claim, in the page's order. */
    public static final List<Claim> ALL = List.of(HANDOFF_HEADLINE, YIELD_DIAGNOSTIC, WAIT_BOUND, SPINBIT_CPU,
            SPINBIT_THROUGHPUT, HYBRID_CHAN, HYBRID_SELECT, HYBRID_MUTEX, LINEUP_BEST, LINEUP_64, MUTEX_VS_SEMAPHORE);

    static final SourceFigure HEADLINE_SOURCE = SourceFigure.of(1.48, "1.48× (1.11–2.04 over shapes; Go, 2–8 procs)");
    static final SourceFigure YIELD_SOURCE = SourceFigure.range(1.15, 1.62, "1.15–1.62× (Go, Linux VM, 4 goroutines)");
    static final SourceFigure WAIT_SOURCE = SourceFigure.range(20, 250, "20–250× (94–496 ms off ÷ 2–4 ms default; Go)");
    static final SourceFigure CPU_SOURCE = SourceFigure.above("above 1 (futex: 15.6 CPUs busy with 20 threads; spinbit: one spinner)");
    static final SourceFigure THROUGHPUT_SOURCE = SourceFigure.range(1.42, 3.2, "1.42× at 10 threads, 3.2× at 20 (Go, ChanContended)");
    static final SourceFigure TEST_MUTEX_SOURCE = SourceFigure.of(85_130.0 / 34_381, "2.48× (85.1k ÷ 34.4k ops/s; 8 CPUs, 2006)");
    /** The lineup target's threshold. */
    static final double LINEUP_TARGET = VersusBest.MATCHED;
    /** The 64-worker target: share of the ceiling and longest wait. */
    static final double LINEUP_64_UTILIZATION = 0.95;
    static final long LINEUP_64_MAX_WAIT_NANOS = 2_000_000L;
    /** The CPUs the spinbit throughput claim needs: ten threads, each on its own CPU. */
    static final int SPINBIT_THROUGHPUT_CPUS = 10;

    private Claims() {
    }

    /** The findings for every claim from the shape experiments alone (no test-mutex result). */
    public static List<Finding> evaluate(Map<String, List<GroupResult>> results) {
        return evaluate(results, Map.of());
    }

    /** The findings for every claim from the shape and test-mutex experiments (no suite result). */
    public static List<Finding> evaluate(Map<String, List<GroupResult>> results, Map<String, FairnessResult> fairness) {
        return evaluate(results, fairness, Map.of());
    }

    /**
     * The findings for every claim.
     *
     * @param results  the groups of each shape experiment that has a result file, by experiment name
     * @param fairness each test-mutex experiment that has a result file, by experiment name
     * @param suites   each suite experiment that has a result file, by experiment name
     */
    public static List<Finding> evaluate(Map<String, List<GroupResult>> results, Map<String, FairnessResult> fairness,
                                         Map<String, SuiteResult> suites) {
        List<Finding> all = new ArrayList<>();
        all.addAll(ratioFindings(HANDOFF_HEADLINE, HEADLINE_SOURCE, results, List.of(Plan.SWEEP, Plan.GO_SWEEP),
                s -> s.holdNanos() == 10_000 && s.outsideNanos() == s.holdNanos(), Claims::handoff));
        all.addAll(ratioFindings(YIELD_DIAGNOSTIC, YIELD_SOURCE, results, List.of(Plan.TABLE, Plan.GO_TABLE),
                s -> s.holdNanos() >= 1_000, Claims::yieldRatio));
        all.addAll(ratioFindings(WAIT_BOUND, WAIT_SOURCE, results, List.of(Plan.WAITS, Plan.GO_WAITS),
                s -> s.workers() == 64, Claims::waitRatio));
        all.addAll(ratioFindings(SPINBIT_CPU, CPU_SOURCE, results, List.of(Plan.SCALING), Claims::mostWorkers,
                s -> lock(s, "futex").flatMap(f -> lock(s, "spinbit").map(b -> cpuPerAcquisition(f) / cpuPerAcquisition(b)))));
        int scalingProcs = results.getOrDefault(Plan.SCALING, List.of()).stream().mapToInt(GroupResult::procs).max().orElse(0);
        if (results.containsKey(Plan.SCALING) && scalingProcs < SPINBIT_THROUGHPUT_CPUS) {
            all.add(new Finding(SPINBIT_THROUGHPUT.id(), "platform", THROUGHPUT_SOURCE, "–", Double.NaN,
                    Verdict.CANNOT_TELL, "needs ≥ " + SPINBIT_THROUGHPUT_CPUS + " CPUs (measured on " + scalingProcs + ")"));
        } else {
            all.addAll(ratioFindings(SPINBIT_THROUGHPUT, THROUGHPUT_SOURCE, results, List.of(Plan.SCALING),
                    s -> s.workers() >= SPINBIT_THROUGHPUT_CPUS && s.workers() <= s.procs(),
                    s -> lock(s, "spinbit").map(l -> l.ratio().median())));
        }
        all.addAll(HybridClaims.findings(suites.get(Plan.HYBRID)));
        all.addAll(lineupFindings(results));
        all.addAll(lineup64Findings(results));
        all.addAll(testMutexFindings(fairness.get(Plan.TEST_MUTEX)));
        return all;
    }

    private interface Figure {
        Optional<Double> of(ShapeResult shape);
    }

    /** One finding per column of the experiments: the median of the shapes' figures, checked by {@link Verdicts#ratio}. */
    private static List<Finding> ratioFindings(Claim claim, SourceFigure source, Map<String, List<GroupResult>> results,
                                               List<String> experiments, Predicate<ShapeResult> shapes, Figure figure) {
        List<Finding> findings = new ArrayList<>();
        for (String experiment : experiments) {
            List<GroupResult> groups = results.get(experiment);
            if (groups == null) {
                if (!experiment.startsWith(Plan.GO_PREFIX)) {
                    findings.add(new Finding(claim.id(), "–", source, "–", Double.NaN, Verdict.CANNOT_TELL,
                            "experiment " + experiment + " has no result"));
                }
                continue;
            }
            for (String column : columns(groups)) {
                List<Double> values = new ArrayList<>();
                for (GroupResult g : groups) {
                    if (g.threads().equals(column)) {
                        g.shapes().stream().filter(shapes).map(figure::of).flatMap(Optional::stream)
                                .filter(v -> !Double.isNaN(v)).forEach(values::add);
                    }
                }
                double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
                double here = Metrics.median(v);
                String text = v.length == 0 ? "–" : v.length == 1 ? times(here)
                        : times(here) + " (" + times(Metrics.spread(v).min()) + "–" + times(Metrics.spread(v).max()) + ", "
                        + v.length + " shapes)";
                findings.add(new Finding(claim.id(), column, source, text, here, Verdicts.ratio(source, here),
                        v.length == 0 ? "no shape of " + experiment + " fits the claim" : ""));
            }
        }
        return findings;
    }

    private static List<Finding> lineupFindings(Map<String, List<GroupResult>> results) {
        List<GroupResult> groups = results.get(Plan.LINEUP);
        SourceFigure source = new SourceFigure(LINEUP_TARGET, Double.POSITIVE_INFINITY, "≥ " + LINEUP_TARGET + "× in every row");
        if (groups == null) {
            return List.of(new Finding(LINEUP_BEST.id(), "–", source, "–", Double.NaN, Verdict.CANNOT_TELL,
                    "experiment " + Plan.LINEUP + " has no result"));
        }
        List<Finding> findings = new ArrayList<>();
        for (String column : columns(groups)) {
            List<Double> rows = new ArrayList<>();
            for (GroupResult g : groups) {
                if (g.threads().equals(column)) {
                    g.shapes().stream().filter(s -> !s.locks().isEmpty() && s.locks().get(0).spec().equals("lineup"))
                            .map(VersusBest::ratio).filter(r -> !Double.isNaN(r)).forEach(rows::add);
                }
            }
            double[] v = rows.stream().mapToDouble(Double::doubleValue).toArray();
            String text = v.length == 0 ? "–" : "worst row " + times(Metrics.spread(v).min()) + ", median "
                    + times(Metrics.median(v)) + " (" + v.length + " rows)";
            findings.add(new Finding(LINEUP_BEST.id(), column, source, text, v.length == 0 ? Double.NaN : Metrics.spread(v).min(),
                    Verdicts.target(v, LINEUP_TARGET), ""));
        }
        return findings;
    }

    /** lineup's share of the ceiling and longest wait at 64 workers, per column. */
    private static List<Finding> lineup64Findings(Map<String, List<GroupResult>> results) {
        SourceFigure source = new SourceFigure(LINEUP_64_UTILIZATION, Double.POSITIVE_INFINITY,
                "≥ 95% of the ceiling and longest wait ≤ 2 ms");
        List<GroupResult> groups = results.get(Plan.WAITS);
        if (groups == null) {
            return List.of(new Finding(LINEUP_64.id(), "–", source, "–", Double.NaN, Verdict.CANNOT_TELL,
                    "experiment " + Plan.WAITS + " has no result"));
        }
        List<Finding> findings = new ArrayList<>();
        for (GroupResult g : groups) {
            for (ShapeResult s : g.shapes()) {
                Optional<LockResult> lineup = lock(s, "lineup").filter(l -> s.workers() == 64);
                if (lineup.isEmpty()) {
                    continue;
                }
                double utilization = lineup.get().utilization().median();
                long maxWait = lineup.get().waits().maxNanos();
                boolean severalProcs = groups.stream().filter(o -> o.threads().equals(g.threads())).count() > 1;
                findings.add(new Finding(LINEUP_64.id(), g.threads() + (severalProcs ? " P=" + g.procs() : ""), source,
                        String.format(Locale.ROOT, "%.0f%% of the ceiling, longest wait %.1f ms", utilization * 100, maxWait / 1e6),
                        utilization, Verdicts.allOf(utilization >= LINEUP_64_UTILIZATION, maxWait <= LINEUP_64_MAX_WAIT_NANOS), ""));
            }
        }
        return findings.isEmpty() ? List.of(new Finding(LINEUP_64.id(), "–", source, "–", Double.NaN, Verdict.CANNOT_TELL,
                "lineup was not measured at 64 workers")) : findings;
    }

    /** kernel ÷ semaphore ops/s within each run, median over the runs, per thread kind. */
    private static List<Finding> testMutexFindings(FairnessResult result) {
        if (result == null) {
            return List.of(new Finding(MUTEX_VS_SEMAPHORE.id(), "–", TEST_MUTEX_SOURCE, "–", Double.NaN,
                    Verdict.CANNOT_TELL, "experiment " + Plan.TEST_MUTEX + " has no result"));
        }
        List<Finding> findings = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>();
        result.groups().forEach(g -> columns.add(g.threads()));
        for (String column : columns) {
            List<Double> ratios = new ArrayList<>();
            for (FairnessResult.Group g : result.groups()) {
                if (!g.threads().equals(column)) {
                    continue;
                }
                for (FairnessResult.Sample mutex : g.samples()) {
                    g.samples().stream().filter(s -> s.run() == mutex.run() && mutex.lock().equals("kernel")
                                    && s.lock().equals("semaphore") && s.opsPerSec() > 0)
                            .forEach(s -> ratios.add(mutex.opsPerSec() / s.opsPerSec()));
                }
            }
            double[] v = ratios.stream().mapToDouble(Double::doubleValue).toArray();
            double here = Metrics.median(v);
            String text = v.length == 0 ? "–" : times(here) + " (" + v.length + (v.length == 1 ? " run)" : " runs)");
            findings.add(new Finding(MUTEX_VS_SEMAPHORE.id(), column, TEST_MUTEX_SOURCE, text, here,
                    Verdicts.ratio(TEST_MUTEX_SOURCE, here), v.length == 0 ? "no run measured both kernel and semaphore" : ""));
        }
        return findings;
    }

    /** Forced handoff ÷ default: the ratio of the port's {@code go:threshold=0} or Go's {@code go-native:threshold=0}. */
    static Optional<Double> handoff(ShapeResult s) {
        return lock(s, "go:threshold=0").or(() -> lock(s, "go-native:threshold=0")).map(l -> l.ratio().median());
    }

    /** Yield after unlock ÷ default. */
    static Optional<Double> yieldRatio(ShapeResult s) {
        return lock(s, "go+yield").or(() -> lock(s, "go-native+gosched")).map(l -> l.ratio().median());
    }

    /** Longest wait with starvation mode off ÷ with the default. */
    static Optional<Double> waitRatio(ShapeResult s) {
        Optional<LockResult> never = lock(s, "go:threshold=never").or(() -> lock(s, "go-native:threshold=never"));
        Optional<LockResult> dflt = lock(s, "go").or(() -> lock(s, "go-native"));
        return never.flatMap(n -> dflt.filter(d -> d.waits().maxNanos() > 0)
                .map(d -> (double) n.waits().maxNanos() / d.waits().maxNanos()));
    }

    /** The shapes with the most workers of their group. */
    private static boolean mostWorkers(ShapeResult s) {
        return s.workers() >= 4L * s.procs();
    }

    private static double cpuPerAcquisition(LockResult l) {
        return l.cpuPerWall().median() / l.throughput().median();
    }

    static Optional<LockResult> lock(ShapeResult s, String spec) {
        return s.locks().stream().filter(l -> l.spec().equals(spec)).findFirst();
    }

    private static Set<String> columns(List<GroupResult> groups) {
        Set<String> columns = new LinkedHashSet<>();
        groups.forEach(g -> columns.add(g.threads()));
        return columns;
    }

    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
    }
}
