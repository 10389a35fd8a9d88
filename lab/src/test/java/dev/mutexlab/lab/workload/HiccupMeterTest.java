package dev.mutexlab.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.config.Meter;
import dev.mutexlab.lab.config.ThreadKind;
import dev.mutexlab.lab.results.HiccupResult;
import dev.mutexlab.lab.results.HiccupSample;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The hiccup meter on a synthetic clock, its plan, and one tiny real window. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HiccupMeterTest {
    private static HiccupMeter.Gaps ticks(boolean measuring, long... nanos) {
        HiccupMeter.Gaps g = new HiccupMeter.Gaps();
        for (long t : nanos) {
            g.tick(t, measuring);
        }
        return g;
    }

    @Test
    void theLongestGapBetweenReadsIsTheStall() {
        HiccupMeter.Gaps g = ticks(true, 0, 100, 200, 50_200, 50_300, 62_300, 62_400);

        assertThat(g.longestNanos).isEqualTo(50_000);
        assertThat(g.stalls.getTotalCount()).as("gaps of 10 us or more").isEqualTo(2);
        assertThat(g.stalledNanos).isEqualTo(50_000 + 12_000);
    }

    @Test
    void gapsShorterThanTheThresholdAreTheLoopNotStalls() {
        HiccupMeter.Gaps g = ticks(true, 0, 9_999, 19_998);

        assertThat(g.longestNanos).isEqualTo(9_999);
        assertThat(g.stalls.getTotalCount()).isZero();
        assertThat(g.stalledNanos).isZero();
    }

    @Test
    void gapsBeforeTheWindowDoNotCount() {
        HiccupMeter.Gaps g = ticks(false, 0, 1_000_000);
        g.tick(1_000_100, true);

        assertThat(g.longestNanos).isEqualTo(100);
        assertThat(g.stalls.getTotalCount()).isZero();
    }

    @Test
    void aWindowIsTheWorstThreadAndTheSharesAreOverAllThreads() {
        HiccupMeter.Gaps a = ticks(true, 0, 20_000, 20_100);
        HiccupMeter.Gaps b = ticks(true, 0, 100, 40_100);
        Histogram merged = HiccupMeter.newHistogram();

        HiccupSample s = HiccupMeter.sample(List.of(a, b), 100_000, 1, 3, merged);

        assertThat(s.longestStallNanos()).isEqualTo(40_000);
        assertThat(s.stalledShare()).isEqualTo(60_000 / 200_000.0);
        assertThat(s.stalls().count()).isEqualTo(2);
        assertThat(merged.getTotalCount()).isEqualTo(2);
        assertThat(s.run()).isEqualTo(1);
        assertThat(s.order()).isEqualTo(3);
    }

    @Test
    void summaryTakesTheMedianLongestStallOverBatches() {
        Histogram merged = HiccupMeter.newHistogram();
        List<HiccupSample> runs = List.of(
                HiccupMeter.sample(List.of(ticks(true, 0, 30_000)), 1_000_000, 0, 0, merged),
                HiccupMeter.sample(List.of(ticks(true, 0, 10_000)), 1_000_000, 1, 0, merged),
                HiccupMeter.sample(List.of(ticks(true, 0, 20_000)), 1_000_000, 2, 0, merged));

        HiccupResult r = HiccupMeter.summary(new Meter(1, HiccupResult.PER_CPU), runs, merged);

        assertThat(r.label()).isEqualTo(HiccupResult.LABEL);
        assertThat(r.longestStall().median()).isEqualTo(20_000);
        assertThat(r.longestStall().min()).isEqualTo(10_000);
        assertThat(r.longestStall().max()).isEqualTo(30_000);
        assertThat(r.stalls().count()).isEqualTo(3);
        assertThat(r.runs()).hasSize(3);
    }

    @Test
    void platformBlocksMeterOnePerWorkerAndOnePerCpuVirtualOnesOnePerCarrier() {
        assertThat(Meter.forBlock(ThreadKind.PLATFORM, 2, 4)).containsExactly(new Meter(4, HiccupResult.PER_WORKER),
                new Meter(2, HiccupResult.PER_CPU));
        assertThat(Meter.forBlock(ThreadKind.PLATFORM, 2, 2)).containsExactly(new Meter(2, HiccupResult.PER_WORKER));
        assertThat(Meter.forBlock(ThreadKind.VIRTUAL, 2, 64)).containsExactly(new Meter(2, HiccupResult.PER_CPU));
    }

    @Test
    void aRealWindowSeesGapsNoLongerThanTheWindow() throws Exception {
        for (ThreadKind kind : ThreadKind.values()) {
            HiccupSample s = HiccupMeter.run(kind, 1, 5_000_000, 20_000_000, 0, 0, null);

            assertThat(s.wallNanos()).isGreaterThanOrEqualTo(20_000_000);
            assertThat(s.longestStallNanos()).isPositive().isLessThanOrEqualTo(s.wallNanos() + 5_000_000);
            assertThat(s.stalledShare()).isBetween(0.0, 1.0);
        }
    }
}
