package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.stats.RatioVerdict.Call;
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

    private static double[] ratios(Figure f, Figure ref) {
        return CellVerdicts.ratios(f, ref).ratios();
    }

    @Test
    void anAaCopyOfTheReferenceSetsTheBandOfItsGroup() {
        Figure ref = f("go", 100, 100, 100, 100, 100, 100, 100, 100);
        Figure aa = f("go", 99, 101, 100, 99.5, 100.5, 100, 99.8, 100.2);
        Figure small = f("jdk", 103, 103.5, 104, 103, 103.2, 103.8, 103.4, 103.6);
        List<CellVerdicts.Cell> cells = CellVerdicts.of(List.of(ref, small, aa));
        CellVerdicts.Cell aaCell = cells.stream().filter(CellVerdicts.Cell::aa).findFirst().orElseThrow();
        assertThat(aaCell.verdict().call()).isEqualTo(Call.WITHIN);
        assertThat(aaCell.band().text()).startsWith("A/A go ÷ go");
        assertThat(aaCell.band().label()).isEqualTo("±2%");
        // 3.4% is within the fixed ±5%, but beyond the ±2% this A/A control measured
        CellVerdicts.Cell jdk = cells.stream().filter(c -> c.figure().lock().equals("jdk")).findFirst().orElseThrow();
        assertThat(jdk.word()).isEqualTo("faster");
        assertThat(CellVerdicts.of(List.of(ref, small)).getFirst().verdict().call()).isEqualTo(Call.WITHIN);
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
