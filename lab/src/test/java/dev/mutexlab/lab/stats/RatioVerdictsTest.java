package dev.mutexlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.stats.RatioVerdict.Call;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RatioVerdictsTest {
    private static final NoEffectBand FIVE = NoEffectBand.FIXED;

    /** {@code n} ratios around {@code centre}, spread evenly over ±{@code halfSpread} (deterministic). */
    private static double[] around(double centre, double halfSpread, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = centre - halfSpread + 2 * halfSpread * i / Math.max(1, n - 1);
        }
        return v;
    }

    @Test
    void aClearEffectIsFasterOrSlower() {
        RatioVerdict up = RatioVerdicts.of(around(1.20, 0.03, 8), null, FIVE);
        assertThat(up.call()).isEqualTo(Call.ABOVE);
        assertThat(up.word(true)).isEqualTo("faster");
        assertThat(up.word(false)).isEqualTo("slower");
        RatioVerdict down = RatioVerdicts.of(around(0.80, 0.03, 8), null, FIVE);
        assertThat(down.call()).isEqualTo(Call.BELOW);
        assertThat(down.word(true)).isEqualTo("slower");
    }

    @Test
    void noEffectWithATightIntervalIsWithinTheBand() {
        RatioVerdict v = RatioVerdicts.of(around(1.00, 0.02, 10), null, FIVE);
        assertThat(v.call()).isEqualTo(Call.WITHIN);
        assertThat(v.word(true)).isEqualTo("~ within ±5%");
        assertThat(v.low()).isGreaterThanOrEqualTo(0.95);
        assertThat(v.high()).isLessThanOrEqualTo(1.05);
    }

    @Test
    void anIntervalAcrossTheBandsEdgeCannotTell() {
        RatioVerdict v = RatioVerdicts.of(around(1.05, 0.04, 8), null, FIVE);
        assertThat(v.call()).isEqualTo(Call.CANNOT_TELL);
        assertThat(v.undecided()).isTrue();
        assertThat(v.reason()).contains("crosses ±5%");
        assertThat(v.word(true)).startsWith("~ cannot tell");
    }

    @Test
    void tooFewBatchesCannotTellHoweverLargeTheEffect() {
        RatioVerdict v = RatioVerdicts.of(new double[] {2.0, 2.1, 2.2}, null, FIVE);
        assertThat(v.call()).isEqualTo(Call.CANNOT_TELL);
        assertThat(v.reason()).isEqualTo("n=3 < 5");
        assertThat(RatioVerdicts.of(new double[0], null, FIVE).reason()).isEqualTo("no batches");
        assertThat(RatioVerdicts.of(new double[] {Double.NaN, 1, 1, 1, 1}, null, FIVE).n()).isEqualTo(4);
    }

    @Test
    void oneOutlierDoesNotMoveTheMedianOrTheVerdict() {
        double[] v = around(1.00, 0.01, 11);
        v[3] = 3.0; // one disturbed batch
        RatioVerdict verdict = RatioVerdicts.of(v, null, FIVE);
        assertThat(verdict.call()).isEqualTo(Call.WITHIN);
        assertThat(verdict.median()).isBetween(0.99, 1.01);
    }

    @Test
    void batchesFromDifferentJvmsWidenTheIntervalWhereTheJvmsDisagree() {
        // five JVMs of six batches, each tight around its own level: resampled batch by batch, the
        // median of 30 values hardly moves; resampled JVM by JVM, it moves with the JVMs' levels
        double[] v = new double[30];
        int[] jvm = new int[30];
        double[] level = {0.96, 0.98, 1.00, 1.02, 1.04};
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 30; i++) {
            jvm[i] = i / 6;
            v[i] = level[jvm[i]] + (r.nextDouble() - 0.5) * 0.004;
        }
        RatioVerdict independent = RatioVerdicts.of(v, null, FIVE);
        RatioVerdict clustered = RatioVerdicts.of(v, jvm, FIVE);
        assertThat(clustered.jvms()).isEqualTo(5);
        assertThat(independent.jvms()).isEqualTo(1);
        assertThat(clustered.high() - clustered.low()).isGreaterThan(1.5 * (independent.high() - independent.low()));
        NoEffectBand three = new NoEffectBand(1 / 1.03, 1.03, "±3%");
        assertThat(RatioVerdicts.of(v, null, three).call()).isEqualTo(Call.WITHIN);
        assertThat(RatioVerdicts.of(v, jvm, three).call()).isEqualTo(Call.CANNOT_TELL);
    }

    @Test
    void clusteredBatchesThatAgreeGiveTheSameVerdictAsIndependentOnes() {
        double[] v = around(1.30, 0.02, 12);
        int[] jvm = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
        assertThat(RatioVerdicts.of(v, jvm, FIVE).call()).isEqualTo(Call.ABOVE);
    }

    @Test
    void anIntervalThatIsItselfTheBandIsWithinIt() {
        double[] v = {0.096, 0.5, 1.2, 2.0, 3.913};
        RatioVerdict own = RatioVerdicts.of(v, null, FIVE);
        NoEffectBand band = NoEffectBand.of(new Bootstrap.Interval(own.median(), own.low(), own.high(), own.n()), "x ÷ x");
        assertThat(RatioVerdicts.of(v, null, band).call()).isEqualTo(Call.WITHIN);
    }

    @Test
    void theSameValuesAlwaysGiveTheSameInterval() {
        double[] v = around(1.02, 0.05, 9);
        assertThat(RatioVerdicts.of(v, null, FIVE)).isEqualTo(RatioVerdicts.of(v, null, FIVE));
    }

    @Test
    void aChangeBetweenTwoFilesIsJudgedOnTheRatioOfTheirMedians() {
        double[] old = around(100, 2, 8);
        RatioVerdict faster = RatioVerdicts.change(old, null, around(130, 2, 8), null, FIVE);
        assertThat(faster.call()).isEqualTo(Call.ABOVE);
        assertThat(faster.median()).isCloseTo(1.30, org.assertj.core.data.Offset.offset(0.01));
        assertThat(RatioVerdicts.change(old, null, around(100.5, 2, 8), null, FIVE).call()).isEqualTo(Call.WITHIN);
        assertThat(RatioVerdicts.change(old, null, around(105, 6, 8), null, FIVE).call()).isEqualTo(Call.CANNOT_TELL);
    }

    @Test
    void theBandFromAnAaControlIsSymmetricAndNeverBelowTheFloor() {
        NoEffectBand band = NoEffectBand.of(new Bootstrap.Interval(1.0, 0.97, 1.01, 12), "x ÷ x");
        assertThat(band.low()).isCloseTo(0.97, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(band.high()).isCloseTo(1 / 0.97, org.assertj.core.data.Offset.offset(1e-9));
        NoEffectBand floor = NoEffectBand.of(new Bootstrap.Interval(1.0, 0.999, 1.001, 12), "x ÷ x");
        assertThat(floor.label()).isEqualTo("±2%");
        RatioVerdict judged = RatioVerdicts.of(around(1.035, 0.004, 8), null, floor);
        assertThat(judged.call()).isEqualTo(Call.ABOVE);
        assertThat(RatioVerdicts.of(around(1.035, 0.004, 8), null, FIVE).call()).isEqualTo(Call.WITHIN);
    }
}
