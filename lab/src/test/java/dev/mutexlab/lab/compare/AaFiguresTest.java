package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.fairness.FairnessRunner;
import dev.mutexlab.lab.gobench.SuiteReport;
import dev.mutexlab.lab.gobench.SuiteRunner;
import dev.mutexlab.lab.results.FairnessResult;
import dev.mutexlab.lab.results.SuiteResult;
import dev.mutexlab.lab.results.VerdictRow;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict.Call;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --aa} on {@code fairness} and {@code suite}: the reference lock listed twice is two figures,
 * told apart by their place in each batch's rotated order, and the copy ÷ the reference checks the
 * band every other lock of the group is judged against, as in {@code run}, {@code sweep} and {@code apps}.
 */
class AaFiguresTest {
    /** ops/s of each lock in each run; the A/A copy of "semaphore" differs from it by 0.5% at most. */
    private static final double[] SEMAPHORE = {1000, 1010, 990, 1005, 995, 1000, 1002, 998};
    private static final double[] SEMAPHORE_AGAIN = {1004, 1008, 994, 1001, 997, 1003, 1000, 996};
    /** 3% faster than the semaphore in every run: beyond the copy's ±1%, within the ±5% margin it checks. */
    private static final double KERNEL_GAIN = 1.03;

    /** A fairness result measured as the child measures it: run r in an order rotated by r. */
    static FairnessResult fairness(List<String> locks) {
        List<FairnessResult.Sample> samples = new ArrayList<>();
        int n = locks.size();
        for (int run = 0; run < SEMAPHORE.length; run++) {
            for (int k = 0; k < n; k++) {
                int index = (k + run) % n;
                double ops = index == 0 ? SEMAPHORE[run] : locks.get(index).equals(locks.get(0)) ? SEMAPHORE_AGAIN[run]
                        : SEMAPHORE[run] * KERNEL_GAIN;
                samples.add(new FairnessResult.Sample(locks.get(index), run, (long) ops, 1_000_000_000L, ops, 1e6 / ops, 100,
                        10, 20, 30, new long[] {1, 1}, 1.0, 1.0));
            }
        }
        FairnessResult.Config config = new FairnessResult.Config(locks, List.of("platform"), List.of(2), 16, 10_000, 0,
                1_000_000_000L, SEMAPHORE.length);
        return new FairnessResult(FairnessResult.SCHEMA, "test", "now", null, config,
                List.of(new FairnessResult.Group("platform", 2, "test", 1, samples)));
    }

    @Test
    void aFairnessAaCopyIsItsOwnFigureAndSetsTheBand() {
        FairnessResult r = fairness(List.of("semaphore", "kernel", "semaphore"));
        List<Figure> ops = Figures.ofFairness(r).stream().filter(f -> f.metric() == Figure.Metric.OPS_PER_SEC).toList();
        assertThat(ops).extracting(Figure::lock).containsExactly("semaphore", "kernel", "semaphore");
        assertThat(ops.get(0).values()).containsExactly(SEMAPHORE);
        assertThat(ops.get(2).values()).containsExactly(SEMAPHORE_AGAIN);

        List<CellVerdicts.Cell> cells = CellVerdicts.at(CellVerdicts.of(Figures.ofFairness(r)), ops.get(0).where(),
                Figure.Metric.OPS_PER_SEC);
        assertThat(cells.get(1).aa()).isTrue();
        assertThat(cells.get(0).band().text()).startsWith("A/A semaphore ÷ semaphore").contains("inside ±5%");
        assertThat(cells.get(0).word()).as("3%% is within the margin the A/A control showed this run resolves")
                .isEqualTo("~ within ±5%");
        assertThat(cells.get(1).verdict().call()).isEqualTo(Call.WITHIN);
        // without the control the band is the same margin, unchecked
        List<CellVerdicts.Cell> fixed = CellVerdicts.of(Figures.ofFairness(fairness(List.of("semaphore", "kernel"))));
        assertThat(fixed.getFirst().band()).isEqualTo(NoEffectBand.FIXED);
        assertThat(fixed.getFirst().verdict().call()).isEqualTo(Call.WITHIN);
    }

    @Test
    void fairnessRecordsItsVerdictsAndPrintsTheBandInTheLegend() {
        FairnessResult r = FairnessRunner.withVerdicts(fairness(List.of("semaphore", "kernel", "semaphore")));
        assertThat(r.verdicts()).extracting(v -> v.lock() + ":" + v.metric() + ":" + v.aa()).contains(
                "kernel:ops/s:false", "semaphore:ops/s:true", "kernel:deviance µs/op:false");
        assertThat(r.verdicts()).filteredOn(v -> v.metric().equals("ops/s") && !v.aa()).extracting(VerdictRow::band)
                .allSatisfy(b -> assertThat(b).startsWith("A/A semaphore ÷ semaphore"));
        StringWriter out = new StringWriter();
        FairnessRunner.print(r, new PrintWriter(out, true));
        assertThat(out.toString()).contains("semaphore (A/A)").contains("no-effect band, platform P=2, ops/s: ±5% (A/A semaphore")
                .contains("A/A control: ");
    }

    /** A suite result measured as the child measures it: turn t = rep × benchmarks + benchmark, position k is lock (k + t) mod n. */
    static SuiteResult suite(List<String> locks) {
        List<String> benchmarks = List.of("ChanContended", "MutexOnSema");
        List<SuiteResult.Measurement> ms = new ArrayList<>();
        int n = locks.size();
        int turn = 0;
        for (int rep = 0; rep < SEMAPHORE.length; rep++) {
            for (String bench : benchmarks) {
                for (int k = 0; k < n; k++) {
                    int index = (k + turn) % n;
                    double nsPerOp = index == 0 ? SEMAPHORE[rep] : locks.get(index).equals(locks.get(0)) ? SEMAPHORE_AGAIN[rep]
                            : SEMAPHORE[rep] * KERNEL_GAIN;
                    ms.add(new SuiteResult.Measurement(bench, locks.get(index), rep, 1000, (long) (nsPerOp * 1000), nsPerOp));
                }
                turn++;
            }
        }
        List<SuiteResult.Group> groups = List.of(new SuiteResult.Group("platform", 2, "test", 1, ms));
        SuiteResult.Config config = new SuiteResult.Config(locks, List.of("platform"), List.of(2), benchmarks, "1000x", SEMAPHORE.length);
        return new SuiteResult(SuiteResult.SCHEMA, "test", "now", dev.mutexlab.lab.results.Machine.current(), config, groups, SuiteRunner.compare(groups, locks, benchmarks));
    }

    @Test
    void aSuiteAaCopyIsItsOwnFigureAndSetsTheBand() {
        SuiteResult r = suite(List.of("futex", "spinbit", "futex"));
        List<Figure> figures = Figures.ofSuite(r);
        assertThat(figures).extracting(f -> f.where() + "|" + f.lock()).containsExactly(
                "platform P=2 ChanContended|futex", "platform P=2 ChanContended|spinbit", "platform P=2 ChanContended|futex",
                "platform P=2 MutexOnSema|futex", "platform P=2 MutexOnSema|spinbit", "platform P=2 MutexOnSema|futex");
        assertThat(figures.get(0).values()).containsExactly(SEMAPHORE);
        assertThat(figures.get(2).values()).containsExactly(SEMAPHORE_AGAIN);
        assertThat(r.comparisons()).extracting(SuiteResult.Comparison::lock).containsExactly("spinbit", "futex", "spinbit", "futex");

        SuiteResult judged = SuiteReport.withVerdicts(r);
        assertThat(judged.verdicts()).extracting(v -> v.lock() + ":" + v.aa() + ":" + v.word()).containsExactly(
                "spinbit:false:~ within ±5%", "futex:true:~ within ±5%", "spinbit:false:~ within ±5%", "futex:true:~ within ±5%");
        StringWriter out = new StringWriter();
        SuiteReport.printTable(judged, new PrintWriter(out, true));
        assertThat(out.toString()).contains("futex (A/A)").contains("no-effect band, platform P=2: ±5% (A/A futex ÷ futex")
                .contains("A/A control: 2 of 2 cells within the band");
        assertThat(SuiteReport.goFormat(judged)).contains("lock: futex (A/A)");
    }
}
