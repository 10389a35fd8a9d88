package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.stats.Spread;
import dev.mutexlab.lab.results.WaitSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each claim read from synthetic result groups, for each verdict it can reach. */
class ClaimsTest {
    /** A lock with a ratio to the first lock, a throughput, a CPU cost and a longest wait. */
    static LockResult lock(String spec, double ratio, double throughput, double cpuPerWall, long maxWaitNanos) {
        Spread one = new Spread(1, 1, 1);
        return new LockResult(spec, List.of(), new Spread(throughput, throughput, throughput), one,
                new Spread(ratio, ratio, ratio), new WaitSummary(100, 1_000, 10_000, 100_000, maxWaitNanos), one,
                new Spread(cpuPerWall, cpuPerWall, cpuPerWall), new Spread(0, 0, 0), null, null);
    }

    /** A lock with one sample per batch at the given throughputs. */
    static LockResult runs(String spec, double... throughputs) {
        List<Sample> samples = new ArrayList<>();
        for (int run = 0; run < throughputs.length; run++) {
            samples.add(new Sample(run, 0, throughputs[run], 1, 1, List.of(1L), new WaitSummary(1, 1, 1, 1, 1), 1, 1.0, 1, 0, 0,
                    Map.of(), 0, null));
        }
        LockResult l = lock(spec, 1, throughputs[0], 1, 1);
        return new LockResult(spec, samples, l.throughput(), l.utilization(), l.ratio(), l.waits(), l.jain(), l.cpuPerWall(),
                l.starvationShare(), null, null);
    }

    static ShapeResult shape(int procs, int workers, long hold, long outside, LockResult... locks) {
        return new ShapeResult("platform", procs, workers, hold, outside, 1e9 / Math.max(1, hold), List.of(locks), List.of());
    }

    static List<GroupResult> group(String threads, ShapeResult... shapes) {
        return List.of(new GroupResult(threads, shapes[0].procs(), "test", 1, 0, List.of(shapes)));
    }

    private static List<Finding> of(List<Finding> all, String claim) {
        return all.stream().filter(f -> f.claim().equals(claim)).toList();
    }

    @Test
    void headlineIsTheMedianHandoffRatioOverTheTenMicrosecondShapes() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        List<GroupResult> groups = new ArrayList<>();
        groups.addAll(group("platform", shape(2, 4, 10_000, 10_000, lock("go", 1, 80e3, 1, 1), lock("go:threshold=0", 0.5, 40e3, 1, 1)),
                shape(2, 16, 10_000, 10_000, lock("go", 1, 80e3, 1, 1), lock("go:threshold=0", 0.53, 40e3, 1, 1)),
                shape(2, 16, 1_000, 1_000, lock("go", 1, 80e3, 1, 1), lock("go:threshold=0", 9, 40e3, 1, 1)))); // not 10 µs: left out
        groups.addAll(group("virtual", shape(2, 4, 10_000, 10_000, lock("go", 1, 80e3, 1, 1), lock("go:threshold=0", 1.3, 40e3, 1, 1))));
        r.put(Plan.SWEEP, groups);
        r.put(Plan.GO_SWEEP, group("goroutines", shape(2, 4, 10_000, 10_000, lock("go-native", 1, 1, 1, 1),
                lock("go-native:threshold=0", 1.12, 1, 1, 1))));
        List<Finding> f = of(Claims.evaluate(r), "handoff-headline");
        assertThat(f).extracting(Finding::column).containsExactly("platform", "virtual", "goroutines");
        assertThat(f.get(0).value()).isEqualTo(0.515);
        assertThat(f.get(0).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(f.get(0).here()).contains("2 shapes");
        assertThat(f.get(1).verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(f.get(2).verdict()).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
    }

    @Test
    void yieldDiagnosticReadsThePortsYieldAndGosGosched() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        r.put(Plan.TABLE, group("platform", shape(2, 4, 1_000, 1_000, lock("go", 1, 1, 1, 1), lock("go+yield", 0.79, 1, 1, 1)),
                shape(2, 4, 100_000, 100_000, lock("go", 1, 1, 1, 1), lock("go+yield", 1.12, 1, 1, 1))));
        r.put(Plan.GO_TABLE, group("goroutines", shape(2, 4, 10_000, 10_000, lock("go-native", 1, 1, 1, 1),
                lock("go-native+gosched", 1.4, 1, 1, 1))));
        List<Finding> f = of(Claims.evaluate(r), "yield-diagnostic");
        assertThat(f.get(0).value()).isCloseTo(0.955, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(f.get(0).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(f.get(1).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void waitBoundIsTheLongestWaitWithoutStarvationModeOverWithIt() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        r.put(Plan.WAITS, group("platform", shape(2, 64, 10_000, 0, lock("go", 1, 1, 1, 8_000_000),
                lock("go:threshold=never", 1, 1, 1, 400_000_000))));
        List<Finding> f = of(Claims.evaluate(r), "wait-bound-64");
        assertThat(f).hasSize(1); // no Go file: no Go column, and no complaint about it
        assertThat(f.get(0).value()).isEqualTo(50.0);
        assertThat(f.get(0).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void spinbitCpuIsCpuPerAcquisitionAtTheMostWorkers() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        r.put(Plan.SCALING, group("platform",
                shape(2, 1, 50, 0, lock("futex", 1, 8e6, 1.0, 1), lock("spinbit", 1, 8e6, 1.0, 1)),
                shape(2, 8, 50, 0, lock("futex", 1, 7.5e6, 1.9, 1), lock("spinbit", 1.1, 8.25e6, 1.05, 1))));
        List<Finding> all = Claims.evaluate(r);
        Finding cpu = of(all, "spinbit-cpu").get(0);
        assertThat(cpu.value()).isCloseTo((1.9 / 7.5e6) / (1.05 / 8.25e6), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(cpu.verdict()).isEqualTo(Verdict.HOLDS);
        Finding throughput = of(all, "spinbit-throughput").get(0);
        assertThat(throughput.verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(throughput.note()).isEqualTo("needs ≥ 10 CPUs (measured on 2)");
    }

    @Test
    void spinbitThroughputNeedsAsManyCpusAsThreads() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        r.put(Plan.SCALING, group("platform", shape(16, 16, 50, 0, lock("futex", 1, 1, 1, 1), lock("spinbit", 0.7, 1, 1, 1)),
                shape(16, 64, 50, 0, lock("futex", 1, 1, 1, 1), lock("spinbit", 5, 1, 1, 1)))); // W > P: not the claim's shape
        Finding f = of(Claims.evaluate(r), "spinbit-throughput").get(0);
        assertThat(f.value()).isEqualTo(0.7);
        assertThat(f.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void lineupIsComparedWithTheBestOtherLockOfEachRow() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        r.put(Plan.LINEUP, group("platform", // batch by batch: the best other lock of each batch (compare.VersusBest)
                shape(2, 4, 1_000, 1_000, runs("lineup", 100, 100, 100), runs("go", 90, 90, 90), runs("synchronized", 102, 90, 110)),
                shape(2, 4, 10_000, 10_000, runs("lineup", 100, 100, 100), runs("go", 90, 99, 90), runs("jdk", 50, 50, 50))));
        Finding f = of(Claims.evaluate(r), "lineup-best").get(0);
        assertThat(f.value()).isCloseTo(100.0 / 102, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(f.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(f.here()).contains("2 rows");
    }

    @Test
    void lineup64NeedsBothTheThroughputAndTheBoundedWait() {
        Map<String, List<GroupResult>> r = new HashMap<>();
        List<GroupResult> groups = new ArrayList<>();
        groups.addAll(group("platform", shape(2, 64, 10_000, 0, lock("go", 1, 1, 1, 8_000_000),
                utilization(lock("lineup", 1, 1, 1, 1_500_000), 0.97))));
        groups.addAll(group("virtual", shape(2, 64, 10_000, 0, lock("go", 1, 1, 1, 8_000_000),
                utilization(lock("lineup", 1, 1, 1, 9_000_000), 0.97))));
        r.put(Plan.WAITS, groups);
        List<Finding> f = of(Claims.evaluate(r), "lineup-64");
        assertThat(f).extracting(Finding::verdict).containsExactly(Verdict.HOLDS, Verdict.HOLDS_IN_DIRECTION);
        assertThat(f.get(0).here()).isEqualTo("97% of the ceiling, longest wait 1.5 ms");
    }

    private static LockResult utilization(LockResult l, double share) {
        return new LockResult(l.spec(), l.runs(), l.throughput(), new Spread(share, share, share), l.ratio(), l.waits(), l.jain(),
                l.cpuPerWall(), l.starvationShare(), null, null);
    }

    @Test
    void testMutexIsTheMutexOverTheSemaphoreWithinEachRun() {
        FairnessResult.Sample kernel0 = sample("kernel", 0, 86_000);
        FairnessResult.Sample sem0 = sample("semaphore", 0, 63_000);
        FairnessResult.Sample kernel1 = sample("kernel", 1, 90_000);
        FairnessResult.Sample sem1 = sample("semaphore", 1, 30_000);
        FairnessResult result = new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, null,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, List.of(kernel0, sem0, kernel1, sem1))));
        Finding f = of(Claims.evaluate(Map.of(), Map.of(Plan.TEST_MUTEX, result)), "mutex-vs-semaphore").get(0);
        assertThat(f.value()).isCloseTo((86.0 / 63 + 3.0) / 2, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(f.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(f.here()).contains("2 runs");
    }

    private static FairnessResult.Sample sample(String lock, int run, double opsPerSec) {
        return new FairnessResult.Sample(lock, run, 1, 1, opsPerSec, 1, 1, 1, 1, 1, new long[] {1}, 1.0, 1);
    }

    /** One group of the suite: each benchmark's old (blocking) and new (hybrid) ns/op, two runs each at the same value. */
    private static SuiteResult.Group suiteGroup(int procs, Map<String, double[]> oldAndNew) {
        List<SuiteResult.Measurement> ms = new ArrayList<>();
        oldAndNew.forEach((bench, v) -> {
            for (int rep = 0; rep < 2; rep++) {
                ms.add(new SuiteResult.Measurement(bench, "futex:blocking", rep, 1000, (long) (v[0] * 1000), v[0]));
                ms.add(new SuiteResult.Measurement(bench, "futex", rep, 1000, (long) (v[1] * 1000), v[1]));
            }
        });
        return new SuiteResult.Group("platform", procs, "test", 0, ms);
    }

    @Test
    void hybridClaimsAreOldOverNewAtEachOfTheSourcesThreadCounts() {
        Map<String, double[]> one = Map.of("SelectContended", new double[] {100, 101}, "ChanContended", new double[] {100, 100},
                "ChanProdCons0", new double[] {100, 100}, "ChanProdCons10", new double[] {100, 100},
                "ChanProdCons100", new double[] {100, 100}, "MutexOnSema", new double[] {30, 30});
        Map<String, double[]> two = Map.of("SelectContended", new double[] {130, 100}, // 1.3×: source 2.07×
                "ChanContended", new double[] {200, 100}, "ChanProdCons0", new double[] {220, 100},
                "ChanProdCons10", new double[] {240, 100}, "ChanProdCons100", new double[] {260, 100}, // median 2.3×: source 1.50–3.63×
                "MutexOnSema", new double[] {40, 50}); // 0.8×: source 2.39×
        Map<String, double[]> three = Map.of("SelectContended", new double[] {500, 100}); // P=3: not in the source's table
        SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(suiteGroup(1, one), suiteGroup(2, two), suiteGroup(3, three)), List.of());
        List<Finding> all = Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, r));

        List<Finding> chan = of(all, "hybrid-chan");
        assertThat(chan).extracting(Finding::column).containsExactly("platform P=1", "platform P=2");
        assertThat(chan.get(0).source().text()).startsWith("1.06×–1.09× over 4 benchmarks at 1 thread");
        assertThat(chan.get(0).verdict()).as("level here where the source saw 6–9%").isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(chan.get(1).value()).isCloseTo(2.3, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(chan.get(1).here()).isEqualTo("2.30× (2.00×–2.60×, 4 benchmarks)");
        assertThat(chan.get(1).verdict()).isEqualTo(Verdict.HOLDS);

        List<Finding> select = of(all, "hybrid-select");
        assertThat(select.get(0).verdict()).as("level at 1 thread, as in the source (1.04×)").isEqualTo(Verdict.HOLDS);
        assertThat(select.get(1).source().text()).startsWith("2.07× (661 → 320 ns/op at 2 threads");
        assertThat(select.get(1).verdict()).isEqualTo(Verdict.HOLDS_IN_DIRECTION);

        List<Finding> mutex = of(all, "hybrid-mutex");
        assertThat(mutex.get(1).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(mutex.get(1).source().low()).isCloseTo(108 / 45.2, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void hybridClaimsReadTheSourcesSlowdownAtFourThreadsAsAClaimToo() {
        SuiteResult r = new SuiteResult(SuiteResult.SCHEMA, "test", "now", null, null,
                List.of(suiteGroup(4, Map.of("MutexOnSema", new double[] {80, 100}))), List.of());
        Finding f = of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, r)), "hybrid-mutex").get(0);
        assertThat(f.source().low()).isCloseTo(103.0 / 127, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(f.verdict()).as("0.80× here, 0.81× there: the hybrid lock is slower beneath sync.Mutex").isEqualTo(Verdict.HOLDS);
        assertThat(of(Claims.evaluate(Map.of(), Map.of(), Map.of(Plan.HYBRID, r)), "hybrid-select"))
                .as("a benchmark not measured gives no figure").extracting(Finding::verdict).containsExactly(Verdict.CANNOT_TELL);
    }

    @Test
    void missingExperimentsCannotTell() {
        List<Finding> all = Claims.evaluate(Map.of());
        assertThat(all).extracting(Finding::verdict).containsOnly(Verdict.CANNOT_TELL);
        assertThat(all).extracting(Finding::claim).containsAll(Claims.ALL.stream().map(Claims.Claim::id).toList());
        assertThat(of(all, "handoff-headline").get(0).note()).isEqualTo("experiment sweep-headline has no result");
    }
}
