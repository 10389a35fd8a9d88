package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.results.RealResult;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The plan {@code mutexlab real} measures: the A/A copy in the locks, and adaptive rounds off unless asked for. */
class RealPlanTest {
    /** {@code real ARGS} parsed, its command object ready for {@link RealCommand#config}. */
    static RealCommand parse(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "real";
        System.arraycopy(args, 0, all, 1, args.length);
        CommandLine.ParseResult parsed = Main.commandLine().parseArgs(all);
        return (RealCommand) parsed.subcommand().commandSpec().userObject();
    }

    @Test
    void aaMeasuresTheFirstLockAgainLast() {
        RealResult.Config c = parse("--aa", "--locks", "jdk,lineup,go").config(List.of(2));
        assertThat(c.locks()).containsExactly("jdk", "lineup", "go", "jdk");
        assertThat(parse("--locks", "jdk,lineup,go").config(List.of(2)).locks()).containsExactly("jdk", "lineup", "go");
    }

    @Test
    void theDefaultPlanAndQuickAddNoRoundsUnlessABudgetIsGiven() {
        assertThat(parse().budget.nanos()).isZero();
        assertThat(parse("--quick").budget.nanos()).isZero();
        assertThat(parse("--quick", "--budget", "90s").budget.nanos()).isEqualTo(TimeUnit.SECONDS.toNanos(90));
    }

    @Test
    void theHelpSaysWhatTheOptionsCostAndTheirDefault() {
        Cli help = Cli.run("real", "--help");
        assertThat(help.exit()).isZero();
        // picocli wraps the help at 80 columns
        assertThat(help.out().replaceAll("\\s+", " ")).contains("--aa").contains("A/A control").contains("--budget=D")
                .contains("Default: 0s").contains("child JVM per lock");
    }

    @Test
    void theTableNamesTheJdkTheChildJvmsRanOn() throws Exception {
        RealResult r = dev.mutexlab.lab.results.ResultFiles.load(EverySchemaTest.resource("real-small.json")).real();
        java.io.StringWriter out = new java.io.StringWriter();
        RealCommand.print(r, new java.io.PrintWriter(out, true));

        assertThat(out.toString()).contains("Child JVMs ran on Java 25");
    }
}
