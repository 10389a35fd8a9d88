package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.apps.AppsRunner;
import dev.mutexlab.lab.apps.Workload;
import dev.mutexlab.lab.results.AppsResult;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The default plan of {@code mutexlab apps} is the issue's: everything, and under ten minutes on 2 CPUs. */
class AppsPlanTest {
    private static AppsResult.Config defaults(String... args) {
        CommandLine cmd = Main.commandLine();
        CommandLine.ParseResult parsed = cmd.parseArgs(concat("apps", args));
        AppsCommand apps = (AppsCommand) parsed.subcommand().commandSpec().userObject();
        return apps.config(List.of(1, 2));
    }

    private static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void theDefaultPlanMeasuresEveryLockOfRunEveryWorkloadBothKindsOnOneAndTwoCpus() {
        AppsResult.Config c = defaults();
        assertThat(c.locks()).containsExactlyElementsOf(Arrays.asList(RunCommand.DEFAULT_LOCKS.split(",")));
        assertThat(c.workloads()).containsExactlyElementsOf(Workload.names());
        assertThat(c.threads()).containsExactly("platform", "virtual");
        assertThat(c.procs()).containsExactly(1, 2);
        assertThat(c.runs()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void theDefaultPlanTakesAtMostTenMinutes() {
        long minutes = TimeUnit.NANOSECONDS.toSeconds(AppsRunner.estimatedNanos(defaults())) / 60;
        assertThat(AppsRunner.estimatedNanos(defaults())).as("%d min", minutes).isLessThanOrEqualTo(TimeUnit.MINUTES.toNanos(10));
    }

    @Test
    void quickIsShorterStill() {
        assertThat(AppsRunner.estimatedNanos(defaults("--quick"))).isLessThan(AppsRunner.estimatedNanos(defaults()) / 3);
    }
}
