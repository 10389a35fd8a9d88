package dev.mutexlab.locks.internal;

import static dev.mutexlab.locks.internal.RateProbe.EPOCH_NANOS;
import static dev.mutexlab.locks.internal.RateProbe.MAX_GAP_EPOCHS;
import static dev.mutexlab.locks.internal.RateProbe.MIN_GAP_EPOCHS;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The probe's decisions on a synthetic clock: which way wins, how often it looks again. */
class RateProbeTest {

    /** Drives a probe epoch by epoch, the lock handing over at a rate that depends on the way it runs. */
    private static final class Clock {
        final RateProbe probe = new RateProbe();
        long nowNanos = 1_000L;
        long count;

        Clock() {
            probe.tick(nowNanos, count); // the first tick starts the first epoch
        }

        /** One epoch at {@code normal} or {@code alternate} unlocks per microsecond, whichever way is on. */
        void epoch(double normalPerMicro, double alternatePerMicro) {
            double perMicro = probe.alternate() ? alternatePerMicro : normalPerMicro;
            nowNanos += EPOCH_NANOS;
            count += (long) (perMicro * EPOCH_NANOS / 1_000);
            probe.tick(nowNanos, count);
        }

        /** Epochs until the next probe starts; fails past {@code max}. */
        int epochsToProbe(double normalPerMicro, double alternatePerMicro, int max) {
            for (int n = 1; n <= max; n++) {
                epoch(normalPerMicro, alternatePerMicro);
                if (probe.probing()) {
                    return n;
                }
            }
            throw new AssertionError("no probe within " + max + " epochs");
        }
    }

    @Test
    void theAlternateWayIsKeptWhenItIsFasterByTheMargin() {
        Clock c = new Clock();
        assertThat(c.probe.alternate()).isFalse();
        assertThat(c.epochsToProbe(1.0, 1.5, 100)).isEqualTo(MIN_GAP_EPOCHS);
        assertThat(c.probe.alternate()).as("the probe runs the other way").isTrue();
        c.epoch(1.0, 1.5); // the probe's epoch: 1.5 against a baseline of 1.0
        assertThat(c.probe.probing()).isFalse();
        assertThat(c.probe.alternate()).as("kept: 1.5x is past the margin").isTrue();
        assertThat(c.probe.gapEpochs()).isEqualTo(MIN_GAP_EPOCHS);
        // now the normal way is the one probed, and it loses
        assertThat(c.epochsToProbe(1.0, 1.5, 100)).isEqualTo(MIN_GAP_EPOCHS);
        assertThat(c.probe.alternate()).isFalse();
        c.epoch(1.0, 1.5);
        assertThat(c.probe.alternate()).as("back to the faster way").isTrue();
        assertThat(c.probe.gapEpochs()).isEqualTo(2 * MIN_GAP_EPOCHS);
    }

    @Test
    void aProbeWithinTheMarginGoesBackAndEachLosingProbeDoublesTheGapUpToTheMaximum() {
        Clock c = new Clock();
        int gap = MIN_GAP_EPOCHS;
        for (int probes = 0; probes < 12; probes++) {
            assertThat(c.epochsToProbe(1.0, 1.05, 2 * MAX_GAP_EPOCHS)).isEqualTo(gap);
            c.epoch(1.0, 1.05); // 5% better: within the margin, so noise, not a reason to switch
            assertThat(c.probe.alternate()).isFalse();
            gap = Math.min(MAX_GAP_EPOCHS, gap * 2);
            assertThat(c.probe.gapEpochs()).isEqualTo(gap);
        }
        assertThat(gap).isEqualTo(MAX_GAP_EPOCHS);
    }

    @Test
    void ticksWithinAnEpochChangeNothing() {
        RateProbe p = new RateProbe();
        p.tick(0L, 0L);
        for (int i = 1; i < 1_000; i++) {
            p.tick(i * (EPOCH_NANOS / 1_000) - 1, i * 1_000L); // a thousand ticks inside the first epoch
        }
        assertThat(p.probing()).isFalse();
        assertThat(p.alternate()).isFalse();
        assertThat(p.gapEpochs()).isEqualTo(MIN_GAP_EPOCHS);
    }

    @Test
    void aChosenWayHoldsUntilAProbeShowsTheOtherIsFaster() {
        Clock c = new Clock();
        c.probe.choose(true);
        assertThat(c.epochsToProbe(2.0, 1.0, 100)).isEqualTo(MIN_GAP_EPOCHS); // baseline: the alternate's 1.0
        assertThat(c.probe.alternate()).isFalse();
        c.epoch(2.0, 1.0);
        assertThat(c.probe.alternate()).as("the normal way measured 2x faster").isFalse();
    }
}
