package dev.mutexlab.lab.fairness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The test-mutex arithmetic on synthetic latencies with a known answer. */
class FairnessMathTest {

    @Test
    void costIsTheMeanLatencyAndDevianceSumsSuccessiveDeltasPerTaskOverAllOps() {
        long[][] latencies = {
                {10_000, 20_000, 10_000},   // deltas 10 us + 10 us
                {30_000, 30_000}};          // delta 0
        FairnessMath.Figures f = FairnessMath.of(latencies, 1_000_000_000L);
        assertThat(f.opsPerSec()).isEqualTo(5.0);
        assertThat(f.costMicros()).isCloseTo(20.0, within(1e-9));     // (40 + 60) / 5
        assertThat(f.devianceMicros()).isCloseTo(4.0, within(1e-9));  // 20 / 5
        assertThat(f.perTask()).containsExactly(3, 2);
        assertThat(f.maxMinRatio()).isEqualTo(1.5);
        assertThat(f.jain()).isCloseTo(25.0 / 26, within(1e-12));
    }

    @Test
    void steadyLatenciesHaveNoDevianceAndATaskThatNeverRanHasNoRatio() {
        FairnessMath.Figures f = FairnessMath.of(new long[][] {{5_000, 5_000, 5_000, 5_000}, {}}, 2_000_000_000L);
        assertThat(f.devianceMicros()).isZero();
        assertThat(f.costMicros()).isCloseTo(5.0, within(1e-9));
        assertThat(f.opsPerSec()).isEqualTo(2.0);
        assertThat(f.maxMinRatio()).isNull();
        assertThat(f.jain()).isCloseTo(0.5, within(1e-12));
    }
}
