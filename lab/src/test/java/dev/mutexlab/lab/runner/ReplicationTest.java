package dev.mutexlab.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.results.Noise;
import dev.mutexlab.lab.results.Sample;
import dev.mutexlab.lab.results.WaitSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rule that adds batches to a shape ({@link Replication}), on synthetic throughputs. */
class ReplicationTest {

    /** The batches of locks given lock by lock: batch b holds every lock's b-th throughput. */
    private static List<double[]> locks(double[]... perLock) {
        List<double[]> batches = new java.util.ArrayList<>();
        for (int b = 0; b < perLock[0].length; b++) {
            double[] batch = new double[perLock.length];
            for (int i = 0; i < perLock.length; i++) {
                batch[i] = perLock[i][b];
            }
            batches.add(batch);
        }
        return batches;
    }

    @Test
    void aLockMeasuredInAnotherStateOfTheMachineThanTheFirstDoesNotCount() {
        Noise quiet = Noise.of(0.0, 0.0, 0, 0, 0, 400_000_000L);
        Noise slow = quiet.withLineRoundTrip(400, 390);
        Noise fast = quiet.withLineRoundTrip(57, 58);
        Sample[] batch = {sample(100, slow), sample(200, fast), sample(101, slow), sample(102, null)};
        double[] t = Replication.throughputs(batch);
        assertThat(t[0]).isEqualTo(100);
        assertThat(t[1]).as("the fast state").isNaN();
        assertThat(t[2]).isEqualTo(101);
        assertThat(t[3]).as("not probed").isEqualTo(102);
        // five batches of which one straddles: four ratios, too few to decide
        List<double[]> batches = new java.util.ArrayList<>();
        for (int b = 0; b < 5; b++) {
            batches.add(Replication.throughputs(new Sample[] {sample(100, slow), sample(200, b == 2 ? fast : slow)}));
        }
        assertThat(Replication.undecided(List.of("a", "b"), batches)).isEqualTo(1);
        batches.add(Replication.throughputs(new Sample[] {sample(100, fast), sample(200, fast)}));
        assertThat(Replication.undecided(List.of("a", "b"), batches)).as("a sixth batch, in one state").isZero();
    }

    private static Sample sample(double throughput, Noise noise) {
        return new Sample(0, 0, throughput, 1, 1, List.of(1L), new WaitSummary(1, 0, 0, 0, 0), 1, 1.0, 1, 0, 0,
                Map.of(), 0, null, noise);
    }

    @Test
    void aClearEffectIsDecided() {
        double[] base = {100, 102, 98, 101, 99};
        double[] twice = {200, 205, 195, 201, 199};
        assertThat(Replication.undecided(List.of("a", "b"), locks(base, twice))).isZero();
    }

    @Test
    void fewerThanFiveBatchesCannotTell() {
        double[] base = {100, 100, 100, 100};
        double[] twice = {200, 200, 200, 200};
        assertThat(Replication.undecided(List.of("a", "b"), locks(base, twice))).isEqualTo(1);
    }

    @Test
    void aRatioWhoseIntervalCrossesTheBandsEdgeCannotTell() {
        double[] base = {100, 100, 100, 100, 100, 100};
        double[] edge = {100, 112, 96, 109, 101, 115}; // ratios 1.00-1.15 around the +5% edge
        double[] same = {100, 101, 99, 100, 100, 101};
        assertThat(Replication.undecided(List.of("a", "b", "c"), locks(base, edge, same))).isEqualTo(1);
    }

    @Test
    void aTightAaCopyLeavesTheBandAtTheMargin() {
        double[] base = {100, 100, 100, 100, 100, 100};
        double[] plus5 = {104.5, 105.5, 105, 104.8, 105.2, 105}; // on the margin's +5% edge
        double[] plus3 = {102, 104, 103, 102.5, 103.5, 103}; // 2-4%: within ±5%, beyond ±2%
        double[] copy = {100, 100.2, 99.8, 100.1, 99.9, 100};
        assertThat(Replication.undecided(List.of("a", "b"), locks(base, plus5))).isEqualTo(1);
        // the copy shows the lab resolves 5%: the band stays ±5%, so +5% stays undecided and +3% is within
        assertThat(Replication.undecided(List.of("a", "b", "a"), locks(base, plus5, copy))).isEqualTo(1);
        assertThat(Replication.undecided(List.of("a", "c", "a"), locks(base, plus3, copy))).isZero();
    }

    @Test
    void aNoisyAaCopyWidensTheBandItsShapeIsJudgedBy() {
        double[] base = {100, 100, 100, 100, 100, 100, 100};
        double[] plus5 = {103, 107, 104, 106, 105, 103.5, 106.5}; // 1.03-1.07: crosses +5%
        double[] minus5 = {97, 93, 96, 94, 95, 96.5, 93.5}; // 0.93-0.97: crosses -5%
        double[] noisyCopy = {90, 110, 92, 108, 95, 105, 100};
        assertThat(Replication.undecided(List.of("a", "b", "c"), locks(base, plus5, minus5))).isEqualTo(2);
        // the copy reaches beyond ±5%: the band widens to it, inside which both lie; the copy itself,
        // judged against the margin, is not yet inside ±5%
        assertThat(Replication.undecided(List.of("a", "b", "c", "a"), locks(base, plus5, minus5, noisyCopy))).isEqualTo(1);
    }

    @Test
    void anAaCopyInsideTheMarginIsDecided() {
        double[] base = {100, 100, 100, 100, 100, 100};
        double[] copy = {98, 102, 99, 101, 98.5, 101.5}; // 0.98-1.02: inside ±5%
        assertThat(Replication.undecided(List.of("a", "a"), locks(base, copy))).isZero();
    }

    @Test
    void aNoisyAaCopyIsUndecidedUntilItCanTellFivePercent() {
        double[] base = {100, 100, 100, 100, 100, 100};
        double[] noisyCopy = {80, 120, 85, 115, 90, 110}; // sets a ±15% band, inside which it would lie
        assertThat(Replication.undecided(List.of("a", "a"), locks(base, noisyCopy))).isEqualTo(1);
    }

    @Test
    void eachShapeMaySpendAnEqualShareOfWhatIsLeft() {
        Replication r = new Replication(90, 3);
        assertThat(r.allowanceNanos()).isEqualTo(30);
        r.shapeDone(0); // decided at once: its share goes to the others
        assertThat(r.allowanceNanos()).isEqualTo(45);
        r.shapeDone(45);
        assertThat(r.allowanceNanos()).isEqualTo(45);
        r.shapeDone(45);
        assertThat(r.allowanceNanos()).isZero();
    }

    @Test
    void noBudgetAllowsNothing() {
        Replication r = new Replication(0, 4);
        assertThat(r.allowanceNanos()).isZero();
        assertThat(new Replication(-5, 2).allowanceNanos()).isZero();
        assertThat(new Replication(100, 0).allowanceNanos()).isZero();
    }
}
