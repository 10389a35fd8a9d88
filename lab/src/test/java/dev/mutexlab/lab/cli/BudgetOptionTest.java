package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A --quick look adds no batches unless --budget is given; otherwise the command's default holds. */
class BudgetOptionTest {

    @Command(name = "measure")
    static final class Measuring implements CommandDefaults.Defaults {
        @Spec
        CommandSpec spec;

        @Mixin
        BudgetOption budget;

        @Option(names = "--quick")
        boolean quick;

        @Override
        public Map<String, String> defaults() {
            return Map.of("--budget", "10m");
        }
    }

    private static Measuring parse(String... args) {
        Measuring m = new Measuring();
        CommandLine line = new CommandLine(m);
        line.setDefaultValueProvider(new CommandDefaults());
        line.parseArgs(args);
        return m;
    }

    @Test
    void quickAddsNoBatchesUnlessABudgetIsGiven() {
        Measuring plain = parse();
        assertThat(plain.budget.nanos(plain.spec, plain.quick)).isEqualTo(TimeUnit.MINUTES.toNanos(10));
        Measuring quick = parse("--quick");
        assertThat(quick.budget.nanos(quick.spec, quick.quick)).as("the 10m default is not for a quick look").isZero();
        Measuring asked = parse("--quick", "--budget", "7s");
        assertThat(asked.budget.nanos(asked.spec, asked.quick)).isEqualTo(TimeUnit.SECONDS.toNanos(7));
    }
}
