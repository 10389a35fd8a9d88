package dev.mutexlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Known answers: exact values by enumeration (also R's {@code wilcox.test(x, y, exact = TRUE)}). */
class MannWhitneyTest {
    @Test
    void threeRunsAgainstThreeFullySeparatedGiveExactlyPointOne() {
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3}, new double[] {4, 5, 6})).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void fiveAgainstFiveFullySeparatedGiveTwoIn252() {
        assertThat(MannWhitney.pValue(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5}))
                .isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void interleavedSamplesAreNotSignificant() {
        assertThat(MannWhitney.pValue(new double[] {1, 3, 5, 7, 9}, new double[] {2, 4, 6, 8, 10}))
                .isCloseTo(0.6904761904761905, within(1e-12));
    }

    @Test
    void unequalSizesUseTheExactDistribution() {
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8, 9, 10}))
                .isCloseTo(2.0 / 210, within(1e-12));
    }

    @Test
    void uCountsPairsAndHalvesTies() {
        assertThat(MannWhitney.u(new double[] {1, 3, 5}, new double[] {2, 3})).isEqualTo(0 + 1 + 0.5 + 2 + 0);
    }

    @Test
    void identicalSamplesGiveOne() {
        assertThat(MannWhitney.pValue(new double[] {5, 5, 5}, new double[] {5, 5, 5})).isEqualTo(1.0);
    }

    @Test
    void tiesFallBackToTheNormalApproximation() {
        double p = MannWhitney.pValue(new double[] {1, 2, 2, 3, 4, 5, 6, 7}, new double[] {8, 9, 10, 10, 11, 12, 13, 14});
        assertThat(p).isBetween(0.0005, 0.005); // z = -3.36 without tie correction: p = 0.00078
    }
}
