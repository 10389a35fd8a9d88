package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Main;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Time a person can plan with, by each command's own estimate (nothing is timed here): every
 * measuring command's --quick plans a minute at most on 2 CPUs and adds no batches, and the default
 * run plans five minutes at most with its added batches counted.
 */
class QuickPlanTest {
    private static final List<String> MEASURING = List.of("run", "sweep", "suite", "fairness", "uncontended", "apps", "real");
    /** The commands whose --budget adds batches after the planned ones. */
    private static final List<String> BUDGETED = List.of("run", "sweep", "fairness", "apps", "real");

    private static Planned parse(String... args) {
        CommandLine.ParseResult parsed = Main.commandLine().parseArgs(args);
        return (Planned) parsed.subcommand().commandSpec().userObject();
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "sweep", "suite", "fairness", "uncontended", "apps", "real"})
    void quickPlansAMinuteAtMostOnTwoCpus(String command) {
        long planned = parse(command, "--quick").plannedNanos(2);

        assertThat(planned).as("%s --quick: %d s", command, TimeUnit.NANOSECONDS.toSeconds(planned))
                .isPositive().isLessThanOrEqualTo(Planned.QUICK_NANOS);
    }

    @Test
    void quickAddsNoBatchesUnlessABudgetIsGiven() {
        for (String command : BUDGETED) {
            long quick = parse(command, "--quick").plannedNanos(2);
            long asked = parse(command, "--quick", "--budget", "1m").plannedNanos(2);
            assertThat(asked - quick).as(command).isEqualTo(TimeUnit.MINUTES.toNanos(1));
        }
    }

    @Test
    void theDefaultRunPlansFiveMinutesAtMostOnTwoCpusItsAddedBatchesIncluded() {
        long planned = parse("run").plannedNanos(2);
        long withoutAdded = parse("run", "--budget", "0s").plannedNanos(2);

        assertThat(planned).as("%d s", TimeUnit.NANOSECONDS.toSeconds(planned)).isLessThanOrEqualTo(TimeUnit.MINUTES.toNanos(5));
        assertThat(planned - withoutAdded).as("the added batches' budget is part of the plan").isPositive();
    }

    @Test
    void everyCommandWithQuickSaysWhatItWillTake() {
        CommandLine main = Main.commandLine();
        List<String> quick = main.getSubcommands().entrySet().stream()
                .filter(e -> e.getValue().getCommandSpec().findOption("--quick") != null).map(java.util.Map.Entry::getKey).toList();
        // reproduce plans experiments of its own (its --plan prints them), longer than a minute even with --quick
        assertThat(quick).containsAll(MEASURING).contains("reproduce");
        assertThat(quick.stream().filter(c -> !c.equals("reproduce")).map(c -> main.getSubcommands().get(c).getCommandSpec().userObject()))
                .allSatisfy(command -> assertThat(command).isInstanceOf(Planned.class));
    }
}
