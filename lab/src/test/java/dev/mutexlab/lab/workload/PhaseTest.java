package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which waits and operations belong to the window: begun in it, or ended in it or after it. */
class PhaseTest {
    @Test
    void onlyWhatOverlapsTheWindowBelongsToIt() {
        Phase phase = new Phase();
        assertThat(phase.overlaps(Phase.WARMUP, 100)).as("begun and ended in the warm-up").isFalse();

        phase.startMeasuring(1_000);
        assertThat(phase.overlaps(Phase.WARMUP, 999)).as("ended just before the window").isFalse();
        assertThat(phase.overlaps(Phase.WARMUP, 1_000)).as("begun in the warm-up, ended in the window").isTrue();
        assertThat(phase.overlaps(Phase.MEASURE, 5_000)).as("begun in the window").isTrue();

        phase.value = Phase.STOP;
        assertThat(phase.overlaps(Phase.MEASURE, 9_000)).as("begun in the window, ended after it").isTrue();
        assertThat(phase.overlaps(Phase.WARMUP, 9_000)).as("spanning the window").isTrue();
    }
}
