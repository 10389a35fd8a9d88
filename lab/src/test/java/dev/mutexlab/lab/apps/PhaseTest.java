package dev.mutexlab.lab.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which operations and acquisitions that began before the window are still timed: those that end in it or after. */
class PhaseTest {
    @Test
    void anOperationThatEndsInTheWindowOrAfterItOverlapsIt() {
        AppMeasurement.Phase phase = new AppMeasurement.Phase();
        assertThat(phase.overlaps(100)).as("the warm-up").isFalse();

        phase.startNanos = 1_000;
        phase.value = AppMeasurement.MEASURE;
        assertThat(phase.overlaps(999)).as("ended before the window").isFalse();
        assertThat(phase.overlaps(1_000)).as("ended in the window").isTrue();

        phase.value = AppMeasurement.STOP;
        assertThat(phase.overlaps(9_000)).as("ended after the window").isTrue();
    }
}
