package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.stats.NoEffectBand;
import dev.mutexlab.lab.reproduce.Verdicts.Target;
import dev.mutexlab.lab.stats.Bootstrap.Interval;
import org.junit.jupiter.api.Test;

/** Every verdict of every rule, on synthetic intervals, including the straddling cases. */
class VerdictsTest {
    private static final SourceFigure HANDOFF = SourceFigure.range(1.11, 2.04, "1.11–2.04×"); // widened 0.888–2.55
    private static final SourceFigure TIE = SourceFigure.of(0.99, "0.99×"); // level: its own 0.99 joined with the band
    private static final SourceFigure SLOWER = SourceFigure.range(0.6, 0.8, "0.6–0.8×"); // widened 0.48–1.0
    private static final NoEffectBand BAND = new NoEffectBand(0.95, 1.05, "A/A");

    private static Interval i(double low, double high) {
        return new Interval((low + high) / 2, low, high, 10);
    }

    @Test
    void intervalInsideTheWidenedRangeHolds() {
        assertThat(Verdicts.ratio(HANDOFF, i(1.2, 1.8), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(HANDOFF, i(1.06, 2.5), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(SLOWER, i(0.5, 0.9), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(TIE, i(0.97, 1.03), BAND)).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void theWidenedRangeNeverReachesIntoTheBand() {
        // 1.11 / 1.25 = 0.888 would let a no-effect interval hold; the band's edge is the floor.
        assertThat(Verdicts.ratio(HANDOFF, i(1.02, 1.3), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(HANDOFF, i(1.02, 1.3), new NoEffectBand(0.99, 1.01, "narrow"))).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void intervalBeyondTheBandOnTheSourcesSideButOutsideTheRangeHoldsInDirection() {
        assertThat(Verdicts.ratio(HANDOFF, i(2.0, 3.0), BAND)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.ratio(SourceFigure.of(1.48, "1.48×"), i(1.06, 1.12), BAND)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.ratio(SLOWER, i(0.2, 0.4), BAND)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
    }

    @Test
    void intervalExcludingTheRangeOnTheOtherSideDoesNotHold() {
        assertThat(Verdicts.ratio(HANDOFF, i(0.5, 0.8), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(SourceFigure.of(1.48, "1.48×"), i(0.97, 1.1), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(SLOWER, i(1.01, 1.3), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(TIE, i(1.3, 1.5), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD); // an effect where the source had none
        assertThat(Verdicts.ratio(TIE, i(0.5, 0.7), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        // below the band where the source saw a gain: the widened range starts at the band's edge, not at 1.11 / 1.25
        assertThat(Verdicts.ratio(HANDOFF, i(0.84, 0.93), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(HANDOFF, i(0.97, 1.04), BAND)).as("no effect, tightly").isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void aLevelSourcesRangeIsNotWidened() {
        SourceFigure withinTen = new SourceFigure(0.9, 1.1, "within 10%");
        // ×1.25 would have made 0.72–1.375 of "within 10%": 0.83 would have held
        assertThat(Verdicts.ratio(withinTen, i(0.80, 0.86), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(withinTen, i(0.91, 1.08), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(withinTen, i(0.85, 0.95), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(TIE, i(1.1, 1.4), BAND)).as("beyond a tie's band").isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void intervalStraddlingAnEdgeCannotTell() {
        assertThat(Verdicts.ratio(HANDOFF, i(0.9, 1.3), BAND)).isEqualTo(Verdict.CANNOT_TELL); // straddles the band
        assertThat(Verdicts.ratio(TIE, i(1.0, 1.2), BAND)).isEqualTo(Verdict.CANNOT_TELL); // straddles the range's top
        assertThat(Verdicts.ratio(SLOWER, i(0.9, 1.1), BAND)).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void aBandThatReachesTheSourcesFigureRefutesOnlyBeyondItself() {
        NoEffectBand wide = new NoEffectBand(0.85, 1 / 0.85, "wide A/A"); // reaches 1.11, the source's low end
        assertThat(Verdicts.ratio(HANDOFF, i(1.0, 1.1), wide)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(HANDOFF, i(0.7, 0.8), wide)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(SLOWER, i(0.9, 1.1), new NoEffectBand(0.78, 1 / 0.78, "wide"))).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void noFigureCannotTell() {
        assertThat(Verdicts.ratio(HANDOFF, new Interval(Double.NaN, Double.NaN, Double.NaN, 0), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.allOf(Verdicts.meets(new Interval(Double.NaN, Double.NaN, Double.NaN, 0), 0.95)))
                .isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void directionOnlyHoldsForAnIntervalBeyondTheBand() {
        SourceFigure above = SourceFigure.above("more");
        assertThat(Verdicts.ratio(above, i(1.06, 40), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(above, i(1.0, 1.2), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(above, i(0.9, 1.04), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        SourceFigure below = SourceFigure.below("less");
        assertThat(Verdicts.ratio(below, i(0.5, 0.9), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(below, i(0.9, 1.0), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(below, i(0.96, 1.2), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void theBandIsTheAaIntervalMadeSymmetricAndNeverNarrowerThanTheFloor() {
        NoEffectBand wide = NoEffectBand.of(i(0.9, 1.02), "go ÷ go");
        assertThat(wide.low()).isCloseTo(0.9, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(wide.high()).isCloseTo(1 / 0.9, org.assertj.core.data.Offset.offset(1e-9));
        NoEffectBand floor = NoEffectBand.of(i(0.999, 1.001), "go ÷ go");
        assertThat(floor.high()).isCloseTo(1 + Verdicts.MIN_NOISE, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(NoEffectBand.of(new Interval(Double.NaN, Double.NaN, Double.NaN, 0), "none")).isEqualTo(NoEffectBand.FIXED);
    }

    @Test
    void aShareIsALevelJudgedAgainstItsFigureTimesTheBandNeverWidened() {
        SourceFigure half = SourceFigure.of(0.48, "48%"); // with BAND: 0.456–0.504; widened ×1.25 it would be 0.384–0.6
        assertThat(Verdicts.share(half, i(0.46, 0.50), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.share(half, i(0.40, 0.44), BAND)).as("inside 0.384–0.6, outside 48% ± the band")
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.share(half, i(0.52, 0.58), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.share(half, i(0.47, 0.55), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        NoEffectBand wide = new NoEffectBand(0.8, 1.25, "wide A/A");
        assertThat(Verdicts.share(half, i(0.40, 0.44), wide)).as("a noisier machine sees a wider level").isEqualTo(Verdict.HOLDS);
    }

    @Test
    void aLevelFigureNearOneIsItsOwnFigureJoinedWithTheBand() {
        SourceFigure three = SourceFigure.of(1.03, "1.03× at 3 µs"); // level: 1.03 is inside the fixed ±5%
        assertThat(Verdicts.sourceSide(three)).isZero();
        // 0.946 lies below 0.95, the band's low edge: not "holds" (×1.25 would have made it 0.824–1.29)
        assertThat(Verdicts.ratio(three, i(0.946, 0.982), NoEffectBand.FIXED)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(three, i(0.96, 1.03), NoEffectBand.FIXED)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(three, i(0.85, 0.93), NoEffectBand.FIXED)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void tooFewBatchesCannotTell() {
        Interval three = new Interval(1.5, 1.4, 1.6, Verdicts.MIN_BATCHES - 1);
        assertThat(Verdicts.ratio(HANDOFF, three, BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.meets(three, 0.95)).isEqualTo(Target.UNDECIDED);
    }

    @Test
    void suiteRowsJudgeTheirIntervalAndCountAnEffectOnlyBelowAlpha() {
        SourceFigure gain = SourceFigure.of(2.07, "2.07×");
        assertThat(Verdicts.suite(gain, i(1.9, 2.2), 0.008)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.suite(gain, i(1.1, 1.3), 0.008)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.suite(gain, i(0.7, 0.9), 0.008)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.suite(gain, i(1.9, 2.2), 0.1)).as("3 runs against 3 can give no less").isEqualTo(Verdict.CANNOT_TELL);
        SourceFigure level = SourceFigure.of(1.036, "1.04×");
        assertThat(Verdicts.suite(level, i(1.0, 1.04), 0.1)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.suite(level, i(1.5, 1.7), 0.008)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.suite(level, i(1.5, 1.7), 0.2)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.suite(gain, i(1.0, 1.8), 0.001)).as("straddles the band's edge").isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void aSuiteRowCanRefuteWhateverItsPValue() {
        SourceFigure gain = SourceFigure.of(3.63, "3.63×");
        // no difference where the source had 3.6×: refuted; an interval of identical runs has no p-value below 0.05
        assertThat(Verdicts.suite(gain, i(0.98, 1.03), 1.0)).isEqualTo(Verdict.DOES_NOT_HOLD);
        // beyond the band against the claimed direction
        assertThat(Verdicts.suite(gain, i(0.7, 0.9), 0.2)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void aSuiteRowOfTooFewRunsCannotTell() {
        Interval three = new Interval(0.938, 0.938, 0.938, Verdicts.MIN_BATCHES - 1);
        assertThat(Verdicts.suite(SourceFigure.of(3.63, "3.63×"), three, 0.001)).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void aTiesOrWinsClaimIsJudgedOnOneSide() {
        SourceFigure tiesOrWins = SourceFigure.atLeast(1, "≥ 1×");
        assertThat(Verdicts.ratio(tiesOrWins, i(1.3, 1.6), BAND)).as("any win holds").isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(tiesOrWins, i(0.97, 1.04), BAND)).as("a tie holds").isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(tiesOrWins, i(0.8, 0.93), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(tiesOrWins, i(0.9, 1.0), BAND)).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void aTiesOrLosesClaimIsJudgedOnOneSide() {
        SourceFigure tiesOrLoses = SourceFigure.atMost(1, "≤ 1×");
        // the default winning by 25% is what "ties or the default wins" says; read as 0.8–1.0 it did not hold
        assertThat(Verdicts.ratio(tiesOrLoses, i(0.70, 0.78), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(tiesOrLoses, i(0.98, 1.04), BAND)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(tiesOrLoses, i(1.1, 1.2), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(tiesOrLoses, i(1.0, 1.1), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(tiesOrLoses, new Interval(0.7, 0.6, 0.8, Verdicts.MIN_BATCHES - 1), BAND))
                .isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void noDifferenceRefutesADifferenceOnlyWhereTheSourcesEffectIsLargerThanTheBand() {
        SourceFigure six = SourceFigure.of(1.06, "1.06×");
        // 6% against a ±5% band: an interval just inside the band is within 1% of the source
        assertThat(Verdicts.ratio(six, i(0.99, 1.045), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(six, i(0.95, 1.005), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        SourceFigure sixLess = SourceFigure.of(0.94, "0.94×");
        assertThat(Verdicts.ratio(sixLess, i(0.955, 1.01), BAND)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(sixLess, i(0.995, 1.04), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        // 11% against ±5%: no effect refutes it
        assertThat(Verdicts.ratio(HANDOFF, i(0.97, 1.04), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        // a band that reaches the source's figure: an interval a band's width below the source refutes it
        NoEffectBand wide = new NoEffectBand(0.85, 1 / 0.85, "wide A/A");
        assertThat(Verdicts.ratio(HANDOFF, i(0.86, 0.93), wide)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(HANDOFF, i(0.9, 0.96), wide)).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void differenceAgainstNoDifferenceTurnsOnTheEffectsSizeNotTheBandEdge() {
        // D: the source reported a difference; N: it reported none. Here: D or N by the interval against BAND (±5%).
        SourceFigure bigD = SourceFigure.of(1.48, "1.48×");
        SourceFigure smallD = SourceFigure.of(1.06, "1.06×");
        SourceFigure n = SourceFigure.of(1.0, "a tie");
        // source D, here N: refuted only where the source's effect exceeds the interval's far end by more than the band
        assertThat(Verdicts.ratio(bigD, i(0.98, 1.04), BAND)).as("D 48%, N here").isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(smallD, i(0.98, 1.04), BAND)).as("D 6%, N here: 1.06 ÷ 1.05 < 1.04").isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.ratio(smallD, i(0.96, 1.0), BAND)).as("D 6%, N here: under 1.06 ÷ 1.05").isEqualTo(Verdict.DOES_NOT_HOLD);
        // source D, here a smaller D of the same sign: in direction; of the other sign: refuted
        assertThat(Verdicts.ratio(bigD, i(1.07, 1.15), BAND)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.ratio(bigD, i(0.7, 0.9), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        // source N, here D: refuted; here N: holds
        assertThat(Verdicts.ratio(n, i(1.2, 1.3), BAND)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(n, i(0.97, 1.03), BAND)).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void targetsHoldWhenAllAreMetAndFailWhenAnyIsMissed() {
        assertThat(Verdicts.meets(i(0.96, 1.1), 0.95)).isEqualTo(Target.MET);
        assertThat(Verdicts.meets(i(0.8, 0.94), 0.95)).isEqualTo(Target.MISSED);
        assertThat(Verdicts.meets(i(0.9, 1.0), 0.95)).isEqualTo(Target.UNDECIDED);
        assertThat(Verdicts.atMost(i(0.01, 0.02), 0.03)).isEqualTo(Target.MET);
        assertThat(Verdicts.atMost(i(0.04, 0.05), 0.03)).isEqualTo(Target.MISSED);
        assertThat(Verdicts.allOf(Target.MET, Target.MET)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.allOf(Target.MET, Target.MISSED)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.allOf(Target.MET, Target.UNDECIDED)).isEqualTo(Verdict.CANNOT_TELL);
    }
}
