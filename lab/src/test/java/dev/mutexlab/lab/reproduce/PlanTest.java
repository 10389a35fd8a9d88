package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PlanTest {
    private static long minutes(List<Experiment> plan) {
        return TimeUnit.NANOSECONDS.toMinutes(plan.stream().mapToLong(Experiment::estimatedNanos).sum());
    }

    @Test
    void quickFitsTenMinutesOnTwoCpusWithGo() {
        List<Experiment> plan = Plan.of(2, true, Plan.Timing.QUICK, true);
        assertThat(minutes(plan)).isLessThan(10);
        assertThat(plan).extracting(Experiment::name).contains(Plan.GO_SWEEP, Plan.GO_TABLE, Plan.GO_WAITS);
    }

    @Test
    void fullRunFitsAnHourOnSixteenCpus() {
        assertThat(minutes(Plan.of(16, false, Plan.Timing.FULL, true))).isLessThan(60);
    }

    @Test
    void gridScalesToTheCpus() {
        assertThat(Plan.sweepProcs(1, false)).containsExactly(1);
        assertThat(Plan.sweepProcs(2, false)).containsExactly(2);
        assertThat(Plan.sweepProcs(6, false)).containsExactly(2, 4);
        assertThat(Plan.sweepProcs(64, false)).containsExactly(2, 4, 8);
        assertThat(Plan.sweepProcs(64, true)).containsExactly(8);
        assertThat(Plan.scalingWorkers(2, true)).containsExactly(1, 2, 8);
        assertThat(Plan.hybridProcs(1, true)).containsExactly(1);
        assertThat(Plan.hybridProcs(2, true)).containsExactly(1, 2);
        assertThat(Plan.hybridProcs(12, false)).containsExactly(1, 2, 4, 8);
        assertThat(Plan.hybridProcs(64, false)).containsExactly(1, 2, 4, 8, 16);
        assertThat(Plan.hybridProcs(64, true)).containsExactly(1, 2, 16);
        assertThat(Plan.scalingWorkers(16, false)).containsExactly(1, 2, 4, 8, 16, 32, 64);
        assertThat(Plan.scalingWorkers(12, false)).containsExactly(1, 2, 4, 8, 12, 16, 32, 48);
    }

    @Test
    void withoutGoThePlanHasNoGoExperiments() {
        assertThat(Plan.of(2, true, Plan.Timing.QUICK, false)).noneMatch(Experiment::isGo);
    }

    @Test
    void everyClaimIsFedByAnExperiment() {
        List<String> fed = Plan.of(2, false, Plan.Timing.FULL, false).stream().flatMap(e -> e.claims().stream()).toList();
        assertThat(fed).containsAll(Claims.ALL.stream().map(Claims.Claim::id).toList());
    }
}
