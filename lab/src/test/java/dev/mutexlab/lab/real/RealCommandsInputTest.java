package dev.mutexlab.lab.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mutexlab.lab.Cli;
import dev.mutexlab.lab.cli.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** real, profile, advise, census: help, bad input as one line and exit 2, and a missing agent said plainly. */
class RealCommandsInputTest {
    @ParameterizedTest
    @ValueSource(strings = {"real", "profile", "advise", "census"})
    void everyCommandHasHelp(String command) {
        Cli r = Cli.run(command, "--help");

        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: mutexlab " + command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--workloads=nosuch", "--workloads=queue,queue", "--locks=synchronized", "--locks=nosuch",
            "--locks=synchronized+profile", "--locks=+profile",
            "--workers=1", "--profile-lock=nosuch", "--runs=0", "--threads=green", "--budget=fast"})
    void badRealInputIsOneLine(String option, @TempDir Path dir) {
        Cli r = Cli.run("real", option, "--out", dir.resolve("r.json").toString());

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void realWithoutTheAgentSaysToBuildItFirst(@TempDir Path dir) throws Exception {
        AgentJarProperty.with(dir.resolve("absent.jar"), () -> {
            Cli r = Cli.run("real", "--quick", "--out", dir.resolve("r.json").toString());

            assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).contains("build the agent first");
            Cli p = Cli.run("profile", "--out", dir.resolve("p.json").toString(), "--", "java", "-version");
            assertThat(p.exit()).isEqualTo(ExitCode.USAGE);
            assertThat(p.err()).contains("build the agent first");
        });
    }

    @Test
    void profileWithABadLockIsOneLine(@TempDir Path dir) {
        Cli r = Cli.run("profile", "--lock", "nosuch", "--out", dir.resolve("p.json").toString(), "--", "java", "-version");

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("unknown lock 'nosuch'");
    }

    @Test
    void profileNeedsACommand() {
        Cli r = Cli.run("profile");

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("--pid");
    }

    @Test
    void profileTakesACommandOrAPidNotBoth(@TempDir Path dir) {
        Cli r = Cli.run("profile", "--pid", "1", "--out", dir.resolve("p.json").toString(), "--", "java", "-version");

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("no COMMAND");
    }

    @Test
    void profilingAProcessThatIsNoJvmIsOneLine(@TempDir Path dir) throws Exception {
        long notAJvm = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
        Cli[] ran = new Cli[1];
        AgentJarProperty.with(Files.createFile(dir.resolve("agent.jar")), () -> ran[0] = Cli.run("profile", "--pid",
                Long.toString(notAJvm), "--duration", "1s", "--out", dir.resolve("p.json").toString()));
        Cli r = ran[0];

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("cannot attach to process " + notAJvm).doesNotContain("\tat ");
        assertThat(dir.resolve("p.json")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "apps", "sweep"})
    void profileIsForRealOnly(String command, @TempDir Path dir) {
        Cli r = Cli.run(command, "--locks", "jdk+profile", "--out", dir.resolve("r.json").toString());

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).singleElement().asString().contains("+profile is for real");
    }
}
