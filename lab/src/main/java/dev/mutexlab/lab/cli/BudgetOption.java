package dev.mutexlab.lab.cli;

import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --budget D}: adaptive replication. After the planned batches, a command keeps adding
 * interleaved batches for the cells whose verdict cannot tell yet, until every cell is decided or
 * this much more time is spent; {@code 0s} turns it off. Each command gives its default; a
 * {@code --quick} look adds none unless {@code --budget} is given, so that quick stays quick.
 */
final class BudgetOption {
    @Option(names = "--budget", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = {"Adaptive replication: after the planned batches, add batches (in fresh JVMs) for the cells that "
                    + "cannot tell yet, until all are decided or D more is spent; 0s: off. Default: ${DEFAULT-VALUE}"})
    Duration budget;

    /** The budget in nanoseconds (0: no adaptive rounds). */
    long nanos() {
        return budget == null ? 0 : Math.max(0, budget.toNanos());
    }

    /** The budget of a command that may be {@code quick}: none there unless {@code --budget} was given. */
    long nanos(CommandSpec command, boolean quick) {
        boolean asked = command.commandLine().getParseResult() != null
                && command.commandLine().getParseResult().hasMatchedOption("--budget");
        return quick && !asked ? 0 : nanos();
    }
}
