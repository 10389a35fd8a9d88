package dev.mutexlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.GroupResult;
import dev.mutexlab.lab.results.LockResult;
import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.ShapeResult;
import dev.mutexlab.lab.results.WaitSummary;
import dev.mutexlab.lab.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersusBestTest {

    private static LockResult lock(String spec, double... perBatch) {
        List<Sample> runs = new ArrayList<>();
        for (int b = 0; b < perBatch.length; b++) {
            runs.add(new Sample(b, 0, perBatch[b], 1, 1, List.of(1L), new WaitSummary(1, 0, 0, 0, 0), 1, 1.0, 1, 0, 0,
                    Map.of(), 0, null));
        }
        Spread none = new Spread(0, 0, 0);
        return new LockResult(spec, runs, none, none, none, new WaitSummary(1, 0, 0, 0, 0), none, none, none, null, null);
    }

    private static ShapeResult shape(int workers, LockResult... locks) {
        return new ShapeResult("platform", 2, workers, 1000, 1000, 1e6, List.of(locks), List.of());
    }

    @Test
    void ratioIsTakenAgainstTheBestOtherLockWithinEachBatch() {
        // batch 0: best other is b (200): 100/200 = 0.5; batch 1: best other is c (100): 150/100 = 1.5;
        // batch 2: best other is b (100): 100/100 = 1.0 -> median 1.0. Across batches b would be best
        // by its median (150), which would give 100/150 instead: the within-batch rule matters.
        ShapeResult s = shape(4, lock("first", 100, 150, 100), lock("b", 200, 50, 100), lock("c", 10, 100, 20));
        assertThat(VersusBest.ratio(s)).isEqualTo(1.0);
    }

    @Test
    void aBatchInWhichTheMachineChangedStateBetweenTheLocksIsLeftOut() {
        Noise quiet = Noise.of(0.0, 0.0, 0, 0, 0, 400_000_000L);
        Noise slow = quiet.withLineRoundTrip(400, 390);
        Noise fast = quiet.withLineRoundTrip(57, 58);
        LockResult first = lock("first", 100, 100, 100);
        LockResult other = lock("b", 100, 200, 200);
        List<Sample> runs = new ArrayList<>(other.runs());
        runs.set(1, withNoise(runs.get(1), fast));
        runs.set(2, withNoise(runs.get(2), fast));
        List<Sample> firstRuns = first.runs().stream().map(r -> withNoise(r, slow)).toList();
        ShapeResult s = shape(4, new LockResult("first", firstRuns, null, null, null, null, null, null, null, null, null),
                new LockResult("b", runs, null, null, null, null, null, null, null, null, null));
        assertThat(VersusBest.ratio(s)).as("batches 1 and 2's 0.5 are the machine's").isEqualTo(1.0);
        assertThat(VersusBest.ratio(shape(4, first, other))).as("without probes: 1.0, 0.5, 0.5").isEqualTo(0.5);
    }

    private static Sample withNoise(Sample s, Noise noise) {
        return new Sample(s.run(), s.order(), s.throughputPerSec(), s.acquisitions(), s.wallNanos(), s.perWorker(), s.waits(),
                s.jain(), s.maxMinRatio(), s.cpuPerWall(), s.voluntarySwitches(), s.involuntarySwitches(), s.lockEvents(),
                s.starvationShare(), s.runQueue(), noise);
    }

    @Test
    void summaryCountsShapesWithinFivePercentOfTheBest() {
        List<ShapeResult> shapes = List.of(
                shape(2, lock("lineup", 96), lock("go", 100), lock("jdk", 90)),   // 0.96: matched
                shape(4, lock("lineup", 94), lock("go", 100), lock("jdk", 90)),   // 0.94: not
                shape(8, lock("lineup", 120), lock("go", 100), lock("jdk", 110))); // 1.09: matched
        List<VersusBest.Summary> summary = VersusBest.of(List.of(new GroupResult("platform", 2, "taskset", 1, 1, shapes)));
        assertThat(summary).hasSize(1);
        VersusBest.Summary v = summary.get(0);
        assertThat(v.lock()).isEqualTo("lineup");
        assertThat(v.others()).containsExactly("go", "jdk");
        assertThat(v.shapes()).isEqualTo(3);
        assertThat(v.matched()).isEqualTo(2);
        assertThat(v.ratios().median()).isEqualTo(0.96);
        assertThat(v.ratios().min()).isEqualTo(0.94);
    }

    @Test
    void twoLocksHaveNoBestOfTheRest() {
        List<ShapeResult> shapes = List.of(shape(2, lock("go", 1), lock("go:threshold=0", 1)));
        assertThat(VersusBest.of(List.of(new GroupResult("platform", 2, "taskset", 1, 1, shapes)))).isEmpty();
    }
}
