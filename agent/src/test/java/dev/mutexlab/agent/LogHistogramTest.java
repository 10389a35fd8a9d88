package dev.mutexlab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.agent.runtime.LogHistogram;
import org.junit.jupiter.api.Test;

class LogHistogramTest {

    @Test
    void everyValueFallsInABucketThatBoundsItWithinAQuarter() {
        long[] values = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 100, 999, 1_000, 123_456, 1L << 40, (1L << 40) + 1,
                Long.MAX_VALUE / 3, Long.MAX_VALUE};
        for (long v : values) {
            int b = LogHistogram.bucketOf(v);
            assertThat(b).as("bucket of %d", v).isBetween(0, LogHistogram.BUCKETS - 1);
            assertThat(LogHistogram.upperBound(b)).as("upper bound of %d", v).isGreaterThanOrEqualTo(v);
            if (b > 0) {
                assertThat(LogHistogram.upperBound(b - 1)).as("previous bucket of %d", v).isLessThan(v);
            }
            if (v >= 4) {
                assertThat((double) LogHistogram.upperBound(b)).isLessThanOrEqualTo(v * 1.25 + 1);
            }
        }
    }

    @Test
    void bucketsAreContiguousAndIncreasing() {
        for (int i = 1; i < LogHistogram.BUCKETS; i++) {
            long previous = LogHistogram.upperBound(i - 1);
            assertThat(LogHistogram.upperBound(i)).isGreaterThan(previous);
            if (previous < Long.MAX_VALUE) {
                assertThat(LogHistogram.bucketOf(previous + 1)).isEqualTo(i);
            }
        }
    }

    @Test
    void percentilesCountMeanAndMax() {
        LogHistogram h = new LogHistogram();
        assertThat(h.percentile(0.5)).isZero();
        for (int i = 1; i <= 100; i++) {
            h.record(i * 1_000L);
        }
        h.record(-5);   // a clock step counts as 0
        assertThat(h.count()).isEqualTo(101);
        assertThat(h.maxNanos()).isEqualTo(100_000);
        assertThat(h.percentile(0.5)).isBetween(49_000.0, 50_000 * 1.25);
        assertThat(h.percentile(0.99)).isBetween(98_000.0, 100_000.0);
        assertThat(h.percentile(1.0)).isEqualTo(100_000.0);
        assertThat(h.meanNanos()).isEqualTo(5_050_000.0 / 101);
    }

    @Test
    void addMergesTwoHistograms() {
        LogHistogram a = new LogHistogram();
        LogHistogram b = new LogHistogram();
        a.record(10);
        b.record(1_000_000);
        b.record(20);
        a.add(b);
        assertThat(a.count()).isEqualTo(3);
        assertThat(a.maxNanos()).isEqualTo(1_000_000);
        assertThat(a.countAt(LogHistogram.bucketOf(20))).isEqualTo(1);
    }
}
