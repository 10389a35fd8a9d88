package dev.mutexlab.lab.reproduce;

import dev.mutexlab.lab.stats.Bootstrap;
import dev.mutexlab.lab.stats.Bootstrap.Interval;
import dev.mutexlab.lab.stats.NoEffectBand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each claim read from synthetic result groups, batch by batch, for each verdict it can reach. */
class ClaimsTest {
    /** One batch of one lock. */
    record Batch(double throughput, long maxWaitNanos, double cpuPerWall, double starvationShare) {
    }

    static LockResult lock(String spec, List<Batch> batches) {
        List<Sample> samples = new ArrayList<>();
        for (int run = 0; run < batches.size(); run++) {
            Batch b = batches.get(run);
            samples.add(new Sample(run, 0, b.throughput(), 1, 200_000_000L, List.of(1L), new WaitSummary(1, 1, 1, 1, b.maxWaitNanos()),
                    1, 1.0, b.cpuPerWall(), 0, 0, Map.of(), b.starvationShare(), null));
        }
        Spread one = new Spread(1, 1, 1);
        return new LockResult(spec, samples, one, one, one, new WaitSummary(1, 1, 1, 1, 1), one, one, one, null, null);
    }

    /** A lock whose batches reach these throughputs. */
    static LockResult thr(String spec, double... throughputs) {
        List<Batch> b = new ArrayList<>();
        for (double t : throughputs) {
            b.add(new Batch(t, 1, 1, 0));
        }
        return lock(spec, b);
    }

    /** A lock whose batches had these longest waits. */
    static LockResult waits(String spec, long... maxWaits) {
        List<Batch> b = new ArrayList<>();
        for (long w : maxWaits) {
            b.add(new Batch(1000, w, 1, 0));
        }
        return lock(spec, b);
    }

    /** {@code n} batches of {@code base} × (1 + small wobble). */
    static double[] around(double base, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = base * (1 + 0.004 * ((i % 5) - 2));
        }
        return v;
    }

    static ShapeResult shape(int procs, int workers, long hold, long outside, LockResult... locks) {
        return new ShapeResult("platform", procs, workers, hold, outside, 1e9 / Math.max(1, hold), List.of(locks), List.of());
    }

    static GroupResult group(String threads, ShapeResult... shapes) {
        return new GroupResult(threads, shapes[0].procs(), "test", 1, 0, List.of(shapes));
    }

    private static List<Finding> of(List<Finding> all, String claim) {
        return all.stream().filter(f -> f.claim().equals(claim)).toList();
    }

    private static List<Finding> measured(List<Finding> all, String claim) {
        return of(all, claim).stream().filter(f -> !f.interval().isEmpty()).toList();
    }

    /** A sweep shape: default at 1000/s, handoff at {@code handoff} × that, the A/A control level. */
    private static ShapeResult sweepShape(int procs, int workers, double handoff) {
        return shape(procs, workers, 10_000, 10_000, thr("go", around(1000, 10)), thr("go:threshold=0", around(1000 * handoff, 10)),
                thr("go", around(1000, 10)));
    }

    @Test
    void headlineIsJudgedShapeByShapeWithTheIntervalOfItsBatches() {
        Map<String, List<GroupResult>> r = Map.of(Plan.SWEEP, List.of(group("platform", sweepShape(2, 4, 1.5), sweepShape(2, 16, 0.5),
                shape(2, 16, 1_000, 1_000, thr("go", 1, 1), thr("go:threshold=0", 9, 9))))); // not 10 µs: left out
        List<Finding> f = of(Claims.evaluate(r, Map.of(), Map.of(), 2), "handoff-headline");
        assertThat(f).extracting(Finding::shape).containsExactly("P=2 W=4 hold 10 µs, outside = hold",
                "P=2 W=16 hold 10 µs, outside = hold", "P=4", "P=8");
        assertThat(f.get(0).value()).isCloseTo(1.5, within(1e-9));
        assertThat(f.get(0).interval().n()).isEqualTo(10);
        assertThat(f.get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(f.get(0).noise()).startsWith("A/A go ÷ go");
        assertThat(f.get(0).measured()).isEqualTo("10 batches × 200 ms, 1 JVM");
        assertThat(f.get(1).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(f.get(2).note()).isEqualTo("needs ≥ 4 CPUs (measured on 2)");
        assertThat(f.get(3).note()).isEqualTo("needs ≥ 8 CPUs (measured on 2)");
    }

    @Test
    void replicasPoolTheirBatches() {
        List<GroupResult> two = List.of(group("platform", sweepShape(2, 4, 1.5)), group("platform", sweepShape(2, 4, 1.5)));
        Finding f = of(Claims.evaluate(Map.of(Plan.SWEEP, two), Map.of(), Map.of(), 2), "handoff-headline").get(0);
        assertThat(f.interval().n()).isEqualTo(20);
        assertThat(f.measured()).isEqualTo("20 batches × 200 ms, 2 JVMs");
    }

    @Test
    void anAaControlThatIsItselfOffWidensTheBandUntilAModestEffectCannotTell() {
        double[] noisy = around(1160, 10); // the same lock 16% faster in its second slot: the batches are not even
        ShapeResult s = shape(2, 4, 10_000, 10_000, thr("go", around(1000, 10)), thr("go:threshold=0", around(1150, 10)),
                thr("go", noisy));
        Finding f = of(Claims.evaluate(Map.of(Plan.SWEEP, List.of(group("platform", s))), Map.of(), Map.of(), 2),
                "handoff-headline").get(0);
        assertThat(f.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(f.verdictText()).isEqualTo("cannot tell here (n = 10, every batch 1.150)");
        ShapeResult quiet = shape(2, 4, 10_000, 10_000, thr("go", around(1000, 10)), thr("go:threshold=0", around(1150, 10)),
                thr("go", around(1000, 10)));
        assertThat(of(Claims.evaluate(Map.of(Plan.SWEEP, List.of(group("platform", quiet))), Map.of(), Map.of(), 2),
                "handoff-headline").get(0).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void aResultWithoutAaControlUsesTheFixedBandAndSaysSo() {
        ShapeResult s = shape(2, 4, 10_000, 10_000, thr("go", around(1000, 5)), thr("go:threshold=0", around(1500, 5)));
        Finding f = of(Claims.evaluate(Map.of(Plan.SWEEP, List.of(group("platform", s))), Map.of(), Map.of(), 2),
                "handoff-headline").get(0);
        assertThat(f.noise()).isEqualTo(NoEffectBand.FIXED.text());
        assertThat(f.verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void handoffByHoldUsesTheSourcesFigureForEachHold() {
        ShapeResult one = shape(2, 4, 1_000, 1_000, thr("go", around(1000, 8)), thr("go:threshold=0", around(1050, 8)), thr("go", around(1000, 8)));
        ShapeResult ten = shape(2, 4, 10_000, 10_000, thr("go", around(1000, 8)), thr("go:threshold=0", around(500, 8)), thr("go", around(1000, 8)));
        List<Finding> f = of(Claims.evaluate(Map.of(Plan.TABLE, List.of(group("platform", one, ten))), Map.of(), Map.of(), 2),
                "handoff-by-hold");
        assertThat(f.get(0).source().low()).isEqualTo(1.05);
        assertThat(f.get(1).source().low()).isEqualTo(1.41);
        assertThat(f.get(1).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(f.get(1).differs()).isEqualTo("P = 2 vs the source's GOMAXPROCS = 4");
    }

    @Test
    void replicasThatDisagreeWidenTheIntervalResampledByJvm() {
        // three JVMs: jdk ÷ go at 0.97, 1.00, 1.04, tight within each; batch by batch the median hardly moves
        List<GroupResult> groups = new ArrayList<>();
        double[] level = {0.97, 1.00, 1.04};
        for (double l : level) {
            double[] jdk = around(1000 * l, 4);
            groups.add(group("platform", shape(2, 4, 10_000, 10_000, thr("go", 1000, 1000, 1000, 1000), thr("jdk", jdk))));
        }
        Claims.Row row = Claims.rows(groups).getFirst();
        assertThat(row.copies()).hasSize(3);
        Interval byJvm = Claims.interval(row, List.of("jdk"), List.of("go"), Claims.Metric.THROUGHPUT);
        Interval byBatch = dev.mutexlab.lab.stats.Bootstrap.median(Claims.batches(row, List.of("jdk"), List.of("go"),
                Claims.Metric.THROUGHPUT));
        assertThat(byJvm.n()).isEqualTo(12);
        assertThat(byJvm.high() - byJvm.low()).isGreaterThan(byBatch.high() - byBatch.low());
        assertThat(byJvm.low()).isLessThan(0.99);
        assertThat(byJvm.high()).isGreaterThan(1.01);
    }

    @Test
    void waitBoundFlagsAWaitCappedByTheWindow() {
        ShapeResult s = shape(2, 64, 10_000, 0, waits("go", 8_000_000, 9_000_000, 7_000_000, 8_000_000, 8_500_000),
                waits("go:threshold=never", 180_000_000, 190_000_000, 185_000_000, 170_000_000, 175_000_000));
        Finding f = of(Claims.evaluate(Map.of(Plan.WAITS, List.of(group("platform", s))), Map.of(), Map.of(), 2), "wait-bound-64").get(0);
        assertThat(f.value()).isCloseTo(170.0 / 8, within(1e-9)); // median of the batches' ratios
        assertThat(f.note()).startsWith("capped by the window: go:threshold=never waited 170–190 ms of a 200 ms window")
                .contains("the default's own longest wait 7.0–9.0 ms (the source: 2–4 ms)");
        assertThat(f.verdict()).as("the window set the numerator: a lower bound, never a verdict").isEqualTo(Verdict.CANNOT_TELL);
    }

    /** The spinbit ladder as the plan makes it on {@code cpus} CPUs, futex burning {@code cpuRatio} × spinbit's CPU per acquisition. */
    private static List<GroupResult> ladder(int cpus, double cpuRatio, double throughputRatio) {
        int procs = Plan.scalingProcs(cpus);
        List<ShapeResult> shapes = new ArrayList<>();
        for (int w : Plan.scalingWorkers(procs, false)) {
            List<Batch> futex = new ArrayList<>();
            List<Batch> spinbit = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                double wobble = 1 + 0.003 * ((i % 3) - 1);
                futex.add(new Batch(1e6 * wobble, 1, cpuRatio * wobble, 0));
                spinbit.add(new Batch(1e6 * throughputRatio, 1, throughputRatio, 0));
            }
            shapes.add(shape(procs, w, 50, 0, lock("futex", futex), lock("spinbit", spinbit), lock("futex", futex)));
        }
        return List.of(new GroupResult("platform", procs, "test", 1, 0, shapes));
    }

    @Test
    void spinbitCpuIsReadAtTheMostWorkersOnEveryMachineTheManyCoreScriptRunsOn() {
        for (int cpus : List.of(2, 4, 16, 32, 64, 128)) {
            List<Finding> all = Claims.evaluate(Map.of(Plan.SCALING, ladder(cpus, 2.0, 1.0)), Map.of(), Map.of(), cpus);
            List<Finding> cpu = measured(all, "spinbit-cpu");
            int procs = Plan.scalingProcs(cpus);
            assertThat(cpu).as(cpus + " CPUs").hasSize(1);
            assertThat(cpu.get(0).shape()).as(cpus + " CPUs").startsWith("P=" + procs + " W=" + Math.min(64, 4 * procs) + " ");
            assertThat(cpu.get(0).value()).isCloseTo(2.0, within(0.01));
            assertThat(cpu.get(0).verdict()).as(cpus + " CPUs").isEqualTo(Verdict.HOLDS);
        }
    }

    @Test
    void spinbitThroughputNeedsTenCpusAndReadsEveryShapeWithTenToPWorkers() {
        for (int cpus : List.of(2, 4, 16, 32, 64, 128)) {
            List<Finding> all = Claims.evaluate(Map.of(Plan.SCALING, ladder(cpus, 2.0, 2.0)), Map.of(), Map.of(), cpus);
            List<Finding> t = of(all, "spinbit-throughput");
            if (cpus < 10) {
                assertThat(t).extracting(Finding::note).containsExactly("needs ≥ 10 CPUs (measured on " + cpus + ")");
            } else {
                assertThat(t).as(cpus + " CPUs").extracting(Finding::shape).containsExactly("P=16 W=16 hold 50 ns, no outside work");
                assertThat(t.get(0).verdict()).isEqualTo(Verdict.HOLDS);
            }
        }
    }

    @Test
    void spinbitLightIsSpinbitOverFutexAtOneAndTwoThreads() {
        List<Finding> light = measured(Claims.evaluate(Map.of(Plan.SCALING, ladder(2, 2.0, 0.8)), Map.of(), Map.of(), 2), "spinbit-light");
        assertThat(light).extracting(Finding::shape).allMatch(s -> s.contains("W=1 ") || s.contains("W=2 "));
        assertThat(light).extracting(Finding::verdict).containsOnly(Verdict.HOLDS);
    }

    @Test
    void lineupIsComparedWithTheBestOtherLockOfEachBatchLeavingItsAaCopyOut() {
        ShapeResult s = shape(2, 4, 1_000, 1_000, thr("lineup", around(100, 8)), thr("go", around(90, 8)),
                thr("synchronized", around(102, 8)), thr("lineup", around(200, 8)));
        Finding f = of(Claims.evaluate(Map.of(Plan.LINEUP, List.of(group("platform", s))), Map.of(), Map.of(), 2), "lineup-best").get(0);
        assertThat(f.value()).isCloseTo(100.0 / 102, within(1e-9));
        assertThat(f.verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void lineup64NeedsBothTheThroughputAndTheBoundedWait() {
        List<Batch> good = new ArrayList<>();
        List<Batch> slowWaits = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            good.add(new Batch(97_000 + i, 1_500_000, 1, 0)); // ceiling 1e5/s at 10 µs
            slowWaits.add(new Batch(97_000 + i, 9_000_000, 1, 0));
        }
        List<GroupResult> groups = List.of(group("platform", shape(2, 64, 10_000, 0, thr("go", around(1, 8)), lock("lineup", good))),
                group("virtual", shape(2, 64, 10_000, 0, thr("go", around(1, 8)), lock("lineup", slowWaits))));
        List<Finding> f = of(Claims.evaluate(Map.of(Plan.WAITS, groups), Map.of(), Map.of(), 2), "lineup-64");
        assertThat(f).extracting(Finding::verdict).containsExactly(Verdict.HOLDS, Verdict.DOES_NOT_HOLD);
        assertThat(f.get(0).here()).startsWith("97% [97–97%] of the ceiling, longest wait 1.5 [1.5–1.5] ms, n = 8");
    }

    private static FairnessResult.Sample sample(String lock, int run, double opsPerSec, double deviance, double cost, double jain) {
        return new FairnessResult.Sample(lock, run, 1, 10_000_000_000L, opsPerSec, cost, deviance, 1, 1, 1, new long[] {1}, 1.0, jain);
    }

    @Test
    void testMutexIsTheMutexOverTheSourcesSemaphoreWithinEachRun() {
        List<FairnessResult.Sample> samples = new ArrayList<>();
        for (int run = 0; run < 6; run++) {
            samples.add(sample("kernel", run, 86_000 + run, 180, 200, 0.9));
            samples.add(sample("semaphore:wake2", run, 35_000, 290, 500, 0.99));
        }
        FairnessResult result = new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, samples)));
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, List.of(result)), Map.of(), 2);
        Finding ops = of(all, "mutex-vs-semaphore").get(0);
        assertThat(ops.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(ops.shape()).isEqualTo("P=2, kernel ÷ semaphore:wake2");
        assertThat(ops.note()).isEmpty();
        assertThat(ops.differs()).startsWith("P = 2 vs the source's 8 CPUs");
        assertThat(ops.differs()).contains("not compared").contains("VFS").contains("10 µs busy loop").contains("spins");
        assertThat(of(all, "deviance").get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(of(all, "relative-deviance").get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(of(all, "semaphore-fairer").get(0).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void testMutexPoolsItsReplicasAndResamplesByJvm() {
        double[] byJvm = {1.20, 1.21, 0.98};
        List<FairnessResult> replicas = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Integer> jvms = new ArrayList<>();
        for (int jvm = 0; jvm < byJvm.length; jvm++) {
            List<FairnessResult.Sample> samples = new ArrayList<>();
            for (int run = 0; run < 4; run++) {
                double ratio = byJvm[jvm] + 0.001 * run;
                samples.add(sample("semaphore", run, 40_000 * ratio, 250, 420, 0.99));
                samples.add(sample("semaphore:wake2", run, 40_000, 290, 500, 0.90));
                ratios.add(ratio);
                jvms.add(jvm);
            }
            replicas.add(new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                    List.of(new FairnessResult.Group("platform", 2, "test", 1, samples))));
        }
        List<Finding> rows = of(Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, replicas), Map.of(), 2), "wake2-slower");
        assertThat(rows).as("one row per thread kind and P, the replicas pooled").hasSize(1);
        Finding f = rows.get(0);
        assertThat(f.measured()).startsWith("12 runs × ").endsWith(", 3 JVMs");
        double[] v = ratios.stream().mapToDouble(Double::doubleValue).toArray();
        int[] c = jvms.stream().mapToInt(Integer::intValue).toArray();
        Interval byCluster = Bootstrap.clusterMedian(v, c);
        assertThat(f.interval().low()).isEqualTo(byCluster.low());
        assertThat(f.interval().high()).isEqualTo(byCluster.high());
        assertThat(byCluster.low()).as("a JVM that disagrees widens the interval: its runs are not independent draws")
                .isLessThan(Bootstrap.median(v).low());
    }

    @Test
    void testMutexLabelsASubstituteComparator() {
        List<FairnessResult.Sample> samples = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            samples.add(sample("kernel", run, 86_000, 180, 200, 0.9));
            samples.add(sample("semaphore", run, 35_000, 290, 500, 0.99));
        }
        FairnessResult result = new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, samples)));
        Finding f = of(Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, List.of(result)), Map.of(), 2), "mutex-vs-semaphore").get(0);
        assertThat(f.note()).isEqualTo("comparator semaphore stands in for the source's semaphore:wake2");
    }

    /** One group of the suite: each benchmark's old and new ns/op over five runs with a little spread. */
    private static SuiteResult.Group suiteGroup(int procs, Map<String, double[]> oldAndNew) {
        List<SuiteResult.Measurement> ms = new ArrayList<>();
        oldAndNew.forEach((bench, v) -> {
            for (int rep = 0; rep < 5; rep++) {
                ms.add(new SuiteResult.Measurement(bench, "futex:blocking", rep, 1000, 0, v[0] * (1 + 0.001 * rep)));
                ms.add(new SuiteResult.Measurement(bench, "futex", rep, 1000, 0, v[1] * (1 + 0.001 * rep)));
            }
        });
        return new SuiteResult.Group("platform", procs, "test", 0, ms);
    }

    @Test
    void hybridRowsAreBenchmarkByBenchmarkWithTheirPValuesAndNeedsRowsForMissingP() {
        Map<String, double[]> two = new HashMap<>(Map.of("SelectContended", new double[] {206, 100}, // 2.06×: source 2.07×
                "MutexOnSema", new double[] {40, 50})); // 0.8×: source 2.39×
        SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(suiteGroup(1, Map.of("SelectContended", new double[] {100, 100})), suiteGroup(2, two)), List.of());
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, List.of(r)), 2);
        List<Finding> select = of(all, "hybrid-select");
        assertThat(select).extracting(Finding::shape).containsExactly("SelectContended P=1", "SelectContended P=2",
                "SelectContended P=4", "SelectContended P=8", "SelectContended P=16");
        assertThat(select.get(0).verdict()).as("level at 1 thread, as in the source (1.04×)").isEqualTo(Verdict.HOLDS);
        assertThat(select.get(1).here()).contains("p = 0.008");
        assertThat(select.get(1).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(select.get(2).note()).isEqualTo("needs ≥ 4 CPUs (measured on 2)");
        List<Finding> mutex = of(all, "hybrid-mutex");
        assertThat(mutex.get(1).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(mutex.get(0).note()).isEqualTo("neither lock measured on MutexOnSema");
    }

    @Test
    void hybridRowsPoolTheSuitesReplicasAndResampleByJvm() {
        // two JVMs find the hybrid lock 2.06x faster in SelectContended at P = 2, one finds it level
        List<SuiteResult> replicas = new ArrayList<>();
        for (double old : new double[] {206, 207, 101}) {
            replicas.add(new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                    List.of(suiteGroup(2, Map.of("SelectContended", new double[] {old, 100}))), List.of()));
        }
        Finding pooled = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, replicas), 2), "hybrid-select").stream()
                .filter(f -> f.shape().equals("SelectContended P=2")).findFirst().orElseThrow();
        assertThat(pooled.measured()).startsWith("15 runs × ").endsWith(" per lock, 3 JVMs");
        assertThat(pooled.value()).isGreaterThan(2.0);
        assertThat(pooled.interval().low()).as("the level JVM stays in the interval: it is one of three draws, not 5 of 15")
                .isLessThan(1.1);
        Finding one = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, replicas.subList(0, 1)), 2), "hybrid-select")
                .stream().filter(f -> f.shape().equals("SelectContended P=2")).findFirst().orElseThrow();
        assertThat(one.measured()).endsWith(" per lock, 1 JVM");
    }

    @Test
    void everyClaimHasARowAndMissingExperimentsCannotTell() {
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(), Map.of(), 2);
        assertThat(all).extracting(Finding::verdict).containsOnly(Verdict.CANNOT_TELL);
        assertThat(all).extracting(Finding::claim).containsAll(Claims.ALL.stream().map(Claims.Claim::id).toList());
        assertThat(of(all, "handoff-headline").get(0).note()).isEqualTo("experiment sweep-headline has no result");
        assertThat(of(all, "spinbit-halving").get(0).note()).isEqualTo("needs ≥ 12 CPUs (measured on 2)");
    }

    /** A yield-table shape: default at half the ceiling, handoff, yield and never at these multiples, the A/A control level. */
    private static ShapeResult tableShape(long hold, double handoff, double yield, double never) {
        double base = 0.5e9 / hold;
        return shape(4, 4, hold, hold, thr("go", around(base, 10)), thr("go:threshold=0", around(base * handoff, 10)),
                thr("go+yield", around(base * yield, 10)), thr("go:threshold=never", around(base * never, 10)),
                thr("go", around(base, 10)));
    }

    @Test
    void oneSidedClaimsCarryTheirDirectionAndAreJudgedOnOneSide() {
        assertThat(Claims.SHORT_SOURCE.direction()).isEqualTo(SourceFigure.Direction.AT_MOST);
        assertThat(Claims.GOSCHED_SOURCE.direction()).isEqualTo(SourceFigure.Direction.AT_LEAST);
        // the default 25% faster at 0.1 µs: "the two tie, or normal mode wins" holds
        Map<String, List<GroupResult>> r = Map.of(Plan.TABLE, List.of(group("platform", tableShape(100, 0.75, 1.0, 1.0),
                tableShape(10_000, 1.4, 2.1, 1.0))));
        List<Finding> all = Claims.evaluate(r, Map.of(), Map.of(), 4);
        assertThat(of(all, "handoff-short-holds").get(0).verdict()).isEqualTo(Verdict.HOLDS);
        // Gosched 1.5× handoff: "matched or beat" holds however large the win
        assertThat(of(all, "gosched-vs-handoff").get(0).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void theNewStarvationClaimsQuoteTheSourceAndAreJudged() {
        Map<String, List<GroupResult>> r = Map.of(Plan.TABLE, List.of(group("platform", tableShape(1_000, 1.1, 1.0, 1.0),
                tableShape(3_000, 0.88, 1.0, 1.0), tableShape(10_000, 1.76, 1.76, 1.0))),
                Plan.SWEEP, List.of(group("platform", shape(8, 16, 10_000, 10_000, thr("go", around(1000, 10)),
                        thr("go:threshold=0", around(1600, 10)), thr("go", around(1000, 10))))));
        List<Finding> all = Claims.evaluate(r, Map.of(), Map.of(), 8);
        List<Finding> macos = measured(all, "handoff-macos");
        assertThat(macos).extracting(Finding::shape).containsExactly("P=4 W=4 hold 3 µs, outside = hold",
                "P=4 W=4 hold 10 µs, outside = hold");
        assertThat(macos.get(0).source().text()).contains("1.25–1.8×").contains("macOS");
        assertThat(macos.get(0).verdict()).as("0.88× where macOS had 1.25–1.8×").isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(macos.get(1).verdict()).isEqualTo(Verdict.HOLDS);
        Finding sixteen = measured(all, "handoff-16-on-8").get(0);
        assertThat(sixteen.source().text()).startsWith("1.65× at 10 µs");
        assertThat(sixteen.verdict()).isEqualTo(Verdict.HOLDS);
        Map<String, List<GroupResult>> small = Map.of(Plan.SWEEP, List.of(group("platform", sweepShape(2, 4, 1.5))));
        assertThat(of(Claims.evaluate(small, Map.of(), Map.of(), 2), "handoff-16-on-8")).extracting(f -> f.source().text())
                .containsExactly("0.80× / 1.20× / 1.65× / a tie at 0.1 / 1 / 10 / 100 µs (Go, 16 goroutines, 8 procs)");
        Finding wide = of(all, "sweep-108").get(0);
        assertThat(wide.source().text()).contains("median 1.00×, range 0.73–2.04×");
        assertThat(wide.note()).startsWith("not measured by this plan");
    }

    @Test
    void theSourcesMacOsClaimsSayMacOs() {
        assertThat(Claims.NEVER_LEVEL.origin()).contains("macOS").doesNotContain("Linux VM");
        assertThat(Claims.GOSCHED_VS_HANDOFF.origin()).contains("macOS").doesNotContain("Linux VM");
        assertThat(Claims.GOSCHED_SOURCE.text()).contains("macOS");
        assertThat(Claims.SPINBIT_GEOMEAN.origin()).contains("−29.22%").contains("ChanContended");
        assertThat(Claims.GEOMEAN_SOURCE.low()).isCloseTo(17.60 / 12.46, within(1e-9));
    }

    /** A sweep shape of {@code workers} on {@code procs} at 10 µs: default and handoff at these shares of the ceiling. */
    private static ShapeResult ceilingShape(int procs, int workers, double defaultShare, double handoffShare) {
        return shape(procs, workers, 10_000, 10_000, thr("go", around(1e5 * defaultShare, 10)),
                thr("go:threshold=0", around(1e5 * handoffShare, 10)), thr("go", around(1e5 * defaultShare, 10)));
    }

    @Test
    void theCeilingSharesAreLevelsJudgedUnwidenedAtTheSourcesWorkersPerProcessor() {
        Map<String, List<GroupResult>> r = Map.of(Plan.SWEEP, List.of(group("platform", ceilingShape(2, 2, 0.42, 0.89),
                ceilingShape(2, 4, 0.48, 0.75))));
        List<Finding> all = Claims.evaluate(r, Map.of(), Map.of(), 2);
        List<Finding> ceiling = measured(all, "default-ceiling");
        assertThat(ceiling).extracting(Finding::shape).containsExactly("P=2 W=2 hold 10 µs, outside = hold",
                "P=2 W=4 hold 10 µs, outside = hold");
        // 42% against the source's 48%: inside 48% widened ×1.25 (38–60%), outside 48% × the band (±2%)
        assertThat(ceiling.get(0).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(ceiling.get(0).differs()).as("W = P: the source's 4 goroutines on 4 procs").isEmpty();
        assertThat(ceiling.get(1).differs()).contains("not the source's shape").contains("W = P");
        Finding handoff = measured(all, "handoff-ceiling").get(0);
        assertThat(handoff.source().text()).contains("89k of 100k/s");
        assertThat(handoff.shape()).isEqualTo("P=2 W=2 hold 10 µs, outside = hold");
        assertThat(handoff.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(Claims.CEILING_SOURCE.text()).contains("macOS");
        assertThat(Claims.DEFAULT_CEILING.origin()).contains("macOS").contains("GOMAXPROCS = 4");
    }

    @Test
    void theStarvationShareIsOneSidedAtTheSourcesShape() {
        assertThat(Claims.STARVATION_SOURCE.direction()).as("\"at most about 3%\"").isEqualTo(SourceFigure.Direction.AT_MOST);
        ShapeResult s = shape(2, 2, 10_000, 10_000, lock("go", List.of(new Batch(1000, 1, 1, 0.001), new Batch(1000, 1, 1, 0.002),
                new Batch(1000, 1, 1, 0.001), new Batch(1000, 1, 1, 0.002), new Batch(1000, 1, 1, 0.001))));
        Finding f = measured(Claims.evaluate(Map.of(Plan.SWEEP, List.of(group("platform", s))), Map.of(), Map.of(), 2),
                "starvation-share").get(0);
        assertThat(f.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(f.differs()).isEmpty();
    }

    @Test
    void aWaitOverHalfTheWindowIsCappedByIt() {
        // 110–130 ms of a 200 ms window: a wait that long fits only if it starts in the window's first 70–90 ms
        ShapeResult s = shape(2, 64, 10_000, 0, waits("go", 5_000_000, 5_000_000, 5_000_000, 5_000_000, 5_000_000),
                waits("go:threshold=never", 110_000_000, 120_000_000, 130_000_000, 115_000_000, 125_000_000));
        Finding f = of(Claims.evaluate(Map.of(Plan.WAITS, List.of(group("platform", s))), Map.of(), Map.of(), 2), "wait-bound-64").get(0);
        assertThat(f.value()).isCloseTo(24, within(1e-9)); // inside the source's 20–250×
        assertThat(f.note()).startsWith("capped by the window: go:threshold=never waited 110–130 ms of a 200 ms window");
        assertThat(f.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(f.verdictText()).isEqualTo("cannot tell here (capped by the window)");
    }

    @Test
    void theAaBandIsResampledByJvm() {
        // three replicas whose A/A copies sit at 0.97, 1.00 and 1.03 of their first copy: a JVM-level spread
        List<GroupResult> groups = new ArrayList<>();
        for (double aa : new double[] {0.97, 1.0, 1.03}) {
            groups.add(group("platform", shape(2, 4, 10_000, 10_000, thr("go", around(1000, 10)),
                    thr("go:threshold=0", around(1000, 10)), thr("go", around(1000 * aa, 10)))));
        }
        NoEffectBand band = Claims.band(Claims.rows(groups), Claims.Metric.THROUGHPUT);
        // thirty batches taken as independent give a median interval of about ±0.4%, the ±2% floor
        assertThat(band.low()).isLessThan(0.975);
        assertThat(band.high()).isGreaterThan(1.025);
    }

    @Test
    void anIntervalWhoseEndsPrintAlikeIsNeverPrintedAsARange() {
        Interval same = new Interval(0.938, 0.938, 0.938, 10);
        assertThat(Claims.intervalText(same)).isEqualTo("0.938 [every batch 0.938], n = 10");
        Finding f = new Finding("c", "platform", "s", SourceFigure.of(1.1, "1.1×"), Claims.intervalText(same), same, "–", "–", "",
                Verdict.CANNOT_TELL, "");
        assertThat(f.verdictText()).doesNotContain("0.938–0.938");
        // a suite row of ten identical runs on each side
        List<SuiteResult.Measurement> ms = new ArrayList<>();
        for (int rep = 0; rep < 10; rep++) {
            ms.add(new SuiteResult.Measurement("ChanContended", "futex:blocking", rep, 1000, 0, 93.8));
            ms.add(new SuiteResult.Measurement("ChanContended", "futex", rep, 1000, 0, 100));
        }
        SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(new SuiteResult.Group("platform", 2, "test", 0, ms)), List.of());
        Finding row = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, List.of(r)), 2), "hybrid-chan").stream()
                .filter(x -> x.shape().equals("ChanContended P=2")).findFirst().orElseThrow();
        assertThat(row.here()).doesNotContain("0.938–0.938").contains("every batch 0.938");
        assertThat(row.verdict()).as("0.94× where the source had 3.63×").isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void theEssaysSchedulerMeasurementsHaveRowsSayingWhyTheyAreNotMeasured() {
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(), Map.of(), 2);
        Finding sleep = of(all, "pre-steal-sleep").get(0);
        assertThat(sleep.source().text()).contains("41k ÷ 36k");
        assertThat(sleep.note()).startsWith("not measured by this plan: the sleep is inside Go's scheduler");
        Finding wake = of(all, "condvar-wakeup").get(0);
        assertThat(wake.source().text()).contains("4–6 µs");
        assertThat(wake.note()).startsWith("not measured by this plan");
        assertThat(Claims.UNMEASURED).contains(Claims.PRE_STEAL_SLEEP, Claims.CONDVAR_WAKEUP);
        assertThat(Claims.ALL).hasSize(38).doesNotHaveDuplicates();
    }

    /** A spinbit-ladder shape of {@code workers} on {@code procs}: spinbit at {@code ratio} × futex, the A/A control level. */
    private static ShapeResult ladder(int procs, int workers, double ratio) {
        return shape(procs, workers, 50, 0, thr("futex", around(1000, 10)), thr("spinbit", around(1000 * ratio, 10)),
                thr("futex", around(1000, 10)));
    }

    @Test
    void theSpinbitRegressionAndTieHaveARowPerThreadCount() {
        Map<String, List<GroupResult>> two = Map.of(Plan.SCALING, List.of(group("platform", ladder(2, 1, 0.85), ladder(2, 2, 0.85),
                ladder(2, 8, 1.2))));
        List<Finding> small = Claims.evaluate(two, Map.of(), Map.of(), 2);
        assertThat(of(small, "spinbit-regression")).extracting(Finding::shape).containsExactly("W=3", "W=4", "W=5", "W=6", "W=7");
        assertThat(of(small, "spinbit-regression")).extracting(Finding::note).containsExactly("needs ≥ 3 CPUs (measured on 2)",
                "needs ≥ 4 CPUs (measured on 2)", "needs ≥ 5 CPUs (measured on 2)", "needs ≥ 6 CPUs (measured on 2)",
                "needs ≥ 7 CPUs (measured on 2)");
        assertThat(of(small, "spinbit-regression").get(0).source().text()).startsWith("0.47× at 3 threads (ChanContended +111.75% time");
        assertThat(of(small, "spinbit-tie-8")).extracting(Finding::note).containsExactly("needs ≥ 8 CPUs (measured on 2)");
        assertThat(of(small, "spinbit-geomean")).extracting(Finding::note).containsExactly("needs ≥ 20 CPUs (measured on 2)");

        Map<String, List<GroupResult>> eight = Map.of(Plan.SCALING, List.of(group("platform", ladder(8, 1, 0.85),
                ladder(8, 4, 0.5), ladder(8, 8, 1.0), ladder(8, 32, 2.0))));
        List<Finding> big = Claims.evaluate(eight, Map.of(), Map.of(), 8);
        List<Finding> regression = measured(big, "spinbit-regression");
        assertThat(regression).extracting(Finding::shape).containsExactly("P=8 W=4 hold 50 ns, no outside work");
        assertThat(regression.get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(of(big, "spinbit-regression")).filteredOn(f -> f.interval().isEmpty()).extracting(Finding::note)
                .containsOnly("3 threads are not on this plan's ladder of worker counts", "5 threads are not on this plan's ladder of worker counts",
                        "6 threads are not on this plan's ladder of worker counts", "7 threads are not on this plan's ladder of worker counts");
        Finding tie = measured(big, "spinbit-tie-8").get(0);
        assertThat(tie.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(tie.source().text()).contains("13.99 → 14.06 µs");
    }

    @Test
    void theMailThreadsClaimsAreRowsAndTheWakeUpIsMeasuredAgainstTheOneWakeSemaphore() {
        List<FairnessResult.Sample> samples = new ArrayList<>();
        for (int run = 0; run < 6; run++) {
            samples.add(sample("kernel", run, 86_000 + run, 180, 200, 0.9));
            samples.add(sample("semaphore:wake2", run, 35_000, 290, 500, 0.90));
            samples.add(sample("semaphore", run, 42_000 + run, 250, 420, 0.99));
        }
        FairnessResult result = new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, samples)));
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, List.of(result)), Map.of(), 2);
        Finding cost = of(all, "cost-per-op").get(0);
        assertThat(cost.shape()).isEqualTo("P=2, kernel ÷ semaphore:wake2");
        assertThat(cost.value()).isCloseTo(0.4, within(1e-9));
        assertThat(cost.verdict()).isEqualTo(Verdict.HOLDS);
        Finding slower = of(all, "wake2-slower").get(0);
        assertThat(slower.shape()).isEqualTo("P=2, semaphore ÷ semaphore:wake2");
        assertThat(slower.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(of(all, "wake2-unfair").get(0).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(of(all, "mutex-vs-semaphore").get(0).shape()).as("the source's comparator, not the one-wake form")
                .isEqualTo("P=2, kernel ÷ semaphore:wake2");
        assertThat(of(all, "tail-requeue").get(0).note()).startsWith("not measured by this plan: the lab counts each task's acquisitions");

        List<FairnessResult.Sample> old = samples.stream().filter(x -> !x.lock().equals("semaphore")).toList();
        FairnessResult before = new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, old)));
        Finding missing = of(Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, List.of(before)), Map.of(), 2), "wake2-slower").get(0);
        assertThat(missing.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(missing.note()).contains("lacks semaphore");
    }

    @Test
    void aSuiteRowOfTooFewRunsSaysNAndPrintsNoInterval() {
        Map<String, double[]> two = Map.of("ChanContended", new double[] {100, 100});
        List<SuiteResult.Measurement> ms = new ArrayList<>();
        for (int rep = 0; rep < 3; rep++) {
            ms.add(new SuiteResult.Measurement("ChanContended", "futex:blocking", rep, 1000, 0, 93.8));
            ms.add(new SuiteResult.Measurement("ChanContended", "futex", rep, 1000, 0, 100));
        }
        SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(new SuiteResult.Group("platform", 2, "test", 0, ms)), List.of());
        Finding f = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, List.of(r)), 2), "hybrid-chan").stream()
                .filter(x -> x.shape().equals("ChanContended P=2")).findFirst().orElseThrow();
        assertThat(f.verdictText()).isEqualTo("cannot tell here (n = 3 < 5)");
        assertThat(f.here()).startsWith("0.938 (p = ").endsWith(", n = 3 + 3)").doesNotContain("[");
        // the same at 5 runs each, level where the source had 3.63×: does not hold, whatever p says
        SuiteResult level = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(suiteGroup(2, two)), List.of());
        Finding refuted = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, List.of(level)), 2), "hybrid-chan").stream()
                .filter(x -> x.shape().equals("ChanContended P=2")).findFirst().orElseThrow();
        assertThat(refuted.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(refuted.here()).contains("[");
    }
}
