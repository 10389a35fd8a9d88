package dev.mutexlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.Main;
import dev.mutexlab.lab.runner.Confinement;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** What every command shares: help, the duration grammar, list values, the rule for procs. */
class CommandLineTest {
    static Stream<String> commands() {
        return Main.commandLine().getSubcommands().keySet().stream().filter(name -> !name.equals("help"));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandPrintsItsHelpAndExits0(String command) {
        for (String flag : List.of("--help", "-h")) {
            Cli r = Cli.run(command, flag);

            assertThat(r.exit()).as(command + " " + flag + ": " + r.err()).isZero();
            assertThat(r.out()).startsWith("Usage: mutexlab " + command).doesNotContain("Default: null");
            assertThat(r.err()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "sweep", "fairness", "torture", "apps"})
    void durationMeansTheSameInEveryCommand(String command) {
        CommandLine cmd = parse(command, "--duration", "10m");
        DurationOption option = mixin(cmd, "duration", DurationOption.class);

        assertThat(option.get()).isEqualTo(Duration.ofMinutes(10));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "run --hold 1us,,3us",
            "run --duration 10 ",
            "run --duration soon",
            "run --locks go,,jdk",
            "run --locks nosuchlock",
            "run --threads green",
            "run --procs 0",
            "run --procs 4096",
            "run --workers 1,x",
            "run --locks go,go",
            "sweep --hold 1us,-3us --out x.json",
            "sweep --out /no/such/dir/s.json",
            "suite --benchtime 0",
            "suite --locks synchronized",
            "fairness --procs many",
            "apps --apps cache,,queue",
            "apps --skew fast",
            "torture --duration 0",
            "torture --stutter 5 ",
            "uncontended --locks go+yield",
    })
    void badValuesAreOneLineAndExitStatus2(String args) {
        Cli r = Cli.run(args.trim().split(" "));

        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1).first().asString().startsWith("mutexlab: ");
        assertThat(r.out()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "suite", "fairness", "sweep", "apps"})
    void procsAboveTheMachineAreLeftOutAndAllIsEveryCpu(String command) {
        int cpus = Confinement.allowedCpus().size();
        ProcsOption option = mixin(parse(command, "--procs", "1,all," + (cpus + 1)), "options", MeasureOptions.class).procs;

        assertThat(option.clip().kept()).containsExactlyElementsOf(cpus == 1 ? List.of(1) : List.of(1, cpus));
        assertThat(option.clip().note()).contains(String.valueOf(cpus + 1));
    }

    private static CommandLine parse(String command, String... args) {
        CommandLine root = Main.commandLine();
        String[] all = Stream.concat(Stream.of(command), Stream.of(args)).toArray(String[]::new);
        root.parseArgs(all);
        return root.getSubcommands().get(command);
    }

    private static <T> T mixin(CommandLine cmd, String name, Class<T> type) {
        return type.cast(cmd.getMixins().get(name));
    }
}
