package dev.mutexlab.lab.cli;

import dev.mutexlab.lab.Cli;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code mutexlab torture} end to end: bad input is one line and exit 2; verdicts map to 0 and 1. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TortureCommandTest {


    @ParameterizedTest
    @ValueSource(strings = {
            "--locks nosuchlock --duration 1s",
            "--locks go:nosuchoption --duration 1s",
            "--locks jdk --duration soon",
            "--locks jdk --duration 0",
            "--locks jdk --duration -5s",
            "--locks jdk --writers 0",
            "--locks jdk --threads green",
            "--locks jdk --duration 1s --out /no/such/dir/torture.json",
    })
    void badInputIsOneLineAndExitStatus2(String args) {
        Cli r = Cli.run(("torture " + args).split(" "));

        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip().lines()).hasSize(1).first().asString().startsWith("mutexlab: ");
        assertThat(r.err()).doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void healthyLockExits0AndWritesJson(@TempDir Path dir) {
        Path json = dir.resolve("t.json");
        Cli r = Cli.run("torture", "--locks", "jdk", "--duration", "300ms", "--writers", "2", "--out", json.toString());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("jdk-torture: Writes:  Total: ").contains("End of test: SUCCESS");
        assertThat(json).exists();
    }

    @Test
    void bustedLockExits1WithFailureMarks(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("t.json");
        Cli r = Cli.run("torture", "--locks", "busted", "--duration", "300ms", "--out", json.toString());

        assertThat(r.exit()).isEqualTo(ExitCode.FAILURE);
        assertThat(r.out()).contains("!!!").contains("exclusion=").contains("End of test: FAILURE");
        assertThat(Files.readString(json)).contains("\"verdict\" : \"FAILURE\"");
    }
}
