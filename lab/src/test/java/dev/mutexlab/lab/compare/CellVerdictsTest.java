package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict.Call;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellVerdictsTest {
    private static final String WHERE = "platform P=2 W=4 hold=1us outside=1us";

    private static Figure f(String lock, double... values) {
        int[] batches = new int[values.length];
        for (int i = 0; i < batches.length; i++) {
            batches[i] = i;
        }
        return new Figure("platform P=2", WHERE, lock, Figure.Metric.THROUGHPUT, values, batches);
    }

    @Test
    void everyLockIsJudgedAgainstTheFirstWithinEachBatch() {
        // the machine drifts from batch to batch; the ratio within each batch does not
        Figure ref = f("go", 100, 200, 150, 120, 180, 90);
        Figure faster = f("lineup", 130, 260, 195, 156, 234, 117);
        Figure same = f("jdk", 101, 199, 151, 119, 181, 90);
        List<CellVerdicts.Cell> cells = CellVerdicts.of(List.of(ref, faster, same));
        assertThat(cells).hasSize(2);
        assertThat(cells.get(0).word()).isEqualTo("faster");
        assertThat(cells.get(0).verdict().median()).isCloseTo(1.3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(cells.get(1).verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(cells.get(1).band()).isEqualTo(NoEffectBand.FIXED);
    }

    @Test
    void batchesArePairedByTheirNumberNotTheirPosition() {
        Figure ref = new Figure("g", WHERE, "go", Figure.Metric.THROUGHPUT, new double[] {100, 200, 300, 400, 500},
                new int[] {0, 1, 2, 3, 4});
        Figure other = new Figure("g", WHERE, "jdk", Figure.Metric.THROUGHPUT, new double[] {500, 400, 300, 200, 100},
                new int[] {4, 3, 2, 1, 0});
        assertThat(CellVerdictsTest.ratios(other, ref)).containsOnly(1.0);
    }

    @Test
    void aBatchWhoseTwoWindowsRanInDifferentStatesOfTheMachineIsLeftOut() {
        // batches 5 and 6: the reference ran in the slow state and the lock in the fast one (probes 7x
        // apart), so the lock looks twice as fast; within one state the two are the same
        Noise quiet = Noise.of(0.0, 0.0, 0, 0, 0, 400_000_000L);
        Noise slow = quiet.withLineRoundTrip(400, 390);
        Noise fast = quiet.withLineRoundTrip(57, 58);
        int[] batches = {0, 1, 2, 3, 4, 5, 6};
        Figure ref = new Figure("platform P=2", WHERE, "go", Figure.Metric.THROUGHPUT,
                new double[] {100, 100, 100, 100, 100, 100, 100}, batches, null,
                new Noise[] {slow, slow, slow, slow, slow, slow, slow});
        Figure lock = new Figure("platform P=2", WHERE, "jdk", Figure.Metric.THROUGHPUT,
                new double[] {100, 101, 99, 100, 100, 200, 200}, batches, null,
                new Noise[] {slow, slow, slow, slow, slow, fast, fast});
        CellVerdicts.Cell cell = CellVerdicts.of(List.of(ref, lock)).getFirst();
        assertThat(cell.otherState()).isEqualTo(2);
        assertThat(cell.row().leftOut()).isEqualTo(2);
        assertThat(cell.row().lineNanos()).as("the slow state's probes, 400 and 390").isEqualTo(395.0);
        assertThat(cell.verdict().n()).isEqualTo(5);
        assertThat(cell.verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(CellVerdictsTest.ratios(lock, ref)).hasSize(5).containsOnly(1.0, 1.01, 0.99);
    }

    private static double[] ratios(Figure f, Figure ref) {
        return CellVerdicts.ratios(f, ref).ratios();
    }

    private static Figure at(String where, String lock, double... values) {
        int[] batches = new int[values.length];
        for (int i = 0; i < batches.length; i++) {
            batches[i] = i;
        }
        return new Figure("platform P=2", where, lock, Figure.Metric.THROUGHPUT, values, batches);
    }

    @Test
    void aTightAaControlLeavesTheGroupsBandAtTheMargin() {
        Figure ref = f("go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa = f("go", 99, 101, 100, 99.5, 100.5, 100, 99.8, 100.2);
        Figure small = f("jdk", 103, 103.5, 104, 103, 103.2, 103.8, 103.4, 103.6);
        List<CellVerdicts.Cell> cells = CellVerdicts.of(List.of(ref, small, aa));
        CellVerdicts.Cell jdk = cells.stream().filter(c -> c.figure().lock().equals("jdk")).findFirst().orElseThrow();
        assertThat(jdk.band().text()).startsWith("A/A go ÷ go").contains("inside ±5%");
        assertThat(jdk.band().label()).isEqualTo("±5%");
        // 3.4% is beyond the ±1% the control measured, but within the ±5% margin it checks
        assertThat(jdk.word()).isEqualTo("~ within ±5%");
    }

    @Test
    void anAaCellInsideTheMarginIsWithinItHoweverTightTheGroupsControl() {
        // two shapes of one group: a tight copy in the first narrows the pooled A/A interval to about ±0.5%
        String other = "platform P=2 W=4 hold=10us outside=10us";
        Figure ref1 = f("go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa1 = f("go", 99.5, 100.5, 100, 99.7, 100.3, 100, 99.9, 100.1);
        Figure ref2 = at(other, "go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa2 = at(other, "go", 97, 103, 97.5, 102.5, 98, 102, 99, 101); // 0.97-1.03
        List<CellVerdicts.Cell> cells = CellVerdicts.of(List.of(ref1, aa1, ref2, aa2));
        CellVerdicts.Cell second = cells.stream().filter(c -> c.figure().where().equals(other)).findFirst().orElseThrow();
        assertThat(second.aa()).isTrue();
        assertThat(second.verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(second.word()).isEqualTo("~ within ±5%");
    }

    @Test
    void aNoisyAaControlWidensTheBandAndItsOwnCellStaysUndecided() {
        Figure ref = f("go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa = f("go", 88, 112, 90, 110, 92, 108, 95, 105);
        Figure plus7 = f("jdk", 106.8, 107, 107.2, 106.9, 107.1, 107, 107, 107.1);
        List<CellVerdicts.Cell> cells = CellVerdicts.of(List.of(ref, plus7, aa));
        assertThat(cells.get(0).band().text()).contains("cannot resolve ±5%");
        assertThat(cells.get(0).verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(cells.get(0).band().percent()).isGreaterThan(7);
        // the copy is judged against the margin it checks, not the band it widened
        assertThat(cells.get(1).aa()).isTrue();
        assertThat(cells.get(1).verdict().call()).isEqualTo(Call.CANNOT_TELL);
        assertThat(CellVerdicts.of(List.of(ref, plus7)).getFirst().word()).isEqualTo("faster");
    }

    @Test
    void theLegendNamesTheGroupsCheckedBandEvenWhereTheAaCopyComesFirst() {
        Figure ref = f("go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa = f("go", 88, 112, 90, 110, 92, 108, 95, 105);
        Figure jdk = f("jdk", 106.8, 107, 107.2, 106.9, 107.1, 107, 107, 107.1);
        StringWriter out = new StringWriter();
        RunTable.printLegend(CellVerdicts.of(List.of(ref, aa, jdk)), new PrintWriter(out, true));
        assertThat(out.toString()).contains("no-effect band, platform P=2: ±11.1% (A/A go ÷ go")
                .contains("cannot resolve ±5%").doesNotContain("margin (an A/A copy");
    }

    @Test
    void aTimePerOperationThatGrowsIsSlower() {
        Figure ref = new Figure("g", WHERE, "go", Figure.Metric.NS_PER_OP, new double[] {10, 10, 10, 10, 10});
        Figure worse = new Figure("g", WHERE, "spinbit", Figure.Metric.NS_PER_OP, new double[] {15, 15.2, 14.8, 15.1, 14.9});
        assertThat(CellVerdicts.of(List.of(ref, worse)).getFirst().word()).isEqualTo("slower");
    }

    @Test
    void theRowARecordKeepsTheVerdictAndItsWord() {
        Figure ref = f("go", 100, 100, 100);
        Figure other = f("jdk", 150, 150, 150);
        var row = CellVerdicts.of(List.of(ref, other)).getFirst().row();
        assertThat(row.word()).isEqualTo("~ cannot tell (n=3 < 5)");
        assertThat(row.reference()).isEqualTo("go");
        assertThat(row.aa()).isFalse();
    }
}
