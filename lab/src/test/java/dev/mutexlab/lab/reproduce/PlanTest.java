package dev.mutexlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PlanTest {
    /** The machines the many-core script is for, and this one. */
    private static final List<Integer> MACHINES = List.of(2, 4, 16, 32, 64, 128);

    private static long minutes(List<Experiment> plan) {
        return TimeUnit.NANOSECONDS.toMinutes(plan.stream().mapToLong(Experiment::estimatedNanos).sum());
    }

    @Test
    void quickFitsFifteenMinutesOnTwoCpusWithGo() {
        List<Experiment> plan = Plan.of(2, true, Plan.Timing.QUICK, true);
        assertThat(minutes(plan)).isLessThan(15);
        assertThat(plan).extracting(Experiment::name).contains(Plan.GO_SWEEP, Plan.GO_TABLE, Plan.GO_WAITS);
    }

    @Test
    void fullRunFitsAnHourOnSixteenCpus() {
        assertThat(minutes(Plan.of(16, false, Plan.Timing.FULL, true))).isLessThan(60);
    }

    @Test
    void everyExperimentOfThePortsAndOfGoRunsAsInterleavedReplicas() {
        List<Experiment> plan = Plan.of(2, true, Plan.Timing.QUICK, true);
        List<String> names = plan.stream().map(Experiment::name).toList();
        assertThat(names).contains(Plan.SWEEP, Plan.SWEEP + ".r2", Plan.GO_WAITS + ".r2");
        assertThat(names.indexOf(Plan.GO_WAITS)).as("replica 1 of everything before replica 2 of anything")
                .isLessThan(names.indexOf(Plan.SWEEP + ".r2"));
        assertThat(names).as("test-mutex and the suite are replicated too: one JVM's runs are not independent")
                .contains(Plan.TEST_MUTEX, Plan.TEST_MUTEX + ".r3", Plan.HYBRID, Plan.HYBRID + ".r3");
        assertThat(Experiment.family(Plan.SWEEP + ".r2")).isEqualTo(Plan.SWEEP);
        assertThat(Experiment.family(Plan.SWEEP)).isEqualTo(Plan.SWEEP);
        assertThat(Plan.Timing.QUICK.batches()).isGreaterThanOrEqualTo(8);
    }

    @Test
    void everyExperimentOfThePortsAndOfGoHasItsAaControl() {
        for (Experiment e : Plan.of(2, false, Plan.Timing.FULL, true)) {
            List<String> specs = e.ports() != null ? e.ports().locks().stream().map(dev.mutexlab.lab.config.LabLock::spec).toList()
                    : e.go() != null ? e.go().variants().stream().map(v -> v.spec()).toList() : List.of();
            if (!specs.isEmpty()) {
                assertThat(specs.subList(1, specs.size())).as(e.name()).contains(specs.get(0));
            }
        }
    }

    @Test
    void planValidatesOnEveryMachineTheManyCoreScriptRunsOn() {
        for (int cpus : MACHINES) {
            for (boolean quick : List.of(true, false)) {
                List<Experiment> plan = Plan.of(cpus, quick, quick ? Plan.Timing.QUICK : Plan.Timing.FULL, true);
                Experiment scaling = plan.stream().filter(e -> e.name().equals(Plan.SCALING)).findFirst().orElseThrow();
                int procs = scaling.ports().procs().get(0);
                int most = scaling.ports().workers().stream().mapToInt(Integer::intValue).max().orElseThrow();
                assertThat(procs).as(cpus + " CPUs").isEqualTo(Math.min(cpus, Plan.SCALING_MAX_PROCS));
                assertThat(most).as(cpus + " CPUs: the ladder's top outnumbers its CPUs").isGreaterThan(procs).isLessThanOrEqualTo(64);
            }
        }
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
        assertThat(Plan.scalingProcs(64)).isEqualTo(16);
        assertThat(Plan.scalingProcs(4)).isEqualTo(4);
    }

    @Test
    void withoutGoThePlanHasNoGoExperiments() {
        assertThat(Plan.of(2, true, Plan.Timing.QUICK, false)).noneMatch(Experiment::isGo);
    }

    @Test
    void everyClaimIsFedByAnExperimentOrSaysItIsNotMeasured() {
        List<String> fed = new ArrayList<>(Plan.of(2, false, Plan.Timing.FULL, false).stream().flatMap(e -> e.claims().stream()).toList());
        Claims.UNMEASURED.forEach(c -> fed.add(c.id()));
        assertThat(fed).containsAll(Claims.ALL.stream().map(Claims.Claim::id).toList());
    }
}
