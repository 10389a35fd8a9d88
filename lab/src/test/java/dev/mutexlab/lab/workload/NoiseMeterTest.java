package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.Noise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class NoiseMeterTest {
    private static final long WINDOW_NANOS = 400_000_000L;

    @Test
    void aQuietWindowHasNoFlag() {
        assertThat(Noise.of(0.0, 0.01, 0, 0, 1_000_000, WINDOW_NANOS).wasDisturbed()).isFalse();
        assertThat(Noise.of(Double.NaN, Double.NaN, 0, 0, -1, WINDOW_NANOS).wasDisturbed()).as("nothing readable").isFalse();
    }

    @Test
    void eachThresholdCrossedIsNamed() {
        Noise n = Noise.of(0.031, 0.25, 3, 12_000_000, 40_000_000, WINDOW_NANOS);
        assertThat(n.disturbed()).containsExactly("steal 3.1%", "other CPU 25%", "GC 3 in 12.0ms", "JIT 40ms");
        assertThat(Noise.of(0.0, 0.0, 1, 3_000_000, 0, WINDOW_NANOS).disturbed()).as("0.75% of the window in GC").isEmpty();
    }

    @Test
    void aMachineThatChangedSpeedAroundTheWindowIsNamed() {
        Noise quiet = Noise.of(0.0, 0.0, 0, 0, 0, WINDOW_NANOS);
        assertThat(quiet.withLineRoundTrip(480, 160).disturbed()).containsExactly("line 480->160ns");
        assertThat(quiet.withLineRoundTrip(160, 480).disturbed()).containsExactly("line 160->480ns");
        assertThat(quiet.withLineRoundTrip(480, 300).disturbed()).as("1.6x apart: one state").isEmpty();
        assertThat(quiet.withLineRoundTrip(Double.NaN, 160).disturbed()).as("not probed").isEmpty();
        Noise steal = Noise.of(0.031, 0.0, 0, 0, 0, WINDOW_NANOS).withLineRoundTrip(480, 100);
        assertThat(steal.disturbed()).containsExactly("steal 3.1%", "line 480->100ns");
        assertThat(steal.lineBeforeNanos()).isEqualTo(480);
        assertThat(steal.lineAfterNanos()).isEqualTo(100);
    }

    @Test
    void twoWindowsAreInOneStateOnlyWhenEveryProbeOfBothLiesWithinTheChange() {
        Noise quiet = Noise.of(0.0, 0.0, 0, 0, 0, WINDOW_NANOS);
        Noise slow = quiet.withLineRoundTrip(400, 380);
        Noise slowToo = quiet.withLineRoundTrip(350, 480);
        Noise fast = quiet.withLineRoundTrip(57, 59);
        Noise changed = quiet.withLineRoundTrip(70, 400);
        assertThat(Noise.oneState(slow, slowToo)).as("350-480 ns: 1.4x").isTrue();
        assertThat(Noise.oneState(slow, fast)).as("the two states, 7x apart").isFalse();
        assertThat(Noise.oneState(fast, slow)).isFalse();
        assertThat(Noise.oneState(changed, slow)).as("a window that changed state itself").isFalse();
        assertThat(Noise.oneState(slow, quiet.withLineRoundTrip(Double.NaN, Double.NaN))).as("not probed").isTrue();
        assertThat(Noise.oneState(null, fast)).as("no noise record").isTrue();
        assertThat(Noise.oneState(fast, quiet.withLineRoundTrip(Double.NaN, 400))).as("one probe of the other is enough")
                .isFalse();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theLineProbeMeasuresARoundTripOnTwoCpusAndNothingOnOne() throws InterruptedException {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            assertThat(LineProbe.roundTripNanos()).isNaN();
            return;
        }
        // a probe gives up (NaN) when the OS does not run its partner thread in time, as on a machine
        // busy with other work: some probe of ten must measure, and every one that measures is in range
        List<Double> measured = new ArrayList<>();
        for (int i = 0; i < 10 && measured.size() < 3; i++) {
            double ns = LineProbe.roundTripNanos();
            if (!Double.isNaN(ns)) {
                measured.add(ns);
            }
        }
        assertThat(measured).as("a round trip takes some time, and less than the probe").isNotEmpty()
                .allSatisfy(ns -> assertThat(ns).isBetween(1.0, (double) LineProbe.PROBE_NANOS));
    }

    @Test
    void aWindowThatCollectsGarbageAndCompilesIsSeen() {
        NoiseMeter.Reading before = NoiseMeter.read();
        List<byte[]> junk = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            junk.add(new byte[64 * 1024]);
            if (junk.size() > 64) {
                junk.clear();
            }
        }
        System.gc();
        Noise n = NoiseMeter.between(before, NoiseMeter.read(), WINDOW_NANOS);
        assertThat(n.gcCount()).isPositive();
        if (System.getProperty("os.name").startsWith("Linux")) {
            assertThat(n.stealShare()).isBetween(0.0, 1.0);
            assertThat(n.otherCpuShare()).isBetween(0.0, 1.0);
        }
    }
}
