package dev.mutexlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.mutexlab.lab.config.Shape;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.WaitSummary;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The lab's arithmetic on synthetic inputs with known answers. */
class MetricsTest {

    @Test
    void ceilingIsTheSmallerOfLockAndWorkerLimits() {
        // seed: 4 workers, hold = outside = 10us: the lock is oversubscribed, ceiling 1/h = 100k/s
        assertThat(new Shape(ThreadKind.PLATFORM, 2, 4, 10_000, 10_000).ceilingPerSecond()).isCloseTo(100_000, within(1e-6));
        // 2 workers with 10x outside work: workers limit, 2/(110us) = 18.18k/s
        assertThat(new Shape(ThreadKind.PLATFORM, 2, 2, 10_000, 100_000).ceilingPerSecond()).isCloseTo(18_181.818, within(0.01));
        assertThat(new Shape(ThreadKind.PLATFORM, 2, 1, 1_000, 0).ceilingPerSecond()).isCloseTo(1e6, within(1e-6));
    }

    @Test
    void jainIndexIsOneWhenEqualAndOneOverNWhenOneTakesAll() {
        assertThat(Metrics.jain(new long[] {5, 5, 5, 5})).isCloseTo(1.0, within(1e-12));
        assertThat(Metrics.jain(new long[] {8, 0, 0, 0})).isCloseTo(0.25, within(1e-12));
        // (1+2+3)^2 / (3 * (1+4+9)) = 36/42
        assertThat(Metrics.jain(new long[] {1, 2, 3})).isCloseTo(36.0 / 42.0, within(1e-12));
        assertThat(Metrics.maxMinRatio(new long[] {2, 8, 4})).isEqualTo(4.0);
        assertThat(Metrics.maxMinRatio(new long[] {0, 8})).isNull();
    }

    @Test
    void medianAndSpread() {
        assertThat(Metrics.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(Metrics.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
        assertThat(Metrics.spread(new double[] {0.9, 1.5, 1.1})).isEqualTo(new Spread(1.1, 0.9, 1.5));
    }

    @Test
    void ratiosAreTakenWithinEachBatchNeverAcross() {
        // Batch 2 ran twice as fast for everyone (machine noise): ratios must not see it.
        double[][] throughput = {{100, 200, 50}, {150, 300, 75}, {100, 100, 100}};
        double[][] r = Metrics.ratiosWithinBatch(throughput);
        assertThat(r[0]).containsExactly(1, 1, 1);
        assertThat(r[1]).containsExactly(1.5, 1.5, 1.5);
        assertThat(r[2]).containsExactly(1.0, 0.5, 2.0);
        assertThat(Metrics.spread(r[1])).isEqualTo(new Spread(1.5, 1.5, 1.5));
    }

    @Test
    void batchesRotateTheLockOrder() {
        assertThat(Metrics.rotatedOrder(3, 0)).containsExactly(0, 1, 2);
        assertThat(Metrics.rotatedOrder(3, 1)).containsExactly(1, 2, 0);
        assertThat(Metrics.rotatedOrder(3, 5)).containsExactly(2, 0, 1);
    }

    @Test
    void waitPercentilesComeFromTheHistogram() {
        Histogram h = new Histogram(60_000_000_000L, 3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1000L);
        }
        WaitSummary w = WaitSummary.of(h);
        assertThat(w.count()).isEqualTo(1000);
        assertThat(w.p50Nanos()).isBetween(499_000L, 501_000L);
        assertThat(w.p99Nanos()).isBetween(989_000L, 991_000L);
        assertThat(w.maxNanos()).isBetween(999_000L, 1_001_000L);
    }
}
