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

    /** The band an A/A control of {@code low}–{@code high} over 50 batch ratios gives. */
    private static NoEffectBand aa(double low, double high) {
        return NoEffectBand.of(new Bootstrap.Interval(1.0, low, high, 50), "x ÷ x");
    }

    private static RatioVerdict judge(double low, double high, int n, NoEffectBand band) {
        return RatioVerdicts.judge(new Bootstrap.Interval((low + high) / 2, low, high, n), 1, band);
    }

    @Test
    void anAaControlInsideTheMarginLeavesTheBandAtTheMargin() {
        NoEffectBand band = aa(0.99, 1.01);
        assertThat(band.low()).isEqualTo(0.95);
        assertThat(band.high()).isEqualTo(1.05);
        assertThat(band.text()).startsWith("A/A x ÷ x: 0.990–1.010 (n = 50) inside ±5%");
        RatioVerdict v = judge(0.97, 1.03, 10, band);
        assertThat(v.call()).isEqualTo(Call.WITHIN);
        assertThat(v.word(true)).isEqualTo("~ within ±5%");
    }

    @Test
    void anAaControlBeyondTheMarginWidensTheBandToItsIntervalAndSaysSo() {
        NoEffectBand band = aa(0.95, 1.08);
        assertThat(band.label()).isEqualTo("±8%");
        assertThat(band.low()).isCloseTo(1 / 1.08, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(band.text()).contains("beyond ±5%").contains("cannot resolve ±5%");
        RatioVerdict v = judge(0.93, 1.04, 10, band);
        assertThat(v.call()).isEqualTo(Call.WITHIN);
        assertThat(v.word(true)).isEqualTo("~ within ±8%");
    }

    @Test
    void aWidenedBandIsNeverInsideTheMarginOnEitherSide() {
        // the control reaches 1.06 on one side only: the other edge stays at the margin's 0.95, not 1 / 1.06
        NoEffectBand oneSided = aa(0.999, 1.051);
        assertThat(oneSided.high()).isCloseTo(1.051, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(oneSided.low()).isEqualTo(0.95);
        assertThat(judge(0.951, 1.0, 10, oneSided).call()).isEqualTo(Call.WITHIN);
    }

    @Test
    void anIntervalAcrossTheMarginsEdgeCannotTellHoweverTightTheAaControl() {
        RatioVerdict v = judge(0.96, 1.06, 12, aa(0.995, 1.005));
        assertThat(v.call()).isEqualTo(Call.CANNOT_TELL);
        assertThat(v.reason()).isEqualTo("n=12, interval crosses ±5%");
    }

    @Test
    void onlyAnIntervalBeyondTheMarginIsFasterHoweverTightTheAaControl() {
        NoEffectBand band = aa(0.995, 1.005);
        RatioVerdict faster = judge(1.06, 1.12, 12, band);
        assertThat(faster.call()).isEqualTo(Call.ABOVE);
        assertThat(faster.bandHigh()).isEqualTo(1.05);
        // beyond what a tight control alone would allow, but not beyond the margin
        assertThat(judge(1.03, 1.08, 12, band).call()).isEqualTo(Call.CANNOT_TELL);
    }

    @Test
    void tooFewBatchesCannotTellAgainstTheCheckedBand() {
        RatioVerdict v = judge(1.5, 1.6, 3, aa(0.995, 1.005));
        assertThat(v.call()).isEqualTo(Call.CANNOT_TELL);
        assertThat(v.reason()).isEqualTo("n=3 < 5");
        assertThat(v.bandLabel()).isEqualTo("±5%");
    }

    @Test
    void anEmptyAaControlGivesTheFixedBand() {
        assertThat(NoEffectBand.of(new Bootstrap.Interval(Double.NaN, Double.NaN, Double.NaN, 0), "x ÷ x"))
                .isEqualTo(NoEffectBand.FIXED);
        assertThat(NoEffectBand.FIXED.label()).isEqualTo("±5%");
    }
}
