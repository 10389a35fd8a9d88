package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictsTest {
    private static final SourceFigure FASTER = SourceFigure.of(1.48, "1.48×");
    private static final SourceFigure TIE = SourceFigure.of(0.99, "0.99×");
    private static final SourceFigure SLOWER = SourceFigure.range(0.6, 0.8, "0.6–0.8×");

    @Test
    void ratioWithinTheToleranceOnTheSourcesSideHolds() {
        assertThat(Verdicts.ratio(FASTER, 1.48)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(FASTER, 1.20)).isEqualTo(Verdict.HOLDS); // 1.48 / 1.25 = 1.184
        assertThat(Verdicts.ratio(FASTER, 1.84)).isEqualTo(Verdict.HOLDS); // 1.48 × 1.25 = 1.85
        assertThat(Verdicts.ratio(SLOWER, 0.5)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(TIE, 1.03)).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void ratioOnTheSourcesSideButOutsideTheToleranceHoldsInDirection() {
        assertThat(Verdicts.ratio(FASTER, 1.10)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.ratio(FASTER, 3.0)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.ratio(SLOWER, 0.2)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
    }

    @Test
    void ratioOnTheOtherSideOrLevelDoesNotHold() {
        assertThat(Verdicts.ratio(FASTER, 0.53)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Verdicts.ratio(FASTER, 1.04)).isEqualTo(Verdict.DOES_NOT_HOLD); // inside the noise band
        assertThat(Verdicts.ratio(TIE, 1.2)).isEqualTo(Verdict.DOES_NOT_HOLD); // an effect where the source had none
        assertThat(Verdicts.ratio(SLOWER, 1.0)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void noFigureCannotTell() {
        assertThat(Verdicts.ratio(FASTER, Double.NaN)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdicts.target(new double[0], 0.95)).isEqualTo(Verdict.CANNOT_TELL);
    }

    @Test
    void directionOnlyHoldsForAnyClearEffect() {
        SourceFigure above = SourceFigure.above("more");
        assertThat(Verdicts.ratio(above, 1.06)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(above, 40)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.ratio(above, 1.0)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void severalTargetsHoldOnlyTogether() {
        assertThat(Verdicts.allOf(true, true)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.allOf(true, false)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.allOf(false, false)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void targetHoldsOnlyWhenEveryRowReachesIt() {
        assertThat(Verdicts.target(new double[] {0.97, 1.0, 1.3}, 0.95)).isEqualTo(Verdict.HOLDS);
        assertThat(Verdicts.target(new double[] {0.80, 1.0, 1.3}, 0.95)).isEqualTo(Verdict.HOLDS_IN_DIRECTION);
        assertThat(Verdicts.target(new double[] {0.80, 0.9, 1.3}, 0.95)).isEqualTo(Verdict.DOES_NOT_HOLD);
    }
}
