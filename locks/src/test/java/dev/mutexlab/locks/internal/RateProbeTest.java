package dev.mutexlab.locks.internal;

import static dev.mutexlab.locks.internal.RateProbe.EPOCH_NANOS;
import static dev.mutexlab.locks.internal.RateProbe.MAX_GAP_EPOCHS;
import static dev.mutexlab.locks.internal.RateProbe.MIN_GAP_EPOCHS;
import static dev.mutexlab.locks.internal.RateProbe.PAIRS;
import static dev.mutexlab.locks.internal.RateProbe.SETTLE_NANOS;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The probe's decisions on a synthetic clock: which way wins, how often it looks again, what it ignores. */
class RateProbeTest {

    /** Drives a probe epoch by epoch, the lock handing over at a rate that depends on the way it runs. */
    private static final class Clock {
        final RateProbe probe = new RateProbe();
        long nowNanos = -5_000_000L; // nanoTime may be negative
        long count;
        int choices; // ticks that reported a probe's choice of the other way

        Clock() {
            probe.tick(nowNanos, count); // the first tick starts the first epoch
        }

        /** One epoch (after a settle, if the probe just switched) at the given unlocks per microsecond. */
        void epoch(double perMicro) {
            advance(SETTLE_NANOS, perMicro);
            advance(EPOCH_NANOS, perMicro);
        }

        /** One epoch at {@code normal} or {@code alternate} unlocks per microsecond, whichever way is on. */
        void epoch(double normalPerMicro, double alternatePerMicro) {
            epoch(probe.alternate() ? alternatePerMicro : normalPerMicro);
        }

        void advance(long nanos, double perMicro) {
            nowNanos += nanos;
            count += (long) (perMicro * nanos / 1_000);
            if (probe.tick(nowNanos, count)) {
                choices++;
            }
        }

        /** Epochs until a probe starts; fails past {@code max}. */
        int epochsToProbe(double normalPerMicro, double alternatePerMicro, int max) {
            for (int n = 1; n <= max; n++) {
                epoch(normalPerMicro, alternatePerMicro);
                if (probe.probing()) {
                    return n;
                }
            }
            throw new AssertionError("no probe within " + max + " epochs");
        }

        /** Runs a whole probe, the other way's epochs first in each pair. */
        void probe(double normalPerMicro, double alternatePerMicro) {
            for (int i = 0; i < 2 * PAIRS; i++) {
                assertThat(probe.probing()).isTrue();
                epoch(normalPerMicro, alternatePerMicro);
            }
            assertThat(probe.probing()).isFalse();
        }
    }

    @Test
    void theOtherWayIsChosenWhenItWinsEveryPairByTheMargin() {
        Clock c = new Clock();
        assertThat(c.probe.alternate()).isFalse();
        assertThat(c.epochsToProbe(1.0, 1.5, 100)).isEqualTo(MIN_GAP_EPOCHS);
        assertThat(c.probe.alternate()).as("the probe starts with the other way").isTrue();
        c.epoch(1.0, 1.5);
        assertThat(c.probe.alternate()).as("then the current way, to pair with it").isFalse();
        for (int i = 1; i < 2 * PAIRS; i++) {
            c.epoch(1.0, 1.5);
        }
        assertThat(c.probe.probing()).isFalse();
        assertThat(c.probe.alternate()).as("chosen: 1.5x in every pair").isTrue();
        assertThat(c.choices).as("reported once, not for the switches within the probe").isEqualTo(1);
        assertThat(c.probe.gapEpochs()).isEqualTo(MIN_GAP_EPOCHS);
        // the next probe tries the normal way, which loses: back to the alternate way, the gap doubles
        assertThat(c.epochsToProbe(1.0, 1.5, 100)).isEqualTo(MIN_GAP_EPOCHS);
        c.probe(1.0, 1.5);
        assertThat(c.probe.alternate()).isTrue();
        assertThat(c.choices).isEqualTo(1);
        assertThat(c.probe.gapEpochs()).isEqualTo(2 * MIN_GAP_EPOCHS);
    }

    @Test
    void aProbeWithinTheMarginChangesNothingAndEachLosingProbeDoublesTheGapUpToTheMaximum() {
        Clock c = new Clock();
        int gap = MIN_GAP_EPOCHS;
        for (int probes = 0; probes < 12; probes++) {
            assertThat(c.epochsToProbe(1.0, 1.05, 2 * MAX_GAP_EPOCHS)).isEqualTo(gap);
            c.probe(1.0, 1.05); // 5% better in every pair: within the margin, so not a reason to switch
            assertThat(c.probe.alternate()).isFalse();
            gap = Math.min(MAX_GAP_EPOCHS, gap * 2);
            assertThat(c.probe.gapEpochs()).isEqualTo(gap);
        }
        assertThat(gap).isEqualTo(MAX_GAP_EPOCHS);
        assertThat(c.choices).as("no probe chose the other way").isZero();
    }

    @Test
    void oneNoisyEpochDoesNotSwitchTheLock() {
        Clock c = new Clock();
        c.epochsToProbe(1.0, 0.8, 100);
        // the other way is slower, but one of the current way's epochs loses a time slice
        for (int i = 0; i < 2 * PAIRS; i++) {
            boolean other = i % 2 == 0;
            c.epoch(other ? 0.8 : i == 1 ? 0.1 : 1.0);
        }
        assertThat(c.probe.probing()).isFalse();
        assertThat(c.probe.alternate()).as("the other way won one pair of three").isFalse();
    }

    @Test
    void whatHappensWhileTheLockSettlesAfterASwitchIsNotCounted() {
        Clock c = new Clock();
        c.epochsToProbe(1.0, 0.8, 100);
        for (int i = 0; i < 2 * PAIRS; i++) {
            boolean other = i % 2 == 0;
            c.advance(SETTLE_NANOS - 1, other ? 1_000.0 : 1.0); // a burst right after the switch...
            c.advance(1, other ? 0.8 : 1.0);                   // ...settled: the epoch starts
            c.advance(EPOCH_NANOS, other ? 0.8 : 1.0);         // ...at the way's own rate
        }
        assertThat(c.probe.alternate()).as("the bursts fell in the settle time").isFalse();
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
        c.epochsToProbe(2.0, 1.0, 100);
        c.probe(2.0, 1.0);
        assertThat(c.probe.alternate()).as("the normal way measured 2x faster in every pair").isFalse();
    }
}
